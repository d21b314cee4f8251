// Extrapolation bounds (L, U, M per clock), diagonal splitting, abstraction.

package zone

import (
	"beeline/core/dbm"
	"beeline/core/model"
)

// bounds are the extrapolation constants of a graph.
type bounds struct {
	l, u []int32 // per clock; dbm.NoBound where nothing bounds the clock
	// diag are the difference constraints x_i − x_j ≺ c (i, j ≠ 0) of the
	// model and query. When there are any, zones are split along them
	// before extrapolation (Bengtsson & Yi 2004, section 4.4).
	diag []dbm.Constraint
	// dyn is the bound assumed for constraints whose bound is computed from
	// the state; every such bound met during the search is checked
	// against it.
	dyn    int32
	hasDyn bool
	// loc are the per-location bounds, nil when l and u apply everywhere.
	loc *localBounds
}

// computeBounds collects the clock constraints of invariants and guards
// and derives L and U: a lower bound x > c or x ≥ c puts c in L(x), an
// upper bound x < c or x ≤ c puts c in U(x), a difference constraint puts
// |c| in both L and U of both clocks. Constraints whose clock index is
// computed put their bound in every clock.
func (g *Graph) computeBounds() error {
	b := &g.b
	b.l = make([]int32, g.dim)
	b.u = make([]int32, g.dim)
	for i := 1; i < g.dim; i++ {
		b.l[i], b.u[i] = dbm.NoBound, dbm.NoBound
	}
	b.diag = nil
	var pending []*model.ClockConstraint
	err := g.forEachConstraint(func(c *model.ClockConstraint) error {
		if c.BoundFn != nil {
			b.hasDyn = true
			pending = append(pending, c)
			return nil
		}
		return g.addConstraint(c, c.Bound)
	})
	if err != nil {
		return err
	}
	if b.hasDyn {
		g.seedRanges()
	}
	for _, c := range pending {
		// |Bound| ≤ dyn: an upper bound x ≺ c counts c = dyn, a lower
		// bound −x ≺ c counts −c = dyn.
		v := b.dyn
		if c.I == 0 && c.IFn == nil {
			v = -v
		}
		if err := g.addConstraint(c, v); err != nil {
			return err
		}
	}
	g.finishBounds()
	g.computeLocal()
	return nil
}

// forEachConstraint calls f on every clock constraint of every invariant
// and guard, seeding the assumed dynamic bound along the way.
func (g *Graph) forEachConstraint(f func(*model.ClockConstraint) error) error {
	locs, vars := g.net.InitialState()
	g.env.Locs, g.env.Vars = locs, vars
	// The seeds are a guess, computed before any search polls its
	// budget: a bound function that runs long gives up early (its error
	// is ignored, as every error here is).
	g.env.MaxWork = seedWork
	visit := func(gd *model.Guard, sel []model.Select) error {
		if gd == nil {
			return nil
		}
		for k := range gd.Clocks {
			c := &gd.Clocks[k]
			g.seedDyn(c, sel)
			if err := f(c); err != nil {
				return err
			}
		}
		return nil
	}
	for _, p := range g.net.Processes {
		for _, l := range p.Locations {
			if err := visit(l.Invariant, nil); err != nil {
				return err
			}
		}
		for _, e := range p.Edges {
			if err := visit(e.Guard, e.Select); err != nil {
				return err
			}
		}
	}
	for k := range g.query {
		c := &g.query[k]
		g.seedDyn(c, nil)
		if err := f(c); err != nil {
			return err
		}
	}
	return nil
}

// defaultIntLo and defaultIntHi are the range of a plain int.
const defaultIntLo, defaultIntHi = -32768, 32767

// seedRanges raises the assumed dynamic bound to the range limits of the
// state variables and of select bindings, as UPPAAL bounds a state-dependent
// constant by the type of what it reads. Plain ints (the default range)
// are left out: counting them would make the bound useless, and the
// run-time check catches a bound that exceeds the assumption.
func (g *Graph) seedRanges() {
	raise := func(lo, hi int32) {
		if lo == defaultIntLo && hi == defaultIntHi {
			return
		}
		g.b.dyn = max(g.b.dyn, min(max(hi, -lo), dbm.MaxConstant/2))
	}
	for _, v := range g.net.Vars {
		raise(v.Lo, v.Hi)
	}
	for _, p := range g.net.Processes {
		for _, e := range p.Edges {
			for _, s := range e.Select {
				raise(s.Lo, s.Hi)
			}
		}
	}
}

// seedWork bounds the work of one seed's computation (Env.MaxWork).
const seedWork = 1 << 20

// seedDyn raises the assumed dynamic bound to the constant of c, or to the
// value c's bound function takes in the initial state with the least
// select values (errors there are ignored: the search reports them).
func (g *Graph) seedDyn(c *model.ClockConstraint, sel []model.Select) {
	v := c.Bound
	if c.BoundFn != nil {
		g.env.Reset()
		for k, s := range sel {
			g.env.Sel[k] = s.Lo
		}
		v = c.BoundFn(g.env)
		if g.env.Err != nil {
			v = 0
		}
		g.env.Reset()
	}
	if v < 0 {
		v = -v
	}
	if v > g.b.dyn && v <= dbm.MaxConstant/2 {
		g.b.dyn = v
	}
}

// addConstraint records the constant v of c in the bounds. A query's
// constraints count on both sides: a goal may test their negation
// (Not), which turns an upper bound into a lower one.
func (g *Graph) addConstraint(c *model.ClockConstraint, v int32) error {
	if g.isQuery(c) {
		if err := g.addOneSide(c, v); err != nil {
			return err
		}
		neg := model.ClockConstraint{I: c.J, J: c.I, IFn: c.JFn, JFn: c.IFn, Strict: !c.Strict}
		return g.addOneSide(&neg, -v)
	}
	return g.addOneSide(c, v)
}

// isQuery reports whether c is one of the query's constraints.
func (g *Graph) isQuery(c *model.ClockConstraint) bool {
	for k := range g.query {
		if c == &g.query[k] {
			return true
		}
	}
	return false
}

// addOneSide records v as the constant of c read as written.
func (g *Graph) addOneSide(c *model.ClockConstraint, v int32) error {
	b := &g.b
	iDyn, jDyn := c.IFn != nil, c.JFn != nil
	switch {
	case iDyn || jDyn:
		if iDyn && jDyn || iDyn && c.J != 0 || jDyn && c.I != 0 {
			return &Error{Msg: "clock difference constraints over clock array elements chosen at run time are not supported"}
		}
		// The clock is known only at run time: bound every clock.
		for x := 1; x < g.dim; x++ {
			if iDyn {
				b.u[x] = max(b.u[x], v)
			} else {
				b.l[x] = max(b.l[x], -v)
			}
		}
	case c.I != 0 && c.J != 0:
		if c.BoundFn != nil {
			return &Error{Msg: "clock difference constraints with bounds computed at run time are not supported"}
		}
		bd := dbm.LE(v)
		if c.Strict {
			bd = dbm.LT(v)
		}
		if !hasConstraint(b.diag, c.I, c.J, bd) {
			if len(b.diag) == maxDiagonals {
				return &Error{Msg: "more than 64 distinct clock difference constraints are not supported"}
			}
			b.diag = append(b.diag, dbm.Constraint{I: int(c.I), J: int(c.J), B: bd})
		}
		a := max(v, -v)
		for _, x := range []int32{c.I, c.J} {
			b.l[x], b.u[x] = max(b.l[x], a), max(b.u[x], a)
		}
	case c.I != 0:
		b.u[c.I] = max(b.u[c.I], v)
	case c.J != 0:
		b.l[c.J] = max(b.l[c.J], -v)
	}
	return nil
}

// maxDiagonals is the most difference constraints splitting handles: the
// side of a zone on each is one bit of a uint64.
const maxDiagonals = 64

// hasConstraint reports whether cs holds x_i − x_j ≺ b.
func hasConstraint(cs []dbm.Constraint, i, j int32, b dbm.Bound) bool {
	for _, c := range cs {
		if c.I == int(i) && c.J == int(j) && c.B == b {
			return true
		}
	}
	return false
}

// finishBounds applies the extrapolation mode: ExtraM (and any model with
// difference constraints) uses M = max(L, U) on both sides.
func (g *Graph) finishBounds() {
	b := &g.b
	if g.extra == ExtraM || len(b.diag) > 0 {
		for x := 1; x < g.dim; x++ {
			m := max(b.l[x], b.u[x])
			b.l[x], b.u[x] = m, m
		}
	}
}

// Bounds returns copies of the lower and upper extrapolation bounds per
// clock (index 0 is the reference clock; dbm.NoBound marks a clock no
// constraint bounds on that side).
func (g *Graph) Bounds() (l, u []int32) {
	return append([]int32(nil), g.b.l...), append([]int32(nil), g.b.u...)
}

// abstract applies the extrapolation to z, a zone of the discrete state
// d, and appends the resulting zones to out: z itself, or with difference
// constraints, the pieces of z split along them, each extrapolated and put
// back on its side of every difference constraint. z may be reused as one
// of the pieces. A lazy expander only frees the clocks inactive in d.
func (g *Expander) abstract(d []int32, z *dbm.DBM, out []*dbm.DBM) []*dbm.DBM {
	switch {
	case g.exact || g.extra == ExtraNone:
		return append(out, z)
	case g.b.loc != nil && g.lazy:
		g.freeInactive(d, z)
		return append(out, z)
	case g.b.loc != nil:
		g.boundsAt(d, g.lb, g.ub)
		z.ExtrapolateLU(g.lb, g.ub)
		return append(out, z)
	case len(g.b.diag) == 0:
		z.ExtrapolateLU(g.b.l, g.b.u)
		return append(out, z)
	}
	out = g.splitDiagonals(z, out)
	for _, piece := range out {
		sides := g.sides(piece)
		piece.ExtrapolateM(g.b.u)
		for k, c := range g.b.diag {
			if sides&(1<<k) != 0 {
				piece.Constrain(c.I, c.J, c.B)
			} else {
				piece.Constrain(c.J, c.I, c.B.Negate())
			}
		}
	}
	return out
}

// splitDiagonals appends to out the non-empty pieces of z on either side
// of every difference constraint; each piece satisfies or violates each
// constraint as a whole. The pieces come from a pool kept by the expander.
func (g *Expander) splitDiagonals(z *dbm.DBM, out []*dbm.DBM) []*dbm.DBM {
	first := len(out)
	out = append(out, g.pooled(0, z))
	used := 1
	for _, c := range g.b.diag {
		n := len(out)
		for k := first; k < n; k++ {
			piece := out[k]
			other := g.pooled(used, piece)
			inside := piece.Constrain(c.I, c.J, c.B)
			outside := other.Constrain(c.J, c.I, c.B.Negate())
			switch {
			case inside && outside:
				out = append(out, other)
				used++
			case outside:
				piece.CopyFrom(other)
			}
		}
	}
	return out
}

// pooled returns the pool's zone number k holding a copy of z.
func (g *Expander) pooled(k int, z *dbm.DBM) *dbm.DBM {
	for len(g.pool) <= k {
		g.pool = append(g.pool, dbm.New(g.dim))
	}
	g.pool[k].CopyFrom(z)
	return g.pool[k]
}

// sides returns a bitmask: bit k is set when z satisfies diag[k]. z lies
// wholly on one side of each (see splitDiagonals).
func (g *Graph) sides(z *dbm.DBM) uint64 {
	var s uint64
	for k, c := range g.b.diag {
		if z.At(c.I, c.J) <= c.B {
			s |= 1 << k
		}
	}
	return s
}
