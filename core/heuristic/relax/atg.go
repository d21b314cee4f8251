// The abstract transition graph (ATG): layers of location sets and value
// sets built from one state until the target holds or nothing changes.

package relax

import (
	"math/bits"

	"beeline/core/heuristic"
)

// maxLayers bounds the ATG. Reaching it returns the layer count so far,
// which is still a lower bound on the layer where the target would hold.
const maxLayers = 1024

// change records that a slot's set grew in a layer, and the transition
// (its supporter) that first made it grow there.
type change struct {
	layer int32
	sup   uint64
}

// transition packs an edge and its synchronisation partner (or -1).
func transition(e, partner int32) uint64 { return uint64(uint32(e+1))<<32 | uint64(uint32(partner+1)) }

func unpack(t uint64) (e, partner int32) { return int32(t>>32) - 1, int32(uint32(t)) - 1 }

// atg holds one ATG and the scratch to rebuild it for each state.
type atg struct {
	a      *abstractNet
	np     int
	tconds [][]int32 // per target conjunct: its conditions (indices into a.conds)
	target *heuristic.Target

	k        int32     // current layer
	locLayer [][]int32 // [p][l]: first layer with l in L(p), or -1
	locSup   [][]uint64
	locList  [][]int32 // per process: L(p) in order of arrival
	nloc     []int32   // |L_k(p)|
	locChg   []int32   // per process: last layer L(p) grew
	cur      []aval    // V_k per slot
	next     []aval    // V_{k+1} per slot
	lastChg  []int32   // per slot: last layer its set grew
	changes  [][]change
	dirty    []int32 // slots grown in this layer
	isDirty  []bool
	pending  []int32 // processes whose L grew in this layer
	condFst  []int32 // per condition: first layer it held, or -1
	condEval []int32 // per condition: last layer it was evaluated, or -1

	enabled []int32
	written []int32
	readAll bool // effects read V_{k+1} (receivers: they see the sender's writes)
	roles   roles
	// failed is set when an evaluation may fail at run time (world.fail).
	failed bool
}

// newATG prepares the ATG for target t.
func newATG(a *abstractNet, t *heuristic.Target) *atg {
	g := &atg{a: a, np: len(a.net.Processes), target: t}
	for _, c := range t.Conjuncts {
		var ids []int32
		for _, x := range c.Conds {
			ids = append(ids, a.addCond(x))
		}
		g.tconds = append(g.tconds, ids)
	}
	for _, p := range a.net.Processes {
		n := len(p.Locations)
		ll := make([]int32, n)
		for i := range ll {
			ll[i] = -1
		}
		g.locLayer = append(g.locLayer, ll)
		g.locSup = append(g.locSup, make([]uint64, n))
		g.locList = append(g.locList, make([]int32, 0, n))
	}
	ns := len(a.lo)
	g.nloc, g.locChg = make([]int32, g.np), make([]int32, g.np)
	g.cur, g.next = make([]aval, ns), make([]aval, ns)
	g.lastChg, g.changes, g.isDirty = make([]int32, ns), make([][]change, ns), make([]bool, ns)
	g.condFst, g.condEval = make([]int32, len(a.conds)), make([]int32, len(a.conds))
	g.roles.init(a.nch)
	return g
}

// build builds the ATG from the state d. It returns the first layer in
// which some target conjunct holds (and which), or ok=false when the ATG
// reaches a fixpoint first.
func (g *atg) build(d []int32) (layer int32, conj int, ok bool) {
	g.reset(d)
	for g.k = 0; ; g.k++ {
		if c := g.targetHolds(); c >= 0 {
			return g.k, c, true
		}
		if g.k >= maxLayers {
			return g.k, -1, true
		}
		if !g.step() {
			if g.mayFail() {
				return g.k + 1, -1, true
			}
			return 0, -1, false
		}
	}
}

// reset makes layer 0 the state d.
func (g *atg) reset(d []int32) {
	for p := range g.np {
		ll := g.locLayer[p]
		for _, l := range g.locList[p] {
			ll[l] = -1
		}
		ll[d[p]] = 0
		g.locList[p] = append(g.locList[p][:0], d[p])
		g.nloc[p], g.locChg[p] = 1, 0
	}
	for s := range g.cur {
		v := constVal(int64(d[g.np+s]))
		g.cur[s], g.next[s] = v, v
		g.lastChg[s] = 0
		g.changes[s] = g.changes[s][:0]
	}
	for i := range g.condFst {
		g.condFst[i], g.condEval[i] = -1, -1
	}
}

// mayFail reports, at a fixpoint, whether the guard or an assigned value
// of an edge whose source location the ATG holds may fail at run time
// (division by zero, overflow). A concrete run-time error ends the
// concrete search as the target does, so a state from which one may
// follow is no dead end: build then counts it one layer further. The
// sets only grow, so what may fail in some layer may fail at the
// fixpoint. Assignments out of a variable's range are not counted: the
// relaxation's local quantification would find one after nearly every
// bounded increment.
func (g *atg) mayFail() bool {
	g.failed = false
	w := curWorld{g}
	for p := range g.np {
		for _, l := range g.locList[p][:g.nloc[p]] {
			for _, ei := range g.a.out[p][l] {
				if g.edgeMayFail(&g.a.edges[ei], w) {
					return true
				}
			}
		}
	}
	return false
}

// edgeMayFail reports whether the evaluation of e's guard conditions or,
// when they may hold, of its assigned values may fail in w.
func (g *atg) edgeMayFail(e *edge, w curWorld) bool {
	if e.dead {
		return false
	}
	for _, id := range e.conds {
		v := eval(g.a.conds[id].e, w)
		if g.failed {
			return true
		}
		if !v.canNonZero() {
			return false
		}
	}
	for _, ef := range e.effects {
		if ef.step == 0 {
			eval(ef.rhs, w)
		}
	}
	return g.failed
}

// targetHolds returns the first target conjunct that holds in layer k, or -1.
func (g *atg) targetHolds() int {
	for i, c := range g.target.Conjuncts {
		if g.conjunctHolds(&c, g.tconds[i]) {
			return i
		}
	}
	return -1
}

func (g *atg) conjunctHolds(c *heuristic.Conjunct, conds []int32) bool {
	for _, ls := range c.Locs {
		if g.firstIn(ls.Proc, ls.Locs) < 0 {
			return false
		}
	}
	for _, id := range conds {
		if !g.condHolds(id) {
			return false
		}
	}
	return true
}

// firstIn returns the location of locs that entered L(p) first, if one is
// in L_k(p), else -1.
func (g *atg) firstIn(p int32, locs []int32) int32 {
	best := int32(-1)
	for _, l := range locs {
		if x := g.locLayer[p][l]; x >= 0 && x <= g.k && (best < 0 || x < g.locLayer[p][best]) {
			best = l
		}
	}
	return best
}

// condHolds tells whether condition id may hold in layer k. A condition
// that held once holds in every later layer (the sets only grow); one
// that did not is evaluated again only when a slot or location set it
// reads has grown since: the incremental evaluation of the paper (§4).
func (g *atg) condHolds(id int32) bool {
	if g.condFst[id] >= 0 {
		return true
	}
	c := &g.a.conds[id]
	if last := g.condEval[id]; last >= 0 && !g.grewSince(c, last) {
		return false
	}
	g.condEval[id] = g.k
	if eval(c.e, curWorld{g}).canNonZero() {
		g.condFst[id] = g.k
		return true
	}
	return false
}

func (g *atg) grewSince(c *cond, layer int32) bool {
	for _, s := range c.slots {
		if g.lastChg[s] > layer {
			return true
		}
	}
	for _, p := range c.procs {
		if g.locChg[p] > layer {
			return true
		}
	}
	return false
}

// curWorld reads layer k.
type curWorld struct{ g *atg }

func (w curWorld) slot(s int32) aval { return w.g.cur[s] }

func (w curWorld) fail() { w.g.failed = true }

func (w curWorld) loc(p, l int32) (bool, bool) {
	x := w.g.locLayer[p][l]
	in := x >= 0 && x <= w.g.k
	n := w.g.nloc[p]
	if in {
		n--
	}
	return in, n > 0
}

// effWorld reads what an effect sees: layer k, and layer k+1 for the
// slots written earlier by the same transition (or all, for receivers).
type effWorld struct{ g *atg }

func (w effWorld) slot(s int32) aval {
	if w.g.readAll {
		return w.g.next[s]
	}
	for _, x := range w.g.written {
		if x == s {
			return w.g.next[s]
		}
	}
	return w.g.cur[s]
}

func (w effWorld) loc(p, l int32) (bool, bool) { return curWorld(w).loc(p, l) }

func (w effWorld) fail() { w.g.failed = true }

// step builds layer k+1 from layer k and reports whether anything grew.
func (g *atg) step() bool {
	g.collectEnabled()
	g.roles.clear()
	for _, ei := range g.enabled {
		g.roles.add(ei, &g.a.edges[ei])
	}
	g.readAll = false
	for _, ei := range g.enabled { // internal edges and senders
		e := &g.a.edges[ei]
		if !e.sync {
			g.fire(ei, -1)
		} else if e.send {
			if p, ok := g.roles.partner(e, false); ok || e.broadcast {
				g.fire(ei, p)
			}
		}
	}
	g.readAll = true
	for _, ei := range g.enabled { // receivers
		e := &g.a.edges[ei]
		if e.sync && !e.send {
			if p, ok := g.roles.partner(e, true); ok {
				g.fire(ei, p)
			}
		}
	}
	return g.endLayer()
}

// collectEnabled lists the edges enabled in layer k: source location in
// L_k and every guard condition may hold.
func (g *atg) collectEnabled() {
	g.enabled = g.enabled[:0]
	for p := range g.np {
		for _, l := range g.locList[p][:g.nloc[p]] {
			for _, ei := range g.a.out[p][l] {
				if g.enabledEdge(&g.a.edges[ei]) {
					g.enabled = append(g.enabled, ei)
				}
			}
		}
	}
}

func (g *atg) enabledEdge(e *edge) bool {
	if e.dead {
		return false
	}
	for _, id := range e.conds {
		if !g.condHolds(id) {
			return false
		}
	}
	return true
}

// fire applies edge ei (with partner, or -1) to layer k+1.
func (g *atg) fire(ei, partner int32) {
	e := &g.a.edges[ei]
	sup := transition(ei, partner)
	if ll := g.locLayer[e.proc]; ll[e.dst] < 0 {
		ll[e.dst] = g.k + 1
		g.locSup[e.proc][e.dst] = sup
		g.locList[e.proc] = append(g.locList[e.proc], e.dst)
		g.pending = append(g.pending, e.proc)
	}
	g.written = g.written[:0]
	for _, ef := range e.effects {
		var v aval
		if ef.step != 0 {
			lo, hi := g.cur[ef.lo].bounds()
			if ef.step > 0 {
				v = rangeVal(lo, g.a.hi[ef.lo])
			} else {
				v = rangeVal(g.a.lo[ef.lo], hi)
			}
		} else {
			v = eval(ef.rhs, effWorld{g})
		}
		for s := ef.lo; s <= ef.hi; s++ {
			g.grow(s, clamp(v, g.a.lo[s], g.a.hi[s]), sup)
			g.written = append(g.written, s)
		}
	}
}

// grow adds v to V_{k+1}(s), recording the supporter of a first growth in
// this layer.
func (g *atg) grow(s int32, v aval, sup uint64) {
	u := norm(union(g.next[s], v))
	if u == norm(g.next[s]) {
		return
	}
	g.next[s] = u
	if !g.isDirty[s] {
		g.isDirty[s] = true
		g.dirty = append(g.dirty, s)
		g.changes[s] = append(g.changes[s], change{layer: g.k + 1, sup: sup})
	}
}

// endLayer makes V_{k+1} and L_{k+1} current and reports whether any grew.
func (g *atg) endLayer() bool {
	grew := len(g.dirty) > 0 || len(g.pending) > 0
	for _, s := range g.dirty {
		g.cur[s] = g.next[s]
		g.lastChg[s] = g.k + 1
		g.isDirty[s] = false
	}
	g.dirty = g.dirty[:0]
	for _, p := range g.pending {
		g.nloc[p] = int32(len(g.locList[p]))
		g.locChg[p] = g.k + 1
	}
	g.pending = g.pending[:0]
	return grew
}

// norm rebases an exact set at its least element, so that equal sets
// compare equal.
func norm(a aval) aval {
	if !a.exact {
		return a
	}
	if a.mask == 0 {
		return aval{exact: true}
	}
	tz := bits.TrailingZeros64(a.mask)
	return aval{exact: true, base: a.base + int64(tz), mask: a.mask >> uint(tz)}
}
