// Directed searches against breadth-first search on models whose code
// fails at run time: the abstractions must not call a state a dead end
// because an edge's guard, update or invariant failed in them.

package verify_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/search"
	"beeline/core/verify"
)

// errorCases are models whose guard, update or invariant fails at run
// time on a path to the target, or only on a path that is never taken.
var errorCases = []struct{ name, src, query string }{
	{"index-guard", `
int a[2]; int i = 2;
process P() {
state A, B;
init A;
trans A -> B { guard a[i] == 0; };
}
system P;`, "E<> P.B"},
	{"index-update", `
int a[2]; int i = 2;
process P() {
state A, B, C;
init A;
trans A -> B { assign a[i] = 1; },
      B -> C { };
}
system P;`, "E<> P.C"},
	{"index-invariant", `
int a[2]; int i = 2;
process P() {
state A, B { a[i] == 0 }, C;
init A;
trans A -> B { },
      B -> C { };
}
system P;`, "E<> P.C"},
	{"division-guard", `
int z = 0;
process P() {
state A, B;
init A;
trans A -> B { guard 1 / z == 0; };
}
system P;`, "E<> P.B"},
	{"overflow-guard", `
int[0,70000] m = 65536;
process P() {
state A, B;
init A;
trans A -> B { guard m * m == 0; };
}
system P;`, "E<> P.B"},
	{"overflow-update", `
int[0,70000] m = 65536; int r;
process P() {
state A, B, C;
init A;
trans A -> B { assign r = m * m; },
      B -> C { };
}
system P;`, "E<> P.C"},
	{"index-then-target", `
int a[2]; int i = 2; int k;
process P() {
state A, B, C;
init A;
trans A -> B { guard a[i] == 0; },
      B -> C { assign k = 1; };
}
system P;`, "E<> P.C"},
	{"error-off-path", `
int a[2]; int i = 2; bool go;
process P() {
state A, B, C, D;
init A;
trans A -> B { guard go && a[i] == 0; },
      A -> C { },
      C -> D { };
}
system P;`, "E<> P.D"},
	{"error-off-path-unreachable", `
int a[2]; int i = 2; bool go;
process P() {
state A, B, C;
init A;
trans A -> B { guard go && a[i] == 0; },
      B -> C { };
}
system P;`, "E<> P.C"},
}

// TestRunTimeErrorDirected checks that A* and greedy search with every
// heuristic give BFS's verdict, and its reason, on models whose code
// fails at run time (issue 29: pdb, mas and pa took an edge whose guard
// failed as one never enabled and answered "not satisfied").
func TestRunTimeErrorDirected(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			n := testmodel.Source(t, c.name+".xta", c.src)
			f := testmodel.Query(t, n, c.query)
			bfs, err := verify.Check(context.Background(), n, f, verify.Options{Trace: verify.TraceShortest})
			if err != nil {
				t.Fatalf("BFS: %v", err)
			}
			for _, spec := range directedSpecs {
				for _, order := range []search.Order{search.AStar, search.GBFS} {
					o := verify.Options{Order: order, Heuristic: reachtest.NewHeuristic(t, spec)}
					r, err := verify.Check(context.Background(), n, f, o)
					switch {
					case err != nil:
						t.Errorf("%s %v: %v", spec, order, err)
					case r.Verdict != bfs.Verdict || r.Reason != bfs.Reason:
						t.Errorf("%s %v: %v (%s), BFS %v (%s)", spec, order, r.Verdict, r.Reason, bfs.Verdict, bfs.Reason)
					}
				}
			}
			t.Logf("BFS: %v (%s)", bfs.Verdict, bfs.Reason)
		})
	}
}

// runaway has a guard whose function runs for long (past ir.PollRounds
// many times, short of ir.MaxWork).
const runaway = `
int spin() {
	int i, j, s = 0;
	for (i = 0; i < 30000; i++) { for (j = 0; j < 30000; j++) { s = (s + j) % 7; } }
	return s;
}
process P() {
state A, B;
init A;
trans A -> B { guard spin() >= 0; };
}
system P;`

// TestInterruptedPrecompute checks that a precomputation stopped at its
// time limit inside a guard's function fails with the deadline, and
// leaves no table (issue 29: mas wrote a table of 0 states, built from
// interrupted edges, and the check with it answered "not satisfied").
func TestInterruptedPrecompute(t *testing.T) {
	n := testmodel.Source(t, "runaway.xta", runaway)
	p := reachtest.New(t, n, "E<> P.B")
	for _, spec := range []string{"pdb", "mas", "pa", "pa:preds=syntax"} {
		t.Run(spec, func(t *testing.T) {
			h, err := reachtest.NewHeuristic(t, spec)(p.N, p.Target)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			if err := h.Precompute(ctx, nil); !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("Precompute: %v, want the deadline", err)
			}
			if b, err := h.Table(); err == nil && b != nil {
				t.Errorf("a table of %d bytes after an interrupted precomputation", len(b))
			}
		})
	}
}
