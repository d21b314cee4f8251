package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"beeline/core/dbm"
)

// distancesTo is a plain backward BFS over the locations of g, ignoring
// clocks: the number of edges from each location to l, -1 if none. It is
// a lower bound on the distance in the zone graph (clock guards only
// remove paths), so heuristics derived from it are admissible.
func distancesTo(g *clockGraph, l int32) []int32 {
	dist := make([]int32, len(g.out))
	for i := range dist {
		dist[i] = -1
	}
	dist[l] = 0
	for changed := true; changed; {
		changed = false
		for v, es := range g.out {
			for _, e := range es {
				if dist[e.to] >= 0 && (dist[v] < 0 || dist[e.to]+1 < dist[v]) {
					dist[v] = dist[e.to] + 1
					changed = true
				}
			}
		}
	}
	return dist
}

// heuristics returns admissible heuristics for goal location l of g: zero,
// the exact discrete distance (consistent), and a random fraction of it
// per location (admissible, usually inconsistent). All say infinite where
// l cannot be reached.
func heuristics(g *clockGraph, l int32, seed uint64) map[string]func([]int32, *dbm.DBM) (int32, bool) {
	dist := distancesTo(g, l)
	rng := rand.New(rand.NewPCG(seed, 7))
	frac := make([]int32, len(dist))
	for i, d := range dist {
		if d > 0 {
			frac[i] = rng.Int32N(d + 1)
		}
	}
	table := func(t []int32) func([]int32, *dbm.DBM) (int32, bool) {
		return func(d []int32, _ *dbm.DBM) (int32, bool) {
			if dist[d[0]] < 0 {
				return 0, true
			}
			return t[d[0]], false
		}
	}
	return map[string]func([]int32, *dbm.DBM) (int32, bool){
		"zero":   func([]int32, *dbm.DBM) (int32, bool) { return 0, false },
		"exact":  table(dist),
		"random": table(frac),
	}
}

// TestAStarShortest checks that A* with admissible heuristics (consistent
// or not) finds goals at the depth of the naive exact BFS, that greedy
// search agrees on the verdict, and that infinite estimates prune without
// changing verdicts.
func TestAStarShortest(t *testing.T) {
	var pruned, reopened int64
	for seed := range uint64(10) {
		dim := 2 + int(seed%2)
		g := randomClockGraph(seed, 20, dim, 4, 4, 2, false)
		for l := range int32(20) {
			goal := locGoal(l)
			want := naiveBFS(t, g, goal, 1e6)
			for name, h := range heuristics(g, l, seed) {
				for _, o := range []Order{AStar, GBFS} {
					r := run(t, g, goal, Options{Order: o, Heuristic: h, Trace: true, CheckInvariants: true})
					what := fmt.Sprintf("seed %d goal %d %v/%s", seed, l, o, name)
					if (r.Verdict == Reached) != want.reached || r.Verdict == Stopped {
						t.Fatalf("%s: %v, reference reached=%v", what, r.Verdict, want.reached)
					}
					pruned += r.Stats.Pruned
					reopened += r.Stats.Reopened
					if !want.reached {
						continue
					}
					wantDepth := -1
					if o == AStar {
						wantDepth = want.depth
					}
					t.Run(what, func(t *testing.T) { expectReached(t, g, goal, r, wantDepth) })
				}
			}
		}
	}
	if pruned == 0 {
		t.Error("no state was pruned: the test does not exercise dead ends")
	}
	t.Logf("pruned %d, reopened %d", pruned, reopened)
}

// TestPriorityQueueOrder pushes random priorities and expects pops in
// (key, larger g, order of pushes) order.
func TestPriorityQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := &pqueue{useG: true, deep: true}
	var items []pqItem
	for n := range int32(500) {
		h, g := rng.Int32N(10), rng.Int32N(10)
		p.pushPrio(n, h, g)
		items = append(items, pqItem{key: h + g, g: g, n: n, seq: uint32(n)})
	}
	var prev pqItem
	for i := range items {
		n, ok := p.pop()
		if !ok {
			t.Fatalf("queue empty after %d pops", i)
		}
		it := items[n]
		if i > 0 && p.less(it, prev) {
			t.Fatalf("pop %d: %+v after %+v", i, it, prev)
		}
		prev = it
	}
	if _, ok := p.pop(); ok || p.len() != 0 {
		t.Fatal("queue not empty")
	}
}

// TestGreedyFollowsHeuristic: on a grid, greedy search with the exact
// distance expands only the states of one shortest path.
func TestGreedyFollowsHeuristic(t *testing.T) {
	g := randomGrid(3, 12, 9, 0.2)
	dist := g.distances()
	// goal: the origin; h = Manhattan distance is admissible and consistent.
	h := func(d []int32, _ *dbm.DBM) (int32, bool) { return d[0] + d[1], false }
	for cell, want := range dist {
		if want <= 0 {
			continue
		}
		x, y := int32(cell)%g.w, int32(cell)/g.w
		rev := &startAt{grid: g, x: x, y: y}
		bfs := run(t, rev, cellGoal(0, 0), Options{Trace: true})
		ast := run(t, rev, cellGoal(0, 0), Options{Order: AStar, Heuristic: h, Trace: true})
		if ast.Depth != bfs.Depth {
			t.Fatalf("from (%d,%d): A* depth %d, BFS %d", x, y, ast.Depth, bfs.Depth)
		}
		if ast.Stats.Explored > bfs.Stats.Explored {
			t.Fatalf("from (%d,%d): A* explored %d > BFS %d", x, y, ast.Stats.Explored, bfs.Stats.Explored)
		}
	}
}

// startAt is a grid whose initial cell is (x, y).
type startAt struct {
	*grid
	x, y int32
}

func (s *startAt) Initial(d []int32, z *dbm.DBM) (bool, error) {
	d[0], d[1] = s.x, s.y
	z.Zero()
	return true, nil
}
