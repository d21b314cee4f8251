// Expressions: name resolution, type checking and compilation to closures
// in one walk.

package model

import (
	"fmt"
	"math"

	"beeline/core/ir"
	"beeline/core/lang"
)

// expr compiles e. It never returns nil; on an error it reports it and
// returns an operand of the bad type, which later checks accept silently.
func (x *cx) expr(e lang.Expr) *operand {
	switch e := e.(type) {
	case nil:
		return bad(nil)
	case *lang.BadExpr:
		return bad(e)
	case *lang.IntLit:
		if e.Value == 1<<31 {
			// 2147483648 only makes sense as a bound (x < 2147483648,
			// int[0,2147483648]); comparisons fold it exactly.
			o := known(e, tInt, math.MaxInt32)
			o.big = true
			return o
		}
		if e.Value > math.MaxInt32 || e.Value < math.MinInt32 {
			x.errorf(e, "integer constant %s is too large", e.Lit)
			return bad(e)
		}
		return known(e, tInt, int32(e.Value))
	case *lang.DoubleLit:
		x.errorf(e, "fractional constants are not supported (%s)", e.Lit)
		return bad(e)
	case *lang.StringLit:
		x.errorf(e, "strings are not supported")
		return bad(e)
	case *lang.BoolLit:
		return known(e, tBool, b2i(e.Value))
	case *lang.DeadlockLit:
		x.errorf(e, "'deadlock' is only allowed in queries")
		return bad(e)
	case *lang.ParenExpr:
		o := x.expr(e.X)
		return o
	case *lang.Ident:
		return x.ident(e)
	case *lang.IndexExpr:
		return x.index(e)
	case *lang.SelectorExpr:
		return x.selector(e)
	case *lang.CallExpr:
		return x.call(e)
	case *lang.UnaryExpr:
		return x.unary(e)
	case *lang.PostfixExpr:
		return x.postfix(e)
	case *lang.BinaryExpr:
		return x.binary(e)
	case *lang.AssignExpr:
		return x.assign(e)
	case *lang.CondExpr:
		return x.cond(e)
	case *lang.CommaExpr:
		return x.comma(e)
	case *lang.QuantExpr:
		return x.quant(e)
	case *lang.InitList:
		x.errorf(e, "an initialiser list is only allowed in a declaration")
		return bad(e)
	}
	x.errorf(e, "unsupported expression")
	return bad(e)
}

// ident resolves a name.
func (x *cx) ident(e *lang.Ident) *operand {
	sym := x.sc.lookup(e.Name)
	if sym == nil {
		x.errorf(e, "undeclared identifier %q", e.Name)
		return bad(e)
	}
	switch sym.kind {
	case symVar:
		return x.object(e, sym.t, sym.addr, false, e.Name)
	case symConst:
		if sym.addr != nil {
			return x.object(e, sym.t, sym.addr, false, e.Name)
		}
		return known(e, sym.t, sym.val)
	case symQuant:
		return known(e, sym.t, sym.val)
	case symType:
		x.errorf(e, "'%s' is a type, not a value", e.Name)
	case symFunc:
		x.errorf(e, "function '%s' used without a call", e.Name)
	case symTemplate:
		x.errorf(e, "template '%s' used as a value", e.Name)
	case symLocation:
		x.errorf(e, "'%s' is a location, not a value", e.Name)
	case symProcess, symProcSet:
		x.errorf(e, "process '%s' used as a value", e.Name)
	}
	return bad(e)
}

// object builds the operand of an object of type t at addr: integral
// values read from storage (constants fold), clocks become linear terms.
func (x *cx) object(n lang.Expr, t *typ, a *address, effect bool, name string) *operand {
	r := *a
	r.Name, r.Lo, r.Hi = name, t.lo, t.hi
	if r.Static() {
		r.Span = t.size
	}
	o := &operand{t: t, node: n, addr: &r, effect: effect, name: name}
	switch {
	case t.isIntegral():
		if a.Space == spConst && a.Static() {
			o.known, o.val = true, x.c.net.consts[a.Off]
			return o
		}
		o.code = &ir.Load{At: at(n), Ref: &r}
	case t.kind == kClock:
		o.lin = &linear{pos: &r}
	}
	return o
}

// index compiles a[i].
func (x *cx) index(e *lang.IndexExpr) *operand {
	base := x.expr(e.X)
	idx := x.expr(e.Index)
	if base.isBad() || idx.isBad() {
		return bad(e)
	}
	if base.t.kind != kArray || base.addr == nil {
		x.errorf(e.X, "'%s' is not an array", exprString(e.X))
		return bad(e)
	}
	if !x.integral(idx) {
		return bad(e)
	}
	it := base.t.index
	if it.kind == kScalar && (idx.t.kind != kScalar || idx.t.set != it.set) {
		x.errorf(e.Index, "array '%s' is indexed by %s: the index must be of that scalar set", exprString(e.X), it)
		return bad(e)
	}
	if it.kind != kScalar && idx.t.kind == kScalar {
		x.errorf(e.Index, "array '%s' is indexed by integers: '%s' is a scalar of %s", exprString(e.X), exprString(e.Index), idx.t)
		return bad(e)
	}
	elem := base.t.elem
	lo, hi, stride := it.lo, it.hi, elem.size
	name := base.name + "[" + exprString(e.Index) + "]"
	outside := idx.known && (idx.val < lo || idx.val > hi)
	switch {
	case outside && (x.mode == modeConst || x.mode == modeQuery):
		x.errorf(e.Index, "array index %d out of range [%d,%d]", idx.val, lo, hi)
		return bad(e)
	case idx.known && !outside:
		name = fmt.Sprintf("%s[%d]", base.name, idx.val)
		return x.object(e, elem, plus(base.addr, (idx.val-lo)*stride), base.effect, name)
	}
	// A constant index outside the array in a label or a function (a
	// template parameter of one process, say, guarded off) is an error
	// only when evaluated, as in UPPAAL: the subscript checks it then.
	a := *base.addr
	var off ir.Expr = &ir.Offset{At: at(e.Index), X: idx.value(), Lo: lo, Hi: hi, Stride: stride}
	if a.Index != nil {
		off = &ir.Binary{At: at(e.Index), Op: ir.Add, X: a.Index, Y: off}
	}
	a.Index = off
	return x.object(e, elem, &a, base.effect || idx.effect, name)
}

// selector compiles s.f, and P.l / P(i).x in queries.
func (x *cx) selector(e *lang.SelectorExpr) *operand {
	if o, ok := x.processMember(e); ok {
		return o
	}
	base := x.expr(e.X)
	if base.isBad() {
		return bad(e)
	}
	if base.t.kind != kStruct || base.addr == nil {
		x.errorf(e.X, "'%s' is not a struct", exprString(e.X))
		return bad(e)
	}
	for _, f := range base.t.fields {
		if f.name == e.Sel.Name {
			return x.object(e, f.t, plus(base.addr, f.off), base.effect, base.name+"."+f.name)
		}
	}
	x.errorf(e.Sel, "'%s' has no field '%s'", exprString(e.X), e.Sel.Name)
	return bad(e)
}

// integral checks that o is an integer, boolean or scalar value and
// reports what it is otherwise.
func (x *cx) integral(o *operand) bool {
	switch {
	case o.isBad():
		return false
	case o.big:
		x.errorf(o.node, "integer constant 2147483648 is too large")
	case o.t.isIntegral():
		return true
	case o.t.isClocky():
		x.clockError(o)
	case o.t.kind == kChan:
		x.errorf(o.node, "channel '%s' used in an integer expression", exprString(o.node))
	case o.t.kind == kArray:
		x.errorf(o.node, "array '%s' used in an integer expression", exprString(o.node))
	case o.t.kind == kStruct:
		x.errorf(o.node, "struct '%s' used in an integer expression", exprString(o.node))
	case o.t.kind == kVoid:
		x.errorf(o.node, "'%s' has no value (void function)", exprString(o.node))
	default:
		x.errorf(o.node, "'%s' is not an integer expression", exprString(o.node))
	}
	return false
}

// clockError reports a clock expression where only integers may appear,
// in the words of the label being compiled.
func (x *cx) clockError(o *operand) {
	switch {
	case x.mode == modeGuard && o.t.kind != kClock && o.t.kind != kDiff:
		x.errorf(o.node, "guard must be a conjunction of clock constraints and integer conditions")
	case x.mode == modeInvariant && o.t.kind != kClock && o.t.kind != kDiff:
		x.errorf(o.node, "invariant must be a conjunction of clock upper bounds and integer conditions")
	case o.t.kind == kClock && o.lin != nil && o.lin.isPlain():
		x.errorf(o.node, "clock '%s' used in integer expression", exprString(o.node))
	case o.t.kind == kClock || o.t.kind == kDiff:
		x.errorf(o.node, "clock expression '%s' used in integer expression", exprString(o.node))
	default:
		x.errorf(o.node, "clock constraint '%s' used in integer expression", exprString(o.node))
	}
}

// unary compiles + - ! not and prefix ++ --.
func (x *cx) unary(e *lang.UnaryExpr) *operand {
	switch e.Op {
	case lang.INC, lang.DEC:
		return x.incDec(e, e.X, e.Op, true)
	}
	if lit, ok := e.X.(*lang.IntLit); ok && e.Op == lang.SUB && lit.Value == 1<<31 {
		return known(e, tInt, math.MinInt32)
	}
	o := x.expr(e.X)
	if o.isBad() {
		return bad(e)
	}
	if e.Op == lang.SUB && (o.t.kind == kClock || o.t.kind == kDiff) {
		return &operand{t: o.t, node: e, lin: o.lin.negated(), effect: o.effect}
	}
	if !x.number(o) {
		return bad(e)
	}
	r := &operand{t: tInt, node: e, effect: o.effect}
	switch e.Op {
	case lang.ADD:
		r.t = o.t
		if o.t.kind == kInt {
			r.t = tInt
		}
		r.known, r.val, r.code = o.known, o.val, o.code
	case lang.SUB:
		if o.known {
			v, msg := ir.ApplyUnary(ir.Neg, o.val)
			if msg != "" {
				x.errorf(e, "%s", msg)
				return bad(e)
			}
			return known(e, tInt, v)
		}
		r.code = &ir.Unary{At: at(e), Op: ir.Neg, X: o.code}
	case lang.NOT, lang.KwNot:
		r.t = tBool
		if o.known {
			return known(e, tBool, b2i(o.val == 0))
		}
		r.code = &ir.Unary{At: at(e), Op: ir.Not, X: o.code}
	default:
		x.errorf(e, "unsupported operator")
		return bad(e)
	}
	return r
}

// postfix compiles x++, x-- and the refused clock rate x'.
func (x *cx) postfix(e *lang.PostfixExpr) *operand {
	if e.Op == lang.PRIME {
		x.errorf(e, "stopwatches (clock rates) are not supported")
		return bad(e)
	}
	return x.incDec(e, e.X, e.Op, false)
}

// binary compiles the binary operators.
func (x *cx) binary(e *lang.BinaryExpr) *operand {
	l := x.expr(e.X)
	r := x.expr(e.Y)
	return x.combine(e, e.Op, l, r)
}

// combine applies a binary operator to compiled operands (also used to
// join the instances of an expanded quantifier).
func (x *cx) combine(e lang.Expr, op lang.Token, l, r *operand) *operand {
	if l.isBad() || r.isBad() {
		return bad(e)
	}
	switch {
	case op == lang.LAND || op == lang.KwAnd:
		if l.t.isClocky() || r.t.isClocky() {
			return x.conjoin(e, l, r)
		}
	case isComparison(op):
		if isClockTerm(l) || isClockTerm(r) {
			return x.constraint(e, op, l, r)
		}
		if o := x.aggregateEqual(e, op, l, r); o != nil {
			return o
		}
	case op == lang.ADD || op == lang.SUB:
		if isClockTerm(l) || isClockTerm(r) {
			return x.linearOp(e, op, l, r)
		}
	}
	if (l.big || r.big) && isComparison(op) && !l.t.isClocky() && !r.t.isClocky() {
		return x.bigOp(e, op, l, r)
	}
	if op == lang.EQL || op == lang.NEQ {
		if !x.integral(l) || !x.integral(r) || !x.sameKind(e, l, r, true) {
			return bad(e)
		}
		return x.integerOp(e, op, l, r)
	}
	if !x.number(l) || !x.number(r) {
		return bad(e)
	}
	return x.integerOp(e, op, l, r)
}

// bigOp compares with the literal 2147483648, which no int32 reaches.
func (x *cx) bigOp(e lang.Expr, op lang.Token, l, r *operand) *operand {
	if l.big && r.big {
		return known(e, tBool, b2i(op == lang.EQL || op == lang.LEQ || op == lang.GEQ))
	}
	if l.big { // mirror: 2^31 op r  ==  r op' 2^31
		l, r = r, l
		switch op {
		case lang.LSS:
			op = lang.GTR
		case lang.LEQ:
			op = lang.GEQ
		case lang.GTR:
			op = lang.LSS
		case lang.GEQ:
			op = lang.LEQ
		}
	}
	if !x.number(l) {
		return bad(e)
	}
	// l op 2^31 for every int32 l.
	v := op == lang.LSS || op == lang.LEQ || op == lang.NEQ
	o := known(e, tBool, b2i(v))
	o.effect = l.effect
	if l.effect && !l.known {
		o.known, o.code = false, &ir.Seq{At: at(e), List: []ir.Expr{l.code, &ir.Const{At: at(e), V: b2i(v)}}}
	}
	return o
}

// integerOp applies an integer operator, folding constants.
func (x *cx) integerOp(e lang.Expr, op lang.Token, l, r *operand) *operand {
	t := tInt
	if isComparison(op) || op == lang.LAND || op == lang.KwAnd || op == lang.LOR || op == lang.KwOr || op == lang.KwImply {
		t = tBool
	}
	o := &operand{t: t, node: e, effect: l.effect || r.effect}
	if l.known && r.known {
		v, msg := fold(op, l.val, r.val)
		if msg != "" {
			x.errorf(e, "%s", msg)
			return bad(e)
		}
		return known(e, t, v)
	}
	pos := at(e)
	if b, ok := e.(*lang.BinaryExpr); ok {
		pos.P = b.OpPos
	}
	o.code = &ir.Binary{At: pos, Op: binOp(op), X: l.value(), Y: r.value()}
	return o
}

// aggregateEqual compiles == and != on arrays and structs, or returns nil
// when the operands are not aggregates.
func (x *cx) aggregateEqual(e lang.Expr, op lang.Token, l, r *operand) *operand {
	if l.t.kind != kArray && l.t.kind != kStruct {
		return nil
	}
	if (op != lang.EQL && op != lang.NEQ) || !equivalent(l.t, r.t) || l.addr == nil || r.addr == nil || !l.t.isData() {
		x.errorf(e, "cannot compare %s and %s", l.t, r.t)
		return bad(e)
	}
	code := &ir.Equal{At: at(e), X: l.addr, Y: r.addr, N: l.t.size, Neq: op == lang.NEQ}
	return &operand{t: tBool, node: e, effect: l.effect || r.effect, code: code}
}

// comma compiles X1, ..., Xn: each element in turn for its effect, the
// value and type being those of Xn.
func (x *cx) comma(e *lang.CommaExpr) *operand {
	var effects []ir.Expr
	effect := false
	for _, el := range e.List[:len(e.List)-1] {
		o := x.expr(el)
		if o.isBad() {
			return bad(e)
		}
		effect = effect || o.effect
		if !o.known && o.code != nil {
			effects = append(effects, o.code)
		}
	}
	last := x.expr(e.List[len(e.List)-1])
	if last.isBad() || len(effects) == 0 {
		return last
	}
	if last.code == nil && !last.known {
		x.errorf(e.List[len(e.List)-1], "this expression has no value here")
		return bad(e)
	}
	code := &ir.Seq{At: at(e), List: append(effects, last.value())}
	return &operand{t: last.t, node: e, effect: effect || last.effect, code: code}
}

// cond compiles c ? a : b on integers.
func (x *cx) cond(e *lang.CondExpr) *operand {
	c, a, b := x.expr(e.Cond), x.expr(e.X), x.expr(e.Y)
	if c.isBad() || a.isBad() || b.isBad() {
		return bad(e)
	}
	if !x.number(c) || !x.integral(a) || !x.integral(b) || !x.sameKind(e, a, b, false) {
		return bad(e)
	}
	t := tInt
	if a.t.kind == b.t.kind && a.t.kind != kInt {
		t = a.t
	}
	if c.known {
		if c.val != 0 {
			return &operand{t: t, node: e, known: a.known, val: a.val, code: a.code, effect: a.effect}
		}
		return &operand{t: t, node: e, known: b.known, val: b.val, code: b.code, effect: b.effect}
	}
	code := &ir.Cond{At: at(e), C: c.code, X: a.value(), Y: b.value()}
	return &operand{t: t, node: e, effect: c.effect || a.effect || b.effect, code: code}
}
