// Liveness: the zone graph restricted to a state formula, how a maximal
// path ends, and concrete lassos.

package zone

import (
	"fmt"

	"beeline/core/dbm"
	"beeline/core/model"
)

// Within returns an expander of g whose states keep only the valuations
// at which p holds: the initial state and every successor are cut to p on
// entering, time passes only while p holds, and a state where p does not
// hold on entering is not a successor. This is the graph in which E[] p
// looks for a maximal path. p should be one of the goals given to New, so
// that its clock constants are among the extrapolation bounds.
//
// In every discrete state, p must describe a convex set of valuations
// (a conjunction of clock constraints once the locations and variables
// are known): time passing inside a union of zones is not one zone. A
// state where it does not is a run-time error of the search.
func (g *Graph) Within(p *model.Prop) *Expander {
	x := g.NewExpander()
	x.aux = g.NewExpander()
	if p != nil {
		x.within = withoutDoubleNot(p)
		x.withinZone = needsZone(x.within)
	}
	return x
}

// restrict cuts z to the valuations of d where the expander's formula
// holds, and reports whether any are left.
func (g *Expander) restrict(d []int32, z *dbm.DBM) (bool, error) {
	if g.within == nil {
		return true, nil
	}
	x := g.aux
	if !g.withinZone {
		x.env.Reset()
		x.setState(d)
		return x.holds(g.within)
	}
	f, err := x.sat(g.within, d, z)
	if err != nil {
		return false, err
	}
	switch f.Len() {
	case 0:
		return false, nil
	case 1:
		z.CopyFrom(f.Zones()[0])
		return true, nil
	}
	h := f.Hull()
	if !f.Includes(h) {
		return false, &Error{Msg: fmt.Sprintf("in %s the formula's clock constraints describe a union of zones (%s); liveness is checked only where they are a conjunction", g.net.Brief(d[:g.np], d[g.np:g.nd]), g.formatFed(f))}
	}
	z.CopyFrom(h)
	return true, nil
}

// Ending says whether a maximal path may end in the state (d, z) of the
// expander: EndDelay when time can pass forever in some valuation of z
// (within the invariants and the expander's formula), EndDeadlock when
// some valuation of z can take no action transition, now or later, and
// time stops in it (an invariant's upper bound is reached, or time is
// frozen), and EndGoal when neither (the path must go on). It must not be
// called from inside Successors.
func (g *Expander) Ending(d []int32, z *dbm.DBM) (TraceEnd, error) {
	x := g.aux
	if x == nil {
		x = g
	}
	x.env.Reset()
	frozen, err := x.frozen(d)
	if err != nil {
		return EndGoal, err
	}
	if !frozen && z.Unbounded() {
		return EndDelay, nil
	}
	st, err := x.stuck(d, z, frozen)
	if err != nil {
		return EndGoal, err
	}
	if !st.IsEmpty() {
		return EndDeadlock, nil
	}
	return EndGoal, nil
}

// stuck returns the valuations of z from which no action transition can
// be taken, now or after a delay, and at which time cannot pass: all the
// deadlocked valuations when time is frozen, else those where a
// non-strict upper bound x ≤ c of an invariant is reached. (Under a
// strict bound x < c a valuation can always delay a little more; such a
// path is an infinite sequence of shrinking delays, which the symbolic
// semantics does not count as ending.)
func (g *Expander) stuck(d []int32, z *dbm.DBM, frozen bool) (*dbm.Federation, error) {
	dl, err := g.deadlock(d, z)
	if err != nil || dl.IsEmpty() || frozen {
		return dl, err
	}
	out := dbm.NewFederation(g.dim)
	g.setState(d)
	for p := range g.np {
		inv := g.location(d, p).Invariant
		if inv == nil {
			continue
		}
		for k := range inv.Clocks {
			c := &inv.Clocks[k]
			if c.Strict {
				continue
			}
			i, j := c.Index(g.env)
			v := c.Value(g.env)
			if g.env.Err != nil {
				return nil, g.runtimeError(d, "invariant")
			}
			if j != 0 || i <= 0 || int(i) >= g.dim {
				continue
			}
			at := dl.Copy()
			at.Constrain(0, int(i), dbm.LE(-v))
			out.Union(at)
		}
	}
	return out, nil
}

// Enter returns the states of the expander entered at the valuations of
// z (a reachable state of d) where p holds: z cut to p and to the
// expander's formula, then, unless time is frozen, the delay within the
// invariants and the formula, and the extrapolation. A union is returned
// as its zones; none when no valuation qualifies. The zones are the
// caller's.
func (g *Expander) Enter(d []int32, z *dbm.DBM, p *model.Prop) ([]*dbm.DBM, error) {
	f, err := g.aux.sat(p, d, z)
	if err != nil {
		return nil, err
	}
	var out []*dbm.DBM
	for _, piece := range f.Zones() {
		c := piece.Copy()
		ok, err := g.restrict(d, c)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		g.env.Reset()
		frozen, err := g.frozen(d)
		if err != nil {
			return nil, err
		}
		if !frozen {
			c.Up()
			if ok, err = g.invariants(d, c, d); err == nil && ok {
				ok, err = g.restrict(d, c)
			}
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
		}
		g.split = g.abstract(d, c, g.split[:0])
		for _, s := range g.split {
			out = append(out, s.Copy())
		}
	}
	return out, nil
}

// ConcretizeLive turns the symbolic path of a liveness witness into a
// concrete trace. From path[from] on, the states are cut to within (and
// path[from] on entering also to start): the part of the run where the
// formula must hold throughout. end says how the path ends: for EndLoop
// the steps from loop on repeat; for EndDeadlock the last delay reaches a
// valuation where nothing can happen any more; for EndDelay time passes
// forever in the last state. stop is polled as in Concretize.
func (g *Graph) ConcretizeLive(path []SymbolicStep, from int, start, within *model.Prop, end TraceEnd, loop int, stop func() bool) (*Trace, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("empty trace")
	}
	x := g.NewExpander()
	x.exact = true
	x.SetInterrupt(stop)
	aux := g.NewExpander()
	aux.SetInterrupt(stop)
	cut := func(s *pathStep, f *dbm.Federation, p *model.Prop) (*dbm.Federation, error) {
		out := dbm.NewFederation(g.dim)
		for _, z := range f.Zones() {
			r, err := aux.sat(p, s.d, z)
			if err != nil {
				return nil, err
			}
			out.Union(r)
		}
		return out, nil
	}
	steps, err := x.replayCut(path, func(k int, s *pathStep) error {
		if k < from {
			return nil
		}
		var err error
		if k == from && start != nil {
			if s.a, err = cut(s, s.a, start); err != nil {
				return err
			}
		}
		if within != nil {
			if s.a, err = cut(s, s.a, within); err != nil {
				return err
			}
		}
		if err := x.delayStep(s); err != nil {
			return err
		}
		if within != nil {
			if s.dz, err = cut(s, s.dz, within); err != nil {
				return err
			}
		}
		if s.dz.IsEmpty() {
			return fmt.Errorf("step %d of the trace leaves the formula", k)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	last := &steps[len(steps)-1]
	target := last.dz
	if end == EndDeadlock {
		target = dbm.NewFederation(g.dim)
		for _, z := range last.dz.Zones() {
			st, err := aux.stuck(last.d, z, last.frozen)
			if err != nil {
				return nil, err
			}
			target.Union(st)
		}
		if target.IsEmpty() {
			return nil, fmt.Errorf("the trace does not end in a deadlock")
		}
	}
	ends, err := x.prune(steps, target)
	if err != nil {
		return nil, err
	}
	tr, err := x.walk(steps, ends)
	if err != nil {
		return nil, err
	}
	tr.End, tr.Loop = end, loop
	return tr, nil
}
