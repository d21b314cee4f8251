// Damaged merge-and-shrink tables: refused by the checksum, and every
// field checked behind it.

package mas_test

import (
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/mas"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// damageCase is a small abstraction, its loader and the states
// estimates are compared on: broadcastShared's, with atoms of locations
// and slots, inner nodes and dead ends.
func damageCase(t testing.TB) ([]byte, heuristic.Heuristic, func([]byte) (heuristic.Heuristic, error), []reachtest.State) {
	p := reachtest.New(t, testmodel.Source(t, "broadcast.xta", broadcastShared), "E<> S.C && R1.D")
	return p.TableCase(t, func() heuristic.Heuristic { return mas.New(p.N, p.Target, mas.Options{Bound: 8}) })
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged (issue 29: a table with one bit
// flipped loaded and turned "satisfied" into "not satisfied"). Behind a
// checksum that matches, every flip of the body is refused or loads an
// abstraction that estimates without a panic.
func TestDamagedTable(t *testing.T) {
	table, want, load, states := damageCase(t)
	reachtest.ExpectTableIntegrity(t, mas.Format, table, load, want, states)
}

// FuzzLoadTable loads arbitrary bytes as a merge-and-shrink table
// (reachtest.FuzzTable), seeded with a real table.
func FuzzLoadTable(f *testing.F) {
	table, _, load, states := damageCase(f)
	reachtest.FuzzTable(f, mas.Format, table, load, states)
}
