// The abstract network: guards split into conditions, updates into
// effects, synchronisations into channel roles, compiled once per network.

package relax

import (
	"beeline/core/heuristic"
	"beeline/core/lang"
	"beeline/core/model"
)

// cond is one condition: a conjunct of a guard or of the target, with the
// slots and processes it reads (for the incremental re-evaluation).
type cond struct {
	e     *heuristic.Expr
	slots []int32
	procs []int32
}

// effect is one assignment of an update.
type effect struct {
	lo, hi int32           // the slots that may be written (an array element: the whole array)
	rhs    *heuristic.Expr // the value
	step   int32           // +1 or -1 for v := v ± 1 (the interval shortcut), else 0
}

// edge is the abstraction of one model edge.
type edge struct {
	proc, src, dst int32
	conds          []int32 // indices into net.conds
	effects        []effect
	havoc          bool  // calls a function in its update: it may write any variable
	dead           bool  // its guard is constantly false
	ch             int32 // channel, -1 when computed at run time; unused when !sync
	sync, send     bool
	broadcast      bool
}

// abstractNet is the network as the ATG sees it.
type abstractNet struct {
	net   *model.Network
	edges []edge
	conds []cond
	out   [][][]int32 // out[p][l]: indices into edges of the edges leaving l
	lo    []int64     // domain of each slot
	hi    []int64
	nch   int
}

// compileNet builds the abstract network of n.
func compileNet(n *model.Network) *abstractNet {
	a := &abstractNet{net: n, nch: len(n.Channels)}
	for _, v := range n.Vars {
		a.lo = append(a.lo, int64(v.Lo))
		a.hi = append(a.hi, int64(v.Hi))
	}
	for pi, p := range n.Processes {
		out := make([][]int32, len(p.Locations))
		for _, e := range p.Edges {
			c := &heuristic.Compiler{Net: n, Resolve: func(name string) model.Ref { return n.Lookup(pi, int(e.Index), name) }}
			ae := a.compileEdge(c, pi, e)
			out[e.Src] = append(out[e.Src], int32(len(a.edges)))
			a.edges = append(a.edges, ae)
		}
		a.out = append(a.out, out)
	}
	return a
}

// compileEdge abstracts one edge.
func (a *abstractNet) compileEdge(c *heuristic.Compiler, pi int, e *model.Edge) edge {
	ae := edge{proc: int32(pi), src: e.Src, dst: e.Dst, ch: -1}
	if e.Sync != nil {
		ae.sync, ae.send, ae.broadcast, ae.ch = true, e.Sync.Send, e.Sync.Broadcast, e.Sync.Chan
	}
	for _, g := range conjuncts(e.GuardExpr, nil) {
		x := c.Compile(g)
		switch {
		case x.IsConst() && x.Lo == 0:
			ae.dead = true
		case x.IsConst(), x.HasTop():
			// true, or not followed (clock constraints, function calls)
		default:
			ae.conds = append(ae.conds, a.addCond(x))
		}
	}
	for _, u := range e.UpdateExprs {
		a.compileUpdate(c, &ae, u)
	}
	return ae
}

// addCond registers a condition and returns its index.
func (a *abstractNet) addCond(x *heuristic.Expr) int32 {
	a.conds = append(a.conds, cond{e: x, slots: x.Slots(nil), procs: x.Procs(nil)})
	return int32(len(a.conds) - 1)
}

// conjuncts splits e at its top-level conjunctions.
func conjuncts(e lang.Expr, dst []lang.Expr) []lang.Expr {
	switch x := e.(type) {
	case nil:
		return dst
	case *lang.ParenExpr:
		return conjuncts(x.X, dst)
	case *lang.BinaryExpr:
		if x.Op == lang.LAND || x.Op == lang.KwAnd {
			return conjuncts(x.Y, conjuncts(x.X, dst))
		}
	}
	return append(dst, e)
}

// compileUpdate adds the effects of one update expression.
func (a *abstractNet) compileUpdate(c *heuristic.Compiler, ae *edge, u lang.Expr) {
	if hasCall(u) {
		ae.havoc = true
		return
	}
	switch x := u.(type) {
	case *lang.ParenExpr:
		a.compileUpdate(c, ae, x.X)
	case *lang.CommaExpr:
		for _, y := range x.List {
			a.compileUpdate(c, ae, y)
		}
	case *lang.AssignExpr:
		if hasSideEffect(x.X) || hasSideEffect(x.Y) {
			ae.havoc = true // a = (b = 1), a[i++] = 0: not followed
			return
		}
		a.assign(c, ae, x.X, x.Op, c.Compile(x.Y))
	case *lang.PostfixExpr:
		a.assign(c, ae, x.X, stepOp(x.Op), heuristic.Const(1))
	case *lang.UnaryExpr:
		if x.Op == lang.INC || x.Op == lang.DEC {
			a.assign(c, ae, x.X, stepOp(x.Op), heuristic.Const(1))
		}
	}
}

func stepOp(t lang.Token) lang.Token {
	if t == lang.INC {
		return lang.ADDEQ
	}
	return lang.SUBEQ
}

// compoundOps maps compound assignments to their operators.
var compoundOps = map[lang.Token]lang.Token{
	lang.ADDEQ: lang.ADD, lang.SUBEQ: lang.SUB, lang.MULEQ: lang.MUL, lang.QUOEQ: lang.QUO,
	lang.REMEQ: lang.REM, lang.ANDEQ: lang.AND, lang.OREQ: lang.OR, lang.XOREQ: lang.XOR,
	lang.SHLEQ: lang.SHL, lang.SHREQ: lang.SHR,
}

// assign adds the effect lhs op= rhs. Writes to clocks and meta variables
// are not followed (they are not in the state vector, and a read of a meta
// variable is "any value").
func (a *abstractNet) assign(c *heuristic.Compiler, ae *edge, lhs lang.Expr, op lang.Token, rhs *heuristic.Expr) {
	target := c.Compile(lhs)
	var lo, hi int32
	switch target.Op {
	case heuristic.OpVar:
		lo, hi = target.Lo, target.Lo
	case heuristic.OpAny:
		lo, hi = target.Lo, target.Hi
	default:
		return
	}
	ef := effect{lo: lo, hi: hi, rhs: rhs}
	if bop, ok := compoundOps[op]; ok {
		ef.rhs = &heuristic.Expr{Op: heuristic.OpBinary, Tok: bop, Args: []*heuristic.Expr{target, rhs}}
	}
	if target.Op == heuristic.OpVar {
		ef.step = stepOf(ef.rhs, lo)
	}
	ae.effects = append(ae.effects, ef)
}

// stepOf recognises v + 1, 1 + v and v - 1 for slot v: +1 or -1, else 0.
func stepOf(e *heuristic.Expr, v int32) int32 {
	if e.Op != heuristic.OpBinary || (e.Tok != lang.ADD && e.Tok != lang.SUB) {
		return 0
	}
	x, y := e.Args[0], e.Args[1]
	isV := func(a *heuristic.Expr) bool { return a.Op == heuristic.OpVar && a.Lo == v }
	isOne := func(a *heuristic.Expr) bool { return a.IsConst() && a.Lo == 1 }
	switch {
	case isV(x) && isOne(y) && e.Tok == lang.ADD, isOne(x) && isV(y) && e.Tok == lang.ADD:
		return 1
	case isV(x) && isOne(y):
		return -1
	}
	return 0
}

// hasCall reports whether e calls a function.
func hasCall(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.CallExpr:
		return true
	case *lang.ParenExpr:
		return hasCall(x.X)
	case *lang.IndexExpr:
		return hasCall(x.X) || hasCall(x.Index)
	case *lang.SelectorExpr:
		return hasCall(x.X)
	case *lang.UnaryExpr:
		return hasCall(x.X)
	case *lang.PostfixExpr:
		return hasCall(x.X)
	case *lang.BinaryExpr:
		return hasCall(x.X) || hasCall(x.Y)
	case *lang.AssignExpr:
		return hasCall(x.X) || hasCall(x.Y)
	case *lang.CondExpr:
		return hasCall(x.Cond) || hasCall(x.X) || hasCall(x.Y)
	case *lang.CommaExpr:
		for _, y := range x.List {
			if hasCall(y) {
				return true
			}
		}
	case *lang.QuantExpr:
		return hasCall(x.Body)
	}
	return false
}

// hasSideEffect reports whether e assigns, increments or decrements.
func hasSideEffect(e lang.Expr) bool {
	switch x := e.(type) {
	case *lang.AssignExpr:
		return true
	case *lang.PostfixExpr:
		return x.Op != lang.PRIME
	case *lang.UnaryExpr:
		return x.Op == lang.INC || x.Op == lang.DEC || hasSideEffect(x.X)
	case *lang.ParenExpr:
		return hasSideEffect(x.X)
	case *lang.IndexExpr:
		return hasSideEffect(x.X) || hasSideEffect(x.Index)
	case *lang.SelectorExpr:
		return hasSideEffect(x.X)
	case *lang.BinaryExpr:
		return hasSideEffect(x.X) || hasSideEffect(x.Y)
	case *lang.CondExpr:
		return hasSideEffect(x.Cond) || hasSideEffect(x.X) || hasSideEffect(x.Y)
	}
	return false
}
