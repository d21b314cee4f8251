// Clock expressions: linear terms over at most two clocks, their
// normalisation into upper-bound constraints x_I − x_J ≺ c, and guards
// (conjunctions of constraints and integer conditions).

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
)

// sameClock reports whether two clock references are the same fixed clock.
func sameClock(c, d *address) bool {
	return c != nil && d != nil && c.Static() && d.Static() && c.Off == d.Off
}

// intSum is c + Σplus − Σminus over integer expressions.
type intSum struct {
	c           int32
	plus, minus []ir.Expr
}

func (s intSum) negate() intSum {
	return intSum{c: -s.c, plus: s.minus, minus: s.plus}
}

func (s intSum) add(t intSum) intSum {
	return intSum{
		c:     s.c + t.c,
		plus:  append(append([]ir.Expr{}, s.plus...), t.plus...),
		minus: append(append([]ir.Expr{}, s.minus...), t.minus...),
	}
}

func (s intSum) constant() bool { return len(s.plus) == 0 && len(s.minus) == 0 }

// expr returns s as one expression: the terms added left to right, then
// the constant (the back end specialises x + k).
func (s intSum) expr() ir.Expr {
	var e ir.Expr
	for _, p := range s.plus {
		if e == nil {
			e = p
			continue
		}
		e = &ir.Binary{At: ir.At{P: p.Pos()}, Op: ir.Add, X: e, Y: p}
	}
	for _, m := range s.minus {
		if e == nil {
			e = &ir.Binary{At: ir.At{P: m.Pos()}, Op: ir.Sub, X: &ir.Const{V: s.c}, Y: m}
			continue
		}
		e = &ir.Binary{At: ir.At{P: m.Pos()}, Op: ir.Sub, X: e, Y: m}
	}
	switch {
	case e == nil:
		return &ir.Const{V: s.c}
	case len(s.plus) == 0 || s.c == 0:
		return e
	}
	return &ir.Binary{At: ir.At{P: e.Pos()}, Op: ir.Add, X: e, Y: &ir.Const{V: s.c}}
}

// linear is pos − neg + k, where pos and neg are clocks (either may be nil,
// meaning the reference clock).
type linear struct {
	pos, neg *address
	k        intSum
}

func (l *linear) isPlain() bool { return l.pos != nil && l.neg == nil && l.k.constant() && l.k.c == 0 }

func (l *linear) negated() *linear {
	return &linear{pos: l.neg, neg: l.pos, k: l.k.negate()}
}

func isClockTerm(o *operand) bool { return o.t.kind == kClock || o.t.kind == kDiff }

// toLinear views an integer or clock operand as a linear term.
func (x *cx) toLinear(o *operand) (*linear, bool) {
	if isClockTerm(o) {
		return o.lin, true
	}
	if !x.number(o) {
		return nil, false
	}
	if o.known {
		return &linear{k: intSum{c: o.val}}, true
	}
	return &linear{k: intSum{plus: []ir.Expr{o.code}}}, true
}

// addLinear returns a + b, or false when more than one clock would be
// added or subtracted (x + y is not a clock difference).
func addLinear(a, b *linear) (*linear, bool) {
	res := &linear{pos: a.pos, neg: a.neg, k: a.k.add(b.k)}
	if b.pos != nil {
		if res.pos != nil {
			return nil, false
		}
		res.pos = b.pos
	}
	if b.neg != nil {
		if res.neg != nil {
			return nil, false
		}
		res.neg = b.neg
	}
	if sameClock(res.pos, res.neg) {
		res.pos, res.neg = nil, nil
	}
	return res, true
}

// linearOp compiles + and − where a clock is involved.
func (x *cx) linearOp(e lang.Expr, op lang.Token, l, r *operand) *operand {
	a, ok1 := x.toLinear(l)
	b, ok2 := x.toLinear(r)
	if !ok1 || !ok2 {
		return bad(e)
	}
	if op == lang.SUB {
		b = b.negated()
	}
	res, ok := addLinear(a, b)
	if !ok {
		x.errorf(e, "only the difference of two clocks can be compared (found '%s')", exprString(e))
		return bad(e)
	}
	o := &operand{t: tClock, node: e, lin: res, effect: l.effect || r.effect}
	switch {
	case res.pos == nil && res.neg == nil:
		o.t, o.lin = tInt, nil
		if res.k.constant() {
			o.known, o.val = true, res.k.c
		} else {
			o.code = res.k.expr()
		}
	case res.pos == nil || res.neg != nil:
		o.t = tDiff
	}
	return o
}

// guardParts is a conjunction of clock constraints and integer conditions.
type guardParts struct {
	cons []ir.Constraint
	ints []*operand
}

// constraint compiles a comparison involving clocks into constraints in
// upper-bound form.
func (x *cx) constraint(e lang.Expr, op lang.Token, l, r *operand) *operand {
	a, ok1 := x.toLinear(l)
	b, ok2 := x.toLinear(r)
	if !ok1 || !ok2 {
		return bad(e)
	}
	d, ok := addLinear(a, b.negated()) // d = a − b ≺ 0
	if !ok {
		x.errorf(e, "only the difference of two clocks can be compared (found '%s')", exprString(e))
		return bad(e)
	}
	if d.pos == nil && d.neg == nil {
		// The clocks cancel out: an integer comparison k ≺ 0.
		k := &operand{t: tInt, node: e}
		if d.k.constant() {
			k.known, k.val = true, d.k.c
		} else {
			k.code = d.k.expr()
		}
		return x.integerOp(e, op, k, known(e, tInt, 0))
	}
	o := &operand{t: tGuard, node: e, guard: &guardParts{}, effect: l.effect || r.effect}
	switch op {
	case lang.LSS, lang.LEQ:
		o.guard.cons = append(o.guard.cons, upper(d, op == lang.LSS))
	case lang.GTR, lang.GEQ:
		o.guard.cons = append(o.guard.cons, upper(d.negated(), op == lang.GTR))
	case lang.EQL:
		o.guard.cons = append(o.guard.cons, upper(d, false), upper(d.negated(), false))
	case lang.NEQ:
		if x.mode != modeQuery && !x.neq {
			x.errorf(e, "clock disequality is only allowed in guards and queries")
			return bad(e)
		}
		o.t = tNeq
		o.guard.cons = append(o.guard.cons, upper(d, true), upper(d.negated(), true))
	}
	// An invariant may bound clocks from below and compare them for
	// equality, as libutap's type checker accepts (`x >= 0`, `x == 0`):
	// it constrains the states like any other bound, so `x == 0` is
	// `x <= 0` and a lower bound keeps the location from being entered
	// below it.
	return o
}

// upper turns d ≺ 0, that is pos − neg ≺ −k, into a constraint.
func upper(d *linear, strict bool) ir.Constraint {
	return ir.Constraint{I: d.pos, J: d.neg, Strict: strict, Bound: d.k.negate().expr()}
}

// asGuard views an operand as a conjunction.
func (x *cx) asGuard(o *operand) (*guardParts, bool) {
	switch {
	case o.t.kind == kGuard:
		return o.guard, true
	case o.t.kind == kNeq:
		x.errorf(o.node, "clock disequality is only allowed in queries")
		return nil, false
	case x.number(o):
		return &guardParts{ints: []*operand{o}}, true
	}
	return nil, false
}

// conjoin compiles && where a clock constraint is involved.
func (x *cx) conjoin(e lang.Expr, l, r *operand) *operand {
	a, ok1 := x.asGuard(l)
	b, ok2 := x.asGuard(r)
	if !ok1 || !ok2 {
		return bad(e)
	}
	g := &guardParts{
		cons: append(append([]ir.Constraint{}, a.cons...), b.cons...),
		ints: append(append([]*operand{}, a.ints...), b.ints...),
	}
	return &operand{t: tGuard, node: e, guard: g, effect: l.effect || r.effect}
}

// toGuard turns a compiled label expression into the resolved guard of
// a label with a frame of size slots; nil means true. A constant false
// integer part is kept as the condition 0.
func toGuard(o *operand, size int32) *ir.Guard {
	var parts *guardParts
	switch {
	case o.isBad():
		return nil
	case o.t.kind == kGuard:
		parts = o.guard
	default:
		parts = &guardParts{ints: []*operand{o}}
	}
	g := &ir.Guard{Clocks: parts.cons, Frame: size}
	for _, i := range parts.ints {
		if i.known {
			if i.val == 0 {
				g.Cond = &ir.Const{At: at(i.node), V: 0}
				return g
			}
			continue
		}
		if g.Cond == nil {
			g.Cond = i.code
			continue
		}
		g.Cond = &ir.Binary{At: at(i.node), Op: ir.LAnd, X: g.Cond, Y: i.code}
	}
	if g.Cond == nil && len(g.Clocks) == 0 {
		return nil
	}
	return g
}
