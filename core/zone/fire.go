// The steps of an action transition: guards, updates, resets, pre-images.

package zone

import (
	"fmt"

	"beeline/core/dbm"
	"beeline/core/model"
)

// setSel puts the select values of instance k of g.en into g.env.Sel.
func (g *Expander) setSel(k int32) *model.Edge {
	pt := &g.en.parts[k]
	e := g.net.Processes[pt.proc].Edges[pt.edge]
	copy(g.env.Sel, g.en.sel[pt.sel:pt.sel+int32(len(e.Select))])
	return e
}

// constrainGuards intersects z with the invariants of the source locations
// in d (an extrapolated zone may have lost them) and with the clock guards
// of the edges in g.combo, and reports whether the result is non-empty.
// The environment must point at d.
func (g *Expander) constrainGuards(d []int32, z *dbm.DBM) (bool, error) {
	if ok, err := g.invariants(d, z, d); !ok || err != nil {
		return false, err
	}
	return g.edgeGuards(d, z)
}

// edgeGuards intersects z with the clock guards of the edges in g.combo
// and reports whether the result is non-empty. The environment must point
// at d.
func (g *Expander) edgeGuards(d []int32, z *dbm.DBM) (bool, error) {
	for _, k := range g.combo {
		e := g.setSel(k)
		if e.Guard == nil {
			continue
		}
		for c := range e.Guard.Clocks {
			ok, err := g.constrain(z, &e.Guard.Clocks[c])
			if err != nil {
				return false, g.runtimeError(d, "guard")
			}
			if !ok {
				return false, nil
			}
		}
	}
	return true, nil
}

// constrain intersects z with one clock constraint evaluated in g.env. An
// error of the model is left in g.env.Err and reported as a non-nil error;
// the caller wraps it with its context.
func (g *Expander) constrain(z *dbm.DBM, c *model.ClockConstraint) (bool, error) {
	i, j := c.Index(g.env)
	v := c.Value(g.env)
	if g.env.Err != nil {
		return false, g.env.Err
	}
	if int(i) >= g.dim || int(j) >= g.dim || i < 0 || j < 0 {
		return false, g.failf("clock index out of range")
	}
	if v > dbm.MaxConstant/2 || v < -dbm.MaxConstant/2 {
		return false, g.failf("clock bound %d is too large", v)
	}
	if c.BoundFn != nil && !g.exact && g.extra != ExtraNone && (v > g.b.dyn || -v > g.b.dyn) {
		return false, g.failf("a clock is compared with %d, computed at run time, beyond %d, the largest constant Beeline could bound in advance (the abstraction would be unsound, so the check stops)", max(v, -v), g.b.dyn)
	}
	b := dbm.LE(v)
	if c.Strict {
		b = dbm.LT(v)
	}
	if i == j {
		return b >= dbm.LEZero, nil
	}
	return z.Constrain(int(i), int(j), b), nil
}

// failf records a run-time error at no particular position in g.env.Err
// (keeping an earlier one) and returns it.
func (g *Expander) failf(format string, args ...any) error {
	if g.env.Err == nil {
		g.env.Err = &model.RuntimeError{Msg: fmt.Sprintf(format, args...)}
	}
	return g.env.Err
}

// update runs the updates of g.combo on a copy of the source variables in
// d2 (sender or internal edge first, then receivers in process order, each
// on the values left by the previous one), records clock resets in
// g.env.Resets, and moves the processes to their target locations.
func (g *Expander) update(d, d2 []int32) error {
	g.env.Locs = d[:g.np]
	g.env.Vars = d2[g.np:g.nd]
	g.env.Resets = g.env.Resets[:0]
	for _, k := range g.combo {
		e := g.setSel(k)
		if e.Update == nil {
			continue
		}
		e.Update(g.env)
		if g.env.Err != nil {
			return g.runtimeError(d, "update")
		}
	}
	if g.net.ClockMap != nil {
		g.env.Resets = mapResets(g.env.Resets, g.net.ClockMap)
	}
	for _, k := range g.combo {
		pt := &g.en.parts[k]
		d2[pt.proc] = g.net.Processes[pt.proc].Edges[pt.edge].Dst
	}
	return nil
}

// mapResets renumbers the clocks of resets by m (see
// model.Network.ClockMap), in place, leaving out the clocks m drops.
func mapResets(resets []model.ClockReset, m []int32) []model.ClockReset {
	out := resets[:0]
	for _, r := range resets {
		if r.Clock >= 0 && int(r.Clock) < len(m) && m[r.Clock] >= 0 {
			r.Clock = m[r.Clock]
			out = append(out, r)
		}
	}
	return out
}

// applyResets applies the clock assignments recorded by update, in order.
func (g *Expander) applyResets(d []int32, z *dbm.DBM) error {
	for _, r := range g.env.Resets {
		if err := g.checkReset(r); err != nil {
			return g.runtimeError(d, "update")
		}
		z.Reset(int(r.Clock), r.Value)
	}
	return nil
}

// checkReset validates a clock assignment.
func (g *Expander) checkReset(r model.ClockReset) error {
	switch {
	case r.Clock < 1 || int(r.Clock) >= g.dim:
		return g.failf("clock index %d out of range", r.Clock)
	case r.Value < 0:
		return g.failf("negative clock value: %s = %d", g.net.Clocks[r.Clock].Name, r.Value)
	case r.Value > dbm.MaxConstant/2:
		return g.failf("clock value %d is too large", r.Value)
	}
	return nil
}

// pullBack replaces z by the valuations that the resets (applied in
// order) map into z: for each reset x := v, last first, z ∧ x = v with x
// then freed.
func pullBack(z *dbm.DBM, resets []model.ClockReset) bool {
	for k := len(resets) - 1; k >= 0; k-- {
		r := resets[k]
		if !z.Constrain(int(r.Clock), 0, dbm.LE(r.Value)) || !z.Constrain(0, int(r.Clock), dbm.LE(-r.Value)) {
			return false
		}
		z.Free(int(r.Clock))
	}
	return !z.IsEmpty()
}

// preImage returns the valuations of z from which the transition in
// g.combo can be taken now: its guards hold and the target invariant holds
// after the updates. It returns nil when there are none. It uses g.d2.
func (g *Expander) preImage(d []int32, z *dbm.DBM) (*dbm.DBM, error) {
	pre, post := dbm.New(g.dim), dbm.New(g.dim)
	ok, err := g.preImageInto(d, z, pre, post)
	if !ok || err != nil {
		return nil, err
	}
	return post, nil
}

// preImageInto is preImage with the result in post and pre as scratch
// (both of g's dimension); it reports whether the result is non-empty.
func (g *Expander) preImageInto(d []int32, z, pre, post *dbm.DBM) (bool, error) {
	g.setState(d)
	pre.CopyFrom(z)
	if ok, err := g.constrainGuards(d, pre); !ok || err != nil {
		return false, err
	}
	post.CopyFrom(pre)
	copy(g.d2, d)
	if err := g.update(d, g.d2); err != nil {
		return false, err
	}
	if err := g.applyResets(d, post); err != nil {
		return false, err
	}
	if ok, err := g.invariants(g.d2, post, d); !ok || err != nil {
		return false, err
	}
	return pullBack(post, g.env.Resets) && post.Intersect(pre), nil
}
