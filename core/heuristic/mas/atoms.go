// Atoms: each process as a transition system over its location and the
// values of the slots it owns, and each slot that several processes
// write as one of its own.

package mas

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"beeline/core/heuristic"
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

// Limits of the atoms' exploration. Past them a slot is dropped: no
// component tracks its value, and a transition that reads it may do
// anything to the slots it writes.
const (
	// maxDomain bounds the values a slot may take.
	maxDomain = 256
	// maxEnum bounds the evaluations of one transition from one state
	// (the values of what it reads from other components, and the select
	// values not in its label).
	maxEnum = 1 << 12
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
	ctx      context.Context
	deadline time.Time
	net      *model.Network
	labels   []label
	np       int
	initVars []int32
	initLocs []int32
	// Per slot: the atom that owns it (−1: none tracks it), whether no
	// edge writes it (its value is always its initial one), whether it
	// was dropped, and the values it may take (sorted).
	owner    []int32
	constant []bool
	dom      [][]int32
	atoms    []atom
	rel      [][]int32 // per atom, the labels that concern it
	env      *model.Env
	vars     []int32
	locs     []int32
	polls    int
	ranges   map[int32][]int32 // rangeOf's cache
}

// newBuilder decides who owns which slot. A slot no edge writes is a
// constant; one that nothing reads (no edge, no target condition) is
// not tracked, since its value changes no estimate; one that a single
// process writes belongs to that process, so that the process's own
// transition system keeps its local data; one that several processes
// write is an atom of its own, which the composition merges with its
// writers where the strategy finds it useful.
func newBuilder(ctx context.Context, n *model.Network, t *heuristic.Target, labels []label) *builder {
	b := &builder{ctx: ctx, net: n, labels: labels, np: len(n.Processes), env: n.NewEnv()}
	if dl, ok := ctx.Deadline(); ok {
		b.deadline = dl
	}
	// A guard or update that runs long stops with the precomputation.
	b.env.Interrupt = func() bool { return b.stop() != nil }
	b.initLocs, b.initVars = n.InitialState()
	b.vars, b.locs = make([]int32, len(n.Vars)), make([]int32, b.np)
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
	b.owner, b.constant, b.dom = make([]int32, ns), make([]bool, ns), make([][]int32, ns)
	for p := range b.np {
		b.atoms = append(b.atoms, atom{proc: int32(p)})
	}
	for s := range ns {
		b.owner[s] = -1
		b.dom[s] = []int32{b.initVars[s]}
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
// own. The values only grow, and a slot that outgrows maxDomain is
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
		changed := false
		for a := range b.atoms {
			at := &b.atoms[a]
			off := at.width() - len(at.slots)
			for k, s := range at.slots {
				seen := map[int32]bool{b.initVars[s]: true}
				for i := off + k; i < len(spaces[a].states); i += at.width() {
					seen[spaces[a].states[i]] = true
				}
				if len(seen) > maxDomain {
					b.drop(s)
					changed = true
					break
				}
				vals := make([]int32, 0, len(seen))
				for v := range seen {
					vals = append(vals, v)
				}
				slices.Sort(vals)
				if !slices.Equal(vals, b.dom[s]) {
					b.dom[s] = vals
					changed = true
				}
			}
		}
		if !changed {
			return spaces, nil
		}
	}
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
		init = append(init, b.initLocs[a.proc])
	}
	for _, s := range a.slots {
		init = append(init, b.initVars[s])
	}
	intern(init)
	next := make([]int32, w)
	for q := int32(0); int(q) < len(sp.out); q++ {
		if err := b.poll(); err != nil {
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
		}
		if len(sp.out) > maxAtomStates {
			if !b.dropWidest(a) {
				return nil, fmt.Errorf("process %s has more than %d locations", b.net.Processes[a.proc].Name, maxAtomStates)
			}
			return nil, errRestart
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

// poll is stop, looked at every 256 calls.
func (b *builder) poll() error {
	b.polls++
	if b.polls&255 != 0 {
		return nil
	}
	return b.stop()
}

// stop returns the context's error, or a deadline error once the clock
// is past the deadline (under js/wasm the context's timer cannot fire
// while this runs). An evaluation the interrupt stopped failed because
// of it: the exploration then ends with stop's error, never with what
// it built from that failure.
func (b *builder) stop() error {
	if err := b.ctx.Err(); err != nil {
		return err
	}
	if !b.deadline.IsZero() && !time.Now().Before(b.deadline) {
		return context.DeadlineExceeded
	}
	return nil
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

// dim is one dimension of the enumeration: a slot of another component
// over its values, or a select binding not in the label over its range.
type dim struct {
	slot       int32 // −1 for a select binding
	edge, bind int   // the edge (index into the run's edges) and binding
	vals       []int32
	lo, hi     int32
}

// run evaluates the edges of one transition from st: every guard on the
// state before, then the updates in order (sender or internal edge
// first), trying every value of what they read from other components and
// every select value the label leaves open.
func (b *builder) run(a *atom, st []int32, edges []edgeRef, l *label, next []int32, emit func(failed bool)) error {
	if l.Meta {
		return b.coarse(a, st, edges, l, next, emit)
	}
	var dims []dim
	total := 1
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
					// A slot nobody tracks: any value of its range.
					if vals = b.rangeOf(s); vals == nil {
						return b.coarse(a, st, edges, l, next, emit)
					}
				}
				dims = append(dims, dim{slot: s, vals: vals})
				if total *= len(vals); total > maxEnum {
					return b.coarse(a, st, edges, l, next, emit)
				}
			}
		}
		e := b.net.Processes[r.Proc].Edges[r.Edge]
		if r.Sel == nil {
			for k, s := range e.Select {
				if s.Lo > s.Hi {
					return nil
				}
				dims = append(dims, dim{slot: -1, edge: i, bind: k, lo: s.Lo, hi: s.Hi})
				if total *= int(s.Hi - s.Lo + 1); total > maxEnum {
					return b.coarse(a, st, edges, l, next, emit)
				}
			}
		}
	}
	sels := make([][]int32, len(edges))
	for i, r := range edges {
		if r.Sel != nil {
			sels[i] = r.Sel
		} else {
			sels[i] = make([]int32, len(b.net.Processes[r.Proc].Edges[r.Edge].Select))
		}
	}
	pick := make([]int, len(dims))
	for {
		copy(b.vars, b.initVars)
		copy(b.locs, b.initLocs)
		b.setOwn(a, st)
		for k, d := range dims {
			if d.slot >= 0 {
				b.vars[d.slot] = d.vals[pick[k]]
			} else {
				sels[d.edge][d.bind] = d.lo + int32(pick[k])
			}
		}
		switch b.fire(edges, sels) {
		case fired:
			b.result(a, st, edges, next)
			emit(false)
		case failed:
			if err := b.stop(); err != nil {
				return err
			}
			emit(true)
		}
		if err := b.poll(); err != nil {
			return err
		}
		k := len(dims) - 1
		for ; k >= 0; k-- {
			pick[k]++
			size := len(dims[k].vals)
			if dims[k].slot < 0 {
				size = int(dims[k].hi - dims[k].lo + 1)
			}
			if pick[k] < size {
				break
			}
			pick[k] = 0
		}
		if k < 0 {
			return nil
		}
	}
}

// setOwn puts a's state st into b.vars and b.locs.
func (b *builder) setOwn(a *atom, st []int32) {
	off := 0
	if a.proc >= 0 {
		b.locs[a.proc] = st[0]
		off = 1
	}
	for k, s := range a.slots {
		b.vars[s] = st[off+k]
	}
}

// outcome is how an evaluation of a transition ends.
type outcome int8

const (
	disabled outcome = iota // a guard is false or the channels differ
	fired                   // every guard holds and every update ran
	failed                  // an evaluation failed (a run-time error)
)

// fire evaluates the guards of edges on b.vars, their channels, and then
// their updates, and says how that ended.
func (b *builder) fire(edges []edgeRef, sels [][]int32) outcome {
	env := b.env
	env.Vars, env.Locs = b.vars, b.locs
	for _, r := range edges {
		b.locs[r.Proc] = b.net.Processes[r.Proc].Edges[r.Edge].Src
	}
	ch := int32(-1)
	for i, r := range edges {
		e := b.net.Processes[r.Proc].Edges[r.Edge]
		copy(env.Sel, sels[i])
		env.Reset()
		if e.Guard != nil && e.Guard.Int != nil {
			if v := e.Guard.Int(env); env.Err != nil {
				return failed
			} else if v == 0 {
				return disabled
			}
		}
		if e.Sync != nil && len(edges) > 1 {
			c := e.Sync.Chan
			if e.Sync.ChanFn != nil {
				c = e.Sync.ChanFn(env)
				if env.Err != nil {
					return failed
				}
			}
			if i > 0 && c != ch {
				return disabled
			}
			ch = c
		}
	}
	for i, r := range edges {
		e := b.net.Processes[r.Proc].Edges[r.Edge]
		if e.Update == nil {
			continue
		}
		copy(env.Sel, sels[i])
		env.Reset()
		if e.Update(env); env.Err != nil {
			return failed
		}
	}
	return fired
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
		next[off+k] = b.vars[s]
	}
}

// coarse calls emit for every state of a that edges could lead to from
// st when their guards are not evaluated: a's process moves along its
// edge, and a's slots that they may write take any value of their range.
// A written slot whose range is wider than maxDomain is dropped.
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
		v := b.net.Vars[s]
		if int64(v.Hi)-int64(v.Lo)+1 > maxDomain {
			b.drop(s)
			return errRestart
		}
		written = append(written, k)
		total *= int(v.Hi - v.Lo + 1)
	}
	if total > maxFanOut {
		// Too many successors: the widest written slot is dropped.
		w := written[0]
		for _, k := range written {
			if v, x := b.net.Vars[a.slots[k]], b.net.Vars[a.slots[w]]; v.Hi-v.Lo > x.Hi-x.Lo {
				w = k
			}
		}
		b.drop(a.slots[w])
		return errRestart
	}
	for _, k := range written {
		next[off+k] = b.net.Vars[a.slots[k]].Lo
	}
	for {
		emit(false)
		i := len(written) - 1
		for ; i >= 0; i-- {
			k := written[i]
			if next[off+k] < b.net.Vars[a.slots[k]].Hi {
				next[off+k]++
				break
			}
			next[off+k] = b.net.Vars[a.slots[k]].Lo
		}
		if i < 0 {
			return nil
		}
	}
}

// rangeOf returns the values of slot s's range, or nil when there are
// more than maxDomain.
func (b *builder) rangeOf(s int32) []int32 {
	if b.ranges == nil {
		b.ranges = map[int32][]int32{}
	}
	if r, ok := b.ranges[s]; ok {
		return r
	}
	v := b.net.Vars[s]
	var r []int32
	if int64(v.Hi)-int64(v.Lo) < maxDomain {
		// Counted in int64: an int32 counter would wrap around past
		// the largest int32 and never end when the range ends there.
		for x := int64(v.Lo); x <= int64(v.Hi); x++ {
			r = append(r, int32(x))
		}
	}
	b.ranges[s] = r
	return r
}
