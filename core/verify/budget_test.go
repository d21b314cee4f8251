// Budgets that hold inside a long computation of the model's functions.

package verify

import (
	"context"
	"runtime"
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
