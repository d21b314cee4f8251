// Budgets that hold inside a long computation of the model's functions.

package verify

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// runaway is a model whose only guard calls a function that would run
// 30000³ loop rounds: each loop alone is under ir.MaxIterations.
const runaway = `int g() { int i; int j; int k; int s; for (i = 0; i < 30000; i++) for (j = 0; j < 30000; j++) for (k = 0; k < 30000; k++) s = (s + 1) % 7; return s; }
clock x;
process P() { state A { x <= 1 }, B; init A; trans A -> B { guard g() >= 0; }, B -> A { guard x > 1; assign x = 0; }; }
system P;
`

// lateCancel is a context cancelled from a given time on, as seen by
// whoever asks: under js/wasm no goroutine could cancel it while a
// computation runs, but a computation that polls sees it.
type lateCancel struct {
	context.Context
	at time.Time
}

func (c lateCancel) Err() error {
	if time.Now().Before(c.at) {
		return nil
	}
	return context.Canceled
}

// expectStop checks that f on the run-away model stops with reason
// within limit (a bound that only catches a hang).
func expectStop(t *testing.T, ctx context.Context, query string, opts Options, reason string, limit time.Duration) {
	t.Helper()
	t.Run(query+" "+reason, func(t *testing.T) {
		t.Helper()
		n := testmodel.Source(t, "runaway.xta", runaway)
		f := testmodel.Query(t, n, query)
		start := time.Now()
		res, err := Check(ctx, n, f, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Unknown || res.Reason != reason {
			t.Errorf("verdict %v (%q), want unknown (%q)", res.Verdict, res.Reason, reason)
		}
		if d := time.Since(start); d > limit {
			t.Errorf("stopped after %v", d)
		}
	})
}

func TestRunawayFunctionStops(t *testing.T) {
	timeout := 200 * time.Millisecond
	for _, q := range []string{"E<> P.B", "A[] not deadlock", "E[] P.A", "A<> P.B", "P.A --> P.B", "sup: x", "sup{g() > 0}: x"} {
		expectStop(t, context.Background(), q, Options{Timeout: timeout}, search.ReasonTime, 10*timeout)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	expectStop(t, ctx, "E<> P.B", Options{}, search.ReasonTime, 10*timeout)
	late := lateCancel{context.Background(), time.Now().Add(timeout)}
	expectStop(t, late, "E<> P.B", Options{}, search.ReasonCancelled, 10*timeout)
}

// Without a budget, the bound of a computation's work ends it with a
// positioned error that names the function.
func TestRunawayFunctionWork(t *testing.T) {
	n := testmodel.Source(t, "runaway.xta", runaway)
	res, err := Check(context.Background(), n, testmodel.Query(t, n, "E<> P.B"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "runaway.xta:3:67: the computation in function g did not end after 67108864 loop rounds and calls"
	if res.Verdict != Unknown || !strings.HasPrefix(res.Reason, want) {
		t.Errorf("verdict %v (%q), want unknown (%q)", res.Verdict, res.Reason, want)
	}
}

// A memory budget stops the search of a real model with the memory
// reason, the memory counted within the budget.
func TestMemoryBudgetStops(t *testing.T) {
	n := testmodel.File(t, testmodel.Shared(t, "rra-fmics21/CSMA-CD/csma-20N.xml"))
	runtime.GC()
	budget := search.InUse() + 48<<20
	res, err := Check(context.Background(), n, testmodel.Query(t, n, "E<> false"), Options{MaxMemory: budget})
	if err != nil {
		t.Fatal(err)
	}
	// Under js/wasm the count includes mapped memory, which grows by heap
	// arenas of 4 MiB that the search sees at its checkpoints.
	slack := int64(0)
	if runtime.GOOS == "js" {
		slack = 4 << 20
	}
	if res.Verdict != Unknown || res.Reason != search.ReasonMemory || res.Stats.MemoryBytes > budget+slack || res.Stats.Stored < 1000 {
		t.Errorf("verdict %v (%q), %d bytes counted of %d, %d states stored", res.Verdict, res.Reason, res.Stats.MemoryBytes, budget, res.Stats.Stored)
	}
}

// afterAsks is a context whose deadline passes at its n-th Err: a time
// budget in units of work, seen where the search polls it.
type afterAsks struct {
	context.Context
	asks, n int
}

func (c *afterAsks) Err() error {
	if c.asks++; c.asks < c.n {
		return nil
	}
	return context.DeadlineExceeded
}

// fanOut is a broadcast to receivers whose choices multiply: 8^8
// transitions out of the initial state, which all reach one state. With
// priorities (prio) every transition must be known, with its
// pre-image, before the first is fired.
func fanOut(prio bool) string {
	src := "broadcast chan b; chan c;\n"
	if prio {
		src += "chan priority c < b;\n"
	}
	return src + `process S() { state A, B; init A; trans A -> B { sync b!; }; }
process R() { state A, B; init A; trans A -> B { select i : int[0,7]; sync b?; }; }
R0 = R(); R1 = R(); R2 = R(); R3 = R(); R4 = R(); R5 = R(); R6 = R(); R7 = R();
system S, R0, R1, R2, R3, R4, R5, R6, R7;`
}

// The successors of one state are enumerated under the budgets: a time
// budget that ends while a state with 8^8 successors is expanded stops
// the check at the next poll, "unknown: time limit" with the statistics
// so far, and so does a memory budget that the transitions kept under
// priorities outgrow (issue 29: a state with 20–65k successors stopped
// at 9.3 s under a 5 s budget, a 1000×1000 fan-out on memory at 35 s
// under --timeout 10s).
func TestSuccessorsWithinBudget(t *testing.T) {
	for _, prio := range []bool{false, true} {
		n := testmodel.Source(t, "fanout.xta", fanOut(prio))
		f := testmodel.Query(t, n, "E<> S.B && R0.A")
		ctx := &afterAsks{Context: context.Background(), n: 20}
		res, err := Check(ctx, n, f, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Unknown || res.Reason != search.ReasonTime || res.Stats.Explored != 1 || res.Stats.Generated >= 1<<24 || ctx.asks != ctx.n {
			t.Errorf("priorities %v: verdict %v (%q), %d explored, %d generated, %d asks; want unknown (time limit) at ask %d, one state explored",
				prio, res.Verdict, res.Reason, res.Stats.Explored, res.Stats.Generated, ctx.asks, ctx.n)
		}
	}
	n := testmodel.Source(t, "fanout.xta", fanOut(true))
	base, overhead := search.Baseline()
	budget := base + overhead + 4<<20
	res, err := Check(context.Background(), n, testmodel.Query(t, n, "E<> S.B && R0.A"), Options{MaxMemory: budget})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Unknown || res.Reason != search.ReasonMemory || res.Stats.Explored != 1 {
		t.Errorf("verdict %v (%q), %d explored; want unknown (memory limit) in the first state", res.Verdict, res.Reason, res.Stats.Explored)
	}
}

// A budget that ends while the trace is built leaves the verdict, which
// is known, and says why the trace is missing; one that ended before
// does not start building it (issue 29: a 121k-step trace was built for
// 80 s past a 30 s budget).
func TestTraceWithinBudget(t *testing.T) {
	n := testmodel.Source(t, "deep.xta", testmodel.DeepCounter)
	f := testmodel.Query(t, n, "E<> P.B")
	full, err := Check(context.Background(), n, f, Options{Trace: TraceSome, Order: search.DFS})
	if err != nil || full.Verdict != Satisfied || full.Concrete == nil || len(full.Concrete.Steps) != 3001 {
		t.Fatalf("without a budget: %v, %+v", err, full)
	}
	for _, asks := range []int{1, 3} {
		ctx := &afterAsks{Context: context.Background(), n: asks}
		res := &Result{Verdict: Satisfied, Graph: full.Graph, Depth: full.Depth}
		stop := &budget{deadline: search.NewDeadline(ctx, time.Now(), 0)}
		trace := slices.Clone(full.Symbolic)
		if err := buildTrace(res, nil, trace, f.Prop, stop); err != nil {
			t.Fatal(err)
		}
		if res.Verdict != Satisfied || res.Concrete != nil || res.Reason != "trace not built: time limit" || ctx.asks != asks {
			t.Errorf("budget over at ask %d: verdict %v, trace %v, reason %q after %d asks; want satisfied, no trace, %q",
				asks, res.Verdict, res.Concrete != nil, res.Reason, ctx.asks, "trace not built: time limit")
		}
	}
}
