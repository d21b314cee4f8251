// hU: a relaxed plan extracted backwards through the ATG.

package relax

// planKey identifies a selected transition at a layer.
type planKey struct {
	sup   uint64
	layer int32
}

// factKey identifies a needed slot growth.
type factKey struct{ slot, layer int32 }

// planner extracts a relaxed plan from a built ATG (Kupferschmid et al.,
// SPIN 2006, appendix A.2, Fig. 5). Facts are locations (p, l), reached
// first at some layer and supported by the transition that first added
// them, and slot growths (s, k), supported likewise; a condition needed
// at layer m needs, for each slot it reads, the last growth of that slot
// at or before the layer where the condition first held. Selecting a
// transition at layer k−1 makes its source locations and guard
// conditions needed. The plan's length is the number of distinct
// (transition, layer) pairs selected.
type planner struct {
	g        *atg
	selected map[planKey]bool
	slotDone map[factKey]bool
	locDone  [][]int32 // stamp per (p, l)
	condDone []int32   // stamp per condition
	stamp    int32
	stack    []fact
}

// fact is an agenda entry: a location (kind 0: a=p, b=l), a condition
// (kind 1: a=id) or a slot growth (kind 2: a=slot, b=index in changes).
type fact struct {
	kind uint8
	a, b int32
}

func newPlanner(g *atg) *planner {
	pl := &planner{g: g, selected: map[planKey]bool{}, slotDone: map[factKey]bool{}}
	for _, ll := range g.locLayer {
		pl.locDone = append(pl.locDone, make([]int32, len(ll)))
	}
	pl.condDone = make([]int32, len(g.a.conds))
	return pl
}

// extract returns the length of a relaxed plan for target conjunct conj,
// which holds at the ATG's current layer.
func (pl *planner) extract(conj int) int32 {
	pl.stamp++
	clear(pl.selected)
	clear(pl.slotDone)
	g := pl.g
	c := &g.target.Conjuncts[conj]
	for _, ls := range c.Locs {
		pl.push(fact{kind: 0, a: ls.Proc, b: g.firstIn(ls.Proc, ls.Locs)})
	}
	for _, id := range g.tconds[conj] {
		pl.push(fact{kind: 1, a: id})
	}
	for len(pl.stack) > 0 {
		f := pl.stack[len(pl.stack)-1]
		pl.stack = pl.stack[:len(pl.stack)-1]
		pl.expand(f)
	}
	return int32(len(pl.selected))
}

// push adds a fact to the agenda unless it was handled in this extraction.
func (pl *planner) push(f fact) {
	switch f.kind {
	case 0:
		if f.b < 0 || pl.locDone[f.a][f.b] == pl.stamp {
			return
		}
		pl.locDone[f.a][f.b] = pl.stamp
	case 1:
		if pl.condDone[f.a] == pl.stamp {
			return
		}
		pl.condDone[f.a] = pl.stamp
	case 2:
		k := factKey{f.a, f.b}
		if pl.slotDone[k] {
			return
		}
		pl.slotDone[k] = true
	}
	pl.stack = append(pl.stack, f)
}

// expand selects the supporter of a fact, or the facts a condition needs.
func (pl *planner) expand(f fact) {
	g := pl.g
	switch f.kind {
	case 0:
		if k := g.locLayer[f.a][f.b]; k > 0 {
			pl.selectT(g.locSup[f.a][f.b], k-1)
		}
	case 1:
		k := g.condFst[f.a]
		if k <= 0 {
			return
		}
		for _, s := range g.a.conds[f.a].slots {
			if i := lastChangeAtOrBefore(g.changes[s], k); i >= 0 {
				pl.push(fact{kind: 2, a: s, b: int32(i)})
			}
		}
	case 2:
		ch := g.changes[f.a][f.b]
		pl.selectT(ch.sup, ch.layer-1)
	}
}

// lastChangeAtOrBefore returns the index of the last growth at a layer
// ≤ k, or -1.
func lastChangeAtOrBefore(cs []change, k int32) int {
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].layer <= k {
			return i
		}
	}
	return -1
}

// selectT selects a transition at a layer and needs its preconditions.
func (pl *planner) selectT(sup uint64, layer int32) {
	key := planKey{sup, layer}
	if pl.selected[key] {
		return
	}
	pl.selected[key] = true
	e, partner := unpack(sup)
	for _, ei := range [2]int32{e, partner} {
		if ei < 0 {
			continue
		}
		ed := &pl.g.a.edges[ei]
		pl.push(fact{kind: 0, a: ed.proc, b: ed.src})
		for _, id := range ed.conds {
			pl.push(fact{kind: 1, a: id})
		}
	}
}
