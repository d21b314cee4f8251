package search

import (
	"fmt"
	"testing"

	"beeline/core/dbm"
)

// transientGraph is a clockGraph whose locations below cut are
// transient (as committed locations are).
type transientGraph struct {
	*clockGraph
	cut int32
}

func (g *transientGraph) Transient(d []int32) bool { return d[0] < g.cut }

// TestPassTransient checks that passing through transient states keeps
// every verdict of the naive search and the depth of the goal state
// found, that the transient states are counted by Passed and never
// stored, and that the option is ignored where it must be (A*, traces).
func TestPassTransient(t *testing.T) {
	for seed := range uint64(10) {
		dim := 3 + int(seed%2)
		g := &transientGraph{randomClockGraph(seed, 20, dim, 4, 4, 2, false), 8}
		for l := range int32(20) {
			goal := locGoal(l)
			want := naiveBFS(t, g, goal, 1e6)
			for _, o := range orders {
				what := fmt.Sprintf("seed %d goal %d %v", seed, l, o)
				r := run(t, g, goal, Options{Order: o, Seed: seed, PassTransient: true})
				if (r.Verdict == Reached) != want.reached || r.Verdict == Stopped {
					t.Fatalf("%s: %v, reference reached=%v", what, r.Verdict, want.reached)
				}
				if o == AStar {
					if r.Stats.Passed != 0 {
						t.Errorf("%s: A* passed %d states through", what, r.Stats.Passed)
					}
					continue
				}
				if r.Verdict == Reached && r.Depth < int32(want.depth) {
					t.Errorf("%s: goal at depth %d, the shortest path has %d", what, r.Depth, want.depth)
				}
				traced := run(t, g, goal, Options{Order: o, Seed: seed, PassTransient: true, Trace: true})
				if traced.Stats.Passed != 0 {
					t.Errorf("%s: with a trace, %d states passed through", what, traced.Stats.Passed)
				}
			}
		}
	}
}

// TestPassTransientStoresNone explores whole state spaces: no transient
// state but the initial one (location 0) is stored, and the transient
// states the full search stores are passed through instead.
func TestPassTransientStoresNone(t *testing.T) {
	for seed := range uint64(6) {
		g := &transientGraph{randomClockGraph(seed, 30, 3, 4, 4, 2, false), 10}
		var stored []int32
		full := run(t, g, func(d []int32, _ *dbm.DBM) bool { stored = append(stored, d[0]); return false }, Options{})
		fullTransient := 0
		for _, l := range stored {
			if l < g.cut {
				fullTransient++
			}
		}
		stored = stored[:0]
		r := run(t, g, func(d []int32, _ *dbm.DBM) bool {
			if d[0] < g.cut {
				// Passed-through states are checked against the goal
				// too; count only what the store keeps below.
				return false
			}
			stored = append(stored, d[0])
			return false
		}, Options{PassTransient: true})
		if r.Verdict != NotReached || full.Verdict != NotReached {
			t.Fatalf("seed %d: verdicts %v and %v", seed, r.Verdict, full.Verdict)
		}
		if fullTransient > 0 && r.Stats.Passed == 0 {
			t.Errorf("seed %d: the full search stores %d transient states, none was passed through", seed, fullTransient)
		}
		if r.Stats.Stored != int64(len(stored))+1 {
			t.Errorf("seed %d: %d states stored, %d of them not transient", seed, r.Stats.Stored, len(stored))
		}
	}
}
