// Damaged predicate abstraction tables: refused by the checksum, and
// every field checked behind it.

package pa_test

import (
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/pa"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// damageCase is a small table, its loader and the states estimates are
// compared on: timed's, whose predicates are conditions and clock
// constraints.
func damageCase(t testing.TB) ([]byte, heuristic.Heuristic, func([]byte) (heuristic.Heuristic, error), []reachtest.State) {
	p := reachtest.New(t, testmodel.Source(t, "timed.xta", timed), "E<> W.Bad")
	return p.TableCase(t, func() heuristic.Heuristic { return pa.New(p.N, p.Target, pa.Options{Mode: pa.TwoAbs}) })
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged (issue 29). Behind a checksum that
// matches, every flip of the body is refused or loads abstractions that
// estimate without a panic.
func TestDamagedTable(t *testing.T) {
	table, want, load, states := damageCase(t)
	reachtest.ExpectTableIntegrity(t, pa.Format, table, load, want, states)
}

// FuzzLoadTable loads arbitrary bytes as a predicate abstraction table
// (reachtest.FuzzTable), seeded with a real table.
func FuzzLoadTable(f *testing.F) {
	table, _, load, states := damageCase(f)
	reachtest.FuzzTable(f, pa.Format, table, load, states)
}
