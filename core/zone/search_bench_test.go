// Benchmarks: whole searches on real models, for profiles of the search
// with its store (go test -bench Search -cpuprofile).

package zone

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// benchSearch runs a BFS for query on a model of the shared collection
// and reports the states stored.
func benchSearch(b *testing.B, path, query string) {
	path = filepath.Join(sharedModels, path)
	if _, err := os.Stat(path); err != nil {
		b.Skip("shared models not available")
	}
	n := testmodel.File(b, path)
	f := compileQuery(b, n, query)
	b.ReportAllocs()
	b.ResetTimer()
	var stored int64
	for i := 0; i < b.N; i++ {
		p := target(f)
		g := newGraph(b, n, Options{}, p)
		res, err := search.Run(context.Background(), g.NewExpander(), g.Goal(p).Holds, search.Options{})
		if err != nil {
			b.Fatal(err)
		}
		stored = res.Stats.Stored
	}
	b.ReportMetric(float64(stored), "stored")
}

func BenchmarkSearchFischer8(b *testing.B) {
	benchSearch(b, "xtabench/fischer/fischer-8-32-64.xta", "A[] not (P(1).cs && P(2).cs)")
}

func BenchmarkSearchFischerDeadlock(b *testing.B) {
	benchSearch(b, "uppaal-demos/fischer.xml", "A[] not deadlock")
}

func BenchmarkSearchTrainGate(b *testing.B) {
	benchSearch(b, "uppaal-demos/train-gate.xml", "A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j")
}

func BenchmarkSearchTrainGateDeadlock(b *testing.B) {
	benchSearch(b, "uppaal-demos/train-gate.xml", "A[] not deadlock")
}
