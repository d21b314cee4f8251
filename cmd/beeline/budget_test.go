package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// runaway's only guard calls a function that would run 30000³ loop
// rounds, each loop under the bound of one loop.
const runaway = `int g() { int i; int j; int k; int s; for (i = 0; i < 30000; i++) for (j = 0; j < 30000; j++) for (k = 0; k < 30000; k++) s = (s + 1) % 7; return s; }
process P() { state A, B; init A; trans A -> B { guard g() >= 0; }; }
system P;
`

func writeRunaway(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "runaway.xta")
	if err := os.WriteFile(path, []byte(runaway), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The time budget stops a search inside the function, and a
// precomputation likewise; the bound on the time only catches a hang.
func TestTimeoutInsideFunction(t *testing.T) {
	model := writeRunaway(t)
	start := time.Now()
	out, errOut, status := runCLI(t, "check", model, "--formula", "E<> P.B", "--timeout", "300ms")
	if status != exitBudget || !strings.Contains(out, "Formula is not decided: time limit.") || time.Since(start) > 3*time.Second {
		t.Errorf("check: status %d after %v\n%s%s", status, time.Since(start), out, errOut)
	}
	start = time.Now()
	out, errOut, status = runCLI(t, "prepare", model, "--formula", "E<> P.B", "--heuristic", "pdb:select=full",
		"--timeout", "300ms", "--quiet", "-o", filepath.Join(t.TempDir(), "table"))
	if status != exitBudget || !strings.Contains(errOut, "stopped at the time limit") || time.Since(start) > 3*time.Second {
		t.Errorf("prepare: status %d after %v\n%s%s", status, time.Since(start), out, errOut)
	}
}

// A memory budget stops a search of a real model with the memory reason.
func TestMemoryBudgetStops(t *testing.T) {
	model := "../../../shared/models/rra-fmics21/CSMA-CD/csma-20N.xml"
	if _, err := os.Stat(model); err != nil {
		t.Skip("shared models not found")
	}
	// --max-memory sets the process's memory limit: put it back.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	out, errOut, status := runCLI(t, "check", model, "--formula", "E<> false", "--max-memory", "96M", "--timeout", "60s")
	if status != exitBudget || !strings.Contains(out, "Formula is not decided: memory limit.") {
		t.Errorf("status %d\n%s%s", status, out, errOut)
	}
}

// issue 29: compiling a model was outside --timeout. A model of 30,000
// processes loads in about a second; under a 1 ms budget check and
// prepare stop waiting for it and say so.
func TestTimeoutWhileLoading(t *testing.T) {
	var b strings.Builder
	b.WriteString("process P(const int[0,29999] i) { int v; state A, B; init A; trans A -> B { guard v == i; assign v = 1; }; }\nsystem P;\n")
	path := filepath.Join(t.TempDir(), "wide.xta")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", path, "--formula", "E<> P(0).B", "--timeout", "1ms"},
		{"prepare", path, "--formula", "E<> P(0).B", "--timeout", "1ms", "-o", filepath.Join(t.TempDir(), "table")},
	} {
		_, errOut, status := runCLI(t, args...)
		if status != exitBudget || !strings.Contains(errOut, "was not loaded within --timeout 1ms: time limit") {
			t.Errorf("%s: status %d\n%s", args[0], status, errOut)
		}
	}
}
