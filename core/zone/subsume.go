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

// Lazy makes g yield zones that are not extrapolated: only the clocks
// inactive in the target state, bounded on neither side there (L = U =
// NoBound: they are reset before they are next read), are freed, which is
// Daws and Yovine's active-clock reduction. A search that compares zones
// by Subsumption needs no more: aLU subsumption alone keeps the graph
// finite (Herbreteau, Srivathsan and Walukiewicz, LICS 2012, as TChecker
// searches), and the test answers alike for a zone and for its
// extrapolation, on either side: Z ⊆ Extra+_LU(Z) ⊆ aLU(Z) and aLU is a
// closure operator, so Extra+_LU(Z) ⊆ aLU(Z') exactly when Z ⊆ aLU(Z'),
// and aLU(Extra+_LU(Z')) = aLU(Z'). What it saves is the extrapolation
// and the closure after it, a quarter to a third of the time of a search
// on Fischer's protocol. Where Subsumption is nil (global
// bounds, difference constraints) Lazy changes nothing: plain inclusion
// needs extrapolated zones to terminate. A search that does not use
// Subsumption must not use a lazy expander.
func (g *Expander) Lazy() {
	g.lazy = g.b.loc != nil
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
