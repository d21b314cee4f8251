// Damaged distance tables: refused by the checksum, and every field
// checked behind it.

package graphdist_test

import (
	"testing"

	"beeline/core/heuristic/graphdist"
	"beeline/core/internal/reachtest"
)

// damageCase is chain's tables for dU.
func damageCase(t testing.TB) reachtest.TableCase {
	p := reachtest.Inline{Name: "chain.xta", Src: chain, Query: "E<> P.d && Q.v"}.Problem(t)
	return reachtest.NewTableCase(t, p, graphdist.Format, func(p *reachtest.Problem) *graphdist.Heuristic {
		return graphdist.New(p.N, p.Target, graphdist.Sum)
	})
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged. Behind a checksum that matches,
// every flip of the body is refused or loads tables that estimate
// without a panic.
func TestDamagedTable(t *testing.T) { damageCase(t).ExpectIntegrity(t) }

// FuzzLoadTable loads arbitrary bytes as distance tables
// (reachtest.TableCase.Fuzz), seeded with real tables.
func FuzzLoadTable(f *testing.F) { damageCase(f).Fuzz(f) }
