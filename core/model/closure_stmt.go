// The back end for statements, calls, guards, updates and label frames.

package model

import (
	"beeline/core/ir"
	"beeline/core/source"
)

// ctl says how a statement ended.
type ctl uint8

const (
	ctlNext ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

// stmt compiles a statement; it returns nil for statements without
// effect.
func (b backend) stmt(s ir.Stmt) func(*Env) ctl {
	switch s := s.(type) {
	case nil:
		return nil
	case *ir.Block:
		return b.block(s)
	case *ir.Do:
		if _, ok := s.X.(*ir.Const); ok {
			return nil
		}
		f := b.expr(s.X)
		return func(e *Env) ctl { f(e); return ctlNext }
	case *ir.If:
		return b.ifStmt(s)
	case *ir.Loop:
		return b.loop(s)
	case *ir.ForRange:
		return b.forRange(s)
	case *ir.Return:
		return b.ret(s)
	case *ir.Break:
		return func(*Env) ctl { return ctlBreak }
	case *ir.Continue:
		return func(*Env) ctl { return ctlContinue }
	case *ir.Fill:
		off, vals := s.Off, s.Vals
		if len(vals) == 1 {
			v := vals[0]
			return func(e *Env) ctl { e.stack[e.fp+off] = v; return ctlNext }
		}
		return func(e *Env) ctl { copy(e.stack[e.fp+off:], vals); return ctlNext }
	}
	panic("model: unknown ir statement")
}

func (b backend) block(s *ir.Block) func(*Env) ctl {
	var list []func(*Env) ctl
	for _, st := range s.List {
		if f := b.stmt(st); f != nil {
			list = append(list, f)
		}
	}
	switch len(list) {
	case 0:
		return func(*Env) ctl { return ctlNext }
	case 1:
		return list[0]
	}
	return func(e *Env) ctl {
		for _, f := range list {
			if c := f(e); c != ctlNext {
				return c
			}
			if e.Err != nil {
				return ctlReturn
			}
		}
		return ctlNext
	}
}

func (b backend) ifStmt(s *ir.If) func(*Env) ctl {
	c, then, els := b.expr(s.C), b.stmt(s.Then), b.stmt(s.Else)
	if then == nil {
		then = func(*Env) ctl { return ctlNext }
	}
	if els == nil {
		return func(e *Env) ctl {
			if c(e) != 0 {
				return then(e)
			}
			return ctlNext
		}
	}
	return func(e *Env) ctl {
		if c(e) != 0 {
			return then(e)
		}
		return els(e)
	}
}

// effect compiles an expression evaluated for its effect (nil: none).
func (b backend) effect(x ir.Expr) func(*Env) int32 {
	if x == nil {
		return nil
	}
	if _, ok := x.(*ir.Const); ok {
		return nil
	}
	return b.expr(x)
}

// loop compiles for, while and do-while loops. Each round counts
// towards the computation's work (see Env.round).
func (b backend) loop(s *ir.Loop) func(*Env) ctl {
	init, post := b.effect(s.Init), b.effect(s.Post)
	c := func(*Env) int32 { return 1 }
	if s.Cond != nil {
		c = b.expr(s.Cond)
	}
	body := b.stmt(s.Body)
	if body == nil {
		body = func(*Env) ctl { return ctlNext }
	}
	pos, doWhile := s.Body.Pos(), s.DoWhile
	site := b.site(s.P)
	return func(e *Env) ctl {
		e.enter()
		defer e.leave(site)
		if init != nil {
			init(e)
		}
		for n := 0; ; n++ {
			if !(doWhile && n == 0) && c(e) == 0 {
				return ctlNext
			}
			if e.Err != nil {
				return ctlReturn
			}
			if n >= ir.MaxIterations {
				e.fail(pos, "%s", ir.LoopError())
				return ctlReturn
			}
			if !e.round() {
				return ctlReturn
			}
			switch body(e) {
			case ctlBreak:
				return ctlNext
			case ctlReturn:
				return ctlReturn
			}
			if post != nil {
				post(e)
			}
		}
	}
}

// site returns the site of a loop, for (i : T), quantifier, copy or
// comparison at pos, for
// Env.enter: in the function being compiled, if any.
func (b backend) site(pos source.Pos) *loopSite {
	return &loopSite{pos: pos, fn: b.net.compiling}
}

// forRange compiles for (i : T) body; a body without effect compiles to
// nothing, loop and all.
func (b backend) forRange(s *ir.ForRange) func(*Env) ctl {
	body := b.stmt(s.Body)
	if body == nil {
		return nil
	}
	off, lo, hi := s.Slot, int64(s.Lo), int64(s.Hi)
	site := b.site(s.P)
	return func(e *Env) ctl {
		e.enter()
		defer e.leave(site)
		slot := e.fp + off
		for v := lo; v <= hi; v++ {
			if !e.round() {
				return ctlReturn
			}
			e.stack[slot] = int32(v)
			switch body(e) {
			case ctlBreak:
				return ctlNext
			case ctlReturn:
				return ctlReturn
			}
			if e.Err != nil {
				return ctlReturn
			}
		}
		return ctlNext
	}
}

func (b backend) ret(s *ir.Return) func(*Env) ctl {
	if s.X == nil {
		return func(*Env) ctl { return ctlReturn }
	}
	f, lo, hi, pos := b.expr(s.X), s.Lo, s.Hi, s.X.Pos()
	return func(e *Env) ctl {
		v := f(e)
		if v < lo || v > hi {
			e.fail(pos, "%s", ir.ReturnError(v, lo, hi))
			return ctlReturn
		}
		e.ret = v
		return ctlReturn
	}
}

// argWriter stores one argument into the callee's frame at fp.
type argWriter func(e *Env, fp int32)

// call returns the closure that pushes a frame, evaluates the arguments
// in the caller's frame, runs the body and pops the frame. A call counts
// as one round of work (Env.round) and, like a loop, is a construct
// whose work is bounded: without that a chain of functions each calling
// the next three times would run 3^n calls unchecked.
func (b backend) call(c *ir.Call) func(*Env) int32 {
	fn := c.Fn
	writers := make([]argWriter, len(c.Args))
	for i, a := range c.Args {
		writers[i] = b.argument(a, fn.Params[i], fn.Name)
	}
	body, size := b.net.bodies[fn], fn.Frame
	site := &loopSite{pos: c.P, fn: fn.Name}
	return func(e *Env) int32 {
		e.enter()
		if !e.round() {
			e.leave(site)
			return 0
		}
		fp := e.sp
		need := fp + size
		if int(need) > len(e.stack) {
			e.grow(need)
		}
		e.sp = need
		for _, w := range writers {
			w(e, fp)
		}
		if e.Err != nil {
			e.sp = fp
			e.leave(site)
			return 0
		}
		old := e.fp
		e.fp = fp
		e.ret = 0
		body(e)
		e.fp, e.sp = old, fp
		e.leave(site)
		return e.ret
	}
}

// argument compiles the passing of one argument.
func (b backend) argument(a *ir.Arg, p *ir.Param, fname string) argWriter {
	off := p.Off
	switch a.Kind {
	case ir.ArgCopy:
		enc, n, k := b.encoder(a.Src), p.Size, ir.CopyRounds(p.Size)
		return func(e *Env, fp int32) {
			if e.Err != nil || !e.spend(k) {
				return
			}
			s := enc(e)
			for i := int32(0); i < n; i++ {
				e.stack[fp+off+i] = e.load(s + i)
			}
		}
	case ir.ArgRef:
		enc := b.encoder(a.Src)
		return func(e *Env, fp int32) { e.stack[fp+off] = enc(e) }
	case ir.ArgSpill:
		f, spill := b.expr(a.X), p.Spill
		return func(e *Env, fp int32) {
			v := f(e) // may grow e.stack: read the slice after the call
			e.stack[fp+spill] = v
			e.stack[fp+off] = ir.Encode(ir.Local, fp+spill)
		}
	}
	if c, ok := a.X.(*ir.Const); ok {
		v := c.V
		return func(e *Env, fp int32) { e.stack[fp+off] = v }
	}
	f, lo, hi, name, pos := b.expr(a.X), p.Lo, p.Hi, p.Name, a.X.Pos()
	return func(e *Env, fp int32) {
		v := f(e)
		if v < lo || v > hi {
			e.fail(pos, "%s", ir.ArgError(name, v, lo, hi))
			return
		}
		e.stack[fp+off] = v
	}
}

// function compiles the body of fn and registers it for calls.
func (b backend) function(fn *ir.Func) {
	b.net.compiling = fn.Name
	body := b.stmt(fn.Body)
	b.net.compiling = ""
	if body == nil {
		body = func(*Env) ctl { return ctlNext }
	}
	b.net.bodies[fn] = body
}

// guard compiles a guard or invariant; nil when it is always true. A
// constant false condition is kept as a closure returning 0.
func (b backend) guard(g *ir.Guard) *Guard {
	if g == nil || (g.Cond == nil && len(g.Clocks) == 0) {
		return nil
	}
	out := &Guard{Src: g}
	if g.Cond != nil {
		out.Int = withFrame(b.expr(g.Cond), g.Frame)
	}
	for _, c := range g.Clocks {
		out.Clocks = append(out.Clocks, b.constraint(c, g.Frame))
	}
	return out
}

// constraint compiles a clock constraint in a label frame of size slots.
func (b backend) constraint(c ir.Constraint, size int32) ClockConstraint {
	cc := ClockConstraint{Strict: c.Strict}
	var fn func(*Env) int32
	cc.I, fn = b.clock(c.I)
	cc.IFn = withFrame(fn, size)
	cc.J, fn = b.clock(c.J)
	cc.JFn = withFrame(fn, size)
	if k, ok := c.Bound.(*ir.Const); ok {
		cc.Bound = k.V
	} else {
		cc.BoundFn = withFrame(b.expr(c.Bound), size)
	}
	return cc
}

// updateList compiles the assignments of an edge, run left to right; an
// error stops them.
func (b backend) updateList(u *ir.Update) func(*Env) {
	var fs []func(*Env) int32
	for _, x := range u.List {
		if f := b.effect(x); f != nil {
			fs = append(fs, f)
		}
	}
	var f func(*Env)
	switch len(fs) {
	case 0:
		return nil
	case 1:
		g := fs[0]
		f = func(en *Env) { g(en) }
	case 2:
		g, h := fs[0], fs[1]
		f = func(en *Env) {
			g(en)
			if en.Err == nil {
				h(en)
			}
		}
	default:
		f = func(en *Env) {
			for _, g := range fs {
				g(en)
				if en.Err != nil {
					return
				}
			}
		}
	}
	return withFrameUpdate(f, u.Frame)
}

// withFrame wraps a closure of a label that uses frame slots (quantifier
// variables; function frames live above them): it pushes the label's
// frame around the call.
func withFrame(f func(*Env) int32, size int32) func(*Env) int32 {
	if f == nil || size == 0 {
		return f
	}
	return func(e *Env) int32 {
		fp, sp := e.fp, e.sp
		need := sp + size
		if int(need) > len(e.stack) {
			e.grow(need)
		}
		e.fp, e.sp = sp, need
		v := f(e)
		e.fp, e.sp = fp, sp
		return v
	}
}

func withFrameUpdate(f func(*Env), size int32) func(*Env) {
	if f == nil || size == 0 {
		return f
	}
	return func(e *Env) {
		fp, sp := e.fp, e.sp
		need := sp + size
		if int(need) > len(e.stack) {
			e.grow(need)
		}
		e.fp, e.sp = sp, need
		f(e)
		e.fp, e.sp = fp, sp
	}
}
