package pdb_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"beeline/core/heuristic/pdb"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
)

// runaway's only guard calls a function that would run 30000³ loop
// rounds.
const runaway = `int g() { int i; int j; int k; int s; for (i = 0; i < 30000; i++) for (j = 0; j < 30000; j++) for (k = 0; k < 30000; k++) s = (s + 1) % 7; return s; }
process P() { state A, B; init A; trans A -> B { guard g() >= 0; }; }
system P;
`

// expectDeadline precomputes the database of query on n under a context
// that ends after 200 ms and checks that it stops with the context's
// error; the bound on the time only catches a hang.
func expectDeadline(t *testing.T, name string, n *model.Network, query string, sel pdb.Selection) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		p := newProblem(t, n, query)
		h := pdb.New(n, p.Target, pdb.Options{Select: sel})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := h.Precompute(ctx, nil)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("precomputation ended with %v, want the deadline", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("stopped after %v", d)
		}
	})
}

func TestPrecomputeDeadline(t *testing.T) {
	n := testmodel.Source(t, "runaway.xta", runaway)
	expectDeadline(t, "runaway full", n, "E<> P.B", pdb.Full)
	expectDeadline(t, "runaway dprc", n, "E<> P.B", pdb.DPRC)
	big := testmodel.File(t, testmodel.Shared(t, "rra-fmics21/Fischer/fischer-10N.xml"))
	expectDeadline(t, "fischer-10N full", big, "E<> P(1).cs && P(2).cs", pdb.Full)
	expectDeadline(t, "fischer-10N dprc", big, "E<> P(1).cs && P(2).cs", pdb.DPRC)
}
