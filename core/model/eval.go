// The reference interpreter: a direct walk over the resolved form (package
// core/ir), kept beside the compiled closures of closure.go and
// closure_stmt.go, which eval_test.go checks against it.
//
// The closures are fast because they are specialised: constants folded
// into comparisons, static variables read without a space switch, the
// common a[i] checked and read in one closure. Each specialisation is a
// chance to get a corner wrong, and a wrong guard or update changes
// verdicts silently. This interpreter has one case per node kind and no
// specialisation: every object is reached through its encoded address
// (ir.Encode) and Env.load/Env.store, every operator through ir.Apply.
// It is slower (a type switch per node and per evaluation), which is why
// the engine does not run it.
//
// Up to and including the first run-time error it does what the closures
// do, in the same order: the same value, the same writes to Vars, Meta
// and the stack, the same Resets, the same Env.Err (message and
// position). It keeps the frames on Env's stack exactly as the closures
// do (label frames as withFrame pushes them, function frames as call
// pushes them), so encoded addresses of locals agree too. After the
// first error the values and writes are unspecified, as they are for the
// closures (the engine makes the path an error path and discards them):
// here a failing node yields 0 and a block stops.

package model

import (
	"beeline/core/ir"
	"beeline/core/source"
)

// interp evaluates ir trees over an Env. It embeds the Env so that the
// code reads like the closures': in.Vars, in.fp, in.load(a). fn is the
// function whose body it runs ("" for a label), which the sites of loops
// name as the closures' do.
type interp struct {
	*Env
	fn string
}

// Eval evaluates e over env in env's current frame and returns its value.
// It is the reference for the compiled closures; see this file's header.
// Errors are recorded in env.Err as the closures record them.
func (n *Network) Eval(e ir.Expr, env *Env) int32 { return interp{Env: env}.expr(e) }

// EvalLabel evaluates e in a new label frame of size slots (quantifier
// variables), as the closures of guards, invariants and query atoms do:
// size is ir.Guard.Frame, Sync.Frame or Formula.Frame.
func (n *Network) EvalLabel(e ir.Expr, size int32, env *Env) int32 {
	in := interp{Env: env}
	var v int32
	in.inFrame(size, func() { v = in.expr(e) })
	return v
}

// EvalGuard evaluates a guard or invariant: cond is the integer part (1
// when it has none, else nonzero when it holds) and clocks are its clock
// constraints with I, J and Bound evaluated (the *Fn fields nil). The
// parts are evaluated in order, the condition first, as Guard.Int and then
// each ClockConstraint's Index and Value would be. A nil g is true.
func (n *Network) EvalGuard(g *ir.Guard, env *Env) (cond int32, clocks []ClockConstraint) {
	if g == nil {
		return 1, nil
	}
	cond = 1
	if g.Cond != nil {
		cond = n.EvalLabel(g.Cond, g.Frame, env)
	}
	for _, c := range g.Clocks {
		i, j, b := n.EvalConstraint(c, g.Frame, env)
		clocks = append(clocks, ClockConstraint{I: i, J: j, Strict: c.Strict, Bound: b})
	}
	return cond, clocks
}

// EvalConstraint evaluates the clock indices and the bound of c, each in
// a label frame of size slots, in the order I, J, Bound. A nil I or J is
// the reference clock 0.
func (n *Network) EvalConstraint(c ir.Constraint, size int32, env *Env) (i, j, bound int32) {
	in := interp{Env: env}
	in.inFrame(size, func() { i = in.object(c.I) })
	in.inFrame(size, func() { j = in.object(c.J) })
	in.inFrame(size, func() { bound = in.expr(c.Bound) })
	return i, j, bound
}

// EvalObject returns the index of the clock or channel r denotes,
// evaluated in a label frame of size slots: the reference for
// Sync.ChanFn (with Sync.Src and Sync.Frame). A nil r is clock 0.
func (n *Network) EvalObject(r *ir.Ref, size int32, env *Env) int32 {
	in := interp{Env: env}
	var k int32
	in.inFrame(size, func() { k = in.object(r) })
	return k
}

// EvalUpdate runs the assignments of an edge left to right in a label
// frame of u.Frame slots, stopping after the first error: the reference
// for Edge.Update (with Edge.Assign). A nil u does nothing.
func (n *Network) EvalUpdate(u *ir.Update, env *Env) {
	if u == nil {
		return
	}
	in := interp{Env: env}
	in.inFrame(u.Frame, func() {
		for _, x := range u.List {
			in.expr(x)
			if in.Err != nil {
				return
			}
		}
	})
}

// inFrame runs f in a new frame of size slots on top of the stack, as
// withFrame does; a frame of no slots is not pushed at all, which keeps fp
// where withFrame leaves it.
func (in interp) inFrame(size int32, f func()) {
	if size == 0 {
		f()
		return
	}
	fp, sp := in.fp, in.sp
	need := sp + size
	if int(need) > len(in.stack) {
		in.grow(need)
	}
	in.fp, in.sp = sp, need
	f()
	in.fp, in.sp = fp, sp
}

// expr evaluates an expression: one case per node kind.
func (in interp) expr(e ir.Expr) int32 {
	switch e := e.(type) {
	case *ir.Const:
		return e.V
	case *ir.Load:
		return in.load(in.addr(e.Ref))
	case *ir.Unary:
		v, msg := ir.ApplyUnary(e.Op, in.expr(e.X))
		if msg != "" {
			in.fail(e.P, "%s", msg)
		}
		return v
	case *ir.Binary:
		return in.binary(e)
	case *ir.Cond:
		if in.expr(e.C) != 0 {
			return in.expr(e.X)
		}
		return in.expr(e.Y)
	case *ir.Offset:
		return in.offset(e)
	case *ir.Assign:
		return in.assign(e)
	case *ir.IncDec:
		return in.incDec(e)
	case *ir.ClockSet:
		return in.clockSet(e)
	case *ir.Copy:
		in.copyObject(e)
		return 0
	case *ir.Equal:
		return in.equal(e)
	case *ir.Seq:
		return in.seq(e)
	case *ir.Quant:
		return in.quant(e)
	case *ir.LocIs:
		return ir.B2I(in.Locs[e.Proc] == e.Loc)
	case *ir.Choose:
		return in.choose(e)
	case *ir.Call:
		return in.call(e)
	}
	panic("model: unknown ir expression")
}

// binary evaluates X op Y: the logical operators short-circuit, the
// others evaluate X, then Y, and ask the one table.
func (in interp) binary(e *ir.Binary) int32 {
	switch e.Op {
	case ir.LAnd:
		return ir.B2I(in.expr(e.X) != 0 && in.expr(e.Y) != 0)
	case ir.LOr:
		return ir.B2I(in.expr(e.X) != 0 || in.expr(e.Y) != 0)
	case ir.Imply:
		return ir.B2I(in.expr(e.X) == 0 || in.expr(e.Y) != 0)
	}
	x := in.expr(e.X)
	y := in.expr(e.Y)
	v, msg := ir.Apply(e.Op, x, y)
	if msg != "" {
		in.fail(e.P, "%s", msg)
		return 0
	}
	return v
}

// offset checks an array subscript and yields the slots it skips.
func (in interp) offset(e *ir.Offset) int32 {
	i := in.expr(e.X)
	if i < e.Lo || i > e.Hi {
		in.fail(e.P, "%s", ir.IndexError(i, e.Lo, e.Hi))
		return 0
	}
	return (i - e.Lo) * e.Stride
}

// addr returns the encoded absolute address of the object r denotes. A
// reference parameter's frame slot already holds an encoded address; a
// local's offset is relative to the frame pointer.
func (in interp) addr(r *ir.Ref) int32 {
	var ix int32
	if r.Index != nil {
		ix = in.expr(r.Index)
	}
	switch {
	case r.Param:
		return in.stack[in.fp+r.Off] + ix
	case r.Space == ir.Local:
		return ir.Encode(ir.Local, in.fp+r.Off+ix)
	}
	return ir.Encode(r.Space, r.Off+ix)
}

// object returns the index of the clock or channel r denotes (0 for nil:
// the reference clock).
func (in interp) object(r *ir.Ref) int32 {
	if r == nil {
		return 0
	}
	_, k := ir.Decode(in.addr(r))
	return k
}

// inRange reports whether v fits the type of r, recording a range error
// at pos when it does not.
func (in interp) inRange(v int32, r *ir.Ref, pos source.Pos) bool {
	if v < r.Lo || v > r.Hi {
		in.fail(pos, "%s", ir.RangeError(r.Name, v, r.Lo, r.Hi))
		return false
	}
	return true
}

// assign evaluates Dst = X and Dst op= X.
func (in interp) assign(e *ir.Assign) int32 {
	if e.Op != ir.Nop {
		return in.compound(e)
	}
	v := in.expr(e.X)
	if e.Dst.Param {
		// The closures check the range before they compute a reference
		// parameter's address (writer), so a range error wins over an
		// index error there; elsewhere the index is computed first.
		if !in.inRange(v, e.Dst, e.P) {
			return 0
		}
		in.store(in.addr(e.Dst), v)
		return v
	}
	a := in.addr(e.Dst)
	if !in.inRange(v, e.Dst, e.P) {
		return 0
	}
	in.store(a, v)
	return v
}

// compound evaluates Dst op= X: the address first, then the old value,
// then X.
func (in interp) compound(e *ir.Assign) int32 {
	a := in.addr(e.Dst)
	old := in.load(a)
	v, msg := ir.Apply(e.Op, old, in.expr(e.X))
	if msg != "" {
		in.fail(e.P, "%s", msg)
		return 0
	}
	if !in.inRange(v, e.Dst, e.P) {
		return 0
	}
	in.store(a, v)
	return v
}

// incDec evaluates ++ and --: the new value, or the old one for Post.
func (in interp) incDec(e *ir.IncDec) int32 {
	a := in.addr(e.Dst)
	old := in.load(a)
	v, msg := ir.Apply(ir.Add, old, e.Delta)
	if msg != "" {
		in.fail(e.P, "%s", msg)
		return 0
	}
	if !in.inRange(v, e.Dst, e.P) {
		return 0
	}
	in.store(a, v)
	if e.Post {
		return old
	}
	return v
}

// clockSet records a clock assignment after checking the value; the
// clock's index is computed only then.
func (in interp) clockSet(e *ir.ClockSet) int32 {
	v := in.expr(e.X)
	if v < 0 {
		in.fail(e.P, "%s", ir.ClockError(v))
		return 0
	}
	in.Resets = append(in.Resets, ClockReset{Clock: in.object(e.Clock), Value: v})
	return v
}

// copyObject assigns an array or struct slot by slot, stopping at the
// first slot out of its destination's range; like equal, it is a
// construct whose work is its slots, counted first.
func (in interp) copyObject(e *ir.Copy) {
	in.enter()
	defer in.leave(&loopSite{pos: e.P, fn: in.fn})
	if in.Err != nil || !in.countN(e.P, ir.CopyRounds(int32(len(e.Ranges)))) {
		return
	}
	d := in.addr(e.Dst)
	s := in.addr(e.Src)
	for i, r := range e.Ranges {
		v := in.load(s + int32(i))
		if v < r[0] || v > r[1] {
			in.fail(e.P, "%s", ir.RangeError(e.Dst.Name, v, r[0], r[1]))
			return
		}
		in.store(d+int32(i), v)
	}
}

// equal compares two arrays or structs slot by slot.
func (in interp) equal(e *ir.Equal) int32 {
	in.enter()
	defer in.leave(&loopSite{pos: e.P, fn: in.fn})
	if in.Err != nil || !in.countN(e.P, ir.CopyRounds(e.N)) {
		return 0
	}
	x := in.addr(e.X)
	y := in.addr(e.Y)
	same := true
	for i := int32(0); i < e.N && same; i++ {
		same = in.load(x+i) == in.load(y+i)
	}
	return ir.B2I(same != e.Neq)
}

// seq evaluates a comma expression.
func (in interp) seq(e *ir.Seq) int32 {
	var v int32
	for _, x := range e.List {
		v = in.expr(x)
	}
	return v
}

// quant evaluates forall (stopping at the first false body), exists
// (stopping at the first true one) and sum (an overflow is an error at
// the quantifier), with the bound variable in its frame slot; an error
// ends it, and each round counts towards the
// computation's work as a loop's does.
func (in interp) quant(e *ir.Quant) int32 {
	in.enter()
	defer in.leave(&loopSite{pos: e.P, fn: in.fn})
	var sum int32
	for v := int64(e.Lo); v <= int64(e.Hi); v++ {
		if !in.count(e.Body.Pos()) {
			return 0
		}
		in.stack[in.fp+e.Slot] = int32(v)
		b := in.expr(e.Body)
		switch {
		case in.Err != nil:
			return 0
		case e.Op == ir.LAnd && b == 0:
			return 0
		case e.Op == ir.LOr && b != 0:
			return 1
		}
		var msg string
		if sum, msg = ir.Apply(ir.Add, sum, b); msg != "" {
			in.fail(e.P, "%s", msg)
			return 0
		}
	}
	switch e.Op {
	case ir.LAnd:
		return 1
	case ir.LOr:
		return 0
	}
	return sum
}

// choose evaluates P(i, j).name: the indices in order, each checked, then
// the member they select.
func (in interp) choose(e *ir.Choose) int32 {
	k := int32(0)
	for i, x := range e.Index {
		v := in.expr(x)
		lo, hi := e.Dims[i][0], e.Dims[i][1]
		if v < lo || v > hi {
			in.fail(e.P, "%s", ir.ProcessError(v, lo, hi))
			return 0
		}
		k = k*(hi-lo+1) + v - lo
	}
	return in.expr(e.List[k])
}
