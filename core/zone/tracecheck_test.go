// An independent checker of concrete traces: it replays a Trace with plain
// arithmetic on clock valuations (no zones, no code shared with the graph
// beyond the model's compiled closures) and fails on any step that the
// UPPAAL semantics does not allow.

package zone

import (
	"fmt"
	"slices"
	"testing"

	"beeline/core/model"
	"beeline/core/search"
)

// cstate is a concrete state: clocks are numerators over den.
type cstate struct {
	locs, vars []int32
	clocks     []int64
	den        int64
}

// cedge is one edge of a concrete transition with its select values.
type cedge struct {
	proc, edge int
	sel        []int32
}

// checker replays traces of one network.
type checker struct {
	n   *model.Network
	env *model.Env
}

func newChecker(n *model.Network) *checker { return &checker{n: n, env: n.NewEnv()} }

func (c *checker) at(s *cstate, sel []int32) *model.Env {
	c.env.Reset()
	c.env.Locs, c.env.Vars = s.locs, s.vars
	copy(c.env.Sel, sel)
	return c.env
}

// clockOK evaluates one clock constraint at the valuation of s.
func (c *checker) clockOK(s *cstate, sel []int32, k *model.ClockConstraint) (bool, error) {
	env := c.at(s, sel)
	i, j := k.Index(env)
	b := k.Value(env)
	if env.Err != nil {
		return false, env.Err
	}
	diff, bound := s.clocks[i]-s.clocks[j], int64(b)*s.den
	return diff < bound || diff == bound && !k.Strict, nil
}

// guardOK evaluates a guard or invariant (integer and clock parts).
func (c *checker) guardOK(s *cstate, sel []int32, g *model.Guard) (bool, error) {
	if g == nil {
		return true, nil
	}
	if g.Int != nil {
		env := c.at(s, sel)
		v := g.Int(env)
		if env.Err != nil {
			return false, env.Err
		}
		if v == 0 {
			return false, nil
		}
	}
	for k := range g.Clocks {
		if ok, err := c.clockOK(s, sel, &g.Clocks[k]); !ok || err != nil {
			return false, err
		}
	}
	return true, nil
}

// invariantsOK checks the invariants of every current location.
func (c *checker) invariantsOK(s *cstate) (bool, error) {
	for p, proc := range c.n.Processes {
		if ok, err := c.guardOK(s, nil, proc.Locations[s.locs[p]].Invariant); !ok || err != nil {
			return false, err
		}
	}
	return true, nil
}

// instances lists the enabled edge instances of process p (guards fully
// evaluated at the valuation), with their channel.
func (c *checker) instances(s *cstate, p int, discreteOnly bool) ([]cedge, []int32, error) {
	var out []cedge
	var chans []int32
	proc := c.n.Processes[p]
	for _, ei := range proc.Locations[s.locs[p]].Out {
		e := proc.Edges[ei]
		sels := [][]int32{{}}
		for _, b := range e.Select {
			var next [][]int32
			for _, prefix := range sels {
				for v := b.Lo; v <= b.Hi; v++ {
					next = append(next, append(slices.Clone(prefix), v))
				}
			}
			sels = next
		}
		for _, sel := range sels {
			g := e.Guard
			if discreteOnly && g != nil {
				g = &model.Guard{Int: g.Int}
			}
			ok, err := c.guardOK(s, sel, g)
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				continue
			}
			ch := int32(-1)
			if e.Sync != nil {
				ch = e.Sync.Chan
				if e.Sync.ChanFn != nil {
					ch = e.Sync.ChanFn(c.at(s, sel))
				}
			}
			out = append(out, cedge{proc: p, edge: int(ei), sel: sel})
			chans = append(chans, ch)
		}
	}
	return out, chans, nil
}

// transitions enumerates every action transition of s whose guards hold
// at the valuation, by the rules of UPPAAL's semantics page.
func (c *checker) transitions(s *cstate) ([][]cedge, error) {
	var all [][]cedge
	type inst struct {
		e    cedge
		ch   int32
		send bool
	}
	var insts []inst
	for p := range c.n.Processes {
		es, chs, err := c.instances(s, p, false)
		if err != nil {
			return nil, err
		}
		for k, e := range es {
			sync := c.n.Processes[p].Edges[e.edge].Sync
			insts = append(insts, inst{e, chs[k], sync != nil && sync.Send})
		}
	}
	committed := false
	for p, proc := range c.n.Processes {
		committed = committed || proc.Locations[s.locs[p]].Committed
	}
	allowed := func(es []cedge) bool {
		if !committed {
			return true
		}
		for _, e := range es {
			if c.n.Processes[e.proc].Locations[s.locs[e.proc]].Committed {
				return true
			}
		}
		return false
	}
	for _, a := range insts {
		switch {
		case a.ch < 0:
			if allowed([]cedge{a.e}) {
				all = append(all, []cedge{a.e})
			}
		case !a.send:
		case !c.n.Channels[a.ch].Broadcast:
			for _, b := range insts {
				if !b.send && b.ch == a.ch && b.e.proc != a.e.proc && allowed([]cedge{a.e, b.e}) {
					all = append(all, []cedge{a.e, b.e})
				}
			}
		default:
			combos := [][]cedge{{a.e}}
			for p := range c.n.Processes {
				var rs []cedge
				for _, b := range insts {
					if b.e.proc == p && p != a.e.proc && !b.send && b.ch == a.ch {
						rs = append(rs, b.e)
					}
				}
				if len(rs) == 0 {
					continue
				}
				var next [][]cedge
				for _, cb := range combos {
					for _, r := range rs {
						next = append(next, append(slices.Clone(cb), r))
					}
				}
				combos = next
			}
			for _, cb := range combos {
				if allowed(cb) {
					all = append(all, cb)
				}
			}
		}
	}
	return all, nil
}

// fire applies a transition's updates and resets, returning the target
// state, or ok=false when the target invariant fails.
func (c *checker) fire(s *cstate, es []cedge) (*cstate, bool, error) {
	t := &cstate{locs: slices.Clone(s.locs), vars: slices.Clone(s.vars), clocks: slices.Clone(s.clocks), den: s.den}
	c.env.Reset()
	c.env.Locs, c.env.Vars = s.locs, t.vars
	for _, e := range es {
		copy(c.env.Sel, e.sel)
		if u := c.n.Processes[e.proc].Edges[e.edge].Update; u != nil {
			u(c.env)
		}
		if c.env.Err != nil {
			return nil, false, c.env.Err
		}
	}
	for _, r := range c.env.Resets {
		t.clocks[r.Clock] = int64(r.Value) * s.den
	}
	for _, e := range es {
		t.locs[e.proc] = c.n.Processes[e.proc].Edges[e.edge].Dst
	}
	ok, err := c.invariantsOK(t)
	return t, ok, err
}

// frozen reports whether time may not pass in s: urgent or committed
// locations, or an urgent synchronisation enabled by integer guards.
func (c *checker) frozen(s *cstate) (bool, error) {
	var sends, recvs [][2]int32 // (process, channel)
	for p, proc := range c.n.Processes {
		l := proc.Locations[s.locs[p]]
		if l.Urgent || l.Committed {
			return true, nil
		}
		es, chs, err := c.instances(s, p, true)
		if err != nil {
			return false, err
		}
		for k, e := range es {
			sync := proc.Edges[e.edge].Sync
			if sync == nil || !c.n.Channels[chs[k]].Urgent {
				continue
			}
			if sync.Send {
				sends = append(sends, [2]int32{int32(p), chs[k]})
			} else {
				recvs = append(recvs, [2]int32{int32(p), chs[k]})
			}
		}
	}
	for _, a := range sends {
		if c.n.Channels[a[1]].Broadcast {
			return true, nil
		}
		for _, b := range recvs {
			if a[0] != b[0] && a[1] == b[1] {
				return true, nil
			}
		}
	}
	return false, nil
}

// priority returns the (channel, process) priority of a transition.
func (c *checker) priority(s *cstate, es []cedge) [2]int32 {
	var k [2]int32
	k[1] = -1 << 31
	if sync := c.n.Processes[es[0].proc].Edges[es[0].edge].Sync; sync != nil {
		ch := sync.Chan
		if sync.ChanFn != nil {
			ch = sync.ChanFn(c.at(s, es[0].sel))
		}
		k[0] = c.n.Channels[ch].Priority
	}
	for _, e := range es {
		k[1] = max(k[1], c.n.Processes[e.proc].Priority)
	}
	return k
}

func sameEdges(a []cedge, b Transition) bool {
	if len(a) != len(b.Edges) {
		return false
	}
	for k, e := range a {
		f := b.Edges[k]
		if e.proc != f.Process || e.edge != f.Edge || !slices.Equal(e.sel, f.Select) {
			return false
		}
	}
	return true
}

// check replays tr and returns the first violation.
func (c *checker) check(tr *Trace) error {
	if tr.Den < 1 || len(tr.States) != len(tr.Steps)+1 {
		return fmt.Errorf("malformed trace: den %d, %d states, %d steps", tr.Den, len(tr.States), len(tr.Steps))
	}
	locs, vars := c.n.InitialState()
	s := &cstate{locs: locs, vars: vars, clocks: make([]int64, len(c.n.Clocks)), den: tr.Den}
	for k := range tr.States {
		want := tr.States[k]
		if !slices.Equal(s.locs, want.Locs) || !slices.Equal(s.vars, want.Vars) || !slices.Equal(s.clocks, want.Clocks) {
			return fmt.Errorf("state %d: replay gives %v %v %v, trace says %v %v %v", k, s.locs, s.vars, s.clocks, want.Locs, want.Vars, want.Clocks)
		}
		if ok, err := c.invariantsOK(s); !ok || err != nil {
			return fmt.Errorf("state %d violates its invariant (%v)", k, err)
		}
		delay := tr.FinalDelay
		if k < len(tr.Steps) {
			delay = tr.Steps[k].Delay
		}
		if err := c.delay(s, delay); err != nil {
			return fmt.Errorf("state %d: %v", k, err)
		}
		if k == len(tr.Steps) {
			break
		}
		next, err := c.step(s, tr.Steps[k].Transition)
		if err != nil {
			return fmt.Errorf("step %d: %v", k, err)
		}
		s = next
	}
	return nil
}

// delay lets d pass in s, checking that time may pass and that the
// invariants hold at the end (they are convex, so the end suffices).
func (c *checker) delay(s *cstate, d int64) error {
	if d < 0 {
		return fmt.Errorf("negative delay %d", d)
	}
	if d == 0 {
		return nil
	}
	if frozen, err := c.frozen(s); frozen || err != nil {
		return fmt.Errorf("delay %d/%d where time is frozen (%v)", d, s.den, err)
	}
	for i := 1; i < len(s.clocks); i++ {
		s.clocks[i] += d
	}
	if ok, err := c.invariantsOK(s); !ok || err != nil {
		return fmt.Errorf("invariant fails after delay %d/%d (%v)", d, s.den, err)
	}
	return nil
}

// step takes transition tr from s after checking that it is one of the
// enabled transitions, that its target exists, and that no transition of
// higher priority is enabled.
func (c *checker) step(s *cstate, tr Transition) (*cstate, error) {
	all, err := c.transitions(s)
	if err != nil {
		return nil, err
	}
	var chosen []cedge
	for _, es := range all {
		if sameEdges(es, tr) {
			chosen = es
		}
	}
	if chosen == nil {
		return nil, fmt.Errorf("transition %v is not enabled at %v/%d", tr, s.clocks, s.den)
	}
	next, ok, err := c.fire(s, chosen)
	if err != nil || !ok {
		return nil, fmt.Errorf("target of %v violates its invariant (%v)", tr, err)
	}
	mine := c.priority(s, chosen)
	for _, es := range all {
		k := c.priority(s, es)
		if k[0] > mine[0] || k[0] == mine[0] && k[1] > mine[1] {
			if _, ok, _ := c.fire(s, es); ok {
				return nil, fmt.Errorf("transition %v is blocked by %v of higher priority", tr, es)
			}
		}
	}
	return next, nil
}

// expectTraceOK concretizes a symbolic trace and checks it independently.
func expectTraceOK(t *testing.T, g *Graph, steps []search.Step, goal *model.Prop) *Trace {
	t.Helper()
	path := make([]SymbolicStep, len(steps))
	for k, s := range steps {
		path[k] = SymbolicStep{Label: s.Label, Discrete: s.Discrete}
	}
	tr, err := g.Concretize(path, goal, nil)
	if err != nil {
		t.Fatalf("concretize: %v", err)
	}
	c := newChecker(g.Network())
	if err := c.check(tr); err != nil {
		t.Fatalf("trace check: %v\n%s", err, g.FormatTrace(tr))
	}
	if ok, err := c.goalOK(c.final(tr), goal); !ok || err != nil {
		t.Fatalf("goal does not hold at the end of the trace (%v)\n%s", err, g.FormatTrace(tr))
	}
	return tr
}

// final returns the last state of tr after its final delay.
func (c *checker) final(tr *Trace) *cstate {
	last := tr.States[len(tr.States)-1]
	s := &cstate{locs: last.Locs, vars: last.Vars, clocks: slices.Clone(last.Clocks), den: tr.Den}
	for i := 1; i < len(s.clocks); i++ {
		s.clocks[i] += tr.FinalDelay
	}
	return s
}

// goalOK evaluates a state formula at a concrete state. For deadlock it
// checks what a single valuation can show: no transition is enabled now.
func (c *checker) goalOK(s *cstate, p *model.Prop) (bool, error) {
	if p == nil {
		return true, nil
	}
	switch p.Op {
	case model.PropTrue:
		return true, nil
	case model.PropFalse:
		return false, nil
	case model.PropAtom:
		env := c.at(s, nil)
		v := p.Atom(env)
		if env.Err != nil {
			return false, env.Err
		}
		return v != 0, nil
	case model.PropClock:
		return c.clockOK(s, nil, &p.Clock)
	case model.PropNot:
		v, err := c.goalOK(s, p.Args[0])
		return !v, err
	case model.PropAnd, model.PropOr:
		for _, a := range p.Args {
			v, err := c.goalOK(s, a)
			if err != nil || v == (p.Op == model.PropOr) {
				return v, err
			}
		}
		return p.Op == model.PropAnd, nil
	case model.PropDeadlock:
		all, err := c.transitions(s)
		for _, es := range all {
			if _, ok, _ := c.fire(s, es); ok {
				return false, err
			}
		}
		return true, err
	}
	return false, fmt.Errorf("unknown operator %v", p.Op)
}
