package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// check says why a model whose initial state violates an invariant has
// no state, in text and in JSON (issue 29); the verdicts stay UPPAAL's.
func TestCheckInitialViolation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "init.xta")
	src := "int n = 5;\nprocess P() { state A { n < 3 }, B; init A; trans A -> B { }; }\nsystem P;\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	why := "the initial state violates the invariant of P.A (" + path + ":2:21)"
	out, errOut, status := runCLI(t, "check", path, "--formula", "E<> P.B", "--formula", "A[] P.A")
	if status != exitOK {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
	for _, want := range []string{
		" -- Formula is NOT satisfied.\n -- No state: " + why + ".\n",
		" -- Formula is satisfied.\n -- No state: " + why + ".\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runCLI(t, "check", "--json", path, "--formula", "E<> P.B")
	var report struct {
		Queries []struct{ Verdict, Initial string }
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil || len(report.Queries) != 1 {
		t.Fatalf("%v:\n%s", err, out)
	}
	if q := report.Queries[0]; q.Verdict != "not satisfied" || q.Initial != why {
		t.Errorf("JSON %+v, want not satisfied with initial %q", q, why)
	}
}
