// Evaluators: the valuations of a symbolic state that satisfy a formula,
// and the clocks and integers of sup and inf queries in a discrete state.

package zone

import (
	"slices"

	"beeline/core/dbm"
	"beeline/core/model"
)

// Evaluator evaluates a state formula and the expressions of a sup or inf
// query on the states of a graph, for a caller that looks at the states a
// search stores (through a core/search Goal that never holds, say). Like
// a Goal it has its own Expander, because the search calls it from inside
// Successors, and it must not be used by two goroutines at once.
type Evaluator struct {
	p *model.Prop // without double negations; nil holds everywhere
	x *Expander
}

// Evaluator returns an evaluator of the formula p. p must be nil (true),
// one of the goals given to New, or a formula without clock constraints
// and deadlock, as for Goal, and Evaluator panics otherwise.
func (g *Graph) Evaluator(p *model.Prop) *Evaluator {
	e := &Evaluator{x: g.NewExpander()}
	if p == nil {
		return e
	}
	if needsZone(p) && !slices.Contains(g.queries, p) {
		panic("zone: Evaluator of a formula with clock constraints or deadlock that was not given to New")
	}
	e.p = withoutDoubleNot(p)
	return e
}

// Err returns the refusal of the goals' clock constraints by New, if any
// (see New): the graph's bounds then leave them out and the evaluator's
// answers are not to be trusted.
func (e *Evaluator) Err() error { return e.x.queryErr }

// Sat returns the valuations of z that satisfy the invariants of d and
// the formula in d: a union of zones, empty when there are none. A
// run-time error of the formula is returned with its position.
func (e *Evaluator) Sat(d []int32, z *dbm.DBM) (*dbm.Federation, error) {
	return e.x.sat(e.p, d, z)
}

// Int returns the value of the integer expression b in d.
func (e *Evaluator) Int(b *model.BoundExpr, d []int32) (int32, error) {
	x := e.x
	x.env.Reset()
	x.combo = x.combo[:0]
	x.setState(d)
	v := b.Int(x.env)
	if x.env.Err != nil {
		return 0, x.runtimeError(d, "query")
	}
	return v, nil
}

// Clock returns the number of the clock b in d (x_0 is the reference
// clock): b.Index, or the value of b.IndexFn, which must name a clock.
func (e *Evaluator) Clock(b *model.BoundExpr, d []int32) (int, error) {
	if b.IndexFn == nil {
		return int(b.Index), nil
	}
	x := e.x
	x.env.Reset()
	x.combo = x.combo[:0]
	x.setState(d)
	i := b.IndexFn(x.env)
	if x.env.Err == nil && (i < 1 || int(i) >= x.dim) {
		x.failf("clock index out of range")
	}
	if x.env.Err != nil {
		return 0, x.runtimeError(d, "query")
	}
	return int(i), nil
}

// Delays reports whether time may pass in d: no process is in an urgent
// or committed location and no synchronisation over an urgent channel is
// enabled. Invariants are not considered.
func (e *Evaluator) Delays(d []int32) (bool, error) {
	x := e.x
	x.env.Reset()
	x.combo = x.combo[:0]
	frozen, err := x.frozen(d)
	return !frozen && err == nil, err
}
