// The reference interpreter's calls and statements (see eval.go).

package model

import (
	"beeline/core/ir"
	"beeline/core/source"
)

// call counts one round of work, as the closures do, then pushes the
// callee's frame on top of the stack, passes the
// arguments (evaluated in the caller's frame, all of them even after an
// error), runs the body unless an error is recorded by then, and pops the
// frame. The result travels in Env.ret as it does for the closures: a
// Return sets it, and a body that ends without one yields what the last
// call inside left there.
func (in interp) call(c *ir.Call) int32 {
	in.enter()
	defer in.leave(&loopSite{pos: c.P, fn: c.Fn.Name})
	if !in.count(c.P) {
		return 0
	}
	fp := in.sp
	need := fp + c.Fn.Frame
	if int(need) > len(in.stack) {
		in.grow(need)
	}
	in.sp = need
	for i, a := range c.Args {
		in.argument(a, c.Fn.Params[i], fp, c.P)
	}
	if in.Err != nil {
		in.sp = fp
		return 0
	}
	caller := in.fp
	in.fp, in.ret = fp, 0
	interp{Env: in.Env, fn: c.Fn.Name}.stmt(c.Fn.Body)
	in.fp, in.sp = caller, fp
	return in.ret
}

// argument stores one argument into the frame at fp; an object passed
// by value counts its slots as work first (call is the call's position). Values are computed
// before the stack is indexed: a call inside the argument may grow the
// stack.
func (in interp) argument(a *ir.Arg, p *ir.Param, fp int32, call source.Pos) {
	switch a.Kind {
	case ir.ArgCopy:
		if in.Err != nil || !in.countN(call, ir.CopyRounds(p.Size)) {
			return
		}
		s := in.addr(a.Src)
		for i := int32(0); i < p.Size; i++ {
			in.stack[fp+p.Off+i] = in.load(s + i)
		}
	case ir.ArgRef:
		v := in.addr(a.Src)
		in.stack[fp+p.Off] = v
	case ir.ArgSpill:
		v := in.expr(a.X)
		in.stack[fp+p.Spill] = v
		in.stack[fp+p.Off] = ir.Encode(ir.Local, fp+p.Spill)
	default:
		v := in.expr(a.X)
		if v < p.Lo || v > p.Hi {
			in.fail(a.X.Pos(), "%s", ir.ArgError(p.Name, v, p.Lo, p.Hi))
			return
		}
		in.stack[fp+p.Off] = v
	}
}

// stmt runs a statement and says how it ended: one case per node kind.
func (in interp) stmt(s ir.Stmt) ctl {
	switch s := s.(type) {
	case nil:
		return ctlNext
	case *ir.Block:
		return in.block(s)
	case *ir.Do:
		in.expr(s.X)
		return ctlNext
	case *ir.If:
		if in.expr(s.C) != 0 {
			return in.stmt(s.Then)
		}
		return in.stmt(s.Else)
	case *ir.Loop:
		return in.loop(s)
	case *ir.ForRange:
		return in.forRange(s)
	case *ir.Return:
		return in.returnStmt(s)
	case *ir.Break:
		return ctlBreak
	case *ir.Continue:
		return ctlContinue
	case *ir.Fill:
		copy(in.stack[in.fp+s.Off:], s.Vals)
		return ctlNext
	}
	panic("model: unknown ir statement")
}

// block runs a statement list; an error ends it as a return would.
func (in interp) block(s *ir.Block) ctl {
	for _, st := range s.List {
		if c := in.stmt(st); c != ctlNext {
			return c
		}
		if in.Err != nil {
			return ctlReturn
		}
	}
	return ctlNext
}

// loop runs for, while and do-while: the condition is tested before each
// round but the first of a do-while, an error after it ends the loop,
// round MaxIterations is an error at the body, and every round counts
// towards the computation's work.
func (in interp) loop(s *ir.Loop) ctl {
	in.enter()
	defer in.leave(&loopSite{pos: s.P, fn: in.fn})
	if s.Init != nil {
		in.expr(s.Init)
	}
	for n := 0; ; n++ {
		if !(s.DoWhile && n == 0) && s.Cond != nil && in.expr(s.Cond) == 0 {
			return ctlNext
		}
		if in.Err != nil {
			return ctlReturn
		}
		if n >= ir.MaxIterations {
			in.fail(s.Body.Pos(), "%s", ir.LoopError())
			return ctlReturn
		}
		if !in.count(s.Body.Pos()) {
			return ctlReturn
		}
		switch in.stmt(s.Body) {
		case ctlBreak:
			return ctlNext
		case ctlReturn:
			return ctlReturn
		}
		if s.Post != nil {
			in.expr(s.Post)
		}
	}
}

// count counts one loop round or call: against Env.Rounds, failing at
// pos when none is left, and towards the computation's work (Env.round).
func (in interp) count(pos source.Pos) bool {
	if !in.countRounds(pos, 1) {
		return false
	}
	return in.round()
}

// countN counts k rounds at once (ir.CopyRounds) as count does one
// (Env.spend).
func (in interp) countN(pos source.Pos, k int64) bool {
	if !in.countRounds(pos, k) {
		return false
	}
	return in.spend(k)
}

// countRounds takes k rounds from Env.Rounds, when it bounds them,
// failing at pos when none is left.
func (in interp) countRounds(pos source.Pos, k int64) bool {
	if in.Rounds <= 0 {
		return true
	}
	if in.Rounds = max(in.Rounds-k, 0); in.Rounds == 0 {
		in.fail(pos, "the computations of constants did not end after %d loop rounds and calls", computeRounds)
		return false
	}
	return true
}

// forRange runs the body for each value of the bound variable's range;
// the closures skip a body without effect altogether, and so does it.
func (in interp) forRange(s *ir.ForRange) ctl {
	if ir.NoEffect(s.Body) {
		return ctlNext
	}
	in.enter()
	defer in.leave(&loopSite{pos: s.P, fn: in.fn})
	for v := int64(s.Lo); v <= int64(s.Hi); v++ {
		if !in.count(s.Body.Pos()) {
			return ctlReturn
		}
		in.stack[in.fp+s.Slot] = int32(v)
		switch in.stmt(s.Body) {
		case ctlBreak:
			return ctlNext
		case ctlReturn:
			return ctlReturn
		}
		if in.Err != nil {
			return ctlReturn
		}
	}
	return ctlNext
}

// returnStmt ends the function, setting the result when it is in range.
func (in interp) returnStmt(s *ir.Return) ctl {
	if s.X == nil {
		return ctlReturn
	}
	v := in.expr(s.X)
	if v < s.Lo || v > s.Hi {
		in.fail(s.X.Pos(), "%s", ir.ReturnError(v, s.Lo, s.Hi))
		return ctlReturn
	}
	in.ret = v
	return ctlReturn
}
