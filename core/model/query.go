// Queries: state formulas over locations, variables and clocks, compiled
// into a proposition tree whose leaves are integer atoms and clock
// constraints.

package model

import (
	"fmt"
	"strings"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
)

// PropOp is the operator of a proposition node.
type PropOp uint8

// The proposition operators.
const (
	PropTrue     PropOp = iota // true
	PropFalse                  // false
	PropAnd                    // all Args hold
	PropOr                     // some Arg holds
	PropNot                    // Args[0] does not hold
	PropAtom                   // Atom(env) != 0: integer and location conditions
	PropClock                  // the clock constraint Clock holds
	PropDeadlock               // the state is a deadlock
)

var propOpNames = [...]string{"true", "false", "and", "or", "not", "atom", "clock", "deadlock"}

func (o PropOp) String() string {
	if int(o) < len(propOpNames) {
		return propOpNames[o]
	}
	return fmt.Sprintf("PropOp(%d)", int(o))
}

// Prop is a state formula. Quantifiers over clocks, deadlock or process
// locations are expanded; integer-only subformulas are single Atoms.
type Prop struct {
	Op    PropOp
	Args  []*Prop
	Atom  func(*Env) int32
	Clock ClockConstraint
	// Expr and Constraint are the resolved forms Atom and Clock are
	// compiled from, evaluated in a frame of Formula.Frame slots.
	Expr       ir.Expr
	Constraint ir.Constraint
}

// Formula is a compiled query.
type Formula struct {
	Kind  lang.QueryKind
	Prop  *Prop // φ; for sup and inf, the condition (true when none is written)
	Right *Prop // ψ of φ --> ψ
	// Exprs are the expressions of a sup or inf query, in the order
	// written.
	Exprs []BoundExpr
	// What names an unsupported query kind in plain words (Kind is
	// lang.QueryUnsupported).
	What string
	Pos  source.Pos
	Text string // the formula as printed by lang.QueryString
	// Frame is the number of stack slots the formula's atoms need.
	Frame int32
}

// CompileQuery compiles a parsed query. It returns nil and reports to errs
// when the formula does not type-check. A sup or inf query compiles its
// condition as Prop and its list as Exprs. Kinds the parser does not
// check (Pr, bounds, ...) give a Formula with only Kind, What and Text,
// so that the caller can refuse them in plain words.
func (n *Network) CompileQuery(q *lang.Query, errs *source.List) *Formula {
	if q == nil {
		return nil
	}
	f := &Formula{Kind: q.Kind, What: q.What, Pos: q.Pos(), Text: lang.QueryString(q)}
	if q.Kind == lang.QueryUnsupported {
		return f
	}
	c := &compiler{net: n, errs: errs}
	fr := &frame{}
	x := &cx{c: c, sc: n.global, fr: fr, mode: modeQuery}
	start := len(*errs)
	if q.Prop != nil || (q.Kind != lang.QuerySup && q.Kind != lang.QueryInf) {
		f.Prop = x.prop(q.Prop)
	} else {
		f.Prop = &Prop{Op: PropTrue}
	}
	if q.Right != nil {
		f.Right = x.prop(q.Right)
	}
	listOK := true
	for _, e := range q.List {
		be, ok := x.boundExpr(q.Kind, e)
		f.Exprs = append(f.Exprs, be)
		listOK = listOK && ok
	}
	// A list element the parser could not read (a BadExpr, whose error
	// the parser reported) compiles to nothing.
	if (*errs)[start:].HasErrors() || !listOK {
		return nil
	}
	f.Frame = fr.size
	b := backend{n}
	b.prop(f.Prop, fr.size)
	b.prop(f.Right, fr.size)
	for k := range f.Exprs {
		b.boundExpr(&f.Exprs[k], fr.size)
	}
	return f
}

// BoundExpr is one expression of a sup or inf query: a clock, whose bound
// over the valuations of a zone is sought, or an integer expression over
// the discrete state.
type BoundExpr struct {
	Text string // as printed by lang.ExprString
	Pos  source.Pos
	// Clock is set for a clock: Index is its number (x_0 is the
	// reference clock), or IndexFn computes it from the state (an element
	// of a clock array chosen by a variable); Ref is the resolved
	// reference they are compiled from.
	Clock   bool
	Index   int32
	IndexFn func(*Env) int32
	Ref     *ir.Ref
	// Int evaluates an integer expression; Expr is its resolved form.
	// Both run in a frame of Formula.Frame slots.
	Int  func(*Env) int32
	Expr ir.Expr
}

// boundExpr compiles an expression of the list of a sup or inf query:
// a clock alone, or an integer expression without side effects. It
// reports false when e does not compile.
func (x *cx) boundExpr(kind lang.QueryKind, e lang.Expr) (BoundExpr, bool) {
	be := BoundExpr{Text: lang.ExprString(e), Pos: e.Pos()}
	word := "a sup"
	if kind == lang.QueryInf {
		word = "an inf"
	}
	if mentionsDeadlock(e) {
		x.errorf(e, "'deadlock' is not a value: the list of %s query takes clocks and integer expressions", word)
		return be, false
	}
	o := x.expr(e)
	switch {
	case o.isBad():
	case o.effect:
		x.errorf(e, "side effects are not allowed in a query")
	case o.t.kind == kGuard || o.t.kind == kNeq:
		x.errorf(e, "'%s' is a clock constraint: the list of %s query takes clocks and integer expressions", exprString(e), word)
	case o.t.kind == kClock && o.lin != nil && o.lin.isPlain():
		be.Clock, be.Ref = true, o.lin.pos
		return be, true
	case o.t.kind == kClock || o.t.kind == kDiff:
		x.errorf(e, "'%s' is a clock expression: the list of %s query takes a clock alone or an integer expression", exprString(e), word)
	case x.number(o):
		be.Expr = o.value()
		return be, true
	}
	return be, false
}

// boundExpr compiles the closures of e in a frame of size slots.
func (b backend) boundExpr(e *BoundExpr, size int32) {
	if e.Clock {
		var fn func(*Env) int32
		e.Index, fn = b.clock(e.Ref)
		e.IndexFn = withFrame(fn, size)
		return
	}
	e.Int = withFrame(b.expr(e.Expr), size)
}

// prop compiles the atoms and clock constraints of p in a frame of size
// slots.
func (b backend) prop(p *Prop, size int32) {
	if p == nil {
		return
	}
	switch p.Op {
	case PropAtom:
		p.Atom = withFrame(b.expr(p.Expr), size)
	case PropClock:
		p.Clock = b.constraint(p.Constraint, size)
	}
	for _, a := range p.Args {
		b.prop(a, size)
	}
}

// prop compiles a state formula.
func (x *cx) prop(e lang.Expr) *Prop {
	switch e := e.(type) {
	case *lang.ParenExpr:
		return x.prop(e.X)
	case *lang.DeadlockLit:
		return &Prop{Op: PropDeadlock}
	case *lang.BoolLit:
		if e.Value {
			return &Prop{Op: PropTrue}
		}
		return &Prop{Op: PropFalse}
	case *lang.UnaryExpr:
		if e.Op == lang.NOT || e.Op == lang.KwNot {
			return not(x.prop(e.X))
		}
	case *lang.BinaryExpr:
		switch e.Op {
		case lang.LAND, lang.KwAnd:
			return x.chainProp(PropAnd, e, lang.LAND, lang.KwAnd)
		case lang.LOR, lang.KwOr:
			return x.chainProp(PropOr, e, lang.LOR, lang.KwOr)
		case lang.KwImply:
			return orProp(not(x.prop(e.X)), x.prop(e.Y))
		}
	case *lang.QuantExpr:
		if e.Op != lang.KwSum && mentions(x.sc, e.Body) {
			return x.quantProp(e)
		}
	}
	if e != nil && mentionsDeadlock(e) {
		x.errorf(e, "'deadlock' may only be combined with and, or, not and imply")
		return &Prop{Op: PropFalse}
	}
	return x.atom(e)
}

// atom compiles a leaf: an integer condition or a clock comparison.
func (x *cx) atom(e lang.Expr) *Prop {
	o := x.expr(e)
	switch {
	case o.isBad():
		return &Prop{Op: PropFalse}
	case o.effect:
		x.errorf(e, "side effects are not allowed in a query")
	case o.t.kind == kGuard:
		p := &Prop{Op: PropAnd}
		for _, cc := range o.guard.cons {
			p.Args = append(p.Args, &Prop{Op: PropClock, Constraint: cc})
		}
		for _, i := range o.guard.ints {
			p.Args = append(p.Args, intProp(i))
		}
		if len(p.Args) == 1 {
			return p.Args[0]
		}
		return p
	case o.t.kind == kNeq:
		return &Prop{Op: PropOr, Args: []*Prop{{Op: PropClock, Constraint: o.guard.cons[0]}, {Op: PropClock, Constraint: o.guard.cons[1]}}}
	case x.number(o):
		return intProp(o)
	}
	return &Prop{Op: PropFalse}
}

func intProp(o *operand) *Prop {
	if o.known {
		if o.val != 0 {
			return &Prop{Op: PropTrue}
		}
		return &Prop{Op: PropFalse}
	}
	return &Prop{Op: PropAtom, Expr: o.code}
}

func not(p *Prop) *Prop {
	switch p.Op {
	case PropTrue:
		return &Prop{Op: PropFalse}
	case PropFalse:
		return &Prop{Op: PropTrue}
	case PropNot:
		return p.Args[0]
	}
	return &Prop{Op: PropNot, Args: []*Prop{p}}
}

// chainProp compiles a chain of one logical operator, a && b && c, which
// parses as (a && b) && c, in one flat And or Or. Joining pair by pair
// would copy the growing list of arguments at every operator, a cost
// quadratic in the length of the chain.
func (x *cx) chainProp(op PropOp, e *lang.BinaryExpr, ops ...lang.Token) *Prop {
	var operands []lang.Expr
	var left lang.Expr = e
	for {
		b, ok := left.(*lang.BinaryExpr)
		if !ok || (b.Op != ops[0] && b.Op != ops[1]) {
			break
		}
		operands = append(operands, b.Y)
		left = b.X
	}
	ps := make([]*Prop, 0, len(operands)+1)
	ps = append(ps, x.prop(left))
	for i := len(operands) - 1; i >= 0; i-- {
		ps = append(ps, x.prop(operands[i]))
	}
	return joinProp(op, ps...)
}

func andProp(a, b *Prop) *Prop { return joinProp(PropAnd, a, b) }
func orProp(a, b *Prop) *Prop  { return joinProp(PropOr, a, b) }

// joinProp builds a flat And/Or of ps, folding true and false.
func joinProp(op PropOp, ps ...*Prop) *Prop {
	unit, zero := PropTrue, PropFalse
	if op == PropOr {
		unit, zero = PropFalse, PropTrue
	}
	p := &Prop{Op: op}
	for _, q := range ps {
		switch {
		case q.Op == zero:
			return &Prop{Op: zero}
		case q.Op == unit:
		case q.Op == op:
			p.Args = append(p.Args, q.Args...)
		default:
			p.Args = append(p.Args, q)
		}
	}
	switch len(p.Args) {
	case 0:
		return &Prop{Op: unit}
	case 1:
		return p.Args[0]
	}
	return p
}

// quantProp expands forall/exists over clocks, deadlock or processes.
func (x *cx) quantProp(e *lang.QuantExpr) *Prop {
	t := x.typeSpec(e.Type)
	lo, hi, ok := x.boundedRange(e.Type, t)
	if !ok {
		return &Prop{Op: PropFalse}
	}
	if int64(hi)-int64(lo) >= maxExpansion {
		x.errorf(e.Type, "range of %s too large to expand", quantName(e.Op))
		return &Prop{Op: PropFalse}
	}
	if !x.spend(e, int64(hi)-int64(lo)+1) {
		return &Prop{Op: PropFalse}
	}
	op := PropAnd
	acc := &Prop{Op: PropTrue}
	if e.Op == lang.KwExists {
		op, acc = PropOr, &Prop{Op: PropFalse}
	}
	vt := t.with(true, false)
	for v := int64(lo); v <= int64(hi); v++ {
		y := x.with(newScope(x.sc))
		y.sc.syms[e.Name.Name] = &symbol{name: e.Name.Name, kind: symQuant, pos: e.Name.Pos(), t: vt, val: int32(v)}
		acc = joinProp(op, acc, y.prop(e.Body))
	}
	return acc
}

// mentions reports whether e refers to clocks, processes or deadlock, so
// that a quantifier over it must be expanded at compile time.
func mentions(sc *scope, e lang.Expr) bool {
	found := false
	inspect(e, func(n lang.Expr) bool {
		switch n := n.(type) {
		case *lang.DeadlockLit:
			found = true
		case *lang.Ident:
			if sym := sc.lookup(n.Name); sym != nil {
				switch sym.kind {
				case symProcess, symProcSet:
					found = true
				case symVar:
					if sym.t.leaf().kind == kClock {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

func mentionsDeadlock(e lang.Expr) bool {
	found := false
	inspect(e, func(n lang.Expr) bool {
		if _, ok := n.(*lang.DeadlockLit); ok {
			found = true
		}
		return !found
	})
	return found
}

// processMember compiles P.name and P(args).name in queries. It returns
// false when e.X does not name a process.
func (x *cx) processMember(e *lang.SelectorExpr) (*operand, bool) {
	var id *lang.Ident
	var args []lang.Expr
	switch p := e.X.(type) {
	case *lang.Ident:
		id = p
	case *lang.CallExpr:
		id, _ = p.Fun.(*lang.Ident)
		args = p.Args
		if id == nil {
			return nil, false
		}
	default:
		return nil, false
	}
	sym := x.sc.lookup(id.Name)
	if sym == nil || (sym.kind != symProcess && sym.kind != symProcSet && sym.kind != symTemplate) {
		return nil, false
	}
	if x.mode != modeQuery {
		x.errorf(e.X, "process references are only allowed in queries")
		return bad(e), true
	}
	switch {
	case sym.kind == symTemplate:
		x.errorf(e.X, "template '%s' has no process of that name in the system", id.Name)
		return bad(e), true
	case sym.kind == symProcess && args == nil:
		return x.member(e, sym.proc), true
	case sym.kind == symProcess:
		x.errorf(e.X, "process '%s' has no parameters to select by", id.Name)
		return bad(e), true
	case args == nil:
		x.errorf(e.X, "'%s' names a template with several processes: write %s(...).%s", id.Name, id.Name, e.Sel.Name)
		return bad(e), true
	}
	return x.setMember(e, sym.set, args), true
}

// member compiles name in process p: a location test, a local variable,
// clock or constant.
func (x *cx) member(e *lang.SelectorExpr, p *Process) *operand {
	if p == nil {
		return bad(e)
	}
	sym, ok := p.scope.syms[e.Sel.Name]
	if !ok {
		x.errorf(e.Sel, "process '%s' has no location or variable '%s'", p.Name, e.Sel.Name)
		return bad(e)
	}
	switch sym.kind {
	case symLocation:
		pi, li := int32(p.Index), sym.loc
		return &operand{t: tBool, node: e, isLoc: true, code: &ir.LocIs{At: at(e), Proc: pi, Loc: li}}
	case symVar:
		return x.object(e, sym.t, sym.addr, false, p.Name+"."+sym.name)
	case symConst:
		if sym.addr != nil {
			return x.object(e, sym.t, sym.addr, false, p.Name+"."+sym.name)
		}
		return known(e, sym.t, sym.val)
	}
	x.errorf(e.Sel, "'%s' in process '%s' is not a location or variable", e.Sel.Name, p.Name)
	return bad(e)
}

// setMember compiles P(args).name: statically when the arguments are
// constants, else by a table lookup over the processes of the set.
func (x *cx) setMember(e *lang.SelectorExpr, set *procSet, args []lang.Expr) *operand {
	if len(args) != len(set.dims) {
		x.errorf(e.X, "'%s' takes %d arguments, got %d", set.name, len(set.dims), len(args))
		return bad(e)
	}
	var ops []*operand
	allKnown := true
	for i, a := range args {
		o := x.expr(a)
		if !x.fits(o, set.dims[i], "parameter "+fmt.Sprint(i+1)+" of "+set.name) {
			return bad(e)
		}
		if o.known && (o.val < set.dims[i].lo || o.val > set.dims[i].hi) {
			x.errorf(a, "process %s(%s) does not exist", set.name, joinArgs(args))
			return bad(e)
		}
		allKnown = allKnown && o.known
		ops = append(ops, o)
	}
	if allKnown {
		k := int32(0)
		for i, o := range ops {
			k = k*(set.dims[i].hi-set.dims[i].lo+1) + o.val - set.dims[i].lo
		}
		return x.member(e, set.procs[k])
	}
	return x.dynamicMember(e, set, ops)
}

func joinArgs(args []lang.Expr) string {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = exprString(a)
	}
	return strings.Join(s, ",")
}

// dynamicMember compiles P(i).name with i known only at run time: the
// member is compiled for every process of the set and chosen by index.
func (x *cx) dynamicMember(e *lang.SelectorExpr, set *procSet, ops []*operand) *operand {
	var members []*operand
	for _, p := range set.procs {
		m := x.member(e, p)
		if m.isBad() {
			return m
		}
		if !m.t.isIntegral() {
			x.errorf(e, "'%s' must be an integer or a location when the process index is not a constant", e.Sel.Name)
			return bad(e)
		}
		members = append(members, m)
	}
	c := &ir.Choose{At: at(e)}
	for _, m := range members {
		c.List = append(c.List, m.value())
	}
	for i, o := range ops {
		c.Index = append(c.Index, o.value())
		c.Dims = append(c.Dims, [2]int32{set.dims[i].lo, set.dims[i].hi})
	}
	return &operand{t: members[0].t, node: e, code: c}
}
