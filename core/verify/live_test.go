package verify

import (
	"context"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/zone"
)

// liveModels holds small networks (testdata/models/live) whose liveness
// answers follow from UPPAAL's definition of a maximal path (infinite, or
// ending where time passes forever, or where no transition can be taken
// and time cannot pass); Zeno runs count as infinite, as in UPPAAL. Each
// file says what its automata do.
const liveModels = ownModels + "/live/"

func TestLivenessVerdicts(t *testing.T) {
	for _, tc := range []struct {
		model, formula string
		want           Verdict
		end            zone.TraceEnd // of the trace, when there is one
	}{
		{"timelock", "E[] not P.stuck", Satisfied, zone.EndDelay}, // stay in idle forever
		{"timelock", "A<> P.done", NotSatisfied, zone.EndDelay},   // idle forever
		{"timelock", "P.busy --> P.done", NotSatisfied, zone.EndDeadlock},
		{"timelock", "P.busy --> P.done or P.stuck", Satisfied, 0},
		{"timelock", "E[] P.busy", NotSatisfied, 0}, // the initial state is idle
		{"timelock", "E[] P.idle or P.busy or P.done", Satisfied, zone.EndDelay},
		// idle -> busy -> done -> idle quickly enough
		{"timelock", "E[] x <= 10", Satisfied, zone.EndLoop},
		{"timelock", "A<> x > 10", NotSatisfied, zone.EndLoop},
		// busy -> stuck at x = 3
		{"timelock", "E[] x <= 10 and not P.done", Satisfied, zone.EndDeadlock},
		{"cycle", "E[] P.a or P.b", Satisfied, zone.EndLoop},
		{"cycle", "A<> P.d", NotSatisfied, zone.EndLoop},
		{"cycle", "P.c --> P.d", Satisfied, 0},
		{"cycle", "E[] not P.d", Satisfied, zone.EndLoop},
		{"cycle", "E[] P.c or P.d", NotSatisfied, 0},
		{"cycle", "P.b --> P.c", NotSatisfied, zone.EndLoop},
		{"zeno", "E[] P.a", Satisfied, zone.EndLoop}, // the Zeno self-loop
		{"zeno", "A<> P.b", NotSatisfied, zone.EndLoop},
		{"zeno", "E[] P.b", NotSatisfied, 0},
		{"committed", "A<> P.e", NotSatisfied, zone.EndDelay}, // a may be kept forever
		{"committed", "P.c --> P.e", NotSatisfied, zone.EndDeadlock},
		{"committed", "E[] P.c or P.a", Satisfied, zone.EndDelay},
		{"committed", "E[] P.c", NotSatisfied, 0},
		{"urgent", "E[] R.r0", Satisfied, zone.EndLoop}, // time never passes
		{"urgent", "A<> R.r1", NotSatisfied, zone.EndLoop},
		{"urgent", "A<> q == 2", Satisfied, 0}, // every run hands the token on
		{"urgent", "P.p1 --> P.p0", Satisfied, 0},
		{"second", "P.req --> P.ok", NotSatisfied, zone.EndDelay}, // once served, ignored forever
		{"second", "P.req and not served --> P.ok", Satisfied, 0},
		{"second", "A<> P.req", NotSatisfied, zone.EndDelay}, // idle has no invariant
		{"second", "E[] P.idle", Satisfied, zone.EndDelay},
	} {
		t.Run(tc.model+": "+tc.formula, func(t *testing.T) {
			n := testmodel.File(t, liveModels+tc.model+".xta")
			f := testmodel.Query(t, n, tc.formula)
			res, err := Check(context.Background(), n, f, Options{Trace: TraceSome})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tc.want {
				t.Fatalf("verdict %v (%s), want %v", res.Verdict, res.Reason, tc.want)
			}
			trace := tc.want == Satisfied && strings.HasPrefix(tc.formula, "E[]") || tc.want == NotSatisfied && !strings.HasPrefix(tc.formula, "E[]")
			if !trace {
				if res.Concrete != nil {
					t.Fatalf("a trace where none is due")
				}
				return
			}
			if res.Concrete == nil {
				t.Fatal("no trace")
			}
			if res.Concrete.End != tc.end {
				t.Errorf("trace ends with %v, want %v\n%s", res.Concrete.End, tc.end, res.Graph.FormatTrace(res.Concrete))
			}
			if int(res.Depth) != len(res.Concrete.Steps) {
				t.Errorf("depth %d for %d steps", res.Depth, len(res.Concrete.Steps))
			}
		})
	}
}

// A formula whose clock constraints are a union of zones in some state is
// not decided, and says why; a disjunction that is convex is decided.
func TestLivenessNonConvex(t *testing.T) {
	n := testmodel.File(t, liveModels+"timelock.xta")
	res, err := Check(context.Background(), n, testmodel.Query(t, n, "E[] x < 1 or x > 2"), Options{})
	if err != nil || res.Verdict != Unknown || !strings.Contains(res.Reason, "union of zones") {
		t.Errorf("non-convex: %v, %+v", err, res)
	}
	res, err = Check(context.Background(), n, testmodel.Query(t, n, "E[] x <= 3 or x > 2"), Options{})
	if err != nil || res.Verdict != Satisfied {
		t.Errorf("convex union: %v, %+v", err, res)
	}
}
