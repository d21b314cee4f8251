package verify

import (
	"context"
	"path/filepath"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// BenchmarkLiveness compares the liveness searches with a blind
// depth-first search of the whole zone graph (A[] true) on the same
// model: the leads-to search explores the graph once more restricted to
// not q, from the states where p holds.
func BenchmarkLiveness(b *testing.B) {
	crossing := filepath.Join(ownModels, "crossing.xta")
	fischer := filepath.Join(ownModels, "fischer.xml")
	for _, tc := range []struct{ name, path, formula string }{
		{"crossing/dfs-A[]true", crossing, "A[] true"},
		{"crossing/leadsto", crossing, "Train(1).Appr --> Train(1).Cross"},
		{"crossing/A<>", crossing, "A<> Train(0).Cross or Train(0).Safe"},
		{"fischer/dfs-A[]true", fischer, "A[] true"},
		{"fischer/leadsto", fischer, "P(1).req --> P(1).wait"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			n := testmodel.File(b, tc.path)
			f := testmodel.Query(b, n, tc.formula)
			var states int64
			for b.Loop() {
				res, err := Check(context.Background(), n, f, Options{Order: search.DFS})
				if err != nil || res.Verdict == Unknown {
					b.Fatal(err, res.Reason)
				}
				states = res.Stats.Explored
			}
			b.ReportMetric(float64(states), "states")
		})
	}
}
