// Committed states on the command line: passed through unless
// --store-committed, with a trace too (a second search stores them only
// to build a trace), the same verdicts.

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCheckStoreCommitted(t *testing.T) {
	reports := map[string]checkReport{}
	for _, args := range [][]string{nil, {"--store-committed"}, {"--trace", "some"}} {
		all := append([]string{"check", "--json"}, args...)
		all = append(all, "../../testdata/models/crossing.xta", "../../testdata/models/crossing.q")
		out, errOut, status := runCLI(t, all...)
		if status != exitOK {
			t.Fatalf("%v: status %d\n%s", args, status, errOut)
		}
		var report checkReport
		if err := json.Unmarshal([]byte(out), &report); err != nil {
			t.Fatal(err)
		}
		reports[strings.Join(args, " ")] = report
	}
	passed, stored, traced := reports[""], reports["--store-committed"], reports["--trace some"]
	for i, q := range passed.Queries {
		s, tr := stored.Queries[i], traced.Queries[i]
		if q.Verdict != s.Verdict || q.Verdict != tr.Verdict {
			t.Errorf("%s: verdicts %s, %s with --store-committed, %s with a trace", q.Formula, q.Verdict, s.Verdict, tr.Verdict)
		}
		if s.Passed != 0 {
			t.Errorf("%s: %d states passed through while storing every state", q.Formula, s.Passed)
		}
		if strings.HasPrefix(q.Formula, "A[]") && (q.Passed == 0 || q.Stored >= s.Stored) {
			t.Errorf("%s: %d passed through, %d stored, %d with --store-committed", q.Formula, q.Passed, q.Stored, s.Stored)
		}
		// Where no state violates an A[] or satisfies an E<>, there is no
		// trace to build: the search with a trace is the one without.
		if noGoal := q.Verdict == "satisfied" == strings.HasPrefix(q.Formula, "A[]"); noGoal && (tr.Passed != q.Passed || tr.Stored != q.Stored) {
			t.Errorf("%s: with a trace %d passed through and %d stored, without %d and %d", q.Formula, tr.Passed, tr.Stored, q.Passed, q.Stored)
		}
	}
	out, _, _ := runCLI(t, "check", "--query", "1", "../../testdata/models/crossing.xta", "../../testdata/models/crossing.q")
	if !strings.Contains(out, " -- Committed states passed through : ") {
		t.Errorf("the report does not count the states passed through:\n%s", out)
	}
}
