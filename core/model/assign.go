// Assignments, compound assignments and increments: lvalues, range checks
// and clock assignments.

package model

import (
	"beeline/core/lang"
	"beeline/core/source"
)

// lvalue compiles the target of an assignment and checks that it may be
// assigned.
func (x *cx) lvalue(e lang.Expr) (*operand, bool) {
	t := x.expr(e)
	if t.isBad() {
		return t, false
	}
	name := exprString(e)
	switch {
	case t.addr != nil && t.addr.sp == spSel:
		x.errorf(e, "cannot assign to select variable '%s'", name)
		return t, false
	case t.addr == nil || t.addr.sp == spConst || t.t.konst:
		if t.known || t.t.konst || (t.addr != nil && t.addr.sp == spConst) {
			x.errorf(e, "cannot assign to constant '%s'", name)
		} else {
			x.errorf(e, "cannot assign to '%s': it is not a variable", name)
		}
		return t, false
	case t.t.kind == kChan:
		x.errorf(e, "cannot assign to channel '%s'", name)
		return t, false
	}
	return t, true
}

// nonLocal reports whether writing at a changes state outside the current
// function frame.
func nonLocal(a *address) bool { return a.ind || a.sp != spLocal }

// assign compiles X = Y and the compound assignments.
func (x *cx) assign(e *lang.AssignExpr) *operand {
	if c, ok := unparen(e.X).(*lang.CondExpr); ok {
		return x.condAssign(e, c)
	}
	target, ok := x.lvalue(e.X)
	val := x.expr(e.Y)
	if !ok || val.isBad() {
		return bad(e)
	}
	effect := nonLocal(target.addr) || target.effect || val.effect
	rc := &rangeCheck{lo: target.t.lo, hi: target.t.hi, name: target.name, pos: e.OpPos}
	simple := e.Op == lang.ASSIGN || e.Op == lang.COLONEQ
	switch {
	case target.t.kind == kClock:
		if !simple {
			x.errorf(e, "clocks can only be assigned with '='")
			return bad(e)
		}
		if !x.integral(val) {
			return bad(e)
		}
		return &operand{t: tVoid, node: e, effect: true, eval: clockAssign(target.addr, val.value(), e.OpPos)}
	case target.t.kind == kArray || target.t.kind == kStruct:
		if !simple {
			x.errorf(e, "'%s' is not an integer: use '='", target.name)
			return bad(e)
		}
		if !equivalent(target.t, val.t) || val.addr == nil {
			x.errorf(e, "cannot assign %s to '%s' of type %s", val.t, target.name, target.t)
			return bad(e)
		}
		cp := copier(target.addr, val.addr, target.t.leafRanges(nil), rc)
		return &operand{t: tVoid, node: e, effect: effect, eval: func(en *Env) int32 { cp(en); return 0 }}
	}
	if !x.integral(val) {
		return bad(e)
	}
	if target.t.kind == kScalar && val.t.kind == kScalar && val.t.set != target.t.set {
		x.errorf(e, "cannot assign %s to '%s' of scalar set %s", val.t, target.name, target.t)
		return bad(e)
	}
	if simple {
		return &operand{t: target.t, node: e, effect: effect, eval: store(target.addr, rc, val)}
	}
	op := assignOp(e.Op)
	if op == lang.ILLEGAL {
		x.errorf(e, "unsupported assignment operator")
		return bad(e)
	}
	return &operand{t: target.t, node: e, effect: effect, eval: update(target.addr, rc, val.value(), op, e.OpPos)}
}

// unparen strips parentheses.
func unparen(e lang.Expr) lang.Expr {
	for {
		p, ok := e.(*lang.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// condAssign compiles (c ? a : b) op= y, UPPAAL's inline-if as an
// assignment target, as c ? (a op= y) : (b op= y): y is evaluated once,
// after the condition, in the branch taken.
func (x *cx) condAssign(e *lang.AssignExpr, c *lang.CondExpr) *operand {
	cond := x.expr(c.Cond)
	l := x.assign(&lang.AssignExpr{X: c.X, OpPos: e.OpPos, Op: e.Op, Y: e.Y})
	r := x.assign(&lang.AssignExpr{X: c.Y, OpPos: e.OpPos, Op: e.Op, Y: e.Y})
	if cond.isBad() || l.isBad() || r.isBad() || !x.integral(cond) {
		return bad(e)
	}
	t := l.t
	if !equivalent(l.t, r.t) {
		t = tInt
	}
	if cond.known {
		if cond.val != 0 {
			return l
		}
		return r
	}
	cf, lf, rf := cond.value(), l.eval, r.eval
	return &operand{t: t, node: e, effect: true, eval: func(en *Env) int32 {
		if cf(en) != 0 {
			return lf(en)
		}
		return rf(en)
	}}
}

// store compiles target = val.
func store(a *address, rc *rangeCheck, val *operand) func(*Env) int32 {
	lo, hi := rc.lo, rc.hi
	if a.sp == spVar && a.static() && !a.ind {
		k := a.off
		if val.known {
			v := val.val
			if v < lo || v > hi {
				return func(e *Env) int32 { rc.fail(e, v); return 0 }
			}
			return func(e *Env) int32 { e.Vars[k] = v; return v }
		}
		f := val.eval
		return func(e *Env) int32 {
			v := f(e)
			if v < lo || v > hi {
				rc.fail(e, v)
				return 0
			}
			e.Vars[k] = v
			return v
		}
	}
	w, f := writer(a, rc), val.value()
	return func(e *Env) int32 {
		v := f(e)
		w(e, v)
		return v
	}
}

// update compiles target op= val: the target's address is computed once.
func update(a *address, rc *rangeCheck, val func(*Env) int32, op lang.Token, pos source.Pos) func(*Env) int32 {
	enc := a.encoder()
	lo, hi := rc.lo, rc.hi
	return func(e *Env) int32 {
		addr := enc(e)
		old := e.load(addr)
		v, msg := fold(op, old, val(e))
		if msg != "" {
			e.fail(pos, "%s", msg)
			return 0
		}
		if v < lo || v > hi {
			rc.fail(e, v)
			return 0
		}
		e.store(addr, v)
		return v
	}
}

// incDec compiles ++ and --, prefix (the new value) or postfix (the old).
func (x *cx) incDec(e lang.Expr, target lang.Expr, op lang.Token, pre bool) *operand {
	t, ok := x.lvalue(target)
	if !ok {
		return bad(e)
	}
	if t.t.kind != kInt {
		x.errorf(e, "'%s' is not an integer variable", exprString(target))
		return bad(e)
	}
	d := int32(1)
	if op == lang.DEC {
		d = -1
	}
	lo, hi := t.t.lo, t.t.hi
	rc := &rangeCheck{lo: lo, hi: hi, name: t.name, pos: e.Pos()}
	o := &operand{t: tInt, node: e, effect: nonLocal(t.addr) || t.effect}
	a := t.addr
	if a.sp == spVar && a.static() && !a.ind {
		k := a.off
		o.eval = func(en *Env) int32 {
			old := en.Vars[k]
			v := old + d
			if v < lo || v > hi {
				rc.fail(en, v)
				return 0
			}
			en.Vars[k] = v
			if pre {
				return v
			}
			return old
		}
		return o
	}
	enc := a.encoder()
	o.eval = func(en *Env) int32 {
		addr := enc(en)
		old := en.load(addr)
		v := old + d
		if v < lo || v > hi {
			rc.fail(en, v)
			return 0
		}
		en.store(addr, v)
		if pre {
			return v
		}
		return old
	}
	return o
}

// clockAssign compiles x = v for a clock: it records the assignment in
// Env.Resets after checking that v is not negative.
func clockAssign(a *address, val func(*Env) int32, pos source.Pos) func(*Env) int32 {
	c := clockOf(a)
	return func(e *Env) int32 {
		v := val(e)
		if v < 0 {
			e.fail(pos, "negative clock value: %d", v)
			return 0
		}
		i := c.idx
		if c.fn != nil {
			i = c.fn(e)
		}
		e.Resets = append(e.Resets, ClockReset{Clock: i, Value: v})
		return v
	}
}
