// The work of an abstract evaluation: a static bound on a computation's
// loop rounds and calls, and how the evaluator accounts for MaxWork.

package absint

import (
	"math"

	"beeline/core/ir"
	"beeline/core/source"
)

// absWork bounds the rounds the abstract evaluator unrolls exactly in one
// evaluation, loops, fors and quantifiers together; past it every one
// goes to its fixpoint at once. Each loop alone is bounded by
// Options.Rounds, but nested ones multiply. absCalls bounds the calls
// of one evaluation and the rounds of its copies and comparisons
// (CopyRounds), which are never summarised: past it the evaluation gives
// up (absEval.run). Their sum is below MaxWork, which the soundness
// argument of absEval.enter needs.
const (
	absWork  = 1 << 20
	absCalls = 1 << 20
)

// workBound returns an upper bound of the loop rounds and calls a run of
// x may count towards MaxWork (a Stmt or an Expr), or MaxWork+1 when it
// may count more (a while or for loop, whose rounds nothing bounds
// statically, or ranges too large). Calls are followed, each counting
// one; memo keeps each function's bound.
func workBound(x any, memo map[*ir.Func]int64) int64 {
	const top = ir.MaxWork + 1
	add := func(a, b int64) int64 { return min(a+b, top) }
	times := func(n, per int64) int64 {
		if per >= top || n > top/(per+1) {
			return top
		}
		return min(n*(per+1), top)
	}
	sum := func(xs ...any) int64 {
		var t int64
		for _, x := range xs {
			t = add(t, workBound(x, memo))
		}
		return t
	}
	switch x := x.(type) {
	case nil, *ir.Const, *ir.LocIs, *ir.Break, *ir.Continue, *ir.Fill:
		return 0
	case *ir.Ref:
		if x == nil {
			return 0
		}
		return sum(x.Index)
	case *ir.Load:
		return sum(x.Ref)
	case *ir.Unary:
		return sum(x.X)
	case *ir.Binary:
		return sum(x.X, x.Y)
	case *ir.Cond:
		return sum(x.C, x.X, x.Y)
	case *ir.Offset:
		return sum(x.X)
	case *ir.Assign:
		return sum(x.Dst, x.X)
	case *ir.IncDec:
		return sum(x.Dst)
	case *ir.ClockSet:
		return sum(x.Clock, x.X)
	case *ir.Copy:
		return add(sum(x.Dst, x.Src), ir.CopyRounds(int32(len(x.Ranges))))
	case *ir.Equal:
		return add(sum(x.X, x.Y), ir.CopyRounds(x.N))
	case *ir.Seq:
		return listBound(x.List, memo)
	case *ir.Quant:
		return times(int64(x.Hi)-int64(x.Lo)+1, workBound(x.Body, memo))
	case *ir.Choose:
		return add(listBound(x.Index, memo), listBound(x.List, memo))
	case *ir.Call:
		t, ok := memo[x.Fn]
		if !ok {
			memo[x.Fn] = top // no recursion reaches here; guard anyway
			t = workBound(x.Fn.Body, memo)
			memo[x.Fn] = t
		}
		t = add(t, 1) // the call itself
		for i, g := range x.Args {
			t = add(t, sum(g.X, g.Src))
			if g.Kind == ir.ArgCopy {
				t = add(t, ir.CopyRounds(x.Fn.Params[i].Size))
			}
		}
		return t
	case *ir.Block:
		return listBound(x.List, memo)
	case *ir.Do:
		return sum(x.X)
	case *ir.If:
		return sum(x.C, x.Then, x.Else)
	case *ir.Loop:
		return top
	case *ir.ForRange:
		if ir.NoEffect(x.Body) {
			return 0
		}
		return times(int64(x.Hi)-int64(x.Lo)+1, workBound(x.Body, memo))
	case *ir.Return:
		return sum(x.X)
	}
	return top
}

// listBound is workBound of a list run in order.
func listBound[T any](xs []T, memo map[*ir.Func]int64) int64 {
	t := int64(0)
	for _, x := range xs {
		t = min(t+workBound(x, memo), ir.MaxWork+1)
	}
	return t
}

// absSite is the outermost loop, for, quantifier or call the abstract
// evaluator is in: where the concrete run's MaxWork error would be
// reported (and the function it names), and whether its static bound
// rules that error out.
type absSite struct {
	pos     source.Pos
	fn      string
	bounded bool
}

// enter records that the evaluator enters the loop, for, quantifier,
// call, copy or comparison x at pos, which the concrete run's WorkError
// would name by fn (the function it is in; for a call, the function
// called); leave that it left it.
//
// Why this accounts for MaxWork soundly: a concrete run of the outermost
// construct fails with WorkError only after MaxWork rounds of work (loop
// rounds, calls, CopyRounds of copies and comparisons). If its static
// bound is at most MaxWork, no run does. Otherwise, while every loop
// inside it is unrolled exactly, each round of work a concrete run does
// is one the evaluator counted (it follows every branch a run may take,
// a loop's rounds for as long as some run goes on, and every call, copy
// and comparison), so a run does at most the evaluator's work, fewer
// than absWork + absCalls < MaxWork: past absCalls rounds of calls,
// copies and comparisons the evaluation gives up, and a result that gave
// up may fail anyhow. Only a loop, for or quantifier summarised by a
// fixpoint hides rounds; summarised says so and records the possible
// failure at the outermost site.
func (a *absEval) enter(x any, pos source.Pos, fn string) {
	if a.depth == 0 {
		if a.memo == nil {
			a.memo = map[*ir.Func]int64{}
		}
		a.outer = absSite{pos: pos, fn: fn, bounded: workBound(x, a.memo) <= ir.MaxWork}
	}
	a.depth++
}

func (a *absEval) leave() { a.depth-- }

// unroll reports whether the evaluator may unroll one more round
// exactly, the n-th of its construct: fewer than Rounds of it and fewer
// than absWork in all. It counts the round.
func (a *absEval) unroll(n int64) bool {
	if n >= int64(a.rounds) || a.work >= absWork {
		return false
	}
	a.work++
	return true
}

// summarised records, on the live store h, that a construct went to its
// fixpoint: the outermost one may then run past MaxWork, unless its
// static bound says otherwise.
func (a *absEval) summarised(h *store) {
	if !a.outer.bounded {
		site := a.outer
		a.fail(h, failWork, site.pos, func() string { return ir.WorkError(site.fn, ir.MaxWork) })
	}
}

// spend counts k rounds of work that the evaluator does not summarise
// (a call, the slots of a copy or comparison) and gives up past
// absCalls of them.
func (a *absEval) spend(k int64) {
	if a.calls += k; a.calls > absCalls {
		panic(giveUp{})
	}
}

// giveUp is the panic value by which an evaluation past absCalls calls
// unwinds to its entry point (run).
type giveUp struct{}

// run runs f, one entry point's evaluation, and reports whether it gave
// up: made more than absCalls calls (see spend). The caller then returns the
// coarsest result (gaveUp). Unwinding by panic keeps every call site of
// the evaluator free of a check that only hostile models need.
func (a *absEval) run(f func()) (gaveUp bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(giveUp); !ok {
				panic(r)
			}
			gaveUp = true
		}
	}()
	f()
	return false
}

// gaveUp is the outcome of an evaluation that gave up: it may fail, at
// the outermost construct past MaxWork among other places.
func (a *absEval) gaveUp() Outcome {
	site := a.outer
	f := Failure{Pos: site.pos, Msg: ir.WorkError(site.fn, ir.MaxWork)}
	return Outcome{Fail: MayFail, Errors: []Failure{f}, GaveUp: true}
}

// updateGaveUp is the result of an update whose evaluation gave up:
// every state slot anywhere in its range (Top without Ranges), every
// meta slot anything, and any clock possibly set to any value.
func (a *absEval) updateGaveUp() *UpdateResult {
	st := a.in
	r := &UpdateResult{Outcome: a.gaveUp()}
	r.Vars = make([]Interval, len(st.Vars))
	for i := range r.Vars {
		r.Vars[i] = Top()
		if i < len(st.Ranges) {
			r.Vars[i] = st.Ranges[i].Join(st.Vars[i])
		}
		if r.Vars[i] != st.Vars[i] {
			r.Changed = append(r.Changed, int32(i))
		}
	}
	r.Meta = make([]Interval, len(st.Meta))
	for i := range r.Meta {
		r.Meta[i] = Top()
	}
	r.Resets = []ClockReset{{Clock: Interval{0, math.MaxInt32}, Value: Interval{0, math.MaxInt32}, Maybe: true}}
	return r
}
