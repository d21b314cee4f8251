// Enabled edges of a discrete state and their combination into transitions.

package zone

import (
	"beeline/core/model"
)

// part is one edge instance of a discrete state: an edge out of a
// process's current location, with values for its select bindings, whose
// integer guard holds. Its clock guard is not evaluated yet.
type part struct {
	proc, edge int32
	sel        int32 // offset of the select values in enabled.sel
	ch         int32 // channel index, -1 for an internal edge
	send       bool
}

// enabled holds the edge instances of one discrete state, in process
// order, with their select values in one pool (no allocation once the
// slices have grown).
type enabled struct {
	parts []part
	sel   []int32
	start []int32 // parts of process p are parts[start[p]:start[p+1]]
}

// selOf returns the select values of part k.
func (en *enabled) selOf(g *Graph, k int32) []int32 {
	pt := &en.parts[k]
	n := len(g.net.Processes[pt.proc].Edges[pt.edge].Select)
	return en.sel[pt.sel : pt.sel+int32(n)]
}

// collect fills en with the edge instances of d whose integer guard holds.
// An error in evaluating a guard or a channel expression is returned, and
// ErrInterrupted when the interrupt stops it.
func (g *Expander) collect(d []int32, en *enabled) error {
	en.parts, en.sel, en.start = en.parts[:0], en.sel[:0], en.start[:0]
	g.setState(d)
	for p := range g.np {
		en.start = append(en.start, int32(len(en.parts)))
		proc := g.net.Processes[p]
		for _, e := range g.location(d, p).Out {
			if err := g.collectEdge(d, en, proc.Edges[e]); err != nil {
				return err
			}
		}
	}
	en.start = append(en.start, int32(len(en.parts)))
	return nil
}

// collectEdge adds the instances of edge e, one per combination of select
// values.
func (g *Expander) collectEdge(d []int32, en *enabled, e *model.Edge) error {
	sel := g.env.Sel[:len(e.Select)]
	for k, s := range e.Select {
		if s.Lo > s.Hi {
			return nil // an empty range binds nothing
		}
		sel[k] = s.Lo
	}
	for {
		if !g.spend(1) {
			return ErrInterrupted
		}
		if err := g.addInstance(d, en, e, sel); err != nil {
			return err
		}
		if !model.NextSelect(sel, e.Select) {
			return nil
		}
	}
}

// addInstance evaluates e's integer guard and channel with the select
// values in g.env.Sel and records the instance if the guard holds.
func (g *Expander) addInstance(d []int32, en *enabled, e *model.Edge, sel []int32) error {
	if e.Guard != nil && e.Guard.Int != nil {
		v := e.Guard.Int(g.env)
		if g.env.Err != nil {
			return g.skipEdge(d, e, sel, "guard")
		}
		if v == 0 {
			return nil
		}
	}
	pt := part{proc: e.Process, edge: e.Index, sel: int32(len(en.sel)), ch: -1}
	if s := e.Sync; s != nil {
		pt.send = s.Send
		pt.ch = s.Chan
		if s.ChanFn != nil {
			pt.ch = s.ChanFn(g.env)
			if g.env.Err != nil {
				return g.skipEdge(d, e, sel, "synchronisation")
			}
		}
	}
	en.parts = append(en.parts, pt)
	en.sel = append(en.sel, sel...)
	return nil
}

// skipEdge returns the error of evaluating edge e, or under
// Options.SkipErrors clears it and returns nil: the instance is left out.
func (g *Expander) skipEdge(d []int32, e *model.Edge, sel []int32, what string) error {
	if g.skip {
		g.env.Err = nil
		g.skipped++
		return nil
	}
	return g.edgeError(d, e, sel, what)
}

// transitions enumerates the transitions of the discrete state d from the
// instances in g.en, putting each in g.combo (sender or internal edge
// first, then receivers in process order: the order of the updates) and
// calling visit; it stops when visit returns false. Only the discrete
// conditions are checked here: the committed rule, channel matching, and
// for broadcast the rule that every process with an enabled receiving
// edge takes part. Clock guards are the caller's business.
//
// The enumeration is lazy — a broadcast's combinations of receivers, as
// many as the product of their choices, are visited one at a time — and
// counts its work (spend): it returns ErrInterrupted when the interrupt
// stops it, nil otherwise.
func (g *Expander) transitions(d []int32, visit func() bool) error {
	committed := g.hasCommitted && g.anyCommitted(d)
	en := &g.en
	g.halted = false
	for k := range en.parts {
		if !g.spend(1) {
			return ErrInterrupted
		}
		a := &en.parts[k]
		var more bool
		switch {
		case a.ch < 0:
			if committed && !g.isCommitted(d, a.proc) {
				continue
			}
			g.combo = append(g.combo[:0], int32(k))
			more = g.spend(unitsFire+1) && visit()
		case !a.send:
			continue
		case g.net.Channels[a.ch].Broadcast:
			more = g.broadcast(d, int32(k), committed, visit)
		default:
			more = g.binary(d, int32(k), committed, visit)
		}
		if !more {
			return g.haltErr()
		}
	}
	return nil
}

// haltErr returns ErrInterrupted when the last poll of an enumeration
// said to stop, and nil when the visitor did.
func (g *Expander) haltErr() error {
	if g.halted {
		return ErrInterrupted
	}
	return nil
}

// binary enumerates the receivers matching sender k.
func (g *Expander) binary(d []int32, k int32, committed bool, visit func() bool) bool {
	en := &g.en
	a := en.parts[k]
	for r := range en.parts {
		if !g.spend(1) {
			return false
		}
		b := &en.parts[r]
		if b.send || b.ch != a.ch || b.proc == a.proc {
			continue
		}
		if committed && !g.isCommitted(d, a.proc) && !g.isCommitted(d, b.proc) {
			continue
		}
		g.combo = append(g.combo[:0], k, int32(r))
		if !g.spend(unitsFire+2) || !visit() {
			return false
		}
	}
	return true
}

// broadcast enumerates the transitions of broadcast sender k: every other
// process with enabled receiving edges on the channel contributes one of
// them, in every combination. The combinations are never listed: g.combo
// holds the current one, and advanceReceivers moves it to the next.
func (g *Expander) broadcast(d []int32, k int32, committed bool, visit func() bool) bool {
	en := &g.en
	a := en.parts[k]
	g.combo = append(g.combo[:0], k)
	// For each receiving process, its first matching instance; the
	// odometer below advances through the others.
	for p := range g.np {
		if int32(p) == a.proc {
			continue
		}
		if r := g.nextReceiver(a.ch, en.start[p]-1, int32(p)); r >= 0 {
			g.combo = append(g.combo, r)
		}
	}
	for {
		if !g.spend(len(g.combo)) {
			return false
		}
		if !committed || g.comboCommitted(d) {
			if !g.spend(unitsFire) || !visit() {
				return false
			}
		}
		if !g.advanceReceivers(a.ch) {
			return true
		}
	}
}

// nextReceiver returns the first receiving instance on ch of process p
// after index after, or -1.
func (g *Expander) nextReceiver(ch, after, p int32) int32 {
	en := &g.en
	for r := after + 1; r < en.start[p+1]; r++ {
		if b := &en.parts[r]; !b.send && b.ch == ch {
			return r
		}
	}
	return -1
}

// advanceReceivers moves the broadcast combination in g.combo to the next
// choice of receiving edges; it reports false after the last one.
func (g *Expander) advanceReceivers(ch int32) bool {
	en := &g.en
	for i := len(g.combo) - 1; i >= 1; i-- {
		p := en.parts[g.combo[i]].proc
		if r := g.nextReceiver(ch, g.combo[i], p); r >= 0 {
			g.combo[i] = r
			return true
		}
		g.combo[i] = g.nextReceiver(ch, en.start[p]-1, p)
	}
	return false
}

// anyCommitted reports whether some process of d is in a committed location.
func (g *Graph) anyCommitted(d []int32) bool {
	for p := range g.np {
		if g.location(d, p).Committed {
			return true
		}
	}
	return false
}

// HasCommitted reports whether some process has a committed location:
// whether any state can be transient (Expander.Transient).
func (g *Graph) HasCommitted() bool { return g.hasCommitted }

// Transient reports whether a process of d is in a committed location:
// such a state is left at once (time cannot pass there), so a search may
// pass through it without storing it (core/search's Transient, UPPAAL's
// conservative space reduction).
func (g *Expander) Transient(d []int32) bool {
	return g.hasCommitted && g.anyCommitted(d)
}

func (g *Graph) isCommitted(d []int32, p int32) bool {
	return g.location(d, int(p)).Committed
}

// comboCommitted reports whether a process of g.combo leaves a committed
// location.
func (g *Expander) comboCommitted(d []int32) bool {
	for _, k := range g.combo {
		if g.isCommitted(d, g.en.parts[k].proc) {
			return true
		}
	}
	return false
}

// urgentEnabled reports whether a synchronisation over an urgent channel
// is enabled in d, judging by integer guards only (UPPAAL forbids clock
// guards on such edges, and New refuses them). A binary urgent channel
// needs a sender and a receiver in different processes; a broadcast one
// needs only a sender.
func (g *Expander) urgentEnabled(d []int32) (bool, error) {
	en := &g.urg
	en.parts, en.sel, en.start = en.parts[:0], en.sel[:0], en.start[:0]
	g.setState(d)
	for p := range g.np {
		proc := g.net.Processes[p]
		for _, e := range g.location(d, p).Out {
			edge := proc.Edges[e]
			if edge.Sync == nil || !edge.Sync.Urgent {
				continue
			}
			if err := g.collectEdge(d, en, edge); err != nil {
				return false, err
			}
		}
	}
	for i := range en.parts {
		a := &en.parts[i]
		if !a.send {
			continue
		}
		if g.net.Channels[a.ch].Broadcast {
			return true, nil
		}
		for j := range en.parts {
			if b := &en.parts[j]; !b.send && b.ch == a.ch && b.proc != a.proc {
				return true, nil
			}
		}
	}
	return false, nil
}
