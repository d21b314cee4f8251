package pdb

import (
	"context"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
)

// grant is a chain of causes the target does not read: User waits for
// copy, which Poll copies from grant, which Ctrl sets two steps after Env
// raised req. The shortest trace has 6 transitions; an abstraction of
// User alone thinks 1.
const grant = `
int[0,1] req, grant, copy;
process Env { state e; init e; trans e -> e { guard req == 0; assign req := 1; }; }
process Ctrl {
    state idle, busy1, busy2, done;
    init idle;
    trans idle -> busy1 { guard req == 1; },
          busy1 -> busy2 { },
          busy2 -> done { assign grant := 1; };
}
process Poll { state p; init p; trans p -> p { assign copy := grant; }; }
process User { state wait, go; init wait; trans wait -> go { guard copy == 1; }; }
system Env, Ctrl, Poll, User;`

// TestRefineGrowsTheChain starts from the target's own pattern and checks
// that refinement adds, flaw by flaw, what the error trace needs (a
// variable a guard reads, the source of a copy, a process elsewhere, the
// variable its guard reads) until the abstract distance of the initial
// state is the true one.
func TestRefineGrowsTheChain(t *testing.T) {
	n := testmodel.Source(t, "grant.xta", grant)
	f := testmodel.Query(t, n, "E<> User.go")
	h := New(n, heuristic.TargetOf(n, f), Options{TrialWork: 10 * DefaultTrialWork})
	p := h.targetPattern()
	b, ok, err := h.trial(context.Background(), p)
	if err != nil || !ok {
		t.Fatalf("trial: %v %v", ok, err)
	}
	if d := initialDistance(b); d != 1 {
		t.Fatalf("the target's pattern gives %d, want 1", d)
	}
	b, err = h.refine(context.Background(), p, b)
	if err != nil {
		t.Fatal(err)
	}
	if d := initialDistance(b); d != 6 {
		t.Errorf("refined pattern %s gives %d, want 6", p, d)
	}
	for _, v := range []string{"req", "grant", "copy"} {
		if !p.Vars[named(t, n.Vars, v, func(x model.Var) string { return x.Name })] {
			t.Errorf("the refined pattern %s drops %s", p, v)
		}
	}
	if !p.Procs[named(t, n.Processes, "Ctrl", func(x *model.Process) string { return x.Name })] {
		t.Errorf("the refined pattern %s drops Ctrl", p)
	}
}

// named returns the index of the element of xs called name.
func named[T any](t *testing.T, xs []T, name string, nameOf func(T) string) int {
	t.Helper()
	for i, x := range xs {
		if nameOf(x) == name {
			return i
		}
	}
	t.Fatalf("nothing is called %s", name)
	return -1
}
