// bench --families without the model collection: the built-in instances
// still run, with the state counts the engine is known for.

package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestBenchFamiliesBuiltIn(t *testing.T) {
	if testing.Short() {
		t.Skip("a full search of Fischer's protocol with 9 and 10 processes")
	}
	out, errOut, status := runCLI(t, "bench", "--families", "--models", t.TempDir()+"/none")
	if status != exitOK {
		t.Fatalf("status %d\n%s", status, errOut)
	}
	if !strings.Contains(errOut, "only the built-in instances") {
		t.Errorf("no note on the missing collection: %q", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "B/state") {
		t.Fatalf("want a header with B/state and two rows:\n%s", out)
	}
	// Explored and stored states of the full zone graph (Fischer-9: the
	// counts TChecker gives too).
	for i, want := range [][]string{{"fischer-9", "135485", "81035"}, {"fischer-10", "447598", "260998"}} {
		f := strings.Fields(lines[i+1])
		if len(f) < 10 || f[0] != want[0] || f[5] != want[1] || f[6] != want[2] {
			t.Errorf("row %d: %q, want %s explored %s stored %s", i+1, lines[i+1], want[0], want[1], want[2])
		}
	}
}

// bench --jobs prints one row per number of workers, with the verdict
// and stored states of each and the speedup over one.
func TestBenchJobs(t *testing.T) {
	out, errOut, status := runCLI(t, "bench", "--jobs", "3", "../../testdata/models/hanoi/hanoi-4.xml", "E<> false")
	if status != exitOK {
		t.Fatalf("status %d\n%s", status, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "speedup") {
		t.Fatalf("want a header with speedup and three rows:\n%s", out)
	}
	for j, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) != 11 || f[1] != fmt.Sprint(j+1) || f[2]+" "+f[3] != "not satisfied" || f[5] != "1581" {
			t.Errorf("row %d: %q, want %d workers, not satisfied, 1581 stored", j+1, l, j+1)
		}
	}
}
