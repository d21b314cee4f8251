// Directed searches against breadth-first search on models whose meaning
// an abstraction can get wrong: meta variables, scalar sets.

package verify_test

import (
	"context"
	"strings"
	"testing"

	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
)

// directedSpecs are every heuristic of the registry, with each pattern
// selection of the pattern database and each predicate set of pa.
var directedSpecs = []string{
	"dl", "du", "hl", "hu", "mas", "mas:bound=4",
	"pdb", "pdb:select=rd", "pdb:select=full",
	"pa", "pa:preds=1abs", "pa:preds=seed", "pa:preds=syntax",
}

// metaCases are models where a meta variable set on one transition
// decides a later one (issue 29: the pattern database dropped the
// assignment of a meta variable as a write "the pattern drops" but kept
// the guard that reads it, and proved P.C unreachable).
var metaCases = []struct{ name, src, query string }{
	{"meta-guard", `
meta int m;
process P() {
state A, B, C;
init A;
trans A -> B { assign m = 1; },
      B -> C { guard m == 1; };
}
system P;`, "E<> P.C"},
	{"meta-array", `
meta int ma[2]; int i;
process P() {
state A, B, C;
init A;
trans A -> B { assign i = 1, ma[i] = 1; },
      B -> C { guard ma[i] == 1; };
}
system P;`, "E<> P.C"},
	{"meta-function", `
meta int m;
void set() { m = 1; }
bool ok() { return m == 1; }
process P() {
state A, B, C;
init A;
trans A -> B { assign set(); },
      B -> C { guard ok(); };
}
system P;`, "E<> P.C"},
	{"meta-select", `
meta int m;
process P() {
state A, B, C;
init A;
trans A -> B { select k : int[0,2]; assign m = k; },
      B -> C { guard m == 2; };
}
system P;`, "E<> P.C"},
	{"meta-to-state", `
meta int m; int v;
process P() {
state A, B, C, D;
init A;
trans A -> B { assign m = 1; },
      B -> C { assign v = m; },
      C -> D { guard v == 1; };
}
system P;`, "E<> P.D"},
	{"meta-invariant", `
meta int m;
process P() {
state A, B { m == 1 }, C;
init A;
trans A -> B { assign m = 1; },
      B -> C { };
}
system P;`, "E<> P.C"},
	{"meta-channel", `
meta int m; chan c[2];
process P() {
state A, B, C;
init A;
trans A -> B { assign m = 1; },
      B -> C { sync c[m]!; };
}
process Q() {
state Q0, Q1;
init Q0;
trans Q0 -> Q1 { sync c[1]?; };
}
system P, Q;`, "E<> Q.Q1"},
	{"meta-clock-value", `
meta int m; clock x;
process P() {
state A, B, C, D;
urgent C;
init A;
trans A -> B { assign m = 1; },
      B -> C { assign x = m; },
      C -> D { guard x >= 1; };
}
system P;`, "E<> P.D"},
	{"meta-unreachable", `
meta int m;
process P() {
state A, B, C;
init A;
trans A -> B { assign m = 1; },
      B -> C { guard m == 2; };
}
system P;`, "E<> P.C"},
}

// TestMetaVariablesDirected checks that A* and greedy search with every
// heuristic give BFS's verdict on the meta cases, A* with a trace as
// short as BFS's.
func TestMetaVariablesDirected(t *testing.T) {
	for _, c := range metaCases {
		t.Run(c.name, func(t *testing.T) {
			n := testmodel.Source(t, c.name+".xta", c.src)
			expectDirectedAgree(t, n, testmodel.Query(t, n, c.query), verify.Options{})
		})
	}
}

// expectDirectedAgree checks A* and greedy search with every heuristic
// of directedSpecs against BFS, all with the options base.
func expectDirectedAgree(t *testing.T, n *model.Network, f *model.Formula, base verify.Options) {
	t.Helper()
	bfsOpts := base
	bfsOpts.Trace = verify.TraceShortest
	bfs, err := verify.Check(context.Background(), n, f, bfsOpts)
	if err != nil || bfs.Verdict == verify.Unknown {
		t.Fatalf("BFS: %v %v", err, bfs.Reason)
	}
	for _, spec := range directedSpecs {
		for _, order := range []search.Order{search.AStar, search.GBFS} {
			o := base
			o.Order, o.Heuristic = order, reachtest.NewHeuristic(t, spec)
			r, err := verify.Check(context.Background(), n, f, o)
			switch {
			case err != nil:
				t.Errorf("%s %v: %v", spec, order, err)
			case r.Verdict != bfs.Verdict:
				t.Errorf("%s %v: %v (%s), BFS %v in %d steps", spec, order, r.Verdict, r.Reason, bfs.Verdict, bfs.Depth)
			case order == search.AStar && r.Depth != bfs.Depth && strings.Contains(r.Heuristic, "(admissible"):
				t.Errorf("%s A*: a trace of %d transitions, BFS %d", spec, r.Depth, bfs.Depth)
			}
		}
	}
}
