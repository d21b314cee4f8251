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
