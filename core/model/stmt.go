// Statements of function bodies and local declarations, compiled to
// closures that return a control code.

package model

import (
	"beeline/core/lang"
)

// ctl says how a statement ended.
type ctl uint8

const (
	ctlNext ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

// maxIterations bounds one execution of one loop, so that a model with an
// endless loop reports an error instead of hanging the checker.
const maxIterations = 1 << 24

// stmt compiles a statement; it returns nil for statements without effect.
func (x *cx) stmt(s lang.Stmt) func(*Env) ctl {
	switch s := s.(type) {
	case *lang.BlockStmt:
		return x.block(s)
	case *lang.DeclStmt:
		return x.localDecl(s.Decl)
	case *lang.ExprStmt:
		f := x.effectOf(s.X)
		if f == nil {
			return nil
		}
		return func(e *Env) ctl { f(e); return ctlNext }
	case *lang.IfStmt:
		return x.ifStmt(s)
	case *lang.ForStmt:
		return x.forStmt(s)
	case *lang.RangeStmt:
		return x.rangeStmt(s)
	case *lang.WhileStmt:
		return x.loop(nil, s.Cond, nil, s.Body, false)
	case *lang.DoWhileStmt:
		return x.loop(nil, s.Cond, nil, s.Body, true)
	case *lang.ReturnStmt:
		return x.returnStmt(s)
	case *lang.BranchStmt:
		if s.Tok == lang.KwBreak {
			return func(*Env) ctl { return ctlBreak }
		}
		return func(*Env) ctl { return ctlContinue }
	case *lang.EmptyStmt, *lang.BadStmt, nil:
		return nil
	}
	x.errorf(s, "unsupported statement")
	return nil
}

// block compiles { ... } in a new scope.
func (x *cx) block(b *lang.BlockStmt) func(*Env) ctl {
	if b == nil {
		return func(*Env) ctl { return ctlNext }
	}
	y := x.with(newScope(x.sc))
	var list []func(*Env) ctl
	for _, s := range b.List {
		if f := y.stmt(s); f != nil {
			list = append(list, f)
		}
	}
	switch len(list) {
	case 0:
		return func(*Env) ctl { return ctlNext }
	case 1:
		return list[0]
	}
	return func(e *Env) ctl {
		for _, f := range list {
			if c := f(e); c != ctlNext {
				return c
			}
			if e.Err != nil {
				return ctlReturn
			}
		}
		return ctlNext
	}
}

// fexpr compiles an expression of a function body, noting its effects on
// the function.
func (x *cx) fexpr(e lang.Expr) *operand {
	o := x.expr(e)
	if o.effect && x.fn != nil {
		x.fn.effects = true
	}
	return o
}

// effectOf compiles an expression evaluated for its effect.
func (x *cx) effectOf(e lang.Expr) func(*Env) {
	o := x.fexpr(e)
	if o.isBad() || o.known {
		return nil
	}
	if o.eval == nil {
		if o.t.isClocky() {
			x.clockError(o)
		}
		return nil
	}
	f := o.eval
	return func(en *Env) { f(en) }
}

// condition compiles the condition of if, for, while.
func (x *cx) condition(e lang.Expr) (func(*Env) int32, bool) {
	o := x.fexpr(e)
	if !x.integral(o) {
		return nil, false
	}
	return o.value(), true
}

func (x *cx) ifStmt(s *lang.IfStmt) func(*Env) ctl {
	c, ok := x.condition(s.Cond)
	then, els := x.stmt(s.Then), x.stmt(s.Else)
	if !ok {
		return nil
	}
	if then == nil {
		then = func(*Env) ctl { return ctlNext }
	}
	if els == nil {
		return func(e *Env) ctl {
			if c(e) != 0 {
				return then(e)
			}
			return ctlNext
		}
	}
	return func(e *Env) ctl {
		if c(e) != 0 {
			return then(e)
		}
		return els(e)
	}
}

func (x *cx) forStmt(s *lang.ForStmt) func(*Env) ctl {
	var init, post func(*Env)
	if s.Init != nil {
		init = x.effectOf(s.Init)
	}
	if s.Post != nil {
		post = x.effectOf(s.Post)
	}
	return x.loop(init, s.Cond, post, s.Body, false)
}

// loop compiles for, while and do-while loops (cond nil means true).
func (x *cx) loop(init func(*Env), cond lang.Expr, post func(*Env), body lang.Stmt, doWhile bool) func(*Env) ctl {
	c := func(*Env) int32 { return 1 }
	if cond != nil {
		var ok bool
		if c, ok = x.condition(cond); !ok {
			return nil
		}
	}
	b := x.stmt(body)
	if b == nil {
		b = func(*Env) ctl { return ctlNext }
	}
	pos := body.Pos()
	return func(e *Env) ctl {
		if init != nil {
			init(e)
		}
		for n := 0; ; n++ {
			if !(doWhile && n == 0) && c(e) == 0 {
				return ctlNext
			}
			if e.Err != nil {
				return ctlReturn
			}
			if n >= maxIterations {
				e.fail(pos, "loop did not end after %d iterations", maxIterations)
				return ctlReturn
			}
			switch b(e) {
			case ctlBreak:
				return ctlNext
			case ctlReturn:
				return ctlReturn
			}
			if post != nil {
				post(e)
			}
		}
	}
}

// rangeStmt compiles for (i : T) body.
func (x *cx) rangeStmt(s *lang.RangeStmt) func(*Env) ctl {
	t := x.typeSpec(s.Type)
	lo, hi, ok := x.boundedRange(s.Type, t)
	if !ok {
		return nil
	}
	off := x.fr.alloc(1)
	y := x.with(newScope(x.sc))
	x.c.declare(y.sc, &symbol{name: s.Name.Name, kind: symVar, pos: s.Name.Pos(), t: t.with(true, false), addr: &address{sp: spLocal, off: off}})
	b := y.stmt(s.Body)
	if b == nil {
		return nil
	}
	return func(e *Env) ctl {
		slot := e.fp + off
		for v := int64(lo); v <= int64(hi); v++ {
			e.stack[slot] = int32(v)
			switch b(e) {
			case ctlBreak:
				return ctlNext
			case ctlReturn:
				return ctlReturn
			}
			if e.Err != nil {
				return ctlReturn
			}
		}
		return ctlNext
	}
}

// boundedRange checks that t can be iterated: a bounded integer or a
// scalar set.
func (x *cx) boundedRange(n lang.Node, t *typ) (int32, int32, bool) {
	if t.kind == kBad {
		return 0, 0, false
	}
	if t.kind != kScalar && !(t.kind == kInt && t.ranged) {
		x.errorf(n, "expected a bounded integer type or a scalar set, not %s", t)
		return 0, 0, false
	}
	return t.lo, t.hi, true
}

func (x *cx) returnStmt(s *lang.ReturnStmt) func(*Env) ctl {
	rt := x.fn.result
	if s.Result == nil {
		if rt.kind != kVoid && rt.kind != kBad {
			x.errorf(s, "missing return value in function '%s'", x.fn.name)
		}
		return func(*Env) ctl { return ctlReturn }
	}
	o := x.fexpr(s.Result)
	if rt.kind == kVoid {
		x.errorf(s.Result, "function '%s' is void and cannot return a value", x.fn.name)
		return nil
	}
	if rt.kind == kBad || !x.integral(o) {
		return nil
	}
	lo, hi, pos := rt.lo, rt.hi, s.Result.Pos()
	if o.known && (o.val < lo || o.val > hi) {
		x.errorf(s.Result, "return value %d is outside [%d,%d]", o.val, lo, hi)
		return nil
	}
	f := o.value()
	return func(e *Env) ctl {
		v := f(e)
		if v < lo || v > hi {
			e.fail(pos, "return value out of range: %d is outside [%d,%d]", v, lo, hi)
			return ctlReturn
		}
		e.ret = v
		return ctlReturn
	}
}

// localDecl compiles a declaration inside a function body: slots in the
// frame, initialised each time the declaration is executed.
func (x *cx) localDecl(d lang.Decl) func(*Env) ctl {
	switch d := d.(type) {
	case *lang.TypeDecl:
		x.typeDecl(d)
		return nil
	case *lang.VarDecl:
		base := x.typeSpec(d.Type)
		var inits []func(*Env)
		for _, v := range d.Vars {
			if f := x.localVar(base, v); f != nil {
				inits = append(inits, f)
			}
		}
		if len(inits) == 0 {
			return nil
		}
		return func(e *Env) ctl {
			for _, f := range inits {
				f(e)
			}
			return ctlNext
		}
	case *lang.BadDecl:
		return nil
	}
	x.errorf(d, "this declaration is not allowed inside a function")
	return nil
}

// localVar declares one local variable and returns its initialisation.
func (x *cx) localVar(base *typ, v *lang.VarSpec) func(*Env) {
	t := x.dims(base, v.Dims)
	sym := &symbol{name: v.Name.Name, kind: symVar, pos: v.Name.Pos(), t: t}
	defer x.c.declare(x.sc, sym)
	if t.kind == kBad {
		sym.kind = symConst
		return nil
	}
	if !t.isData() {
		x.errorf(v.Name, "a function cannot declare a local %s", t.leaf())
		sym.kind, sym.t = symConst, tBad
		return nil
	}
	if t.konst && v.Init == nil {
		x.errorf(v.Name, "constant '%s' has no value", v.Name.Name)
	}
	if x.localConst(sym, t, v) {
		return nil
	}
	a := &address{sp: spLocal, off: x.fr.alloc(t.size)}
	sym.addr = a
	if v.Init == nil {
		vals := x.initValues(t, nil, v.Name.Name)
		return fillFrame(a.off, vals)
	}
	return x.localInit(t, v.Init, a, v.Name.Name)
}

// localConst folds a local integer constant whose initialiser is known at
// compile time (`const int n = 3; int a[n];`), so that it may size arrays
// and bound ranges like a global one. It reports whether it did; a constant
// computed from parameters stays a frame slot.
func (x *cx) localConst(sym *symbol, t *typ, v *lang.VarSpec) bool {
	if !t.konst || !t.isIntegral() || v.Init == nil {
		return false
	}
	o := x.expr(v.Init)
	switch {
	case o.isBad():
		sym.kind, sym.t = symConst, tBad
		return true
	case !o.known:
		return false
	}
	sym.kind, sym.val = symConst, x.initValues(t, v.Init, v.Name.Name)[0]
	return true
}

// fillFrame stores constant values into frame slots.
func fillFrame(off int32, vals []int32) func(*Env) {
	if len(vals) == 1 {
		v := vals[0]
		return func(e *Env) { e.stack[e.fp+off] = v }
	}
	return func(e *Env) { copy(e.stack[e.fp+off:], vals) }
}

// localInit compiles the run-time initialisation of a local object.
func (x *cx) localInit(t *typ, init lang.Expr, a *address, name string) func(*Env) {
	rc := &rangeCheck{lo: t.lo, hi: t.hi, name: name, pos: init.Pos()}
	list, isList := init.(*lang.InitList)
	switch {
	case t.isIntegral() && !isList:
		o := x.fexpr(init)
		if !x.integral(o) {
			return nil
		}
		f := store(a, rc, o)
		return func(e *Env) { f(e) }
	case t.kind == kArray && isList:
		n := int(t.index.hi - t.index.lo + 1)
		if len(list.Elems) != n {
			x.errorf(init, "initialiser of '%s' has %d elements, expected %d", name, len(list.Elems), n)
			return nil
		}
		var fs []func(*Env)
		for i, el := range list.Elems {
			if f := x.localInit(t.elem, el, a.plus(int32(i)*t.elem.size), name); f != nil {
				fs = append(fs, f)
			}
		}
		return seq(fs)
	case t.kind == kStruct && isList:
		var fs []func(*Env)
		for i, el := range list.Elems {
			if i >= len(t.fields) {
				x.errorf(el, "too many elements in the initialiser of '%s'", name)
				break
			}
			f := t.fields[i]
			if i < len(list.Names) && list.Names[i] != nil && list.Names[i].Name != f.name {
				x.errorf(list.Names[i], "named fields must follow the declaration order in a local initialiser")
				return nil
			}
			if g := x.localInit(f.t, el, a.plus(f.off), name+"."+f.name); g != nil {
				fs = append(fs, g)
			}
		}
		return seq(fs)
	case !isList:
		o := x.fexpr(init)
		if o.isBad() {
			return nil
		}
		if o.addr == nil || !equivalent(t, o.t) {
			x.errorf(init, "invalid initialiser for '%s' of type %s", name, t)
			return nil
		}
		return copier(a, o.addr, t.leafRanges(nil), rc)
	}
	x.errorf(init, "invalid initialiser for '%s' of type %s", name, t)
	return nil
}

func seq(fs []func(*Env)) func(*Env) {
	return func(e *Env) {
		for _, f := range fs {
			f(e)
		}
	}
}

// quantBody compiles the body of the quantifier e in y's scope, where the
// bound variable is declared. It returns nil, with the error reported, for
// a bad body or one with side effects.
func (y *cx) quantBody(e *lang.QuantExpr) *operand {
	body := y.expr(e.Body)
	if body.isBad() {
		return nil
	}
	if body.effect {
		y.errorf(e.Body, "the body of %s must not have side effects", quantName(e.Op))
		return nil
	}
	return body
}

// quant compiles forall, exists and sum. Integer bodies become a loop over
// a frame slot; bodies with clocks (guards, invariants, queries) and
// quantifiers outside any frame are expanded at compile time.
func (x *cx) quant(e *lang.QuantExpr) *operand {
	t := x.typeSpec(e.Type)
	lo, hi, ok := x.boundedRange(e.Type, t)
	if !ok {
		return bad(e)
	}
	if x.fr != nil {
		off := x.fr.alloc(1)
		y := x.with(newScope(x.sc))
		y.sc.syms[e.Name.Name] = &symbol{name: e.Name.Name, kind: symVar, pos: e.Name.Pos(), t: t.with(true, false), addr: &address{sp: spLocal, off: off}}
		body := y.quantBody(e)
		if body == nil {
			return bad(e)
		}
		if !body.t.isClocky() {
			if !x.integral(body) {
				return bad(e)
			}
			return quantLoop(e, lo, hi, off, body)
		}
	}
	return x.expand(e, t, lo, hi)
}

func quantName(op lang.Token) string {
	switch op {
	case lang.KwForall:
		return "forall"
	case lang.KwExists:
		return "exists"
	}
	return "sum"
}

// quantLoop evaluates a quantifier over a frame slot at run time.
func quantLoop(e *lang.QuantExpr, lo, hi, off int32, body *operand) *operand {
	f := body.value()
	o := &operand{t: tBool, node: e}
	switch e.Op {
	case lang.KwForall:
		o.eval = func(en *Env) int32 {
			slot := en.fp + off
			for v := int64(lo); v <= int64(hi); v++ {
				en.stack[slot] = int32(v)
				if f(en) == 0 {
					return 0
				}
			}
			return 1
		}
	case lang.KwExists:
		o.eval = func(en *Env) int32 {
			slot := en.fp + off
			for v := int64(lo); v <= int64(hi); v++ {
				en.stack[slot] = int32(v)
				if f(en) != 0 {
					return 1
				}
			}
			return 0
		}
	default:
		o.t = tInt
		o.eval = func(en *Env) int32 {
			slot, s := en.fp+off, int32(0)
			for v := int64(lo); v <= int64(hi); v++ {
				en.stack[slot] = int32(v)
				s += f(en)
			}
			return s
		}
	}
	return o
}

// maxExpansion bounds compile-time expansion of quantifiers.
const maxExpansion = 1 << 16

// expand instantiates the body once per value and joins the instances.
func (x *cx) expand(e *lang.QuantExpr, t *typ, lo, hi int32) *operand {
	if int64(hi)-int64(lo) >= maxExpansion {
		x.errorf(e.Type, "range of %s too large to expand (%d values)", quantName(e.Op), int64(hi)-int64(lo)+1)
		return bad(e)
	}
	if !x.spend(e, int64(hi)-int64(lo)+1) {
		return bad(e)
	}
	var acc *operand
	op := lang.LAND
	switch e.Op {
	case lang.KwForall:
		acc = known(e, tBool, 1)
	case lang.KwExists:
		acc, op = known(e, tBool, 0), lang.LOR
	default:
		acc, op = known(e, tInt, 0), lang.ADD
	}
	vt := t.with(true, false)
	for v := int64(lo); v <= int64(hi); v++ {
		y := x.with(newScope(x.sc))
		y.sc.syms[e.Name.Name] = &symbol{name: e.Name.Name, kind: symQuant, pos: e.Name.Pos(), t: vt, val: int32(v)}
		body := y.quantBody(e)
		if body == nil {
			return bad(e)
		}
		acc = x.combine(e, op, acc, body)
		if acc.isBad() {
			return acc
		}
	}
	return acc
}
