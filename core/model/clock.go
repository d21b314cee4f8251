// Clock expressions: linear terms over at most two clocks, their
// normalisation into upper-bound constraints x_I − x_J ≺ c, and guards
// (conjunctions of constraints and integer conditions).

package model

import "beeline/core/lang"

// clockRef names one clock: idx when fn is nil, else fn(env).
type clockRef struct {
	idx int32
	fn  func(*Env) int32
}

func (c *clockRef) same(d *clockRef) bool {
	return c != nil && d != nil && c.fn == nil && d.fn == nil && c.idx == d.idx
}

// intSum is c + Σplus − Σminus over integer closures.
type intSum struct {
	c           int32
	plus, minus []func(*Env) int32
}

func (s intSum) negate() intSum {
	return intSum{c: -s.c, plus: s.minus, minus: s.plus}
}

func (s intSum) add(t intSum) intSum {
	return intSum{
		c:     s.c + t.c,
		plus:  append(append([]func(*Env) int32{}, s.plus...), t.plus...),
		minus: append(append([]func(*Env) int32{}, s.minus...), t.minus...),
	}
}

func (s intSum) constant() bool { return len(s.plus) == 0 && len(s.minus) == 0 }

// fn returns a closure computing s, specialised for the usual shapes
// (one variable bound, a bound plus a constant).
func (s intSum) fn() func(*Env) int32 {
	c := s.c
	switch {
	case s.constant():
		return func(*Env) int32 { return c }
	case len(s.plus) == 1 && len(s.minus) == 0 && c == 0:
		return s.plus[0]
	case len(s.plus) == 1 && len(s.minus) == 0:
		f := s.plus[0]
		return func(e *Env) int32 { return f(e) + c }
	case len(s.plus) == 0 && len(s.minus) == 1:
		f := s.minus[0]
		return func(e *Env) int32 { return c - f(e) }
	}
	plus, minus := s.plus, s.minus
	return func(e *Env) int32 {
		v := c
		for _, f := range plus {
			v += f(e)
		}
		for _, f := range minus {
			v -= f(e)
		}
		return v
	}
}

// linear is pos − neg + k, where pos and neg are clocks (either may be nil,
// meaning the reference clock).
type linear struct {
	pos, neg *clockRef
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
	if !x.integral(o) {
		return nil, false
	}
	if o.known {
		return &linear{k: intSum{c: o.val}}, true
	}
	return &linear{k: intSum{plus: []func(*Env) int32{o.eval}}}, true
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
	if res.pos.same(res.neg) {
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
			o.eval = res.k.fn()
		}
	case res.pos == nil || res.neg != nil:
		o.t = tDiff
	}
	return o
}

// guardParts is a conjunction of clock constraints and integer conditions.
type guardParts struct {
	cons []ClockConstraint
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
			k.eval = d.k.fn()
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
	if x.mode == modeInvariant {
		for _, c := range o.guard.cons {
			if c.I == 0 && c.IFn == nil {
				x.errorf(e, "invariant may only give upper bounds on clocks")
				return bad(e)
			}
		}
	}
	return o
}

// upper turns d ≺ 0, that is pos − neg ≺ −k, into a constraint.
func upper(d *linear, strict bool) ClockConstraint {
	c := ClockConstraint{Strict: strict}
	if d.pos != nil {
		c.I, c.IFn = d.pos.idx, d.pos.fn
	}
	if d.neg != nil {
		c.J, c.JFn = d.neg.idx, d.neg.fn
	}
	b := d.k.negate()
	if b.constant() {
		c.Bound = b.c
	} else {
		c.BoundFn = b.fn()
	}
	return c
}

// asGuard views an operand as a conjunction.
func (x *cx) asGuard(o *operand) (*guardParts, bool) {
	switch {
	case o.t.kind == kGuard:
		return o.guard, true
	case o.t.kind == kNeq:
		x.errorf(o.node, "clock disequality is only allowed in queries")
		return nil, false
	case x.integral(o):
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
		cons: append(append([]ClockConstraint{}, a.cons...), b.cons...),
		ints: append(append([]*operand{}, a.ints...), b.ints...),
	}
	return &operand{t: tGuard, node: e, guard: g, effect: l.effect || r.effect}
}

// toGuard turns a compiled label expression into a Guard; nil means true.
// A constant false integer part is kept as a closure returning 0.
func toGuard(o *operand) *Guard {
	var parts *guardParts
	switch {
	case o.isBad():
		return nil
	case o.t.kind == kGuard:
		parts = o.guard
	default:
		parts = &guardParts{ints: []*operand{o}}
	}
	g := &Guard{Clocks: parts.cons}
	var fs []*operand
	for _, i := range parts.ints {
		if i.known {
			if i.val == 0 {
				g.Int = func(*Env) int32 { return 0 }
				return g
			}
			continue
		}
		fs = append(fs, i)
	}
	switch len(fs) {
	case 0:
	case 1:
		g.Int = fs[0].eval
	default:
		acc := fs[0]
		for _, f := range fs[1:] {
			acc = &operand{t: tBool, eval: and(acc, f)}
		}
		g.Int = acc.eval
	}
	if g.Int == nil && len(g.Clocks) == 0 {
		return nil
	}
	return g
}
