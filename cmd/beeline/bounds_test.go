package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const crossing = "../../testdata/models/crossing.xta"

// sup and inf answers print one line per expression under the verdict,
// and the JSON report carries them as a values array.
func TestCheckBoundQueries(t *testing.T) {
	out, errOut, status := runCLI(t, "check", crossing,
		"--formula", "sup{Train(0).Stop}: Train(0).x, q.len",
		"--formula", "inf{Train(1).Cross}: Train(1).x",
		"--formula", "sup: Train(2).x",
		"--formula", "sup{Observer.Alarmed}: q.len")
	if status != exitOK {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
	for _, want := range []string{
		" -- Formula is satisfied.\n    sup{Train(0).Stop}: Train(0).x ≤ 45\n    sup{Train(0).Stop}: q.len = 3\n",
		"    inf{Train(1).Cross}: Train(1).x ≥ 0\n",
		"    sup: Train(2).x = ∞\n",
		"    sup{Observer.Alarmed}: q.len: none\n", // nobody sends alarm
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	out, errOut, status = runCLI(t, "check", "--json", crossing, "--formula", "sup{Train(0).Stop}: Train(0).x, q.len",
		"--formula", "sup{Observer.Alarmed}: q.len")
	if status != exitOK {
		t.Fatalf("status %d\n%s%s", status, out, errOut)
	}
	var report struct {
		Queries []struct {
			Verdict string
			Values  []map[string]any
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(report.Queries) != 2 || report.Queries[0].Verdict != "satisfied" || len(report.Queries[0].Values) != 2 {
		t.Fatalf("report %+v", report)
	}
	x, n := report.Queries[0].Values[0], report.Queries[0].Values[1]
	if x["expr"] != "Train(0).x" || x["text"] != "≤ 45" || x["value"] != 45.0 || x["clock"] != true || x["strict"] != nil {
		t.Errorf("clock value %v", x)
	}
	if n["expr"] != "q.len" || n["text"] != "3" || n["value"] != 3.0 || n["clock"] != nil {
		t.Errorf("integer value %v", n)
	}
	if v := report.Queries[1].Values; len(v) != 1 || v[0]["text"] != "none" || v[0]["none"] != true || v[0]["value"] != nil {
		t.Errorf("no state satisfies the condition: %v", v)
	}
}
