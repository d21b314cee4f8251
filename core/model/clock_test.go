// Guards, invariants and synchronisations: clock constraints normalised to
// x_I − x_J ≺ c, integer parts, and the rules of the label kinds.

package model

import (
	"strings"
	"testing"
)

// cc is a constant clock constraint for comparisons.
type cc struct {
	i, j   int32
	strict bool
	bound  int32
}

func constraints(t *testing.T, g *Guard) []cc {
	t.Helper()
	if g == nil {
		return nil
	}
	var out []cc
	for _, c := range g.Clocks {
		if c.IFn != nil || c.JFn != nil || c.BoundFn != nil {
			t.Fatalf("constraint %+v is not constant", c)
		}
		out = append(out, cc{c.I, c.J, c.Strict, c.Bound})
	}
	return out
}

func sameCC(a, b []cc) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestClockGuards(t *testing.T) {
	const d = "clock x, y; const int K = 4; int v = 1;"
	// x is clock 1, y is clock 2.
	for _, c := range []struct {
		guard string
		want  []cc
	}{
		{"x <= 5", []cc{{1, 0, false, 5}}},
		{"x < 5", []cc{{1, 0, true, 5}}},
		{"x > 3", []cc{{0, 1, true, -3}}},
		{"x >= 3", []cc{{0, 1, false, -3}}},
		{"3 < x", []cc{{0, 1, true, -3}}},
		{"5 >= x", []cc{{1, 0, false, 5}}},
		{"x == 5", []cc{{1, 0, false, 5}, {0, 1, false, -5}}},
		{"x - y <= 2", []cc{{1, 2, false, 2}}},
		{"x - y > 2", []cc{{2, 1, true, -2}}},
		{"x < y", []cc{{1, 2, true, 0}}},
		{"x <= y + 3", []cc{{1, 2, false, 3}}},
		{"x + 1 <= K", []cc{{1, 0, false, 3}}},
		{"x <= K * 2 && y >= 1", []cc{{1, 0, false, 8}, {0, 2, false, -1}}},
	} {
		_, e := guardOf(t, d, "", c.guard)
		if got := constraints(t, e.Guard); !sameCC(got, c.want) {
			t.Errorf("%s: constraints %+v, want %+v", c.guard, got, c.want)
		}
		if e.Guard.Int != nil {
			t.Errorf("%s: unexpected integer part", c.guard)
		}
	}
}

func TestGuardIntegerPart(t *testing.T) {
	n, e := guardOf(t, "clock x; int v = 1; int w;", "", "x >= 2 && v == 1 && w < 3")
	if got := constraints(t, e.Guard); !sameCC(got, []cc{{0, 1, false, -2}}) {
		t.Errorf("constraints %+v", got)
	}
	env := n.NewEnv()
	locs, vars := n.InitialState()
	env.Locs, env.Vars = locs, vars
	if e.Guard.Int(env) == 0 {
		t.Errorf("integer part false on the initial state")
	}
	vars[0] = 2
	if e.Guard.Int(env) != 0 {
		t.Errorf("integer part true with v = 2")
	}
}

func TestBoundFromState(t *testing.T) {
	n, e := guardOf(t, "clock x[2]; int D[2] = {7, 9}; int i = 1;", "", "x[i] <= D[i]")
	c := e.Guard.Clocks[0]
	env := n.NewEnv()
	_, vars := n.InitialState()
	env.Vars = vars
	if c.IFn == nil || c.BoundFn == nil {
		t.Fatalf("constraint %+v should be computed from the state", c)
	}
	if i, j := c.Index(env); i != 2 || j != 0 {
		t.Errorf("I, J = %d, %d, want 2, 0", i, j)
	}
	if b := c.Value(env); b != 9 {
		t.Errorf("bound %d, want 9", b)
	}
}

func TestGuardDisjunctionSplitsEdge(t *testing.T) {
	n, _ := guardOf(t, "clock x; bool b;", "", "b && (x <= 5 || !b)")
	p := n.Processes[0]
	if len(p.Edges) != 2 || len(p.Locations[0].Out) != 2 {
		t.Fatalf("%d edges, want 2 (one per disjunct)", len(p.Edges))
	}
	if got := constraints(t, p.Edges[0].Guard); !sameCC(got, []cc{{1, 0, false, 5}}) {
		t.Errorf("first disjunct %+v", got)
	}
	if got := constraints(t, p.Edges[1].Guard); len(got) != 0 {
		t.Errorf("second disjunct has clocks %+v", got)
	}
	n, _ = guardOf(t, "clock x;", "", "!(x < 3)")
	if got := constraints(t, n.Processes[0].Edges[0].Guard); !sameCC(got, []cc{{0, 1, false, -3}}) {
		t.Errorf("negated constraint %+v", got)
	}
	n, _ = guardOf(t, "clock x;", "", "x != 3")
	if len(n.Processes[0].Edges) != 2 {
		t.Errorf("x != 3 should split into x < 3 and x > 3")
	}
}

func TestGuardErrors(t *testing.T) {
	expectError(t, tiny("clock x; int v;", "", "v++ > 0", ""), "side effects are not allowed in a guard")
	expectError(t, tiny("clock x; int v;", "", "x + v", ""), "guard must be a conjunction of clock constraints and integer conditions")
	expectError(t, tiny("clock x; int v;", "", "", "v = x"), "clock 'x' used in integer expression")
	expectError(t, tiny("clock x, y; int v;", "", "x + y < 3", ""), "only the difference of two clocks")
	expectError(t, tiny("clock x; int v;", "", "", "x += 1"), "clocks can only be assigned with '='")
}

func TestInvariants(t *testing.T) {
	src := "clock x, y; int D = 4;\nprocess P() { state A { x <= 3 && y - x < 2 && D > 0 }, B { x <= D }; init A; }\nsystem P;"
	n := mustLoad(t, src)
	inv := n.Processes[0].Locations[0].Invariant
	if got := constraints(t, inv); !sameCC(got, []cc{{1, 0, false, 3}, {2, 1, true, 2}}) {
		t.Errorf("invariant %+v", got)
	}
	if inv.Int == nil {
		t.Errorf("integer part lost")
	}
	b := n.Processes[0].Locations[1].Invariant.Clocks[0]
	if b.BoundFn == nil || b.I != 1 {
		t.Errorf("x <= D: %+v", b)
	}
	expectError(t, "clock x;\nprocess P() { state A { x <= 3 || x <= 4 }; init A; }\nsystem P;", "invariant must be a conjunction")
	// forall over a constant range expands.
	n = mustLoad(t, "clock c[3];\nprocess P() { state A { forall (i : int[0,2]) c[i] <= 5 }; init A; }\nsystem P;")
	if got := constraints(t, n.Processes[0].Locations[0].Invariant); !sameCC(got, []cc{{1, 0, false, 5}, {2, 0, false, 5}, {3, 0, false, 5}}) {
		t.Errorf("forall invariant %+v", got)
	}
}

func TestClockResets(t *testing.T) {
	const d = "clock x, y; clock c[2]; int k = 1;\nvoid reset(clock &r) { r = 0; }\nvoid all() { x = 1; }"
	n := mustLoad(t, tiny(d, "", "", "x = 0, y = 5, c[k] = 2, reset(c[0]), all()"))
	env, _ := runUpdate(t, n)
	want := []ClockReset{{1, 0}, {2, 5}, {4, 2}, {3, 0}, {1, 1}}
	if len(env.Resets) != len(want) {
		t.Fatalf("resets %+v, want %+v", env.Resets, want)
	}
	for i := range want {
		if env.Resets[i] != want[i] {
			t.Errorf("reset %d = %+v, want %+v", i, env.Resets[i], want[i])
		}
	}
	expectRuntimeError(t, "clock x; int k = -1;", "x = k", "negative clock value")
}

func TestSyncAndChannels(t *testing.T) {
	src := `chan a; broadcast chan b; urgent chan u[3]; int i = 2;
chan priority a < default < u;
process P() { state A; init A; trans A -> A { sync a!; }, A -> A { sync b?; }, A -> A { sync u[i]!; }, A -> A { sync u[1]?; }; }
system P;`
	n := mustLoad(t, src)
	if len(n.Channels) != 5 {
		t.Fatalf("%d channels, want 5", len(n.Channels))
	}
	if !n.Channels[1].Broadcast || !n.Channels[3].Urgent || n.Channels[0].Urgent {
		t.Errorf("channel flags %+v", n.Channels)
	}
	if n.Channels[0].Priority != -1 || n.Channels[1].Priority != 0 || n.Channels[2].Priority != 1 || !n.HasPriorities {
		t.Errorf("priorities %+v", n.Channels)
	}
	es := n.Processes[0].Edges
	if es[0].Sync.Chan != 0 || !es[0].Sync.Send || es[1].Sync.Chan != 1 || es[1].Sync.Send || !es[1].Sync.Broadcast {
		t.Errorf("syncs %+v %+v", es[0].Sync, es[1].Sync)
	}
	if es[2].Sync.Chan != -1 || es[2].Sync.ChanFn == nil || !es[2].Sync.Urgent {
		t.Fatalf("dynamic sync %+v", es[2].Sync)
	}
	env := n.NewEnv()
	_, env.Vars = n.InitialState()
	if c := es[2].Sync.ChanFn(env); c != 4 {
		t.Errorf("u[i] = channel %d, want 4", c)
	}
	if es[3].Sync.Chan != 3 {
		t.Errorf("u[1] = channel %d, want 3", es[3].Sync.Chan)
	}
	expectError(t, "urgent chan u; clock x;\nprocess P() { state A; init A; trans A -> A { guard x > 1; sync u!; }; }\nsystem P;",
		"clock guards are not allowed on edges synchronising on urgent channels")
	expectError(t, "int c;\nprocess P() { state A; init A; trans A -> A { sync c!; }; }\nsystem P;", "'c' is not a channel")
}

func TestSelect(t *testing.T) {
	src := `typedef int[0,2] id_t; int x; chan c[3];
process P() { state A; init A; trans A -> A { select i : id_t, j : int[5,6]; guard i != 1; sync c[i]!; assign x = i + j; }; }
system P;`
	n := mustLoad(t, src)
	e := n.Processes[0].Edges[0]
	if len(e.Select) != 2 || e.Select[1] != (Select{Name: "j", Lo: 5, Hi: 6}) {
		t.Fatalf("select %+v", e.Select)
	}
	env := n.NewEnv()
	_, env.Vars = n.InitialState()
	env.Sel[0], env.Sel[1] = 2, 6
	if e.Guard.Int(env) == 0 || e.Sync.ChanFn(env) != 2 {
		t.Errorf("guard or sync wrong with i = 2")
	}
	e.Update(env)
	if env.Vars[0] != 8 {
		t.Errorf("x = %d, want 8", env.Vars[0])
	}
	expectError(t, "process P() { state A; init A; trans A -> A { select i : int[0,1]; assign i = 1; }; }\nsystem P;", "cannot assign to select variable 'i'")
}

func TestErrorContextAndPosition(t *testing.T) {
	src := "int x;\nprocess P() {\nstate A, B;\ninit A;\ntrans A -> B { guard y > 0; };\n}\nsystem P;\n"
	_, fs, diags := loadText(t, src)
	if len(diags) != 1 {
		t.Fatalf("diagnostics %v", diags)
	}
	got := fs.Format(diags[0])
	want := `test.xta:5:22: template P, guard of edge A -> B: undeclared identifier "y"`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	src = "clock x;\nprocess P() {\nstate A { x != 1 }, B;\ninit A;\n}\nsystem P;\n"
	_, fs, diags = loadText(t, src)
	if len(diags) != 1 || !strings.HasPrefix(fs.Format(diags[0]), "test.xta:3:11: template P, invariant of location A: clock disequality") {
		t.Errorf("got %v", diags)
	}
	src = "int x = 1 +;\nprocess P() { state A; init A; }\nsystem P;\n"
	_, fs, diags = loadText(t, src)
	if len(diags) == 0 || diags[0].Context != "global declarations" {
		t.Errorf("parse error context: %v", diags)
	}
}
