// Benchmarks: successor computations per second on real models.

package zone

import (
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
)

// benchStates collects up to n states of g breadth-first (without
// inclusion checking: duplicates do not matter for timing).
func benchStates(b *testing.B, g *Expander, n int) ([][]int32, []*dbm.DBM) {
	d, z := initial(b, g.Graph)
	ds, zs := [][]int32{d}, []*dbm.DBM{z}
	for k := 0; k < len(ds) && len(ds) < n; k++ {
		err := g.Successors(ds[k], zs[k], func(_, d2 []int32, z2 *dbm.DBM) bool {
			ds = append(ds, append([]int32(nil), d2...))
			zs = append(zs, z2.Copy())
			return len(ds) < n
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return ds, zs
}

func benchSuccessors(b *testing.B, path string) {
	n := testmodel.File(b, path)
	g := newGraph(b, n, Options{}).NewExpander()
	ds, zs := benchStates(b, g, 5000)
	succ := 0
	yield := func(_, _ []int32, _ *dbm.DBM) bool { succ++; return true }
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(ds)
		if err := g.Successors(ds[k], zs[k], yield); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(succ)/b.Elapsed().Seconds(), "succ/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

// BenchmarkSuccessorsFischer: Fischer's protocol (testdata/models, N=4).
func BenchmarkSuccessorsFischer(b *testing.B) {
	benchSuccessors(b, "../../testdata/models/fischer.xml")
}

// BenchmarkSuccessorsTrainGate: the UPPAAL train-gate demo (N=6).
func BenchmarkSuccessorsTrainGate(b *testing.B) {
	benchSuccessors(b, "../../../shared/models/uppaal-demos/train-gate.xml")
}
