// The abstract machine behind abstract.go: stores and their joins,
// abstract addresses, statements, loops, quantifiers, calls and updates.

package absint

import (
	"math"
	"slices"

	"beeline/core/ir"
)

// ClockReset is a clock assignment an update may make: a clock of Clock (a
// range when the index is not known) set to a value of Value. Maybe
// marks one that happens on some runs only.
//
// A list of them means: every concrete assignment x = v is covered by an
// entry (x in Clock, v in Value); an entry that is sure (not Maybe, one
// clock) is made by every run; and a clock's final value is covered by
// its last sure entry or by an entry after that one. Maybe entries carry
// no order among themselves: a caller that projects clocks frees a
// clock with a possible entry, or joins the values it may take.
type ClockReset struct {
	Clock, Value Interval
	Maybe        bool
}

// Sure reports whether every run makes r: not Maybe, one clock.
func (r ClockReset) Sure() bool { return !r.Maybe && r.Clock.Lo == r.Clock.Hi }

// UpdateResult is an edge's update run abstractly.
type UpdateResult struct {
	// Vars and Meta are the successor: each slot holds its value after
	// every error-free concrete run. Nil when Fail is MustFail.
	Vars, Meta []Interval
	// Changed lists, ascending, the state slots whose interval differs
	// from the input's.
	Changed []int32
	Resets  []ClockReset
	Outcome
}

// ApplyUpdate runs u over st: its assignments left to right in a label
// frame of u.Frame slots, as the back end does. A nil u changes nothing.
func ApplyUpdate(u *ir.Update, st *State) *UpdateResult {
	a := newAbsEval(st)
	var frame int32
	if u != nil {
		frame = u.Frame
	}
	s := a.newStore(frame)
	if a.run(func() {
		if u != nil {
			for _, x := range u.List {
				if a.expr(x, s); s.dead {
					break
				}
			}
		}
	}) {
		return a.updateGaveUp()
	}
	r := &UpdateResult{Outcome: a.outcome(s.dead)}
	if s.dead {
		return r
	}
	r.Vars, r.Meta, r.Resets = slices.Clone(s.vars.s), slices.Clone(s.meta.s), s.resets
	for i, v := range r.Vars {
		if v != st.Vars[i] {
			r.Changed = append(r.Changed, int32(i))
		}
	}
	return r
}

// Choice is the set of values one state slot may hold after an update.
type Choice struct {
	Slot   int32
	Values []int32
}

// Choices lists, for each Changed slot that known keeps, the values it
// may hold after the update, ascending: what a projection onto known
// enumerates as successors. It reports false, and no list, when the
// successors (the product of the lists' lengths) would be more than
// limit: too many to enumerate.
func (r *UpdateResult) Choices(known []bool, limit int) ([]Choice, bool) {
	var cs []Choice
	n, lim := uint64(1), uint64(max(limit, 0))
	for _, i := range r.Changed {
		if int(i) >= len(known) || !known[i] {
			continue
		}
		v := r.Vars[i]
		if v.Size() > lim/n { // n·size > lim, without overflow
			return nil, false
		}
		n *= v.Size()
		c := Choice{Slot: i, Values: make([]int32, 0, v.Size())}
		for x := v.lo(); x <= v.hi(); x++ {
			c.Values = append(c.Values, int32(x))
		}
		cs = append(cs, c)
	}
	return cs, true
}

// Successors calls f with every vector vars becomes under one
// combination of the choices cs (other slots keep their values). The
// slice f gets is reused between calls.
func Successors(vars []int32, cs []Choice, f func([]int32)) {
	out := slices.Clone(vars)
	var rec func(i int)
	rec = func(i int) {
		if i == len(cs) {
			f(out)
			return
		}
		for _, v := range cs[i].Values {
			out[cs[i].Slot] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// store is the abstract machine at one point of an evaluation: what the
// concrete Envs it stands for hold there. fp and sp are exact: frames
// are pushed by the program's static call structure, the same on every
// path, so joined stores always agree on them.
type store struct {
	dead       bool // no run gets here without an error
	vars, meta cow
	stack      []Interval // absolute, as Env.stack; len >= sp
	fp, sp     int32
	ret        Interval // Env.ret: the value the last Return set
	resets     []ClockReset
}

// cow is a slot vector shared between stores until one of them writes.
// Copying it at each fork would cost a state vector per unknown
// condition, while most branches write a few slots or none.
type cow struct {
	s   []Interval
	own bool
}

func (c *cow) set(i int64, v Interval) {
	if c.s[i] == v {
		return
	}
	if !c.own {
		c.s, c.own = slices.Clone(c.s), true
	}
	c.s[i] = v
}

// shares reports whether c and d are the same vector.
func (c *cow) shares(d cow) bool {
	return len(c.s) == 0 || len(d.s) == 0 || &c.s[0] == &d.s[0]
}

// join makes c hold c ⊔ d slot by slot.
func (c *cow) join(d cow) {
	if c.shares(d) {
		return
	}
	for i, v := range d.s {
		c.set(int64(i), c.s[i].Join(v))
	}
}

// clone returns an independent copy of s; the vectors stay shared.
func (s *store) clone() *store {
	t := *s
	s.vars.own, s.meta.own = false, false
	t.vars.own, t.meta.own = false, false
	t.stack = slices.Clone(s.stack)
	s.resets = slices.Clip(s.resets)
	t.resets = s.resets
	return &t
}

// push opens n frame slots at sp. They start as Top: the concrete stack
// holds there whatever earlier evaluations left.
func (s *store) push(n int32) {
	need := s.sp + n
	for int32(len(s.stack)) < need {
		s.stack = append(s.stack, Top())
	}
	for i := s.sp; i < need; i++ {
		s.stack[i] = Top()
	}
	s.sp = need
}

func (s *store) local(off int32) Interval       { return s.stack[s.fp+off] }
func (s *store) setLocal(off int32, v Interval) { s.stack[s.fp+off] = v }

// join makes s hold s ⊔ t. Slots above sp are not joined: they are
// garbage that push resets before any read.
func (s *store) join(t *store) {
	switch {
	case t.dead:
		return
	case s.dead:
		*s = *t.clone()
		return
	}
	s.vars.join(t.vars)
	s.meta.join(t.meta)
	for i := range s.sp {
		s.stack[i] = s.stack[i].Join(t.stack[i])
	}
	s.ret = s.ret.Join(t.ret)
	s.resets = mergeResets(s.resets, t.resets)
}

// joinStore joins s into the accumulator acc (nil: nothing yet) and
// returns it; s belongs to the accumulator afterwards.
func joinStore(acc, s *store) *store {
	switch {
	case s == nil || s.dead:
		return acc
	case acc == nil:
		return s
	}
	acc.join(s)
	return acc
}

// mergeResets joins two reset lists: the common prefix stays (Maybe
// where either says so), the rest of both follows as Maybe, without
// repeats. See ClockReset for why that is sound.
func mergeResets(a, b []ClockReset) []ClockReset {
	k := 0
	for k < len(a) && k < len(b) && a[k].Clock == b[k].Clock && a[k].Value == b[k].Value {
		k++
	}
	if k == len(a) && k == len(b) && slices.Equal(a, b) {
		return a
	}
	out := make([]ClockReset, k, len(a)+len(b)-k)
	for i := range k {
		out[i] = ClockReset{a[i].Clock, a[i].Value, a[i].Maybe || b[i].Maybe}
	}
	for _, r := range slices.Concat(a[k:], b[k:]) {
		r.Maybe = true
		if !slices.Contains(out[k:], r) {
			out = append(out, r)
		}
	}
	return out
}

// covers reports whether s is above t, clock resets aside.
func (s *store) covers(t *store) bool {
	if t.dead {
		return true
	}
	if s.dead || !covers(s.vars, t.vars) || !covers(s.meta, t.meta) || !t.ret.Within(s.ret) {
		return false
	}
	for i := range s.sp {
		if !t.stack[i].Within(s.stack[i]) {
			return false
		}
	}
	return true
}

func covers(c, d cow) bool {
	if c.shares(d) {
		return true
	}
	for i, v := range d.s {
		if !v.Within(c.s[i]) {
			return false
		}
	}
	return true
}

// widen moves each bound of s that grew since old to the next
// threshold: the state slot's range in ranges when given, else one of
// widenUp and widenDown. A bound passes each threshold at most once,
// which ends fixpoints.
func (s *store) widen(old *store, ranges []Interval) {
	if !s.vars.shares(old.vars) {
		for i, v := range s.vars.s {
			lim := Top()
			if i < len(ranges) {
				lim = ranges[i]
			}
			s.vars.set(int64(i), widened(old.vars.s[i], v, lim))
		}
	}
	if !s.meta.shares(old.meta) {
		for i, v := range s.meta.s {
			s.meta.set(int64(i), widened(old.meta.s[i], v, Top()))
		}
	}
	for i := range s.sp {
		s.stack[i] = widened(old.stack[i], s.stack[i], Top())
	}
	s.ret = widened(old.ret, s.ret, Top())
}

// The thresholds of widening besides a slot's range: the bounds of
// UPPAAL's default int, which most variables and locals have. Jumping
// straight to the int32 extremes would lose both bounds of a counter at
// its next increment, since x + 1 on [0, MaxInt32] may overflow.
var (
	widenUp   = [...]int32{0, 1, 32767, math.MaxInt32}
	widenDown = [...]int32{0, -1, -32768, math.MinInt32}
)

// widened widens old to v (v above old): a bound that moved goes to the
// nearest threshold (or bound of lim) beyond it.
func widened(old, v, lim Interval) Interval {
	if v.Lo < old.Lo {
		lo := int32(math.MinInt32)
		for _, t := range append(widenDown[:], lim.Lo) {
			if t <= v.Lo {
				lo = max(lo, t)
			}
		}
		v.Lo = lo
	}
	if v.Hi > old.Hi {
		hi := int32(math.MaxInt32)
		for _, t := range append(widenUp[:], lim.Hi) {
			if t >= v.Hi {
				hi = min(hi, t)
			}
		}
		v.Hi = hi
	}
	return v
}

// addrSet is an abstract encoded address (see Encode): lo, lo+step, ...,
// hi, with step 0 for one address. The step keeps a[i].f on an array of
// structs to the f fields; an interval would reach the other fields too,
// and writes would weaken them for nothing.
type addrSet struct{ lo, hi, step int64 }

func oneAddr(a int64) addrSet { return addrSet{a, a, 0} }

func (d addrSet) norm() addrSet {
	switch {
	case d.lo == d.hi:
		d.step = 0
	case d.step <= 0:
		d.step = 1
	}
	return d
}

// add is the set of sums: its step is the gcd of the steps.
func (d addrSet) add(e addrSet) addrSet {
	g, h := d.step, e.step
	for h != 0 {
		g, h = h, g%h
	}
	return addrSet{d.lo + e.lo, d.hi + e.hi, g}.norm()
}

func (d addrSet) plus(k int64) addrSet { return addrSet{d.lo + k, d.hi + k, d.step} }

// clip returns the elements of d within l..h, if any.
func (d addrSet) clip(l, h int64) (addrSet, bool) {
	if d.step == 0 {
		return d, l <= d.lo && d.lo <= h
	}
	lo, hi := d.lo, d.hi
	if lo < l {
		lo += (l - lo + d.step - 1) / d.step * d.step
	}
	if hi > h {
		hi -= (hi - h + d.step - 1) / d.step * d.step
	}
	return addrSet{lo, hi, d.step}.norm(), lo <= hi
}

// bySpace calls f with the offsets d reaches in each address space.
// Addresses outside every space (negative ones) reach nothing: no
// concrete evaluation forms them.
func (d addrSet) bySpace(f func(ir.Space, addrSet)) {
	for sp := ir.Var; sp <= ir.Chan; sp++ {
		base := int64(ir.Encode(sp, 0))
		if in, ok := d.clip(base, base+ir.AddrMask); ok {
			f(sp, in.plus(-base))
		}
	}
}

// hull is d as an interval of encoded addresses.
func (d addrSet) hull() Interval { return span(d.lo, d.hi) }

// address computes the encoded addresses r may denote, as the back end's
// encoder does: a reference parameter's frame slot plus the index, else
// the static offset (absolute in the frame for a local) plus the index.
func (a *absEval) address(r *ir.Ref, s *store) addrSet {
	var d addrSet
	switch {
	case r.Param:
		v := s.local(r.Off)
		d = addrSet{v.lo(), v.hi(), 1}.norm()
	case r.Space == ir.Local:
		d = oneAddr(int64(ir.Encode(ir.Local, s.fp+r.Off)))
	default:
		d = oneAddr(int64(ir.Encode(r.Space, r.Off)))
	}
	if r.Index != nil {
		d = d.add(a.index(r.Index, s))
	}
	return d
}

// index computes the run-time part of a Ref's offset, a sum of Offsets
// (and constants), keeping each Offset's stride.
func (a *absEval) index(e ir.Expr, s *store) addrSet {
	switch e := e.(type) {
	case *ir.Const:
		return oneAddr(int64(e.V))
	case *ir.Offset:
		v := a.offsetIndex(e, s)
		st := int64(e.Stride)
		lo, hi := (v.lo()-int64(e.Lo))*st, (v.hi()-int64(e.Lo))*st
		return addrSet{min(lo, hi), max(lo, hi), abs64(st)}.norm()
	case *ir.Binary:
		if e.Op == ir.Add {
			x := a.index(e.X, s)
			return x.add(a.index(e.Y, s))
		}
	}
	v := a.expr(e, s)
	return addrSet{v.lo(), v.hi(), 1}.norm()
}

// clockIndex computes the clocks (or channels) a Ref may denote: the
// offsets of its addresses, as the back end's clock masks them (clock 0
// for nil).
func (a *absEval) clockIndex(r *ir.Ref, s *store) Interval {
	if r == nil {
		return Point(0)
	}
	var v Interval
	have := false
	a.address(r, s).bySpace(func(_ ir.Space, o addrSet) {
		w := Interval{int32(o.lo), int32(o.hi)}
		if have {
			w = w.Join(v)
		}
		v, have = w, true
	})
	if !have {
		return Interval{0, ir.AddrMask}
	}
	return v
}

// load reads the slots d may address: the join of their values. Slots
// beyond the storage the caller gave read as Top; clock and channel
// addresses read as their index, as Env.load does.
func (a *absEval) load(s *store, d addrSet) Interval {
	var v Interval
	have := false
	d.bySpace(func(sp ir.Space, o addrSet) {
		var w Interval
		switch sp {
		case ir.Var:
			w = joinSlots(s.vars.s, o)
		case ir.Meta:
			w = joinSlots(s.meta.s, o)
		case ir.Local:
			w = joinSlots(s.stack, o)
		case ir.Sel:
			w = joinSlots(a.in.Sel, o)
		case ir.Pool:
			w = joinPool(a.in.Pool, o)
		default:
			w = span(o.lo, o.hi)
		}
		if have {
			w = w.Join(v)
		}
		v, have = w, true
	})
	if !have {
		return Top()
	}
	return v
}

func joinSlots(xs []Interval, o addrSet) Interval {
	if o.hi >= int64(len(xs)) {
		return Top()
	}
	v := xs[o.lo]
	for i := o.lo; i <= o.hi; i += max(o.step, 1) {
		v = v.Join(xs[i])
	}
	return v
}

func joinPool(xs []int32, o addrSet) Interval {
	if o.hi >= int64(len(xs)) {
		return Top()
	}
	v := Point(xs[o.lo])
	for i := o.lo; i <= o.hi; i += max(o.step, 1) {
		v = v.Join(Point(xs[i]))
	}
	return v
}

// write stores v at the addresses of d: a strong update when d is one
// address, else a weak one, each slot it reaches keeping its value or
// taking v. As in Env.store, pool, select and channel addresses take no
// writes and a clock address records a reset; slots beyond the storage
// the caller gave are dropped.
func (a *absEval) write(s *store, d addrSet, v Interval) {
	strong := d.step == 0
	d.bySpace(func(sp ir.Space, o addrSet) {
		switch sp {
		case ir.Var:
			storeCow(&s.vars, o, v, strong)
		case ir.Meta:
			storeCow(&s.meta, o, v, strong)
		case ir.Local:
			for i := o.lo; i <= o.hi && i < int64(len(s.stack)); i += max(o.step, 1) {
				s.stack[i] = stored(s.stack[i], v, strong)
			}
		case ir.Clock:
			s.resets = append(s.resets, ClockReset{Clock: span(o.lo, o.hi), Value: v, Maybe: !strong})
		}
	})
}

func storeCow(c *cow, o addrSet, v Interval, strong bool) {
	for i := o.lo; i <= o.hi && i < int64(len(c.s)); i += max(o.step, 1) {
		c.set(i, stored(c.s[i], v, strong))
	}
}

func stored(old, v Interval, strong bool) Interval {
	if strong {
		return v
	}
	return old.Join(v)
}

// flow is how a statement can end: the store for each way, nil where no
// run ends that way.
type flow struct{ next, brk, cont, ret *store }

// join adds the ends of g to f.
func (f *flow) join(g flow) {
	f.next = joinStore(f.next, g.next)
	f.brk = joinStore(f.brk, g.brk)
	f.cont = joinStore(f.cont, g.cont)
	f.ret = joinStore(f.ret, g.ret)
}

// live is the flow of a statement that ends normally on s, if s lives.
func live(s *store) flow {
	if s.dead {
		return flow{}
	}
	return flow{next: s}
}

// stmt runs a statement from s, which it consumes.
func (a *absEval) stmt(st ir.Stmt, s *store) flow {
	switch st := st.(type) {
	case nil:
		return flow{next: s}
	case *ir.Block:
		var out flow
		for _, x := range st.List {
			f := a.stmt(x, s)
			out.join(flow{brk: f.brk, cont: f.cont, ret: f.ret})
			if s = f.next; s == nil {
				return out
			}
		}
		out.next = s
		return out
	case *ir.Do:
		a.expr(st.X, s)
		return live(s)
	case *ir.If:
		return a.ifStmt(st, s)
	case *ir.Loop:
		return a.loop(st, s)
	case *ir.ForRange:
		return a.forRange(st, s)
	case *ir.Return:
		return a.ret(st, s)
	case *ir.Break:
		return flow{brk: s}
	case *ir.Continue:
		return flow{cont: s}
	case *ir.Fill:
		for i, v := range st.Vals {
			s.setLocal(st.Off+int32(i), Point(v))
		}
		return flow{next: s}
	}
	panic("ir: unknown statement")
}

// ifStmt runs one branch when C decides, else both on copies.
func (a *absEval) ifStmt(st *ir.If, s *store) flow {
	c := a.expr(st.C, s).Truth()
	switch {
	case s.dead:
		return flow{}
	case c == True:
		return a.stmt(st.Then, s)
	case c == False:
		return a.stmt(st.Else, s)
	}
	t := s.clone()
	f := a.stmt(st.Then, s)
	f.join(a.stmt(st.Else, t))
	return f
}

func (a *absEval) ret(st *ir.Return, s *store) flow {
	if st.X != nil {
		v := a.expr(st.X, s)
		v = a.check(s, v, st.Lo, st.Hi, failReturn, st.X.Pos(), func(v int32) string {
			return ir.ReturnError(v, st.Lo, st.Hi)
		})
		if s.dead {
			return flow{}
		}
		s.ret = v
	}
	return flow{ret: s}
}

// loop runs for, while and do-while loops: Rounds rounds are unrolled,
// a condition of unknown truth sending a copy of the store out of the
// loop; if some run may go on after them, a fixpoint from the head
// covers all later rounds. A round that ends below its head (one that
// changes nothing) is such a fixpoint already, and ends the unrolling.
// A run going on past the fixpoint's head might reach MaxIterations,
// which the abstraction cannot count: that is reported as a possible
// failure, and so is MaxWork (see enter). The unrolling also stops when
// the evaluation has unrolled absWork rounds in all.
func (a *absEval) loop(l *ir.Loop, s *store) flow {
	a.enter(l, l.P, a.fn)
	defer a.leave()
	if l.Init != nil {
		if a.expr(l.Init, s); s.dead {
			return flow{}
		}
	}
	pos := l.P
	if l.Body != nil {
		pos = l.Body.Pos()
	}
	var acc flow
	h := s
	for n := 0; h != nil; n++ {
		if !a.unroll(int64(n)) {
			a.fail(h, failLoop, pos, ir.LoopError)
			a.summarised(h)
			a.fixpoint(h, func(h *store) *store { return a.round(l, h, false, &acc) })
			break
		}
		prev := h.clone()
		h = a.round(l, h, n == 0, &acc)
		if h != nil && !(l.DoWhile && n == 0) && prev.covers(h) && len(h.resets) == len(prev.resets) {
			a.fail(h, failLoop, pos, ir.LoopError)
			a.summarised(h)
			break
		}
	}
	return flow{next: acc.next, ret: acc.ret}
}

// round runs one round of a loop from the head h: the condition (not in
// a do-while's first round), the body, the post expression. The runs
// that leave the loop go to acc; it returns the next head.
func (a *absEval) round(l *ir.Loop, h *store, first bool, acc *flow) *store {
	if l.Cond != nil && !(l.DoWhile && first) {
		c := a.expr(l.Cond, h).Truth()
		switch {
		case h.dead:
			return nil
		case c == False:
			acc.next = joinStore(acc.next, h)
			return nil
		case c == Unknown:
			acc.next = joinStore(acc.next, h.clone())
		}
	}
	f := a.stmt(l.Body, h)
	acc.next = joinStore(acc.next, f.brk)
	acc.ret = joinStore(acc.ret, f.ret)
	h = joinStore(f.next, f.cont)
	if h != nil && l.Post != nil {
		if a.expr(l.Post, h); h.dead {
			return nil
		}
	}
	return h
}

// fixpoint runs round from the loop head h until the head is stable:
// each round's end is joined into the head and widened, so a bound that
// still moves jumps to the next threshold. The stable head is above every
// head a concrete run passes from h on (by induction: a round from it
// ends below it), so the rounds run from it cover all later rounds, and
// what they send to the loop's exits covers every exit. The clock
// resets count too: the head is stable only once its possible resets
// since h cover those of a round. It returns the head.
func (a *absEval) fixpoint(h *store, round func(*store) *store) *store {
	start := len(h.resets)
	for {
		out := round(h.clone())
		if out == nil || h.covers(out) && resetsCover(h.resets[start:], out.resets[start:]) {
			return h
		}
		next := h.clone()
		next.join(out)
		next.widen(h, a.in.Ranges)
		h = next
	}
}

// resetsCover reports whether every reset of rs is within one of have.
// Only a loop's own resets, all possible ones, may cover each other: an
// entry from before the loop would break ClockReset's rule on final values.
func resetsCover(have, rs []ClockReset) bool {
	for _, r := range rs {
		if !slices.ContainsFunc(have, func(q ClockReset) bool { return r.Clock.Within(q.Clock) && r.Value.Within(q.Value) }) {
			return false
		}
	}
	return true
}

// forRange runs for (i : T) body: Rounds values one by one, the rest
// together (the slot holds their interval) in a fixpoint. The back end
// compiles a loop over a body without effect to nothing: the slot is
// not even set.
func (a *absEval) forRange(f *ir.ForRange, s *store) flow {
	if ir.NoEffect(f.Body) {
		return flow{next: s}
	}
	a.enter(f, f.P, a.fn)
	defer a.leave()
	var acc flow
	h := s
	lo := int64(f.Lo)
	for v := lo; v <= int64(f.Hi) && h != nil; v++ {
		if !a.unroll(v - lo) {
			a.summarised(h)
			rest := Interval{int32(v), f.Hi}
			h = a.fixpoint(h, func(h *store) *store { return a.rangeRound(f, h, rest, &acc) })
			break
		}
		h = a.rangeRound(f, h, Point(int32(v)), &acc)
	}
	acc.next = joinStore(acc.next, h)
	return flow{next: acc.next, ret: acc.ret}
}

func (a *absEval) rangeRound(f *ir.ForRange, h *store, v Interval, acc *flow) *store {
	h.setLocal(f.Slot, v)
	fl := a.stmt(f.Body, h)
	acc.next = joinStore(acc.next, fl.brk)
	acc.ret = joinStore(acc.ret, fl.ret)
	return joinStore(fl.next, fl.cont)
}

// quant runs forall (LAnd), exists (LOr) and sum (Add) over the frame
// slot Slot = Lo..Hi. A body that decides ends the run; one of unknown
// truth ends a copy of it. Past Rounds values, a fixpoint over the rest
// yields [0,1] (Top for a sum).
func (a *absEval) quant(q *ir.Quant, s *store) Interval {
	var done paths
	stop := False
	if q.Op == ir.LOr {
		stop = True
	}
	a.enter(q, q.P, a.fn)
	defer a.leave()
	sum, cur, lo := Point(0), s, int64(q.Lo)
	for v := lo; v <= int64(q.Hi) && cur != nil; v++ {
		if !a.unroll(v - lo) {
			a.summarised(cur)
			rest := Interval{int32(v), q.Hi}
			h := a.fixpoint(cur, func(h *store) *store {
				h.setLocal(q.Slot, rest)
				a.expr(q.Body, h)
				return live(h).next
			})
			if q.Op == ir.Add { // the rounds summed up here may overflow
				a.fail(h, failArith, q.P, func() string { return failingPair(ir.Add, Top(), Top()) })
			}
			done.add(h, quantRest(q.Op))
			cur = nil
			break
		}
		cur.setLocal(q.Slot, Point(int32(v)))
		b := a.expr(q.Body, cur)
		switch t := b.Truth(); {
		case cur.dead:
			cur = nil
		case q.Op == ir.Add:
			if sum = a.applyAt(cur, ir.Add, sum, b, q.P); cur.dead {
				cur = nil
			}
		case t == stop:
			done.add(cur, stop.interval())
			cur = nil
		case t == Unknown:
			done.add(cur.clone(), stop.interval())
		}
	}
	if cur != nil {
		end := sum
		if q.Op != ir.Add {
			end = stop.not().interval()
		}
		done.add(cur, end)
	}
	return done.end(s)
}

// quantRest is what a quantifier yields past the unrolled rounds.
func quantRest(o ir.Op) Interval {
	if o == ir.Add {
		return Top()
	}
	return Interval{0, 1}
}

// call pushes the callee's frame, passes the arguments from the caller's
// frame, runs the body and pops, as the back end's call does. It counts
// the call, and the evaluation gives up past absCalls of them (see run):
// a call is never summarised, so without a bound a chain of functions
// each calling the next three times would take 3^n calls here too. The ways
// the body ends are joined; the value is the return register, which the
// call sets to 0 and Return sets, so a body that falls off its end
// yields what the back end's yields.
func (a *absEval) call(c *ir.Call, s *store) Interval {
	a.enter(c, c.P, c.Fn.Name)
	defer a.leave()
	a.spend(1)
	fn, fp := c.Fn, s.sp
	s.push(fn.Frame)
	for i, g := range c.Args {
		if a.argument(g, fn.Params[i], fp, s); s.dead {
			return Interval{}
		}
	}
	caller, callerFn := s.fp, a.fn
	s.fp, s.ret = fp, Point(0)
	a.fn = fn.Name
	f := a.stmt(fn.Body, s)
	a.fn = callerFn
	end := joinStore(joinStore(joinStore(f.next, f.brk), f.cont), f.ret)
	if end == nil {
		s.dead = true
		return Interval{}
	}
	end.fp, end.sp = caller, fp
	*s = *end
	return s.ret
}

// argument passes one argument into the frame at fp: a value checked
// against the parameter (a constant is not), the slots of an object, the
// encoded addresses of an object, or a value spilled into the frame and
// its address.
func (a *absEval) argument(g *ir.Arg, p *ir.Param, fp int32, s *store) {
	off := fp + p.Off
	switch g.Kind {
	case ir.ArgCopy:
		a.spend(ir.CopyRounds(p.Size))
		src := a.address(g.Src, s)
		for i := range p.Size {
			s.stack[off+i] = a.load(s, src.plus(int64(i)))
		}
	case ir.ArgRef:
		s.stack[off] = a.address(g.Src, s).hull()
	case ir.ArgSpill:
		s.stack[fp+p.Spill] = a.expr(g.X, s)
		s.stack[off] = Point(ir.Encode(ir.Local, fp+p.Spill))
	default:
		v := a.expr(g.X, s)
		if _, ok := g.X.(*ir.Const); !ok {
			v = a.check(s, v, p.Lo, p.Hi, failArg, g.X.Pos(), func(v int32) string {
				return ir.ArgError(p.Name, v, p.Lo, p.Hi)
			})
		}
		s.stack[off] = v
	}
}
