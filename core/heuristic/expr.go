// Integer expressions of guards, updates and queries as heuristics see
// them: the model's resolved form (core/ir) reduced to state slots,
// locations, ranges and "any value".

package heuristic

import (
	"beeline/core/ir"
	"beeline/core/model"
)

// Op is the kind of an Expr node.
type Op uint8

// The Expr operators.
const (
	OpConst  Op = iota // the constant Lo
	OpVar              // the state slot Lo
	OpAny              // any of the state slots Lo..Hi (an array or struct read at an index not known)
	OpRange            // any value in [Lo, Hi] (a select binding)
	OpLoc              // 1 when process Proc is at location Lo, else 0
	OpTop              // any value: what the heuristic cannot follow (functions, meta variables, clocks)
	OpUnary            // Fn (Neg, Not, Abs) applied to Args[0]
	OpBinary           // Args[0] Fn Args[1]
	OpCond             // Args[0] ? Args[1] : Args[2]
)

// Expr is an integer expression over a discrete state: variables are
// slots of the state vector (model.Network.Vars), location tests are
// (process, location). What a heuristic does not follow (meta variables,
// function calls, assignments) is OpTop, "some value", which keeps every
// use of the expression an over-approximation. Operators are ir.Op, whose
// meaning is ir.Apply.
type Expr struct {
	Op     Op
	Lo, Hi int32
	Proc   int32
	Fn     ir.Op
	Args   []*Expr
}

// IsConst reports whether e is a constant.
func (e *Expr) IsConst() bool { return e.Op == OpConst }

// Slots appends the state slots e reads to dst.
func (e *Expr) Slots(dst []int32) []int32 {
	switch e.Op {
	case OpVar:
		dst = append(dst, e.Lo)
	case OpAny:
		for s := e.Lo; s <= e.Hi; s++ {
			dst = append(dst, s)
		}
	}
	for _, a := range e.Args {
		dst = a.Slots(dst)
	}
	return dst
}

// Procs appends the processes whose locations e tests to dst.
func (e *Expr) Procs(dst []int32) []int32 {
	if e.Op == OpLoc {
		dst = append(dst, e.Proc)
	}
	for _, a := range e.Args {
		dst = a.Procs(dst)
	}
	return dst
}

// HasTop reports whether some part of e is OpTop.
func (e *Expr) HasTop() bool {
	if e.Op == OpTop {
		return true
	}
	for _, a := range e.Args {
		if a.HasTop() {
			return true
		}
	}
	return false
}

// Translator turns resolved expressions into Exprs.
type Translator struct {
	// Sel are the select bindings of the edge being translated (their
	// values become OpRange); nil outside edges.
	Sel []model.Select
	// locals binds frame slots to constants while a quantifier is
	// expanded.
	locals map[int32]int32
}

// top is the expression "any value".
var top = &Expr{Op: OpTop}

// Const returns the constant expression v.
func Const(v int32) *Expr { return &Expr{Op: OpConst, Lo: v} }

// maxExpand bounds the values a quantifier is expanded over.
const maxExpand = 4096

// Expr translates an integer or boolean expression.
func (t *Translator) Expr(e ir.Expr) *Expr {
	switch e := e.(type) {
	case *ir.Const:
		return Const(e.V)
	case *ir.Load:
		return t.load(e.Ref)
	case *ir.Unary:
		return fold(&Expr{Op: OpUnary, Fn: e.Op, Args: []*Expr{t.Expr(e.X)}})
	case *ir.Binary:
		return t.binary(e.Op, t.Expr(e.X), t.Expr(e.Y))
	case *ir.Cond:
		c := t.Expr(e.C)
		if c.IsConst() {
			if c.Lo != 0 {
				return t.Expr(e.X)
			}
			return t.Expr(e.Y)
		}
		return &Expr{Op: OpCond, Args: []*Expr{c, t.Expr(e.X), t.Expr(e.Y)}}
	case *ir.LocIs:
		return &Expr{Op: OpLoc, Proc: e.Proc, Lo: e.Loc}
	case *ir.Quant:
		return t.quant(e)
	case *ir.Choose:
		return t.choose(e)
	}
	return top
}

// choose translates P(i).name where i is a constant once quantifiers are
// expanded.
func (t *Translator) choose(c *ir.Choose) *Expr {
	k := int32(0)
	for i, x := range c.Index {
		v := t.Expr(x)
		lo, hi := c.Dims[i][0], c.Dims[i][1]
		if !v.IsConst() || v.Lo < lo || v.Lo > hi {
			return top
		}
		k = k*(hi-lo+1) + v.Lo - lo
	}
	return t.Expr(c.List[k])
}

// load translates a read: a state slot, any slot of an array read at an
// index not known, a select value's range, a bound quantifier variable.
func (t *Translator) load(r *ir.Ref) *Expr {
	switch {
	case r.Space == ir.Var && r.Static():
		return &Expr{Op: OpVar, Lo: r.Off}
	case r.Space == ir.Var && !r.Param:
		return &Expr{Op: OpAny, Lo: r.Off, Hi: r.Off + max(r.Span, 1) - 1}
	case r.Space == ir.Sel && r.Static() && int(r.Off) < len(t.Sel):
		s := t.Sel[r.Off]
		return &Expr{Op: OpRange, Lo: s.Lo, Hi: s.Hi}
	case r.Space == ir.Local && r.Static():
		if v, ok := t.locals[r.Off]; ok {
			return Const(v)
		}
	}
	return top
}

// binary builds x op y, folding constants; imply is !x || y.
func (t *Translator) binary(op ir.Op, x, y *Expr) *Expr {
	if op == ir.Imply {
		return t.binary(ir.LOr, fold(&Expr{Op: OpUnary, Fn: ir.Not, Args: []*Expr{x}}), y)
	}
	return fold(&Expr{Op: OpBinary, Fn: op, Args: []*Expr{x, y}})
}

// quant expands sum, forall and exists over their range.
func (t *Translator) quant(q *ir.Quant) *Expr {
	if int64(q.Hi)-int64(q.Lo) > maxExpand {
		return top
	}
	var acc *Expr
	for v := int64(q.Lo); v <= int64(q.Hi); v++ {
		body := t.with(q.Slot, int32(v)).Expr(q.Body)
		if acc == nil {
			acc = body
		} else {
			acc = t.binary(q.Op, acc, body)
		}
	}
	if acc == nil {
		return Const(ir.B2I(q.Op == ir.LAnd))
	}
	return acc
}

// with returns a translator with frame slot bound to the constant v.
func (t *Translator) with(slot, v int32) *Translator {
	d := *t
	d.locals = make(map[int32]int32, len(t.locals)+1)
	for k, x := range t.locals {
		d.locals[k] = x
	}
	d.locals[slot] = v
	return &d
}

// fold evaluates e when its arguments are constants and the evaluation
// is valid.
func fold(e *Expr) *Expr {
	for _, a := range e.Args {
		if !a.IsConst() {
			return e
		}
	}
	switch e.Op {
	case OpUnary:
		if v, msg := ir.ApplyUnary(e.Fn, e.Args[0].Lo); msg == "" {
			return Const(v)
		}
	case OpBinary:
		if v, msg := ir.Apply(e.Fn, e.Args[0].Lo, e.Args[1].Lo); msg == "" {
			return Const(v)
		}
	}
	return e
}

// Not returns !x, folded.
func Not(x *Expr) *Expr { return fold(&Expr{Op: OpUnary, Fn: ir.Not, Args: []*Expr{x}}) }

// Eval evaluates e on a discrete state: the processes' locations and
// the state slots. ok is false when it cannot: an invalid evaluation, or
// a part that is not a function of the state (OpAny, OpRange, OpTop).
func Eval(e *Expr, locs, vars []int32) (v int32, ok bool) {
	switch e.Op {
	case OpConst:
		return e.Lo, true
	case OpVar:
		return vars[e.Lo], true
	case OpLoc:
		return ir.B2I(locs[e.Proc] == e.Lo), true
	case OpUnary:
		x, ok := Eval(e.Args[0], locs, vars)
		v, msg := ir.ApplyUnary(e.Fn, x)
		return v, ok && msg == ""
	case OpCond:
		c, ok := Eval(e.Args[0], locs, vars)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return Eval(e.Args[1], locs, vars)
		}
		return Eval(e.Args[2], locs, vars)
	case OpBinary:
		x, ok1 := Eval(e.Args[0], locs, vars)
		y, ok2 := Eval(e.Args[1], locs, vars)
		v, msg := ir.Apply(e.Fn, x, y)
		return v, ok1 && ok2 && msg == ""
	}
	return 0, false
}
