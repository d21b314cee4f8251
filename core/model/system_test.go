// Instantiation: parameters, partial instantiation, automatic binding,
// process names, priorities and the state layout.

package model

import (
	"fmt"
	"strings"
	"testing"

	"beeline/core/ir"
)

func names(n *Network) string {
	var s []string
	for _, p := range n.Processes {
		s = append(s, p.Name)
	}
	return strings.Join(s, " ")
}

func TestAutomaticBinding(t *testing.T) {
	src := `typedef int[0,2] id_t;
process T(const id_t i) { int v = i; state A; init A; }
process U(int[0,1] a, int[0,1] b) { state A; init A; }
process Q() { state A; init A; }
system T, Q, U;`
	n := mustLoad(t, src)
	if got := names(n); got != "T(0) T(1) T(2) Q U(0,0) U(0,1) U(1,0) U(1,1)" {
		t.Errorf("processes %s", got)
	}
	_, vars := n.InitialState()
	if v := vars[varIndex(t, n, "T(2).v")]; v != 2 {
		t.Errorf("T(2).v = %d, want 2", v)
	}
	expectError(t, "process T(int i) { state A; init A; }\nsystem T;", "free parameter 'i' of 'T' must be a bounded integer or a scalar passed by value")
	expectError(t, "process T(int[0,1] &i) { state A; init A; }\nsystem T;", "free parameter 'i'")
}

func TestPartialInstantiation(t *testing.T) {
	src := `int v, u;
const struct { int a, b, c; } data[2] = { { 1, 2, 3 }, { 4, 5, 6 } };
process P(int &x, int y, const int n, const int m) { int s = y + n + m; state A; init A; trans A -> A { assign x = m; }; }
Q(int &x, const int i) = P(x, data[i].a, data[i].b, 2 * data[i].c);
Q1 = Q(v, 0);
Q2 = Q(u, 1);
system Q1, Q2;`
	n := mustLoad(t, src)
	if got := names(n); got != "Q1 Q2" {
		t.Fatalf("processes %s", got)
	}
	_, vars := n.InitialState()
	if s := vars[varIndex(t, n, "Q2.s")]; s != 4+5+12 {
		t.Errorf("Q2.s = %d, want 21", s)
	}
	env := n.NewEnv()
	env.Vars = vars
	n.Processes[1].Edges[0].Update(env)
	if u := vars[varIndex(t, n, "u")]; u != 12 {
		t.Errorf("u = %d, want 12 (reference bound through Q)", u)
	}
	if n.Processes[0].Template != "P" {
		t.Errorf("template %q", n.Processes[0].Template)
	}
}

func TestPartialWithFreeParameter(t *testing.T) {
	src := `typedef int[0,1] id_t; int g[2];
process P(int &x, const id_t k) { state A; init A; }
R(const id_t j) = P(g[j], j);
system R;`
	n := mustLoad(t, src)
	if got := names(n); got != "R(0) R(1)" {
		t.Errorf("processes %s", got)
	}
}

func TestReferenceParameters(t *testing.T) {
	src := `clock c[2]; chan ch[2]; urgent chan uc; int[0,3] w; bool flags[2];
process P(clock &x, chan &a[2], urgent chan &u, int[0,3] &r, bool &f[2]) {
  state A; init A; trans A -> A { sync a[1]!; assign x = 0, r = 3, f[1] = true; }; }
S = P(c[1], ch, uc, w, flags);
system S;`
	n := mustLoad(t, src)
	e := n.Processes[0].Edges[0]
	if e.Sync.Chan != 1 {
		t.Errorf("a[1] is channel %d, want 1", e.Sync.Chan)
	}
	env, vars := runUpdate(t, n)
	if len(env.Resets) != 1 || env.Resets[0].Clock != 2 {
		t.Errorf("resets %+v, want clock 2", env.Resets)
	}
	if vars[varIndex(t, n, "w")] != 3 || vars[varIndex(t, n, "flags[1]")] != 1 {
		t.Errorf("vars %v", vars)
	}
	expectError(t, "int[0,5] w;\nprocess P(int[0,3] &r) { state A; init A; }\nS = P(w);\nsystem S;", "does not match reference parameter 'r'")
	expectError(t, "const int K = 1;\nprocess P(int &r) { state A; init A; }\nS = P(K);\nsystem S;", "cannot pass constant 'K'")
	expectError(t, "int a[2]; int i;\nprocess P(int &r) { state A; init A; }\nS = P(a[i]);\nsystem S;", "must be a variable with constant indices")
	expectError(t, "process P(const int k) { state A; init A; }\nS = P(1, 2);\nsystem S;", "takes 1 arguments, got 2")
	expectError(t, "process P(const int[0,3] k) { state A; init A; }\nS = P(7);\nsystem S;", "argument 7 for parameter 'k' of 'P' is outside [0,3]")
	expectError(t, "process P(const int k) { state A; init A; trans A -> A { assign k = 2; }; }\nS = P(1);\nsystem S;", "cannot assign to constant 'k'")
}

func TestSystemScope(t *testing.T) {
	// A variable of the system section is visible to arguments only.
	n := mustLoad(t, "process P(int &r) { state A; init A; }\nint sv = 3;\nS = P(sv);\nsystem S;")
	if n.Vars[0].Name != "sv" || n.Vars[0].Init != 3 {
		t.Errorf("vars %+v", n.Vars)
	}
	expectError(t, "process P() { state A; init A; trans A -> A { assign sv = 1; }; }\nint sv;\nsystem P;", `undeclared identifier "sv"`)
}

func TestLayout(t *testing.T) {
	src := `int g; clock gc;
process P(const int[0,1] i) { int l[2]; clock lc; meta int m; state A; init A; }
system P;`
	n := mustLoad(t, src)
	var vs []string
	for _, v := range n.Vars {
		vs = append(vs, v.Name)
	}
	if got := strings.Join(vs, " "); got != "g P(0).l[0] P(0).l[1] P(0).m P(1).l[0] P(1).l[1] P(1).m" {
		t.Errorf("vars %s", got)
	}
	var cs []string
	for _, c := range n.Clocks {
		cs = append(cs, c.Name)
	}
	if got := strings.Join(cs, " "); got != "0 gc P(0).lc P(1).lc" {
		t.Errorf("clocks %s", got)
	}
	s := n.Summary()
	if s.Processes != 2 || s.Clocks != 3 || s.Variables != 5 || s.Meta != 2 || s.Locations != 2 || s.PerProcess[1].Name != "P(1)" {
		t.Errorf("summary %+v", s)
	}
	if got := n.Describe(n.InitialState()); got != "P(0).A P(1).A g=0 P(0).l[0]=0 P(0).l[1]=0 P(0).m=0 P(1).l[0]=0 P(1).l[1]=0 P(1).m=0" {
		t.Errorf("describe %q", got)
	}
}

func TestProcessPriorities(t *testing.T) {
	n := mustLoad(t, "process A() { state s; init s; }\nprocess B() { state s; init s; }\nprocess C() { state s; init s; }\nprocess D() { state s; init s; }\nsystem A < B, C < D;")
	want := []int32{0, 1, 1, 2}
	for i, p := range n.Processes {
		if p.Priority != want[i] {
			t.Errorf("%s priority %d, want %d", p.Name, p.Priority, want[i])
		}
	}
	if !n.HasPriorities {
		t.Errorf("HasPriorities not set")
	}
	n = mustLoad(t, "process A() { state s; init s; }\nsystem A;")
	if n.HasPriorities {
		t.Errorf("HasPriorities set without priorities")
	}
}

func TestLocationNamespace(t *testing.T) {
	expectError(t, "process P() { int cs; state cs; init cs; }\nsystem P;", "'cs' is already declared as a location")
	expectError(t, "process P() { state cs, B; init cs; trans cs -> B { guard cs; }; }\nsystem P;", "'cs' is a location, not a value")
}

func TestSystemErrors(t *testing.T) {
	expectError(t, "process P() { state A; init A; }\nsystem P, P;", "listed twice")
	expectError(t, "process P() { state A; init A; }\nsystem Q;", "'Q' is not a template")
}

// TestResolvedNames checks how names bind in the resolved form, through
// the dependency table: each process's locals, parameters folded to
// constants, select values, fixed clocks, resets inside functions.
func TestResolvedNames(t *testing.T) {
	src := `int g; const int K = 3; int a[4];
void reset(clock &x) { x = 0; }
process P(const int[0,1] i) { int l; clock c; state A; init A;
  trans A -> A { select s : int[0,3]; guard s + i + K > l && a[s] == 0; assign l = g, reset(c); }; }
system P;`
	n := mustLoad(t, src)
	// Vars: g 0, a 1..4, P(0).l 5, P(1).l 6; clocks: P(0).c 1, P(1).c 2.
	for p, want := range []struct{ l, c int32 }{{5, 1}, {6, 2}} {
		d := n.Deps.Edges[p][0]
		if got := fmt.Sprint(d.Guard.ReadVars); got != fmt.Sprint([]int32{1, 2, 3, 4, want.l}) {
			t.Errorf("P(%d) guard reads %s", p, got)
		}
		if got := fmt.Sprint(d.Update.WriteVars, d.Update.ReadVars, d.Update.SureResets); got != fmt.Sprint([]int32{want.l}, []int32{0}, []int32{want.c}) {
			t.Errorf("P(%d) update writes, reads, resets %s", p, got)
		}
		g := n.Processes[p].Edges[0].Guard.Src.Cond.(*ir.Binary)
		sum := g.X.(*ir.Binary).X.(*ir.Binary) // (s + i) + K
		si := sum.X.(*ir.Binary)
		s, sok := si.X.(*ir.Load)
		i, iok := si.Y.(*ir.Const)
		k, kok := sum.Y.(*ir.Const)
		if !sok || s.Ref.Space != ir.Sel || !iok || i.V != int32(p) || !kok || k.V != 3 {
			t.Errorf("P(%d): s + i + K resolved to %#v + %#v + %#v", p, si.X, si.Y, sum.Y)
		}
	}
}

// issue 29: a run-time error on a model with 800,000 variables printed
// its whole state; Brief keeps a message's state short and says how much
// it left out.
func TestBrief(t *testing.T) {
	n := mustLoad(t, "int a[5000];\nprocess P() { state A; init A; }\nsystem P;")
	locs, vars := n.InitialState()
	if got := n.Brief(locs, vars); len(got) > 1100 || !strings.HasPrefix(got, "P.A a[0]=0 a[1]=0") || !strings.HasSuffix(got, " more)") {
		t.Errorf("brief of 5000 variables: %d bytes, %q...", len(got), got[:min(len(got), 80)])
	}
	small := mustLoad(t, "int a[3];\nprocess P() { state A; init A; }\nsystem P;")
	locs, vars = small.InitialState()
	if got, want := small.Brief(locs, vars), small.Describe(locs, vars); got != want {
		t.Errorf("brief %q, describe %q", got, want)
	}
}
