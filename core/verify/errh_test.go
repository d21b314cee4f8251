// Directed searches against breadth-first search on models whose code
// fails at run time: the abstractions must not call a state a dead end
// because an edge's guard, update or invariant failed in them.

package verify_test

import (
	"context"
	"testing"

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
