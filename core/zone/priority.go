// Channel and process priorities: blocking by higher-priority transitions.

package zone

import (
	"slices"
	"sort"

	"beeline/core/dbm"
)

// priorityState is the scratch of prioritised successor computation.
type priorityState struct {
	combos []int32    // the transitions of the state, flattened
	starts []int32    // transition t is combos[starts[t]:starts[t+1]]
	keys   []prioKey  // priority of each transition
	pres   []*dbm.DBM // valuations from which each can be taken; nil: none
	// order lists the transitions that can be taken, highest priority
	// first; block is the scratch of fireUnblocked.
	order, block []int32
}

// prioKey orders transitions: channel priority first, then process priority.
type prioKey struct{ ch, proc int32 }

func (a prioKey) less(b prioKey) bool {
	return a.ch < b.ch || a.ch == b.ch && a.proc < b.proc
}

// key returns the priority of the transition in g.combo: the channel's
// level (0, the default level, for internal transitions) and the highest
// level among the processes taking part.
func (g *Expander) key() prioKey {
	k := prioKey{proc: -1 << 31}
	if ch := g.en.parts[g.combo[0]].ch; ch >= 0 {
		k.ch = g.net.Channels[ch].Priority
	}
	for _, c := range g.combo {
		k.proc = max(k.proc, g.net.Processes[g.en.parts[c].proc].Priority)
	}
	return k
}

// prioritised computes the successors of (d, z) under priorities. A
// transition t may be taken from a valuation v only if no transition of
// strictly higher priority can be taken from v (UPPAAL's semantics page:
// delays are never blocked, and a blocking transition must itself be an
// action transition: guards hold and the target invariant holds after the
// updates). So t's successors are computed from the part of z where t's
// guards hold minus the pre-images of the higher transitions; that set is
// a union of zones, and each zone yields its own successor.
func (g *Expander) prioritised(d []int32, z *dbm.DBM) error {
	ps := g.prio
	ps.combos, ps.starts, ps.keys = ps.combos[:0], ps.starts[:0], ps.keys[:0]
	var err error
	stop := g.transitions(d, func() bool {
		ps.starts = append(ps.starts, int32(len(ps.combos)))
		ps.combos = append(ps.combos, g.combo...)
		ps.keys = append(ps.keys, g.key())
		var pre *dbm.DBM
		pre, err = g.preImage(d, z)
		ps.pres = append(ps.pres[:len(ps.keys)-1], pre)
		return err == nil
	})
	if err != nil {
		return err
	}
	if stop != nil {
		return stop
	}
	ps.starts = append(ps.starts, int32(len(ps.combos)))
	ps.sortByKey()
	for t := range ps.keys {
		if ps.pres[t] == nil {
			continue // not enabled anywhere in z
		}
		g.combo = append(g.combo[:0], ps.combos[ps.starts[t]:ps.starts[t+1]]...)
		if !g.spend(unitsFire + len(g.combo)) {
			return ErrInterrupted
		}
		if g.fireUnblocked(d, z, t); g.err != nil || g.stopped || g.halted {
			return g.err
		}
	}
	return nil
}

// sortByKey lists in ps.order the transitions that can be taken, highest
// priority first, so that those blocking a transition are a prefix of
// it. Looking for them among all n transitions for each one cost n²: a
// broadcast fan-out of 262,144 transitions took 384 s.
func (ps *priorityState) sortByKey() {
	ps.order = ps.order[:0]
	for t, pre := range ps.pres[:len(ps.keys)] {
		if pre != nil {
			ps.order = append(ps.order, int32(t))
		}
	}
	slices.SortStableFunc(ps.order, func(a, b int32) int {
		switch ka, kb := ps.keys[a], ps.keys[b]; {
		case kb.less(ka):
			return -1
		case ka.less(kb):
			return 1
		}
		return 0
	})
}

// blockers returns the transitions of strictly higher priority than t
// that can be taken, in the order they were enumerated.
func (ps *priorityState) blockers(t int) []int32 {
	n := sort.Search(len(ps.order), func(i int) bool { return !ps.keys[t].less(ps.keys[ps.order[i]]) })
	ps.block = append(ps.block[:0], ps.order[:n]...)
	slices.Sort(ps.block)
	return ps.block
}

// fireUnblocked fires transition t (in g.combo) from the valuations of z
// that no higher-priority transition blocks.
func (g *Expander) fireUnblocked(d []int32, z *dbm.DBM, t int) {
	ps := g.prio
	blockers := ps.blockers(t)
	if len(blockers) == 0 {
		g.fire(d, z, z)
		return
	}
	free := dbm.FederationOf(ps.pres[t])
	for _, u := range blockers {
		if !g.spend(1) {
			g.err = ErrInterrupted
			return
		}
		free.Subtract(ps.pres[u])
	}
	for _, piece := range free.Zones() {
		g.fire(d, z, piece)
		if g.err != nil || g.stopped {
			return
		}
	}
}
