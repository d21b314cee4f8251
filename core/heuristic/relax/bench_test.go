package relax_test

import (
	"context"
	"testing"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/relax"
	"beeline/core/internal/testmodel"
	"beeline/core/search"
	"beeline/core/zone"
)

// BenchmarkEstimate measures one ATG (hL) and one plan extraction (hU)
// per state, over the first 2000 states of Fischer's protocol with 10
// processes.
func BenchmarkEstimate(b *testing.B) {
	n := testmodel.File(b, testmodel.Shared(b, "rra-fmics21/Fischer/fischer-10N.xml"))
	f := testmodel.Query(b, n, "E<> P(1).A && P(2).wait && P(3).cs && P(4).wait && P(5).wait && P(6).A && P(7).A")
	g, err := zone.New(n, zone.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var states [][]int32
	collect := func(d []int32, _ *dbm.DBM) bool {
		states = append(states, append([]int32(nil), d...))
		return len(states) >= 2000
	}
	if _, err := search.Run(context.Background(), g.NewExpander(), collect, search.Options{}); err != nil {
		b.Fatal(err)
	}
	for _, mode := range []relax.Mode{relax.Lower, relax.Upper} {
		h := relax.New(n, heuristic.TargetOf(n, f), mode)
		b.Run(h.Info().Name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				h.Estimate(states[i%len(states)], nil)
			}
		})
	}
}
