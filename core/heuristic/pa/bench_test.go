package pa_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"beeline/core/heuristic/pa"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// benchProblem is Fischer with 10 processes and the mutual-exclusion
// violation of P(1) and P(2).
func benchProblem(b *testing.B) *reachtest.Problem {
	n := testmodel.File(b, testmodel.Shared(b, filepath.Join(sharedModels, "rra-fmics21/Fischer/fischer-10N.xml")))
	return reachtest.New(b, n, "E<> P(1).cs && P(2).cs")
}

// BenchmarkPrecompute measures building the abstractions of each mode.
func BenchmarkPrecompute(b *testing.B) {
	p := benchProblem(b)
	for _, m := range pa.Modes {
		b.Run(string(m), func(b *testing.B) {
			for b.Loop() {
				if err := pa.New(p.N, p.Target, pa.Options{Mode: m}).Precompute(context.Background(), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEstimate measures one lookup: the state's literals and the
// subset query in the tree.
func BenchmarkEstimate(b *testing.B) {
	p := benchProblem(b)
	states := p.Sample(b, rand.New(rand.NewPCG(1, 2)), 64)
	for _, m := range pa.Modes {
		b.Run(string(m), func(b *testing.B) {
			h := pa.New(p.N, p.Target, pa.Options{Mode: m})
			if err := h.Precompute(context.Background(), nil); err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				s := states[i%len(states)]
				h.Estimate(s.D, s.Z)
				i++
			}
		})
	}
}
