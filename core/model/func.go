// Functions: declarations, parameters passed by value and by reference,
// calls with frames on the evaluation stack, and the built-in abs.

package model

import (
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
	body    func(*Env) ctl
	effects bool // changes state outside its own frame
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
	fn.body = body
	fn.compiling = false
	x.c.noteFrame(&fn.frame)
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
		off := fp.off
		sp := spLocal
		switch leaf {
		case kClock:
			sp = spClock
		case kChan:
			sp = spChan
		}
		sym.addr = &address{sp: sp, ind: true, dyn: func(e *Env) int32 { return e.stack[e.fp+off] }}
	default:
		fp.off = x.fr.alloc(t.size)
		sym.addr = &address{sp: spLocal, off: fp.off}
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
	if !x.integral(a) {
		return bad(e)
	}
	if a.known {
		v := a.val
		if v < 0 {
			v = -v
		}
		return known(e, tInt, v)
	}
	f := a.eval
	return &operand{t: tInt, node: e, effect: a.effect, eval: func(en *Env) int32 {
		v := f(en)
		if v < 0 {
			return -v
		}
		return v
	}}
}

// argWriter stores one argument into the callee's frame at fp.
type argWriter func(e *Env, fp int32)

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
	writers := make([]argWriter, 0, len(fn.params))
	for i, p := range fn.params {
		w, eff, ok := x.argument(e.Args[i], p, fn)
		if !ok {
			return bad(e)
		}
		effect = effect || eff
		writers = append(writers, w)
	}
	o := &operand{t: fn.result, node: e, effect: effect}
	if o.t.kind == kBad {
		return bad(e)
	}
	o.eval = callClosure(fn, writers)
	return o
}

// callClosure returns the closure that pushes a frame, evaluates the
// arguments in the caller's frame, runs the body and pops the frame.
func callClosure(fn *function, writers []argWriter) func(*Env) int32 {
	size := &fn.frame.size
	return func(e *Env) int32 {
		fp := e.sp
		need := fp + *size
		if int(need) > len(e.stack) {
			e.grow(need)
		}
		e.sp = need
		for _, w := range writers {
			w(e, fp)
		}
		if e.Err != nil {
			e.sp = fp
			return 0
		}
		old := e.fp
		e.fp = fp
		e.ret = 0
		fn.body(e)
		e.fp, e.sp = old, fp
		return e.ret
	}
}

// argument compiles the passing of one argument to parameter p.
func (x *cx) argument(arg lang.Expr, p *fparam, fn *function) (argWriter, bool, bool) {
	if p.t.kind == kBad {
		return nil, false, false
	}
	if p.ref {
		return x.refArgument(arg, p, fn)
	}
	o := x.expr(arg)
	if o.isBad() {
		return nil, false, false
	}
	off := p.off
	if !p.t.isIntegral() {
		if o.addr == nil || !equivalent(p.t, o.t) {
			x.errorf(arg, "argument '%s' of type %s does not match parameter '%s' of type %s", exprString(arg), o.t, p.name, p.t)
			return nil, false, false
		}
		enc, n := o.addr.encoder(), p.t.size
		return func(e *Env, fp int32) {
			s := enc(e)
			for i := int32(0); i < n; i++ {
				e.stack[fp+off+i] = e.load(s + i)
			}
		}, o.effect, true
	}
	if !x.integral(o) {
		return nil, false, false
	}
	if p.t.kind == kScalar && o.t.kind == kScalar && o.t.set != p.t.set {
		x.errorf(arg, "argument '%s' is of scalar set %s, parameter '%s' of %s", exprString(arg), o.t, p.name, p.t)
		return nil, false, false
	}
	lo, hi := p.t.lo, p.t.hi
	pos := arg.Pos()
	if o.known {
		v := o.val
		if v < lo || v > hi {
			x.errorf(arg, "argument %d for parameter '%s' of '%s' is outside [%d,%d]", v, p.name, fn.name, lo, hi)
			return nil, false, false
		}
		return func(e *Env, fp int32) { e.stack[fp+off] = v }, false, true
	}
	f, name := o.eval, p.name
	return func(e *Env, fp int32) {
		v := f(e)
		if v < lo || v > hi {
			e.fail(pos, "argument out of range: %s = %d is outside [%d,%d]", name, v, lo, hi)
			return
		}
		e.stack[fp+off] = v
	}, o.effect, true
}

// refArgument passes an object by reference: the frame slot receives its
// encoded address.
func (x *cx) refArgument(arg lang.Expr, p *fparam, fn *function) (argWriter, bool, bool) {
	off := p.off
	if p.t.konst && p.t.isData() {
		o := x.expr(arg)
		if o.isBad() {
			return nil, false, false
		}
		if o.addr != nil && equivalent(p.t, o.t) {
			enc := o.addr.encoder()
			return func(e *Env, fp int32) { e.stack[fp+off] = enc(e) }, o.effect, true
		}
		if !p.t.isIntegral() || !x.integral(o) {
			x.errorf(arg, "argument '%s' of type %s does not match parameter '%s' of type %s", exprString(arg), o.t, p.name, p.t)
			return nil, false, false
		}
		f, spill := o.value(), p.spill
		return func(e *Env, fp int32) {
			e.stack[fp+spill] = f(e)
			e.stack[fp+off] = encode(spLocal, fp+spill)
		}, o.effect, true
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
	enc := o.addr.encoder()
	return func(e *Env, fp int32) { e.stack[fp+off] = enc(e) }, o.effect, true
}
