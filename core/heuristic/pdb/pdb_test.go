// Pattern databases against their contract on small models: zero on the
// target, consistency, admissibility and true dead ends along random
// walks; A* with the database against BFS; the tables.

package pdb_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"beeline/core/heuristic/pdb"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
)

// cases are rows of EXPECTED.tsv whose abstract spaces are small, with
// reachable and unreachable targets.
var cases = []struct{ model, query string }{
	{"ticktac-fork/arbiter_tree.xml", "E<> Client_1.work and Client_2.work"},
	{"ticktac/fischer-TY.xml", "A[] forall (i : pid_t) forall (j : pid_t) i != j imply not (P(i).critical and P(j).critical)"},
	{"ticktac/fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) i != j imply not (P(i).cs and P(j).cs)"},
	{"uppaal-demos/2doors.xml", "E<> Door1.open"},
	{"uppaal-demos/2doors.xml", "A[] not (Door1.open and Door2.open)"},
	{"uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe"},
	{"uppaal-demos/bridge.xml", "E<> Viking2.safe"},
	{"uppaal-demos/interrupt.xml", "A[] not env.ERROR"},
	{"uppaal-demos/train-gate.xml", "E<> Train(0).Cross and Train(1).Stop"},
	{"xtabench/critical/critical-3-25-50.xta", "E<> ProdCell(1).error"},
	{"xtabench/fischer/fischer-4-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/lynch/lynch-3-16.xta", "A[] not (P(1).CS7 && P(2).CS7)"},
	{"dynextrap-icfem23/simple/simple-7.xml", "E<> false"},
}

// straddle reaches L first with x ≥ 5, a dead end (T needs x ≤ 1), then,
// through M, with any x, one step from T; the database stores both. The
// zones meet: an estimate taking the largest distance among the abstract
// states that merely intersect the zone called the second state a dead
// end, and so did a cache of estimates keyed by the discrete part alone
// (both fixed in 712ee67; A* then found no trace).
const straddle = `
clock x;
process P {
    state L0 { x <= 10 }, M { x <= 3 }, L { x <= 10 }, T;
    init L0;
    trans
        L0 -> L { guard x >= 5; },
        L0 -> M { guard x <= 3; },
        M -> L { },
        L -> T { guard x <= 1; };
}
system P;`

// finer has abstract zones finer than the concrete ones. The Russian
// doll drops Q, whose self-loop keeps its guard x <= 100 in every
// abstract state, while the concrete graph, once Q is in Q1, extrapolates
// with P's constants only (per-location bounds). The concrete state
// P.B Q.Q1 y>2, reached through A with x = y ≥ 60, then lies in no
// abstract zone: B with x ≥ 60, y > 2 (distance 2, through C) keeps x's
// bound. Estimate falls back to the least distance among the abstract
// states that meet it, 1 from B with x − y ≥ 5 (entered from S0 with y
// reset), while its predecessor P.A Q.Q1 x−y<=0 gets 3: admissible, but
// h drops by 2 along one transition.
const finer = `
clock x, y;
process P {
    state S0, A, B, C, T;
    init S0;
    trans
        S0 -> B { guard x >= 5; assign y = 0; },
        S0 -> A { },
        A -> B { guard x >= 60; },
        B -> T { guard y <= 2; },
        B -> C { guard y > 2; },
        C -> T { };
}
process Q {
    state Q0, Q1;
    init Q0;
    trans Q0 -> Q1 { guard x <= 100; };
}
system P, Q;`

// inlineCases are models written for these tests.
var inlineCases = []struct{ name, src, query string }{
	{"straddle.xta", straddle, "E<> P.T"},
	{"finer.xta", finer, "E<> P.T"},
}

// knownInconsistent are the cases whose estimates are known to violate
// consistency, with the reason; checkEstimates skips them once all its
// other checks have passed.
var knownInconsistent = map[string]string{
	"finer.xta": "Estimate's fallback (leastIntersecting, when no abstract zone includes the concrete one) is admissible but not consistent",
}

// selections are the pattern selections tested.
var selections = []pdb.Selection{pdb.Full, pdb.DPRC, pdb.RussianDoll}

// problem is a reachability problem with the name of its inline model
// (for knownInconsistent), "" for a shared one.
type problem struct {
	*reachtest.Problem
	name string
}

// forEachProblem runs f on every case of cases and inlineCases, skipping
// missing shared models.
func forEachProblem(t *testing.T, f func(t *testing.T, p *problem)) {
	for _, c := range cases {
		t.Run(filepath.Base(c.model)+" "+c.query, func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, c.model))
			f(t, newProblem(t, n, c.query))
		})
	}
	for _, c := range inlineCases {
		t.Run(c.name+" "+c.query, func(t *testing.T) {
			p := newProblem(t, testmodel.Source(t, c.name, c.src), c.query)
			p.name = c.name
			f(t, p)
		})
	}
}

// newProblem compiles query against n and builds its zone graph.
func newProblem(t *testing.T, n *model.Network, query string) *problem {
	return &problem{Problem: reachtest.New(t, n, query)}
}

// precompute builds the database of selection sel. dprc's trial work is
// ten times the default, enough for every trial of these models to
// finish.
func precompute(t *testing.T, p *problem, sel pdb.Selection) *pdb.Heuristic {
	t.Helper()
	h := pdb.New(p.N, p.Target, pdb.Options{Select: sel, TrialWork: 10 * pdb.DefaultTrialWork, Limits: pdb.Limits{MaxStates: 250000}})
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatalf("%s: %v", sel, err)
	}
	return h
}

// estimate prints an estimate.
func estimate(h int32, inf bool) string {
	if inf {
		return "inf"
	}
	return fmt.Sprint(h)
}

// TestEstimates checks each selection's database on states sampled by
// random walks: h is 0 on goal states; along every transition s → s',
// h(s) ≤ h(s') + 1 when both are finite (Proposition 1; Info does not
// claim it, as the fallback of Estimate can break it, but it holds on
// these models except the known case), and an infinite estimate is given only to true dead
// ends (no goal state reachable; a finite h(s) may be followed by an
// infinite h(s') only then); h(s) never exceeds the true distance of s,
// nor the estimate without a zone the one with it.
func TestEstimates(t *testing.T) {
	samples := 60
	if testing.Short() {
		samples = 15
	}
	forEachProblem(t, func(t *testing.T, p *problem) {
		states := p.Sample(t, rand.New(rand.NewPCG(7, uint64(len(p.N.Processes)))), samples)
		for _, sel := range selections {
			t.Run(sel.String(), func(t *testing.T) {
				checkEstimates(t, p, precompute(t, p, sel), states)
			})
		}
	})
}

// estimateStats counts what checkEstimates checked.
type estimateStats struct {
	states, transitions, goals, distances, exact int
}

// checkEstimates checks h on states and their successors.
func checkEstimates(t *testing.T, p *problem, h *pdb.Heuristic, states []reachtest.State) {
	var st estimateStats
	inconsistent := "" // the first inconsistency of a known case
	x := p.G.NewExpander()
	dead := p.DeadEnds()
	expectDeadEnd := func(s reachtest.State, what string) {
		t.Helper()
		dead.Expect(t, s, what, fmt.Sprintf("pattern: %s", h.Pattern()))
	}
	for i, s := range states {
		st.states++
		hs, infs := h.Estimate(s.D, s.Z)
		if p.Goal.Holds(s.D, s.Z) {
			st.goals++
			if infs || hs != 0 {
				t.Fatalf("%s: h = %s at the goal state %s", h.Pattern(), estimate(hs, infs), p.Describe(s))
			}
		}
		if infs {
			expectDeadEnd(s, "sampled")
		}
		// Without a zone, the estimate is for every zone of d: at most
		// the one for z, and inf only where every state of d is a dead end.
		switch hn, infn := h.Estimate(s.D, nil); {
		case infn:
			expectDeadEnd(s, "estimated without its zone")
		case !infs && hn > hs:
			t.Fatalf("%s: h = %d at %s without the zone, %d with it", h.Pattern(), hn, p.Describe(s), hs)
		}
		if i%4 == 0 {
			st.distances++
			if dv, v := p.Distance(t, s); v == search.Reached {
				if infs || hs > dv {
					t.Fatalf("%s: h = %s at %s, above the true distance %d", h.Pattern(), estimate(hs, infs), p.Describe(s), dv)
				}
				if hs == dv {
					st.exact++
				}
			}
		}
		for _, s2 := range p.Successors(t, x, s) {
			st.transitions++
			h2, inf2 := h.Estimate(s2.D, s2.Z)
			switch {
			case inf2:
				expectDeadEnd(s2, "a successor of "+p.Describe(s))
			case !infs && hs > h2+1 && inconsistent == "":
				inconsistent = fmt.Sprintf("%s: inconsistent: h = %d at %s\nbut h = %d at its successor %s", h.Pattern(), hs, p.Describe(s), h2, p.Describe(s2))
				if knownInconsistent[p.name] == "" {
					t.Fatal(inconsistent)
				}
			}
		}
	}
	t.Logf("%s (%d abstract states): %d states (%d goals), %d transitions, %d true distances (%d equal to h), %d dead ends confirmed, %d too far to confirm",
		h.Pattern(), h.States(), st.states, st.goals, st.transitions, st.distances, st.exact, dead.Confirmed, dead.Unknown)
	if inconsistent != "" {
		t.Skipf("known: %s:\n%s", knownInconsistent[p.name], inconsistent)
	}
}

// TestAStarAgreesWithBFS checks that A* and greedy search with each
// selection's database give BFS's verdict, and that A*'s trace is as
// short as BFS's.
func TestAStarAgreesWithBFS(t *testing.T) {
	forEachProblem(t, func(t *testing.T, p *problem) {
		budget := verify.Options{MaxStates: reachtest.DistanceBudget, Trace: verify.TraceShortest}
		bfs, err := verify.Check(context.Background(), p.N, p.F, budget)
		if err != nil {
			t.Fatal(err)
		}
		if bfs.Verdict == verify.Unknown {
			t.Skipf("BFS: %s", bfs.Reason)
		}
		for _, sel := range selections {
			for _, order := range []search.Order{search.AStar, search.GBFS} {
				opts := budget
				opts.Order, opts.Heuristic = order, reachtest.NewHeuristic(t, "pdb:select="+sel.String())
				if order == search.GBFS {
					opts.Trace = verify.TraceSome
				}
				r, err := verify.Check(context.Background(), p.N, p.F, opts)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case r.Verdict != bfs.Verdict:
					t.Errorf("%v with %s: %v (%s), BFS %v", order, r.Heuristic, r.Verdict, r.Reason, bfs.Verdict)
				case order == search.AStar && r.Depth != bfs.Depth:
					t.Errorf("A* with %s: a trace of %d transitions, BFS %d", r.Heuristic, r.Depth, bfs.Depth)
				}
				if order == search.AStar {
					t.Logf("A* with %s: %v, depth %d, %d states stored (BFS %d)", r.Heuristic, r.Verdict, r.Depth, r.Stats.Stored, bfs.Stats.Stored)
				}
			}
		}
	})
}

// tableCases are the problems whose tables are checked: every selection
// of each, precomputed twice.
var tableCases = []struct{ model, query string }{
	{"xtabench/fischer/fischer-4-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/critical/critical-3-25-50.xta", "E<> ProdCell(1).error"},
	{"uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe"},
	{"uppaal-demos/2doors.xml", "E<> Door1.open"},
	{"uppaal-demos/interrupt.xml", "A[] not env.ERROR"},
}

// TestTables checks that equal inputs give equal tables (two databases
// precomputed independently encode to the same bytes), and that a table
// loaded into a fresh heuristic gives the same pattern, the same bytes
// and the same estimates on sampled states and their successors.
func TestTables(t *testing.T) {
	check := func(t *testing.T, p *problem) {
		states := p.Sample(t, rand.New(rand.NewPCG(3, 5)), 40)
		for _, sel := range selections {
			a, b := precompute(t, p, sel), precompute(t, p, sel)
			ta, tb := table(t, a), table(t, b)
			if !slices.Equal(ta, tb) {
				t.Fatalf("%s: two precomputations encode to different tables (%d and %d bytes)", sel, len(ta), len(tb))
			}
			c := pdb.New(p.N, p.Target, pdb.Options{Select: sel})
			if err := c.Load(ta); err != nil {
				t.Fatalf("%s: loading its own table: %v", sel, err)
			}
			if !slices.Equal(table(t, c), ta) || c.Pattern().String() != a.Pattern().String() || c.States() != a.States() {
				t.Fatalf("%s: the loaded database (%s, %d states) differs from the computed one (%s, %d states)",
					sel, c.Pattern(), c.States(), a.Pattern(), a.States())
			}
			n := expectSameEstimates(t, p, a, c, states)
			t.Logf("%s: %d bytes, %d abstract states, %d estimates compared", sel, len(ta), a.States(), n)
		}
	}
	for _, c := range tableCases {
		t.Run(filepath.Base(c.model), func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, c.model))
			check(t, newProblem(t, n, c.query))
		})
	}
	for _, c := range inlineCases {
		t.Run(c.name, func(t *testing.T) {
			check(t, newProblem(t, testmodel.Source(t, c.name, c.src), c.query))
		})
	}
}

// table encodes h's database.
func table(t *testing.T, h *pdb.Heuristic) []byte {
	t.Helper()
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// expectSameEstimates compares a and b on states and their successors
// and returns the number of states compared.
func expectSameEstimates(t *testing.T, p *problem, a, b *pdb.Heuristic, states []reachtest.State) int {
	t.Helper()
	x := p.G.NewExpander()
	n := 0
	for _, s := range states {
		for _, s := range append(p.Successors(t, x, s), s) {
			n++
			ha, ia := a.Estimate(s.D, s.Z)
			hb, ib := b.Estimate(s.D, s.Z)
			if ha != hb || ia != ib {
				t.Fatalf("at %s: %s computed, %s loaded", p.Describe(s), estimate(ha, ia), estimate(hb, ib))
			}
		}
	}
	return n
}

// straddleVariants are straddle with one change: another structure, and
// the same structure with another constant (issue: the fingerprint read
// only the structure, so a table of straddle, whose L with x ≥ 5 is a
// dead end, loaded into this variant, where it is one step from T).
var straddleVariants = map[string]string{
	"location.xta": strings.Replace(straddle, "L { x <= 10 }, T;", "L { x <= 10 }, T, U;", 1),
	"constant.xta": strings.Replace(straddle, "L -> T { guard x <= 1; }", "L -> T { guard x <= 7; }", 1),
}

// TestLoadRefuses checks that Load refuses, with an error that says why,
// a table made for another query, another model or another selection,
// of another format version, malformed or not a table at all.
func TestLoadRefuses(t *testing.T) {
	p := newProblem(t, testmodel.Source(t, "straddle.xta", straddle), "E<> P.T")
	good := table(t, precompute(t, p, pdb.Full))
	if err := pdb.New(p.N, p.Target, pdb.Options{Select: pdb.Full}).Load(good); err != nil {
		t.Fatalf("the table itself: %v", err)
	}
	type refusal struct {
		name  string
		p     *problem
		sel   pdb.Selection
		table []byte
		want  string
	}
	refusals := []refusal{
		{"another query", newProblem(t, p.N, "E<> P.M"), pdb.Full, good, "another query"},
		{"another selection", p, pdb.RussianDoll, good, "pattern selection full, not rd"},
		{"a newer version", p, pdb.Full, reencode(t, good, func(tb *pdb.Table) { tb.Version++ }), fmt.Sprint("format version ", pdb.FormatVersion+1)},
		{"a wrong dimension", p, pdb.Full, reencode(t, good, func(tb *pdb.Table) { tb.Dim++ }), "the table is damaged: the pattern database: its zones have dimension"},
		{"a short zone", p, pdb.Full, reencode(t, good, func(tb *pdb.Table) { tb.Groups[0].Zones = tb.Groups[0].Zones[1:] }), "the table is damaged: the pattern database: group 0 has"},
		{"truncated", p, pdb.Full, good[:len(good)/2], "the table is damaged: it is cut short"},
		{"garbage", p, pdb.Full, []byte("not a table"), "the table is damaged: it does not begin with"},
	}
	for _, name := range []string{"location.xta", "constant.xta"} {
		q := newProblem(t, testmodel.Source(t, name, straddleVariants[name]), "E<> P.T")
		refusals = append(refusals, refusal{"another model, " + name, q, pdb.Full, good, "another model"})
	}
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			err := pdb.New(r.p.N, r.p.Target, pdb.Options{Select: r.sel}).Load(r.table)
			switch {
			case err == nil:
				t.Errorf("loaded, want an error mentioning %q", r.want)
			case !strings.Contains(err.Error(), r.want):
				t.Errorf("%q, want an error mentioning %q", err, r.want)
			}
		})
	}
}

// reencode decodes a table, changes it and encodes it again, with a
// checksum that matches.
func reencode(t *testing.T, b []byte, change func(*pdb.Table)) []byte {
	t.Helper()
	var tb pdb.Table
	if err := pdb.Format.Decode(b, &tb); err != nil {
		t.Fatal(err)
	}
	change(&tb)
	out, err := pdb.Format.Encode(&tb)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
