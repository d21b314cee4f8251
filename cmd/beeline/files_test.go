// Files the command line reads and writes: bounded, regular, never an
// input overwritten, tables checked (issue 29).

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// crossingCopy copies the crossing model and its queries into a fresh
// directory and returns their paths.
func crossingCopy(t *testing.T) (model, queries string) {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"crossing.xta", "crossing.q"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "models", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "crossing.xta"), filepath.Join(dir, "crossing.q")
}

// expectCLI runs the command line and checks its status and that its
// output (stdout and stderr) says want.
func expectCLI(t *testing.T, status int, want string, args ...string) string {
	t.Helper()
	out, errOut, got := runCLI(t, args...)
	if got != status || !strings.Contains(out+errOut, want) {
		t.Errorf("beeline %s: status %d, want %d saying %q\n%s%s", strings.Join(args, " "), got, status, want, out, errOut)
	}
	return out + errOut
}

// prepareMas writes the mas table of crossing's first query to out.
func prepareMas(t *testing.T, model, queries, out string) []byte {
	t.Helper()
	expectCLI(t, exitOK, "bytes, computed in", "prepare", model, queries, "--query", "0", "--heuristic", "mas", "--quiet", "-o", out)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// prepare -o refuses to overwrite an input, however it is named (issue
// 29: prepare MODEL -o MODEL replaced the model with the table).
func TestPrepareRefusesInputs(t *testing.T) {
	model, queries := crossingCopy(t)
	dir := filepath.Dir(model)
	before, _ := os.ReadFile(model)
	if err := os.Link(model, filepath.Join(dir, "hard.xta")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(model, filepath.Join(dir, "soft.xta")); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{model, filepath.Join(dir, ".", "crossing.xta"), filepath.Join(dir, "hard.xta"), filepath.Join(dir, "soft.xta"), queries} {
		expectCLI(t, exitUsage, "-o "+out+" is the input file", "prepare", model, queries, "--query", "0", "--quiet", "-o", out)
	}
	if after, _ := os.ReadFile(model); string(after) != string(before) {
		t.Fatal("the model changed")
	}
	if runtime.GOOS == "linux" {
		expectCLI(t, exitUsage, "-o /dev/null is not a regular file", "prepare", model, queries, "--query", "0", "--quiet", "-o", "/dev/null")
	}
}

// prepare writes beside the destination and renames: an existing file
// is replaced whole and no temporary file is left.
func TestPrepareReplacesWhole(t *testing.T) {
	model, queries := crossingCopy(t)
	out := filepath.Join(filepath.Dir(model), "t.tbl")
	if err := os.WriteFile(out, []byte("an older file, longer than nothing"), 0o644); err != nil {
		t.Fatal(err)
	}
	table := prepareMas(t, model, queries, out)
	if !strings.HasPrefix(string(table), "beeline table\n") {
		t.Errorf("the table begins with %q", table[:min(len(table), 20)])
	}
	entries, _ := os.ReadDir(filepath.Dir(model))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary file is left: %s", e.Name())
		}
	}
}

// A table with a bit flipped is refused in plain words, never used
// (issue 29: such a merge-and-shrink table turned "satisfied" into "not
// satisfied"); an empty, endless, too large or piped table file is
// refused before reading.
func TestCheckTableFiles(t *testing.T) {
	model, queries := crossingCopy(t)
	dir := filepath.Dir(model)
	good := filepath.Join(dir, "t.tbl")
	table := prepareMas(t, model, queries, good)
	check := func(status int, want, tableFile string) string {
		t.Helper()
		return expectCLI(t, status, want, "check", model, queries, "--query", "0", "--search", "astar", "--heuristic", "mas", "--table", tableFile)
	}
	check(exitOK, "Formula is satisfied", good)
	flipped := filepath.Join(dir, "flipped.tbl")
	for _, bit := range []int{0, 8 * 20, 4 * len(table), 8*len(table) - 1} {
		b := append([]byte(nil), table...)
		b[bit/8] ^= 1 << (bit % 8)
		if err := os.WriteFile(flipped, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if out := check(exitModelError, "the table is damaged", flipped); strings.Contains(out, "satisfied") {
			t.Errorf("bit %d flipped: a verdict\n%s", bit, out)
		}
	}
	empty := filepath.Join(dir, "empty.tbl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	check(exitModelError, empty+" is empty: not a table", empty)
	large := filepath.Join(dir, "large.tbl")
	if err := os.WriteFile(large, nil, 0o644); err != nil || os.Truncate(large, 256<<20+1) != nil {
		t.Fatal("cannot make a sparse file")
	}
	check(exitModelError, large+" is larger than the 256 MiB that a table may have", large)
	if runtime.GOOS != "linux" {
		return
	}
	check(exitModelError, "/dev/urandom is a device: Beeline reads only regular files", "/dev/urandom")
	check(exitModelError, "/dev/zero is a device", "/dev/zero")
	fifo := filepath.Join(dir, "pipe.tbl")
	if exec.Command("mkfifo", fifo).Run() == nil {
		check(exitModelError, fifo+" is a named pipe", fifo)
	}
}

// A model or query file that never ends, is piped or is too large is
// refused at once by parse, check and prepare (issue 29: /dev/zero as a
// model hung parse and check).
func TestEndlessModelFiles(t *testing.T) {
	model, _ := crossingCopy(t)
	dir := filepath.Dir(model)
	large := filepath.Join(dir, "large.xta")
	if err := os.WriteFile(large, nil, 0o644); err != nil || os.Truncate(large, 64<<20+1) != nil {
		t.Fatal("cannot make a sparse file")
	}
	expectCLI(t, exitModelError, large+" is larger than the 64 MiB that a model or query file may have", "check", large)
	if runtime.GOOS != "linux" {
		return
	}
	for _, cmd := range []string{"parse", "check"} {
		expectCLI(t, exitModelError, "/dev/zero is a device: Beeline reads only regular files", cmd, "/dev/zero")
		expectCLI(t, exitModelError, "/dev/urandom is a device", cmd, "/dev/urandom")
	}
	expectCLI(t, exitModelError, "/dev/zero is a device", "prepare", "/dev/zero", "--query", "0", "-o", filepath.Join(dir, "t.tbl"))
	fifoModel, fifoQueries := filepath.Join(dir, "pipe.xta"), filepath.Join(dir, "pipe.q")
	if exec.Command("mkfifo", fifoModel, fifoQueries).Run() != nil {
		t.Skip("mkfifo failed")
	}
	expectCLI(t, exitModelError, fifoModel+" is a named pipe", "check", fifoModel)
	expectCLI(t, exitModelError, fifoQueries+" is a named pipe", "check", model, fifoQueries)
	expectCLI(t, exitModelError, fifoModel+" is a named pipe", "parse", fifoModel)
}
