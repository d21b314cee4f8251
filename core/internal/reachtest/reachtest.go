// Package reachtest holds what the heuristics' tests share: a
// reachability problem (network, query, zone graph and goal), symbolic
// states sampled by random walks, their successors, and their true
// distances to the goal.
package reachtest

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/options"
	"beeline/core/search"
	"beeline/core/verify"
	"beeline/core/zone"
)

// Problem is a network, a reachability query, and the zone graph and
// goal of the search that decides it.
type Problem struct {
	N      *model.Network
	F      *model.Formula
	G      *zone.Graph
	Goal   *zone.Goal
	Target *heuristic.Target
}

// New compiles query against n and builds its zone graph.
func New(t testing.TB, n *model.Network, query string) *Problem {
	t.Helper()
	f := testmodel.Query(t, n, query)
	target := f.Prop
	switch f.Kind {
	case lang.QueryEF:
	case lang.QueryAG:
		target = &model.Prop{Op: model.PropNot, Args: []*model.Prop{f.Prop}}
	default:
		t.Fatalf("%s is not a reachability query", query)
	}
	g, err := zone.New(n, zone.Options{}, target)
	if err != nil {
		t.Fatal(err)
	}
	return &Problem{N: n, F: f, G: g, Goal: g.Goal(target), Target: heuristic.TargetOf(n, f)}
}

// State is a symbolic state of the concrete zone graph.
type State struct {
	D []int32
	Z *dbm.DBM
}

// Describe prints s for failure messages.
func (p *Problem) Describe(s State) string { return p.G.FormatState(s.D, s.Z) }

// Initial returns the initial state.
func (p *Problem) Initial(t testing.TB) State {
	t.Helper()
	s := State{make([]int32, p.G.DiscreteLen()), dbm.New(p.G.Dim())}
	if ok, err := p.G.NewExpander().Initial(s.D, s.Z); !ok || err != nil {
		t.Fatalf("initial state: %v %v", ok, err)
	}
	return s
}

// Successors lists the successors of s.
func (p *Problem) Successors(t testing.TB, x *zone.Expander, s State) []State {
	t.Helper()
	var out []State
	err := x.Successors(s.D, s.Z, func(_, d2 []int32, z2 *dbm.DBM) bool {
		out = append(out, State{slices.Clone(d2), z2.Copy()})
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Samples returns up to n states of p's random walks (Sample), seeded
// with the number of processes so that each model walks its own way; n
// is at most 20 under -short and under js/wasm.
func (p *Problem) Samples(t testing.TB, n int) []State {
	t.Helper()
	if testing.Short() || runtime.GOOS == "js" {
		n = min(n, 20)
	}
	return p.Sample(t, rand.New(rand.NewPCG(7, uint64(len(p.N.Processes)))), n)
}

// Sample follows random walks from the initial state (restarting at
// dead ends) and returns the states visited, up to max, without
// duplicates.
func (p *Problem) Sample(t testing.TB, rng *rand.Rand, max int) []State {
	t.Helper()
	x := p.G.NewExpander()
	seen := map[string]bool{}
	var out []State
	s := p.Initial(t)
	for tries := 0; len(out) < max && tries < 4*max; tries++ {
		if k := p.Describe(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
		next := p.Successors(t, x, s)
		if len(next) == 0 || rng.IntN(50) == 0 {
			s = p.Initial(t)
			continue
		}
		s = next[rng.IntN(len(next))]
	}
	return out
}

// startAt is the concrete zone graph with s as its initial state.
type startAt struct {
	*zone.Expander
	s State
}

// Initial writes the starting state into d and z.
func (s *startAt) Initial(d []int32, z *dbm.DBM) (bool, error) {
	copy(d, s.s.D)
	z.CopyFrom(s.s.Z)
	return true, nil
}

// DistanceBudget bounds the searches that measure true distances.
const DistanceBudget = 50000

// Distance returns the number of transitions from s to the nearest goal
// state (a breadth-first search with the depth proviso, which finds
// shortest paths), or Stopped or NotReached.
func (p *Problem) Distance(t testing.TB, s State) (int32, search.Verdict) {
	t.Helper()
	r, err := search.Run(context.Background(), &startAt{p.G.NewExpander(), s}, p.Goal.Holds,
		search.Options{CoverRequiresSmallerDepth: true, MaxStates: DistanceBudget})
	if err != nil {
		t.Fatal(err)
	}
	return r.Depth, r.Verdict
}

// DeadEnds checks, once per state, that the states a heuristic calls
// dead ends reach no goal state. Confirmed counts those proved dead
// ends, Unknown those whose search passed DistanceBudget.
type DeadEnds struct {
	p                  *Problem
	seen               map[string]bool
	Confirmed, Unknown int
}

// DeadEnds returns a checker of p's dead ends.
func (p *Problem) DeadEnds() *DeadEnds { return &DeadEnds{p: p, seen: map[string]bool{}} }

// Expect fails the test when s, which the heuristic called a dead end,
// reaches a goal state; what says where s came from, and about (when
// not "") what the heuristic was, for the message.
func (d *DeadEnds) Expect(t testing.TB, s State, what, about string) {
	t.Helper()
	k := d.p.Describe(s)
	if d.seen[k] {
		return
	}
	d.seen[k] = true
	switch dv, v := d.p.Distance(t, s); v {
	case search.Reached:
		if about != "" {
			about = "\n" + about
		}
		t.Fatalf("h = inf at %s (%s), but a goal state is %d transitions away%s", k, what, dv, about)
	case search.NotReached:
		d.Confirmed++
	default:
		d.Unknown++
	}
}

// NewHeuristic returns the builder of a heuristic named in wire form
// ("pdb:select=rd"), from Beeline's registry.
func NewHeuristic(t testing.TB, spec string) verify.NewHeuristic {
	t.Helper()
	h, err := options.Builtin().NewHeuristic(spec)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
