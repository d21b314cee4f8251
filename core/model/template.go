// Processes: a template compiled with its parameters bound, its locals
// allocated, and its invariants, guards, synchronisations and updates
// turned into closures.

package model

import "beeline/core/lang"

// compileProcess compiles p's template in p's scope.
func (c *compiler) compileProcess(p *Process) {
	t := p.tmpl
	c.prefix = p.Name + "."
	defer func() { c.prefix = "" }()
	sc := p.scope
	c.in("template "+t.name, func() {
		for i, l := range t.locs {
			if l.name != "" {
				c.declare(sc, &symbol{name: l.name, kind: symLocation, pos: l.doc.Name.Pos(0), loc: int32(i)})
			}
		}
	})
	x := &cx{c: c, sc: sc, mode: modeConst}
	c.in("template "+t.name+", declarations", func() { x.declarations(t.decls, false) })
	p.Initial = t.init
	for i, l := range t.locs {
		p.Locations = append(p.Locations, c.location(p, int32(i), l))
	}
	for _, pe := range t.edges {
		if pe.src < 0 || pe.dst < 0 {
			continue
		}
		c.edge(p, pe)
	}
}

// location compiles a location and its invariant.
func (c *compiler) location(p *Process, i int32, l *parsedLoc) *Location {
	d := l.doc
	loc := &Location{Index: i, ID: d.ID, Name: l.name, Urgent: d.Urgent, Committed: d.Committed, Pos: d.Pos}
	if l.inv == nil {
		return loc
	}
	c.in(l.ctx, func() {
		fr := &frame{}
		x := &cx{c: c, sc: p.scope, fr: fr, mode: modeInvariant}
		o := x.expr(l.inv)
		if !x.condition0(o, "an invariant") {
			return
		}
		loc.Invariant = withFrameGuard(toGuard(o), fr.size)
		c.noteFrame(fr)
	})
	return loc
}

// condition0 checks a guard or invariant: a conjunction of clock
// constraints and integer conditions, without side effects.
func (x *cx) condition0(o *operand, what string) bool {
	switch {
	case o.isBad():
		return false
	case o.effect:
		x.errorf(o.node, "side effects are not allowed in %s", what)
		return false
	case o.t.kind == kGuard:
		return true
	case o.t.kind == kClock || o.t.kind == kDiff:
		if x.mode == modeInvariant {
			x.errorf(o.node, "invariant must be a conjunction of clock upper bounds and integer conditions")
		} else {
			x.errorf(o.node, "guard must be a conjunction of clock constraints and integer conditions")
		}
		return false
	}
	return x.integral(o)
}

// edge compiles one edge of p: one Edge, or one per disjunct when the
// guard has disjunctions over clocks.
func (c *compiler) edge(p *Process, pe *parsedEdge) {
	t := p.tmpl
	d := pe.doc
	proto := Edge{Process: int32(p.Index), Src: pe.src, Dst: pe.dst, ID: d.ID, Pos: d.Pos,
		GuardExpr: pe.guard, UpdateExprs: pe.update}
	esc := newScope(p.scope)
	c.in(t.edgeCtx(pe, "select"), func() { c.selects(&proto, esc, pe.sel) })
	guards := []*Guard{nil}
	if pe.guard != nil {
		c.in(t.edgeCtx(pe, "guard"), func() { guards = c.guards(esc, pe.guard) })
	}
	if pe.sync != nil && pe.sync.Chan != nil {
		c.in(t.edgeCtx(pe, "synchronisation"), func() { c.sync(&proto, esc, pe.sync, guards) })
	}
	if len(pe.update) > 0 {
		c.in(t.edgeCtx(pe, "update"), func() { c.update(&proto, esc, pe.update) })
	}
	for _, g := range guards {
		e := proto
		e.Index = int32(len(p.Edges))
		e.Guard = g
		p.Edges = append(p.Edges, &e)
		p.edges = append(p.edges, esc)
		p.Locations[e.Src].Out = append(p.Locations[e.Src].Out, e.Index)
	}
}

// guards compiles a guard into one Guard per disjunct (nil means true).
func (c *compiler) guards(esc *scope, g lang.Expr) []*Guard {
	fr := &frame{}
	x := &cx{c: c, sc: esc, fr: fr, mode: modeGuard}
	ds, ok := x.guardDNF(g)
	c.noteFrame(fr)
	if !ok {
		return []*Guard{nil}
	}
	var out []*Guard
	for _, d := range ds {
		if gd, ok := conjGuard(d); ok {
			out = append(out, withFrameGuard(gd, fr.size))
		}
	}
	if len(out) == 0 { // the guard never holds
		out = append(out, &Guard{Int: func(*Env) int32 { return 0 }})
	}
	return out
}

// selects binds the select variables of an edge to Env.Sel slots.
func (c *compiler) selects(e *Edge, esc *scope, sel []*lang.SelectBinding) {
	x := &cx{c: c, sc: esc, mode: modeConst}
	for k, b := range sel {
		t := x.typeSpec(b.Type)
		lo, hi, ok := x.boundedRange(b.Type, t)
		if !ok {
			t, lo, hi = tInt, 0, 0
		}
		e.Select = append(e.Select, Select{Name: b.Name.Name, Lo: lo, Hi: hi})
		c.declare(esc, &symbol{name: b.Name.Name, kind: symVar, pos: b.Name.Pos(), t: t.with(true, false), addr: &address{sp: spSel, off: int32(k)}})
	}
	if len(sel) > c.net.maxSelect {
		c.net.maxSelect = len(sel)
	}
}

// sync compiles the synchronisation label and checks the urgency rules.
func (c *compiler) sync(e *Edge, esc *scope, s *lang.Sync, guards []*Guard) {
	fr := &frame{}
	x := &cx{c: c, sc: esc, fr: fr, mode: modeSync}
	o := x.expr(s.Chan)
	if o.isBad() {
		return
	}
	if o.t.kind != kChan || o.addr == nil {
		x.errorf(s.Chan, "'%s' is not a channel", exprString(s.Chan))
		return
	}
	if o.effect {
		x.errorf(s.Chan, "side effects are not allowed in a synchronisation")
		return
	}
	e.Sync = &Sync{Send: s.Send, Chan: -1, Urgent: o.t.urgent, Broadcast: o.t.broadcast, Pos: s.Pos()}
	if o.addr.static() {
		e.Sync.Chan = o.addr.off
	} else {
		e.Sync.ChanFn = withFrame(o.addr.dyn, fr.size)
	}
	c.noteFrame(fr)
	for _, g := range guards {
		if g != nil && len(g.Clocks) > 0 && o.t.urgent {
			c.errs.Addf(s.Pos(), s.End(), "clock guards are not allowed on edges synchronising on urgent channels")
			break
		}
	}
}

// update compiles the assignments of an edge, run left to right.
func (c *compiler) update(e *Edge, esc *scope, list []lang.Expr) {
	fr := &frame{}
	x := &cx{c: c, sc: esc, fr: fr, mode: modeUpdate}
	var fs []func(*Env)
	for _, u := range list {
		if f := x.effectOf(u); f != nil {
			fs = append(fs, f)
		}
	}
	c.noteFrame(fr)
	var f func(*Env)
	switch len(fs) {
	case 0:
		return
	case 1:
		f = fs[0]
	case 2:
		a, b := fs[0], fs[1]
		f = func(en *Env) {
			a(en)
			if en.Err == nil {
				b(en)
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
	e.Update = withFrameUpdate(f, fr.size)
}

// noteFrame records the size of a label frame for the stack estimate.
func (c *compiler) noteFrame(fr *frame) {
	if int(fr.size)*4 > c.net.maxStack {
		c.net.maxStack = int(fr.size) * 4
	}
}

// withFrame wraps a closure of a label that uses frame slots (quantifier
// variables, function frames live above them): it pushes the label's frame
// around the call.
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

func withFrameGuard(g *Guard, size int32) *Guard {
	if g == nil || size == 0 {
		return g
	}
	g.Int = withFrame(g.Int, size)
	for i := range g.Clocks {
		cc := &g.Clocks[i]
		cc.IFn = withFrame(cc.IFn, size)
		cc.JFn = withFrame(cc.JFn, size)
		cc.BoundFn = withFrame(cc.BoundFn, size)
	}
	return g
}
