package zone

import (
	"errors"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
)

// States with tens of thousands of successors, or a broadcast whose
// receivers' choices multiply, are enumerated with polls of the
// interrupt: a search's budget stops one state's successors, which ran
// for seconds with no poll at all (issue 29). Each case stops at its
// third poll; the successors yielded by then are a small part of all.
var manySuccessors = []struct {
	name, src string
	total     int // the successors of the initial state
}{
	{"select", `
int[0,65535] v;
process P() { state A, B; init A; trans A -> B { select i : int[0,65535]; assign v = i; }; }
system P;`, 65536},
	{"guards that never hold", `
process P() { state A, B; init A; trans A -> B { select i : int[0,65535]; guard i < 0; }; }
system P;`, 0},
	{"broadcast fan-out", `
broadcast chan b;
process S() { state A, B; init A; trans A -> B { sync b!; }; }
process R() { state A, B; init A; trans A -> B { select i : int[0,7]; sync b?; }; }
S0 = S(); R0 = R(); R1 = R(); R2 = R(); R3 = R(); R4 = R(); R5 = R();
system S0, R0, R1, R2, R3, R4, R5;`, 262144},
	{"broadcast fan-out under priorities", `
broadcast chan b; chan c;
chan priority c < b;
process S() { state A, B; init A; trans A -> B { sync b!; }; }
process R() { state A, B; init A; trans A -> B { select i : int[0,7]; sync b?; }; }
S0 = S(); R0 = R(); R1 = R(); R2 = R(); R3 = R(); R4 = R(); R5 = R();
system S0, R0, R1, R2, R3, R4, R5;`, 262144},
}

func TestSuccessorsPollTheInterrupt(t *testing.T) {
	for _, tc := range manySuccessors {
		t.Run(tc.name, func(t *testing.T) {
			g := newGraph(t, testmodel.Source(t, "many.xta", tc.src), Options{})
			d, z := initial(t, g)
			x := g.NewExpander()
			polls := 0
			x.SetInterrupt(func() bool { polls++; return polls == 3 })
			yielded := 0
			err := x.Successors(d, z, func([]int32, []int32, *dbm.DBM) bool { yielded++; return true })
			if !errors.Is(err, ErrInterrupted) || polls != 3 || yielded > tc.total/4 {
				t.Errorf("error %v after %d polls and %d of %d successors; want %v at the third poll, with at most a quarter of them",
					err, polls, yielded, tc.total, ErrInterrupted)
			}
		})
	}
}

// Building a long concrete trace polls the interrupt at every step of
// its passes, so that it stops within the budget of the check that
// found the trace (issue 29: a 121k-step trace took 80 s past a 30 s
// budget).
func TestConcretizePollsTheInterrupt(t *testing.T) {
	g, f, res := reach(t, testmodel.Source(t, "deep.xta", testmodel.DeepCounter), "P.B", Options{})
	goal := f.Prop
	var path []SymbolicStep
	for _, st := range res.Trace {
		path = append(path, SymbolicStep{Label: st.Label, Discrete: st.Discrete})
	}
	if len(path) != 3002 {
		t.Fatalf("the path has %d states, want 3002", len(path))
	}
	if tr, err := g.Concretize(path, goal, func() bool { return false }); err != nil || len(tr.Steps) != 3001 {
		t.Fatalf("without a stop: %v", err)
	}
	polls := 0
	tr, err := g.Concretize(path, goal, func() bool { polls++; return polls == 3 })
	if !errors.Is(err, ErrInterrupted) || tr != nil || polls != 3 {
		t.Errorf("trace %v, error %v after %d polls; want %v at the third", tr != nil, err, polls, ErrInterrupted)
	}
}
