// aLU subsumption for the passed list.

package zone

import (
	"slices"

	"beeline/core/dbm"
)

// subsumption is the scratch of Expander.subsumes: the bounds of the last
// discrete state it was asked about. The search compares a new zone with
// every stored zone of the same discrete part in a row, so one
// computation serves them all.
type subsumption struct {
	locs []int32 // the process locations l and u belong to; nil before the first call
	l, u []int32
}

// Subsumption returns the test that the search uses in place of zone
// inclusion when it compares zones of the same discrete part d: z is
// subsumed by stored when z ⊆ aLU(stored) with the bounds of d
// (dbm.IsIncludedLU; Herbreteau, Srivathsan and Walukiewicz, LICS 2012).
// It returns nil when zones must be compared by inclusion: without
// extrapolation, with Options.GlobalBounds, and with clock difference
// constraints, which the LU simulation does not respect. It implements
// search.Subsumer. The test must not be used by two goroutines at once.
func (g *Expander) Subsumption() func(d []int32, z, stored *dbm.DBM) bool {
	if g.b.loc == nil || g.exact {
		return nil
	}
	return g.subsumes
}

// subsumes reports whether z ⊆ aLU(stored) with the bounds of d.
func (g *Expander) subsumes(d []int32, z, stored *dbm.DBM) bool {
	s := &g.sub
	if s.locs == nil || !slices.Equal(s.locs, d[:g.np]) {
		if s.locs == nil {
			s.locs = make([]int32, g.np)
			s.l, s.u = make([]int32, g.dim), make([]int32, g.dim)
		}
		copy(s.locs, d[:g.np])
		g.boundsAt(d, s.l, s.u)
	}
	return z.IsIncludedLU(stored, s.l, s.u)
}
