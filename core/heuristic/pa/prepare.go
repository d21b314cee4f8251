// Preparing a transition for a predicate set: what its label reads and
// writes, the enumeration widened to the predicates it decides, the
// predicates classified, and the table of its enabled valuations.

package pa

import (
	"encoding/binary"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/fire"
	"beeline/core/heuristic/labels"
)

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
// first asks system.Stop.
func (t *trans) fail(pre []uint64) {
	k := string(appendLits(nil, pre))
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

// key is c as a map key: each list's length, then its values.
func (c *clockSig) key() string {
	k := appendConstraints(nil, c.before)
	k = appendConstraints(k, c.after)
	k = heuristic.AppendKey(k, int32(len(c.resets)))
	for _, r := range c.resets {
		k = heuristic.AppendKey(k, r[0], r[1])
	}
	k = heuristic.AppendKey(k, int32(len(c.free)))
	return string(heuristic.AppendKey(k, c.free...))
}

// footprint is what a label's edges read and write, and the slots its
// table enumerates.
type footprint struct {
	moving, havoc map[int32]bool // processes of the edges, of the broadcast's receivers
	writes        []int32        // slots the edges write (sorted)
	hwrites       []int32        // slots the receivers may write (sorted)
	hresets       []int32        // clocks the receivers may reset
	mayReset      []int32        // clocks the edges may reset
	// coarse: the table is not enumerated (meta variables, a wide slot,
	// too many valuations); else enum are the slots it enumerates and
	// budget their valuations.
	coarse bool
	enum   []int32
	budget int
}

// predInfo is what a predicate reads: slots (sorted) and processes.
type predInfo struct{ slots, procs []int32 }

// prepare builds the transition table of label li for the predicates.
func (s *system) prepare(li int, preds []Pred, words int) (*trans, error) {
	l := &s.labels[li]
	t := &trans{moves: l.Edges, pass: make([]uint64, words)}
	fp := s.footprint(l)
	infos := make([]predInfo, len(preds))
	for i := range preds {
		if e := preds[i].Expr; e != nil {
			sl := e.Slots(nil)
			slices.Sort(sl)
			infos[i] = predInfo{slices.Compact(sl), e.Procs(nil)}
		}
	}
	if !fp.coarse {
		s.widen(fp, preds, infos)
	}
	tb := &tableBuilder{s: s, l: l, t: t, preds: preds, infos: infos, words: words,
		exact: t.classify(fp, preds, infos), free: s.compiledClocks(fire.SortedUnion(fp.hresets)),
		seenEntry: map[string]bool{}, seenClock: map[string]int32{}}
	if fp.coarse {
		tb.coarse(fp)
		return t, nil
	}
	en := s.Enum(l.Edges)
	ok := true
	for _, x := range fp.enum {
		ok = ok && en.Slot(x, s.dom[x])
	}
	for i := range l.Edges {
		ok = ok && en.Selects(i)
	}
	if !ok {
		// Select values past the budget: the slots the predicates
		// read are then not decided either.
		for i := range tb.exact {
			if tb.exact[i] && len(infos[i].slots) > 0 {
				tb.exact[i] = false
			}
		}
		tb.coarse(fp)
		return t, nil
	}
	return t, tb.enumerate(en)
}

// footprint gathers what label l's edges read and write, and decides
// whether its table is enumerated: over every slot they read or write,
// when none is wide and their valuations stay within fire.MaxEnum.
func (s *system) footprint(l *labels.Label) *footprint {
	n := s.net
	fp := &footprint{moving: map[int32]bool{}, havoc: map[int32]bool{}, budget: 1}
	for _, r := range l.Edges {
		fp.moving[r.Proc] = true
	}
	for _, r := range l.Recv {
		fp.havoc[r.Proc] = true
		d := &n.Deps.Edges[r.Proc][r.Edge]
		fp.hwrites = append(fp.hwrites, d.Update.WriteVars...)
		fp.hresets = append(fp.hresets, d.Update.Resets...)
	}
	var reads []int32
	for _, r := range l.Edges {
		d := &n.Deps.Edges[r.Proc][r.Edge]
		fp.writes = append(fp.writes, d.Update.WriteVars...)
		fp.mayReset = append(fp.mayReset, d.Update.Resets...)
		e := n.Processes[r.Proc].Edges[r.Edge]
		reads = slices.Concat(reads, d.Guard.ReadVars, d.Update.ReadVars, d.Sync.ReadVars,
			n.Deps.Invariants[r.Proc][e.Src].ReadVars, n.Deps.Invariants[r.Proc][e.Dst].ReadVars)
	}
	fp.writes = fire.SortedUnion(fp.writes)
	fp.hwrites = fire.SortedUnion(fp.hwrites)
	all := fire.SortedUnion(reads, fp.writes)
	fp.coarse = l.Meta || slices.ContainsFunc(all, func(x int32) bool { return s.dom[x] == nil })
	if fp.coarse {
		return fp
	}
	for _, x := range all {
		if fp.budget *= len(s.dom[x]); fp.budget > fire.MaxEnum {
			fp.coarse = true
			return fp
		}
	}
	fp.enum = all
	return fp
}

// widen adds to the enumeration the slots of predicates the transition
// decides (those over the moving processes only) while it stays within
// fire.MaxEnum: first of predicates over slots it writes, then of those
// over slots it enumerates.
func (s *system) widen(fp *footprint, preds []Pred, infos []predInfo) {
	for _, pass := range []int{0, 1} {
		for i, in := range infos {
			if preds[i].Expr == nil || !fp.allMoving(in.procs) {
				continue
			}
			hit := intersects(in.slots, fp.writes)
			if pass == 1 {
				hit = intersects(in.slots, fp.enum)
			}
			if !hit {
				continue
			}
			if add, extra := s.extra(fp.enum, in.slots); extra <= fire.MaxEnum && fp.budget*extra <= fire.MaxEnum {
				fp.budget *= extra
				fp.enum = fire.SortedUnion(fp.enum, add)
			}
		}
	}
}

// extra returns the slots of slots not in have, and the factor by which
// they multiply the valuations (past fire.MaxEnum: too many, or a slot
// is wide).
func (s *system) extra(have, slots []int32) (add []int32, extra int) {
	extra = 1
	for _, x := range slots {
		if slices.Contains(have, x) {
			continue
		}
		if s.dom[x] == nil {
			return add, fire.MaxEnum + 1
		}
		if extra *= len(s.dom[x]); extra > fire.MaxEnum {
			return add, extra
		}
		add = append(add, x)
	}
	return add, extra
}

// allMoving reports whether every process of ps moves in the transition.
func (fp *footprint) allMoving(ps []int32) bool {
	for _, p := range ps {
		if !fp.moving[p] {
			return false
		}
	}
	return true
}

// classify sorts the predicates: exact (decided by the table: over the
// moving processes and enumerated slots), passed through (nothing of
// theirs moves or is written: set in t.pass), or free; it returns which
// are exact and sets t.touches when some predicate is not passed.
// Clock predicates are decided by the zone: the transition touches
// them when it resets or constrains one of their clocks, and always
// through the delay before it.
func (t *trans) classify(fp *footprint, preds []Pred, infos []predInfo) []bool {
	exact := make([]bool, len(preds))
	for i, in := range infos {
		if preds[i].Expr == nil {
			continue
		}
		sub := !slices.ContainsFunc(in.slots, func(x int32) bool { return !slices.Contains(fp.enum, x) })
		touchedProc := slices.ContainsFunc(in.procs, func(p int32) bool { return fp.moving[p] || fp.havoc[p] })
		switch {
		case fp.allMoving(in.procs) && sub && (!fp.coarse || len(in.slots) == 0):
			exact[i] = true
			t.touches = t.touches || touchedProc || intersects(in.slots, fp.writes)
		case !touchedProc && !intersects(in.slots, fp.writes) && !intersects(in.slots, fp.hwrites):
			setLit(t.pass, 2*i)
			setLit(t.pass, 2*i+1)
		default:
			t.touches = true
		}
	}
	for i := range preds {
		if preds[i].IsClock() {
			t.touches = true
		}
	}
	return exact
}

// appendLits appends the length of lits and its words to k.
func appendLits(k []byte, lits []uint64) []byte {
	k = heuristic.AppendKey(k, int32(len(lits)))
	for _, w := range lits {
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	return k
}

// appendConstraints appends the length of cs and each constraint to k.
func appendConstraints(k []byte, cs []dbm.Constraint) []byte {
	k = heuristic.AppendKey(k, int32(len(cs)))
	for _, c := range cs {
		k = heuristic.AppendKey(k, int32(c.I), int32(c.J), int32(c.B))
	}
	return k
}
