// One small model per rule of the symbolic semantics, with successors and
// verdicts worked out by hand.

package zone

import (
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// expectSuccessors checks the successors of the initial state, computed
// without extrapolation so that the zones are exact.
func expectSuccessors(t *testing.T, file string, want ...string) {
	t.Helper()
	g := newGraph(t, testmodel.File(t, "testdata/"+file), Options{Extrapolation: ExtraNone})
	d, z := initial(t, g)
	got, _, _ := successors(t, g, d, z)
	expectLines(t, file, got, want)
}

// expectInitial checks the printed initial state.
func expectInitial(t *testing.T, file, want string) {
	t.Helper()
	g := newGraph(t, testmodel.File(t, "testdata/"+file), Options{Extrapolation: ExtraNone})
	d, z := initial(t, g)
	if got := g.FormatState(d, z); got != want {
		t.Fatalf("%s: initial state\ngot:  %s\nwant: %s", file, got, want)
	}
}

// expectReach checks the verdict of E<> q (or A[] q) and, when E<> q is
// reached, concretizes the trace and checks it independently.
func expectReach(t *testing.T, file, q string, want bool) {
	t.Helper()
	t.Run(file+" "+q, func(t *testing.T) {
		g, f, res := reach(t, testmodel.File(t, "testdata/"+file), q, Options{})
		universal := strings.HasPrefix(f.Text, "A[]")
		if got := (res.Verdict == search.Reached) != universal; got != want {
			t.Fatalf("%s: got %v, want %v", q, got, want)
		}
		if res.Verdict == search.Reached {
			expectTraceOK(t, g, res.Trace, target(f))
		}
	})
}

func TestCommitted(t *testing.T) {
	// Only P (committed) moves: alone, or with Q over c. R waits.
	expectSuccessors(t, "committed.xta",
		"P.A → P.B => P.B Q.S R.S v=1 true",
		"P.A → P.C, Q.S → Q.U => P.C Q.U R.S v=0 true",
	)
	expectReach(t, "committed.xta", "E<> R.T && P.A", false)
	expectReach(t, "committed.xta", "E<> Q.T && P.A", false)
	expectReach(t, "committed.xta", "E<> R.T && P.B && v == 2", true)
}

func TestUrgentLocation(t *testing.T) {
	expectInitial(t, "urgent.xta", "P.U x==0")
	expectSuccessors(t, "urgent.xta", "P.U → P.W => P.W x<=4")
	expectReach(t, "urgent.xta", "E<> P.U && x > 0", false)
	expectReach(t, "urgent.xta", "E<> P.W && x == 4", true)
}

func TestUrgentChannel(t *testing.T) {
	// The synchronisation on u is enabled at first: no delay.
	expectInitial(t, "urgentchan.xta", "P.A Q.A R.A k=0 x==0")
	// Once R sets k = 1, Q's receiver is disabled and time passes again;
	// after P and Q synchronise, nothing urgent is left.
	expectSuccessors(t, "urgentchan.xta",
		"P.A → P.B, Q.A → Q.B => P.B Q.B R.A k=0 true",
		"R.A → R.B => P.A Q.A R.B k=1 true",
	)
	expectReach(t, "urgentchan.xta", "E<> P.A && x > 0", true)
	expectReach(t, "urgentchan.xta", "E<> P.A && R.A && x > 0", false)
}

func TestBroadcast(t *testing.T) {
	// R1 and R3 must take part (R3 in two ways), R2's guard is false and
	// R4 listens on another channel. Updates: sender first, then receivers
	// in process order: log = ((1)*2)+1 or +2.
	expectSuccessors(t, "broadcast.xta",
		"S.A → S.B, R1.A → R1.B, R3.A → R3.B => S.B R1.B R2.A R3.B R4.A log=3 true",
		"S.A → S.B, R1.A → R1.B, R3.A → R3.C => S.B R1.B R2.A R3.C R4.A log=4 true",
	)
	expectReach(t, "broadcast.xta", "E<> S.B && R1.A", false)
	expectReach(t, "broadcast.xta", "E<> R3.C && log == 4", true)
}

func TestBroadcastWithoutReceivers(t *testing.T) {
	n := testmodel.Source(t, "b0.xta", `
broadcast chan b;
process S { state A, B; init A; trans A -> B { sync b!; }; }
process R { state A, B; init A; trans B -> A { sync b?; }; }
system S, R;`)
	g := newGraph(t, n, Options{})
	d, z := initial(t, g)
	got, _, _ := successors(t, g, d, z)
	expectLines(t, "no receiver", got, []string{"S.A → S.B => S.B R.A true"})
}

func TestSelect(t *testing.T) {
	// P: i ∈ {0, 2}. Q sends on c[j] for j ∈ {0,1,2}; R receives on c[1]
	// and c[2] only. The sender's update (v = v + j) runs before the
	// receiver's (v = v * k).
	expectSuccessors(t, "select.xta",
		"P.A → P.B [i=0] => P.B Q.A R.A v=0 true",
		"P.A → P.B [i=2] => P.B Q.A R.A v=2 true",
		"Q.A → Q.B [j=1], R.A → R.B [k=1] => P.A Q.B R.B v=1 true",
		"Q.A → Q.B [j=2], R.A → R.B [k=2] => P.A Q.B R.B v=4 true",
	)
	// Reachable with P.B and R.B: P first gives v ∈ {0, 2}, then v+1 or
	// (v+2)*2: 1, 4, 3, 8; Q and R first, then P: 0, 2.
	expectReach(t, "select.xta", "E<> P.B && R.B && v == 8", true)
	expectReach(t, "select.xta", "E<> P.B && R.B && (v == 5 || v == 6 || v == 7)", false)
}

func TestTargetInvariant(t *testing.T) {
	// A → B needs x ≥ 3 but B allows only x ≤ 2; A → C fails C's integer
	// invariant after v = 1; A → D is fine.
	expectSuccessors(t, "invariant.xta", "P.A → P.D => P.D v=0 3<=x<=5")
}

func TestRangeError(t *testing.T) {
	n := testmodel.File(t, "testdata/rangeerror.xta")
	g := newGraph(t, n, Options{})
	_, err := search.Run(t.Context(), g.NewExpander(), nil, search.Options{})
	if err == nil {
		t.Fatal("no error for an assignment out of range")
	}
	msg := err.Error()
	for _, want := range []string{"rangeerror.xta:6:", "P.A → P.A", "v=2"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
}

func TestPriorities(t *testing.T) {
	// From x ≥ 0: hi (x ≥ 2) fires; R's internal edge only where x < 2
	// (then time stops in committed R.B); lo is blocked by R's edge for
	// x < 2 and by hi for x ≥ 2: never.
	expectSuccessors(t, "priority.xta",
		"P.A → P.B, Q.A → Q.B => P.B Q.B R.A L.A x>=2",
		"R.A → R.B => P.A Q.A R.B L.A x<2",
	)
	expectReach(t, "priority.xta", "E<> Q.C", false)
	expectReach(t, "priority.xta", "E<> R.B && P.A && x >= 2", false)
	expectReach(t, "priority.xta", "E<> R.B && P.B", true)
}

func TestPrioritiesInterrupt(t *testing.T) {
	// The demo as shipped has its priorities commented out: ERROR is
	// reachable. Either priority declaration makes it unreachable.
	n := testmodel.File(t, "../../../shared/models/uppaal-demos/interrupt.xml")
	if _, _, res := reach(t, n, "E<> env.ERROR", Options{}); res.Verdict != search.Reached {
		t.Errorf("interrupt.xml without priorities: ERROR not reached")
	}
	expectReach(t, "interrupt-chanprio.xml", "E<> env.ERROR", false)
	expectReach(t, "interrupt-procprio.xml", "E<> env.ERROR", false)
	// With channel priorities only i outranks the rest: up and down may
	// come before shut_down. With process priorities INT's shut_down
	// outranks them from the start: the counter never moves.
	expectReach(t, "interrupt-chanprio.xml", "E<> count == 3", true)
	expectReach(t, "interrupt-procprio.xml", "E<> count == 1", false)
}

func TestDeadlock(t *testing.T) {
	expectReach(t, "deadlock.xta", "E<> deadlock", true)
	expectReach(t, "deadlock.xta", "E<> deadlock && x < 5", false)
	expectReach(t, "deadlock.xta", "E<> deadlock && x == 5", true)
	expectReach(t, "deadlock.xta", "E<> P.B && deadlock", false)
	expectReach(t, "deadlock.xta", "A[] not deadlock", false)
	expectReach(t, "nodeadlock.xta", "A[] not deadlock", true)
	expectReach(t, "timelock.xta", "E<> deadlock", true)
	expectReach(t, "timelock.xta", "E<> deadlock && x < 2", false)
	expectReach(t, "timelock.xta", "E<> deadlock && x == 2", true)
	expectReach(t, "timelock.xta", "E<> P.S && deadlock", false)
}

func TestDeadlockSet(t *testing.T) {
	// In A with x ≤ 5 the deadlocked valuations are exactly x == 5.
	deadlock := &model.Prop{Op: model.PropDeadlock}
	g := newGraph(t, testmodel.File(t, "testdata/deadlock.xta"), Options{}, deadlock)
	d, z := initial(t, g)
	expectDeadlockSet(t, g, d, z, "x==5")

	// In T (x ≤ 3, loop while x < 2) time stops at 3 and nothing is
	// enabled from x = 2 on.
	g = newGraph(t, testmodel.File(t, "testdata/timelock.xta"), Options{}, deadlock)
	d, z = initial(t, g)
	_, ds, zs := successors(t, g, d, z)
	expectDeadlockSet(t, g, ds[0], zs[0], "2<=x<=3")
	expectDeadlockSet(t, g, d, z, "false")
}

func expectDeadlockSet(t *testing.T, g *Graph, d []int32, z *dbm.DBM, want string) {
	t.Helper()
	f, err := g.NewExpander().deadlock(d, z)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.formatFed(f); got != want {
		t.Fatalf("deadlocked valuations in %s: got %s, want %s", g.FormatState(d, z), got, want)
	}
}

func TestQueryClocks(t *testing.T) {
	expectReach(t, "clocks.xta", "E<> P.A && x > 3", false)
	expectReach(t, "clocks.xta", "E<> P.A && not (x <= 3)", false)
	expectReach(t, "clocks.xta", "E<> P.A && x == 3", true)
	expectReach(t, "clocks.xta", "E<> P.A && not (x < 3) && y > 10", true)
	expectReach(t, "clocks.xta", "E<> P.A && y - x > 5", true)
	expectReach(t, "clocks.xta", "E<> P.A && x - y > 0", false)
	expectReach(t, "clocks.xta", "A[] x <= 3 || P.B", true)
	expectReach(t, "clocks.xta", "E<> P.B && y < 7", false)
	expectReach(t, "clocks.xta", "E<> P.B && (x > 100 || y > 100)", true)
}

func TestRealModelTraces(t *testing.T) {
	for _, c := range []struct{ file, q string }{
		{"../../testdata/models/fischer.xml", "E<> P(1).cs"},
		{"../../../shared/models/uppaal-demos/train-gate.xml", "E<> Train(0).Cross and Train(1).Stop"},
		{"../../../shared/models/uppaal-demos/2doors.xml", "E<> Door1.open && User2.w > 20"},
		{"../../../shared/models/uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe"},
	} {
		t.Run(c.q, func(t *testing.T) {
			g, f, res := reach(t, testmodel.File(t, c.file), c.q, Options{})
			if res.Verdict != search.Reached {
				t.Fatalf("not reached: %v", res.Verdict)
			}
			tr := expectTraceOK(t, g, res.Trace, f.Prop)
			if len(tr.Steps) != len(res.Trace)-1 {
				t.Fatalf("%d steps for a symbolic trace of %d states", len(tr.Steps), len(res.Trace))
			}
		})
	}
}

func TestRealModelVerdicts(t *testing.T) {
	expectVerdict := func(file, q string, want bool) {
		t.Helper()
		g, f, res := reach(t, testmodel.File(t, file), q, Options{})
		universal := strings.HasPrefix(f.Text, "A[]")
		if got := (res.Verdict == search.Reached) != universal; got != want {
			t.Errorf("%s %s: got %v, want %v", file, q, got, want)
		}
		_ = g
	}
	expectVerdict("../../testdata/models/fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j", true)
	expectVerdict("../../testdata/models/fischer.xml", "A[] not deadlock", true)
	expectVerdict("../../testdata/models/fischer-broken.xml", "E<> P(1).cs && P(2).cs", true)
}

func TestDiagonalSplitting(t *testing.T) {
	expectReach(t, "diagonal.xta", "E<> P.B", true)
	expectReach(t, "diagonal.xta", "E<> P.C", false)
	expectReach(t, "diagonal.xta", "E<> P.D", true)
	expectReach(t, "diagonal.xta", "E<> P.A && y - x > 200", true)
	g := newGraph(t, testmodel.File(t, "testdata/diagonal.xta"), Options{})
	if len(g.b.diag) != 3 {
		t.Fatalf("got %d difference constraints, want 3", len(g.b.diag))
	}
	// Every successor zone lies on one side of every difference constraint.
	res, err := search.Run(t.Context(), g.NewExpander(), nil, search.Options{Trace: true})
	if err != nil || res.Verdict != search.NotReached {
		t.Fatalf("search: %v %v", res, err)
	}
	d, z := initial(t, g)
	for range 5 {
		_, ds, zs := successors(t, g, d, z)
		for _, z2 := range zs {
			for _, c := range g.b.diag {
				in, out := z2.Copy(), z2.Copy()
				if in.Constrain(c.I, c.J, c.B) && out.Constrain(c.J, c.I, c.B.Negate()) {
					t.Fatalf("zone %s straddles %v", g.FormatZone(z2), c)
				}
			}
		}
		d, z = ds[0], zs[0]
	}
}

func TestDynamicBounds(t *testing.T) {
	g := newGraph(t, testmodel.File(t, "testdata/dynbound.xta"), Options{})
	l, _ := g.Bounds()
	if l[1] != 7 {
		t.Fatalf("L(x) = %d, want 7 (the range of i)", l[1])
	}
	expectReach(t, "dynbound.xta", "E<> P.B && x < 7", true)
	// j is a plain int: its bound is checked when met, and j = 0 passes.
	expectReach(t, "dynbound.xta", "E<> P.C", true)
}

func TestDynamicBoundExceeded(t *testing.T) {
	n := testmodel.Source(t, "exceed.xta", `
clock x;
int j = 0;
process P {
    state A, B;
    init A;
    trans A -> A { guard j < 50; assign j = j + 10; }, A -> B { guard x >= j; };
}
system P;`)
	g := newGraph(t, n, Options{})
	_, err := search.Run(t.Context(), g.NewExpander(), nil, search.Options{})
	if err == nil || !strings.Contains(err.Error(), "compared with 10, computed at run time, beyond 0") {
		t.Fatalf("got %v, want an error about the extrapolation bound", err)
	}
}

func TestRefused(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"urgent.xta", `clock x; urgent chan u;
process P { state A, B; init A; trans A -> B { guard x > 1; sync u!; }; }
process Q { state A, B; init A; trans A -> B { sync u?; }; }
system P, Q;`, "urgent channels"},
		{"bcast.xta", `clock x; broadcast chan b;
process P { state A, B; init A; trans A -> B { sync b!; }; }
process Q { state A, B; init A; trans A -> B { guard x > 1; sync b?; }; }
system P, Q;`, "receiving on broadcast channels"},
	} {
		fs := source.NewFileSet()
		doc, diags := uppaal.Read(fs, c.name, []byte(c.src))
		n, more := model.Load(doc)
		diags = append(diags, more...)
		if diags.HasErrors() {
			t.Logf("%s: refused by the loader: %v", c.name, fs.Err(diags))
			continue
		}
		if _, err := New(n, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error mentioning %q", c.name, err, c.want)
		}
	}
}
