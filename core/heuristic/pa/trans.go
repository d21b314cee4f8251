// The transitions regression runs through: the network's labels, the
// values each slot may take, and per predicate set the table of each
// transition's enabled valuations.

package pa

import (
	"context"
	"fmt"
	"slices"
	"time"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// Limits of the enumerations. Past them an abstraction is coarser,
// never unsound.
const (
	// maxDomain is the most values a slot is followed with.
	maxDomain = 256
	// maxEnum bounds the valuations one transition is evaluated on.
	maxEnum = 1 << 12
)

// system is a network as the regression sees it: its labels, clocks
// numbered as its compiled constraints are (back maps them to the
// document's), and the values each slot may take.
type system struct {
	ctx      context.Context
	deadline time.Time
	polls    int
	net      *model.Network
	labels   []labels.Label
	keep     []bool  // processes abstracted (all for the whole network)
	back     []int32 // compiled clock → document clock
	fwd      []int32 // document clock → compiled clock (−1: not kept)
	dom      [][]int32
	env      *model.Env
	initLocs []int32
	initVars []int32
}

func newSystem(ctx context.Context, n *model.Network, keep []bool, docClocks int) (*system, error) {
	s := &system{ctx: ctx, net: n, keep: keep, env: n.NewEnv()}
	if dl, ok := ctx.Deadline(); ok {
		s.deadline = dl
	}
	s.env.Interrupt = func() bool { return s.stop() != nil }
	s.initLocs, s.initVars = n.InitialState()
	s.fwd = make([]int32, docClocks)
	s.back = make([]int32, len(n.Clocks))
	for c := range s.fwd {
		s.fwd[c] = int32(c)
		if n.ClockMap != nil {
			s.fwd[c] = n.ClockMap[c]
		}
		if k := s.fwd[c]; k >= 0 {
			s.back[k] = int32(c)
		}
	}
	ls, err := labels.Build(n)
	if err != nil {
		return nil, err
	}
	for _, l := range ls {
		if slices.ContainsFunc(l.Edges, func(r labels.EdgeRef) bool { return keep[r.Proc] }) ||
			slices.ContainsFunc(l.Recv, func(r labels.EdgeRef) bool { return keep[r.Proc] }) {
			s.labels = append(s.labels, l)
		}
	}
	if err := s.domains(); err != nil {
		return nil, err
	}
	return s, nil
}

// stop says whether to stop: the context is done or its deadline passed
// (read on the clock: under js/wasm the context's timer cannot fire
// while the precomputation runs).
func (s *system) stop() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

// poll is stop, looked at every 256 calls.
func (s *system) poll() error {
	s.polls++
	if s.polls&255 != 0 {
		return nil
	}
	return s.stop()
}

// domains computes the values each slot may take in a reachable state:
// its initial value, and every value an edge writes when what it reads
// takes values found so far, to a fixpoint (each edge on its own, which
// covers synchronisations: a receiver reads what its sender wrote once
// that value is found). A slot with more than maxDomain values is wide
// (nil): transitions that read it are followed coarsely.
func (s *system) domains() error {
	n := s.net
	s.dom = make([][]int32, len(n.Vars))
	for i, v := range n.Vars {
		s.dom[i] = []int32{v.Init}
	}
	widen := func(slot int32) bool {
		if s.dom[slot] == nil {
			return false
		}
		s.dom[slot] = nil
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, l := range s.labels {
			for _, r := range slices.Concat(l.Edges, l.Recv) {
				e := n.Processes[r.Proc].Edges[r.Edge]
				d := &n.Deps.Edges[r.Proc][r.Edge]
				if len(d.Update.WriteVars) == 0 {
					continue
				}
				reads := sortedUnion(d.Guard.ReadVars, d.Update.ReadVars)
				en := s.newEnum(reads, []*model.Edge{e}, [][]int32{r.Sel})
				if en == nil || labels.ReadsMeta(n, r) {
					for _, w := range d.Update.WriteVars {
						changed = widen(w) || changed
					}
					continue
				}
				for en.next() {
					if err := s.poll(); err != nil {
						return err
					}
					env := s.set(en, []labels.EdgeRef{r})
					if s.guardsHold([]labels.EdgeRef{r}, en) != holds || !s.update(r, en.sels[0]) {
						continue
					}
					for _, w := range d.Update.WriteVars {
						vals := s.dom[w]
						if vals == nil {
							continue
						}
						v := env.Vars[w]
						if i, found := slices.BinarySearch(vals, v); !found {
							s.dom[w] = slices.Insert(vals, i, v)
							changed = true
							if len(s.dom[w]) > maxDomain {
								widen(w)
							}
						}
					}
				}
			}
		}
	}
	// A wide slot with a narrow declared range is followed over it.
	for i, v := range n.Vars {
		if s.dom[i] == nil && int64(v.Hi)-int64(v.Lo) < maxDomain {
			for x := v.Lo; ; x++ {
				s.dom[i] = append(s.dom[i], x)
				if x == v.Hi {
					break
				}
			}
		}
	}
	return nil
}

func sortedUnion(lists ...[]int32) []int32 {
	out := slices.Concat(lists...)
	slices.Sort(out)
	return slices.Compact(out)
}

// enum walks the valuations of some slots over their domains, and the
// select values of edges whose label does not fix them.
type enum struct {
	slots []int32
	vals  [][]int32
	pick  []int
	sels  [][]int32 // per edge of the run
	free  []selDim
	first bool
}

type selDim struct {
	edge, bind int
	lo, hi     int32
}

// newEnum returns the enumeration of slots and of the open select
// values of edges (sels[i] nil: edge i's label leaves them open), nil
// when it is too large or a slot is wide.
func (s *system) newEnum(slots []int32, edges []*model.Edge, sels [][]int32) *enum {
	en := &enum{slots: slots, first: true}
	total := 1
	for _, x := range slots {
		v := s.dom[x]
		if v == nil {
			return nil
		}
		en.vals = append(en.vals, v)
		if total *= len(v); total > maxEnum {
			return nil
		}
	}
	for i, e := range edges {
		if sels[i] != nil {
			en.sels = append(en.sels, slices.Clone(sels[i]))
			continue
		}
		sel := make([]int32, len(e.Select))
		for k, b := range e.Select {
			if b.Lo > b.Hi {
				return &enum{} // never fires: nothing to enumerate
			}
			sel[k] = b.Lo
			en.free = append(en.free, selDim{edge: i, bind: k, lo: b.Lo, hi: b.Hi})
			if total *= int(b.Hi - b.Lo + 1); total > maxEnum {
				return nil
			}
		}
		en.sels = append(en.sels, sel)
	}
	en.pick = make([]int, len(slots)+len(en.free))
	return en
}

// next advances to the next valuation; it reports false after the last.
func (en *enum) next() bool {
	if en.pick == nil {
		return false // the empty enumeration of an edge that never fires
	}
	if en.first {
		en.first = false
		return true
	}
	for k := len(en.pick) - 1; k >= 0; k-- {
		en.pick[k]++
		if k < len(en.slots) {
			if en.pick[k] < len(en.vals[k]) {
				return true
			}
		} else {
			f := en.free[k-len(en.slots)]
			if en.pick[k] <= int(f.hi-f.lo) {
				en.sels[f.edge][f.bind] = f.lo + int32(en.pick[k])
				return true
			}
			en.sels[f.edge][f.bind] = f.lo
		}
		en.pick[k] = 0
	}
	return false
}

// set loads the valuation into the Env: slots not enumerated keep their
// initial values (nothing the run reads), the edges' processes sit at
// their sources.
func (s *system) set(en *enum, edges []labels.EdgeRef) *model.Env {
	env := s.env
	if env.Vars == nil {
		env.Vars = slices.Clone(s.initVars)
		env.Locs = slices.Clone(s.initLocs)
	}
	copy(env.Vars, s.initVars)
	copy(env.Locs, s.initLocs)
	for k, x := range en.slots {
		env.Vars[x] = en.vals[k][en.pick[k]]
	}
	for _, r := range edges {
		env.Locs[r.Proc] = s.net.Processes[r.Proc].Edges[r.Edge].Src
	}
	return env
}

// outcome is how an evaluation of a transition's guards ends.
type outcome int8

const (
	disabled outcome = iota // a guard is false or the channels differ
	holds                   // every guard holds
	failed                  // an evaluation failed (a run-time error)
)

// guardsHold evaluates the integer guards of edges and their source
// invariants and, for a binary synchronisation, that both name the same
// channel.
func (s *system) guardsHold(edges []labels.EdgeRef, en *enum) outcome {
	env := s.env
	ch := int32(-1)
	for i, r := range edges {
		e := s.net.Processes[r.Proc].Edges[r.Edge]
		copy(env.Sel, en.sels[i])
		env.Reset()
		if o := s.test(e.Guard); o != holds {
			return o
		}
		if o := s.test(s.net.Processes[r.Proc].Locations[e.Src].Invariant); o != holds {
			return o
		}
		if e.Sync != nil && len(edges) > 1 {
			c := e.Sync.Chan
			if e.Sync.ChanFn != nil {
				if c = e.Sync.ChanFn(env); env.Err != nil {
					return failed
				}
			}
			if i > 0 && c != ch {
				return disabled
			}
			ch = c
		}
	}
	return holds
}

// test evaluates the integer part of guard g (nil: none) in s.env.
func (s *system) test(g *model.Guard) outcome {
	if g == nil || g.Int == nil {
		return holds
	}
	s.env.Err = nil
	v := g.Int(s.env)
	switch {
	case s.env.Err != nil:
		return failed
	case v == 0:
		return disabled
	}
	return holds
}

// update runs r's update with select values sel and reports whether it
// succeeded; the resets it makes are appended to s.env.Resets.
func (s *system) update(r labels.EdgeRef, sel []int32) bool {
	e := s.net.Processes[r.Proc].Edges[r.Edge]
	if e.Update == nil {
		return true
	}
	env := s.env
	copy(env.Sel, sel)
	keep := env.Resets
	env.Err = nil
	e.Update(env)
	if env.Err != nil {
		env.Resets = keep
		return false
	}
	return true
}

// trans is one transition of the system prepared for a predicate set:
// which predicates it leaves alone (pass) and the table of its enabled
// valuations (entries), each with the predicates it decides before and
// after, and its clock part.
type trans struct {
	moves   []labels.EdgeRef
	pass    []uint64 // literals of predicates the transition leaves alone
	entries []entry
	clocks  []clockSig
	touches bool // some predicate is not passed through
	// fails lists the literals decided before (as an entry's pre) of the
	// valuations whose evaluation failed: a concrete run-time error ends
	// the concrete search as the target does, so build puts these states
	// one step from the error states, never dead ends.
	fails    [][]uint64
	failSeen map[string]bool
}

// fail records a valuation, with literals pre, whose evaluation failed.
// An evaluation the interrupt stopped failed because of it: the caller
// first asks system.stop.
func (t *trans) fail(pre []uint64) {
	k := fmt.Sprint(pre)
	if t.failSeen[k] {
		return
	}
	if t.failSeen == nil {
		t.failSeen = map[string]bool{}
	}
	t.failSeen[k] = true
	t.fails = append(t.fails, pre)
}

// entry is one kind of enabled valuation: the literals it decides before
// (pre) and the opposites of those it decides after (postNeg: a state
// with one of these cannot be its target), and its clock part.
type entry struct {
	pre, postNeg []uint64
	clock        int32
}

// clockSig is the clock part of a transition for one valuation, in the
// system's clock numbering: the constraints on the state before (guard
// and source invariants), the resets, and the constraints after (target
// invariants); free lists clocks that may be assigned unknown values.
type clockSig struct {
	before, after []dbm.Constraint
	resets        [][2]int32 // clock, value
	free          []int32
}

func (c *clockSig) key() string {
	return fmt.Sprint(c.before, c.after, c.resets, c.free)
}

// prepare builds the transition table of label li for the predicates.
func (s *system) prepare(li int, preds []Pred, words int) (*trans, error) {
	l := &s.labels[li]
	n := s.net
	t := &trans{moves: l.Edges, pass: make([]uint64, words)}
	moving := map[int32]bool{}
	for _, r := range l.Edges {
		moving[r.Proc] = true
	}
	havoc := map[int32]bool{}
	var hwrites, hresets []int32
	for _, r := range l.Recv {
		havoc[r.Proc] = true
		d := &n.Deps.Edges[r.Proc][r.Edge]
		hwrites = append(hwrites, d.Update.WriteVars...)
		hresets = append(hresets, d.Update.Resets...)
	}
	var writes, reads []int32
	for _, r := range l.Edges {
		d := &n.Deps.Edges[r.Proc][r.Edge]
		writes = append(writes, d.Update.WriteVars...)
		reads = append(reads, d.Guard.ReadVars...)
		reads = append(reads, d.Update.ReadVars...)
		reads = append(reads, d.Sync.ReadVars...)
		src := n.Processes[r.Proc].Edges[r.Edge].Src
		dst := n.Processes[r.Proc].Edges[r.Edge].Dst
		reads = append(reads, n.Deps.Invariants[r.Proc][src].ReadVars...)
		reads = append(reads, n.Deps.Invariants[r.Proc][dst].ReadVars...)
	}
	writes = sortedUnion(writes)
	hwrites = sortedUnion(hwrites)
	r0 := sortedUnion(reads, writes)
	coarse := l.Meta
	for _, x := range r0 {
		if s.dom[x] == nil {
			coarse = true
		}
	}
	budget := 1
	var R []int32
	if !coarse {
		R = r0
		for _, x := range R {
			if budget *= len(s.dom[x]); budget > maxEnum {
				coarse, R = true, nil
				break
			}
		}
	}
	// Slots of predicates decided by the transition join the
	// enumeration while it stays small: first those it writes, then
	// those it reads.
	type info struct{ slots, procs []int32 }
	infos := make([]info, len(preds))
	for i := range preds {
		if e := preds[i].Expr; e != nil {
			sl := e.Slots(nil)
			slices.Sort(sl)
			pr := e.Procs(nil)
			infos[i] = info{slices.Compact(sl), pr}
		}
	}
	inMoving := func(ps []int32) bool {
		for _, p := range ps {
			if !moving[p] {
				return false
			}
		}
		return true
	}
	if !coarse {
		for _, pass := range []int{0, 1} {
			for i, in := range infos {
				if preds[i].Expr == nil || !inMoving(in.procs) {
					continue
				}
				hit := intersects(in.slots, writes)
				if pass == 1 {
					hit = intersects(in.slots, R)
				}
				if !hit {
					continue
				}
				extra := 1
				var add []int32
				for _, x := range in.slots {
					if !slices.Contains(R, x) {
						if s.dom[x] == nil {
							extra = maxEnum + 1
							break
						}
						if extra *= len(s.dom[x]); extra > maxEnum {
							break
						}
						add = append(add, x)
					}
				}
				if extra <= maxEnum && budget*extra <= maxEnum {
					budget *= extra
					R = sortedUnion(R, add)
				}
			}
		}
	}
	// Classify: exact (decided by the table), pass, or free.
	exact := make([]bool, len(preds))
	for i, in := range infos {
		if preds[i].Expr == nil {
			continue
		}
		sub := true
		for _, x := range in.slots {
			if !slices.Contains(R, x) {
				sub = false
			}
		}
		touchedProc := false
		for _, p := range in.procs {
			if moving[p] || havoc[p] {
				touchedProc = true
			}
		}
		switch {
		case inMoving(in.procs) && sub && (!coarse || len(in.slots) == 0):
			exact[i] = true
			t.touches = t.touches || touchedProc || intersects(in.slots, writes)
		case !touchedProc && !intersects(in.slots, writes) && !intersects(in.slots, hwrites):
			setLit(t.pass, 2*i)
			setLit(t.pass, 2*i+1)
		default:
			t.touches = true
		}
	}
	// Clock predicates are decided by the zone: the transition touches
	// them when it resets or constrains one of their clocks, and
	// always through the delay before it.
	for i := range preds {
		if preds[i].IsClock() {
			t.touches = true
		}
	}
	// The table.
	var mayReset []int32
	for _, r := range l.Edges {
		mayReset = append(mayReset, n.Deps.Edges[r.Proc][r.Edge].Update.Resets...)
	}
	free := s.compiledClocks(sortedUnion(hresets))
	seenEntry := map[string]bool{}
	seenClock := map[string]int32{}
	addEntry := func(pre, post []uint64, sig clockSig) {
		k := sig.key()
		ci, ok := seenClock[k]
		if !ok {
			ci = int32(len(t.clocks))
			seenClock[k] = ci
			t.clocks = append(t.clocks, sig)
		}
		postNeg := make([]uint64, words)
		for i := range preds {
			switch {
			case hasLit(post, 2*i):
				setLit(postNeg, 2*i+1)
			case hasLit(post, 2*i+1):
				setLit(postNeg, 2*i)
			}
		}
		ek := fmt.Sprint(pre, postNeg, ci)
		if seenEntry[ek] {
			return
		}
		seenEntry[ek] = true
		t.entries = append(t.entries, entry{pre: pre, postNeg: postNeg, clock: ci})
	}
	coarseEntry := func() {
		pre, post := make([]uint64, words), make([]uint64, words)
		locsBefore := s.locsOf(l.Edges, true)
		locsAfter := s.locsOf(l.Edges, false)
		for i := range preds {
			if exact[i] && len(infos[i].slots) == 0 {
				s.litTo(pre, i, preds[i].Expr, locsBefore, s.initVars)
				s.litTo(post, i, preds[i].Expr, locsAfter, s.initVars)
			}
		}
		sig := clockSig{free: sortedUnion(free, s.compiledClocks(sortedUnion(mayReset)))}
		addEntry(pre, post, sig)
	}
	if coarse {
		coarseEntry()
		return t, nil
	}
	var edges []*model.Edge
	var sels [][]int32
	for _, r := range l.Edges {
		edges = append(edges, n.Processes[r.Proc].Edges[r.Edge])
		sels = append(sels, r.Sel)
	}
	en := s.newEnum(R, edges, sels)
	if en == nil {
		// Select values past the budget: the slots the predicates
		// read are then not decided either.
		for i := range exact {
			if exact[i] && len(infos[i].slots) > 0 {
				exact[i] = false
			}
		}
		coarseEntry()
		return t, nil
	}
	env := s.env
	for en.next() {
		if err := s.poll(); err != nil {
			return nil, err
		}
		s.set(en, l.Edges)
		o := s.guardsHold(l.Edges, en)
		if o == disabled {
			continue
		}
		pre := make([]uint64, words)
		for i := range preds {
			if exact[i] {
				s.litTo(pre, i, preds[i].Expr, env.Locs, env.Vars)
			}
		}
		if o == failed {
			if err := s.stop(); err != nil {
				return nil, err
			}
			t.fail(pre)
			continue
		}
		var sig clockSig
		ok := true
		for i, r := range l.Edges {
			e := edges[i]
			copy(env.Sel, en.sels[i])
			env.Reset()
			if e.Guard != nil {
				ok = ok && s.clockCons(&sig.before, e.Guard.Clocks)
			}
			if inv := n.Processes[r.Proc].Locations[e.Src].Invariant; inv != nil {
				ok = ok && s.clockCons(&sig.before, inv.Clocks)
			}
		}
		if ok {
			env.Reset()
			for i, r := range l.Edges {
				if ok = s.update(r, en.sels[i]); !ok {
					break
				}
			}
		}
		if !ok {
			if err := s.stop(); err != nil {
				return nil, err
			}
			t.fail(pre)
			continue
		}
		last := map[int32]int{}
		for _, rs := range env.Resets {
			c := rs.Clock
			if s.net.ClockMap != nil {
				c = s.net.ClockMap[c]
			}
			if c <= 0 {
				continue
			}
			if k, seen := last[c]; seen {
				sig.resets[k][1] = rs.Value
				continue
			}
			last[c] = len(sig.resets)
			sig.resets = append(sig.resets, [2]int32{c, rs.Value})
		}
		for _, r := range l.Edges {
			env.Locs[r.Proc] = n.Processes[r.Proc].Edges[r.Edge].Dst
		}
		o = holds
		for _, r := range l.Edges {
			inv := n.Processes[r.Proc].Locations[n.Processes[r.Proc].Edges[r.Edge].Dst].Invariant
			if inv == nil {
				continue
			}
			if o = s.test(inv); o == holds && !s.clockCons(&sig.after, inv.Clocks) {
				o = failed
			}
			if o != holds {
				break
			}
		}
		if o == failed {
			if err := s.stop(); err != nil {
				return nil, err
			}
			t.fail(pre)
		}
		if o != holds {
			continue
		}
		post := make([]uint64, words)
		for i := range preds {
			if exact[i] {
				s.litTo(post, i, preds[i].Expr, env.Locs, env.Vars)
			}
		}
		sig.free = free
		addEntry(pre, post, sig)
	}
	return t, nil
}

// locsOf returns the initial locations with the edges' processes at
// their sources (before) or targets.
func (s *system) locsOf(edges []labels.EdgeRef, before bool) []int32 {
	locs := slices.Clone(s.initLocs)
	for _, r := range edges {
		e := s.net.Processes[r.Proc].Edges[r.Edge]
		locs[r.Proc] = e.Dst
		if before {
			locs[r.Proc] = e.Src
		}
	}
	return locs
}

// litTo sets in bits the literal of predicate i that holds on (locs,
// vars), both when it cannot be evaluated.
func (s *system) litTo(bits []uint64, i int, e *heuristic.Expr, locs, vars []int32) {
	v, ok := heuristic.Eval(e, locs, vars)
	switch {
	case !ok:
	case v != 0:
		setLit(bits, 2*i)
	default:
		setLit(bits, 2*i+1)
	}
}

// clockCons appends the clock constraints cs, evaluated in s.env, to
// dst; it reports false when one can never hold (an evaluation error).
func (s *system) clockCons(dst *[]dbm.Constraint, cs []model.ClockConstraint) bool {
	for k := range cs {
		c := &cs[k]
		i, j := c.Index(s.env)
		v := c.Value(s.env)
		if s.env.Err != nil {
			return false
		}
		b := dbm.LE(v)
		if c.Strict {
			b = dbm.LT(v)
		}
		*dst = append(*dst, dbm.Constraint{I: int(i), J: int(j), B: b})
	}
	return true
}

// compiledClocks maps document clocks to the system's, dropping those
// it does not keep.
func (s *system) compiledClocks(cs []int32) []int32 {
	var out []int32
	for _, c := range cs {
		if k := s.fwd[c]; k > 0 {
			out = append(out, k)
		}
	}
	return sortedUnion(out)
}

func intersects(a, b []int32) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

func setLit(b []uint64, k int)      { b[k>>6] |= 1 << (k & 63) }
func hasLit(b []uint64, k int) bool { return b[k>>6]&(1<<(k&63)) != 0 }
