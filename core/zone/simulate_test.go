package zone

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
)

// A sender that may synchronise with Q once x ≥ 2, or go to C on its own
// once x > 3, within its invariant x ≤ 5.
const simSource = `
clock x;
chan go;
int[0,2] n;
process P {
    state A { x <= 5 }, B, C, U;
    urgent U;
    init A;
    trans A -> B { guard x >= 2; sync go!; assign x = 0, n = n + 1; },
          A -> C { guard x > 3; },
          C -> U { },
          U -> C { };
}
process Q {
    state S, T;
    init S;
    trans S -> T { sync go?; };
}
system P, Q;
`

func simulator(t *testing.T, src string, concrete bool) *Simulator {
	t.Helper()
	g := newGraph(t, testmodel.Source(t, "sim.xta", src), Options{Extrapolation: ExtraNone})
	s, err := g.NewSimulator(concrete)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// choiceTexts prints the enabled transitions, with their delays when the
// simulation is concrete.
func choiceTexts(t *testing.T, s *Simulator) []string {
	t.Helper()
	cs, err := s.Enabled()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range cs {
		text := s.x.FormatTransition(c.Transition)
		if s.concrete {
			text += " " + c.When.describe("at")
		}
		out = append(out, text)
	}
	return out
}

func pick(t *testing.T, s *Simulator, prefix string) Choice {
	t.Helper()
	cs, err := s.Enabled()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if strings.HasPrefix(s.x.FormatTransition(c.Transition), prefix) {
			return c
		}
	}
	t.Fatalf("no enabled transition starts with %q: %q", prefix, choiceTexts(t, s))
	return Choice{}
}

func TestSimulatorSymbolic(t *testing.T) {
	s := simulator(t, simSource, false)
	expectLines(t, "enabled initially", choiceTexts(t, s), []string{
		"P.A → P.B, Q.S → Q.T",
		"P.A → P.C",
	})
	if err := s.Take(pick(t, s, "P.A → P.B").Label); err != nil {
		t.Fatal(err)
	}
	if got := choiceTexts(t, s); len(got) != 0 {
		t.Errorf("after the synchronisation %q are enabled, want none", got)
	}
	tr, err := s.Trace()
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.States) != 2 || len(tr.Steps) != 1 {
		t.Fatalf("trace of %d states and %d steps, want 2 and 1", len(tr.States), len(tr.Steps))
	}
	if got := FormatValue(tr.Steps[0].Delay, tr.Den); got != "2" {
		t.Errorf("the witness waits %s before the synchronisation, want the least delay 2", got)
	}
	if got := tr.States[1].Vars; !slices.Equal(got, []int32{1}) {
		t.Errorf("n = %v after the synchronisation, want 1", got)
	}
	if got := tr.States[0].Zone; got != "x<=5" {
		t.Errorf("initial zone %q, want x<=5", got)
	}
	if err := s.Take(pick2(t, "P.A → P.C")); err == nil {
		t.Error("a transition of another state was taken")
	}
}

// pick2 returns a label that is not enabled after the synchronisation.
func pick2(t *testing.T, prefix string) []int32 {
	s := simulator(t, simSource, false)
	return pick(t, s, prefix).Label
}

func TestSimulatorConcrete(t *testing.T) {
	s := simulator(t, simSource, true)
	if got := s.Wait().describe("waits"); got != "waits delays in [0, 5]" {
		t.Errorf("initially %s, want [0, 5]", got)
	}
	expectLines(t, "enabled initially", choiceTexts(t, s), []string{
		"P.A → P.B, Q.S → Q.T at delays in [2, 5]",
		"P.A → P.C at delays in (3, 5]",
	})
	sync := pick(t, s, "P.A → P.B").Label
	if err := s.TakeAfter(1, 1, sync); err == nil || !strings.Contains(err.Error(), "cannot be taken after a delay of 1") {
		t.Errorf("taking the synchronisation at x = 1: %v", err)
	}
	if err := s.TakeAfter(6, 1, sync); err == nil || !strings.Contains(err.Error(), "cannot wait 6 here") {
		t.Errorf("waiting past the invariant: %v", err)
	}
	if err := s.TakeAfter(5, 2, sync); err != nil {
		t.Fatal(err)
	}
	tr, err := s.Trace()
	if err != nil {
		t.Fatal(err)
	}
	if tr.Den != 2 || tr.Steps[0].Delay != 5 || tr.States[1].Clocks[1] != 0 {
		t.Errorf("delay %d/%d and x = %d after, want 5/2 and x reset to 0", tr.Steps[0].Delay, tr.Den, tr.States[1].Clocks[1])
	}

	// Time is frozen in an urgent location.
	s = simulator(t, simSource, true)
	if err := s.TakeAfter(7, 2, pick(t, s, "P.A → P.C").Label); err != nil {
		t.Fatal(err)
	}
	if err := s.TakeAfter(0, 1, pick(t, s, "P.C → P.U").Label); err != nil {
		t.Fatal(err)
	}
	if w := s.Wait(); w.Empty || w.HiInf || w.Hi != 0 {
		t.Errorf("in an urgent location the simulator may wait %s", w.describe(""))
	}
	if err := s.TakeAfter(1, 1, pick(t, s, "P.U → P.C").Label); err == nil {
		t.Error("time passed in an urgent location")
	}
	tr, err = s.Trace()
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatValue(tr.States[2].Clocks[1], tr.Den); got != "7/2" {
		t.Errorf("x = %s in U, want 7/2", got)
	}
}

// A random run on UPPAAL's train-gate takes only transitions that a
// fresh simulator then takes again, state for state, in both modes.
func TestSimulatorRandomReplays(t *testing.T) {
	net := testmodel.File(t, testmodel.Shared(t, "uppaal-demos/train-gate.xml"))
	g := newGraph(t, net, Options{Extrapolation: ExtraNone})
	for _, concrete := range []bool{false, true} {
		s, err := g.NewSimulator(concrete)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.Random(40, rand.New(rand.NewPCG(1, 2)))
		if err != nil || n != 40 {
			t.Fatalf("concrete=%v: %d random steps, err %v; train-gate never deadlocks", concrete, n, err)
		}
		tr, err := s.Trace()
		if err != nil {
			t.Fatal(err)
		}
		again, err := g.NewSimulator(concrete)
		if err != nil {
			t.Fatal(err)
		}
		for k, st := range tr.Steps {
			label := st.Transition.Label()
			if concrete {
				err = again.TakeAfter(st.Delay, tr.Den, label)
			} else {
				err = again.Take(label)
			}
			if err != nil {
				t.Fatalf("concrete=%v: step %d (%s) does not replay: %v", concrete, k, g.FormatTransition(st.Transition), err)
			}
			if !slices.Equal(again.Discrete()[:g.np], tr.States[k+1].Locs) {
				t.Fatalf("concrete=%v: step %d reaches other locations on replay", concrete, k)
			}
		}
		if concrete {
			for k, st := range tr.Steps {
				if st.Delay < 0 {
					t.Errorf("step %d waits %d", k, st.Delay)
				}
			}
		}
	}
}
