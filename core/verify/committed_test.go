package verify

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"beeline/core/model"
	"beeline/core/search"
)

// TestCommittedPassedThrough checks the queries of a model with
// committed locations with and without storing committed states: the
// same verdicts, states passed through instead of stored, fewer stored.
func TestCommittedPassedThrough(t *testing.T) {
	crossing := filepath.Join(ownModels, "crossing.xta")
	for _, q := range []string{
		"E<> Train(0).Cross",
		"A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j",
		"A[] q.len <= N",
		"E<> q.len == N",
		"E<> Observer.Alarmed",
		"A[] not deadlock",
	} {
		n, f := load(t, crossing, q)
		for _, o := range []search.Order{search.BFS, search.DFS, search.GBFS} {
			all, err := Check(context.Background(), n, f, Options{Order: o, StoreCommitted: true})
			if err != nil {
				t.Fatal(err)
			}
			passed, err := Check(context.Background(), n, f, Options{Order: o})
			if err != nil {
				t.Fatal(err)
			}
			if passed.Verdict != all.Verdict || passed.Verdict == Unknown {
				t.Errorf("%s, %v: verdict %v passing committed states, %v storing them", q, o, passed.Verdict, all.Verdict)
			}
			if all.Stats.Passed != 0 {
				t.Errorf("%s, %v: %d states passed through while storing every state", q, o, all.Stats.Passed)
			}
			if passed.Verdict == Satisfied == (q[0] == 'A') && (passed.Stats.Passed == 0 || passed.Stats.Stored >= all.Stats.Stored) {
				t.Errorf("%s, %v: %d passed through, %d stored against %d", q, o, passed.Stats.Passed, passed.Stats.Stored, all.Stats.Stored)
			}
		}
	}
}

// TestCommittedWithTrace checks that a search asked for a trace passes
// committed states through too: a property that holds stores what it
// stores without a trace, and a violated one still gets its trace, as
// short as the one storing every state finds with shortest traces.
func TestCommittedWithTrace(t *testing.T) {
	crossing := filepath.Join(ownModels, "crossing.xta")
	for _, q := range []string{
		"E<> Observer.Alarmed",
		"A[] q.len <= N",
		"E<> q.len == N",
		"A[] not deadlock",
	} {
		n, f := load(t, crossing, q)
		for _, tr := range []TraceMode{TraceSome, TraceShortest} {
			none, err := Check(context.Background(), n, f, Options{})
			if err != nil {
				t.Fatal(err)
			}
			all, err := Check(context.Background(), n, f, Options{Trace: tr, StoreCommitted: true})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Check(context.Background(), n, f, Options{Trace: tr})
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != all.Verdict || got.Verdict != none.Verdict || got.Verdict == Unknown {
				t.Fatalf("%s, trace %v: verdict %v, %v storing every state, %v without a trace", q, tr, got.Verdict, all.Verdict, none.Verdict)
			}
			if got.Stats.Passed == 0 {
				t.Errorf("%s, trace %v: no state passed through", q, tr)
			}
			if (got.Concrete == nil) != (all.Concrete == nil) {
				t.Errorf("%s, trace %v: trace %v, storing every state %v", q, tr, got.Concrete != nil, all.Concrete != nil)
			}
			if got.Concrete == nil {
				if got.Stats.Stored != none.Stats.Stored {
					t.Errorf("%s, trace %v: %d stored, %d without a trace", q, tr, got.Stats.Stored, none.Stats.Stored)
				}
				continue
			}
			if tr == TraceShortest && got.Depth != all.Depth {
				t.Errorf("%s: shortest trace of %d steps, %d storing every state", q, got.Depth, all.Depth)
			}
		}
	}
}

// hasCommitted reports whether a process of n has a committed location.
func hasCommitted(n *model.Network) bool {
	for _, p := range n.Processes {
		for _, l := range p.Locations {
			if l.Committed {
				return true
			}
		}
	}
	return false
}

// TestTrafficLightsAgainstUPPAAL checks the traffic-light controller's
// deadlock query against the figures of the verifyta run shipped with
// it: UPPAAL 4.1.3 explored 251,263 states and stored 76,686.
func TestTrafficLightsAgainstUPPAAL(t *testing.T) {
	path := filepath.Join(sharedModels, "trafficlights-mgr/sr-22-symmetric-max18-rr-hold-lateC.ver/sr-22-symmetric-max18-rr-hold-late.xml")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the shared models are not here (%s)", sharedModels)
	}
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("a search of some seconds natively")
	}
	n, f := load(t, path, "A[] not deadlock")
	res, err := Check(context.Background(), n, f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Satisfied {
		t.Fatalf("verdict %v (%s)", res.Verdict, res.Reason)
	}
	if res.Stats.Explored > 251263 || res.Stats.Stored-res.Stats.Covered > 76686 {
		t.Errorf("explored %d, stored %d; UPPAAL explored 251263 and stored 76686", res.Stats.Explored, res.Stats.Stored-res.Stats.Covered)
	}
}
