package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A leads-to counterexample prints as a lasso (the loop head marked, the
// last state named as the head again) and carries end and loop in JSON.
func TestCheckLiveness(t *testing.T) {
	cycle := "../../testdata/models/live/cycle.xta"
	out, errOut, status := runCLI(t, "check", cycle, "--trace", "some",
		"--formula", "P.b --> P.c", "--formula", "P.c --> P.d", "--formula", "A<> P.d")
	if status != exitOK {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
	for _, want := range []string{
		"  P.b --> P.c\n -- Formula is NOT satisfied.",
		"-- the loop starts here --\n    state 1: P.b",
		"-- state 3 is state 1 again (its zone included): the loop repeats forever --",
		"  P.c --> P.d\n -- Formula is satisfied.",
		"  A<> P.d\n -- Formula is NOT satisfied.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, status = runCLI(t, "check", "--json", "--trace", "some", cycle, "--formula", "P.b --> P.c")
	if status != exitOK {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
	var report struct {
		Queries []struct {
			Verdict string
			Trace   struct {
				Steps []any
				End   string
				Loop  *int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	q := report.Queries[0]
	if q.Verdict != "not satisfied" || q.Trace.End != "loop" || q.Trace.Loop == nil || *q.Trace.Loop != 1 || len(q.Trace.Steps) != 4 {
		t.Errorf("report %+v", report)
	}
}
