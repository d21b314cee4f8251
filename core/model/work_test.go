// The work of computations: the bound of ir.MaxWork and Env.Interrupt,
// the same in the closures and in the reference interpreter.

package model

import (
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
		"the computation in function f did not end after 131072 loop rounds", "for (i", 0)
	// The outermost loop is where the error is, in the function it is in,
	// however deep the rounds that exceed the bound are.
	deep := "int h() { int j; int s; for (j = 0; j < 1000; j++) s = (s + j) % 3; return s; }\n" +
		"int g() { int s; for (i : int[0,999]) s = (s + h()) % 5; return s; }"
	expectGuardWork(t, "through calls", deep, "g() >= 0", lower,
		"function g did not end", "for (i", 0)
	expectGuardWork(t, "quantifiers", "", "forall (i : int[0,999]) forall (j : int[0,999]) i + j >= 0", lower,
		"the computation did not end after 131072 loop rounds", "forall (i", 0)
	expectGuardWork(t, "sum", "", "sum (i : int[0,999]) sum (j : int[0,999]) 1 > 0", lower,
		"did not end", "sum (i", 0)
	expectGuardWork(t, "under the bound", "", "(sum (i : int[0,99]) sum (j : int[0,99]) 1) == 10000", lower, "", "", 1)
	// A body without effect is compiled to nothing: no rounds to count.
	empty := "int e() { for (i : int[0,9999]) for (j : int[0,9999]) ; return 1; }"
	expectGuardWork(t, "empty body", empty, "e() == 1", lower, "", "", 1)
	// Sequential loops each start their own count.
	seq := "int q() { int s; for (i : int[0,99999]) s = (s + i) % 7; for (i : int[0,99999]) s = (s + i) % 7; return s; }"
	expectGuardWork(t, "one after the other", seq, "q() >= 0", lower, "", "", 1)
}

func TestWorkInterrupt(t *testing.T) {
	polls := 0
	stopThird := func(e *Env) {
		polls = 0
		e.Interrupt = func() bool { polls++; return polls == 3 }
	}
	nested := "int f() { int i; int j; int s; for (i = 0; i < 1000; i++) for (j = 0; j < 1000; j++) s = (s + 1) % 7; return s; }"
	expectGuardWork(t, "interrupted", nested, "f() >= 0", stopThird, ir.InterruptError, "for (i", 0)
	expectGuardWork(t, "interrupted quantifier", "", "exists (i : int[0,32767]) exists (j : int[0,32767]) i + j < 0", stopThird,
		ir.InterruptError, "exists (i", 0)
	never := func(e *Env) { e.Interrupt = func() bool { return false } }
	expectGuardWork(t, "not interrupted", "", "(sum (i : int[0,999]) sum (j : int[0,199]) 1) == 200000", never, "", "", 1)
}
