// Statements of function bodies and local declarations, resolved into
// ir statements.

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
)

// stmt compiles a statement; it returns nil for statements without effect.
func (x *cx) stmt(s lang.Stmt) ir.Stmt {
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
		return &ir.Do{At: at(s), X: f}
	case *lang.IfStmt:
		return x.ifStmt(s)
	case *lang.ForStmt:
		return x.forStmt(s)
	case *lang.RangeStmt:
		return x.rangeStmt(s)
	case *lang.WhileStmt:
		return x.loop(s, nil, s.Cond, nil, s.Body, false)
	case *lang.DoWhileStmt:
		return x.loop(s, nil, s.Cond, nil, s.Body, true)
	case *lang.ReturnStmt:
		return x.returnStmt(s)
	case *lang.BranchStmt:
		if s.Tok == lang.KwBreak {
			return &ir.Break{At: at(s)}
		}
		return &ir.Continue{At: at(s)}
	case *lang.EmptyStmt, *lang.BadStmt, nil:
		return nil
	}
	x.errorf(s, "unsupported statement")
	return nil
}

// block compiles { ... } in a new scope.
func (x *cx) block(b *lang.BlockStmt) ir.Stmt {
	if b == nil {
		return &ir.Block{}
	}
	y := x.with(newScope(x.sc))
	out := &ir.Block{At: at(b)}
	for _, s := range b.List {
		if f := y.stmt(s); f != nil {
			out.List = append(out.List, f)
		}
	}
	return out
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

// effectOf compiles an expression evaluated for its effect; nil when it
// has none.
func (x *cx) effectOf(e lang.Expr) ir.Expr {
	o := x.fexpr(e)
	if o.isBad() || o.known {
		return nil
	}
	if o.code == nil {
		if o.t.isClocky() {
			x.clockError(o)
		}
		return nil
	}
	return o.code
}

// condition compiles the condition of if, for, while.
func (x *cx) condition(e lang.Expr) (ir.Expr, bool) {
	o := x.fexpr(e)
	if !x.number(o) {
		return nil, false
	}
	return o.value(), true
}

func (x *cx) ifStmt(s *lang.IfStmt) ir.Stmt {
	c, ok := x.condition(s.Cond)
	then, els := x.stmt(s.Then), x.stmt(s.Else)
	if !ok {
		return nil
	}
	return &ir.If{At: at(s), C: c, Then: then, Else: els}
}

func (x *cx) forStmt(s *lang.ForStmt) ir.Stmt {
	var init, post ir.Expr
	if s.Init != nil {
		init = x.effectOf(s.Init)
	}
	if s.Post != nil {
		post = x.effectOf(s.Post)
	}
	return x.loop(s, init, s.Cond, post, s.Body, false)
}

// loop compiles for, while and do-while loops (cond nil means true).
func (x *cx) loop(s lang.Stmt, init ir.Expr, cond lang.Expr, post ir.Expr, body lang.Stmt, doWhile bool) ir.Stmt {
	l := &ir.Loop{At: at(s), Init: init, Post: post, DoWhile: doWhile}
	if cond != nil {
		var ok bool
		if l.Cond, ok = x.condition(cond); !ok {
			return nil
		}
	}
	l.Body = x.stmt(body)
	if l.Body == nil {
		l.Body = &ir.Block{At: at(body)}
	}
	return l
}

// rangeStmt compiles for (i : T) body.
func (x *cx) rangeStmt(s *lang.RangeStmt) ir.Stmt {
	t := x.typeSpec(s.Type)
	lo, hi, ok := x.boundedRange(s.Type, t)
	if !ok {
		return nil
	}
	off := x.fr.alloc(1)
	y := x.with(newScope(x.sc))
	x.c.declare(y.sc, &symbol{name: s.Name.Name, kind: symVar, pos: s.Name.Pos(), t: t.with(true, false), addr: staticRef(spLocal, off, 1)})
	b := y.stmt(s.Body)
	if b == nil {
		return nil
	}
	return &ir.ForRange{At: at(s), Slot: off, Lo: lo, Hi: hi, Body: b}
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

func (x *cx) returnStmt(s *lang.ReturnStmt) ir.Stmt {
	rt := x.fn.result
	if s.Result == nil {
		if rt.kind != kVoid && rt.kind != kBad {
			x.errorf(s, "missing return value in function '%s'", x.fn.name)
		}
		return &ir.Return{At: at(s)}
	}
	o := x.fexpr(s.Result)
	if rt.kind == kVoid {
		x.errorf(s.Result, "function '%s' is void and cannot return a value", x.fn.name)
		return nil
	}
	if rt.kind == kBad || !x.fits(o, rt, "the return type") {
		return nil
	}
	lo, hi := rt.lo, rt.hi
	if o.known && (o.val < lo || o.val > hi) {
		x.errorf(s.Result, "return value %d is outside [%d,%d]", o.val, lo, hi)
		return nil
	}
	v := o.value()
	if o.known {
		v = &ir.Const{At: at(s.Result), V: o.val}
	}
	return &ir.Return{At: at(s), X: v, Lo: lo, Hi: hi}
}

// localDecl compiles a declaration inside a function body: slots in the
// frame, initialised each time the declaration is executed.
func (x *cx) localDecl(d lang.Decl) ir.Stmt {
	switch d := d.(type) {
	case *lang.TypeDecl:
		x.typeDecl(d)
		return nil
	case *lang.VarDecl:
		base := x.typeSpec(d.Type)
		out := &ir.Block{At: at(d)}
		for _, v := range d.Vars {
			out.List = append(out.List, x.localVar(base, v)...)
		}
		if len(out.List) == 0 {
			return nil
		}
		return out
	case *lang.BadDecl:
		return nil
	}
	x.errorf(d, "this declaration is not allowed inside a function")
	return nil
}

// localVar declares one local variable and returns its initialisation.
func (x *cx) localVar(base *typ, v *lang.VarSpec) []ir.Stmt {
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
	if !x.c.room(v.Name, t) {
		sym.kind, sym.t = symConst, tBad
		return nil
	}
	a := staticRef(spLocal, x.fr.alloc(t.size), t.size)
	sym.addr = a
	if v.Init == nil {
		vals := x.initValues(t, nil, v.Name.Name)
		return []ir.Stmt{&ir.Fill{At: at(v.Name), Off: a.Off, Vals: vals}}
	}
	return x.localInit(t, v.Init, a, v.Name.Name, nil)
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

// localInit appends to out the run-time initialisation of a local object.
func (x *cx) localInit(t *typ, init lang.Expr, a *address, name string, out []ir.Stmt) []ir.Stmt {
	dst := *a
	dst.Name, dst.Lo, dst.Hi, dst.Span = name, t.lo, t.hi, t.size
	list, isList := init.(*lang.InitList)
	switch {
	case t.isIntegral() && !isList:
		o := x.fexpr(init)
		if !x.fits(o, t, "'"+name+"'") {
			return out
		}
		return append(out, &ir.Do{At: at(init), X: &ir.Assign{At: at(init), Dst: &dst, X: o.value()}})
	case t.kind == kArray && isList:
		n := int(t.index.hi - t.index.lo + 1)
		if len(list.Elems) != n {
			x.errorf(init, "initialiser of '%s' has %d elements, expected %d", name, len(list.Elems), n)
			return out
		}
		for i, el := range list.Elems {
			out = x.localInit(t.elem, el, plus(a, int32(i)*t.elem.size), name, out)
		}
		return out
	case t.kind == kStruct && isList:
		for i, el := range list.Elems {
			if i >= len(t.fields) {
				x.errorf(el, "too many elements in the initialiser of '%s'", name)
				break
			}
			f := t.fields[i]
			if i < len(list.Names) && list.Names[i] != nil && list.Names[i].Name != f.name {
				x.errorf(list.Names[i], "named fields must follow the declaration order in a local initialiser")
				return out
			}
			out = x.localInit(f.t, el, plus(a, f.off), name+"."+f.name, out)
		}
		return out
	case !isList:
		o := x.fexpr(init)
		if o.isBad() {
			return out
		}
		if o.addr == nil || !equivalent(t, o.t) {
			x.errorf(init, "invalid initialiser for '%s' of type %s", name, t)
			return out
		}
		return append(out, &ir.Do{At: at(init), X: &ir.Copy{At: at(init), Dst: &dst, Src: o.addr, Ranges: x.c.slotRanges(t)}})
	}
	x.errorf(init, "invalid initialiser for '%s' of type %s", name, t)
	return out
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
		y.sc.syms[e.Name.Name] = &symbol{name: e.Name.Name, kind: symVar, pos: e.Name.Pos(), t: t.with(true, false), addr: staticRef(spLocal, off, 1)}
		body := y.quantBody(e)
		if body == nil {
			return bad(e)
		}
		if !body.t.isClocky() {
			if !x.number(body) {
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
	q := &ir.Quant{At: at(e), Op: ir.LAnd, Slot: off, Lo: lo, Hi: hi, Body: body.value()}
	o := &operand{t: tBool, node: e, code: q}
	switch e.Op {
	case lang.KwExists:
		q.Op = ir.LOr
	case lang.KwSum:
		q.Op, o.t = ir.Add, tInt
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
