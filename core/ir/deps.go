// Dependencies: which state slots, meta slots, clocks, channels and
// process locations a piece of the resolved form may read or write, and
// which clocks it surely resets.

package ir

import (
	"fmt"
	"math"
	"slices"
)

// Deps is what an expression, guard, update or function may touch. Every
// list is sorted and free of duplicates. A dynamic reference counts for
// every slot it may reach; an access through a reference parameter
// counts for the object bound at each call (a function's own Deps, with
// no call to bind its parameters, leaves such accesses out).
type Deps struct {
	ReadVars, WriteVars []int32 // state slots (Network.Vars)
	ReadMeta, WriteMeta []int32 // meta slots
	Clocks              []int32 // clocks read by constraints
	Resets              []int32 // clocks that may be assigned
	// SureResets are the clocks assigned on every run that ends without
	// a run-time error: top-level assignments of an update, and those of
	// a called function's body before any statement that may return,
	// break or continue, a conditional counting for what both of its
	// branches assign.
	SureResets []int32
	Chans      []int32 // channels named (synchronisation)
	Procs      []int32 // processes whose location is tested (queries)
	// Calls lists the functions called, directly or not.
	Calls []*Func
}

// ExprDeps returns what e may touch.
func ExprDeps(e Expr) Deps {
	w := newDepWalker()
	w.expr(e)
	w.sure(e)
	return w.done()
}

// GuardDeps returns what a guard or invariant may read.
func GuardDeps(g *Guard) Deps {
	w := newDepWalker()
	if g != nil {
		if g.Cond != nil {
			w.expr(g.Cond)
		}
		for _, c := range g.Clocks {
			w.constraint(c)
		}
	}
	return w.done()
}

// ConstraintDeps returns what a clock constraint may read.
func ConstraintDeps(c Constraint) Deps {
	w := newDepWalker()
	w.constraint(c)
	return w.done()
}

// UpdateDeps returns what an update may touch, with the clocks its
// top-level assignments surely reset.
func UpdateDeps(u *Update) Deps {
	w := newDepWalker()
	if u != nil {
		for _, x := range u.List {
			w.expr(x)
			w.sure(x)
		}
	}
	return w.done()
}

// RefDeps returns what evaluating a reference reads (its index) and the
// objects it may denote, as reads (a channel reference: Chans).
func RefDeps(r *Ref) Deps {
	w := newDepWalker()
	w.ref(r, false)
	return w.done()
}

// FuncDeps returns what a function's body may touch through state,
// meta variables, fixed clocks and the functions it calls.
func FuncDeps(f *Func) Deps {
	w := newDepWalker()
	w.frames = append(w.frames, nil)
	w.stmt(f.Body)
	w.sureStmt(f.Body)
	return w.done()
}

// depWalker collects dependencies. frames binds, for each call being
// walked, a reference parameter's frame slot to the object passed.
//
// Each function body is walked once per binding of its reference
// parameters: walked records those walks, since a second walk would add
// nothing to the sets, and sure keeps the sure resets each one found (a
// sure walk is a conditional's branch, whose sets are intersected, so its
// result must be added again). Walking every call anew cost 3^n walks
// for a chain of functions each calling the next three times.
type depWalker struct {
	sets    [10]map[int32]bool
	spans   [10]map[slotSpan]bool // accesses of several slots, kept whole
	calls   []*Func
	called  map[*Func]bool // calls as a set
	frames  []map[int32]*Ref
	walked  map[depKey]bool
	sureMem map[depKey][]int32
}

// depKey identifies the walk of a function's body: the function and
// what its reference parameters are bound to (bindKey).
type depKey struct {
	fn   *Func
	bind string
}

// slotSpan is the slots Off .. Off+N-1 of an access to an array or struct.
// The walker records it whole: one access per slot would cost the size
// of the object at each of its uses, and a model passing a 400k-slot
// array by value at 3,000 call sites took minutes to load.
type slotSpan struct{ Off, N int32 }

// The sets of a depWalker, in Deps field order.
const (
	dReadVars = iota
	dWriteVars
	dReadMeta
	dWriteMeta
	dClocks
	dResets
	dSure
	dChans
	dProcs
)

func newDepWalker() *depWalker {
	w := &depWalker{called: map[*Func]bool{}, walked: map[depKey]bool{}, sureMem: map[depKey][]int32{}}
	for i := range w.sets {
		w.sets[i] = map[int32]bool{}
		w.spans[i] = map[slotSpan]bool{}
	}
	return w
}

func (w *depWalker) done() Deps {
	list := func(i int) []int32 {
		if len(w.sets[i]) == 0 && len(w.spans[i]) == 0 {
			return nil
		}
		out := make([]int32, 0, len(w.sets[i]))
		for k := range w.sets[i] {
			out = append(out, k)
		}
		out = append(out, expand(w.spans[i])...)
		slices.Sort(out)
		return slices.Compact(out)
	}
	return Deps{
		ReadVars: list(dReadVars), WriteVars: list(dWriteVars),
		ReadMeta: list(dReadMeta), WriteMeta: list(dWriteMeta),
		Clocks: list(dClocks), Resets: list(dResets), SureResets: list(dSure),
		Chans: list(dChans), Procs: list(dProcs), Calls: w.calls,
	}
}

// resolve returns the object r denotes with reference parameters
// replaced by what the enclosing call passed, and whether that object is
// one fixed slot. It returns nil for frame locals and unbound parameters.
func (w *depWalker) resolve(r *Ref) (*Ref, bool) {
	if !r.Param {
		return r, r.Index == nil
	}
	if len(w.frames) == 0 || w.frames[len(w.frames)-1] == nil {
		return nil, false
	}
	a := w.frames[len(w.frames)-1][r.Off]
	if a == nil {
		return nil, false
	}
	return a, r.Index == nil && a.Index == nil
}

// touch records the slots an access of n slots at r may reach.
func (w *depWalker) touch(r *Ref, n int32, write bool) {
	a, fixed := w.resolve(r)
	if a == nil {
		return
	}
	if !fixed {
		n = a.Span
	}
	var set int
	switch a.Space {
	case Var:
		set = pick(write, dWriteVars, dReadVars)
	case Meta:
		set = pick(write, dWriteMeta, dReadMeta)
	case Clock:
		set = pick(write, dResets, dClocks)
	case Chan:
		set = dChans
	default:
		return
	}
	if n <= 1 {
		w.sets[set][a.Off] = true
		return
	}
	w.spans[set][slotSpan{a.Off, n}] = true
}

// expand lists the slots of the spans, each once, ascending: the spans
// are merged first, so overlapping ones cost their union.
func expand(spans map[slotSpan]bool) []int32 {
	list := make([]slotSpan, 0, len(spans))
	for s := range spans {
		list = append(list, s)
	}
	slices.SortFunc(list, func(a, b slotSpan) int { return int(a.Off) - int(b.Off) })
	var out []int32
	next := int64(math.MinInt64) // the first slot not yet listed
	for _, s := range list {
		for k := max(int64(s.Off), next); k < int64(s.Off)+int64(s.N); k++ {
			out = append(out, int32(k))
		}
		next = max(next, int64(s.Off)+int64(s.N))
	}
	return out
}

func pick(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

// ref records what evaluating r reads (its index) and the slot it
// denotes.
func (w *depWalker) ref(r *Ref, write bool) { w.refN(r, 1, write) }

// refN is ref for an access of n slots (arrays and structs).
func (w *depWalker) refN(r *Ref, n int32, write bool) {
	if r == nil {
		return
	}
	if r.Index != nil {
		w.expr(r.Index)
	}
	w.touch(r, n, write)
}

func (w *depWalker) constraint(c Constraint) {
	w.ref(c.I, false)
	w.ref(c.J, false)
	if c.Bound != nil {
		w.expr(c.Bound)
	}
}

// expr walks e for reads and writes.
func (w *depWalker) expr(e Expr) {
	switch e := e.(type) {
	case *Load:
		w.ref(e.Ref, false)
	case *Unary:
		w.expr(e.X)
	case *Binary:
		w.expr(e.X)
		w.expr(e.Y)
	case *Cond:
		w.expr(e.C)
		w.expr(e.X)
		w.expr(e.Y)
	case *Offset:
		w.expr(e.X)
	case *Assign:
		if e.Op != Nop {
			w.ref(e.Dst, false)
		}
		w.ref(e.Dst, true)
		w.expr(e.X)
	case *IncDec:
		w.ref(e.Dst, false)
		w.ref(e.Dst, true)
	case *ClockSet:
		w.ref(e.Clock, true)
		w.expr(e.X)
	case *Copy:
		w.refN(e.Src, int32(len(e.Ranges)), false)
		w.refN(e.Dst, int32(len(e.Ranges)), true)
	case *Equal:
		w.refN(e.X, e.N, false)
		w.refN(e.Y, e.N, false)
	case *Seq:
		for _, x := range e.List {
			w.expr(x)
		}
	case *Quant:
		w.expr(e.Body)
	case *LocIs:
		w.sets[dProcs][e.Proc] = true
	case *Choose:
		for _, x := range e.Index {
			w.expr(x)
		}
		for _, x := range e.List {
			w.expr(x)
		}
	case *Call:
		w.call(e, false)
	}
}

// call walks a call: its arguments in the caller's frame, then the body
// with the reference parameters bound. With sure set it collects the
// body's sure resets instead.
func (w *depWalker) call(c *Call, sure bool) {
	frame := map[int32]*Ref{}
	for i, a := range c.Args {
		p := c.Fn.Params[i]
		if !sure {
			if a.X != nil {
				w.expr(a.X)
			}
			if a.Src != nil && a.Kind == ArgCopy {
				w.refN(a.Src, p.Size, false)
			}
			if a.Src != nil && a.Kind == ArgRef && a.Src.Index != nil {
				w.expr(a.Src.Index)
			}
		}
		if a.Kind == ArgRef && a.Src != nil {
			if r, _ := w.resolve(a.Src); r != nil {
				frame[p.Off] = widen(r, p.Size)
			}
		}
	}
	if !sure && !w.called[c.Fn] {
		w.calls = append(w.calls, c.Fn)
		w.called[c.Fn] = true
	}
	key := depKey{fn: c.Fn, bind: bindKey(frame)}
	if sure {
		ks, ok := w.sureMem[key]
		if !ok {
			ks = w.sureBody(c.Fn, frame)
			w.sureMem[key] = ks
		}
		for _, k := range ks {
			w.sets[dSure][k] = true
		}
		return
	}
	if w.walked[key] {
		return
	}
	w.walked[key] = true
	w.frames = append(w.frames, frame)
	w.stmt(c.Fn.Body)
	w.frames = w.frames[:len(w.frames)-1]
}

// sureBody returns the clocks fn's body surely resets with frame bound.
func (w *depWalker) sureBody(fn *Func, frame map[int32]*Ref) []int32 {
	outer := w.sets[dSure]
	w.sets[dSure] = map[int32]bool{}
	w.frames = append(w.frames, frame)
	w.sureStmt(fn.Body)
	w.frames = w.frames[:len(w.frames)-1]
	var ks []int32
	for k := range w.sets[dSure] {
		ks = append(ks, k)
	}
	w.sets[dSure] = outer
	return ks
}

// bindKey spells out a call's binding of reference parameters as far as
// the walk reads it: each object's space, offset, span and whether its
// index is dynamic.
func bindKey(frame map[int32]*Ref) string {
	offs := make([]int32, 0, len(frame))
	for off := range frame {
		offs = append(offs, off)
	}
	slices.Sort(offs)
	b := make([]byte, 0, 16*len(offs))
	for _, off := range offs {
		r := frame[off]
		b = fmt.Appendf(b, "%d:%d/%d/%d/%t;", off, r.Space, r.Off, r.Span, r.Index != nil)
	}
	return string(b)
}

// widen returns the object passed by reference as seen from the callee:
// a fixed object keeps its slots (size n), a dynamic one may be any
// object in its span.
func widen(r *Ref, n int32) *Ref {
	c := *r
	if c.Index == nil {
		c.Span = n
	}
	return &c
}

// stmt walks a statement for reads and writes.
func (w *depWalker) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		for _, x := range s.List {
			w.stmt(x)
		}
	case *Do:
		w.expr(s.X)
	case *If:
		w.expr(s.C)
		w.stmt(s.Then)
		w.stmt(s.Else)
	case *Loop:
		for _, x := range []Expr{s.Init, s.Cond, s.Post} {
			if x != nil {
				w.expr(x)
			}
		}
		w.stmt(s.Body)
	case *ForRange:
		w.stmt(s.Body)
	case *Return:
		if s.X != nil {
			w.expr(s.X)
		}
	}
}

// sure collects the clocks e surely resets: a clock assignment at top
// level, in a comma list, or in the straight-line start of a called body.
func (w *depWalker) sure(e Expr) {
	switch e := e.(type) {
	case *ClockSet:
		if a, fixed := w.resolve(e.Clock); a != nil && fixed && a.Space == Clock {
			w.sets[dSure][a.Off] = true
		}
	case *Seq:
		for _, x := range e.List {
			w.sure(x)
		}
	case *Call:
		w.call(e, true)
	}
}

// sureStmt collects the sure resets of a body's straight-line start: it
// stops at the first statement that may leave the body. A conditional
// surely resets what both of its branches surely reset.
func (w *depWalker) sureStmt(s Stmt) bool {
	switch s := s.(type) {
	case *Block:
		for _, x := range s.List {
			if !w.sureStmt(x) {
				return false
			}
		}
	case *Do:
		w.sure(s.X)
	case *If:
		if mayLeave(s) {
			return false
		}
		w.sureBoth(s.Then, s.Else)
	case *Return, *Break, *Continue:
		return false
	case nil, *Fill:
	default:
		return !mayLeave(s)
	}
	return true
}

// sureBoth adds the clocks that both a and b surely reset.
func (w *depWalker) sureBoth(a, b Stmt) {
	outer := w.sets[dSure]
	w.sets[dSure] = map[int32]bool{}
	w.sureStmt(a)
	inA := w.sets[dSure]
	w.sets[dSure] = map[int32]bool{}
	w.sureStmt(b)
	for k := range w.sets[dSure] {
		if inA[k] {
			outer[k] = true
		}
	}
	w.sets[dSure] = outer
}

// mayLeave reports whether s contains a return, break or continue.
func mayLeave(s Stmt) bool {
	switch s := s.(type) {
	case *Return, *Break, *Continue:
		return true
	case *Block:
		return slices.ContainsFunc(s.List, mayLeave)
	case *If:
		return mayLeave(s.Then) || mayLeave(s.Else)
	case *Loop:
		return mayLeave(s.Body)
	case *ForRange:
		return mayLeave(s.Body)
	}
	return false
}
