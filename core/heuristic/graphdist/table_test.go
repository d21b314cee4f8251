// Damaged distance tables: refused by the checksum, and every field
// checked behind it.

package graphdist_test

import (
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// damageCase is chain's tables for dU, their loader and the states
// estimates are compared on.
func damageCase(t testing.TB) ([]byte, *graphdist.Heuristic, func([]byte) (heuristic.Heuristic, error), []reachtest.State) {
	p := reachtest.New(t, testmodel.Source(t, "chain.xta", chain), "E<> P.d && Q.v")
	h := graphdist.New(p.N, p.Target, graphdist.Sum)
	if err := h.Precompute(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	load := func(b []byte) (heuristic.Heuristic, error) {
		h := graphdist.New(p.N, p.Target, graphdist.Sum)
		return h, h.Load(b)
	}
	return b, h, load, p.SampleWithSuccessors(t, 1, 20)
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged. Behind a checksum that matches,
// every flip of the body is refused or loads tables that estimate
// without a panic.
func TestDamagedTable(t *testing.T) {
	table, want, load, states := damageCase(t)
	reachtest.ExpectTableIntegrity(t, graphdist.Format, table, load, want, states)
}

// FuzzLoadTable loads arbitrary bytes as distance tables
// (reachtest.FuzzTable), seeded with real tables.
func FuzzLoadTable(f *testing.F) {
	table, _, load, states := damageCase(f)
	reachtest.FuzzTable(f, graphdist.Format, table, load, states)
}
