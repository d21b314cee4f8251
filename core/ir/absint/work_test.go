package absint

import (
	"fmt"
	"testing"
	"time"

	"beeline/core/ir"
	"beeline/core/source"
)

// hasWorkError reports whether r lists the MaxWork error of function fn
// at pos.
func hasWorkError(r ExprResult, fn string, pos source.Pos) bool {
	for _, f := range r.Errors {
		if f.Pos == pos && f.Msg == ir.WorkError(fn, ir.MaxWork) {
			return true
		}
	}
	return false
}

// The abstract evaluator accounts for MaxWork: a construct summarised by a
// fixpoint reports the possible error at the outermost one unless its
// static bound rules it out.
func TestAbstractWork(t *testing.T) {
	st := known(state0, Interval{0, 2})
	call := func(fn *ir.Func) ir.Expr { return &ir.Call{At: ir.At{P: 5}, Fn: fn} }
	s := local(2, iLo, iHi)
	step := do(set(s, bin(ir.Rem, bin(ir.Add, ld(s), c(1)), c(7))))
	forAll := func(slot, lo, hi int32, body ir.Stmt, at source.Pos) ir.Stmt {
		return &ir.ForRange{At: ir.At{P: at}, Slot: slot, Lo: lo, Hi: hi, Body: body}
	}

	// 2000 values, more than the rounds unrolled: summarised, but 2000
	// rounds cannot reach MaxWork.
	small := &ir.Func{Name: "small", Lo: iLo, Hi: iHi, Frame: 3,
		Body: block(do(set(s, c(0))), forAll(0, 0, 1999, step, 7), ret(ld(s)))}
	r := EvalExpr(call(small), 2, st)
	if r.Fail != NoFail || !r.Value.Within(Interval{0, 6}) {
		t.Errorf("bounded for: %v %v %v, want a value in [0,6] and no failure", r.Value, r.Fail, r.Errors)
	}

	// 32768² rounds: past MaxWork for every run; the fixpoint of the
	// inner for hides its rounds, so the outermost construct, the call,
	// may fail.
	big := &ir.Func{Name: "big", Lo: iLo, Hi: iHi, Frame: 3,
		Body: block(do(set(s, c(0))), forAll(0, 0, 32767, forAll(1, 0, 32767, step, 9), 8), ret(ld(s)))}
	few := known(state0, Interval{0, 2})
	few.Opts.Rounds = 5
	r = EvalExpr(call(big), 2, few)
	if r.Fail != MayFail || !hasWorkError(r, "big", 5) {
		t.Errorf("unbounded fors: %v %v, want MayFail with the work error of big at 5", r.Fail, r.Errors)
	}

	// Three loops of 120 rounds nest to 1,728,000 exact rounds, past
	// what the evaluator unrolls in all: it summarises the rest and ends
	// quickly, with the concrete result (s = 1) among its values.
	loopTo := func(slot, n int32, body ir.Stmt, at source.Pos) ir.Stmt {
		i := local(slot, iLo, iHi)
		return &ir.Loop{At: ir.At{P: at}, Init: set(i, c(0)), Cond: bin(ir.Lss, ld(i), c(n)), Post: inc(i, 1), Body: body}
	}
	nest := &ir.Func{Name: "nest", Lo: iLo, Hi: iHi, Frame: 4,
		Body: block(do(set(local(3, iLo, iHi), c(0))),
			loopTo(0, 120, loopTo(1, 120, loopTo(2, 120,
				do(set(local(3, iLo, iHi), bin(ir.Rem, bin(ir.Add, ld(local(3, iLo, iHi)), c(1)), c(7)))), 13), 12), 11),
			ret(ld(local(3, iLo, iHi))))}
	start := time.Now()
	r = EvalExpr(call(nest), 2, st)
	if r.Fail == MustFail || !Point(1).Within(r.Value) || !hasWorkError(r, "nest", 5) {
		t.Errorf("nested loops: %v %v %v, want a value covering 1, MayFail with the work error of nest at 5", r.Value, r.Fail, r.Errors)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("nested loops took %v", d)
	}
}

// workBound follows calls, each counting one, and multiplies nested
// ranges; a loop has no static bound.
func TestWorkBoundStatic(t *testing.T) {
	body := do(set(local(0, iLo, iHi), c(1)))
	inner := &ir.Func{Name: "inner", Frame: 2, Void: true, Body: &ir.ForRange{Slot: 1, Lo: 0, Hi: 9, Body: body}}
	for _, tc := range []struct {
		name string
		x    any
		want int64
	}{
		{"constant", c(3), 0},
		{"range", &ir.ForRange{Slot: 0, Lo: 0, Hi: 9, Body: body}, 10},
		{"empty range", &ir.ForRange{Slot: 0, Lo: 0, Hi: 1 << 20, Body: do(c(0))}, 0},
		{"nested", &ir.Quant{Op: ir.Add, Lo: 1, Hi: 4, Body: &ir.Call{Fn: inner}}, 4 * 12},
		{"call chain", &ir.Call{Fn: chain(3, 3)}, 1 + 3 + 9},
		{"long call chain", &ir.Call{Fn: chain(40, 3)}, ir.MaxWork + 1}, // issue 29
		{"loop", &ir.Loop{Body: body}, ir.MaxWork + 1},
		{"too many", &ir.Quant{Op: ir.LAnd, Lo: iLo, Hi: iHi, Body: &ir.Quant{Op: ir.LAnd, Lo: iLo, Hi: iHi, Body: c(1)}}, ir.MaxWork + 1},
	} {
		if got := workBound(tc.x, map[*ir.Func]int64{}); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// chain returns f1 of functions f1 .. fn, each but the last returning
// the sum of k calls of the next: k^(n-1) calls in all, without a loop.
func chain(n, k int) *ir.Func {
	next := &ir.Func{Name: fmt.Sprintf("f%d", n), Lo: iLo, Hi: iHi, Body: ret(c(1))}
	for i := n - 1; i >= 1; i-- {
		var sum ir.Expr = &ir.Call{Fn: next}
		for range k - 1 {
			sum = bin(ir.Min, sum, &ir.Call{Fn: next})
		}
		next = &ir.Func{Name: fmt.Sprintf("f%d", i), Lo: iLo, Hi: iHi, Body: ret(sum)}
	}
	return next
}

// A chain of calls without a loop is work too (issue 29): the abstract
// evaluator gives up past absCalls calls with the coarsest result.
func TestAbstractCallChain(t *testing.T) {
	st := known(state0, Interval{0, 2})
	r := EvalExpr(&ir.Call{At: ir.At{P: 5}, Fn: chain(40, 3)}, 0, st)
	if !r.GaveUp || r.Fail != MayFail || r.Value != Top() || !hasWorkError(r, "f1", 5) {
		t.Errorf("chain: %v %v %v gave up %v, want Top, MayFail with the work error of f1 at 5", r.Value, r.Fail, r.Errors, r.GaveUp)
	}
	// Within the budget the result is exact.
	r = EvalExpr(&ir.Call{At: ir.At{P: 5}, Fn: chain(8, 3)}, 0, st)
	if r.GaveUp || r.Fail != NoFail || r.Value != Point(1) {
		t.Errorf("short chain: %v %v %v, want 1 without failure", r.Value, r.Fail, r.Errors)
	}
	u := ApplyUpdate(&ir.Update{List: []ir.Expr{set(xRef(), &ir.Call{At: ir.At{P: 5}, Fn: chain(40, 3)})}}, st)
	if !u.GaveUp || u.Fail != MayFail || len(u.Resets) != 1 || !u.Resets[0].Maybe {
		t.Errorf("update: %v %v resets %v, want MayFail, any reset", u.Fail, u.Errors, u.Resets)
	}
}
