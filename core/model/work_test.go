// The work of computations: the bound of ir.MaxWork and Env.Interrupt,
// the same in the closures and in the reference interpreter.

package model

import (
	"fmt"
	"strings"
	"testing"

	"beeline/core/ir"
)

// workBound is the lowered bound the tests run with (Env.MaxWork).
const workBound = 1 << 17

// runGuard evaluates the guard of edge 0 of process 0 on the initial
// state, with the closures or with the interpreter, on a fresh Env
// prepared by setup.
func runGuard(n *Network, closures bool, setup func(*Env)) (int32, *RuntimeError) {
	env := n.NewEnv()
	env.Locs, env.Vars = n.InitialState()
	setup(env)
	g := n.Processes[0].Edges[0].Guard
	var v int32
	if closures {
		v = g.Int(env)
	} else {
		v, _ = n.EvalGuard(g.Src, env)
	}
	if env.depth != 0 {
		panic("loops left running")
	}
	return v, env.Err
}

// expectGuardWork evaluates the guard g over decls with both evaluators
// under the lowered bound and checks that they agree: both fail with a
// message containing want at the position of the first occurrence of at
// in the model, or, when want is "", neither fails and both give value.
func expectGuardWork(t *testing.T, name, decls, g string, setup func(*Env), want, at string, value int32) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		src := tiny(decls, "", g, "")
		n := mustLoad(t, src)
		cv, ce := runGuard(n, true, setup)
		rv, re := runGuard(n, false, setup)
		if want == "" {
			if ce != nil || re != nil || cv != value || rv != value {
				t.Fatalf("closures %d %v, interpreter %d %v, want %d and no error", cv, ce, rv, re, value)
			}
			return
		}
		for i, e := range []*RuntimeError{ce, re} {
			who := [...]string{"closures", "interpreter"}[i]
			if e == nil {
				t.Fatalf("%s: no error, want %q", who, want)
			}
			if !strings.Contains(e.Msg, want) {
				t.Errorf("%s: error %q, want %q", who, e.Msg, want)
			}
			if got, wantAt := n.FS.Position(e.Pos).Offset, strings.Index(src, at); got != wantAt {
				t.Errorf("%s: error at offset %d, want %d (%q)", who, got, wantAt, at)
			}
		}
	})
}

func TestWorkBound(t *testing.T) {
	lower := func(e *Env) { e.MaxWork = workBound }
	nested := "int f() { int i; int j; int s; for (i = 0; i < 1000; i++) for (j = 0; j < 1000; j++) s = (s + 1) % 7; return s; }"
	expectGuardWork(t, "nested loops", nested, "f() >= 0", lower,
		"the computation in function f did not end after 131072 loop rounds and calls", "f() >= 0", 0)
	// The outermost construct is where the error is, naming the function
	// called, however deep the rounds that exceed the bound are.
	deep := "int h() { int j; int s; for (j = 0; j < 1000; j++) s = (s + j) % 3; return s; }\n" +
		"int g() { int s; for (i : int[0,999]) s = (s + h()) % 5; return s; }"
	expectGuardWork(t, "through calls", deep, "g() >= 0", lower,
		"function g did not end", "g() >= 0", 0)
	// A loop of a label is outermost, calls inside it count as rounds.
	expectGuardWork(t, "calls in a quantifier", deep, "forall (k : int[0,9]) g() >= 0", lower,
		"the computation did not end", "forall (k", 0)
	expectGuardWork(t, "quantifiers", "", "forall (i : int[0,999]) forall (j : int[0,999]) i + j >= 0", lower,
		"the computation did not end after 131072 loop rounds", "forall (i", 0)
	expectGuardWork(t, "sum", "", "sum (i : int[0,999]) sum (j : int[0,999]) 1 > 0", lower,
		"did not end", "sum (i", 0)
	expectGuardWork(t, "under the bound", "", "(sum (i : int[0,99]) sum (j : int[0,99]) 1) == 10000", lower, "", "", 1)
	// A body without effect is compiled to nothing: no rounds to count.
	empty := "int e() { for (i : int[0,9999]) for (j : int[0,9999]) ; return 1; }"
	expectGuardWork(t, "empty body", empty, "e() == 1", lower, "", "", 1)
	// Sequential constructs of a label each start their own count; those
	// of a function count towards its call.
	seq := "int q() { int s; for (i : int[0,99999]) s = (s + i) % 7; return s; }"
	expectGuardWork(t, "one after the other", seq, "q() >= 0 && q() >= 0", lower, "", "", 1)
	expectGuardWork(t, "in one call", seq+"\nint q2() { return q() + q(); }", "q2() >= 0", lower,
		"function q2 did not end", "q2() >= 0", 0)
	// Calls count without a loop (issue 29): 3^39 calls.
	expectGuardWork(t, "call chain", callChain(40), "f1() > 0", lower,
		"the computation in function f1 did not end after 131072 loop rounds and calls", "f1() > 0", 0)
}

func TestWorkInterrupt(t *testing.T) {
	polls := 0
	stopThird := func(e *Env) {
		polls = 0
		e.Interrupt = func() bool { polls++; return polls == 3 }
	}
	nested := "int f() { int i; int j; int s; for (i = 0; i < 1000; i++) for (j = 0; j < 1000; j++) s = (s + 1) % 7; return s; }"
	expectGuardWork(t, "interrupted", nested, "f() >= 0", stopThird, ir.InterruptError, "f() >= 0", 0)
	expectGuardWork(t, "interrupted call chain", callChain(40), "f1() > 0", stopThird, ir.InterruptError, "f1() > 0", 0)
	expectGuardWork(t, "interrupted quantifier", "", "exists (i : int[0,32767]) exists (j : int[0,32767]) i + j < 0", stopThird,
		ir.InterruptError, "exists (i", 0)
	never := func(e *Env) { e.Interrupt = func() bool { return false } }
	expectGuardWork(t, "not interrupted", "", "(sum (i : int[0,999]) sum (j : int[0,199]) 1) == 200000", never, "", "", 1)
}

// callChain declares f1 .. fn, each but the last returning whether the
// sum of three calls of the next is positive: 3^(n-1) calls, no loop.
func callChain(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "int f%d() { return 1; }\n", n)
	for i := n - 1; i >= 1; i-- {
		fmt.Fprintf(&b, "int f%d() { return f%d() + f%d() + f%d() > 0; }\n", i, i+1, i+1, i+1)
	}
	return b.String()
}

// A chain of calls without a loop is bounded wherever the model's code
// runs (issue 29): updates, invariants and query atoms with the closures
// and the interpreter alike, and constants when loading.
func TestCallChainWork(t *testing.T) {
	const want = "the computation in function f1 did not end after 131072 loop rounds and calls"
	chain := callChain(40)
	check := func(t *testing.T, who string, e *RuntimeError, src, at string, n *Network) {
		t.Helper()
		if e == nil || e.Msg != want {
			t.Fatalf("%s: error %v, want %q", who, e, want)
		}
		if got, wantAt := n.FS.Position(e.Pos).Offset, strings.Index(src, at); got != wantAt {
			t.Errorf("%s: error at offset %d, want %d (%q)", who, got, wantAt, at)
		}
	}
	fresh := func(n *Network) *Env {
		env := n.NewEnv()
		env.Locs, env.Vars = n.InitialState()
		env.MaxWork = workBound
		return env
	}
	t.Run("update", func(t *testing.T) {
		src := tiny(chain+"int x;", "", "", "x = f1()")
		n := mustLoad(t, src)
		e := n.Processes[0].Edges[0]
		env := fresh(n)
		e.Update(env)
		check(t, "closures", env.Err, src, "f1();", n)
		env = fresh(n)
		n.EvalUpdate(e.Assign, env)
		check(t, "interpreter", env.Err, src, "f1();", n)
	})
	t.Run("invariant", func(t *testing.T) {
		src := chain + "clock y;\nprocess P() { state A { y <= f1() }; init A; }\nsystem P;\n"
		n := mustLoad(t, src)
		inv := n.Processes[0].Locations[0].Invariant
		env := fresh(n)
		inv.Clocks[0].Value(env)
		check(t, "closures", env.Err, src, "f1() }", n)
		env = fresh(n)
		n.EvalGuard(inv.Src, env)
		check(t, "interpreter", env.Err, src, "f1() }", n)
	})
	t.Run("query", func(t *testing.T) {
		src := tiny(chain, "", "", "")
		n := mustLoad(t, src)
		f, errs := compileQuery(t, n, "E<> f1() > 0")
		if errs.HasErrors() {
			t.Fatal(errs)
		}
		env := fresh(n)
		f.Prop.Atom(env)
		if env.Err == nil || env.Err.Msg != want {
			t.Fatalf("closures: error %v, want %q", env.Err, want)
		}
		env = fresh(n)
		n.EvalLabel(f.Prop.Expr, f.Frame, env)
		if env.Err == nil || env.Err.Msg != want {
			t.Fatalf("interpreter: error %v, want %q", env.Err, want)
		}
	})
	t.Run("constant", func(t *testing.T) {
		src := tiny(chain+"const int C = f1();", "", "", "")
		expectError(t, src, "test.xta:41:15: global declarations: the computations of constants did not end after 4194304 loop rounds and calls")
	})
}

// Copies and comparisons of arrays count their slots as work
// (ir.CopyRounds), in a function or in a label (issue 29: 3,000 copies
// of a 400k-slot array ran for seconds past the time budget).
func TestCopyWork(t *testing.T) {
	lower := func(e *Env) { e.MaxWork = workBound }
	arrays := "int a[100000]; int b[100000];\nint g(int v[100000]) { return v[0]; }\n"
	many := func(x, op string) string { return strings.TrimSuffix(strings.Repeat(x+op, 30), op) }
	expectGuardWork(t, "arguments", arrays+"int h() { return "+many("g(a)", " + ")+"; }", "h() == 0", lower,
		"the computation in function h did not end after 131072 loop rounds and calls", "h() == 0", 0)
	expectGuardWork(t, "comparisons", arrays, "forall (i : int[0,29]) a == b", lower,
		"the computation did not end", "forall (i", 0)
	expectGuardWork(t, "few comparisons", arrays, "forall (i : int[0,9]) a == b", lower, "", "", 1)
	polls := 0
	stop := func(e *Env) {
		polls = 0
		e.Interrupt = func() bool { polls++; return polls == 2 }
	}
	expectGuardWork(t, "interrupted", arrays+"int h() { return "+many("g(a)", " + ")+"; }", "h() == 0", stop,
		ir.InterruptError, "h() == 0", 0)
}

// An aggregate assignment shares its type's slot ranges with every other
// one of that type: the load costs the array once, not at each copy.
func TestCopyRangesShared(t *testing.T) {
	n := mustLoad(t, tiny("int a[100000]; int b[100000];\nvoid h() { b = a; b = a; }", "", "", "h()"))
	call := n.Processes[0].Edges[0].Assign.List[0].(*ir.Call)
	var copies []*ir.Copy
	for _, s := range call.Fn.Body.(*ir.Block).List {
		copies = append(copies, s.(*ir.Do).X.(*ir.Copy))
	}
	if len(copies) != 2 || len(copies[0].Ranges) != 100000 || &copies[0].Ranges[0] != &copies[1].Ranges[0] {
		t.Errorf("copies %d, not sharing one list of 100000 ranges", len(copies))
	}
}
