// Assignments, compound assignments and increments: lvalues, range checks
// and clock assignments.

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
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
	case t.addr != nil && t.addr.Space == spSel:
		x.errorf(e, "cannot assign to select variable '%s'", name)
		return t, false
	case t.addr == nil || t.addr.Space == spConst || t.t.konst:
		if t.known || t.t.konst || (t.addr != nil && t.addr.Space == spConst) {
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
func nonLocal(a *address) bool { return a.Param || a.Space != spLocal }

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
	pos := ir.At{P: e.OpPos}
	simple := e.Op == lang.ASSIGN || e.Op == lang.COLONEQ
	switch {
	case target.t.kind == kClock:
		if !simple {
			x.errorf(e, "clocks can only be assigned with '='")
			return bad(e)
		}
		if !x.number(val) {
			return bad(e)
		}
		return &operand{t: tVoid, node: e, effect: true, code: &ir.ClockSet{At: pos, Clock: target.addr, X: val.value()}}
	case target.t.kind == kArray || target.t.kind == kStruct:
		if !simple {
			x.errorf(e, "'%s' is not an integer: use '='", target.name)
			return bad(e)
		}
		if !equivalent(target.t, val.t) || val.addr == nil {
			x.errorf(e, "cannot assign %s to '%s' of type %s", val.t, target.name, target.t)
			return bad(e)
		}
		code := &ir.Copy{At: pos, Dst: target.addr, Src: val.addr, Ranges: x.c.slotRanges(target.t)}
		return &operand{t: tVoid, node: e, effect: effect, code: code}
	}
	if target.t.kind == kScalar && val.t.kind == kScalar && val.t.set != target.t.set {
		x.errorf(e, "cannot assign %s to '%s' of scalar set %s", val.t, target.name, target.t)
		return bad(e)
	}
	switch {
	case simple && !x.fits(val, target.t, "'"+target.name+"'"):
		return bad(e)
	case !simple && (!x.number(target) || !x.number(val)):
		return bad(e)
	}
	op := ir.Nop
	if !simple {
		if op = assignOp(e.Op); op == ir.Nop {
			x.errorf(e, "unsupported assignment operator")
			return bad(e)
		}
	}
	return &operand{t: target.t, node: e, effect: effect, code: &ir.Assign{At: pos, Op: op, Dst: target.addr, X: val.value()}}
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
	if cond.isBad() || l.isBad() || r.isBad() || !x.number(cond) {
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
	code := &ir.Cond{At: at(e), C: cond.code, X: l.value(), Y: r.value()}
	return &operand{t: t, node: e, effect: true, code: code}
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
	code := &ir.IncDec{At: at(e), Dst: t.addr, Delta: d, Post: !pre}
	return &operand{t: tInt, node: e, effect: nonLocal(t.addr) || t.effect, code: code}
}
