// Functions: declarations, parameters passed by value and by reference,
// calls with frames on the evaluation stack, and the built-in abs.

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
)

// function is a compiled user function.
type function struct {
	name    string
	pos     source.Pos
	result  *typ
	params  []*fparam
	frame   frame
	ir      *ir.Func // the resolved form, complete once compiling ends
	effects bool     // changes state outside its own frame
	// compiling is set while the body is compiled: a call then is recursion.
	compiling bool
}

// fparam is a function parameter. A value parameter occupies t.size slots
// at off; a reference parameter holds an encoded address at off, and a
// const reference also has spill slots for arguments that are not objects.
type fparam struct {
	name  string
	t     *typ
	ref   bool
	off   int32
	spill int32
}

// funcDecl compiles a function definition.
func (x *cx) funcDecl(d *lang.FuncDecl) {
	fn := &function{name: d.Name.Name, pos: d.Name.Pos(), compiling: true}
	x.c.declare(x.sc, &symbol{name: fn.name, kind: symFunc, pos: fn.pos, fn: fn, t: tVoid})
	fx := &cx{c: x.c, sc: newScope(x.sc), fr: &fn.frame, fn: fn, mode: modeFunc}
	fn.result = fx.typeSpec(d.Result)
	if fn.result.kind != kVoid && fn.result.kind != kBad && !fn.result.isIntegral() {
		x.errorf(d.Result, "functions returning %s are not supported", fn.result)
		fn.result = tBad
	}
	for _, p := range d.Params {
		fx.param(fn, p)
	}
	body := fx.block(d.Body)
	fn.compiling = false
	x.c.noteFrame(&fn.frame)
	f := &ir.Func{Name: fn.name, At: ir.At{P: fn.pos}, Frame: fn.frame.size, Body: body, Effects: fn.effects}
	switch fn.result.kind {
	case kVoid, kBad:
		f.Void = true
	default:
		f.Lo, f.Hi = fn.result.lo, fn.result.hi
	}
	for _, p := range fn.params {
		f.Params = append(f.Params, p.ir())
	}
	fn.ir = f
	backend{x.c.net}.function(f)
}

// ir returns the resolved form of the parameter.
func (p *fparam) ir() *ir.Param {
	q := &ir.Param{Name: p.name, Ref: p.ref, Off: p.off, Spill: p.spill, Size: p.t.size, Lo: p.t.lo, Hi: p.t.hi, Space: spLocal}
	switch p.t.leaf().kind {
	case kClock:
		q.Space = spClock
	case kChan:
		q.Space = spChan
	}
	return q
}

// param declares one function parameter in the function's scope.
func (x *cx) param(fn *function, p *lang.Param) {
	t := x.dims(x.typeSpec(p.Type), p.Dims)
	fp := &fparam{name: p.Name.Name, t: t, ref: p.Ref}
	fn.params = append(fn.params, fp)
	sym := &symbol{name: fp.name, kind: symVar, pos: p.Name.Pos(), t: t}
	switch leaf := t.leaf().kind; {
	case t.kind == kBad:
		sym.kind = symConst
	case t.kind == kVoid:
		x.errorf(p, "parameter '%s' cannot be void", fp.name)
		sym.kind, sym.t, fp.t = symConst, tBad, tBad
	case (leaf == kClock || leaf == kChan) && !p.Ref:
		x.errorf(p, "%s parameter '%s' must be passed by reference", t.leaf(), fp.name)
		sym.kind, sym.t, fp.t = symConst, tBad, tBad
	case p.Ref:
		fp.off = x.fr.alloc(1)
		if t.konst && t.isData() {
			fp.spill = x.fr.alloc(t.size)
		}
		sp := spLocal
		switch leaf {
		case kClock:
			sp = spClock
		case kChan:
			sp = spChan
		}
		sym.addr = &address{Space: sp, Off: fp.off, Param: true, Span: t.size}
	default:
		fp.off = x.fr.alloc(t.size)
		sym.addr = staticRef(spLocal, fp.off, t.size)
	}
	x.c.declare(x.sc, sym)
}

// call compiles f(args) and the built-in abs.
func (x *cx) call(e *lang.CallExpr) *operand {
	id, ok := e.Fun.(*lang.Ident)
	if !ok {
		x.errorf(e.Fun, "'%s' is not a function", exprString(e.Fun))
		return bad(e)
	}
	sym := x.sc.lookup(id.Name)
	if sym == nil {
		if id.Name == "abs" {
			return x.builtinAbs(e)
		}
		x.errorf(id, "undeclared identifier %q", id.Name)
		return bad(e)
	}
	switch sym.kind {
	case symFunc:
		return x.callFunc(e, sym.fn)
	case symProcSet, symProcess, symTemplate:
		x.errorf(e, "process '%s' used as a value", exprString(e))
	default:
		x.errorf(id, "'%s' is not a function", id.Name)
	}
	return bad(e)
}

func (x *cx) builtinAbs(e *lang.CallExpr) *operand {
	if len(e.Args) != 1 {
		x.errorf(e, "abs takes 1 argument, got %d", len(e.Args))
		return bad(e)
	}
	a := x.expr(e.Args[0])
	if !x.number(a) {
		return bad(e)
	}
	if a.known {
		v, msg := ir.ApplyUnary(ir.Abs, a.val)
		if msg != "" {
			x.errorf(e, "%s", msg)
			return bad(e)
		}
		return known(e, tInt, v)
	}
	return &operand{t: tInt, node: e, effect: a.effect, code: &ir.Unary{At: at(e), Op: ir.Abs, X: a.code}}
}

// callFunc compiles a call of a user function.
func (x *cx) callFunc(e *lang.CallExpr, fn *function) *operand {
	if fn.compiling {
		x.errorf(e, "recursion is not supported: '%s' calls itself", fn.name)
		return bad(e)
	}
	if len(e.Args) != len(fn.params) {
		x.errorf(e, "function '%s' takes %d arguments, got %d", fn.name, len(fn.params), len(e.Args))
		return bad(e)
	}
	effect := fn.effects
	call := &ir.Call{At: at(e), Fn: fn.ir}
	for i, p := range fn.params {
		a, eff, ok := x.argument(e.Args[i], p, fn)
		if !ok {
			return bad(e)
		}
		effect = effect || eff
		call.Args = append(call.Args, a)
	}
	o := &operand{t: fn.result, node: e, effect: effect}
	if o.t.kind == kBad {
		return bad(e)
	}
	o.code = call
	return o
}

// argument compiles the passing of one argument to parameter p.
func (x *cx) argument(arg lang.Expr, p *fparam, fn *function) (*ir.Arg, bool, bool) {
	if p.t.kind == kBad {
		return nil, false, false
	}
	if p.ref {
		return x.refArgument(arg, p)
	}
	o := x.expr(arg)
	if o.isBad() {
		return nil, false, false
	}
	if !p.t.isIntegral() {
		if o.addr == nil || !equivalent(p.t, o.t) {
			x.errorf(arg, "argument '%s' of type %s does not match parameter '%s' of type %s", exprString(arg), o.t, p.name, p.t)
			return nil, false, false
		}
		return &ir.Arg{Kind: ir.ArgCopy, Src: o.addr}, o.effect, true
	}
	if !x.integral(o) {
		return nil, false, false
	}
	if p.t.kind == kScalar && o.t.kind == kScalar && o.t.set != p.t.set {
		x.errorf(arg, "argument '%s' is of scalar set %s, parameter '%s' of %s", exprString(arg), o.t, p.name, p.t)
		return nil, false, false
	}
	if !x.fits(o, p.t, "parameter '"+p.name+"'") {
		return nil, false, false
	}
	lo, hi := p.t.lo, p.t.hi
	if o.known && (o.val < lo || o.val > hi) {
		x.errorf(arg, "argument %d for parameter '%s' of '%s' is outside [%d,%d]", o.val, p.name, fn.name, lo, hi)
		return nil, false, false
	}
	v := o.value()
	if o.known {
		v = &ir.Const{At: at(arg), V: o.val}
	}
	return &ir.Arg{Kind: ir.ArgValue, X: v}, o.effect && !o.known, true
}

// refArgument passes an object by reference: the frame slot receives its
// encoded address.
func (x *cx) refArgument(arg lang.Expr, p *fparam) (*ir.Arg, bool, bool) {
	if p.t.konst && p.t.isData() {
		o := x.expr(arg)
		if o.isBad() {
			return nil, false, false
		}
		if o.addr != nil && equivalent(p.t, o.t) {
			return &ir.Arg{Kind: ir.ArgRef, Src: o.addr}, o.effect, true
		}
		if !p.t.isIntegral() || !x.integral(o) {
			x.errorf(arg, "argument '%s' of type %s does not match parameter '%s' of type %s", exprString(arg), o.t, p.name, p.t)
			return nil, false, false
		}
		if !x.fits(o, p.t, "parameter '"+p.name+"'") {
			return nil, false, false
		}
		return &ir.Arg{Kind: ir.ArgSpill, X: o.value()}, o.effect, true
	}
	var o *operand
	if k := p.t.leaf().kind; k == kChan || k == kClock {
		o = x.expr(arg)
		if o.isBad() {
			return nil, false, false
		}
		if o.addr == nil || o.t.leaf().kind != k {
			x.errorf(arg, "'%s' is not a %s", exprString(arg), p.t.leaf())
			return nil, false, false
		}
	} else {
		var ok bool
		if o, ok = x.lvalue(arg); !ok {
			return nil, false, false
		}
	}
	if !equivalent(p.t, o.t) {
		x.errorf(arg, "argument '%s' of type %s does not match reference parameter '%s' of type %s", exprString(arg), o.t, p.name, p.t)
		return nil, false, false
	}
	return &ir.Arg{Kind: ir.ArgRef, Src: o.addr}, o.effect, true
}
