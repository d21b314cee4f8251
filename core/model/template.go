// Processes: a template compiled with its parameters bound, its locals
// allocated, and its invariants, guards, synchronisations and updates
// turned into closures.

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
)

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
		loc.Invariant = backend{c.net}.guard(toGuard(o, fr.size))
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
	return x.number(o)
}

// edge compiles one edge of p: one Edge, or one per disjunct when the
// guard has disjunctions over clocks.
func (c *compiler) edge(p *Process, pe *parsedEdge) {
	t := p.tmpl
	d := pe.doc
	proto := Edge{Process: int32(p.Index), Src: pe.src, Dst: pe.dst, ID: d.ID, Pos: d.Pos}
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
		e.Origin = e.Index
		e.Guard = g
		p.Edges = append(p.Edges, &e)
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
		if gd, ok := conjGuard(d, fr.size); ok {
			out = append(out, backend{c.net}.guard(gd))
		}
	}
	if len(out) == 0 { // the guard never holds
		out = append(out, backend{c.net}.guard(&ir.Guard{Cond: &ir.Const{At: at(g), V: 0}}))
	}
	return out
}

// selects binds the select variables of an edge to Env.Sel slots.
func (c *compiler) selects(e *Edge, esc *scope, sel []*lang.SelectBinding) {
	x := &cx{c: c, sc: esc, mode: modeConst}
	combos := int64(1)
	for k, b := range sel {
		t := x.typeSpec(b.Type)
		lo, hi, ok := x.boundedRange(b.Type, t)
		if !ok {
			t, lo, hi = tInt, 0, 0
		}
		if combos *= int64(hi) - int64(lo) + 1; combos > maxSelect {
			x.errorf(b.Type, "the select bindings take %d combinations of values, at most %d are supported", combos, maxSelect)
			t, lo, hi, combos = tInt, 0, 0, 1
		}
		sel := Select{Name: b.Name.Name, Lo: lo, Hi: hi}
		if t.kind == kScalar {
			sel.set = t.set
		}
		e.Select = append(e.Select, sel)
		c.declare(esc, &symbol{name: b.Name.Name, kind: symVar, pos: b.Name.Pos(), t: t.with(true, false), addr: staticRef(spSel, int32(k), 1)})
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
	e.Sync = &Sync{Send: s.Send, Chan: -1, Urgent: o.t.urgent, Broadcast: o.t.broadcast, Pos: s.Pos(), Src: o.addr, Frame: fr.size}
	if o.addr.Static() {
		e.Sync.Chan = o.addr.Off
	} else {
		_, dyn := backend{c.net}.clock(o.addr)
		e.Sync.ChanFn = withFrame(dyn, fr.size)
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
	u := &ir.Update{}
	for _, a := range list {
		if f := x.effectOf(a); f != nil {
			u.List = append(u.List, f)
		}
	}
	c.noteFrame(fr)
	if len(u.List) == 0 {
		return
	}
	u.Frame = fr.size
	e.Assign = u
	e.Update = backend{c.net}.updateList(u)
}

// noteFrame records the size of a label frame for the stack estimate.
func (c *compiler) noteFrame(fr *frame) {
	if int(fr.size)*4 > c.net.maxStack {
		c.net.maxStack = int(fr.size) * 4
	}
}
