// Projection: M|P over-approximates M along random walks, and the full
// pattern's projection has M's state space and verdicts.

package model_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
	"beeline/core/zone"
)

// projectionModels are shared models with every feature the projection
// rewrites: selects, arrays indexed by variables, broadcast and urgent
// channels, committed locations, priorities, many slots.
var projectionModels = []string{
	"xtabench/fischer/fischer-4-32-64.xta",
	"xtabench/critical/critical-3-25-50.xta",
	"xtabench/csma/csma-4.xta",
	"xtabench/lynch/lynch-3-16.xta",
	"xtabench/BangOlufsen/bocdp.xta",
	"uppaal-demos/train-gate.xml",
	"uppaal-demos/bridge.xml",
	"uppaal-demos/2doors.xml",
	"uppaal-demos/interrupt.xml",
	"ticktac-fork/arbiter_tree.xml",
	"ticktac/fischer.xml",
}

// projectionSources are small models written for the projection: each
// exercises a rewrite the shared models may miss.
var projectionSources = map[string]string{
	// Channels chosen by variables, selects writing kept slots from
	// dropped ones, an update mixing kept and dropped slots, a diagonal
	// guard, a committed location, broadcast with relaxed receivers.
	"mixed.xta": `
const int N = 3;
typedef int[0,N-1] id_t;
int[0,5] a, b;
bool flag;
int[0,3] arr[3];
broadcast chan bc;
chan c[3];
clock x, y;
process S(const id_t i) {
    clock z;
    state A { z <= 4 }, B, C;
    commit C;
    init A;
    trans
        A -> B { guard z >= 1 && a < 5; sync c[(a + i) % 3]!; assign a = a + 1, z = 0; },
        B -> C { select k : int[0,2]; guard b % 3 == k; sync bc!; assign arr[k] = (arr[k] + 1) % 4; },
        C -> A { assign b = (b + i) % 6, x = 0; },
        B -> A { guard x - y < 3 && flag; assign flag = !flag, a = (a + b) % 6; };
}
process R() {
    state P, Q { y <= 5 };
    init P;
    trans
        P -> Q { select j : id_t; sync c[j]?; assign b = arr[j], y = 0; },
        Q -> P { guard arr[b % 3] < 3; sync bc?; assign flag = true; },
        Q -> Q { guard y >= 2; assign a = 0; };
}
system S, R;`,
	// An urgent channel and process priorities: the projection turns both
	// off unless it keeps everything.
	"urgent.xta": `
int[0,4] v, w;
urgent chan u;
chan go;
clock x, t;
process P {
    state A { x <= 3 }, B, C;
    init A;
    trans
        A -> B { guard v < 4; sync u!; assign v = v + 1; },
        B -> A { guard x >= 1; sync go!; assign x = 0; },
        B -> C { guard w == 2; };
}
process Q {
    state K, L;
    init K;
    trans
        K -> L { guard v > w; sync u?; assign w = (w + 1) % 5; },
        L -> K { sync go?; assign t = 0; };
}
process E {
    state X;
    init X;
    trans X -> X { guard w < 4; assign w = w + 1; };
}
system P < Q, E;`,
	// What blocks time or transitions: an urgent synchronisation, a
	// higher-priority edge and a committed location, each enabled in
	// the projection only when v is dropped (or D, committed, is).
	"frozen.xta": `
int[0,3] v;
int[0,1] w;
urgent chan u;
chan c;
clock x;
process P {
    state A, B, C;
    init A;
    trans
        A -> B { guard v == 3; sync u!; },
        A -> C { guard x >= 2; assign v = 1; };
}
process U {
    state K;
    init K;
    trans K -> K { sync u?; };
}
process H {
    state A, B;
    init A;
    trans A -> B { guard v == 2; assign w = 1; };
}
process L {
    state A, B;
    init A;
    trans A -> B { guard x >= 1; };
}
process K {
    state A, KC, Z;
    commit KC;
    init A;
    trans A -> KC { sync c!; }, KC -> Z { };
}
process D {
    state X, DC;
    commit DC;
    init X;
    trans X -> DC { sync c?; }, DC -> X { assign w = 0; };
}
system K, D, P, U, L < H;`,
}

// TestProjectOverApproximates checks Project's contract on random
// patterns: along random walks of M, every successor s' of a state s is
// covered by M|P: the successors of s's projection with the projected
// discrete part of s' include the zone of s' on the kept clocks. Both
// zone graphs run without extrapolation, so that zones are exact sets of
// valuations; the walks are short enough for that.
func TestProjectOverApproximates(t *testing.T) {
	patterns, walks, steps := 8, 3, 40
	if testing.Short() {
		patterns = 3
	}
	for _, name := range projectionModels {
		t.Run(filepath.Base(name), func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, name))
			checkProjections(t, n, patterns, walks, steps)
		})
	}
	for _, name := range slices.Sorted(maps.Keys(projectionSources)) {
		t.Run(name, func(t *testing.T) {
			checkProjections(t, testmodel.Source(t, name, projectionSources[name]), 4*patterns, walks, steps)
		})
	}
}

// checkProjections walks n under random patterns.
func checkProjections(t *testing.T, n *model.Network, patterns, walks, steps int) {
	// Without extrapolation, zones are exact sets of valuations, and the
	// projection's successors must cover each successor's.
	g, err := zone.New(n, zone.Options{Extrapolation: zone.ExtraNone})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(len(n.Processes)), uint64(len(n.Vars))))
	var total walkStats
	for k := range patterns {
		p := randomPattern(n, rng)
		if k == 0 {
			p = model.FullPattern(n)
		}
		m, q := n.Project(p)
		if !subset(q.Clocks, p.Clocks) || !slices.Equal(q.Procs, p.Procs) || !slices.Equal(q.Vars, p.Vars) {
			t.Fatalf("Project(%s) used %s: only clocks may be dropped", p, q)
		}
		w := &walker{t: t, n: n, g: g, q: q, rng: rng, kept: keptClocks(m, q)}
		if w.m, err = zone.New(m, zone.Options{Extrapolation: zone.ExtraNone, SkipErrors: true}); err != nil {
			t.Fatalf("zone graph of the projection onto %s: %v", q, err)
		}
		w.xn, w.xm = g.NewExpander(), w.m.NewExpander()
		for range walks {
			w.walk(steps)
		}
		total.add(w.stats)
	}
	t.Logf("%d patterns: %d states, %d transitions with an abstract image, %d walks ended at a state with too many abstract successors to list", patterns, total.states, total.transitions, total.skipped)
}

// randomPattern keeps each process, slot and clock with probability ½.
func randomPattern(n *model.Network, rng *rand.Rand) model.Pattern {
	p := model.FullPattern(n)
	for _, s := range [][]bool{p.Procs, p.Vars, p.Clocks[1:]} {
		for i := range s {
			s[i] = rng.IntN(2) == 0
		}
	}
	return p
}

// subset reports whether a keeps nothing b drops.
func subset(a, b []bool) bool {
	for i := range a {
		if a[i] && !b[i] {
			return false
		}
	}
	return true
}

// walkStats counts what the walks checked.
type walkStats struct{ states, transitions, skipped int }

func (s *walkStats) add(o walkStats) {
	s.states += o.states
	s.transitions += o.transitions
	s.skipped += o.skipped
}

// maxImages bounds the abstract successors listed for one state.
const maxImages = 5000

// walker follows random walks of n and checks each step against M|P.
type walker struct {
	t      *testing.T
	n      *model.Network
	g, m   *zone.Graph
	xn, xm *zone.Expander
	q      model.Pattern
	// kept lists the clocks q keeps, the reference clock first, as pairs
	// of their numbers in n and in M|P (which may number them densely:
	// Network.ClockMap).
	kept  [][2]int
	rng   *rand.Rand
	stats walkStats
}

// symState is a symbolic state with the transition that reached it.
type symState struct {
	label, d []int32
	z        *dbm.DBM
}

// walk checks the initial state and up to steps random transitions.
func (w *walker) walk(steps int) {
	t := w.t
	t.Helper()
	d := make([]int32, w.g.DiscreteLen())
	z := dbm.New(w.g.Dim())
	if ok, err := w.xn.Initial(d, z); !ok || err != nil {
		t.Fatalf("initial state: %v %v", ok, err)
	}
	ad := make([]int32, w.m.DiscreteLen())
	az := dbm.New(w.m.Dim())
	if ok, err := w.xm.Initial(ad, az); !ok || err != nil {
		t.Fatalf("initial state of the projection onto %s: %v %v", w.q, ok, err)
	}
	if !w.covers([]symState{{d: ad, z: az}}, symState{d: d, z: z}) {
		t.Fatalf("projection onto %s: the initial state %s has no image; the projection's is %s",
			w.q, w.g.FormatState(d, z), w.m.FormatState(ad, az))
	}
	for range steps {
		w.stats.states++
		next := w.successors(w.xn, d, z)
		if len(next) == 0 {
			return
		}
		images := w.successors(w.xm, w.project(d), w.lift(z))
		if len(images) >= maxImages {
			// "Any value" of several slots multiplies selects: too many
			// to list, and the states further on have as many.
			w.stats.skipped++
			return
		}
		for _, s := range next {
			w.stats.transitions++
			if !w.covers(images, s) {
				w.fail(d, z, s, images)
			}
		}
		s := next[w.rng.IntN(len(next))]
		d, z = s.d, s.z
	}
}

// fail reports a transition without an abstract image.
func (w *walker) fail(d []int32, z *dbm.DBM, s symState, images []symState) {
	var b strings.Builder
	for _, a := range images {
		fmt.Fprintf(&b, "\n\t%s: %s", w.m.FormatTransition(w.m.DecodeLabel(a.label)), w.m.FormatState(a.d, a.z))
	}
	w.t.Fatalf("projection onto %s: %s\n--[%s]--> %s\nhas no image among the %d abstract successors of %s:%s",
		w.q, w.g.FormatState(d, z), w.g.FormatTransition(w.g.DecodeLabel(s.label)), w.g.FormatState(s.d, s.z),
		len(images), w.m.FormatState(w.project(d), w.lift(z)), b.String())
}

// successors lists the successors of (d, z) in x's graph, stopping the
// walk (none) on a run-time error of the model.
func (w *walker) successors(x *zone.Expander, d []int32, z *dbm.DBM) []symState {
	var out []symState
	err := x.Successors(d, z, func(label, d2 []int32, z2 *dbm.DBM) bool {
		out = append(out, symState{slices.Clone(label), slices.Clone(d2), z2.Copy()})
		return len(out) < maxImages
	})
	if err != nil {
		return nil
	}
	return out
}

// covers reports whether the abstract states with s's projected
// discrete part cover s's zone on the kept clocks.
func (w *walker) covers(abstract []symState, s symState) bool {
	want := w.project(s.d)
	f := dbm.NewFederation(len(w.kept))
	for _, a := range abstract {
		if slices.Equal(a.d, want) {
			f.Add(w.restrict(a.z, 1))
		}
	}
	return f.Includes(w.restrict(s.z, 0))
}

// project maps a discrete part of n to M|P's: dropped processes in their
// only location, dropped slots at their initial values.
func (w *walker) project(d []int32) []int32 {
	out := slices.Clone(d)
	np := len(w.n.Processes)
	for i, k := range w.q.Procs {
		if !k {
			out[i] = 0
		}
	}
	for s, k := range w.q.Vars {
		if !k {
			out[np+s] = w.n.Vars[s].Init
		}
	}
	return out
}

// keptClocks pairs the numbers in n and in m of the clocks q keeps.
func keptClocks(m *model.Network, q model.Pattern) [][2]int {
	out := [][2]int{{0, 0}}
	for c := 1; c < len(q.Clocks); c++ {
		if !q.Clocks[c] {
			continue
		}
		own := c
		if m.ClockMap != nil {
			own = int(m.ClockMap[c])
		}
		out = append(out, [2]int{c, own})
	}
	return out
}

// restrict returns z's restriction to the kept clocks, numbered in n
// (side 0) or in M|P (side 1).
func (w *walker) restrict(z *dbm.DBM, side int) *dbm.DBM {
	r := dbm.New(len(w.kept))
	for i, ci := range w.kept {
		for j, cj := range w.kept {
			r.Set(i, j, z.At(ci[side], cj[side]))
		}
	}
	return r
}

// lift returns the zone of M|P whose kept clocks are as in z (of n) and
// whose other clocks are free: the abstract image of z.
func (w *walker) lift(z *dbm.DBM) *dbm.DBM {
	out := dbm.New(w.m.Dim())
	out.Unconstrained()
	for _, ci := range w.kept {
		for _, cj := range w.kept {
			out.Set(ci[1], cj[1], z.At(ci[0], cj[0]))
		}
	}
	out.Close()
	return out
}

// TestProjectLeavesNetwork checks that projecting leaves n as it was:
// the projection shares n's compiled parts, and renumbering or rewriting
// them in place would change n's own state space.
func TestProjectLeavesNetwork(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(projectionSources)) {
		t.Run(name, func(t *testing.T) {
			n := testmodel.Source(t, name, projectionSources[name])
			before := exhaust(t, n)
			rng := rand.New(rand.NewPCG(1, 2))
			for range 16 {
				m, _ := n.Project(randomPattern(n, rng))
				explore(t, m, 2000)
			}
			if after := exhaust(t, n); !sameCounts(after.Stats, before.Stats) {
				t.Errorf("after 16 projections the network has %d states, %d transitions; before, %d and %d",
					after.Stats.Stored, after.Stats.Generated, before.Stats.Stored, before.Stats.Generated)
			}
		})
	}
}

// TestProjectFullPattern checks that the full pattern's projection is
// the network itself: the same number of states in an exhaustive
// breadth-first search, and the same verdicts on the queries of
// EXPECTED.tsv.
func TestProjectFullPattern(t *testing.T) {
	dir := testmodel.Shared(t, ".")
	queries := map[string][]string{}
	for _, e := range testmodel.Expected(t, dir) {
		queries[e.Model] = append(queries[e.Model], e.Query)
	}
	for _, name := range projectionModels {
		t.Run(filepath.Base(name), func(t *testing.T) {
			n := testmodel.File(t, filepath.Join(dir, name))
			expectSameSpace(t, n)
			for _, text := range queries[name] {
				expectSameVerdict(t, n, testmodel.Query(t, n, text))
			}
		})
	}
	for _, name := range slices.Sorted(maps.Keys(projectionSources)) {
		t.Run(name, func(t *testing.T) {
			expectSameSpace(t, testmodel.Source(t, name, projectionSources[name]))
		})
	}
}

// fullBudget bounds the exhaustive searches of TestProjectFullPattern.
const fullBudget = 30000

// expectSameSpace compares the exhaustive BFS of n and of its full
// projection. The projection may drop clocks that no guard or invariant
// constrains (Project's unconstrained), but must then behave as n.
func expectSameSpace(t *testing.T, n *model.Network) {
	t.Helper()
	m, q := n.Project(model.FullPattern(n))
	a, b := exhaust(t, n), exhaust(t, m)
	if a.Verdict == search.Stopped || b.Verdict == search.Stopped {
		t.Skipf("more than %d states", fullBudget)
	}
	if !sameCounts(a.Stats, b.Stats) {
		t.Errorf("the full pattern's projection (keeping %s) has another state space: stored %d, explored %d, generated %d; the network %d, %d, %d",
			q, b.Stats.Stored, b.Stats.Explored, b.Stats.Generated, a.Stats.Stored, a.Stats.Explored, a.Stats.Generated)
	}
	t.Logf("keeping %s: %d states, %d transitions; the network %d, %d", q, b.Stats.Stored, b.Stats.Generated, a.Stats.Stored, a.Stats.Generated)
}

// exhaust explores n's zone graph breadth-first, up to fullBudget states.
func exhaust(t *testing.T, n *model.Network) *search.Result {
	t.Helper()
	return explore(t, n, fullBudget)
}

// explore explores n's zone graph breadth-first, up to max states.
func explore(t *testing.T, n *model.Network, max int64) *search.Result {
	t.Helper()
	g, err := zone.New(n, zone.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := search.Run(context.Background(), g.NewExpander(), nil, search.Options{MaxStates: max})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sameCounts compares the state and transition counts of two searches.
func sameCounts(a, b search.Stats) bool {
	return a.Stored == b.Stored && a.Explored == b.Explored && a.Generated == b.Generated
}

// expectSameVerdict checks f on n and on n's full projection.
func expectSameVerdict(t *testing.T, n *model.Network, f *model.Formula) {
	t.Helper()
	if f.Kind != lang.QueryEF && f.Kind != lang.QueryAG {
		return
	}
	m, q := n.Project(model.FullPattern(n))
	if m.ClockMap != nil {
		// The query's clocks are numbered as n's, the projection's
		// densely: the query does not apply to it.
		t.Logf("%s: not checked, the projection keeps %s", f.Text, q)
		return
	}
	opts := verify.Options{MaxStates: fullBudget, Trace: verify.TraceShortest}
	a, err := verify.Check(context.Background(), n, f, opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := verify.Check(context.Background(), m, f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if a.Verdict == verify.Unknown || b.Verdict == verify.Unknown {
		return
	}
	if a.Verdict != b.Verdict || a.Depth != b.Depth {
		t.Errorf("%s: %v (trace of %d) on the full projection, %v (trace of %d) on the network",
			f.Text, b.Verdict, b.Depth, a.Verdict, a.Depth)
	}
}
