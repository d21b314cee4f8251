// Integer expressions of guards, updates and queries, resolved to state
// slots for heuristics that reason about variables.

package heuristic

import (
	"strconv"

	"beeline/core/lang"
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
	OpUnary            // Tok (SUB, NOT, ...) applied to Args[0]
	OpBinary           // Args[0] Tok Args[1]
	OpCond             // Args[0] ? Args[1] : Args[2]
)

// Expr is an integer expression over a discrete state, with names
// resolved: variables to slots of the state vector (model.Network.Vars),
// location tests to (process, location). Anything else becomes OpTop,
// "some value", which keeps every use of the expression an
// over-approximation.
type Expr struct {
	Op     Op
	Lo, Hi int32
	Proc   int32
	Tok    lang.Token
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

// Resolver resolves a name as model.Network.Lookup does.
type Resolver func(name string) model.Ref

// Compiler turns syntax into Exprs.
type Compiler struct {
	Net     *model.Network
	Resolve Resolver
	// Query enables process members (P.loc, P(1).x) and expands sum,
	// forall and exists over bounded ranges.
	Query bool
	bound map[string]int32 // quantifier variables
}

// top is the expression "any value".
var top = &Expr{Op: OpTop}

// Const returns the constant expression v.
func Const(v int32) *Expr { return &Expr{Op: OpConst, Lo: v} }

// Compile compiles an integer or boolean expression.
func (c *Compiler) Compile(e lang.Expr) *Expr {
	switch e := e.(type) {
	case *lang.ParenExpr:
		return c.Compile(e.X)
	case *lang.IntLit:
		return Const(int32(e.Value))
	case *lang.BoolLit:
		if e.Value {
			return Const(1)
		}
		return Const(0)
	case *lang.Ident:
		return c.ident(e.Name)
	case *lang.IndexExpr, *lang.SelectorExpr:
		return c.object(e)
	case *lang.UnaryExpr:
		return c.unary(e)
	case *lang.BinaryExpr:
		return c.binary(e.Op, c.Compile(e.X), c.Compile(e.Y))
	case *lang.CondExpr:
		cond := c.Compile(e.Cond)
		if cond.IsConst() {
			if cond.Lo != 0 {
				return c.Compile(e.X)
			}
			return c.Compile(e.Y)
		}
		return &Expr{Op: OpCond, Args: []*Expr{cond, c.Compile(e.X), c.Compile(e.Y)}}
	case *lang.QuantExpr:
		return c.quant(e)
	}
	return top
}

func (c *Compiler) ident(name string) *Expr {
	if v, ok := c.bound[name]; ok {
		return Const(v)
	}
	return refExpr(c.Resolve(name))
}

// refExpr turns a resolved name into an expression.
func refExpr(r model.Ref) *Expr {
	switch r.Kind {
	case model.RefConst:
		if r.Len <= 1 {
			return Const(r.Value)
		}
	case model.RefVar:
		if r.Len <= 1 {
			return &Expr{Op: OpVar, Lo: r.Index}
		}
		return &Expr{Op: OpAny, Lo: r.Index, Hi: r.Index + r.Len - 1}
	case model.RefSelect:
		return &Expr{Op: OpRange, Lo: r.Lo, Hi: r.Hi}
	}
	return top
}

// object compiles a[i], s.f, P.x, P(1).loc: the whole aggregate is read
// (OpAny) unless the name denotes a single slot or a location.
func (c *Compiler) object(e lang.Expr) *Expr {
	if s, ok := e.(*lang.SelectorExpr); ok && c.Query {
		if p := c.process(s.X); p >= 0 {
			r := c.Net.Lookup(p, -1, s.Sel.Name)
			if r.Kind == model.RefLocation {
				return &Expr{Op: OpLoc, Proc: int32(p), Lo: r.Index}
			}
			return refExpr(r)
		}
	}
	root := e
	for {
		switch x := root.(type) {
		case *lang.IndexExpr:
			root = x.X
			continue
		case *lang.SelectorExpr:
			if c.Query {
				if p := c.process(x.X); p >= 0 {
					return whole(c.Net.Lookup(p, -1, x.Sel.Name))
				}
			}
			root = x.X
			continue
		case *lang.Ident:
			if _, ok := c.bound[x.Name]; ok {
				return top
			}
			return whole(c.Resolve(x.Name))
		}
		return top
	}
}

// whole reads any slot of the object r.
func whole(r model.Ref) *Expr {
	if r.Kind != model.RefVar {
		return top
	}
	return &Expr{Op: OpAny, Lo: r.Index, Hi: r.Index + max(r.Len, 1) - 1}
}

// process returns the index of the process that e names in a query (P or
// P(1) with constant arguments), or -1.
func (c *Compiler) process(e lang.Expr) int {
	name := ""
	switch x := e.(type) {
	case *lang.Ident:
		if _, ok := c.bound[x.Name]; ok {
			return -1
		}
		name = x.Name
	case *lang.CallExpr:
		id, ok := x.Fun.(*lang.Ident)
		if !ok {
			return -1
		}
		name = id.Name + "("
		for i, a := range x.Args {
			v := c.Compile(a)
			if !v.IsConst() {
				return -1
			}
			if i > 0 {
				name += ","
			}
			name += strconv.Itoa(int(v.Lo))
		}
		name += ")"
	default:
		return -1
	}
	for i, p := range c.Net.Processes {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (c *Compiler) unary(e *lang.UnaryExpr) *Expr {
	x := c.Compile(e.X)
	switch e.Op {
	case lang.ADD:
		return x
	case lang.KwNot:
		return fold(&Expr{Op: OpUnary, Tok: lang.NOT, Args: []*Expr{x}})
	case lang.SUB, lang.NOT:
		return fold(&Expr{Op: OpUnary, Tok: e.Op, Args: []*Expr{x}})
	}
	return top
}

// binary builds x op y, folding constants.
func (c *Compiler) binary(op lang.Token, x, y *Expr) *Expr {
	switch op {
	case lang.KwAnd:
		op = lang.LAND
	case lang.KwOr:
		op = lang.LOR
	case lang.KwImply:
		return c.binary(lang.LOR, fold(&Expr{Op: OpUnary, Tok: lang.NOT, Args: []*Expr{x}}), y)
	}
	return fold(&Expr{Op: OpBinary, Tok: op, Args: []*Expr{x, y}})
}

// quant expands sum, forall and exists over a bounded range.
func (c *Compiler) quant(e *lang.QuantExpr) *Expr {
	lo, hi, ok := c.TypeRange(e.Type)
	if !ok || int64(hi)-int64(lo) > 4096 {
		return top
	}
	var acc *Expr
	op := map[lang.Token]lang.Token{lang.KwSum: lang.ADD, lang.KwForall: lang.LAND, lang.KwExists: lang.LOR}[e.Op]
	for v := lo; v <= hi; v++ {
		body := c.With(e.Name.Name, v).Compile(e.Body)
		if acc == nil {
			acc = body
		} else {
			acc = c.binary(op, acc, body)
		}
	}
	if acc == nil {
		return Const(map[lang.Token]int32{lang.KwSum: 0, lang.KwForall: 1, lang.KwExists: 0}[e.Op])
	}
	return acc
}

// With returns a compiler with name bound to the constant v.
func (c *Compiler) With(name string, v int32) *Compiler {
	d := *c
	d.bound = make(map[string]int32, len(c.bound)+1)
	for k, x := range c.bound {
		d.bound[k] = x
	}
	d.bound[name] = v
	return &d
}

// TypeRange returns the range of a bounded integer, boolean, scalar or
// named type.
func (c *Compiler) TypeRange(t *lang.TypeSpec) (lo, hi int32, ok bool) {
	if t == nil {
		return 0, 0, false
	}
	switch t.Kind {
	case lang.TBool:
		return 0, 1, true
	case lang.TInt:
		if t.Lo == nil || t.Hi == nil {
			return 0, 0, false
		}
		l, h := c.Compile(t.Lo), c.Compile(t.Hi)
		return l.Lo, h.Lo, l.IsConst() && h.IsConst()
	case lang.TScalar:
		s := c.Compile(t.Size)
		return 0, s.Lo - 1, s.IsConst()
	case lang.TNamed:
		r := c.Resolve(t.Name.Name)
		return r.Lo, r.Hi, r.Kind == model.RefOther && r.Lo <= r.Hi
	}
	return 0, 0, false
}

// fold evaluates e when its arguments are constants.
func fold(e *Expr) *Expr {
	for _, a := range e.Args {
		if !a.IsConst() {
			return e
		}
	}
	var v int64
	var ok bool
	switch e.Op {
	case OpUnary:
		v, ok = Unary(e.Tok, int64(e.Args[0].Lo))
	case OpBinary:
		v, ok = Binary(e.Tok, int64(e.Args[0].Lo), int64(e.Args[1].Lo))
	}
	if !ok || v != int64(int32(v)) {
		return e
	}
	return Const(int32(v))
}

// Unary applies a unary operator to a value; ok is false for operators
// that are not integer operators.
func Unary(op lang.Token, x int64) (int64, bool) {
	switch op {
	case lang.SUB:
		return -x, true
	case lang.NOT:
		return b2i(x == 0), true
	}
	return 0, false
}

// Binary applies a binary operator to two values; ok is false for division
// by zero, negative shifts and operators that are not integer operators.
func Binary(op lang.Token, x, y int64) (int64, bool) {
	switch op {
	case lang.ADD:
		return x + y, true
	case lang.SUB:
		return x - y, true
	case lang.MUL:
		return x * y, true
	case lang.QUO, lang.REM:
		if y == 0 {
			return 0, false
		}
		if op == lang.QUO {
			return x / y, true
		}
		return x % y, true
	case lang.AND:
		return x & y, true
	case lang.OR:
		return x | y, true
	case lang.XOR:
		return x ^ y, true
	case lang.SHL, lang.SHR:
		if y < 0 || y > 62 {
			return 0, false
		}
		if op == lang.SHL {
			return x << y, true
		}
		return x >> y, true
	case lang.MIN:
		return min(x, y), true
	case lang.MAX:
		return max(x, y), true
	case lang.LAND:
		return b2i(x != 0 && y != 0), true
	case lang.LOR:
		return b2i(x != 0 || y != 0), true
	case lang.EQL:
		return b2i(x == y), true
	case lang.NEQ:
		return b2i(x != y), true
	case lang.LSS:
		return b2i(x < y), true
	case lang.LEQ:
		return b2i(x <= y), true
	case lang.GTR:
		return b2i(x > y), true
	case lang.GEQ:
		return b2i(x >= y), true
	}
	return 0, false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
