package absint

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"beeline/core/ir"
	"beeline/core/source"
)

// The reference: the back end's semantics (core/model closure.go and
// closure_stmt.go) as a plain tree walk over int32, written apart from
// the abstract evaluator so that the two are checked against each other.
// The first run-time error ends a run.

type cm struct {
	vars, meta, sel, pool, locs []int32
	stack                       []int32
	fp, sp, ret                 int32
	resets                      [][2]int32
	// rounds, when set, cuts a loop short of MaxIterations: a run going
	// past the abstraction's unrolling must be reported as may fail
	// anyway, and the cut keeps endless loops cheap.
	rounds int
	// The work of the run, as model.Env counts it: every round, the
	// outermost loop's start and site, the function being run.
	work, from int64
	depth      int
	site       source.Pos
	siteFn, fn string
}

// enter, leave and count keep the work as the back end does.
func (m *cm) enter(pos source.Pos) {
	if m.depth == 0 {
		m.from, m.site, m.siteFn = m.work, pos, m.fn
	}
	m.depth++
}

func (m *cm) leave() { m.depth-- }

func (m *cm) count() {
	if m.work++; m.work&(ir.PollRounds-1) == 0 && m.work-m.from >= ir.MaxWork {
		m.fail(m.site, ir.WorkError(m.siteFn, ir.MaxWork))
	}
}

type cfail struct {
	pos source.Pos
	msg string
}

func (m *cm) fail(pos source.Pos, msg string) { panic(&cfail{pos, msg}) }

// run runs f in a label frame of frame slots and returns the error that
// ended it, if any.
func (m *cm) run(frame int32, f func()) (err *cfail) {
	defer func() {
		if r := recover(); r != nil {
			cf, ok := r.(*cfail)
			if !ok {
				panic(r)
			}
			err = cf
		}
	}()
	m.push(frame)
	f()
	return nil
}

// push opens n slots, filled with a value no test program reads.
func (m *cm) push(n int32) {
	for int32(len(m.stack)) < m.sp+n {
		m.stack = append(m.stack, 0x5a5a)
	}
	m.sp += n
}

func (m *cm) load(a int32) int32 {
	sp, off := ir.Decode(a)
	switch sp {
	case ir.Var:
		return m.vars[off]
	case ir.Meta:
		return m.meta[off]
	case ir.Local:
		return m.stack[off]
	case ir.Pool:
		return m.pool[off]
	case ir.Sel:
		return m.sel[off]
	}
	return off
}

func (m *cm) store(a, v int32) {
	sp, off := ir.Decode(a)
	switch sp {
	case ir.Var:
		m.vars[off] = v
	case ir.Meta:
		m.meta[off] = v
	case ir.Local:
		m.stack[off] = v
	case ir.Clock:
		m.resets = append(m.resets, [2]int32{off, v})
	}
}

func (m *cm) addr(r *ir.Ref) int32 {
	var ix int32
	if r.Index != nil {
		ix = m.expr(r.Index)
	}
	switch {
	case r.Param:
		return m.stack[m.fp+r.Off] + ix
	case r.Space == ir.Local:
		return ir.Encode(ir.Local, m.fp+r.Off+ix)
	}
	return ir.Encode(r.Space, r.Off+ix)
}

func (m *cm) checkRange(v int32, r *ir.Ref, pos source.Pos) {
	if v < r.Lo || v > r.Hi {
		m.fail(pos, ir.RangeError(r.Name, v, r.Lo, r.Hi))
	}
}

func (m *cm) apply(o ir.Op, x, y int32, pos source.Pos) int32 {
	v, msg := ir.Apply(o, x, y)
	if msg != "" {
		m.fail(pos, msg)
	}
	return v
}

func (m *cm) expr(e ir.Expr) int32 {
	switch e := e.(type) {
	case *ir.Const:
		return e.V
	case *ir.Load:
		return m.load(m.addr(e.Ref))
	case *ir.Unary:
		v, msg := ir.ApplyUnary(e.Op, m.expr(e.X))
		if msg != "" {
			m.fail(e.P, msg)
		}
		return v
	case *ir.Binary:
		switch e.Op {
		case ir.LAnd:
			return ir.B2I(m.expr(e.X) != 0 && m.expr(e.Y) != 0)
		case ir.LOr:
			return ir.B2I(m.expr(e.X) != 0 || m.expr(e.Y) != 0)
		case ir.Imply:
			return ir.B2I(m.expr(e.X) == 0 || m.expr(e.Y) != 0)
		}
		x := m.expr(e.X)
		return m.apply(e.Op, x, m.expr(e.Y), e.P)
	case *ir.Cond:
		if m.expr(e.C) != 0 {
			return m.expr(e.X)
		}
		return m.expr(e.Y)
	case *ir.Offset:
		i := m.expr(e.X)
		if i < e.Lo || i > e.Hi {
			m.fail(e.P, ir.IndexError(i, e.Lo, e.Hi))
		}
		return (i - e.Lo) * e.Stride
	case *ir.Assign:
		return m.assign(e)
	case *ir.IncDec:
		a := m.addr(e.Dst)
		old := m.load(a)
		v := m.apply(ir.Add, old, e.Delta, e.P)
		m.checkRange(v, e.Dst, e.P)
		m.store(a, v)
		if e.Post {
			return old
		}
		return v
	case *ir.ClockSet:
		v := m.expr(e.X)
		if v < 0 {
			m.fail(e.P, ir.ClockError(v))
		}
		_, k := ir.Decode(m.addr(e.Clock))
		m.resets = append(m.resets, [2]int32{k, v})
		return v
	case *ir.Copy:
		d, s := m.addr(e.Dst), m.addr(e.Src)
		for i, r := range e.Ranges {
			v := m.load(s + int32(i))
			if v < r[0] || v > r[1] {
				m.fail(e.P, ir.RangeError(e.Dst.Name, v, r[0], r[1]))
			}
			m.store(d+int32(i), v)
		}
		return 0
	case *ir.Equal:
		x, y := m.addr(e.X), m.addr(e.Y)
		same := true
		for i := int32(0); i < e.N && same; i++ {
			same = m.load(x+i) == m.load(y+i)
		}
		return ir.B2I(same != e.Neq)
	case *ir.Seq:
		var v int32
		for _, x := range e.List {
			v = m.expr(x)
		}
		return v
	case *ir.Quant:
		return m.quant(e)
	case *ir.LocIs:
		return ir.B2I(m.locs[e.Proc] == e.Loc)
	case *ir.Choose:
		k := int32(0)
		for i, x := range e.Index {
			v, lo, hi := m.expr(x), e.Dims[i][0], e.Dims[i][1]
			if v < lo || v > hi {
				m.fail(e.P, ir.ProcessError(v, lo, hi))
			}
			k = k*(hi-lo+1) + v - lo
		}
		return m.expr(e.List[k])
	case *ir.Call:
		return m.call(e)
	}
	panic("unknown expression")
}

func (m *cm) assign(e *ir.Assign) int32 {
	r := e.Dst
	if e.Op == ir.Nop {
		v := m.expr(e.X)
		if !r.Param && r.Space != ir.Var && r.Space != ir.Meta && r.Space != ir.Local {
			return v
		}
		a := m.addr(r)
		m.checkRange(v, r, e.P)
		m.store(a, v)
		return v
	}
	a := m.addr(r)
	old := m.load(a)
	v := m.apply(e.Op, old, m.expr(e.X), e.P)
	m.checkRange(v, r, e.P)
	m.store(a, v)
	return v
}

func (m *cm) quant(e *ir.Quant) int32 {
	m.enter(e.P)
	defer m.leave()
	var sum int32
	for v := int64(e.Lo); v <= int64(e.Hi); v++ {
		m.count()
		m.stack[m.fp+e.Slot] = int32(v)
		b := m.expr(e.Body)
		switch {
		case e.Op == ir.LAnd && b == 0:
			return 0
		case e.Op == ir.LOr && b != 0:
			return 1
		}
		sum = m.apply(ir.Add, sum, b, e.P)
	}
	switch e.Op {
	case ir.LAnd:
		return 1
	case ir.LOr:
		return 0
	}
	return sum
}

func (m *cm) call(c *ir.Call) int32 {
	fp := m.sp
	m.push(c.Fn.Frame)
	for i, g := range c.Args {
		p := c.Fn.Params[i]
		switch g.Kind {
		case ir.ArgCopy:
			s := m.addr(g.Src)
			for j := int32(0); j < p.Size; j++ {
				m.stack[fp+p.Off+j] = m.load(s + j)
			}
		case ir.ArgRef:
			m.stack[fp+p.Off] = m.addr(g.Src)
		case ir.ArgSpill:
			m.stack[fp+p.Spill] = m.expr(g.X)
			m.stack[fp+p.Off] = ir.Encode(ir.Local, fp+p.Spill)
		default:
			v := m.expr(g.X)
			if _, ok := g.X.(*ir.Const); !ok && (v < p.Lo || v > p.Hi) {
				m.fail(g.X.Pos(), ir.ArgError(p.Name, v, p.Lo, p.Hi))
			}
			m.stack[fp+p.Off] = v
		}
	}
	old, oldFn := m.fp, m.fn
	m.fp, m.ret, m.fn = fp, 0, c.Fn.Name
	m.stmt(c.Fn.Body)
	m.fp, m.sp, m.fn = old, fp, oldFn
	return m.ret
}

type cctl uint8

const (
	cNext cctl = iota
	cBreak
	cContinue
	cReturn
)

func (m *cm) stmt(s ir.Stmt) cctl {
	switch s := s.(type) {
	case nil:
	case *ir.Block:
		for _, x := range s.List {
			if c := m.stmt(x); c != cNext {
				return c
			}
		}
	case *ir.Do:
		m.expr(s.X)
	case *ir.If:
		if m.expr(s.C) != 0 {
			return m.stmt(s.Then)
		}
		return m.stmt(s.Else)
	case *ir.Loop:
		return m.loop(s)
	case *ir.ForRange:
		return m.forRange(s)
	case *ir.Return:
		if s.X != nil {
			v := m.expr(s.X)
			if v < s.Lo || v > s.Hi {
				m.fail(s.X.Pos(), ir.ReturnError(v, s.Lo, s.Hi))
			}
			m.ret = v
		}
		return cReturn
	case *ir.Break:
		return cBreak
	case *ir.Continue:
		return cContinue
	case *ir.Fill:
		copy(m.stack[m.fp+s.Off:], s.Vals)
	}
	return cNext
}

func (m *cm) loop(s *ir.Loop) cctl {
	m.enter(s.P)
	defer m.leave()
	if s.Init != nil {
		m.expr(s.Init)
	}
	for n := 0; ; n++ {
		if !(s.DoWhile && n == 0) && s.Cond != nil && m.expr(s.Cond) == 0 {
			return cNext
		}
		if n >= ir.MaxIterations || m.rounds > 0 && n >= m.rounds {
			m.fail(s.Body.Pos(), ir.LoopError())
		}
		m.count()
		switch m.stmt(s.Body) {
		case cBreak:
			return cNext
		case cReturn:
			return cReturn
		}
		if s.Post != nil {
			m.expr(s.Post)
		}
	}
}

func (m *cm) forRange(s *ir.ForRange) cctl {
	if d, ok := s.Body.(*ir.Do); s.Body == nil || ok && isConst(d.X) {
		return cNext // the back end compiles the loop to nothing
	}
	m.enter(s.P)
	defer m.leave()
	for v := int64(s.Lo); v <= int64(s.Hi); v++ {
		m.count()
		m.stack[m.fp+s.Slot] = int32(v)
		switch m.stmt(s.Body) {
		case cBreak:
			return cNext
		case cReturn:
			return cReturn
		}
	}
	return cNext
}

func isConst(e ir.Expr) bool { _, ok := e.(*ir.Const); return ok }

// The test world: state slots x, y, a[3] and s[2] (a struct {f, g}), a
// meta variable, a select value, a pool, two processes, three clocks.

const iLo, iHi = -32768, 32767

var varRanges = []Interval{
	{-3, 3}, {0, 4}, // x, y
	{0, 2}, {0, 2}, {0, 2}, // a[0..2]
	{0, 3}, {-1, 1}, {0, 3}, {-1, 1}, // s[0].f, s[0].g, s[1].f, s[1].g
}

var (
	metaRange = Interval{-1, 1}
	selRange  = Interval{0, 2}
	testPool  = []int32{5, -1, 2, 0}
)

func c(v int32) ir.Expr                           { return &ir.Const{V: v} }
func ld(r *ir.Ref) ir.Expr                        { return &ir.Load{Ref: r} }
func bin(o ir.Op, x, y ir.Expr) ir.Expr           { return &ir.Binary{Op: o, X: x, Y: y} }
func set(r *ir.Ref, x ir.Expr) ir.Expr            { return &ir.Assign{Op: ir.Nop, Dst: r, X: x} }
func setOp(o ir.Op, r *ir.Ref, x ir.Expr) ir.Expr { return &ir.Assign{Op: o, Dst: r, X: x} }
func inc(r *ir.Ref, d int32) ir.Expr              { return &ir.IncDec{Dst: r, Delta: d} }
func do(x ir.Expr) ir.Stmt                        { return &ir.Do{X: x} }
func block(ss ...ir.Stmt) ir.Stmt                 { return &ir.Block{List: ss} }
func ret(x ir.Expr) ir.Stmt                       { return &ir.Return{X: x, Lo: iLo, Hi: iHi} }

func varRef(off int32, name string) *ir.Ref {
	r := varRanges[off]
	return &ir.Ref{Space: ir.Var, Off: off, Span: 1, Lo: r.Lo, Hi: r.Hi, Name: name}
}

func xRef() *ir.Ref { return varRef(0, "x") }
func yRef() *ir.Ref { return varRef(1, "y") }

func offset(ix ir.Expr, lo, hi, stride int32) *ir.Offset {
	return &ir.Offset{X: ix, Lo: lo, Hi: hi, Stride: stride}
}

// aRef is a[ix].
func aRef(ix ir.Expr) *ir.Ref {
	return &ir.Ref{Space: ir.Var, Off: 2, Index: offset(ix, 0, 2, 1), Span: 3, Lo: 0, Hi: 2, Name: "a[i]"}
}

// sRef is s[ix].f (field 0) or s[ix].g (field 1).
func sRef(ix ir.Expr, field int32) *ir.Ref {
	r := varRanges[5+field]
	return &ir.Ref{Space: ir.Var, Off: 5 + field, Index: offset(ix, 0, 1, 2), Span: 4 - field, Lo: r.Lo, Hi: r.Hi, Name: "s[i].f"}
}

func poolRef(ix ir.Expr) *ir.Ref {
	return &ir.Ref{Space: ir.Pool, Off: 0, Index: offset(ix, 0, 3, 1), Span: 4, Lo: iLo, Hi: iHi, Name: "p[i]"}
}

func selRef() *ir.Ref  { return &ir.Ref{Space: ir.Sel, Off: 0, Span: 1, Lo: 0, Hi: 2, Name: "e"} }
func metaRef() *ir.Ref { return &ir.Ref{Space: ir.Meta, Off: 0, Span: 1, Lo: -1, Hi: 1, Name: "m"} }

// clockRef is k[ix].
func clockRef(ix ir.Expr) *ir.Ref {
	return &ir.Ref{Space: ir.Clock, Off: 0, Index: offset(ix, 0, 2, 1), Span: 3, Name: "k[i]"}
}

func local(off, lo, hi int32) *ir.Ref {
	return &ir.Ref{Space: ir.Local, Off: off, Span: 1, Lo: lo, Hi: hi, Name: fmt.Sprintf("l%d", off)}
}

func param(off, lo, hi int32) *ir.Ref {
	return &ir.Ref{Space: ir.Local, Off: off, Param: true, Span: 1, Lo: lo, Hi: hi, Name: fmt.Sprintf("p%d", off)}
}

func valueParam(name string, off, lo, hi int32) *ir.Param {
	return &ir.Param{Name: name, Off: off, Size: 1, Lo: lo, Hi: hi, Space: ir.Local}
}

func refParam(name string, off int32, sp ir.Space) *ir.Param {
	return &ir.Param{Name: name, Ref: true, Off: off, Size: 1, Lo: 0, Hi: 2, Space: sp}
}

// The fixed functions the generator calls.
var (
	// int addTo(int[0,2] &r, int[-5,5] v) { r = r + v; return r; }
	fnAddTo = &ir.Func{Name: "addTo", Lo: iLo, Hi: iHi, Frame: 2,
		Params: []*ir.Param{refParam("r", 0, ir.Local), valueParam("v", 1, -5, 5)},
		Body:   block(do(set(param(0, 0, 2), bin(ir.Add, ld(param(0, 0, 2)), ld(local(1, -5, 5))))), ret(ld(param(0, 0, 2))))}
	// int sumTo(int[-1,4] n) { int s = 0, i = 0; while (i < n) { s += i; i++; } return s; }
	fnSumTo = &ir.Func{Name: "sumTo", Lo: iLo, Hi: iHi, Frame: 3,
		Params: []*ir.Param{valueParam("n", 0, -1, 4)},
		Body: block(do(set(local(1, iLo, iHi), c(0))), do(set(local(2, iLo, iHi), c(0))),
			&ir.Loop{Cond: bin(ir.Lss, ld(local(2, iLo, iHi)), ld(local(0, -1, 4))),
				Body: block(do(setOp(ir.Add, local(1, iLo, iHi), ld(local(2, iLo, iHi)))), do(inc(local(2, iLo, iHi), 1)))},
			ret(ld(local(1, iLo, iHi))))}
	// void swap(int[0,2] &p, int[0,2] &q) { int t = p; p = q; q = t; }
	fnSwap = &ir.Func{Name: "swap", Void: true, Frame: 3, Effects: true,
		Params: []*ir.Param{refParam("p", 0, ir.Local), refParam("q", 1, ir.Local)},
		Body: block(do(set(local(2, 0, 2), ld(param(0, 0, 2)))), do(set(param(0, 0, 2), ld(param(1, 0, 2)))),
			do(set(param(1, 0, 2), ld(local(2, 0, 2)))))}
	// int branchy(int[-3,3] v) { if (v > 1) return v*2; if (v < 0) { return -v; }
	//   for (i : int[0,2]) { if (i == v) break; x++; } return 7; }
	fnBranchy = &ir.Func{Name: "branchy", Lo: iLo, Hi: iHi, Frame: 2, Effects: true,
		Params: []*ir.Param{valueParam("v", 0, -3, 3)},
		Body: block(&ir.If{C: bin(ir.Gtr, ld(local(0, -3, 3)), c(1)), Then: ret(bin(ir.Mul, ld(local(0, -3, 3)), c(2)))},
			&ir.If{C: bin(ir.Lss, ld(local(0, -3, 3)), c(0)), Then: block(ret(&ir.Unary{Op: ir.Neg, X: ld(local(0, -3, 3))}))},
			&ir.ForRange{Slot: 1, Lo: 0, Hi: 2, Body: block(
				&ir.If{C: bin(ir.Eql, ld(local(1, 0, 2)), ld(local(0, -3, 3))), Then: &ir.Break{}},
				do(inc(xRef(), 1)))},
			ret(c(7)))}
	// void drain() { while (y > 0) { y--; a[y % 3]++; } }
	fnDrain = &ir.Func{Name: "drain", Void: true, Effects: true,
		Body: block(&ir.Loop{Cond: bin(ir.Gtr, ld(yRef()), c(0)),
			Body: block(do(inc(yRef(), -1)), do(inc(aRef(bin(ir.Rem, ld(yRef()), c(3))), 1)))})}
	// int falls(int[0,3] v) { sumTo(v); }: falls off its end
	fnFalls = &ir.Func{Name: "falls", Lo: iLo, Hi: iHi, Frame: 1,
		Params: []*ir.Param{valueParam("v", 0, 0, 3)},
		Body:   block(do(&ir.Call{Fn: fnSumTo, Args: []*ir.Arg{{Kind: ir.ArgValue, X: ld(local(0, 0, 3))}}}))}
	// int dw(int[0,3] v) {
	//	int k = 0;
	//	do { k++; if (k == 2) continue; if (k > v) break; } while (k < 3);
	//	return k;
	// }
	fnDoWhile = &ir.Func{Name: "dw", Lo: iLo, Hi: iHi, Frame: 2,
		Params: []*ir.Param{valueParam("v", 0, 0, 3)},
		Body: block(&ir.Fill{Off: 1, Vals: []int32{0}},
			&ir.Loop{DoWhile: true, Cond: bin(ir.Lss, ld(local(1, iLo, iHi)), c(3)),
				Body: block(do(inc(local(1, iLo, iHi), 1)),
					&ir.If{C: bin(ir.Eql, ld(local(1, iLo, iHi)), c(2)), Then: &ir.Continue{}},
					&ir.If{C: bin(ir.Gtr, ld(local(1, iLo, iHi)), ld(local(0, 0, 3))), Then: &ir.Break{}})},
			ret(ld(local(1, iLo, iHi))))}
	// int spill(const int &c) { return c + 1; }
	fnSpill = &ir.Func{Name: "spill", Lo: iLo, Hi: iHi, Frame: 2,
		Params: []*ir.Param{{Name: "c", Ref: true, Off: 0, Spill: 1, Size: 1, Lo: iLo, Hi: iHi, Space: ir.Local}},
		Body:   ret(bin(ir.Add, ld(param(0, iLo, iHi)), c(1)))}
	// int sumArr(int[0,2] arr[3]) { int t = 0; for (i : int[0,2]) t += arr[i]; return t; }
	fnSumArr = &ir.Func{Name: "sumArr", Lo: iLo, Hi: iHi, Frame: 5,
		Params: []*ir.Param{{Name: "arr", Off: 0, Size: 3, Lo: 0, Hi: 2, Space: ir.Local}},
		Body: block(do(set(local(3, iLo, iHi), c(0))),
			&ir.ForRange{Slot: 4, Lo: 0, Hi: 2, Body: do(setOp(ir.Add, local(3, iLo, iHi),
				ld(&ir.Ref{Space: ir.Local, Off: 0, Index: offset(ld(local(4, 0, 2)), 0, 2, 1), Span: 3, Lo: 0, Hi: 2, Name: "arr[i]"})))},
			ret(ld(local(3, iLo, iHi))))}
	// int getG(S &st) { st.f = st.g + 1; return st.g; }: S is struct { int[0,3] f; int[-1,1] g; }
	fnGetG = &ir.Func{Name: "getG", Lo: iLo, Hi: iHi, Frame: 1, Effects: true,
		Params: []*ir.Param{{Name: "st", Ref: true, Off: 0, Size: 2, Space: ir.Local}},
		Body: block(do(set(&ir.Ref{Space: ir.Local, Param: true, Off: 0, Span: 2, Lo: 0, Hi: 3, Name: "st.f"},
			bin(ir.Add, ld(&ir.Ref{Space: ir.Local, Param: true, Off: 0, Index: c(1), Span: 2, Lo: -1, Hi: 1, Name: "st.g"}), c(1)))),
			ret(ld(&ir.Ref{Space: ir.Local, Param: true, Off: 0, Index: c(1), Span: 2, Lo: -1, Hi: 1, Name: "st.g"})))}
	// void rc(clock &k, int[0,2] v) { k = v; }
	fnReset = &ir.Func{Name: "rc", Void: true, Frame: 2, Effects: true,
		Params: []*ir.Param{refParam("k", 0, ir.Clock), valueParam("v", 1, 0, 2)},
		Body:   do(&ir.ClockSet{Clock: &ir.Ref{Space: ir.Clock, Off: 0, Param: true, Span: 1, Name: "k"}, X: ld(local(1, 0, 2))})}
	// int upTo(int[-1,50] n) { int k = 0; while (k < n) k += 2; return k; }
	fnUpTo = &ir.Func{Name: "upTo", Lo: iLo, Hi: iHi, Frame: 2,
		Params: []*ir.Param{valueParam("n", 0, -1, 50)},
		Body: block(do(set(local(1, iLo, iHi), c(0))),
			&ir.Loop{Cond: bin(ir.Lss, ld(local(1, iLo, iHi)), ld(local(0, -1, 50))),
				Body: do(setOp(ir.Add, local(1, iLo, iHi), c(2)))},
			ret(ld(local(1, iLo, iHi))))}
)

var fixedFns = []*ir.Func{fnAddTo, fnSumTo, fnSwap, fnBranchy, fnDrain, fnFalls, fnDoWhile, fnSpill, fnSumArr, fnReset, fnUpTo, fnGetG}

// gen builds random, well-formed IR over the test world.
type gen struct {
	r     *rand.Rand
	pos   source.Pos
	fn    *ir.Func // the case's random function, called from labels
	inFn  bool     // generating fn's body: v, r and its loop slots are in scope
	free  []int32  // frame slots free for quantifiers
	bound []int32  // quantifier slots in scope
	loops bool     // a loop may start here (loops do not nest: they share a counter)
}

func (g *gen) at() ir.At { g.pos++; return ir.At{P: g.pos} }

func (g *gen) n(k int) int { return g.r.IntN(k) }

// small is an index without effects, mostly within [0,2], sometimes
// not.
func (g *gen) small() ir.Expr {
	switch g.n(8) {
	case 0:
		return ld(xRef())
	case 1, 2:
		return ld(selRef())
	case 3:
		return bin(ir.Rem, ld(yRef()), c(3))
	case 4:
		return c(int32(g.n(4)))
	}
	return c(int32(g.n(3)))
}

// half is an index of s, mostly within [0,1].
func (g *gen) half() ir.Expr { return bin(ir.Rem, g.small(), c(2)) }

// index is an index with effects, mostly within [0,1].
func (g *gen) index(d int) ir.Expr {
	if g.n(3) == 0 {
		return g.expr(d)
	}
	return bin(ir.Rem, &ir.Unary{Op: ir.Abs, X: g.expr(d)}, c(2))
}

func (g *gen) leaf() ir.Expr {
	k := g.n(12)
	switch {
	case k == 10 && len(g.bound) > 0:
		v := &ir.Load{At: g.at(), Ref: local(g.bound[g.n(len(g.bound))], iLo, iHi)}
		if g.n(2) == 0 {
			return &ir.Load{At: g.at(), Ref: aRef(v)}
		}
		return v
	case k == 11 && g.inFn:
		if g.n(2) == 0 {
			return ld(local(1, -3, 3))
		}
		return ld(param(0, 0, 2))
	}
	switch k {
	case 0, 1:
		return &ir.Const{At: g.at(), V: int32(g.n(8) - 3)}
	case 2:
		return ld(xRef())
	case 3:
		return ld(yRef())
	case 4:
		return &ir.Load{At: g.at(), Ref: aRef(g.small())}
	case 5:
		if g.n(2) == 0 { // m[i][j], the slots of s seen as int m[2][2]
			ix := bin(ir.Add, offset(g.half(), 0, 1, 2), offset(g.half(), 0, 1, 1))
			return &ir.Load{At: g.at(), Ref: &ir.Ref{Space: ir.Var, Off: 5, Index: ix, Span: 4, Lo: iLo, Hi: iHi, Name: "m[i][j]"}}
		}
		return &ir.Load{At: g.at(), Ref: sRef(g.half(), int32(g.n(2)))}
	case 6:
		return &ir.Load{At: g.at(), Ref: poolRef(g.small())}
	case 7:
		return ld(selRef())
	case 8:
		return ld(metaRef())
	case 9:
		if g.n(2) == 0 { // a channel address reads as its index
			return &ir.Load{At: g.at(), Ref: &ir.Ref{Space: ir.Chan, Off: 1, Index: offset(g.small(), 0, 2, 1), Span: 3, Name: "ch[i]"}}
		}
	}
	return &ir.LocIs{At: g.at(), Proc: int32(g.n(2)), Loc: int32(g.n(3))}
}

// target is an assignable Ref.
func (g *gen) target(d int) *ir.Ref {
	if g.inFn && g.n(3) == 0 {
		if g.n(2) == 0 {
			return local(1, -3, 3)
		}
		return param(0, 0, 2)
	}
	switch g.n(5) {
	case 0:
		return xRef()
	case 1:
		return yRef()
	case 2:
		return aRef(g.index(d - 1))
	case 3:
		return sRef(g.half(), int32(g.n(2)))
	}
	return metaRef()
}

var assignOps = []ir.Op{ir.Nop, ir.Nop, ir.Nop, ir.Add, ir.Sub, ir.Mul, ir.Quo, ir.Rem, ir.Min, ir.Max, ir.And, ir.Or, ir.Xor, ir.Shl, ir.Shr}

func (g *gen) expr(d int) ir.Expr {
	if d <= 0 || g.n(4) == 0 {
		return g.leaf()
	}
	switch g.n(16) {
	case 0:
		return &ir.Unary{At: g.at(), Op: []ir.Op{ir.Neg, ir.Not, ir.Abs}[g.n(3)], X: g.expr(d - 1)}
	case 1, 2, 3:
		return &ir.Binary{At: g.at(), Op: ir.Op(1 + g.n(int(ir.Imply))), X: g.expr(d - 1), Y: g.expr(d - 1)}
	case 4:
		return &ir.Cond{At: g.at(), C: g.expr(d - 1), X: g.expr(d - 1), Y: g.expr(d - 1)}
	case 5, 6:
		x := g.expr(d - 1)
		if g.n(2) == 0 { // |x| % 2 fits every target: fewer runs end in a range error
			x = bin(ir.Rem, &ir.Unary{Op: ir.Abs, X: x}, c(2))
		}
		return &ir.Assign{At: g.at(), Op: assignOps[g.n(len(assignOps))], Dst: g.target(d), X: x}
	case 7:
		return &ir.IncDec{At: g.at(), Dst: g.target(d), Delta: int32(1 - 2*g.n(2)), Post: g.n(2) == 0}
	case 8:
		return &ir.ClockSet{At: g.at(), Clock: clockRef(g.small()), X: g.expr(d - 1)}
	case 9:
		return &ir.Seq{At: g.at(), List: []ir.Expr{g.expr(d - 1), g.expr(d - 1)}}
	case 10:
		return g.quant(d)
	case 11, 12:
		return g.call(d)
	case 13:
		return g.aggregate()
	case 14:
		return &ir.Choose{At: g.at(), Index: []ir.Expr{g.index(d - 1)}, Dims: [][2]int32{{0, 1}}, List: []ir.Expr{ld(xRef()), g.expr(d - 1)}}
	}
	if g.fn != nil && !g.inFn {
		return &ir.Call{At: g.at(), Fn: g.fn, Args: []*ir.Arg{{Kind: ir.ArgRef, Src: aRef(g.small())}, {Kind: ir.ArgValue, X: g.expr(d - 1)}}}
	}
	return g.leaf()
}

func (g *gen) quant(d int) ir.Expr {
	if len(g.free) == 0 {
		return g.leaf()
	}
	slot := g.free[0]
	g.free, g.bound = g.free[1:], append(g.bound, slot)
	lo := int32(g.n(3) - 1)
	q := &ir.Quant{At: g.at(), Op: []ir.Op{ir.LAnd, ir.LOr, ir.Add}[g.n(3)], Slot: slot, Lo: lo, Hi: lo + int32(g.n(3)), Body: g.expr(d - 1)}
	g.free, g.bound = append([]int32{slot}, g.free...), g.bound[:len(g.bound)-1]
	return q
}

func (g *gen) aggregate() ir.Expr {
	switch g.n(3) {
	case 0:
		return &ir.Equal{At: g.at(), X: &ir.Ref{Space: ir.Var, Off: 2, Span: 2}, Y: &ir.Ref{Space: ir.Var, Off: 3, Span: 2}, N: 2, Neq: g.n(2) == 0}
	case 1:
		s0 := &ir.Ref{Space: ir.Var, Off: 5, Span: 2}
		return &ir.Equal{At: g.at(), X: s0, Y: &ir.Ref{Space: ir.Var, Off: 7, Span: 2}, N: 2}
	}
	dst := &ir.Ref{Space: ir.Var, Off: 5, Index: offset(g.half(), 0, 1, 2), Span: 4, Name: "s[i]"}
	return &ir.Copy{At: g.at(), Dst: dst, Src: &ir.Ref{Space: ir.Var, Off: 5 + 2*int32(g.n(2)), Span: 2}, Ranges: [][2]int32{{0, 3}, {-1, 1}}}
}

// call calls a fixed function with arguments of the right kinds.
func (g *gen) call(d int) ir.Expr {
	fn := fixedFns[g.n(len(fixedFns))]
	var args []*ir.Arg
	for _, p := range fn.Params {
		switch {
		case p.Ref && p.Space == ir.Clock:
			args = append(args, &ir.Arg{Kind: ir.ArgRef, Src: clockRef(g.small())})
		case p.Ref && p.Spill != 0:
			args = append(args, &ir.Arg{Kind: ir.ArgSpill, X: g.expr(d - 1)})
		case p.Ref && p.Size == 2:
			args = append(args, &ir.Arg{Kind: ir.ArgRef, Src: &ir.Ref{Space: ir.Var, Off: 5, Index: offset(g.half(), 0, 1, 2), Span: 4}})
		case p.Ref:
			args = append(args, &ir.Arg{Kind: ir.ArgRef, Src: aRef(g.small())})
		case p.Size > 1:
			args = append(args, &ir.Arg{Kind: ir.ArgCopy, Src: &ir.Ref{Space: ir.Var, Off: 2, Span: 3}})
		default:
			args = append(args, &ir.Arg{Kind: ir.ArgValue, X: g.expr(d - 1)})
		}
	}
	return &ir.Call{At: g.at(), Fn: fn, Args: args}
}

// function builds the case's random function
// int f(int[0,2] &r, int[-3,3] v): k (slot 2) counts loop rounds, slot 3
// is a for-range variable, 4 and 5 are free for quantifiers.
func (g *gen) function() *ir.Func {
	g.inFn, g.free, g.loops = true, []int32{4, 5}, true
	body := block(g.stmt(2), g.stmt(2), ret(g.expr(2)))
	g.inFn, g.free = false, []int32{0, 1}
	return &ir.Func{Name: "f", Lo: -20, Hi: 20, Frame: 6, Effects: true,
		Params: []*ir.Param{refParam("r", 0, ir.Local), valueParam("v", 1, -3, 3)}, Body: body}
}

func (g *gen) stmt(d int) ir.Stmt {
	k := local(2, -100, 100)
	switch n := g.n(10); {
	case d <= 0 || n < 3:
		return &ir.Do{At: g.at(), X: g.expr(2)}
	case n == 3:
		var els ir.Stmt
		if g.n(2) == 0 {
			els = g.stmt(d - 1)
		}
		return &ir.If{At: g.at(), C: g.expr(2), Then: g.stmt(d - 1), Else: els}
	case n == 4:
		return block(g.stmt(d-1), g.stmt(d-1))
	case n == 5 && g.loops:
		g.loops, g.bound = false, append(g.bound, 2)
		cond := bin(ir.LAnd, bin(ir.Lss, ld(k), c(int32(g.n(4)))), g.expr(1))
		l := &ir.Loop{At: g.at(), Init: set(k, c(0)), Cond: cond, Post: inc(k, 1), DoWhile: g.n(3) == 0, Body: g.loopBody(d - 1)}
		g.loops, g.bound = true, g.bound[:len(g.bound)-1]
		return l
	case n == 8 && g.loops: // no counter: it may go round for ever
		g.loops = false
		l := &ir.Loop{At: g.at(), Cond: g.expr(1), DoWhile: g.n(2) == 0, Body: g.loopBody(d - 1)}
		g.loops = true
		return l
	case n == 6 && g.loops:
		g.loops, g.bound = false, append(g.bound, 3)
		f := &ir.ForRange{At: g.at(), Slot: 3, Lo: 0, Hi: 2, Body: g.loopBody(d - 1)}
		g.loops, g.bound = true, g.bound[:len(g.bound)-1]
		return f
	case n == 7:
		return &ir.Return{At: g.at(), X: g.expr(2), Lo: -20, Hi: 20}
	}
	return &ir.Do{At: g.at(), X: g.expr(2)}
}

func (g *gen) loopBody(d int) ir.Stmt {
	var ctl ir.Stmt = &ir.Break{}
	if g.n(2) == 0 {
		ctl = &ir.Continue{}
	}
	return block(g.stmt(d), &ir.If{C: g.expr(1), Then: ctl}, g.stmt(d))
}

// The abstract states of the cases and the concrete states they stand for.

type world struct {
	st   *State
	vars []Interval
	locs [][]int32 // per process, the locations to enumerate
}

// randomAbs picks which slots the abstraction knows (at most maxStates
// concrete states) and their values.
func randomAbs(r *rand.Rand, allKnown bool, maxStates int) *world {
	w := &world{st: &State{Pool: testPool, Ranges: varRanges}}
	states := 1
	pick := func(rg Interval) Interval {
		v := Point(rg.Lo + int32(r.IntN(int(rg.Size()))))
		if allKnown || r.IntN(2) == 0 {
			return v
		}
		if r.IntN(3) == 0 { // a sub-interval
			lo := rg.Lo + int32(r.IntN(int(rg.Size())))
			rg = Interval{lo, lo + int32(r.IntN(int(rg.Hi-lo+1)))}
		}
		if states*int(rg.Size()) > maxStates {
			return v
		}
		states *= int(rg.Size())
		return rg
	}
	for _, rg := range varRanges {
		w.st.Vars = append(w.st.Vars, pick(rg))
	}
	w.st.Meta = []Interval{pick(metaRange)}
	w.st.Sel = []Interval{pick(selRange)}
	for range 2 {
		l := pick(Interval{0, 2})
		if _, ok := l.Single(); ok {
			w.st.Locs = append(w.st.Locs, l.Lo)
			w.locs = append(w.locs, []int32{l.Lo})
		} else {
			w.st.Locs = append(w.st.Locs, UnknownLoc)
			w.locs = append(w.locs, []int32{0, 1, 2})
		}
	}
	return w
}

// each calls f with a fresh machine for every concrete state of w.
func (w *world) each(f func(m *cm)) {
	var ivs []Interval
	ivs = append(ivs, w.st.Vars...)
	ivs = append(ivs, w.st.Meta...)
	ivs = append(ivs, w.st.Sel...)
	vals := make([]int32, len(ivs))
	var rec func(i int)
	rec = func(i int) {
		if i == len(ivs) {
			for _, l0 := range w.locs[0] {
				for _, l1 := range w.locs[1] {
					nv := len(w.st.Vars)
					f(&cm{vars: slices.Clone(vals[:nv]), meta: slices.Clone(vals[nv : nv+1]),
						sel: slices.Clone(vals[nv+1:]), pool: testPool, locs: []int32{l0, l1}})
				}
			}
			return
		}
		for v := ivs[i].lo(); v <= ivs[i].hi(); v++ {
			vals[i] = int32(v)
			rec(i + 1)
		}
	}
	rec(0)
}

// coversRun reports how abs fails to cover a concrete run's resets
// (see ClockReset), or "".
func coversRun(abs []ClockReset, conc [][2]int32) string {
	for _, x := range conc {
		if !slices.ContainsFunc(abs, func(r ClockReset) bool { return r.Clock.Contains(x[0]) && r.Value.Contains(x[1]) }) {
			return fmt.Sprintf("reset k%d = %d not covered", x[0], x[1])
		}
	}
	for i, r := range abs {
		if !r.Sure() {
			continue
		}
		k := r.Clock.Lo
		last := -1
		for j, x := range conc {
			if x[0] == k {
				last = j
			}
		}
		if last < 0 {
			return fmt.Sprintf("sure reset %d of k%d not made", i, k)
		}
		final := conc[last][1]
		ok := false
		for _, q := range abs[i:] {
			ok = ok || q.Clock.Contains(k) && q.Value.Contains(final)
		}
		if !ok {
			return fmt.Sprintf("final k%d = %d not covered from entry %d", k, final, i)
		}
	}
	return ""
}

// contains checks the abstract results against one concrete run of the
// update list (the first element's value as an expression).
func contains(m *cm, list []ir.Expr, er ExprResult, ur *UpdateResult) string {
	m0 := *m
	m0.vars, m0.meta = slices.Clone(m.vars), slices.Clone(m.meta)
	if err := m0.run(2, func() { v := m0.expr(list[0]); m0.ret = v }); err != nil {
		if msg := reported(err, er.Outcome); msg != "" {
			return "expression: " + msg
		}
	} else if er.Fail == MustFail {
		return "expression succeeds but the abstraction says must fail"
	} else if !er.Value.Contains(m0.ret) {
		return fmt.Sprintf("value %d not in %v", m0.ret, er.Value)
	}
	err := m.run(2, func() {
		for _, x := range list {
			m.expr(x)
		}
	})
	switch {
	case err != nil:
		if msg := reported(err, ur.Outcome); msg != "" {
			return "update: " + msg
		}
		return ""
	case ur.Fail == MustFail:
		return "update succeeds but the abstraction says must fail"
	}
	for i, v := range m.vars {
		if !ur.Vars[i].Contains(v) {
			return fmt.Sprintf("var %d = %d not in %v", i, v, ur.Vars[i])
		}
	}
	if !ur.Meta[0].Contains(m.meta[0]) {
		return fmt.Sprintf("meta = %d not in %v", m.meta[0], ur.Meta[0])
	}
	return coversRun(ur.Resets, m.resets)
}

// reported checks that an abstract outcome admits a concrete failure:
// not NoFail, and a check recorded at the failure's position.
func reported(err *cfail, o Outcome) string {
	switch {
	case o.Fail == NoFail:
		return "fails (" + err.msg + ") but the abstraction says no fail"
	case !slices.ContainsFunc(o.Errors, func(f Failure) bool { return f.Pos == err.pos }):
		return fmt.Sprintf("fails at %d (%s), not among %v", err.pos, err.msg, o.Errors)
	}
	return ""
}

func printExprs(list []ir.Expr) string {
	var b strings.Builder
	for _, x := range list {
		fmt.Fprintf(&b, "%s\n", exprString(x))
	}
	return b.String()
}

// exprString prints a node compactly for failure reports.
func exprString(e ir.Expr) string {
	switch e := e.(type) {
	case *ir.Const:
		return fmt.Sprint(e.V)
	case *ir.Load:
		return refString(e.Ref)
	case *ir.Unary:
		return fmt.Sprintf("%s(%s)", e.Op, exprString(e.X))
	case *ir.Binary:
		return fmt.Sprintf("(%s %s %s)", exprString(e.X), e.Op, exprString(e.Y))
	case *ir.Cond:
		return fmt.Sprintf("(%s ? %s : %s)", exprString(e.C), exprString(e.X), exprString(e.Y))
	case *ir.Offset:
		return exprString(e.X)
	case *ir.Assign:
		return fmt.Sprintf("(%s %s= %s)", refString(e.Dst), e.Op, exprString(e.X))
	case *ir.IncDec:
		return fmt.Sprintf("(%s += %d post=%v)", refString(e.Dst), e.Delta, e.Post)
	case *ir.ClockSet:
		return fmt.Sprintf("(%s := %s)", refString(e.Clock), exprString(e.X))
	case *ir.Quant:
		return fmt.Sprintf("%s(l%d in %d..%d: %s)", e.Op, e.Slot, e.Lo, e.Hi, exprString(e.Body))
	case *ir.Call:
		var args []string
		for _, a := range e.Args {
			if a.X != nil {
				args = append(args, exprString(a.X))
			} else {
				args = append(args, "&"+refString(a.Src))
			}
		}
		return fmt.Sprintf("%s(%s)", e.Fn.Name, strings.Join(args, ", "))
	}
	return fmt.Sprintf("%T", e)
}

func refString(r *ir.Ref) string {
	s := fmt.Sprintf("%s%d", r.Space, r.Off)
	if r.Param {
		s = "*" + s
	}
	if r.Index != nil {
		s += "[" + exprString(r.Index) + "]"
	}
	return s
}

var (
	flagCases = flag.Int("abstract.cases", 10000, "random cases of the abstract evaluation's property tests")
	flagSeed  = flag.Uint64("abstract.seed", 7, "seed of the abstract evaluation's property tests")
)

// TestAbstractContainsConcrete is the soundness property: for random
// expressions, updates, functions and abstract states, every concrete
// run from a represented state is inside the abstract result.
func TestAbstractContainsConcrete(t *testing.T) {
	r := rand.New(rand.NewPCG(*flagSeed, 11))
	cases := *flagCases
	if testing.Short() {
		cases /= 10
	}
	for n := range cases {
		g := &gen{r: r, free: []int32{0, 1}}
		if r.IntN(2) == 0 {
			g.fn = g.function()
		}
		list := []ir.Expr{g.expr(3)}
		for range r.IntN(3) {
			list = append(list, g.expr(3))
		}
		w := randomAbs(r, false, 300)
		w.st.Opts.Rounds = []int{1, 2, 8}[r.IntN(3)]
		if r.IntN(4) == 0 {
			w.st.Ranges = nil
		}
		er := EvalExpr(list[0], 2, w.st)
		ur := ApplyUpdate(&ir.Update{List: list, Frame: 2}, w.st)
		for _, o := range []Outcome{er.Outcome, ur.Outcome} {
			if (o.Fail == NoFail) != (len(o.Errors) == 0) {
				t.Fatalf("case %d: fail %v with errors %v", n, o.Fail, o.Errors)
			}
		}
		w.each(func(m *cm) {
			m.rounds = max(w.st.Opts.Rounds+1, 40)
			if msg := contains(m, list, er, ur); msg != "" {
				t.Fatalf("case %d: %s\nstate vars=%v meta=%v sel=%v locs=%v\nabstract %+v\n%s", n, msg,
					m.vars, m.meta, m.sel, m.locs, w.st, printExprs(list))
			}
		})
	}
}

// TestAbstractExactWhenKnown: with every slot known, the abstract
// evaluation follows the one concrete run: points, the same failure.
func TestAbstractExactWhenKnown(t *testing.T) {
	r := rand.New(rand.NewPCG(*flagSeed, 5))
	for n := range *flagCases {
		g := &gen{r: r, free: []int32{0, 1}}
		if r.IntN(2) == 0 {
			g.fn = g.function()
		}
		list := []ir.Expr{g.expr(3), g.expr(3)}
		w := randomAbs(r, true, 1)
		ur := ApplyUpdate(&ir.Update{List: list, Frame: 2}, w.st)
		w.each(func(m *cm) {
			m.rounds = DefaultRounds + 1
			err := m.run(2, func() {
				for _, x := range list {
					m.expr(x)
				}
			})
			if err != nil && err.msg == ir.LoopError() {
				return // past the unrolling: a loop cycling through several states is not recognised
			}
			if msg := exact(m, err != nil, ur); msg != "" {
				t.Fatalf("case %d: %s\n%s", n, msg, printExprs(list))
			}
		})
	}
}

func exact(m *cm, failed bool, ur *UpdateResult) string {
	switch {
	case failed && ur.Fail != MustFail:
		return "concrete fails, abstract says " + ur.Fail.String()
	case failed:
		return ""
	case ur.Fail != NoFail:
		return fmt.Sprintf("concrete succeeds, abstract says %v %v", ur.Fail, ur.Errors)
	}
	for i, v := range m.vars {
		if ur.Vars[i] != Point(v) {
			return fmt.Sprintf("var %d: %v, concrete %d", i, ur.Vars[i], v)
		}
	}
	if len(ur.Resets) != len(m.resets) {
		return fmt.Sprintf("resets %v, concrete %v", ur.Resets, m.resets)
	}
	for i, x := range m.resets {
		if q := ur.Resets[i]; !q.Sure() || q.Clock.Lo != x[0] || q.Value != Point(x[1]) {
			return fmt.Sprintf("resets %v, concrete %v", ur.Resets, m.resets)
		}
	}
	return ""
}

// TestApplyIntervalContainsApply checks every binary and unary operator
// pair by pair over small intervals, near 0 and near the int32 extremes:
// the result holds every valid Apply, Fail is exact, points are exact.
func TestApplyIntervalContainsApply(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	interval := func() Interval {
		base := []int64{0, 0, 0, 40, -40, math.MaxInt32 - 3, math.MinInt32}[r.IntN(7)]
		lo := base + int64(r.IntN(9)) - 4
		lo = max(min(lo, math.MaxInt32), math.MinInt32)
		hi := min(lo+int64(r.IntN(12)), math.MaxInt32)
		if r.IntN(5) == 0 {
			hi = min(lo+int64(r.IntN(300)), math.MaxInt32)
		}
		return Interval{int32(lo), int32(hi)}
	}
	for range 20000 {
		o := ir.Op(1 + r.IntN(int(ir.Imply)))
		x, y := interval(), interval()
		v, f := ApplyInterval(o, x, y)
		valid, invalid := 0, 0
		for a := x.lo(); a <= x.hi(); a++ {
			for b := y.lo(); b <= y.hi(); b++ {
				w, msg := ir.Apply(o, int32(a), int32(b))
				if msg != "" {
					invalid++
					continue
				}
				valid++
				if !v.Contains(w) {
					t.Fatalf("%v %v %v = %v, but %d %v %d = %d", x, o, y, v, a, o, b, w)
				}
			}
		}
		want := map[bool]Fail{true: MayFail, false: NoFail}[invalid > 0]
		if valid == 0 {
			want = MustFail
		}
		if f != want {
			t.Fatalf("%v %v %v: fail %v, want %v", x, o, y, f, want)
		}
	}
	for range 5000 {
		o := []ir.Op{ir.Neg, ir.Not, ir.Abs}[r.IntN(3)]
		x := interval()
		v, f := ApplyUnaryInterval(o, x)
		valid, invalid := 0, 0
		for a := x.lo(); a <= x.hi(); a++ {
			w, msg := ir.ApplyUnary(o, int32(a))
			if msg != "" {
				invalid++
				continue
			}
			valid++
			if !v.Contains(w) {
				t.Fatalf("%v %v = %v, but %v %d = %d", o, x, v, o, a, w)
			}
		}
		want := map[bool]Fail{true: MayFail, false: NoFail}[invalid > 0]
		if valid == 0 {
			want = MustFail
		}
		if f != want {
			t.Fatalf("%v %v: fail %v, want %v", o, x, f, want)
		}
	}
}

func TestApplyIntervalPoints(t *testing.T) {
	for o := ir.Add; o <= ir.Imply; o++ {
		for _, p := range [][2]int32{{7, 3}, {-7, 3}, {math.MinInt32, -1}, {math.MaxInt32, 1}, {5, 0}, {2, 31}, {3, -1}} {
			v, f := ApplyInterval(o, Point(p[0]), Point(p[1]))
			w, msg := ir.Apply(o, p[0], p[1])
			switch {
			case msg != "" && f != MustFail:
				t.Errorf("%d %v %d: %v, want must fail", p[0], o, p[1], f)
			case msg == "" && (f != NoFail || v != Point(w)):
				t.Errorf("%d %v %d = %v (%v), want %d", p[0], o, p[1], v, f, w)
			}
		}
	}
}

func TestEnumNames(t *testing.T) {
	for v := range Unknown + 1 {
		if strings.HasPrefix(v.String(), "Tri(") {
			t.Errorf("Tri %d has no name", v)
		}
	}
	for v := range MustFail + 1 {
		if strings.HasPrefix(v.String(), "Fail(") {
			t.Errorf("Fail %d has no name", v)
		}
	}
}

// The examples: small hand-built cases with the answers spelled out.

// known returns an abstract state with x, y, a and s at the given values
// and the select value e in sel.
func known(vars []int32, sel Interval) *State {
	st := &State{Vars: Project(vars, []bool{true, true, true, true, true, true, true, true, true}, varRanges),
		Meta: []Interval{Point(0)}, Sel: []Interval{sel}, Pool: testPool, Locs: []int32{0, UnknownLoc}, Ranges: varRanges}
	if err := st.Check(); err != nil {
		panic(err)
	}
	return st
}

var state0 = []int32{1, 2, 0, 1, 2, 1, -1, 3, 1} // x, y, a[3], s[0].f, s[0].g, s[1].f, s[1].g

func expectExpr(t *testing.T, name string, e ir.Expr, st *State, want Interval, fail Fail, msg string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		r := EvalExpr(e, 2, st)
		if r.Fail != fail || (fail != MustFail && r.Value != want) {
			t.Fatalf("got %v %v %v, want %v %v", r.Value, r.Fail, r.Errors, want, fail)
		}
		if msg != "" && (len(r.Errors) == 0 || r.Errors[0].Msg != msg) {
			t.Fatalf("errors %v, want %q", r.Errors, msg)
		}
	})
}

func TestAbstractExamples(t *testing.T) {
	e := ld(selRef())
	st := known(state0, Interval{0, 2})
	expectExpr(t, "division", bin(ir.Quo, c(6), bin(ir.Sub, e, c(1))), st, Interval{-6, 6}, MayFail, "division by zero")
	expectExpr(t, "division by zero", bin(ir.Quo, c(6), bin(ir.Mul, e, c(0))), st, Interval{}, MustFail, "division by zero")
	expectExpr(t, "index", ld(aRef(bin(ir.Add, e, c(1)))), st, Interval{1, 2}, MayFail, "array index 3 out of range [0,2]")
	expectExpr(t, "index must fail", ld(aRef(bin(ir.Add, e, c(3)))), st, Interval{}, MustFail, "array index 3 out of range [0,2]")
	expectExpr(t, "stride", ld(sRef(bin(ir.Rem, e, c(2)), 0)), st, Interval{1, 3}, NoFail, "")
	expectExpr(t, "range narrows", set(yRef(), bin(ir.Add, e, c(3))), st, Interval{3, 4}, MayFail,
		"assignment out of range: y = 5 is outside [0,4]")
	expectExpr(t, "short circuit", bin(ir.LAnd, bin(ir.Gtr, e, c(5)), bin(ir.Quo, c(1), c(0))), st, Point(0), NoFail, "")
	expectExpr(t, "one side fails", bin(ir.LOr, bin(ir.Gtr, e, c(0)), bin(ir.Quo, c(1), c(0))), st, Point(1), MayFail, "division by zero")
	expectExpr(t, "not relational", bin(ir.LAnd, bin(ir.Gtr, e, c(0)), bin(ir.Quo, c(1), e)), st, Interval{0, 1}, MayFail, "division by zero")
	expectExpr(t, "loc unknown", &ir.LocIs{Proc: 1, Loc: 0}, st, Interval{0, 1}, NoFail, "")
	expectExpr(t, "loc known", &ir.LocIs{Proc: 0, Loc: 0}, st, Point(1), NoFail, "")
	expectExpr(t, "forall", &ir.Quant{Op: ir.LAnd, Slot: 0, Lo: 0, Hi: 2, Body: bin(ir.Leq, ld(aRef(ld(local(0, 0, 2)))), c(2))}, st, Point(1), NoFail, "")
	expectExpr(t, "exists unknown", &ir.Quant{Op: ir.LOr, Slot: 0, Lo: 0, Hi: 2, Body: bin(ir.Eql, ld(local(0, 0, 2)), e)}, st, Interval{0, 1}, NoFail, "")

	call := func(fn *ir.Func, args ...*ir.Arg) ir.Expr { return &ir.Call{Fn: fn, Args: args} }
	val := func(x ir.Expr) *ir.Arg { return &ir.Arg{Kind: ir.ArgValue, X: x} }
	expectExpr(t, "branchy", call(fnBranchy, val(bin(ir.Sub, e, c(1)))), st, Interval{-1, 7}, MayFail,
		"assignment out of range: x = 4 is outside [-3,3]")
	expectExpr(t, "ref param", call(fnAddTo, &ir.Arg{Kind: ir.ArgRef, Src: aRef(c(0))}, val(c(2))), st, Point(2), NoFail, "")
	expectExpr(t, "falls off", call(fnFalls, val(e)), st, Interval{0, 1}, NoFail, "")
	expectExpr(t, "do while", call(fnDoWhile, val(e)), st, Interval{1, 3}, NoFail, "")
	expectExpr(t, "spill", call(fnSpill, &ir.Arg{Kind: ir.ArgSpill, X: e}), st, Interval{1, 3}, NoFail, "")
	expectExpr(t, "copy arg", call(fnSumArr, &ir.Arg{Kind: ir.ArgCopy, Src: &ir.Ref{Space: ir.Var, Off: 2, Span: 3}}), st, Point(3), NoFail, "")
	expectExpr(t, "loop exact", call(fnUpTo, val(c(9))), st, Point(10), NoFail, "")
	big := known(state0, Interval{0, 50})
	big.Opts.Rounds = 3
	expectExpr(t, "loop widened", call(fnUpTo, val(e)), big, Interval{0, iHi}, MayFail, ir.LoopError())
	big.Opts.Rounds = 0
	expectExpr(t, "loop unrolled", call(fnUpTo, val(e)), big, Interval{0, 50}, NoFail, "")
	// while (true) { if (e == 1) break; }: a round changes nothing, which
	// is a fixpoint at once; a run with e != 1 goes round for ever.
	spin := &ir.Func{Name: "spin", Lo: iLo, Hi: iHi, Body: block(
		&ir.Loop{Body: &ir.If{C: bin(ir.Eql, e, c(1)), Then: &ir.Break{}}}, ret(e))}
	expectExpr(t, "stuck loop", call(spin), st, Interval{0, 2}, MayFail, ir.LoopError())
	expectExpr(t, "endless loop", call(spin), known(state0, Point(0)), Interval{}, MustFail, ir.LoopError())
	once := &ir.Func{Name: "once", Lo: iLo, Hi: iHi, Body: block(&ir.Loop{DoWhile: true, Cond: bin(ir.Eql, e, c(1)), Body: block()}, ret(c(5)))}
	expectExpr(t, "do while once", call(once), known(state0, Point(0)), Point(5), NoFail, "")
}

func TestAbstractUpdate(t *testing.T) {
	e := ld(selRef())
	st := known(state0, Interval{0, 2})
	u := &ir.Update{List: []ir.Expr{
		set(aRef(bin(ir.Rem, e, c(2))), c(2)), // weak: a[0], a[1]
		set(xRef(), e),                        // strong
		&ir.Cond{C: bin(ir.Gtr, e, c(0)), X: &ir.ClockSet{Clock: clockRef(c(1)), X: c(0)}, Y: c(0)}, // maybe
		&ir.ClockSet{Clock: clockRef(c(2)), X: c(1)},                                                // sure
	}}
	r := ApplyUpdate(u, st)
	if r.Fail != NoFail {
		t.Fatalf("fail %v %v", r.Fail, r.Errors)
	}
	want := []Interval{{0, 2}, Point(2), {0, 2}, {1, 2}, Point(2)}
	if !slices.Equal(r.Vars[:5], want) {
		t.Errorf("vars %v, want %v", r.Vars[:5], want)
	}
	if !slices.Equal(r.Changed, []int32{0, 2, 3}) {
		t.Errorf("changed %v", r.Changed)
	}
	wantResets := []ClockReset{{Clock: Point(1), Value: Point(0), Maybe: true}, {Clock: Point(2), Value: Point(1)}}
	if !slices.Equal(r.Resets, wantResets) {
		t.Errorf("resets %v, want %v", r.Resets, wantResets)
	}
	knownMask := []bool{true, false, true}
	cs, ok := r.Choices(knownMask, 9)
	if !ok || len(cs) != 2 || !slices.Equal(cs[0].Values, []int32{0, 1, 2}) || !slices.Equal(cs[1].Values, []int32{0, 1, 2}) {
		t.Fatalf("choices %v %v", cs, ok)
	}
	for _, limit := range []int{8, 0, -1} {
		if _, ok := r.Choices(knownMask, limit); ok {
			t.Errorf("9 successors fit a limit of %d", limit)
		}
	}
	if cs, ok := r.Choices(knownMask, math.MaxInt); !ok || len(cs) != 2 {
		t.Errorf("no limit: %v %v", cs, ok)
	}
	var succ [][]int32
	Successors(state0, cs, func(v []int32) { succ = append(succ, slices.Clone(v[:3])) })
	if len(succ) != 9 || !slices.Equal(succ[4], []int32{1, 2, 1}) {
		t.Errorf("successors %v", succ)
	}
	if r := ApplyUpdate(&ir.Update{List: []ir.Expr{set(yRef(), c(9))}}, st); r.Fail != MustFail || r.Vars != nil {
		t.Errorf("out of range: %v %v", r.Fail, r.Vars)
	}
}

func TestEvalGuardAndConstraint(t *testing.T) {
	st := known(state0, Interval{0, 2})
	st.Vars[0] = varRanges[0] // x unknown
	for _, c0 := range []struct {
		cond ir.Expr
		want Tri
	}{
		{bin(ir.Gtr, ld(xRef()), c(5)), False},
		{bin(ir.Gtr, ld(xRef()), c(0)), Unknown},
		{bin(ir.Geq, ld(yRef()), c(2)), True},
		{bin(ir.LOr, bin(ir.Lss, ld(xRef()), c(0)), bin(ir.Geq, ld(xRef()), c(0))), Unknown}, // non-relational
		{nil, True},
	} {
		if got, _ := EvalGuard(&ir.Guard{Cond: c0.cond}, st); got != c0.want {
			t.Errorf("%v: %v, want %v", c0.cond, got, c0.want)
		}
	}
	r := EvalConstraint(ir.Constraint{I: clockRef(ld(selRef())), Bound: bin(ir.Add, ld(xRef()), c(1))}, 0, st)
	if r.I != (Interval{0, 2}) || r.J != Point(0) || r.Bound != (Interval{-2, 4}) || r.Fail != NoFail {
		t.Errorf("constraint %+v", r)
	}
}

// TestResetsInLoops: a fixpoint must also wait for the clock resets of
// its rounds (it once stopped when the data was stable, and lost k1 = 3).
func TestResetsInLoops(t *testing.T) {
	x := xRef()
	body := &ir.ClockSet{Clock: clockRef(c(1)), X: &ir.IncDec{Dst: x, Delta: 1}}
	for _, rounds := range []int{1, 2, 0} {
		st := known([]int32{0, 2, 0, 1, 2, 1, -1, 3, 1}, Point(0))
		st.Opts.Rounds = rounds
		u := &ir.Update{List: []ir.Expr{&ir.Quant{Op: ir.Add, Slot: 0, Lo: 1, Hi: 3, Body: body}}, Frame: 1}
		r := ApplyUpdate(u, st)
		if msg := coversRun(r.Resets, [][2]int32{{1, 1}, {1, 2}, {1, 3}}); r.Fail == MustFail || msg != "" {
			t.Errorf("rounds %d: %v %v: %s", rounds, r.Fail, r.Resets, msg)
		}
	}
}

// TestMixedSpaceWrite: a write through an address set that reaches one
// clock and also other spaces is a possible reset, not a sure one.
func TestMixedSpaceWrite(t *testing.T) {
	addr := &ir.Cond{C: bin(ir.Gtr, ld(selRef()), c(0)), X: c(ir.Encode(ir.Clock, 0)), Y: c(ir.Encode(ir.Var, 0))}
	fn := &ir.Func{Name: "w", Void: true, Frame: 1, Params: []*ir.Param{valueParam("p", 0, iLo, math.MaxInt32)},
		Body: do(set(&ir.Ref{Space: ir.Local, Param: true, Off: 0, Span: 1, Lo: -3, Hi: 3, Name: "*p"}, c(3)))}
	st := known(state0, Interval{0, 1})
	r := ApplyUpdate(&ir.Update{List: []ir.Expr{&ir.Call{Fn: fn, Args: []*ir.Arg{{Kind: ir.ArgValue, X: addr}}}}}, st)
	if r.Fail != NoFail || !r.Vars[0].Contains(3) || len(r.Resets) != 1 || r.Resets[0].Sure() {
		t.Errorf("%v %v %v", r.Fail, r.Vars[0], r.Resets)
	}
}

func TestMergeResets(t *testing.T) {
	a := []ClockReset{{Clock: Point(0), Value: Point(0)}, {Clock: Point(1), Value: Point(1)}}
	b := []ClockReset{{Clock: Point(0), Value: Point(0)}, {Clock: Point(2), Value: Point(1)}, {Clock: Point(1), Value: Point(1)}}
	got := mergeResets(a, b)
	want := []ClockReset{{Clock: Point(0), Value: Point(0)}, {Clock: Point(1), Value: Point(1), Maybe: true}, {Clock: Point(2), Value: Point(1), Maybe: true}}
	if !slices.Equal(got, want) {
		t.Errorf("merge %v, want %v", got, want)
	}
}
