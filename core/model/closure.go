// The back end: the resolved form compiled into the closures the engine
// runs, specialised for the shapes that dominate guards and updates.

package model

import (
	"math"

	"beeline/core/ir"
	"beeline/core/source"
)

// backend compiles ir nodes into closures over an Env. Calls find the
// compiled body of their function in net.bodies.
type backend struct{ net *Network }

// expr compiles an integer expression.
func (b backend) expr(e ir.Expr) func(*Env) int32 {
	switch e := e.(type) {
	case *ir.Const:
		v := e.V
		return func(*Env) int32 { return v }
	case *ir.Load:
		return b.reader(e.Ref)
	case *ir.Unary:
		return b.unary(e)
	case *ir.Binary:
		return b.binary(e)
	case *ir.Cond:
		return b.cond(e)
	case *ir.Offset:
		return b.offset(e)
	case *ir.Assign:
		if e.Op == ir.Nop {
			return b.store(e)
		}
		return b.update(e)
	case *ir.IncDec:
		return b.incDec(e)
	case *ir.ClockSet:
		return b.clockSet(e)
	case *ir.Copy:
		cp := b.copier(e)
		return func(en *Env) int32 { cp(en); return 0 }
	case *ir.Equal:
		return b.equal(e)
	case *ir.Seq:
		return b.seq(e)
	case *ir.Quant:
		return b.quant(e)
	case *ir.LocIs:
		pi, li := e.Proc, e.Loc
		return func(en *Env) int32 { return b2i(en.Locs[pi] == li) }
	case *ir.Choose:
		return b.choose(e)
	case *ir.Call:
		return b.call(e)
	}
	panic("model: unknown ir expression")
}

// unary compiles -x, !x and abs(x).
func (b backend) unary(e *ir.Unary) func(*Env) int32 {
	f := b.expr(e.X)
	if e.Op == ir.Not {
		return func(en *Env) int32 { return b2i(f(en) == 0) }
	}
	op, pos := e.Op, e.P
	return func(en *Env) int32 {
		v := f(en)
		switch {
		case v == math.MinInt32: // -v does not fit
			en.fail(pos, "%s", ir.UnaryOverflowError(op, v))
			return 0
		case v < 0 || op == ir.Neg:
			return -v
		}
		return v
	}
}

// binary compiles X op Y, with the common shapes specialised: a state
// variable or any expression compared with a constant, x ± k, and
// short-circuit operators with a constant side.
func (b backend) binary(e *ir.Binary) func(*Env) int32 {
	switch e.Op {
	case ir.LAnd:
		return b.and(e.X, e.Y)
	case ir.LOr:
		return b.or(e.X, e.Y)
	case ir.Imply:
		l, r := b.expr(e.X), b.expr(e.Y)
		return func(en *Env) int32 { return b2i(l(en) == 0 || r(en) != 0) }
	}
	if k, ok := e.Y.(*ir.Const); ok {
		if _, lk := e.X.(*ir.Const); !lk {
			if f := b.withConst(e.Op, e.X, k.V, e.P); f != nil {
				return f
			}
		}
	}
	return arith(e.Op, b.expr(e.X), b.expr(e.Y), e.P)
}

// withConst specialises X op k, or returns nil.
func (b backend) withConst(op ir.Op, x ir.Expr, k int32, pos source.Pos) func(*Env) int32 {
	if op.IsComparison() {
		if l, ok := x.(*ir.Load); ok && l.Ref.Space == ir.Var && l.Ref.Static() {
			return compareVarConst(op, l.Ref.Off, k)
		}
		return compareConst(op, b.expr(x), k)
	}
	switch op {
	case ir.Add, ir.Sub:
		return addConst(op, b.expr(x), k, pos)
	}
	return nil
}

// and and or short-circuit, with constant sides folded away.
func (b backend) and(x, y ir.Expr) func(*Env) int32 {
	kx, xk := x.(*ir.Const)
	ky, yk := y.(*ir.Const)
	switch {
	case xk && kx.V == 0:
		return func(*Env) int32 { return 0 }
	case xk:
		g := b.expr(y)
		return func(e *Env) int32 { return b2i(g(e) != 0) }
	case yk && ky.V != 0:
		f := b.expr(x)
		return func(e *Env) int32 { return b2i(f(e) != 0) }
	}
	f, g := b.expr(x), b.expr(y)
	return func(e *Env) int32 {
		if f(e) == 0 {
			return 0
		}
		return b2i(g(e) != 0)
	}
}

func (b backend) or(x, y ir.Expr) func(*Env) int32 {
	kx, xk := x.(*ir.Const)
	switch {
	case xk && kx.V != 0:
		return func(*Env) int32 { return 1 }
	case xk:
		g := b.expr(y)
		return func(e *Env) int32 { return b2i(g(e) != 0) }
	}
	f, g := b.expr(x), b.expr(y)
	return func(e *Env) int32 {
		if f(e) != 0 {
			return 1
		}
		return b2i(g(e) != 0)
	}
}

func (b backend) cond(e *ir.Cond) func(*Env) int32 {
	c, x, y := b.expr(e.C), b.expr(e.X), b.expr(e.Y)
	return func(en *Env) int32 {
		if c(en) != 0 {
			return x(en)
		}
		return y(en)
	}
}

// offset compiles an array subscript check.
func (b backend) offset(e *ir.Offset) func(*Env) int32 {
	f, lo, hi, stride, pos := b.expr(e.X), e.Lo, e.Hi, e.Stride, e.P
	return func(en *Env) int32 {
		i := f(en)
		if i < lo || i > hi {
			en.fail(pos, "%s", ir.IndexError(i, lo, hi))
			return 0
		}
		return (i - lo) * stride
	}
}

// location compiles a Ref: its static offset when dyn is nil, else a
// closure computing the offset within its space or, for a reference
// parameter, the encoded absolute address.
func (b backend) location(r *ir.Ref) (int32, func(*Env) int32) {
	if r.Param {
		slot := r.Off
		if r.Index == nil {
			return 0, func(e *Env) int32 { return e.stack[e.fp+slot] }
		}
		ix := b.expr(r.Index)
		return 0, func(e *Env) int32 { return e.stack[e.fp+slot] + ix(e) }
	}
	if r.Index == nil {
		return r.Off, nil
	}
	off := r.Off
	// The most common subscript, a[i] on a static array of integers
	// indexed from 0: one closure instead of three.
	if o, ok := r.Index.(*ir.Offset); ok && o.Stride == 1 && o.Lo == 0 {
		f, hi, pos := b.expr(o.X), o.Hi, o.P
		return 0, func(en *Env) int32 {
			i := f(en)
			if i < 0 || i > hi {
				en.fail(pos, "%s", ir.IndexError(i, 0, hi))
				return off
			}
			return off + i
		}
	}
	ix := b.expr(r.Index)
	return 0, func(en *Env) int32 { return off + ix(en) }
}

// clock compiles a clock Ref: a constant index or a closure.
func (b backend) clock(r *ir.Ref) (int32, func(*Env) int32) {
	if r == nil {
		return 0, nil
	}
	off, dyn := b.location(r)
	if dyn != nil && r.Param {
		f := dyn
		dyn = func(e *Env) int32 { return f(e) & ir.AddrMask }
	}
	return off, dyn
}

// encoder returns a closure computing the encoded absolute address of r
// (used to pass references to functions).
func (b backend) encoder(r *ir.Ref) func(*Env) int32 {
	sp := r.Space
	off, dyn := b.location(r)
	switch {
	case r.Param:
		return dyn
	case dyn == nil && sp == ir.Local:
		return func(e *Env) int32 { return ir.Encode(ir.Local, e.fp+off) }
	case dyn == nil:
		v := ir.Encode(sp, off)
		return func(*Env) int32 { return v }
	case sp == ir.Local:
		return func(e *Env) int32 { return ir.Encode(ir.Local, e.fp+dyn(e)) }
	}
	return func(e *Env) int32 { return ir.Encode(sp, dyn(e)) }
}

// reader returns a closure reading the data slot r denotes.
func (b backend) reader(r *ir.Ref) func(*Env) int32 {
	k, f := b.location(r)
	if r.Param {
		return func(e *Env) int32 { return e.load(f(e)) }
	}
	if f == nil {
		switch r.Space {
		case ir.Var:
			return func(e *Env) int32 { return e.Vars[k] }
		case ir.Meta:
			return func(e *Env) int32 { return e.Meta[k] }
		case ir.Local:
			return func(e *Env) int32 { return e.stack[e.fp+k] }
		case ir.Sel:
			return func(e *Env) int32 { return e.Sel[k] }
		case ir.Pool:
			v := b.net.consts[k]
			return func(*Env) int32 { return v }
		}
		return func(*Env) int32 { return k }
	}
	switch r.Space {
	case ir.Var:
		return func(e *Env) int32 { return e.Vars[f(e)] }
	case ir.Meta:
		return func(e *Env) int32 { return e.Meta[f(e)] }
	case ir.Local:
		return func(e *Env) int32 { return e.stack[e.fp+f(e)] }
	case ir.Sel:
		return func(e *Env) int32 { return e.Sel[f(e)] }
	case ir.Pool:
		return func(e *Env) int32 { return e.consts[f(e)] }
	}
	return f
}

// rangeCheck describes the target of a write for range errors.
type rangeCheck struct {
	lo, hi int32
	name   string
	pos    source.Pos
}

func (r *rangeCheck) fail(e *Env, v int32) {
	e.fail(r.pos, "%s", ir.RangeError(r.name, v, r.lo, r.hi))
}

func checkOf(r *ir.Ref, pos source.Pos) *rangeCheck {
	return &rangeCheck{lo: r.Lo, hi: r.Hi, name: r.Name, pos: pos}
}

// writer returns a closure that range-checks v and stores it at r. On a
// range error it records the error and stores nothing.
func (b backend) writer(r *ir.Ref, rc *rangeCheck) func(*Env, int32) {
	lo, hi, sp := rc.lo, rc.hi, r.Space
	k, f := b.location(r)
	switch {
	case sp != ir.Var && sp != ir.Meta && sp != ir.Local && !r.Param:
		return func(*Env, int32) {}
	case r.Param:
		return func(e *Env, v int32) {
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.store(f(e), v)
		}
	case f == nil:
		return func(e *Env, v int32) {
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.put(sp, k, v)
		}
	}
	return func(e *Env, v int32) {
		i := f(e)
		if v < lo || v > hi {
			rc.fail(e, v)
			return
		}
		e.put(sp, i, v)
	}
}

// put writes slot i (relative to the frame for Local) of the data space
// sp.
func (e *Env) put(sp ir.Space, i, v int32) {
	switch sp {
	case ir.Var:
		e.Vars[i] = v
	case ir.Meta:
		e.Meta[i] = v
	case ir.Local:
		e.stack[e.fp+i] = v
	}
}

// store compiles Dst = X.
func (b backend) store(e *ir.Assign) func(*Env) int32 {
	rc := checkOf(e.Dst, e.P)
	lo, hi := rc.lo, rc.hi
	if a := e.Dst; a.Space == ir.Var && a.Static() {
		k := a.Off
		if c, ok := e.X.(*ir.Const); ok {
			v := c.V
			if v < lo || v > hi {
				return func(en *Env) int32 { rc.fail(en, v); return 0 }
			}
			return func(en *Env) int32 { en.Vars[k] = v; return v }
		}
		f := b.expr(e.X)
		return func(en *Env) int32 {
			v := f(en)
			if v < lo || v > hi {
				rc.fail(en, v)
				return 0
			}
			en.Vars[k] = v
			return v
		}
	}
	w, f := b.writer(e.Dst, rc), b.expr(e.X)
	return func(en *Env) int32 {
		v := f(en)
		w(en, v)
		return v
	}
}

// update compiles Dst op= X: the target's address is computed once.
func (b backend) update(e *ir.Assign) func(*Env) int32 {
	enc, val := b.encoder(e.Dst), b.expr(e.X)
	rc := checkOf(e.Dst, e.P)
	lo, hi, op, pos := rc.lo, rc.hi, e.Op, e.P
	return func(en *Env) int32 {
		addr := enc(en)
		old := en.load(addr)
		v, msg := ir.Apply(op, old, val(en))
		if msg != "" {
			en.fail(pos, "%s", msg)
			return 0
		}
		if v < lo || v > hi {
			rc.fail(en, v)
			return 0
		}
		en.store(addr, v)
		return v
	}
}

// incDec compiles ++ and --, prefix (the new value) or postfix (the old).
func (b backend) incDec(e *ir.IncDec) func(*Env) int32 {
	rc := checkOf(e.Dst, e.P)
	lo, hi, d, post := rc.lo, rc.hi, e.Delta, e.Post
	if a := e.Dst; a.Space == ir.Var && a.Static() {
		k := a.Off
		return func(en *Env) int32 {
			old := en.Vars[k]
			v := old + d
			if (v < old) != (d < 0) {
				return overflow(en, ir.Add, old, d, rc.pos)
			}
			if v < lo || v > hi {
				rc.fail(en, v)
				return 0
			}
			en.Vars[k] = v
			if post {
				return old
			}
			return v
		}
	}
	enc := b.encoder(e.Dst)
	return func(en *Env) int32 {
		addr := enc(en)
		old := en.load(addr)
		v := old + d
		if (v < old) != (d < 0) {
			return overflow(en, ir.Add, old, d, rc.pos)
		}
		if v < lo || v > hi {
			rc.fail(en, v)
			return 0
		}
		en.store(addr, v)
		if post {
			return old
		}
		return v
	}
}

// clockSet compiles x = v for a clock: it records the assignment in
// Env.Resets after checking that v is not negative.
func (b backend) clockSet(e *ir.ClockSet) func(*Env) int32 {
	idx, fn := b.clock(e.Clock)
	val, pos := b.expr(e.X), e.P
	return func(en *Env) int32 {
		v := val(en)
		if v < 0 {
			en.fail(pos, "%s", ir.ClockError(v))
			return 0
		}
		i := idx
		if fn != nil {
			i = fn(en)
		}
		en.Resets = append(en.Resets, ClockReset{Clock: i, Value: v})
		return v
	}
}

// copier compiles an aggregate assignment: one loop over the slots, each
// checked against its destination range. It is a construct whose work
// is its slots (ir.CopyRounds), counted before the addresses; after an
// error it does nothing, as a call does not run its body.
func (b backend) copier(e *ir.Copy) func(*Env) {
	de, se := b.encoder(e.Dst), b.encoder(e.Src)
	ranges, name, pos := e.Ranges, e.Dst.Name, e.P
	site, k := b.site(e.P), ir.CopyRounds(int32(len(e.Ranges)))
	copySlots := func(en *Env) {
		d, s := de(en), se(en)
		for i, r := range ranges {
			v := en.load(s + int32(i))
			if v < r[0] || v > r[1] {
				en.fail(pos, "%s", ir.RangeError(name, v, r[0], r[1]))
				return
			}
			en.store(d+int32(i), v)
		}
	}
	return func(en *Env) {
		en.enter()
		if en.Err == nil && en.spend(k) {
			copySlots(en)
		}
		en.leave(site)
	}
}

// equal compiles == and != on arrays and structs: one loop over the
// slots, a construct whose work is counted as copier's is.
func (b backend) equal(e *ir.Equal) func(*Env) int32 {
	la, ra, n, want := b.encoder(e.X), b.encoder(e.Y), e.N, !e.Neq
	site, k := b.site(e.P), ir.CopyRounds(e.N)
	same := func(en *Env) bool {
		x, y := la(en), ra(en)
		for i := int32(0); i < n; i++ {
			if en.load(x+i) != en.load(y+i) {
				return false
			}
		}
		return true
	}
	return func(en *Env) int32 {
		en.enter()
		v := int32(0)
		if en.Err == nil && en.spend(k) {
			v = b2i(same(en) == want)
		}
		en.leave(site)
		return v
	}
}

// seq compiles a comma expression: constants before the last element
// have no effect and are dropped.
func (b backend) seq(e *ir.Seq) func(*Env) int32 {
	var effects []func(*Env) int32
	for _, x := range e.List[:len(e.List)-1] {
		if _, ok := x.(*ir.Const); !ok {
			effects = append(effects, b.expr(x))
		}
	}
	v := b.expr(e.List[len(e.List)-1])
	if len(effects) == 0 {
		return v
	}
	return func(en *Env) int32 {
		for _, f := range effects {
			f(en)
		}
		return v(en)
	}
}

// quant evaluates forall, exists and sum over a frame slot at run time;
// an error ends it (forall's body then yields 0, which ends it anyway),
// and so does a sum that overflows, an error at the quantifier.
// Each round counts towards the computation's work (see Env.round).
func (b backend) quant(e *ir.Quant) func(*Env) int32 {
	f, lo, hi, off := b.expr(e.Body), int64(e.Lo), int64(e.Hi), e.Slot
	site := b.site(e.P)
	switch e.Op {
	case ir.LAnd:
		return func(en *Env) int32 {
			en.enter()
			defer en.leave(site)
			slot := en.fp + off
			for v := lo; v <= hi; v++ {
				if !en.round() {
					return 0
				}
				en.stack[slot] = int32(v)
				if f(en) == 0 {
					return 0
				}
			}
			return 1
		}
	case ir.LOr:
		return func(en *Env) int32 {
			en.enter()
			defer en.leave(site)
			slot := en.fp + off
			for v := lo; v <= hi; v++ {
				if !en.round() {
					return 0
				}
				en.stack[slot] = int32(v)
				if f(en) != 0 {
					return 1
				}
				if en.Err != nil {
					return 0
				}
			}
			return 0
		}
	}
	pos := e.P
	return func(en *Env) int32 {
		en.enter()
		defer en.leave(site)
		slot, s := en.fp+off, int32(0)
		for v := lo; v <= hi; v++ {
			if !en.round() {
				return 0
			}
			en.stack[slot] = int32(v)
			b := f(en)
			if en.Err != nil {
				return 0
			}
			var msg string
			if s, msg = ir.Apply(ir.Add, s, b); msg != "" {
				en.fail(pos, "%s", msg)
				return 0
			}
		}
		return s
	}
}

// choose compiles P(i).name with i known only at run time.
func (b backend) choose(e *ir.Choose) func(*Env) int32 {
	fns := make([]func(*Env) int32, len(e.List))
	for i, m := range e.List {
		fns[i] = b.expr(m)
	}
	idx := make([]func(*Env) int32, len(e.Index))
	for i, x := range e.Index {
		idx[i] = b.expr(x)
	}
	dims, pos := e.Dims, e.P
	return func(en *Env) int32 {
		k := int32(0)
		for i, f := range idx {
			v := f(en)
			lo, hi := dims[i][0], dims[i][1]
			if v < lo || v > hi {
				en.fail(pos, "%s", ir.ProcessError(v, lo, hi))
				return 0
			}
			k = k*(hi-lo+1) + v - lo
		}
		return fns[k](en)
	}
}

// arith returns the closure of an arithmetic, bitwise or comparison
// operator (not the short-circuit ones). pos is where run-time errors
// point.
func arith(op ir.Op, l, r func(*Env) int32, pos source.Pos) func(*Env) int32 {
	switch op {
	case ir.Add:
		return func(e *Env) int32 {
			x, y := l(e), r(e)
			if v := int64(x) + int64(y); v == int64(int32(v)) {
				return int32(v)
			}
			return overflow(e, op, x, y, pos)
		}
	case ir.Sub:
		return func(e *Env) int32 {
			x, y := l(e), r(e)
			if v := int64(x) - int64(y); v == int64(int32(v)) {
				return int32(v)
			}
			return overflow(e, op, x, y, pos)
		}
	case ir.Mul:
		return func(e *Env) int32 {
			x, y := l(e), r(e)
			if v := int64(x) * int64(y); v == int64(int32(v)) {
				return int32(v)
			}
			return overflow(e, op, x, y, pos)
		}
	case ir.And:
		return func(e *Env) int32 { return l(e) & r(e) }
	case ir.Or:
		return func(e *Env) int32 { return l(e) | r(e) }
	case ir.Xor:
		return func(e *Env) int32 { return l(e) ^ r(e) }
	case ir.Min:
		return func(e *Env) int32 { return min(l(e), r(e)) }
	case ir.Max:
		return func(e *Env) int32 { return max(l(e), r(e)) }
	case ir.Eql:
		return func(e *Env) int32 { return b2i(l(e) == r(e)) }
	case ir.Neq:
		return func(e *Env) int32 { return b2i(l(e) != r(e)) }
	case ir.Lss:
		return func(e *Env) int32 { return b2i(l(e) < r(e)) }
	case ir.Leq:
		return func(e *Env) int32 { return b2i(l(e) <= r(e)) }
	case ir.Gtr:
		return func(e *Env) int32 { return b2i(l(e) > r(e)) }
	case ir.Geq:
		return func(e *Env) int32 { return b2i(l(e) >= r(e)) }
	}
	// Division, remainder, power and shifts can fail: the one table
	// decides. (Addition, subtraction and multiplication above check
	// their overflow as ir.Apply does, inline since they are common.)
	return func(e *Env) int32 {
		v, msg := ir.Apply(op, l(e), r(e))
		if msg != "" {
			e.fail(pos, "%s", msg)
			return 0
		}
		return v
	}
}

// compareVarConst specialises the most common guard shape, a state
// variable compared with a constant (`len == 0`, `id == 3`): one closure
// call instead of three.
func compareVarConst(op ir.Op, slot, k int32) func(*Env) int32 {
	switch op {
	case ir.Eql:
		return func(e *Env) int32 { return b2i(e.Vars[slot] == k) }
	case ir.Neq:
		return func(e *Env) int32 { return b2i(e.Vars[slot] != k) }
	case ir.Lss:
		return func(e *Env) int32 { return b2i(e.Vars[slot] < k) }
	case ir.Leq:
		return func(e *Env) int32 { return b2i(e.Vars[slot] <= k) }
	case ir.Gtr:
		return func(e *Env) int32 { return b2i(e.Vars[slot] > k) }
	}
	return func(e *Env) int32 { return b2i(e.Vars[slot] >= k) }
}

// compareConst specialises a comparison with a constant right operand.
func compareConst(op ir.Op, l func(*Env) int32, k int32) func(*Env) int32 {
	switch op {
	case ir.Eql:
		return func(e *Env) int32 { return b2i(l(e) == k) }
	case ir.Neq:
		return func(e *Env) int32 { return b2i(l(e) != k) }
	case ir.Lss:
		return func(e *Env) int32 { return b2i(l(e) < k) }
	case ir.Leq:
		return func(e *Env) int32 { return b2i(l(e) <= k) }
	case ir.Gtr:
		return func(e *Env) int32 { return b2i(l(e) > k) }
	}
	return func(e *Env) int32 { return b2i(l(e) >= k) }
}

// addConst specialises x + k and x - k.
func addConst(op ir.Op, l func(*Env) int32, k int32, pos source.Pos) func(*Env) int32 {
	d := int64(k)
	if op == ir.Sub {
		d = -d
	}
	return func(e *Env) int32 {
		x := l(e)
		if v := int64(x) + d; v == int64(int32(v)) {
			return int32(v)
		}
		return overflow(e, op, x, k, pos)
	}
}

// overflow records the overflow error of x op y at pos and yields 0.
func overflow(e *Env, op ir.Op, x, y int32, pos source.Pos) int32 {
	e.fail(pos, "%s", ir.OverflowError(op, x, y))
	return 0
}
