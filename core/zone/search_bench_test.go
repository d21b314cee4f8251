// Benchmarks: whole searches on real models, for profiles of the search
// with its store (go test -bench Search -cpuprofile).

package zone

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
)

// benchSearch runs a BFS for query on a model of the shared collection
// and reports the states stored.
func benchSearch(b *testing.B, path, query string) {
	path = filepath.Join(sharedModels, path)
	if _, err := os.Stat(path); err != nil {
		b.Skip("shared models not available")
	}
	benchSearchNet(b, testmodel.File(b, path), query)
}

// benchSearchNet runs a BFS for query on network n with a lazy expander,
// as core/verify does, and reports the states explored and stored, and
// the store's bytes per stored state.
func benchSearchNet(b *testing.B, n *model.Network, query string) {
	f := compileQuery(b, n, query)
	b.ReportAllocs()
	b.ResetTimer()
	var st search.Stats
	for i := 0; i < b.N; i++ {
		p := target(f)
		g := newGraph(b, n, Options{}, p)
		e := g.NewExpander()
		e.Lazy() // as core/verify searches
		res, err := search.Run(context.Background(), e, g.Goal(p).Holds, search.Options{})
		if err != nil {
			b.Fatal(err)
		}
		st = res.Stats
	}
	b.ReportMetric(float64(st.Explored), "explored")
	b.ReportMetric(float64(st.Stored), "stored")
	b.ReportMetric(float64(st.StoreBytes)/float64(st.Stored), "B/stored")
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

// BenchmarkSearchFischer9 is the full zone graph of Fischer's protocol with
// 9 processes (135,485 states explored): the engine's throughput figure.
func BenchmarkSearchFischer9(b *testing.B) {
	n := testmodel.File(b, filepath.Join("testdata", "fischer-9.xta"))
	benchSearchNet(b, n, "E<> false")
}

func BenchmarkSearchBocdpFixed(b *testing.B) {
	benchSearch(b, "xtabench/BangOlufsen/bocdpFIXED.xta", "A[]((A_eof == 1 imply (A_diff == 0 and B_res == 0)) and (B_eof == 1 imply (B_diff == 0 and A_res == 0)))")
}

func BenchmarkSearchFDDI10(b *testing.B) {
	benchSearch(b, "xtabench/fddi/fddi-10.xta", "E<> false")
}
