package mas_test

import (
	"context"
	"path/filepath"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/mas"
	"beeline/core/internal/testmodel"
)

// BenchmarkPrecompute measures the abstraction of train-gate for one
// reachability query (6 trains and the gate's queue).
func BenchmarkPrecompute(b *testing.B) {
	n := testmodel.File(b, testmodel.Shared(b, filepath.Join(sharedModels, "uppaal-demos/train-gate.xml")))
	target := heuristic.TargetOf(n, testmodel.Query(b, n, "E<> Train(0).Cross and Train(1).Stop"))
	for b.Loop() {
		h := mas.New(n, target, mas.Options{})
		if err := h.Precompute(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}
