// Damaged pattern databases: refused by the checksum, and every field
// checked behind it.

package pdb_test

import (
	"context"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/pdb"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// damageCase is a small database, its loader and the states estimates
// are compared on: straddle's, whose zones and dead end make every field
// count.
func damageCase(t testing.TB) ([]byte, *pdb.Heuristic, func([]byte) (heuristic.Heuristic, error), []reachtest.State) {
	p := reachtest.New(t, testmodel.Source(t, "straddle.xta", straddle), "E<> P.T")
	h := pdb.New(p.N, p.Target, pdb.Options{Select: pdb.Full})
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	load := func(b []byte) (heuristic.Heuristic, error) {
		h := pdb.New(p.N, p.Target, pdb.Options{Select: pdb.Full})
		return h, h.Load(b)
	}
	return b, h, load, p.SampleWithSuccessors(t, 1, 20)
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged (issue 29: a merge-and-shrink table
// with one bit flipped loaded and changed the verdict). Behind a
// checksum that matches, every flip of the body is refused or loads a
// database that estimates without a panic.
func TestDamagedTable(t *testing.T) {
	table, want, load, states := damageCase(t)
	reachtest.ExpectTableIntegrity(t, pdb.Format, table, load, want, states)
}

// FuzzLoadTable loads arbitrary bytes as a pattern database
// (reachtest.FuzzTable), seeded with a real table.
func FuzzLoadTable(f *testing.F) {
	table, _, load, states := damageCase(f)
	reachtest.FuzzTable(f, pdb.Format, table, load, states)
}
