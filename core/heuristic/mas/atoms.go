// Atoms: each process as a transition system over its location and the
// values of the slots it owns, and each slot that several processes
// write as one of its own.

package mas

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"beeline/core/heuristic"
	"beeline/core/heuristic/fire"
	"beeline/core/model"
)

// atom is one component of the network: a process with the slots only it
// writes, or (proc −1) one slot that several processes write.
type atom struct {
	proc  int32
	slots []int32 // tracked slots, sorted
}

// width is the length of a state of a: its location, then its slots.
func (a *atom) width() int {
	if a.proc >= 0 {
		return 1 + len(a.slots)
	}
	return len(a.slots)
}

// space is the explored transition system of an atom: its states (width
// values each), their index, and their arcs.
type space struct {
	keys   map[string]int32
	states []int32
	out    [][]arc
	// sink is the state a transition whose evaluation failed leads to
	// (−1 while there is none): the failure may be a concrete run-time
	// error, which ends the concrete search as the target does, so the
	// sink is a goal state (lts.fail). It has no key and no arcs, and
	// holds the initial values, so the domains do not grow.
	sink int32
}

// Limits of the atoms' exploration, beside fire's (a slot with more
// than fire.MaxDomain values, a transition with more than fire.MaxEnum
// valuations from one state). Past them a slot is dropped: no component
// tracks its value, and a transition that reads it may do anything to
// the slots it writes.
const (
	// maxAtomStates bounds an atom's states.
	maxAtomStates = 1 << 14
	// maxFanOut bounds the successors of a transition whose guards and
	// updates are not evaluated (coarse).
	maxFanOut = 64
)

// errRestart says that a slot was dropped and the atoms must be explored
// again.
var errRestart = errors.New("restart")

// builder explores the atoms of a network.
type builder struct {
	*fire.Firer
	net    *model.Network
	labels []label
	np     int
	// Per slot: the atom that owns it (−1: none tracks it), whether no
	// edge writes it (its value is always its initial one), whether it
	// was dropped, and the values it may take (sorted).
	owner    []int32
	constant []bool
	dom      []fire.Domain
	atoms    []atom
	rel      [][]int32             // per atom, the labels that concern it
	ranges   map[int32]fire.Domain // rangeOf's cache
}

// newBuilder decides who owns which slot. A slot no edge writes is a
// constant; one that nothing reads (no edge, no target condition) is
// not tracked, since its value changes no estimate; one that a single
// process writes belongs to that process, so that the process's own
// transition system keeps its local data; one that several processes
// write is an atom of its own, which the composition merges with its
// writers where the strategy finds it useful.
func newBuilder(ctx context.Context, n *model.Network, t *heuristic.Target, labels []label) *builder {
	b := &builder{Firer: fire.New(ctx, n), net: n, labels: labels, np: len(n.Processes)}
	ns := len(n.Vars)
	writers := make([][]int32, ns)
	read := make([]bool, ns)
	for p, proc := range n.Processes {
		for k := range proc.Edges {
			d := &n.Deps.Edges[p][k]
			for _, s := range d.Update.WriteVars {
				if !slices.Contains(writers[s], int32(p)) {
					writers[s] = append(writers[s], int32(p))
				}
			}
			for _, x := range [][]int32{d.Guard.ReadVars, d.Sync.ReadVars, d.Update.ReadVars} {
				for _, s := range x {
					read[s] = true
				}
			}
		}
	}
	for _, c := range t.Conjuncts {
		for _, e := range c.Conds {
			for _, s := range e.Slots(nil) {
				read[s] = true
			}
		}
	}
	b.owner, b.constant, b.dom = make([]int32, ns), make([]bool, ns), make([]fire.Domain, ns)
	for p := range b.np {
		b.atoms = append(b.atoms, atom{proc: int32(p)})
	}
	for s := range ns {
		b.owner[s] = -1
		b.dom[s] = fire.Domain{b.InitVars[s]}
		switch {
		case len(writers[s]) == 0:
			b.constant[s] = true
		case !read[s]:
		case len(writers[s]) == 1:
			p := writers[s][0]
			b.owner[s] = p
			b.atoms[p].slots = append(b.atoms[p].slots, int32(s))
		default:
			b.owner[s] = int32(len(b.atoms))
			b.atoms = append(b.atoms, atom{proc: -1, slots: []int32{int32(s)}})
		}
	}
	b.relevance()
	return b
}

// relevance lists, per atom, the labels whose edges involve its process
// or touch its slots: for the others the atom stays where it is.
func (b *builder) relevance() {
	b.rel = make([][]int32, len(b.atoms))
	mark := make([]int32, len(b.atoms))
	for i := range mark {
		mark[i] = -1
	}
	for li := range b.labels {
		l := &b.labels[li]
		touch := func(a int32) {
			if a >= 0 && mark[a] != int32(li) {
				mark[a] = int32(li)
				b.rel[a] = append(b.rel[a], int32(li))
			}
		}
		for _, r := range l.Edges {
			touch(r.Proc)
		}
		for _, r := range l.Recv {
			touch(r.Proc)
		}
		for _, s := range l.Reads {
			touch(b.owner[s])
		}
		for _, s := range l.Writes {
			touch(b.owner[s])
		}
	}
}

// drop stops tracking slot s.
func (b *builder) drop(s int32) {
	if a := b.owner[s]; a >= 0 {
		b.atoms[a].slots = slices.DeleteFunc(b.atoms[a].slots, func(x int32) bool { return x == s })
	}
	b.owner[s] = -1
}

// explore explores every atom until the values the slots may take are
// closed under every atom's transitions: each atom reads the other
// atoms' slots over their values so far, and finds the values of its
// own. The values only grow, and a slot that outgrows fire.MaxDomain is
// dropped, so this ends.
func (b *builder) explore() ([]*space, error) {
	for {
		spaces := make([]*space, len(b.atoms))
		var err error
		for a := range b.atoms {
			if spaces[a], err = b.exploreAtom(int32(a)); err != nil {
				break
			}
		}
		if errors.Is(err, errRestart) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !b.regrow(spaces) {
			return spaces, nil
		}
	}
}

// regrow sets each tracked slot's values to those its atom's states
// hold, and reports whether any changed; a slot past fire.MaxDomain
// values is dropped.
func (b *builder) regrow(spaces []*space) bool {
	changed := false
	for a := range b.atoms {
		at := &b.atoms[a]
		off := at.width() - len(at.slots)
		for k, s := range at.slots {
			vals := fire.Domain{b.InitVars[s]}
			for i := off + k; i < len(spaces[a].states) && vals != nil; i += at.width() {
				vals, _ = vals.Add(spaces[a].states[i])
			}
			if vals == nil {
				b.drop(s)
				changed = true
				break
			}
			if !slices.Equal(vals, b.dom[s]) {
				b.dom[s] = vals
				changed = true
			}
		}
	}
	return changed
}

// exploreAtom explores atom a from its initial state.
func (b *builder) exploreAtom(ai int32) (*space, error) {
	a := &b.atoms[ai]
	w := a.width()
	sp := &space{keys: map[string]int32{}, sink: -1}
	var key []byte
	intern := func(st []int32) (int32, bool) {
		key = heuristic.AppendKey(key[:0], st...)
		if id, ok := sp.keys[string(key)]; ok {
			return id, false
		}
		id := int32(len(sp.out))
		sp.keys[string(key)] = id
		sp.states = append(sp.states, st...)
		sp.out = append(sp.out, nil)
		return id, true
	}
	init := make([]int32, 0, w)
	if a.proc >= 0 {
		init = append(init, b.InitLocs[a.proc])
	}
	for _, s := range a.slots {
		init = append(init, b.InitVars[s])
	}
	intern(init)
	next := make([]int32, w)
	for q := int32(0); int(q) < len(sp.out); q++ {
		if err := b.Poll(); err != nil {
			return nil, err
		}
		for _, li := range b.rel[ai] {
			st := sp.states[int(q)*w : int(q+1)*w]
			err := b.successors(a, st, &b.labels[li], next, func(failed bool) {
				id := sp.sink
				if !failed {
					id, _ = intern(next)
				} else if id < 0 {
					id = int32(len(sp.out))
					sp.sink = id
					sp.states = append(sp.states, init...)
					sp.out = append(sp.out, nil)
				}
				sp.out[q] = append(sp.out[q], mkArc(li, id))
			})
			if err != nil {
				return nil, err
			}
			// Checked after each label, not each state: one state's
			// labels may together find millions of states.
			if len(sp.out) > maxAtomStates {
				if !b.dropWidest(a) {
					return nil, fmt.Errorf("process %s has more than %d locations", b.net.Processes[a.proc].Name, maxAtomStates)
				}
				return nil, errRestart
			}
		}
	}
	for q := range sp.out {
		sp.out[q] = sortArcs(sp.out[q])
	}
	return sp, nil
}

// dropWidest drops a's slot with the most values; false when it has none.
func (b *builder) dropWidest(a *atom) bool {
	if len(a.slots) == 0 {
		return false
	}
	w := a.slots[0]
	for _, s := range a.slots {
		if len(b.dom[s]) > len(b.dom[w]) {
			w = s
		}
	}
	b.drop(w)
	return true
}

// successors calls emit with next set to each state of atom a that label
// l leads to from st.
func (b *builder) successors(a *atom, st []int32, l *label, next []int32, emit func(failed bool)) error {
	for _, r := range l.Edges {
		if r.Proc == a.proc && st[0] != b.net.Processes[r.Proc].Edges[r.Edge].Src {
			return nil
		}
	}
	if len(l.Recv) == 0 {
		return b.run(a, st, l.Edges, l, next, emit)
	}
	// A broadcast: every receiver may join or not. When receivers of
	// different processes write a's slots, or one reads what another
	// writes, their joint effect is not followed: a's slots may then
	// take any value.
	var writers []int32
	for _, r := range l.Recv {
		if b.writesOwn(a, r) && !slices.Contains(writers, r.Proc) {
			writers = append(writers, r.Proc)
		}
	}
	if len(writers) > 1 || b.receiversInterfere(l) {
		if err := b.coarse(a, st, l.Edges, l, next, emit); err != nil {
			return err
		}
		for _, r := range l.Recv {
			if r.Proc == a.proc && st[0] == b.net.Processes[r.Proc].Edges[r.Edge].Src {
				if err := b.coarse(a, st, append(slices.Clone(l.Edges), r), l, next, emit); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := b.run(a, st, l.Edges, l, next, emit); err != nil {
		return err
	}
	for _, r := range l.Recv {
		joins := (r.Proc == a.proc && st[0] == b.net.Processes[r.Proc].Edges[r.Edge].Src) ||
			(r.Proc != a.proc && b.writesOwn(a, r))
		if joins {
			if err := b.run(a, st, append(slices.Clone(l.Edges), r), l, next, emit); err != nil {
				return err
			}
		}
	}
	return nil
}

// writesOwn reports whether edge r may write one of a's slots.
func (b *builder) writesOwn(a *atom, r edgeRef) bool {
	for _, s := range b.net.Deps.Edges[r.Proc][r.Edge].Update.WriteVars {
		if b.owner[s] >= 0 && slices.Contains(a.slots, s) {
			return true
		}
	}
	return false
}

// receiversInterfere reports whether a receiver of broadcast l may read
// what a receiver of another process writes.
func (b *builder) receiversInterfere(l *label) bool {
	for _, x := range l.Recv {
		dx := &b.net.Deps.Edges[x.Proc][x.Edge]
		for _, y := range l.Recv {
			if x.Proc == y.Proc {
				continue
			}
			for _, s := range b.net.Deps.Edges[y.Proc][y.Edge].Update.WriteVars {
				if slices.Contains(dx.Update.ReadVars, s) {
					return true
				}
			}
		}
	}
	return false
}

// run evaluates the edges of one transition from st: every guard on the
// state before, then the updates in order (sender or internal edge
// first), trying every value of what they read from other components and
// every select value the label leaves open.
func (b *builder) run(a *atom, st []int32, edges []edgeRef, l *label, next []int32, emit func(failed bool)) error {
	var en *fire.Enum
	if !l.Meta {
		en = b.enumeration(a, edges)
	}
	if en == nil {
		return b.coarse(a, st, edges, l, next, emit)
	}
	for en.Next() {
		b.Init()
		b.setOwn(a, st)
		en.Load(b.Env.Vars)
		b.AtSources(edges)
		switch b.Fire(edges, en.Sels) {
		case fire.Enabled:
			b.result(a, st, edges, next)
			emit(false)
		case fire.Failed:
			// An evaluation the interrupt stopped failed because of
			// it: the exploration then ends with Stop's error, never
			// with what it built from that failure.
			if err := b.Stop(); err != nil {
				return err
			}
			emit(true)
		}
		if err := b.Poll(); err != nil {
			return err
		}
	}
	return nil
}

// enumeration returns the valuations run tries: per edge, the slots it
// reads from other components (over their values, or over their range
// for a slot nobody tracks), then the select bindings the label leaves
// open; nil when there are too many.
func (b *builder) enumeration(a *atom, edges []edgeRef) *fire.Enum {
	en := b.Enum(edges)
	seen := map[int32]bool{}
	for i, r := range edges {
		d := &b.net.Deps.Edges[r.Proc][r.Edge]
		for _, list := range [][]int32{d.Guard.ReadVars, d.Sync.ReadVars, d.Update.ReadVars} {
			for _, s := range list {
				if seen[s] || b.constant[s] || (b.owner[s] >= 0 && slices.Contains(a.slots, s)) {
					continue
				}
				seen[s] = true
				vals := b.dom[s]
				if b.owner[s] < 0 {
					vals = b.rangeOf(s)
				}
				if !en.Slot(s, vals) {
					return nil
				}
			}
		}
		if !en.Selects(i) {
			return nil
		}
	}
	return en
}

// setOwn puts a's state st into the Env.
func (b *builder) setOwn(a *atom, st []int32) {
	off := 0
	if a.proc >= 0 {
		b.Env.Locs[a.proc] = st[0]
		off = 1
	}
	for k, s := range a.slots {
		b.Env.Vars[s] = st[off+k]
	}
}

// result writes into next the state of a after edges fired from st.
func (b *builder) result(a *atom, st []int32, edges []edgeRef, next []int32) {
	off := 0
	if a.proc >= 0 {
		next[0] = st[0]
		for _, r := range edges {
			if r.Proc == a.proc {
				next[0] = b.net.Processes[r.Proc].Edges[r.Edge].Dst
			}
		}
		off = 1
	}
	for k, s := range a.slots {
		next[off+k] = b.Env.Vars[s]
	}
}

// coarse calls emit for every state of a that edges could lead to from
// st when their guards are not evaluated: a's process moves along its
// edge, and a's slots that they may write take any value of their range.
// A written slot whose range is wider than fire.MaxDomain is dropped, and
// so is the widest written slot when there are more than maxFanOut
// successors.
func (b *builder) coarse(a *atom, st []int32, edges []edgeRef, l *label, next []int32, emit func(failed bool)) error {
	off := a.width() - len(a.slots)
	copy(next, st)
	for _, r := range edges {
		if r.Proc == a.proc {
			next[0] = b.net.Processes[r.Proc].Edges[r.Edge].Dst
		}
	}
	var written []int
	total := 1
	for k, s := range a.slots {
		if !slices.Contains(l.Writes, s) {
			continue
		}
		r := b.rangeOf(s)
		if r == nil {
			b.drop(s)
			return errRestart
		}
		written = append(written, k)
		// Saturated: a product over many slots must not wrap round
		// (4 values in each of 32 slots make 2^64, that is 0).
		total = min(total*len(r), maxFanOut+1)
	}
	if total > maxFanOut {
		b.dropWidestRange(a, written)
		return errRestart
	}
	en := b.Enum(nil)
	for _, k := range written {
		en.Slot(int32(off+k), b.rangeOf(a.slots[k]))
	}
	for en.Next() {
		en.Load(next)
		emit(false)
	}
	return nil
}

// dropWidestRange drops the slot of a, among those at positions
// written, with the widest declared range (the first of them on a tie).
func (b *builder) dropWidestRange(a *atom, written []int) {
	w := written[0]
	for _, k := range written {
		if v, x := b.net.Vars[a.slots[k]], b.net.Vars[a.slots[w]]; v.Hi-v.Lo > x.Hi-x.Lo {
			w = k
		}
	}
	b.drop(a.slots[w])
}

// rangeOf returns the values of slot s's declared range, or nil when
// there are more than fire.MaxDomain.
func (b *builder) rangeOf(s int32) fire.Domain {
	if b.ranges == nil {
		b.ranges = map[int32]fire.Domain{}
	}
	r, ok := b.ranges[s]
	if !ok {
		v := b.net.Vars[s]
		r = fire.Range(v.Lo, v.Hi)
		b.ranges[s] = r
	}
	return r
}
