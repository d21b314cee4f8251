// The abstract state space: Cartesian regression from the abstract error
// states, breadth first, kept in an unlimited branching tree.

package pa

import (
	"errors"
	"math/bits"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/fire"
)

// inf is the distance of no abstract state.
const inf = int32(1<<31 - 1)

// space is an abstract state space: partial bitvectors over the
// predicates (literal 2i: predicate i holds, 2i+1: it does not; neither:
// unknown), each with its distance to an abstract error state, the state
// and transition it was regressed from, and the tree that answers subset
// queries.
type space struct {
	preds  []Pred
	words  int
	bits   []uint64 // words per state
	dist   []int32
	parent []int32 // −1 for an error state
	via    []int32 // index into the transitions
	tree   *ubtree
	// floor is the estimate of a state no abstract state matches: inf
	// when the regression reached its fixpoint (no error state is
	// reachable from it), else one more than the last complete layer.
	floor  int32
	layers int32
}

func (sp *space) state(k int) []uint64 { return sp.bits[k*sp.words : (k+1)*sp.words] }

// errTooBig stops a regression that passes its state limit.
var errTooBig = errors.New("abstract state space too large")

// build regresses the predicates' abstract state space from the error
// states. It stops at maxStates abstract states (errTooBig when hard,
// else with the layers built so far) and after maxLayers layers.
func (s *system) build(preds []Pred, target []heuristic.Conjunct, maxStates, maxLayers int, hard bool, report func(states, layers int)) (*space, []*trans, error) {
	words := max(1, (2*len(preds)+63)/64)
	sp := &space{preds: preds, words: words, tree: newUBTree(), floor: inf}
	var ts []*trans
	var fails [][]uint64
	for li := range s.labels {
		t, err := s.prepare(li, preds, words)
		if err != nil {
			return nil, nil, err
		}
		fails = append(fails, t.fails...)
		if t.touches && len(t.entries) > 0 {
			ts = append(ts, t)
		}
	}
	add := func(b []uint64, d, parent, via int32) {
		sp.bits = append(sp.bits, b...)
		sp.dist = append(sp.dist, d)
		sp.parent = append(sp.parent, parent)
		sp.via = append(sp.via, via)
		sp.tree.insert(literals(b), d)
	}
	errs, err := s.errorStates(preds, target, words)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range errs {
		if sp.tree.min(b, inf) == inf {
			add(b, 0, -1, -1)
		}
	}
	// A state from which a transition's evaluation fails is one step
	// from an error state: the failure may be a concrete run-time error.
	for _, b := range fails {
		if sp.tree.min(b, inf) == inf {
			add(b, 1, -1, -1)
		}
	}
	r := newRegressor(s, preds, words)
	for head := 0; head < len(sp.dist); head++ {
		d := sp.dist[head]
		if int(d) >= maxLayers {
			sp.floor = d + 1
			break
		}
		if head == 0 || sp.dist[head-1] != d {
			if report != nil {
				report(len(sp.dist), int(d))
			}
		}
		for ti, t := range ts {
			if err := s.Poll(); err != nil {
				return nil, nil, err
			}
			a, ok := r.regress(sp.state(head), t)
			if !ok || sp.tree.min(a, inf) != inf {
				continue
			}
			add(a, d+1, int32(head), int32(ti))
		}
		if len(sp.dist) > maxStates {
			if hard {
				return nil, nil, errTooBig
			}
			sp.floor = d + 1
			break
		}
	}
	if len(sp.dist) > 0 {
		sp.layers = sp.dist[len(sp.dist)-1]
	}
	return sp, ts, nil
}

// regressor computes abstract predecessors.
type regressor struct {
	s      *system
	preds  []Pred
	words  int
	clocks []int // indices of the clock predicates
	zone   *dbm.DBM
	cache  map[int32]zoneResult
}

type zoneResult struct {
	lits []uint64
	ok   bool
}

func newRegressor(s *system, preds []Pred, words int) *regressor {
	r := &regressor{s: s, preds: preds, words: words, zone: dbm.New(len(s.net.Clocks)), cache: map[int32]zoneResult{}}
	for i := range preds {
		if preds[i].IsClock() {
			r.clocks = append(r.clocks, i)
		}
	}
	return r
}

// regress returns the Cartesian abstraction of the states from which t
// leads into b: the literals every enabled valuation of t compatible
// with b agrees on. ok is false when there is none.
func (r *regressor) regress(b []uint64, t *trans) ([]uint64, bool) {
	clear(r.cache)
	var acc []uint64
	for k := range t.entries {
		e := &t.entries[k]
		if overlaps(b, e.postNeg) {
			continue
		}
		z, ok := r.cache[e.clock]
		if !ok {
			z = r.zoneLits(b, &t.clocks[e.clock])
			r.cache[e.clock] = z
		}
		if !z.ok {
			continue
		}
		if acc == nil {
			acc = make([]uint64, r.words)
			for w := range acc {
				acc[w] = ^uint64(0)
			}
		}
		for w := range acc {
			acc[w] &= e.pre[w] | b[w]&t.pass[w] | z.lits[w]
		}
	}
	return acc, acc != nil
}

// zoneLits computes the clock states before a transition with clock
// part c into the clock literals of b, "delay, then the edge": the
// literals and the target invariants after it, the resets undone, the
// guard and source invariants, then the past. ok is false when that is
// empty.
func (r *regressor) zoneLits(b []uint64, c *clockSig) zoneResult {
	z := r.zone
	z.Unconstrained()
	ok := true
	for _, i := range r.clocks {
		p := &r.preds[i]
		ci, cj := r.s.fwd[p.I], r.s.fwd[p.J]
		if ci < 0 || cj < 0 {
			continue
		}
		switch {
		case hasLit(b, 2*i):
			ok = ok && z.Constrain(int(ci), int(cj), p.Bound)
		case hasLit(b, 2*i+1):
			ok = ok && z.Constrain(int(cj), int(ci), p.Bound.Negate())
		}
	}
	ok = ok && z.ConstrainAll(c.after)
	for _, rs := range c.resets {
		ok = ok && z.Constrain(int(rs[0]), 0, dbm.LE(rs[1])) && z.Constrain(0, int(rs[0]), dbm.LE(-rs[1]))
		if ok {
			z.Free(int(rs[0]))
		}
	}
	if !ok {
		return zoneResult{}
	}
	for _, x := range c.free {
		z.Free(int(x))
	}
	if !z.ConstrainAll(c.before) {
		return zoneResult{}
	}
	z.Down()
	lits := make([]uint64, r.words)
	for _, i := range r.clocks {
		p := &r.preds[i]
		ci, cj := r.s.fwd[p.I], r.s.fwd[p.J]
		if ci < 0 || cj < 0 {
			continue
		}
		switch {
		case z.At(int(ci), int(cj)) <= p.Bound:
			setLit(lits, 2*i)
		case z.At(int(cj), int(ci)).Add(p.Bound) < dbm.LEZero:
			setLit(lits, 2*i+1)
		}
	}
	return zoneResult{lits: lits, ok: true}
}

func overlaps(a, b []uint64) bool {
	for w := range a {
		if a[w]&b[w] != 0 {
			return true
		}
	}
	return false
}

// literals lists the literals set in b, ascending.
func literals(b []uint64) []int32 {
	var out []int32
	for w, x := range b {
		for x != 0 {
			k := bits.TrailingZeros64(x)
			out = append(out, int32(w*64+k))
			x &= x - 1
		}
	}
	return out
}

// errorStates returns the abstract error states: for each conjunct of
// the target that some valuation satisfies, the literals it implies
// (Cartesian abstraction: each predicate on its own).
func (s *system) errorStates(preds []Pred, target []heuristic.Conjunct, words int) ([][]uint64, error) {
	var out [][]uint64
	for ci := range target {
		c := &target[ci]
		b := make([]uint64, words)
		sat := true
		for i := range preds {
			if preds[i].IsClock() {
				continue
			}
			sawT, sawF, any, known := s.decide(c, preds[i].Expr)
			if err := s.Poll(); err != nil {
				return nil, err
			}
			if known && !any {
				sat = false
				break
			}
			switch {
			case known && sawT && !sawF:
				setLit(b, 2*i)
			case known && sawF && !sawT:
				setLit(b, 2*i+1)
			}
		}
		if sat {
			out = append(out, b)
		}
	}
	return out, nil
}

// maxDecide bounds the valuations decide enumerates: sixteen times
// fire.MaxEnum.
const maxDecide = fire.MaxEnum * 16

// decide enumerates the valuations of what e and c read that satisfy c,
// and says whether e was true on one (sawT), false on one (sawF), and
// whether any satisfies c; known is false when the enumeration is too
// large to run.
func (s *system) decide(c *heuristic.Conjunct, e *heuristic.Expr) (sawT, sawF, any, known bool) {
	slots := e.Slots(nil)
	procs := e.Procs(nil)
	for _, x := range c.Conds {
		slots = x.Slots(slots)
		procs = x.Procs(procs)
	}
	for _, l := range c.Locs {
		if slices.Contains(procs, l.Proc) {
			continue
		}
		procs = append(procs, l.Proc)
	}
	slots = fire.SortedUnion(slots)
	procs = fire.SortedUnion(procs)
	type dim struct {
		slot, proc int32
		vals       []int32
	}
	var dims []dim
	total := 1
	for _, x := range slots {
		v := s.dom[x]
		if v == nil {
			return false, false, false, false
		}
		dims = append(dims, dim{slot: x, proc: -1, vals: v})
		total = min(total*len(v), maxDecide+1) // saturated: never wraps
	}
	for _, p := range procs {
		var vals []int32
		if i := slices.IndexFunc(c.Locs, func(l heuristic.LocSet) bool { return l.Proc == p }); i >= 0 {
			vals = c.Locs[i].Locs
		} else {
			for l := range s.net.Processes[p].Locations {
				vals = append(vals, int32(l))
			}
		}
		dims = append(dims, dim{slot: -1, proc: p, vals: vals})
		total = min(total*len(vals), maxDecide+1)
	}
	if total > maxDecide {
		return false, false, false, false
	}
	locs, vars := slices.Clone(s.InitLocs), slices.Clone(s.InitVars)
	pick := make([]int, len(dims))
	for {
		for k, d := range dims {
			if d.slot >= 0 {
				vars[d.slot] = d.vals[pick[k]]
			} else {
				locs[d.proc] = d.vals[pick[k]]
			}
		}
		holds := true
		for _, x := range c.Conds {
			// A condition that cannot be evaluated (an array read
			// at an index it does not follow) may hold.
			if v, ok := heuristic.Eval(x, locs, vars); ok && v == 0 {
				holds = false
				break
			}
		}
		if holds {
			any = true
			if v, ok := heuristic.Eval(e, locs, vars); !ok {
				sawT, sawF = true, true
			} else if v != 0 {
				sawT = true
			} else {
				sawF = true
			}
		}
		k := len(pick) - 1
		for ; k >= 0; k-- {
			if pick[k]++; pick[k] < len(dims[k].vals) {
				break
			}
			pick[k] = 0
		}
		if k < 0 {
			return sawT, sawF, any, true
		}
	}
}

// stateLits sets in q the literals that may hold in some state of the
// symbolic state (d, z): a condition's value, and each side of a clock
// constraint that z intersects.
func stateLits(q []uint64, preds []Pred, np int, d []int32, z *dbm.DBM) {
	clear(q)
	locs, vars := d[:np], d[np:]
	for i := range preds {
		p := &preds[i]
		if !p.IsClock() {
			v, ok := heuristic.Eval(p.Expr, locs, vars)
			switch {
			case !ok:
				setLit(q, 2*i)
				setLit(q, 2*i+1)
			case v != 0:
				setLit(q, 2*i)
			default:
				setLit(q, 2*i+1)
			}
			continue
		}
		if z == nil || int(max(p.I, p.J)) >= z.Dim() {
			setLit(q, 2*i)
			setLit(q, 2*i+1)
			continue
		}
		if z.At(int(p.J), int(p.I)).Add(p.Bound) >= dbm.LEZero {
			setLit(q, 2*i)
		}
		if z.At(int(p.I), int(p.J)) > p.Bound {
			setLit(q, 2*i+1)
		}
	}
}

// constant reports whether the condition p takes one value on every
// valuation of its slots over their domains (and any locations): such a
// predicate tells no states apart.
func (s *system) constant(p Pred) bool {
	if p.IsClock() {
		return false
	}
	sawT, sawF, _, known := s.decide(&heuristic.Conjunct{}, p.Expr)
	return known && sawT != sawF
}
