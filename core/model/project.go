// Projection: the network M|P that keeps a pattern P of processes, state
// slots and clocks, rewritten on the resolved form (Wehrle and
// Kupferschmid, "Downward pattern refinement for timed automata", §2.3).

package model

import (
	"fmt"
	"slices"

	"beeline/core/ir"
)

// Pattern is what a projection keeps: processes, state slots
// (Network.Vars) and clocks (Network.Clocks; clock 0 is always kept).
type Pattern struct {
	Procs, Vars, Clocks []bool
}

// FullPattern keeps everything: its projection behaves as n.
func FullPattern(n *Network) Pattern {
	p := Pattern{
		Procs:  make([]bool, len(n.Processes)),
		Vars:   make([]bool, len(n.Vars)),
		Clocks: make([]bool, len(n.Clocks)),
	}
	for _, s := range [][]bool{p.Procs, p.Vars, p.Clocks} {
		for i := range s {
			s[i] = true
		}
	}
	return p
}

// Clone returns a copy of p.
func (p Pattern) Clone() Pattern {
	return Pattern{Procs: slices.Clone(p.Procs), Vars: slices.Clone(p.Vars), Clocks: slices.Clone(p.Clocks)}
}

// CopyFrom makes p keep what q keeps; p and q are patterns of one
// network.
func (p Pattern) CopyFrom(q Pattern) {
	copy(p.Procs, q.Procs)
	copy(p.Vars, q.Vars)
	copy(p.Clocks, q.Clocks)
}

// Full reports whether p keeps everything.
func (p Pattern) Full() bool {
	return !slices.Contains(p.Procs, false) && !slices.Contains(p.Vars, false) && !slices.Contains(p.Clocks[min(1, len(p.Clocks)):], false)
}

// String counts what p keeps: "procs 3/5, vars 10/40, clocks 2/6" (the
// reference clock is not counted).
func (p Pattern) String() string {
	count := func(s []bool) int {
		k := 0
		for _, b := range s {
			if b {
				k++
			}
		}
		return k
	}
	nc := max(len(p.Clocks)-1, 0)
	kc := count(p.Clocks[min(1, len(p.Clocks)):])
	return fmt.Sprintf("procs %d/%d, vars %d/%d, clocks %d/%d", count(p.Procs), len(p.Procs), count(p.Vars), len(p.Vars), kc, nc)
}

// Project returns M|P, the projection of n onto p, and the pattern it
// really used: p without the clocks whose assignments read dropped state
// or happen inside an update the projection cannot keep (their values
// would be unknown).
//
// M|P is an over-approximation of n: every transition of n from a state
// s has an image in M|P from the projection of s. It has n's layout — the
// same slots, clocks and processes — so that projecting a state is
// cheap: dropped slots keep their initial values, dropped clocks are
// never constrained, and a dropped process sits in its only location 0.
// What changes:
//
//   - a conjunct of a guard or invariant that reads a dropped slot or a
//     meta variable is removed, and so is a clock constraint on a
//     dropped clock: meta variables are never kept, as no abstract
//     state holds their values (they are no part of the state);
//   - an assignment that writes only dropped slots and meta variables
//     is removed; one that writes kept slots from dropped ones or from
//     meta variables (or writes both) becomes "every value of the slot's
//     range", a select binding per kept slot;
//   - a channel chosen by dropped slots or meta variables becomes one
//     edge per channel;
//   - a dropped process has one location, with every edge a self-loop
//     keeping its effects on P, and no invariant;
//   - unless p keeps everything and n has no meta variables: no urgent
//     channels and no priorities (a relaxed guard would block more
//     delays or transitions than n does), no committed locations if a
//     dropped process has one, and a no-op twin for every broadcast
//     receiver whose guard was relaxed, so that taking part stays
//     optional.
func (n *Network) Project(p Pattern) (*Network, Pattern) {
	m, q := n.project(p)
	if p.Full() {
		return m, q // every clock kept, unused ones included
	}
	if unused := unconstrained(m, q); len(unused) > 0 {
		for _, c := range unused {
			q.Clocks[c] = false
		}
		m, q = n.project(q)
	}
	compactClocks(m, q)
	return m, q
}

// compactClocks numbers the kept clocks of a projection densely, so that
// its zones have only their dimension (see Network.ClockMap): the
// compiled constraints are renumbered, the resolved form is not.
func compactClocks(m *Network, p Pattern) {
	if !slices.Contains(p.Clocks[min(1, len(p.Clocks)):], false) {
		return
	}
	cm := make([]int32, len(p.Clocks))
	var clocks []Clock
	for c, k := range p.Clocks {
		cm[c] = -1
		if k || c == 0 {
			cm[c] = int32(len(clocks))
			clocks = append(clocks, m.Clocks[c])
		}
	}
	m.Clocks, m.ClockMap = clocks, cm
	done := map[*Guard]bool{} // edges split per channel share their guard
	for _, proc := range m.Processes {
		for _, l := range proc.Locations {
			renumber(l.Invariant, cm, done)
		}
		for _, e := range proc.Edges {
			renumber(e.Guard, cm, done)
		}
	}
}

// renumber maps the clocks of g's compiled constraints by cm. The
// projection left only constraints on kept clocks.
func renumber(g *Guard, cm []int32, done map[*Guard]bool) {
	if g == nil || done[g] {
		return
	}
	done[g] = true
	for i := range g.Clocks {
		c := &g.Clocks[i]
		c.I, c.J = cm[c.I], cm[c.J]
		if f := c.IFn; f != nil {
			c.IFn = func(e *Env) int32 { return cm[f(e)] }
		}
		if f := c.JFn; f != nil {
			c.JFn = func(e *Env) int32 { return cm[f(e)] }
		}
	}
}

// unconstrained lists the clocks p keeps that no guard or invariant of
// the projection m constrains: their values matter to nothing, so the
// projection drops them too.
func unconstrained(m *Network, p Pattern) []int32 {
	used := make([]bool, len(p.Clocks))
	for i := range m.Processes {
		for _, d := range m.Deps.Invariants[i] {
			for _, c := range d.Clocks {
				used[c] = true
			}
		}
		for _, d := range m.Deps.Edges[i] {
			for _, c := range d.Guard.Clocks {
				used[c] = true
			}
		}
	}
	var out []int32
	for c := 1; c < len(p.Clocks); c++ {
		if p.Clocks[c] && !used[c] {
			out = append(out, int32(c))
		}
	}
	return out
}

// project builds M|P for Project.
func (n *Network) project(p Pattern) (*Network, Pattern) {
	pr := &projector{src: n, p: p.Clone(), memo: map[ir.Expr]ir.Deps{}}
	pr.normalise()
	m := &Network{
		FS: n.FS, Vars: n.Vars, Meta: n.Meta, Clocks: n.Clocks, Templates: n.Templates,
		Channels: slices.Clone(n.Channels), HasPriorities: n.HasPriorities,
		consts: n.consts, bodies: n.bodies, maxStack: n.maxStack, global: n.global, sets: n.sets,
	}
	pr.net = m
	// With meta variables read, even the full pattern relaxes guards.
	pr.full = pr.p.Full() && len(n.Meta) == 0
	if !pr.full {
		m.HasPriorities = false
		for i := range m.Channels {
			m.Channels[i].Urgent, m.Channels[i].Priority = false, 0
		}
	}
	pr.noCommitted = pr.droppedCommitted()
	for i, proc := range n.Processes {
		m.Processes = append(m.Processes, pr.process(i, proc))
	}
	m.Deps = newDeps(m)
	return m, pr.p
}

// projector builds one projection.
type projector struct {
	src, net    *Network
	p           Pattern
	full        bool
	noCommitted bool
	// memo holds the dependencies of each update element: normalise and
	// update both need them.
	memo map[ir.Expr]ir.Deps
}

// deps returns the dependencies of the update element u, computed once.
func (pr *projector) deps(u ir.Expr) ir.Deps {
	d, ok := pr.memo[u]
	if !ok {
		d = ir.ExprDeps(u)
		pr.memo[u] = d
	}
	return d
}

// normalise drops the clocks whose values the projection cannot know.
func (pr *projector) normalise() {
	for _, proc := range pr.src.Processes {
		for _, e := range proc.Edges {
			if e.Assign == nil {
				continue
			}
			for _, u := range ir.Elements(e.Assign.List) {
				// A kept assignment reads no dropped slot, so the
				// clocks it assigns get known values.
				d := pr.deps(u)
				if pr.keep(d) {
					continue
				}
				for _, c := range d.Resets {
					pr.p.Clocks[c] = false
				}
			}
		}
	}
}

// keep reports whether an assignment with dependencies d can stay as it
// is: it reads and writes kept slots only.
func (pr *projector) keep(d ir.Deps) bool {
	return !pr.readsDropped(d) && !pr.anyDropped(d.WriteVars)
}

// readsDropped reports whether what d reads is unknown to the
// projection: a dropped slot, or a meta variable. A meta variable is no
// part of the state, so an abstract state cannot say what it holds when
// a transition reads it (the abstract search's order differs from the
// concrete one's, and the abstraction merges states): M|P never keeps
// one, whatever p says.
func (pr *projector) readsDropped(d ir.Deps) bool {
	return len(d.ReadMeta) > 0 || pr.anyDropped(d.ReadVars)
}

func (pr *projector) anyDropped(slots []int32) bool {
	for _, s := range slots {
		if !pr.p.Vars[s] {
			return true
		}
	}
	return false
}

func (pr *projector) anyKept(slots []int32) bool {
	for _, s := range slots {
		if pr.p.Vars[s] {
			return true
		}
	}
	return false
}

// droppedCommitted reports whether a dropped process has a committed
// location: the projection cannot know when it is committed, so it
// ignores committed locations everywhere.
func (pr *projector) droppedCommitted() bool {
	for i, proc := range pr.src.Processes {
		if pr.p.Procs[i] {
			continue
		}
		for _, l := range proc.Locations {
			if l.Committed {
				return true
			}
		}
	}
	return false
}

// process projects one process.
func (pr *projector) process(i int, proc *Process) *Process {
	q := &Process{Index: proc.Index, Name: proc.Name, Template: proc.Template, Priority: proc.Priority, Initial: proc.Initial, Pos: proc.Pos}
	if !pr.full {
		q.Priority = 0
	}
	kept := pr.p.Procs[i]
	if kept {
		for _, l := range proc.Locations {
			c := &Location{Index: l.Index, ID: l.ID, Name: l.Name, Urgent: l.Urgent, Committed: l.Committed && !pr.noCommitted, Pos: l.Pos}
			if l.Invariant != nil {
				c.Invariant = backend{pr.net}.guard(pr.guard(l.Invariant.Src))
			}
			q.Locations = append(q.Locations, c)
		}
	} else {
		q.Initial = 0
		q.Locations = []*Location{{Index: 0, Name: "*", Pos: proc.Pos}}
	}
	for _, e := range proc.Edges {
		for _, c := range pr.edges(e, kept) {
			c.Index = int32(len(q.Edges))
			q.Edges = append(q.Edges, c)
			q.Locations[c.Src].Out = append(q.Locations[c.Src].Out, c.Index)
			pr.net.maxSelect = max(pr.net.maxSelect, len(c.Select))
		}
	}
	return q
}

// guard projects a guard or invariant: conjuncts that read dropped slots
// and clock constraints on dropped clocks are removed.
func (pr *projector) guard(g *ir.Guard) *ir.Guard {
	if g == nil {
		return nil
	}
	out := &ir.Guard{Frame: g.Frame}
	for _, c := range ir.Conjuncts(g.Cond, nil) {
		if !pr.readsDropped(ir.ExprDeps(c)) {
			out.Cond = and(out.Cond, c)
		}
	}
	for _, c := range g.Clocks {
		d := ir.ConstraintDeps(c)
		if !pr.readsDropped(d) && !pr.dropsClock(d.Clocks) {
			out.Clocks = append(out.Clocks, c)
		}
	}
	return out
}

func (pr *projector) dropsClock(cs []int32) bool {
	for _, c := range cs {
		if !pr.p.Clocks[c] {
			return true
		}
	}
	return false
}

// edges projects one edge: one edge, or one per channel when dropped
// slots choose it, plus the no-op twin of a broadcast receiver.
func (pr *projector) edges(e *Edge, kept bool) []*Edge {
	c := &Edge{Process: e.Process, Src: e.Src, Dst: e.Dst, Origin: e.Index, ID: e.ID, Pos: e.Pos, Select: slices.Clip(e.Select)}
	if !kept {
		c.Src, c.Dst = 0, 0
	}
	var g *ir.Guard
	if e.Guard != nil {
		g = pr.guard(e.Guard.Src)
		c.Guard = backend{pr.net}.guard(g)
	}
	pr.update(c, e.Assign)
	relaxed := !kept || (e.Guard != nil && !sameGuard(g, e.Guard.Src))
	if e.Sync == nil {
		return []*Edge{c}
	}
	var out []*Edge
	for _, s := range pr.syncs(e.Sync) {
		x := *c
		x.Sync = s
		out = append(out, &x)
		if relaxed && s.Broadcast && !s.Send {
			twin := &Edge{Process: c.Process, Src: c.Src, Dst: c.Src, Origin: -1, ID: c.ID, Pos: c.Pos, Select: e.Select, Guard: c.Guard, Sync: s}
			out = append(out, twin)
		}
	}
	return out
}

// sameGuard reports whether projecting g removed nothing.
func sameGuard(p, g *ir.Guard) bool {
	return len(p.Clocks) == len(g.Clocks) && len(ir.Conjuncts(p.Cond, nil)) == len(ir.Conjuncts(g.Cond, nil))
}

// syncs projects a synchronisation: as it is, or one per channel it may
// name when dropped slots choose the channel.
func (pr *projector) syncs(s *Sync) []*Sync {
	d := ir.RefDeps(s.Src)
	if s.Chan >= 0 || !pr.readsDropped(d) {
		return []*Sync{pr.channelKind(s)}
	}
	var out []*Sync
	for _, ch := range d.Chans {
		c := pr.channelKind(s)
		c.Chan, c.ChanFn = ch, nil
		c.Src = &ir.Ref{Space: ir.Chan, Off: ch, Span: 1, Name: pr.src.Channels[ch].Name}
		out = append(out, c)
	}
	return out
}

// channelKind copies s with the urgency of the projected channels.
func (pr *projector) channelKind(s *Sync) *Sync {
	c := *s
	if !pr.full {
		c.Urgent = false
	}
	return &c
}

// update projects the assignments of an edge into c.
func (pr *projector) update(c *Edge, u *ir.Update) {
	if u == nil {
		return
	}
	out := &ir.Update{Frame: u.Frame}
	for _, x := range ir.Elements(u.List) {
		d := pr.deps(x)
		switch {
		case !pr.anyKept(d.WriteVars) && !pr.keepsReset(d.Resets):
			// writes only what the pattern drops
		case pr.keep(d):
			out.List = append(out.List, x)
		default:
			out.List = append(out.List, pr.anyValue(c, d.WriteVars)...)
		}
	}
	if len(out.List) > 0 {
		c.Assign = out
		c.Update = backend{pr.net}.updateList(out)
	}
}

func (pr *projector) keepsReset(cs []int32) bool {
	for _, k := range cs {
		if pr.p.Clocks[k] {
			return true
		}
	}
	return false
}

// anyValue returns assignments giving each kept slot of slots any value
// of its range, through a new select binding of c per slot.
func (pr *projector) anyValue(c *Edge, slots []int32) []ir.Expr {
	var out []ir.Expr
	for _, s := range slots {
		if !pr.p.Vars[s] {
			continue
		}
		v := pr.src.Vars[s]
		k := int32(len(c.Select))
		c.Select = append(c.Select, Select{Name: "any " + v.Name, Lo: v.Lo, Hi: v.Hi})
		dst := &ir.Ref{Space: ir.Var, Off: s, Span: 1, Lo: v.Lo, Hi: v.Hi, Name: v.Name}
		sel := &ir.Ref{Space: ir.Sel, Off: k, Span: 1, Lo: v.Lo, Hi: v.Hi, Name: "any " + v.Name}
		out = append(out, &ir.Assign{At: ir.At{P: v.Pos}, Dst: dst, X: &ir.Load{Ref: sel}})
	}
	return out
}

// and conjoins two conditions (nil is true).
func and(a, b ir.Expr) ir.Expr {
	if a == nil {
		return b
	}
	return &ir.Binary{At: ir.At{P: b.Pos()}, Op: ir.LAnd, X: a, Y: b}
}
