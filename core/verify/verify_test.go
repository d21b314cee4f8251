package verify

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
)

const ownModels = "../../testdata/models"

// load reads a model and compiles one formula against it.
func load(t testing.TB, path, formula string) (*model.Network, *model.Formula) {
	t.Helper()
	n := testmodel.File(t, path)
	return n, testmodel.Query(t, n, formula)
}

// expectVerdict checks formula on the model at path and returns the result.
func expectVerdict(t *testing.T, path, formula string, want Verdict, opts Options) *Result {
	t.Helper()
	n, f := load(t, path, formula)
	res, err := Check(context.Background(), n, f, opts)
	if err != nil {
		t.Fatalf("%s: %s: %v", filepath.Base(path), formula, err)
	}
	if res.Verdict != want {
		t.Fatalf("%s: %s: verdict %v (%s), want %v", filepath.Base(path), formula, res.Verdict, res.Reason, want)
	}
	return res
}

func TestOwnModels(t *testing.T) {
	fischer := filepath.Join(ownModels, "fischer.xml")
	broken := filepath.Join(ownModels, "fischer-broken.xml")
	crossing := filepath.Join(ownModels, "crossing.xta")
	mutex := "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"
	for _, tc := range []struct {
		path, formula string
		want          Verdict
	}{
		{fischer, mutex, Satisfied},
		{fischer, "A[] not deadlock", Satisfied},
		{fischer, "E<> P(1).cs", Satisfied},
		{fischer, "E<> P(1).cs && P(2).cs", NotSatisfied},
		{fischer, "E<> P(1).req && P(1).x > 2", NotSatisfied},  // the invariant x <= k
		{fischer, "E<> P(1).wait && P(1).x > 1000", Satisfied}, // waiting is unbounded
		{fischer, "A[] id <= 4", Satisfied},
		{broken, mutex, NotSatisfied},
		{crossing, "E<> Train(0).Cross", Satisfied},
		{crossing, "A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j", Satisfied},
		{crossing, "A[] q.len <= N", Satisfied},
		{crossing, "E<> q.len == N", Satisfied},
		{crossing, "E<> Observer.Alarmed", NotSatisfied}, // nobody sends alarm
		{crossing, "A[] not deadlock", Satisfied},
	} {
		t.Run(filepath.Base(tc.path)+": "+tc.formula, func(t *testing.T) {
			expectVerdict(t, tc.path, tc.formula, tc.want, Options{})
		})
	}
}

func TestShortestTrace(t *testing.T) {
	broken := filepath.Join(ownModels, "fischer-broken.xml")
	mutex := "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"
	res := expectVerdict(t, broken, mutex, NotSatisfied, Options{Order: search.DFS, Trace: TraceShortest})
	// Two processes must each take idle -> req -> wait -> cs: six transitions.
	if got := len(res.Concrete.Steps); got != 6 {
		t.Errorf("shortest counterexample has %d transitions, want 6", got)
	}
	if len(res.Symbolic) != len(res.Concrete.Steps)+1 {
		t.Errorf("symbolic trace has %d states for %d transitions", len(res.Symbolic), len(res.Concrete.Steps))
	}
	// The run must wait: some delay is positive, and the last two processes
	// reach cs with their clocks past k = 2.
	var waited bool
	for _, s := range res.Concrete.Steps {
		waited = waited || s.Delay > 0
	}
	if !waited {
		t.Errorf("no delay in a counterexample that needs x >= k")
	}
	// The order that ran is said when it is not the one asked for.
	if res.Order != "breadth-first: a shortest trace needs it" {
		t.Errorf("DFS with a shortest trace: order %q, want breadth-first said", res.Order)
	}
	some := expectVerdict(t, broken, mutex, NotSatisfied, Options{Order: search.DFS, Trace: TraceSome})
	if some.Order != "" {
		t.Errorf("DFS with some trace: order %q, want none said", some.Order)
	}
	if len(some.Concrete.Steps) < 6 {
		t.Errorf("a trace shorter than the shortest: %d", len(some.Concrete.Steps))
	}
	none := expectVerdict(t, broken, mutex, NotSatisfied, Options{})
	if none.Concrete != nil || none.Symbolic != nil {
		t.Errorf("a trace was built without being asked for")
	}
}

func TestUnknown(t *testing.T) {
	fischer := filepath.Join(ownModels, "fischer.xml")
	n, f := load(t, fischer, "A[] not deadlock")
	res, err := Check(context.Background(), n, f, Options{MaxStates: 10})
	if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonStates {
		t.Errorf("state budget: %v, %+v", err, res)
	}
	if res.Stats.Stored == 0 {
		t.Errorf("a stopped search reports no statistics")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = Check(ctx, n, f, Options{})
	if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonCancelled {
		t.Errorf("cancelled: %v, %+v", err, res)
	}
	// Liveness searches keep to the budgets and stop when cancelled.
	for _, formula := range []string{"P(1).req --> P(1).wait", "A<> P(1).x > 5000", "E[] P(1).x <= 5000"} {
		_, f := load(t, fischer, formula)
		res, err := Check(context.Background(), n, f, Options{MaxStates: 3})
		if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonStates || res.Stats.Stored != 3 {
			t.Errorf("%s with a state budget: %v, %+v", formula, err, res)
		}
		res, err = Check(ctx, n, f, Options{})
		if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonCancelled {
			t.Errorf("%s cancelled: %v, %+v", formula, err, res)
		}
	}
}

func TestRuntimeErrorIsReported(t *testing.T) {
	src := `int[0,2] c;
process P() {
	state a;
	init a;
	trans a -> a { assign c = c + 1; };
}
system P;`
	path := filepath.Join(t.TempDir(), "overflow.xta")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	n, f := load(t, path, "E<> c == 5")
	res, err := Check(context.Background(), n, f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Unknown || !strings.Contains(res.Reason, "out of range") || !strings.Contains(res.Reason, "overflow.xta:5") {
		t.Errorf("out-of-range assignment: verdict %v, reason %q", res.Verdict, res.Reason)
	}
}

// TestExpectedVerdicts checks every query of EXPECTED.tsv whose search fits
// in a small budget; BEELINE_CORPUS=1 runs the full sweep without budget.
// With a shortest trace every state is stored; on models with committed
// locations the query is checked again without a trace, where committed
// states are passed through (natively: the sweep is long under js/wasm).
func TestExpectedVerdicts(t *testing.T) {
	rows := testmodel.Expected(t, sharedModels)
	full := os.Getenv("BEELINE_CORPUS") != ""
	if testing.Short() && !full {
		t.Skip("corpus sweep skipped in -short mode")
	}
	for _, e := range rows {
		t.Run(e.Model+": "+e.Query, func(t *testing.T) {
			if e.Disagree != "" {
				t.Skip(e.Disagree)
			}
			n, q := load(t, filepath.Join(sharedModels, e.Model), e.Query)
			opts := Options{Trace: TraceShortest}
			if !full {
				opts.MaxStates = 20000
			}
			res, err := Check(context.Background(), n, q, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict == Unknown && res.Reason == search.ReasonStates {
				t.Skipf("over the quick budget (%d states); run with BEELINE_CORPUS=1", opts.MaxStates)
			}
			if res.Verdict.String() != e.Want {
				t.Fatalf("verdict %v (%s), want %s", res.Verdict, res.Reason, e.Want)
			}
			if !hasCommitted(n) || runtime.GOOS == "js" {
				return
			}
			opts.Trace = TraceNone
			res, err = Check(context.Background(), n, q, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict.String() != e.Want && res.Reason != search.ReasonStates {
				t.Fatalf("committed states passed through: verdict %v (%s), want %s", res.Verdict, res.Reason, e.Want)
			}
		})
	}
}

const sharedModels = "../../../shared/models"

// TestInvariantForms checks the invariants libutap's type checker accepts
// beyond upper bounds, with their meaning as constraints on the states:
// `x == 0` lets no time pass (it is `x <= 0`), `x >= 0` says nothing, and
// a lower bound keeps a location from being entered below it.
func TestInvariantForms(t *testing.T) {
	src := `clock x, y;
process P() {
	state Now { x == 0 }, Any { y >= 0 && y <= 10 }, Late { x >= 3 }, Early, Done;
	init Now;
	trans Now -> Early { guard x > 0; },
	      Now -> Any { },
	      Any -> Late { },
	      Late -> Done { guard x <= 4; };
}
system P;`
	path := filepath.Join(t.TempDir(), "invariants.xta")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		formula string
		want    Verdict
	}{
		{"E<> P.Early", NotSatisfied},          // no time passes in Now
		{"E<> P.Any and x > 5", Satisfied},     // y >= 0 bounds nothing
		{"E<> P.Late and x < 3", NotSatisfied}, // Late is entered at x >= 3 only
		{"E<> P.Late", Satisfied},              // after waiting in Any
		{"A[] P.Done imply x >= 3", Satisfied}, // entered from Late
		{"E<> P.Done and x > 100", Satisfied},  // time passes in Done
	} {
		t.Run(tc.formula, func(t *testing.T) {
			expectVerdict(t, path, tc.formula, tc.want, Options{})
		})
	}
}

// TestIndexOutsideArrayFailsWhenFired loads a template whose constant
// index is outside the array for one of its processes, as UPPAAL does:
// with the edge guarded off for that process the model is checked; without
// the guard the check ends with the run-time error and its state.
func TestIndexOutsideArrayFailsWhenFired(t *testing.T) {
	const src = `bool used[2];
typedef int[0,2] id_t;
process P(const id_t id) {
	state A, B;
	init A;
	trans A -> B { guard GUARD; assign used[id] = true; },
	      A -> B { guard id >= 2; };
}
system P;`
	dir := t.TempDir()
	for _, tc := range []struct{ guard, reason string }{
		{"id < 2", ""},
		{"true", "array index 2 out of range [0,1]"},
	} {
		path := filepath.Join(dir, "used.xta")
		if err := os.WriteFile(path, []byte(strings.Replace(src, "GUARD", tc.guard, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		n, f := load(t, path, "E<> forall (i : id_t) P(i).B")
		res, err := Check(context.Background(), n, f, Options{})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.reason == "" && res.Verdict != Satisfied:
			t.Errorf("guard %s: %v (%s), want satisfied", tc.guard, res.Verdict, res.Reason)
		case tc.reason != "" && (res.Verdict != Unknown || !strings.Contains(res.Reason, tc.reason) || !strings.Contains(res.Reason, "used.xta:6")):
			t.Errorf("guard %s: %v (%s), want the run-time error at used.xta:6", tc.guard, res.Verdict, res.Reason)
		}
	}
}
