// Guards with disjunctions over clocks: UPPAAL accepts guards such as
// `b && (x <= 5 || !t)`; they are brought into disjunctive normal form and
// the edge is split into one edge per disjunct, which has the same
// successors (the union of the disjuncts' zones).

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
)

// conj is one disjunct: clock constraints and integer conditions.
type conj struct {
	cons []ir.Constraint
	ints []*operand
}

// maxDisjuncts bounds the split of one edge.
const maxDisjuncts = 16

// guardDNF compiles a guard into disjuncts. A guard whose clock parts are
// a plain conjunction yields one disjunct.
func (x *cx) guardDNF(e lang.Expr) ([]*conj, bool) {
	d, ok := x.dnf(e, false)
	if !ok {
		return nil, false
	}
	if len(d) > maxDisjuncts {
		x.errorf(e, "guard has too many disjunctions over clocks (%d)", len(d))
		return nil, false
	}
	return d, true
}

func (x *cx) dnf(e lang.Expr, neg bool) ([]*conj, bool) {
	if !mentions(x.sc, e) {
		return x.dnfLeaf(e, neg)
	}
	switch e := e.(type) {
	case *lang.ParenExpr:
		return x.dnf(e.X, neg)
	case *lang.UnaryExpr:
		if e.Op == lang.NOT || e.Op == lang.KwNot {
			return x.dnf(e.X, !neg)
		}
	case *lang.BinaryExpr:
		switch e.Op {
		case lang.LAND, lang.KwAnd:
			return x.dnfJoin(e.X, e.Y, neg, neg, !neg)
		case lang.LOR, lang.KwOr:
			return x.dnfJoin(e.X, e.Y, neg, neg, neg)
		case lang.KwImply:
			return x.dnfJoin(e.X, e.Y, !neg, neg, neg)
		}
	}
	return x.dnfLeaf(e, neg)
}

// dnfJoin combines two sides: a disjunction when or is set, else a
// conjunction (the cross product of the disjuncts).
func (x *cx) dnfJoin(a, b lang.Expr, negA, negB, and bool) ([]*conj, bool) {
	l, ok1 := x.dnf(a, negA)
	r, ok2 := x.dnf(b, negB)
	if !ok1 || !ok2 {
		return nil, false
	}
	if !and {
		return append(l, r...), true
	}
	var out []*conj
	for _, p := range l {
		for _, q := range r {
			out = append(out, &conj{
				cons: append(append([]ir.Constraint{}, p.cons...), q.cons...),
				ints: append(append([]*operand{}, p.ints...), q.ints...),
			})
			if len(out) > maxDisjuncts*maxDisjuncts {
				x.errorf(a, "guard has too many disjunctions over clocks")
				return nil, false
			}
		}
	}
	return out, true
}

// dnfLeaf compiles an integer condition or a clock comparison.
func (x *cx) dnfLeaf(e lang.Expr, neg bool) ([]*conj, bool) {
	y := *x
	y.neq = true // admit clock disequalities: they split too
	o := y.expr(e)
	switch {
	case o.isBad():
		return nil, false
	case o.effect:
		x.errorf(e, "side effects are not allowed in a guard")
		return nil, false
	case o.t.kind == kGuard:
		if !neg {
			return []*conj{{cons: o.guard.cons, ints: o.guard.ints}}, true
		}
		var out []*conj
		for _, c := range o.guard.cons {
			out = append(out, &conj{cons: []ir.Constraint{negate(c)}})
		}
		for _, i := range o.guard.ints {
			out = append(out, &conj{ints: []*operand{notOperand(i)}})
		}
		return out, true
	case o.t.kind == kNeq:
		if neg {
			return []*conj{{cons: []ir.Constraint{negate(o.guard.cons[0]), negate(o.guard.cons[1])}}}, true
		}
		return []*conj{{cons: o.guard.cons[:1]}, {cons: o.guard.cons[1:]}}, true
	case o.t.kind == kClock || o.t.kind == kDiff:
		x.errorf(e, "guard must be a conjunction of clock constraints and integer conditions")
		return nil, false
	case !x.number(o):
		return nil, false
	}
	if neg {
		o = notOperand(o)
	}
	return []*conj{{ints: []*operand{o}}}, true
}

// negate returns the complement of x_I − x_J ≺ c: x_J − x_I ≺' −c, with
// '<' and '<=' swapped.
func negate(c ir.Constraint) ir.Constraint {
	n := ir.Constraint{I: c.J, J: c.I, Strict: !c.Strict}
	if k, ok := c.Bound.(*ir.Const); ok {
		n.Bound = &ir.Const{At: k.At, V: -k.V}
	} else {
		n.Bound = &ir.Unary{At: ir.At{P: c.Bound.Pos()}, Op: ir.Neg, X: c.Bound}
	}
	return n
}

func notOperand(o *operand) *operand {
	if o.known {
		return known(o.node, tBool, b2i(o.val == 0))
	}
	return &operand{t: tBool, node: o.node, code: &ir.Unary{At: at(o.node), Op: ir.Not, X: o.code}}
}

// conjGuard turns a disjunct into the guard of a label with a frame of
// size slots (nil means true), or reports false when the disjunct can
// never hold.
func conjGuard(c *conj, size int32) (*ir.Guard, bool) {
	for _, i := range c.ints {
		if i.known && i.val == 0 {
			return nil, false
		}
	}
	return toGuard(&operand{t: tGuard, guard: &guardParts{cons: c.cons, ints: c.ints}}, size), true
}
