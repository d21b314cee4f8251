// Goals: state formulas as sets of valuations, and deadlock.

package zone

import (
	"fmt"
	"slices"

	"beeline/core/dbm"
	"beeline/core/model"
)

// Goal is the target of E<> p as a test on symbolic states: it holds on
// (d, z) when some valuation of z satisfies p in d. Clock constraints,
// negation and deadlock are evaluated as unions of zones inside z, so Not
// is the exact complement within the zone; a formula without clock
// constraints or deadlock is evaluated on d alone. The caller checks
// A[] p as not E<> not p.
//
// A Goal evaluates with its own Expander, because the search calls it
// from inside Successors (on each new state), while the search's
// expander is busy. Like an Expander, it must not be used by two
// goroutines at once.
type Goal struct {
	p    *model.Prop // p without double negations; nil holds everywhere
	zone bool        // p has clock constraints or deadlock
	x    *Expander
	err  error
}

// Goal returns the goal of E<> p. p must be nil, one of the goals given
// to New, or a formula without clock constraints and deadlock: any other
// would need extrapolation bounds the graph was not built with, and Goal
// panics.
func (g *Graph) Goal(p *model.Prop) *Goal {
	q := &Goal{err: g.queryErr}
	if p == nil {
		return q
	}
	if needsZone(p) && !slices.Contains(g.queries, p) {
		panic("zone: Goal of a formula with clock constraints or deadlock that was not given to New")
	}
	q.p = withoutDoubleNot(p)
	q.zone = needsZone(q.p)
	q.x = g.NewExpander()
	return q
}

// Holds reports whether the goal holds on (d, z); it is a core/search
// Goal. A run-time error while evaluating the formula makes it false, and
// Err returns the first one.
func (q *Goal) Holds(d []int32, z *dbm.DBM) bool {
	if q.p == nil {
		return true
	}
	if !q.zone {
		q.x.env.Reset()
		q.x.setState(d)
		v, err := q.x.holds(q.p)
		q.note(err)
		return err == nil && v
	}
	f, err := q.x.sat(q.p, d, z)
	q.note(err)
	return err == nil && !f.IsEmpty()
}

// Err returns the first run-time error met while evaluating the goal, or
// the refusal of its clock constraints by New.
func (q *Goal) Err() error { return q.err }

func (q *Goal) note(err error) {
	if err != nil && q.err == nil {
		q.err = err
	}
}

// addQuery records the clock constraints of p for the extrapolation
// bounds and switches to ExtraM for deadlock. If the bounds refuse the
// constraints, they stay as they were and queryErr says why.
func (g *Graph) addQuery(p *model.Prop) {
	if p == nil || slices.Contains(g.queries, p) {
		return
	}
	g.queries = append(g.queries, p)
	extra, n := g.extra, len(g.query)
	if hasDeadlock(p) && g.extra == ExtraLU {
		g.extra = ExtraM
	}
	g.query = appendClocks(g.query, p)
	if extra == g.extra && n == len(g.query) {
		return
	}
	old := g.b
	if err := g.computeBounds(); err != nil {
		if g.queryErr == nil {
			g.queryErr = err
		}
		g.b = old
	}
}

// appendClocks appends the clock constraints of p.
func appendClocks(cs []model.ClockConstraint, p *model.Prop) []model.ClockConstraint {
	if p.Op == model.PropClock {
		cs = append(cs, p.Clock)
	}
	for _, a := range p.Args {
		cs = appendClocks(cs, a)
	}
	return cs
}

// withoutDoubleNot returns p with every Not(Not(q)) replaced by q (A[]
// not deadlock is searched as not not deadlock), so that the goal does not
// compute a complement of a complement. p itself is not modified.
func withoutDoubleNot(p *model.Prop) *model.Prop {
	for p.Op == model.PropNot && p.Args[0].Op == model.PropNot {
		p = p.Args[0].Args[0]
	}
	var args []*model.Prop
	for i, a := range p.Args {
		b := withoutDoubleNot(a)
		if b != a && args == nil {
			args = slices.Clone(p.Args)
		}
		if args != nil {
			args[i] = b
		}
	}
	if args == nil {
		return p
	}
	q := *p
	q.Args = args
	return &q
}

// hasDeadlock reports whether p mentions deadlock.
func hasDeadlock(p *model.Prop) bool {
	if p.Op == model.PropDeadlock {
		return true
	}
	for _, a := range p.Args {
		if hasDeadlock(a) {
			return true
		}
	}
	return false
}

// needsZone reports whether p has clock constraints or deadlock.
func needsZone(p *model.Prop) bool {
	if p.Op == model.PropClock || p.Op == model.PropDeadlock {
		return true
	}
	for _, a := range p.Args {
		if needsZone(a) {
			return true
		}
	}
	return false
}

// holds evaluates a formula without clocks in the state g.env points at.
func (g *Expander) holds(p *model.Prop) (bool, error) {
	v, err := holdsIn(g.env, p)
	if re, ok := err.(*model.RuntimeError); ok {
		return false, &Error{Pos: g.position(re.Pos), Msg: re.Msg, Context: "query"}
	}
	return v, err
}

// holdsIn is holds on env; a run-time error of an atom is returned as the
// *model.RuntimeError it left in env. The walk passes env down rather than
// reading it from the expander at every node: a goal runs on every stored
// state, and on a quantified formula (train-gate's mutual exclusion has 93
// nodes) that load cost some 5% of the whole search.
func holdsIn(env *model.Env, p *model.Prop) (bool, error) {
	switch p.Op {
	case model.PropTrue:
		return true, nil
	case model.PropFalse:
		return false, nil
	case model.PropAtom:
		v := p.Atom(env)
		if re := env.Err; re != nil {
			return false, re
		}
		return v != 0, nil
	case model.PropNot:
		v, err := holdsIn(env, p.Args[0])
		return !v, err
	case model.PropAnd, model.PropOr:
		want := p.Op == model.PropOr // the value that decides
		for _, a := range p.Args {
			v, err := holdsIn(env, a)
			if err != nil || v == want {
				return want, err
			}
		}
		return !want, nil
	}
	return false, fmt.Errorf("formula operator %d cannot be evaluated without a zone", p.Op)
}

// sat returns the valuations of z (intersected with the invariants of d)
// that satisfy p in d. A nil p holds everywhere.
func (g *Expander) sat(p *model.Prop, d []int32, z *dbm.DBM) (*dbm.Federation, error) {
	g.env.Reset()
	g.combo = g.combo[:0]
	base := z.Copy()
	if ok, err := g.invariants(d, base, d); err != nil || !ok {
		return dbm.NewFederation(g.dim), err
	}
	if p == nil {
		return dbm.FederationOf(base), nil
	}
	return g.satIn(p, d, base)
}

// satIn computes sat for p inside the zone base.
func (g *Expander) satIn(p *model.Prop, d []int32, base *dbm.DBM) (*dbm.Federation, error) {
	switch p.Op {
	case model.PropTrue:
		return dbm.FederationOf(base), nil
	case model.PropFalse:
		return dbm.NewFederation(g.dim), nil
	case model.PropAtom:
		g.setState(d)
		ok, err := g.holds(p)
		if err != nil || !ok {
			return dbm.NewFederation(g.dim), err
		}
		return dbm.FederationOf(base), nil
	case model.PropClock:
		g.setState(d)
		c := base.Copy()
		ok, err := g.constrain(c, &p.Clock)
		if err != nil {
			return nil, g.runtimeError(d, "query")
		}
		if !ok {
			return dbm.NewFederation(g.dim), nil
		}
		return dbm.FederationOf(c), nil
	case model.PropDeadlock:
		return g.deadlock(d, base)
	case model.PropNot:
		f, err := g.satIn(p.Args[0], d, base)
		if err != nil {
			return nil, err
		}
		out := dbm.FederationOf(base)
		out.SubtractFederation(f)
		return out, nil
	case model.PropAnd:
		return g.satAnd(p, d, base)
	case model.PropOr:
		out := dbm.NewFederation(g.dim)
		for _, a := range p.Args {
			f, err := g.satIn(a, d, base)
			if err != nil {
				return nil, err
			}
			out.Union(f)
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown formula operator %d", p.Op)
}

// satAnd intersects the operands' sets, stopping at the first empty one.
func (g *Expander) satAnd(p *model.Prop, d []int32, base *dbm.DBM) (*dbm.Federation, error) {
	out := dbm.FederationOf(base)
	for _, a := range p.Args {
		f, err := g.satIn(a, d, base)
		if err != nil {
			return nil, err
		}
		out.IntersectFederation(f)
		if out.IsEmpty() {
			break
		}
	}
	return out, nil
}

// deadlock returns the deadlocked valuations of z in d: those from which
// no action transition can be taken now or after any delay. It is z minus
// the union over the transitions t of d of Down(pre(t)), where pre(t) are
// the valuations from which t can be taken (guards hold and the target
// invariant holds after the updates); when time is frozen in d, the union
// of the pre(t) themselves. Priorities do not matter: a valuation where a
// transition is blocked has a higher one enabled.
func (g *Expander) deadlock(d []int32, z *dbm.DBM) (*dbm.Federation, error) {
	g.env.Reset()
	if err := g.collect(d, &g.en); err != nil {
		return nil, err
	}
	frozen, err := g.frozen(d)
	if err != nil {
		return nil, err
	}
	if g.dlPre == nil {
		g.dlPre, g.dlPost = dbm.New(g.dim), dbm.New(g.dim)
	}
	// out is created at the first pre-image that leaves part of z: in
	// most states one transition can be taken from all of z, and then no
	// federation is needed.
	var out *dbm.Federation
	covered := false
	stop := g.transitions(d, func() bool {
		var ok bool
		ok, err = g.preImageInto(d, z, g.dlPre, g.dlPost)
		if err != nil || !ok {
			return err == nil
		}
		pre := g.dlPost
		if !frozen {
			pre.Down()
		}
		if out == nil {
			if pre.Includes(z) {
				covered = true
				return false
			}
			out = dbm.FederationOf(z)
		}
		out.Subtract(pre)
		return !out.IsEmpty()
	})
	g.combo = g.combo[:0]
	switch {
	case err != nil:
		return nil, err
	case stop != nil:
		return nil, stop
	case covered:
		return dbm.NewFederation(g.dim), nil
	case out == nil:
		return dbm.FederationOf(z), nil
	}
	return out, nil
}
