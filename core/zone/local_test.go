// Tests of the per-location bounds and of aLU subsumption.

package zone

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// localModel has bounds worked out by hand in TestLocalBounds. Clocks: x
// is 1, y is 2, z[0] is 3, z[1] is 4.
const localModel = `
clock x, y;
clock z[2];
void rz() { z[1] = 0; }
process P() {
    state A { x <= 5 }, B, C, D;
    init A;
    trans
        A -> B { guard x >= 2; assign y = 0; },
        B -> C { guard y < 7; },
        C -> D { guard x > 9; assign x = 3; },
        D -> A { guard y >= 4; assign x = 0; };
}
process Q() {
    state E, F;
    init E;
    trans E -> F { guard x <= 12; };
}
process R() {
    state G, H, I;
    init G;
    trans
        G -> H { assign z[0] = 0, rz(); },
        H -> I { guard z[0] > 1 && z[1] < 8; };
}
system P, Q, R;
`

// TestLocalBounds checks the static guard analysis against bounds computed
// by hand. In P: A's own constants are U(x) = 5 (invariant) and L(x) = 2
// (guard); B's U(y) = 7; C's L(x) = 9; D's L(y) = 4. Backwards along edges
// that do not reset the clock: C gets L(y) = 4 from D (C → D resets only
// x); B gets L(x) = 9 and L(y) = 4 from C; A gets L(x) = 9 from B (A → B
// resets y); nothing reaches D from A (D → A resets x, A has no y bound).
// In Q: E has U(x) = 12, F nothing. In R: G → H resets z[0] at top level
// and z[1] inside a function, which the dependency table sees, so neither
// L(z[0]) = 1 nor U(z[1]) = 8 leaves H.
func TestLocalBounds(t *testing.T) {
	n := testmodel.Source(t, "local.xta", localModel)
	g := newGraph(t, n, Options{})
	const no = dbm.NoBound
	p := map[string][2][]int32{ // location → L, U over x, y
		"A": {{9, no}, {5, no}},
		"B": {{9, 4}, {no, 7}},
		"C": {{9, 4}, {no, no}},
		"D": {{no, 4}, {no, no}},
	}
	q := map[string][2][]int32{"E": {{no, no}, {12, no}}, "F": {{no, no}, {no, no}}}
	r := map[string][2][]int32{ // over z[0], z[1]
		"G": {{no, no}, {no, no}},
		"H": {{1, no}, {no, 8}},
		"I": {{no, no}, {no, no}},
	}
	for pi, pl := range []string{"A", "B", "C", "D"} {
		for qi, ql := range []string{"E", "F"} {
			for ri, rl := range []string{"G", "H", "I"} {
				d := make([]int32, g.DiscreteLen())
				d[0], d[1], d[2] = int32(pi), int32(qi), int32(ri)
				l, u := g.BoundsAt(d)
				wantL := []int32{0, max(p[pl][0][0], q[ql][0][0]), p[pl][0][1], r[rl][0][0], r[rl][0][1]}
				wantU := []int32{0, max(p[pl][1][0], q[ql][1][0]), p[pl][1][1], r[rl][1][0], r[rl][1][1]}
				if !slices.Equal(l[1:], wantL[1:]) || !slices.Equal(u[1:], wantU[1:]) {
					t.Errorf("(%s, %s, %s): L = %v, U = %v; want L = %v, U = %v", pl, ql, rl, l[1:], u[1:], wantL[1:], wantU[1:])
				}
			}
		}
	}
	// The global bounds are the largest over all locations.
	gl, gu := g.Bounds()
	if want := []int32{9, 4, 1, no}; !slices.Equal(gl[1:], want) {
		t.Errorf("global L = %v, want %v", gl[1:], want)
	}
	if want := []int32{12, 7, no, 8}; !slices.Equal(gu[1:], want) {
		t.Errorf("global U = %v, want %v", gu[1:], want)
	}
}

// TestLocalBoundsQueryAndDeadlock checks that a query's constants count on
// both sides in every location, and that a deadlock query makes L = U =
// max(L, U) per location.
func TestLocalBoundsQueryAndDeadlock(t *testing.T) {
	n := testmodel.Source(t, "local.xta", localModel)
	const no = dbm.NoBound
	d := make([]int32, 3+len(n.Vars)) // (A, E, G)
	cases := []struct {
		query, wantL, wantU string
	}{
		{"y > 20", fmt.Sprint([]int32{9, 20, no, no}), fmt.Sprint([]int32{12, 20, no, no})},
		{"deadlock", fmt.Sprint([]int32{12, no, no, no}), fmt.Sprint([]int32{12, no, no, no})},
	}
	for _, c := range cases {
		g := newGraph(t, n, Options{}, compileQuery(t, n, c.query).Prop)
		l, u := g.BoundsAt(d)
		if fmt.Sprint(l[1:]) != c.wantL || fmt.Sprint(u[1:]) != c.wantU {
			t.Errorf("%s: L = %v, U = %v; want L = %s, U = %s", c.query, l[1:], u[1:], c.wantL, c.wantU)
		}
	}
}

// TestLocalBoundsFallBack checks that difference constraints and
// Options.GlobalBounds keep the global bounds everywhere, and turn
// subsumption off.
func TestLocalBoundsFallBack(t *testing.T) {
	n := testmodel.Source(t, "local.xta", localModel)
	d := make([]int32, 3+len(n.Vars))
	d[0] = 3 // D, where the per-location bounds would be smaller
	g := newGraph(t, n, Options{GlobalBounds: true})
	gl, gu := g.Bounds()
	if l, u := g.BoundsAt(d); !slices.Equal(l, gl) || !slices.Equal(u, gu) || g.NewExpander().Subsumption() != nil {
		t.Errorf("GlobalBounds: BoundsAt = %v, %v, want the global %v, %v and no subsumption", l, u, gl, gu)
	}
	g = newGraph(t, n, Options{}, compileQuery(t, n, "x - y > 2").Prop)
	gl, gu = g.Bounds()
	if l, u := g.BoundsAt(d); !slices.Equal(l, gl) || !slices.Equal(u, gu) || g.NewExpander().Subsumption() != nil {
		t.Errorf("difference constraint: BoundsAt = %v, %v, want the global %v, %v and no subsumption", l, u, gl, gu)
	}
}

// subsumeModel has, in B, L(x) = −∞ and U(x) = 10: only the invariant
// tests x there, from above.
const subsumeModel = `
clock x;
process P() {
    state A, B { x <= 10 };
    init A;
    trans A -> B { guard x <= 3; }, B -> A { assign x = 0; };
}
system P;
`

// TestSubsumption checks a case where aLU subsumption prunes and inclusion
// does not: in B, a zone x ∈ [3, 10] is not included in x ∈ [0, 5], but
// every valuation of it is simulated by a smaller one of x ∈ [0, 5],
// since x is compared with no lower bound. The converse fails: x = 1
// cannot be simulated by a larger value, as 1 ≤ U(x).
func TestSubsumption(t *testing.T) {
	n := testmodel.Source(t, "subsume.xta", subsumeModel)
	sub := newGraph(t, n, Options{}).NewExpander().Subsumption()
	if sub == nil {
		t.Fatal("no subsumption test")
	}
	d := []int32{1} // B
	between := func(lo, hi int32) *dbm.DBM {
		z := dbm.New(2)
		z.Up()
		z.Constrain(0, 1, dbm.LE(-lo))
		z.Constrain(1, 0, dbm.LE(hi))
		return z
	}
	late, early := between(3, 10), between(0, 5)
	if late.Includes(early) || early.Includes(late) {
		t.Fatal("the zones are comparable by inclusion")
	}
	if !sub(d, late, early) {
		t.Error("[3, 10] is not subsumed by [0, 5]")
	}
	if sub(d, early, late) {
		t.Error("[0, 5] is subsumed by [3, 10]")
	}
	// The store prunes the second zone with the test, not without it.
	for _, hook := range []func([]int32, *dbm.DBM, *dbm.DBM) bool{nil, sub} {
		s := search.NewStore(1, 2, search.StoreOptions{Subsumes: hook})
		s.Add(d, early, search.NoNode, nil)
		if _, added := s.Add(d, late, 0, nil); added != (hook == nil) {
			t.Errorf("subsumption %v: second zone added = %v", hook != nil, added)
		}
		if err := s.Check(); err != nil {
			t.Error(err)
		}
	}
}

// plainSpace hides the Subsumer of an expander: the search then compares
// zones by inclusion.
type plainSpace struct{ search.Space }

// TestSubsumptionInSearch compares whole searches with and without aLU
// subsumption (both with per-location bounds) on models of the package and
// of the repository: the verdicts agree, and subsumption never stores more.
func TestSubsumptionInSearch(t *testing.T) {
	cases := []struct{ file, query string }{
		{"testdata/clocks.xta", "E<> P.B and x > 2"},
		{"../../testdata/models/fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
		{"../../testdata/models/fischer-broken.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
		{"../../testdata/models/crossing.xta", "E<> Observer.Alarmed"},
		{"../../testdata/models/fischer.xml", "A[] not deadlock"},
		{"../../testdata/models/crossing.xta", "A[] not deadlock"},
		{"../../testdata/models/crossing.xta", "A[] q.len <= N"},
	}
	fewer := 0
	for _, c := range cases {
		n := testmodel.File(t, c.file)
		var stored [2]int64
		var found [2]bool
		for k, plain := range []bool{true, false} {
			p := target(compileQuery(t, n, c.query))
			g := newGraph(t, n, Options{}, p)
			var sp search.Space = g.NewExpander()
			if plain {
				sp = plainSpace{sp}
			}
			res, err := search.Run(context.Background(), sp, g.Goal(p).Holds, search.Options{CheckInvariants: true})
			if err != nil {
				t.Fatalf("%s: %s: %v", c.file, c.query, err)
			}
			stored[k], found[k] = res.Stats.Stored, res.Verdict == search.Reached
		}
		t.Logf("%s: %s: found %v, stored %d with inclusion, %d with subsumption", c.file, c.query, found[1], stored[0], stored[1])
		if found[0] != found[1] || stored[1] > stored[0] {
			t.Errorf("%s: %s: inclusion: found %v, %d stored; subsumption: found %v, %d stored",
				c.file, c.query, found[0], stored[0], found[1], stored[1])
		}
		if stored[1] < stored[0] {
			fewer++
		}
	}
	if fewer == 0 {
		t.Error("weak test: subsumption stored fewer states on no model")
	}
}

// branchModel resets y in both branches of a conditional inside a
// function called on A → B, and x in one branch only. So C's lower bound
// on y (7) reaches B but not A, while C's on x (9) reaches A.
const branchModel = `
clock x, y;
int i;
void r() { if (i == 0) { x = 0; y = 0; } else { y = 0; } i = 1 - i; }
process P() {
    state A { y <= 3 }, B, C;
    init A;
    trans A -> B { guard y >= 1; assign r(); },
          B -> C { guard x >= 5; },
          C -> A { guard y > 7 && x > 9; assign y = 0; };
}
system P;
`

// TestLocalBoundsBranchResets checks that a reset in both branches of a
// conditional in a called function counts as a reset for the bounds, that
// a one-sided one does not, and that a trace through the function still
// replays concretely.
func TestLocalBoundsBranchResets(t *testing.T) {
	n := testmodel.Source(t, "branch.xta", branchModel)
	g := newGraph(t, n, Options{})
	d := make([]int32, g.DiscreteLen())
	d[0] = 1 // B
	// B → C resets nothing: B has C's L(x) = 9 and L(y) = 7.
	if l, _ := g.BoundsAt(d); !slices.Equal(l[1:], []int32{9, 7}) {
		t.Errorf("L at B = %v, want [9 7]", l[1:])
	}
	d[0] = 0 // A: its own L(y) = 1 and U(y) = 3, and L(x) = 9 from B
	if l, u := g.BoundsAt(d); !slices.Equal(l[1:], []int32{9, 1}) || u[2] != 3 {
		t.Errorf("at A: L = %v, U = %v; want L = [9 1], U(y) = 3", l[1:], u[1:])
	}
	g2, f, res := reach(t, n, "E<> P.C && x > 20 && i == 0", Options{})
	if res.Verdict != search.Reached {
		t.Fatalf("P.C with x > 20 and i == 0 not reached: %v", res.Verdict)
	}
	expectTraceOK(t, g2, res.Trace, target(f))
}

// TestActiveMasks checks the masks a lazy expander frees clocks by
// against the bounds: in every location vector of the local model, with
// and without a query constant and under ExtraM, a clock is active
// exactly when it has a bound on some side.
func TestActiveMasks(t *testing.T) {
	n := testmodel.Source(t, "local.xta", localModel)
	for _, q := range []string{"", "y > 20", "deadlock"} {
		var g *Graph
		if q == "" {
			g = newGraph(t, n, Options{})
		} else {
			g = newGraph(t, n, Options{}, compileQuery(t, n, q).Prop)
		}
		lb := g.b.loc
		if lb == nil || lb.active == nil {
			t.Fatalf("%q: no active masks", q)
		}
		d := make([]int32, g.DiscreteLen())
		for d[0] = 0; d[0] < 4; d[0]++ {
			for d[1] = 0; d[1] < 2; d[1]++ {
				for d[2] = 0; d[2] < 3; d[2]++ {
					l, u := g.BoundsAt(d)
					act := lb.baseActive
					for p, m := range lb.active {
						act |= m[d[p]]
					}
					for x := 1; x < g.dim; x++ {
						if want := l[x] >= 0 || u[x] >= 0; (act&(1<<x) != 0) != want {
							t.Errorf("%q, %v: clock %d active %v, bounds L = %d, U = %d", q, d, x, !want, l[x], u[x])
						}
					}
				}
			}
		}
	}
}
