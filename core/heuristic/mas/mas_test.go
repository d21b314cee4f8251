// Merge-and-shrink against its contract: zero on the target, consistency
// and admissibility on sampled states and transitions, dead ends that are
// dead; A* with it against BFS on the shared models; the tables.

package mas_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/mas"
	"beeline/core/internal/reachtest"
	"beeline/core/search"
)

const sharedModels = "../../../../shared/models"

// broadcastShared has a broadcast whose receivers write a shared counter
// and a variable of the sender's, a select over a channel array, and a
// target on two variables of different components.
const broadcastShared = `
int[0,3] n;
int[0,5] k;
broadcast chan go;
chan c[3];
process S {
    state A, B, C;
    init A;
    trans
        A -> B { sync go!; assign k = k + 1; },
        B -> A { guard n < 3; },
        B -> C { guard n >= 2; sync c[2]!; };
}
process R(const int[0,2] id) {
    state W, G, D;
    init W;
    trans
        W -> G { sync go?; assign n = n + 1; },
        G -> D { select i : int[0,2]; guard i == id; sync c[i]?; },
        G -> W { };
}
R0 = R(0); R1 = R(1); R2 = R(2);
system S, R0, R1, R2;`

// inlineCases are models written for these tests, and the counters
// of reachtest (sharing the token only).
var inlineCases = append([]reachtest.Inline{
	{Name: "broadcast.xta", Src: broadcastShared, Query: "E<> S.C && R1.D"},
	{Name: "broadcast.xta", Src: broadcastShared, Query: "E<> k == 3 && n == 3"},
}, reachtest.Counters(false)...)

// forEachProblem runs f on every shared case and inline model.
func forEachProblem(t *testing.T, f func(t *testing.T, p *reachtest.Problem)) {
	reachtest.ForEach(t, sharedModels, inlineCases, f)
}

func precompute(t *testing.T, p *reachtest.Problem, bound int) *mas.Heuristic {
	t.Helper()
	return reachtest.Precomputed(t, mas.New(p.N, p.Target, mas.Options{Bound: bound}), fmt.Sprint("bound ", bound))
}

// TestEstimates checks h on states sampled by random walks, at two
// bounds: 0 on goal states; h(s) ≤ h(s') + 1 along every transition
// (consistency, which Info claims); inf only at true dead ends; never
// above the true distance.
func TestEstimates(t *testing.T) {
	forEachProblem(t, func(t *testing.T, p *reachtest.Problem) {
		states := p.Samples(t, 80)
		for _, bound := range []int{4, 100} {
			t.Run(fmt.Sprint("N=", bound), func(t *testing.T) {
				checkEstimates(t, p, precompute(t, p, bound), states)
			})
		}
	})
}

func checkEstimates(t *testing.T, p *reachtest.Problem, h *mas.Heuristic, states []reachtest.State) {
	x := p.G.NewExpander()
	var transitions, exact, distances int
	dead := p.DeadEnds()
	for i, s := range states {
		hs, infs := h.Estimate(s.D, s.Z)
		if p.Goal.Holds(s.D, s.Z) && (infs || hs != 0) {
			t.Fatalf("h = %d (inf %v) at the goal state %s", hs, infs, p.Describe(s))
		}
		if infs {
			dead.Expect(t, s, "sampled", "")
		}
		if i%4 == 0 {
			if dv, v := p.Distance(t, s); v == search.Reached {
				distances++
				if infs || hs > dv {
					t.Fatalf("h = %d (inf %v) at %s, above the true distance %d", hs, infs, p.Describe(s), dv)
				}
				if hs == dv {
					exact++
				}
			}
		}
		for _, s2 := range p.Successors(t, x, s) {
			transitions++
			h2, inf2 := h.Estimate(s2.D, s2.Z)
			switch {
			case inf2:
				dead.Expect(t, s2, "a successor of "+p.Describe(s), "")
			case !infs && hs > h2+1:
				t.Fatalf("inconsistent: h = %d at %s\nbut h = %d at its successor %s", hs, p.Describe(s), h2, p.Describe(s2))
			}
		}
	}
	t.Logf("%s: %d states, %d transitions, %d true distances (%d equal to h), %d dead ends confirmed (%d past the budget)",
		h.Info(), len(states), transitions, distances, exact, dead.Confirmed, dead.Unknown)
}

// TestAStarAgreesWithBFS checks every reachability query of the shared
// models whose BFS fits a budget: A* with merge-and-shrink gives BFS's
// verdict and a trace as short as BFS's, and greedy search the verdict.
func TestAStarAgreesWithBFS(t *testing.T) {
	budget := 20000
	if testing.Short() || runtime.GOOS == "js" {
		budget = 5000
	}
	reachtest.AgreesWithBFS(t, sharedModels, budget, "mas")
}

// TestTables checks that two precomputations encode to the same bytes,
// that a loaded table gives the same estimates, and that a table made for
// another query, model or bound, or cut short, is refused.
func TestTables(t *testing.T) {
	forEachProblem(t, func(t *testing.T, p *reachtest.Problem) {
		a, b, c := precompute(t, p, 25), precompute(t, p, 25), mas.New(p.N, p.Target, mas.Options{Bound: 25})
		ta := p.ExpectTableRoundTrip(t, "bound 25", a, b, c, 30)
		if err := mas.New(p.N, p.Target, mas.Options{Bound: 26}).Load(ta); err == nil || !strings.Contains(err.Error(), "bound 25") {
			t.Errorf("a table of another bound: %v", err)
		}
		p.CheckRefusals(t, ta, func(target *heuristic.Target, b []byte) error {
			return mas.New(p.N, target, mas.Options{Bound: 25}).Load(b)
		})
	})
}

// damageCase is a small abstraction's table: broadcastShared's, with
// atoms of locations and slots, inner nodes and dead ends.
func damageCase(t testing.TB) reachtest.TableCase {
	p := reachtest.Inline{Name: "broadcast.xta", Src: broadcastShared, Query: "E<> S.C && R1.D"}.Problem(t)
	return reachtest.NewTableCase(t, p, mas.Format, func(p *reachtest.Problem) *mas.Heuristic {
		return mas.New(p.N, p.Target, mas.Options{Bound: 8})
	})
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged (issue 29: a table with one bit
// flipped loaded and turned "satisfied" into "not satisfied"). Behind a
// checksum that matches, every flip of the body is refused or loads an
// abstraction that estimates without a panic.
func TestDamagedTable(t *testing.T) { damageCase(t).ExpectIntegrity(t) }

// FuzzLoadTable loads arbitrary bytes as a merge-and-shrink table
// (reachtest.TableCase.Fuzz), seeded with a real table.
func FuzzLoadTable(f *testing.F) { damageCase(f).Fuzz(f) }
