// Per-location extrapolation bounds: static guard analysis and the bounds
// of a discrete state.

package zone

import (
	"fmt"

	"beeline/core/dbm"
	"beeline/core/model"
)

// localBounds are the L and U bounds per process location (Behrmann,
// Bouyer, Fleury and Larsen, "Static guard analysis in timed automata
// verification", TACAS 2003). The bounds of a discrete state are, clock by
// clock, the largest of base and of the vectors of its processes'
// locations.
type localBounds struct {
	// at[p][loc] lists the clocks with a bound at location loc of process
	// p, sparse: most processes test few clocks.
	at [][][]clockBound
	// base holds the bounds every state has: the query's constants on
	// both sides.
	baseL, baseU []int32
	// With at most 64 clocks, active[p][loc] has bit x set when clock x
	// has a bound at that location, and baseActive when it has one in
	// base: what a lazy expander needs to free the inactive clocks.
	active     [][]uint64
	baseActive uint64
}

// clockBound is the L and U bound of one clock at one location.
type clockBound struct {
	x    int32
	l, u int32
}

// computeLocal derives the per-location bounds. They replace the global
// ones unless the model or query has difference constraints (splitting
// needs the same bounds everywhere: Bengtsson and Yi's construction is
// global), no extrapolation is asked for, or Options.GlobalBounds is set.
func (g *Graph) computeLocal() {
	g.b.loc = nil
	if g.global || g.extra == ExtraNone || len(g.b.diag) > 0 {
		return
	}
	lb := &localBounds{baseL: noBounds(g.dim), baseU: noBounds(g.dim)}
	for k := range g.query {
		c := &g.query[k]
		v := g.constraintValue(c)
		raise(lb.baseL, lb.baseU, c, v)
		neg := model.ClockConstraint{I: c.J, J: c.I, IFn: c.JFn, JFn: c.IFn, Strict: !c.Strict}
		raise(lb.baseL, lb.baseU, &neg, -v)
	}
	lb.at = make([][][]clockBound, g.np)
	for p, proc := range g.net.Processes {
		l, u := g.processBounds(p, proc)
		lb.at[p] = sparse(l, u, g.dim, len(proc.Locations))
	}
	if g.dim <= 64 {
		lb.activeMasks()
	}
	g.b.loc = lb
}

// activeMasks sets active and baseActive from at and base.
func (lb *localBounds) activeMasks() {
	for x := 1; x < len(lb.baseL); x++ {
		if lb.baseL[x] >= 0 || lb.baseU[x] >= 0 {
			lb.baseActive |= 1 << x
		}
	}
	lb.active = make([][]uint64, len(lb.at))
	for p, locs := range lb.at {
		lb.active[p] = make([]uint64, len(locs))
		for loc, cbs := range locs {
			for _, c := range cbs {
				lb.active[p][loc] |= 1 << c.x
			}
		}
	}
}

// freeInactive frees in z the clocks that no bound of the discrete state
// d names, on either side: they are reset before they are next read.
func (g *Expander) freeInactive(d []int32, z *dbm.DBM) {
	lb := g.b.loc
	if lb.active == nil {
		g.boundsAt(d, g.lb, g.ub)
		for x := 1; x < g.dim; x++ {
			if g.lb[x] < 0 && g.ub[x] < 0 {
				z.Free(x)
			}
		}
		return
	}
	act := lb.baseActive
	for p, masks := range lb.active {
		act |= masks[d[p]]
	}
	for x := 1; x < g.dim; x++ {
		if act&(1<<x) == 0 {
			z.Free(x)
		}
	}
}

// noBounds returns a vector of dim NoBound entries (entry 0 is unused).
func noBounds(dim int) []int32 {
	v := make([]int32, dim)
	for i := range v {
		v[i] = dbm.NoBound
	}
	return v
}

// constraintValue is the constant c counts for in the bounds: its bound,
// or for a bound computed at run time the assumed largest one, with the
// sign of the side it bounds.
func (g *Graph) constraintValue(c *model.ClockConstraint) int32 {
	if c.BoundFn == nil {
		return c.Bound
	}
	if c.I == 0 && c.IFn == nil {
		return -g.b.dyn
	}
	return g.b.dyn
}

// raise records the constant v of the diagonal-free constraint c in l and
// u: x ≺ v raises U(x), −x ≺ v raises L(x) to −v. A clock chosen at run
// time raises the bound of every clock.
func raise(l, u []int32, c *model.ClockConstraint, v int32) {
	switch {
	case c.IFn != nil:
		for x := 1; x < len(u); x++ {
			u[x] = max(u[x], v)
		}
	case c.JFn != nil:
		for x := 1; x < len(l); x++ {
			l[x] = max(l[x], -v)
		}
	case c.I != 0 && c.J == 0:
		u[c.I] = max(u[c.I], v)
	case c.J != 0 && c.I == 0:
		l[c.J] = max(l[c.J], -v)
	}
}

// processBounds runs the analysis for one process: each location's bounds
// start from its invariant and the guards of its outgoing edges, and then
// take, along every edge that does not reset the clock, the bounds of the
// edge's target, until nothing changes. A clock is counted as reset when
// the edge's update surely assigns it (core/ir's SureResets: x = e or
// x[k] = e with a constant k, at top level or in the straight-line part of
// a called function, a conditional counting when both branches assign
// it); a reset that is not sure is not counted, which only makes the
// bounds larger. A reset x = c needs no bound in the source:
// the successor's value of x does not depend on the source's. The result
// is dense: l[loc*dim+x].
func (g *Graph) processBounds(p int, proc *model.Process) (l, u []int32) {
	dim := g.dim
	n := len(proc.Locations)
	l, u = noBounds(n*dim), noBounds(n*dim)
	add := func(loc int32, gd *model.Guard) {
		if gd == nil {
			return
		}
		off := int(loc) * dim
		for k := range gd.Clocks {
			c := &gd.Clocks[k]
			raise(l[off:off+dim], u[off:off+dim], c, g.constraintValue(c))
		}
	}
	for _, loc := range proc.Locations {
		add(loc.Index, loc.Invariant)
	}
	resets := make([][]bool, len(proc.Edges))
	for k, e := range proc.Edges {
		add(e.Src, e.Guard)
		resets[k] = g.staticResets(p, k)
	}
	for changed := true; changed; {
		changed = false
		for k, e := range proc.Edges {
			src, dst := int(e.Src)*dim, int(e.Dst)*dim
			for x := 1; x < dim; x++ {
				if resets[k][x] {
					continue
				}
				if l[dst+x] > l[src+x] {
					l[src+x], changed = l[dst+x], true
				}
				if u[dst+x] > u[src+x] {
					u[src+x], changed = u[dst+x], true
				}
			}
		}
	}
	return l, u
}

// staticResets returns, per clock, whether edge number k of process p
// surely assigns it (the dependency table's sure resets: top-level
// assignments of the update, in comma lists and in the straight-line
// start of called functions).
func (g *Graph) staticResets(p, k int) []bool {
	r := make([]bool, g.dim)
	for _, c := range g.net.Deps.Edges[p][k].Update.SureResets {
		if m := g.net.ClockMap; m != nil {
			c = m[c] // the dependency table speaks of the resolved form's clocks
		}
		if c > 0 && int(c) < g.dim {
			r[c] = true
		}
	}
	return r
}

// sparse turns dense per-location vectors into lists of the bounded clocks.
func sparse(l, u []int32, dim, n int) [][]clockBound {
	out := make([][]clockBound, n)
	for loc := range n {
		var cb []clockBound
		for x := 1; x < dim; x++ {
			lv, uv := l[loc*dim+x], u[loc*dim+x]
			if lv >= 0 || uv >= 0 {
				cb = append(cb, clockBound{x: int32(x), l: lv, u: uv})
			}
		}
		out[loc] = cb
	}
	return out
}

// boundsAt writes the bounds of the discrete state d into l and u: the
// global bounds when per-location bounds are off, else the largest of the
// base and of each process location's bounds, with L = U = max(L, U)
// under ExtraM and in networks with priorities (see the package
// documentation).
func (g *Graph) boundsAt(d []int32, l, u []int32) {
	lb := g.b.loc
	if lb == nil {
		copy(l, g.b.l)
		copy(u, g.b.u)
		return
	}
	copy(l, lb.baseL)
	copy(u, lb.baseU)
	for p, at := range lb.at {
		for _, c := range at[d[p]] {
			l[c.x] = max(l[c.x], c.l)
			u[c.x] = max(u[c.x], c.u)
		}
	}
	if g.extra == ExtraM || g.net.HasPriorities {
		for x := 1; x < g.dim; x++ {
			m := max(l[x], u[x])
			l[x], u[x] = m, m
		}
	}
}

// BoundsAt returns the lower and upper extrapolation bounds that apply to
// the states with discrete part d (index 0 is the reference clock;
// dbm.NoBound marks a clock that is not compared on that side before it is
// reset, in any process). They are Bounds() when the bounds are global.
func (g *Graph) BoundsAt(d []int32) (l, u []int32) {
	l, u = make([]int32, g.dim), make([]int32, g.dim)
	g.boundsAt(d, l, u)
	return l, u
}

// String formats the bounds for comparisons ("<nil>" when lb is nil).
func (lb *localBounds) String() string {
	if lb == nil {
		return "<nil>"
	}
	return fmt.Sprint(lb.baseL, lb.baseU, lb.at)
}
