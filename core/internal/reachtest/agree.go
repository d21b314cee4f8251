package reachtest

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/search"
	"beeline/core/verify"
)

// AgreesWithBFS checks every E<> and A[] row of the EXPECTED.tsv in dir
// whose breadth-first search fits budget states: A* with each heuristic
// of specs (wire form, admissible ones) gives BFS's verdict and a trace
// as short as BFS's, and greedy search the verdict. Rows whose target
// says nothing a heuristic reads are skipped.
func AgreesWithBFS(t *testing.T, dir string, budget int, specs ...string) {
	rows := testmodel.Expected(t, dir)
	checked := 0
	for _, e := range rows {
		if !strings.HasPrefix(e.Query, "E<>") && !strings.HasPrefix(e.Query, "A[]") {
			continue
		}
		t.Run(e.Model+": "+e.Query, func(t *testing.T) {
			if e.Disagree != "" {
				t.Skip(e.Disagree)
			}
			n := testmodel.File(t, filepath.Join(dir, e.Model))
			f := testmodel.Query(t, n, e.Query)
			if heuristic.TargetOf(n, f).Trivial() {
				t.Skip("the target says nothing a heuristic reads (deadlock, clocks only): every estimate is 0")
			}
			opts := verify.Options{MaxStates: int64(budget), Trace: verify.TraceShortest}
			bfs, err := verify.Check(context.Background(), n, f, opts)
			if err != nil {
				t.Fatal(err)
			}
			if bfs.Verdict == verify.Unknown {
				t.Skipf("BFS: %s", bfs.Reason)
			}
			checked++
			for _, spec := range specs {
				for _, order := range []search.Order{search.AStar, search.GBFS} {
					o := opts
					o.MaxStates = 0
					o.Order, o.Heuristic = order, NewHeuristic(t, spec)
					r, err := verify.Check(context.Background(), n, f, o)
					if err != nil {
						t.Fatal(err)
					}
					switch {
					case r.Verdict != bfs.Verdict:
						t.Errorf("%s %v: %v (%s), BFS %v", spec, order, r.Verdict, r.Reason, bfs.Verdict)
					case order == search.AStar && r.Depth != bfs.Depth:
						t.Errorf("%s A*: a trace of %d transitions, BFS %d", spec, r.Depth, bfs.Depth)
					}
					if order == search.AStar {
						t.Logf("A* with %s: %v, depth %d, %d explored (BFS %d)", r.Heuristic, r.Verdict, r.Depth, r.Stats.Explored, bfs.Stats.Explored)
					}
				}
			}
		})
	}
	if checked == 0 && len(rows) > 0 {
		t.Fatal("no query fitted the budget")
	}
}
