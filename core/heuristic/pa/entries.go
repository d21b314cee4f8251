// The table of a transition: its enabled valuations, each with the
// predicates it decides before and after and its clock part.

package pa

import (
	"beeline/core/heuristic"
	"beeline/core/heuristic/fire"
	"beeline/core/heuristic/labels"
)

// tableBuilder fills a transition's table, each entry and clock part
// once.
type tableBuilder struct {
	s         *system
	l         *labels.Label
	t         *trans
	preds     []Pred
	infos     []predInfo
	exact     []bool // the predicates the table decides
	words     int
	free      []int32 // clocks the broadcast's receivers may reset
	seenEntry map[string]bool
	seenClock map[string]int32
}

// add adds an entry: the literals pre decided before, the literals post
// decided after, and the clock part sig.
func (tb *tableBuilder) add(pre, post []uint64, sig clockSig) {
	t := tb.t
	k := sig.key()
	ci, ok := tb.seenClock[k]
	if !ok {
		ci = int32(len(t.clocks))
		tb.seenClock[k] = ci
		t.clocks = append(t.clocks, sig)
	}
	postNeg := make([]uint64, tb.words)
	for i := range tb.preds {
		switch {
		case hasLit(post, 2*i):
			setLit(postNeg, 2*i+1)
		case hasLit(post, 2*i+1):
			setLit(postNeg, 2*i)
		}
	}
	ek := string(heuristic.AppendKey(appendLits(appendLits(nil, pre), postNeg), ci))
	if tb.seenEntry[ek] {
		return
	}
	tb.seenEntry[ek] = true
	t.entries = append(t.entries, entry{pre: pre, postNeg: postNeg, clock: ci})
}

// coarse adds the one entry of a transition whose valuations are not
// enumerated: it decides only the exact predicates over locations, and
// every clock it or a receiver may reset takes an unknown value.
func (tb *tableBuilder) coarse(fp *footprint) {
	s, edges := tb.s, tb.l.Edges
	pre, post := make([]uint64, tb.words), make([]uint64, tb.words)
	locsBefore := s.locsOf(edges, true)
	locsAfter := s.locsOf(edges, false)
	for i := range tb.preds {
		if tb.exact[i] && len(tb.infos[i].slots) == 0 {
			s.litTo(pre, i, tb.preds[i].Expr, locsBefore, s.InitVars)
			s.litTo(post, i, tb.preds[i].Expr, locsAfter, s.InitVars)
		}
	}
	sig := clockSig{free: fire.SortedUnion(tb.free, s.compiledClocks(fire.SortedUnion(fp.mayReset)))}
	tb.add(pre, post, sig)
}

// enumerate adds the entry of each valuation of en on which the
// transition is enabled, and records those whose evaluation failed.
func (tb *tableBuilder) enumerate(en *fire.Enum) error {
	s, edges := tb.s, tb.l.Edges
	for en.Next() {
		if err := s.Poll(); err != nil {
			return err
		}
		s.Load(en, edges)
		o := s.Guards(edges, en.Sels)
		if o == fire.Disabled {
			continue
		}
		pre := tb.lits()
		if o == fire.Enabled {
			var sig clockSig
			if o = tb.fire(en, &sig); o == fire.Enabled {
				sig.free = tb.free
				tb.add(pre, tb.lits(), sig)
			}
		}
		if o == fire.Failed {
			if err := s.Stop(); err != nil {
				return err
			}
			tb.t.fail(pre)
		}
	}
	return nil
}

// lits returns the literals of the exact predicates on the Env.
func (tb *tableBuilder) lits() []uint64 {
	env := tb.s.Env
	bits := make([]uint64, tb.words)
	for i := range tb.preds {
		if tb.exact[i] {
			tb.s.litTo(bits, i, tb.preds[i].Expr, env.Locs, env.Vars)
		}
	}
	return bits
}

// fire completes an enabled valuation of en: it evaluates the clock
// constraints of the guards and source invariants into sig, runs the
// updates, records their clock resets, moves the processes to their
// targets and checks the targets' invariants. Disabled: a target
// invariant is false.
func (tb *tableBuilder) fire(en *fire.Enum, sig *clockSig) fire.Outcome {
	s, edges := tb.s, tb.l.Edges
	env := s.Env
	ok := true
	for i, r := range edges {
		e := s.net.Processes[r.Proc].Edges[r.Edge]
		copy(env.Sel, en.Sels[i])
		env.Reset()
		if e.Guard != nil {
			ok = ok && s.clockCons(&sig.before, e.Guard.Clocks)
		}
		if inv := s.net.Processes[r.Proc].Locations[e.Src].Invariant; inv != nil {
			ok = ok && s.clockCons(&sig.before, inv.Clocks)
		}
	}
	if !ok || !s.Updates(edges, en.Sels) {
		return fire.Failed
	}
	sig.resets = s.resets()
	for _, r := range edges {
		env.Locs[r.Proc] = s.net.Processes[r.Proc].Edges[r.Edge].Dst
	}
	for _, r := range edges {
		inv := s.net.Processes[r.Proc].Locations[s.net.Processes[r.Proc].Edges[r.Edge].Dst].Invariant
		if inv == nil {
			continue
		}
		o := s.Check(inv)
		if o == fire.Enabled && !s.clockCons(&sig.after, inv.Clocks) {
			o = fire.Failed
		}
		if o != fire.Enabled {
			return o
		}
	}
	return fire.Enabled
}

// resets returns the clock resets in the Env, in the system's clock
// numbering, each clock once with the last value it was given.
func (s *system) resets() [][2]int32 {
	var out [][2]int32
	last := map[int32]int{}
	for _, rs := range s.Env.Resets {
		c := rs.Clock
		if s.net.ClockMap != nil {
			c = s.net.ClockMap[c]
		}
		if c <= 0 {
			continue
		}
		if k, seen := last[c]; seen {
			out[k][1] = rs.Value
			continue
		}
		last[c] = len(out)
		out = append(out, [2]int32{c, rs.Value})
	}
	return out
}
