// Symmetry reduction on the command line: on by default, --symmetry off,
// what the report says, and traces printed on the network's processes.

package main

import (
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

const symDir = "../../testdata/models/symmetry/"

// The same verdicts with and without reduction, fewer states with it,
// and the report says which.
func TestCheckSymmetry(t *testing.T) {
	stored := map[string][]int64{}
	for _, mode := range []string{"on", "off"} {
		out, errOut, status := runCLI(t, "check", "--json", "--jobs", "1", "--symmetry", mode, symDir+"train-gate-sym.xta", symDir+"train-gate-sym.q")
		if status != exitOK {
			t.Fatalf("--symmetry %s: status %d\n%s", mode, status, errOut)
		}
		var report checkReport
		if err := json.Unmarshal([]byte(out), &report); err != nil {
			t.Fatal(err)
		}
		for _, q := range report.Queries {
			want := "id_t (4 values)"
			if mode == "off" {
				want = "off: turned off"
			}
			if q.Symmetry != want {
				t.Errorf("--symmetry %s, %s: symmetry %q, want %q", mode, q.Formula, q.Symmetry, want)
			}
			key := q.Formula + " " + q.Verdict.String()
			stored[key] = append(stored[key], q.Stored)
		}
	}
	for q, s := range stored {
		if len(s) != 2 || s[0] > s[1] {
			t.Errorf("%s: states with and without reduction %v (a verdict differs when only one is given)", q, s)
		}
	}
}

// A counterexample found on representatives is printed on the network's
// own processes and replays: the broken Fischer's two processes in cs.
func TestCheckSymmetryTrace(t *testing.T) {
	out, errOut, status := runCLI(t, "check", "--trace", "shortest", "--query", "0", symDir+"fischer-sym-broken.xta", symDir+"fischer-sym-broken.q")
	if status != exitOK || !strings.Contains(out, "Formula is NOT satisfied") || !strings.Contains(out, "Symmetry reduction : pid_t (4 values)") ||
		!strings.Contains(out, "Counterexample trace (6 transitions)") {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
}

// UPPAAL's symmetric Fischer demo, 10 processes: A[] not deadlock is
// decided with reduction, well within a minute.
func TestCheckFischerSymmetry(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("seconds natively")
	}
	path := "../../../shared/models/uppaal-demos/fischer_symmetry.xml"
	if _, err := os.Stat(path); err != nil {
		t.Skip(err)
	}
	start := time.Now()
	out, errOut, status := runCLI(t, "check", "--formula", "A[] not deadlock", path)
	if status != exitOK || !strings.Contains(out, "Formula is satisfied") || time.Since(start) > 60*time.Second {
		t.Errorf("status %d after %v\n%s%s", status, time.Since(start), out, errOut)
	}
}
