// The abstract network: guards split into conditions, updates into
// effects, synchronisations into channel roles, compiled once per network.

package relax

import (
	"beeline/core/heuristic"
	"beeline/core/ir"
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
	index          int32   // the model edge's index in its process
	conds          []int32 // indices into net.conds
	effects        []effect
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
			ae := a.compileEdge(pi, e)
			out[e.Src] = append(out[e.Src], int32(len(a.edges)))
			a.edges = append(a.edges, ae)
		}
		a.out = append(a.out, out)
	}
	return a
}

// compileEdge abstracts one edge.
func (a *abstractNet) compileEdge(pi int, e *model.Edge) edge {
	t := &heuristic.Translator{Sel: e.Select}
	ae := edge{proc: int32(pi), src: e.Src, dst: e.Dst, index: e.Index, ch: -1}
	if e.Sync != nil {
		ae.sync, ae.send, ae.broadcast, ae.ch = true, e.Sync.Send, e.Sync.Broadcast, e.Sync.Chan
	}
	if e.Guard != nil && e.Guard.Src.Cond != nil {
		for _, g := range ir.Conjuncts(e.Guard.Src.Cond, nil) {
			x := t.Expr(g)
			switch {
			case x.IsConst() && x.Lo == 0:
				ae.dead = true
			case x.IsConst(), x.HasTop():
				// true, or not followed (function calls, meta variables)
			default:
				ae.conds = append(ae.conds, a.addCond(x))
			}
		}
	}
	if e.Assign != nil {
		for _, u := range e.Assign.List {
			a.compileUpdate(t, &ae, u)
		}
	}
	return ae
}

// addCond registers a condition and returns its index.
func (a *abstractNet) addCond(x *heuristic.Expr) int32 {
	a.conds = append(a.conds, cond{e: x, slots: x.Slots(nil), procs: x.Procs(nil)})
	return int32(len(a.conds) - 1)
}

// compileUpdate adds the effects of one update expression. What it does
// not follow (a function call, an assignment nested in another) makes
// every state slot it may write "any value", as the dependency table
// says.
func (a *abstractNet) compileUpdate(t *heuristic.Translator, ae *edge, u ir.Expr) {
	switch x := u.(type) {
	case *ir.Seq:
		for _, y := range x.List {
			a.compileUpdate(t, ae, y)
		}
		return
	case *ir.Assign:
		if !hasEffect(x.X) && (x.Dst.Index == nil || !hasEffect(x.Dst.Index)) {
			a.assign(ae, t.Expr(&ir.Load{Ref: x.Dst}), x.Op, t.Expr(x.X))
			return
		}
	case *ir.IncDec:
		if x.Dst.Index == nil || !hasEffect(x.Dst.Index) {
			op := ir.Add
			if x.Delta < 0 {
				op = ir.Sub
			}
			a.assign(ae, t.Expr(&ir.Load{Ref: x.Dst}), op, heuristic.Const(1))
			return
		}
	case *ir.ClockSet, *ir.Const:
		if !hasEffect(u) {
			return
		}
	}
	a.anyValue(ae, ir.ExprDeps(u).WriteVars)
}

// anyValue adds effects that may set each of the slots to any value.
func (a *abstractNet) anyValue(ae *edge, slots []int32) {
	for _, s := range slots {
		ae.effects = append(ae.effects, effect{lo: s, hi: s, rhs: &heuristic.Expr{Op: heuristic.OpTop}})
	}
}

// assign adds the effect target op= rhs (op is ir.Nop for a plain
// assignment). Writes to meta variables and frame slots are not followed
// (they are not in the state vector, and a read of one is "any value").
func (a *abstractNet) assign(ae *edge, target *heuristic.Expr, op ir.Op, rhs *heuristic.Expr) {
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
	if op != ir.Nop {
		ef.rhs = &heuristic.Expr{Op: heuristic.OpBinary, Fn: op, Args: []*heuristic.Expr{target, rhs}}
	}
	if target.Op == heuristic.OpVar {
		ef.step = stepOf(ef.rhs, lo)
	}
	ae.effects = append(ae.effects, ef)
}

// stepOf recognises v + 1, 1 + v and v - 1 for slot v: +1 or -1, else 0.
func stepOf(e *heuristic.Expr, v int32) int32 {
	if e.Op != heuristic.OpBinary || (e.Fn != ir.Add && e.Fn != ir.Sub) {
		return 0
	}
	x, y := e.Args[0], e.Args[1]
	isV := func(a *heuristic.Expr) bool { return a.Op == heuristic.OpVar && a.Lo == v }
	isOne := func(a *heuristic.Expr) bool { return a.IsConst() && a.Lo == 1 }
	switch {
	case isV(x) && isOne(y) && e.Fn == ir.Add, isOne(x) && isV(y) && e.Fn == ir.Add:
		return 1
	case isV(x) && isOne(y):
		return -1
	}
	return 0
}

// hasEffect reports whether evaluating e may write state or call a
// function.
func hasEffect(e ir.Expr) bool {
	d := ir.ExprDeps(e)
	return len(d.WriteVars) > 0 || len(d.WriteMeta) > 0 || len(d.Resets) > 0 || len(d.Calls) > 0
}
