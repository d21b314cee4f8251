// Composition: the atoms' goal bits, and the compose-and-abstract loop
// that merges atoms' transition systems and shrinks them to the bound.

package mas

import (
	"fmt"
	"slices"

	"beeline/core/heuristic"
)

// unknown is the state of values the abstraction never met: a state the
// over-approximation did not reach, which only a gap in it could give.
// Its estimate is 0, which is always admissible.
const unknown = -2

// goalWords is the number of uint64s per state that hold the target's
// conjuncts: one bit each, or one bit for all when there are many.
func goalWords(t *heuristic.Target) int {
	if len(t.Conjuncts) > maxGoalBits {
		return 1
	}
	return max(1, (len(t.Conjuncts)+63)/64)
}

// maxGoalBits bounds the conjuncts followed one by one.
const maxGoalBits = 1024

// goalBits sets in g the conjuncts whose part on atom a holds in st.
func goalBits(t *heuristic.Target, b *builder, a *atom, st []int32, g []uint64) {
	b.Init()
	b.setOwn(a, st)
	for k := range t.Conjuncts {
		if conjunctHolds(&t.Conjuncts[k], b, a) {
			if len(t.Conjuncts) > maxGoalBits {
				g[0] = 1
				return
			}
			g[k/64] |= 1 << (k % 64)
		}
	}
}

// conjunctHolds reports whether the part of c that atom a decides holds
// in the state set in b's Env: its location set for a's
// process, and its conditions that read only a's slots and constants.
func conjunctHolds(c *heuristic.Conjunct, b *builder, a *atom) bool {
	for _, ls := range c.Locs {
		if ls.Proc == a.proc && !slices.Contains(ls.Locs, b.Env.Locs[a.proc]) {
			return false
		}
	}
	for _, e := range c.Conds {
		if v, ok := heuristic.Eval(e, b.Env.Locs, b.Env.Vars); decides(e, b, a) && (!ok || v == 0) {
			return false
		}
	}
	return true
}

// decides reports whether e reads only what atom a knows.
func decides(e *heuristic.Expr, b *builder, a *atom) bool {
	switch e.Op {
	case heuristic.OpAny, heuristic.OpRange, heuristic.OpTop:
		return false
	case heuristic.OpVar:
		return b.constant[e.Lo] || (b.owner[e.Lo] >= 0 && slices.Contains(a.slots, e.Lo))
	case heuristic.OpLoc:
		return e.Proc == a.proc
	}
	for _, x := range e.Args {
		if !decides(x, b, a) {
			return false
		}
	}
	return true
}

// composer runs the compose-and-abstract loop.
type composer struct {
	b      *builder
	target *heuristic.Target
	bound  int32
	words  int
	report func(heuristic.Progress)
	// merged of merges compositions are done; states abstract states
	// were built so far.
	merged, merges int
	states         int64
	unit           int32 // a node whose one state every state maps to (−1: none yet)
}

// composed reports the compositions done.
func (c *composer) composed() {
	c.report(heuristic.Progress{Step: fmt.Sprintf("composing: %d of %d", c.merged, c.merges), States: c.states})
}

// part is one abstraction of the current set: its system, the tree node
// that maps concrete states to its states, its distances, and the rank
// of each label it is concerned with.
type part struct {
	t    *lts
	node int32
	dist []int32
	rank map[int32]int32
	// trivial: every state is a goal state (the target says nothing of
	// this part).
	trivial bool
}

// maxProduct bounds the pairs of a product's table; past it the larger
// factor is shrunk to the bound first.
const maxProduct = 1 << 22

// run composes the atoms' systems two at a time, shrinking each product
// to the bound, into one abstraction.
func (c *composer) run(spaces []*space) (*abstraction, error) {
	abs := &abstraction{}
	var parts []*part
	for ai := range c.b.atoms {
		t, idx := c.atomSystem(int32(ai), spaces[ai])
		abs.atoms = append(abs.atoms, idx)
		abs.nodes = append(abs.nodes, node{atom: int32(ai), left: -1, right: -1})
		p := c.newPart(t, int32(len(abs.nodes)-1))
		// Dead ends of an atom alone are dead ends of the network.
		var m []int32
		p.t, m, p.dist = p.t.prune(p.dist)
		remap(idx.keys, m)
		p.rank = ranks(p.t, p.dist)
		parts = append(parts, p)
	}
	c.merges = len(parts) - 1
	for _, p := range parts {
		c.states += int64(p.t.n)
	}
	c.composed()
	for len(parts) > 1 {
		i, j := c.pick(parts)
		x, y := parts[i], parts[j]
		last := len(parts) == 2
		for _, f := range []*part{x, y} {
			if int(x.t.n)*int(y.t.n) > maxProduct && f.t.n > c.bound {
				if err := c.shrinkPart(abs, f); err != nil {
					return nil, err
				}
			}
		}
		t, table, err := product(x.t, y.t, c.b.Poll)
		if err != nil {
			return nil, err
		}
		c.states += int64(t.n)
		t, m, dist := t.prune(t.distances())
		for k, v := range table {
			if v >= 0 {
				table[k] = m[v]
			}
		}
		if !last && t.n > c.bound {
			q, cls, err := t.shrink(dist, c.bound, c.b.Poll)
			if err != nil {
				return nil, err
			}
			for k, v := range table {
				if v >= 0 {
					table[k] = cls[v]
				}
			}
			t = q
			dist = t.distances()
		}
		abs.nodes = append(abs.nodes, node{atom: -1, left: x.node, right: y.node, nr: y.t.n, table: table})
		np := &part{t: t, node: int32(len(abs.nodes) - 1), dist: dist, trivial: x.trivial && y.trivial}
		np.rank = ranks(t, dist)
		parts[i] = np
		parts = slices.Delete(parts, j, j+1)
		c.merged++
		c.composed()
	}
	// The last node added is the root: the final part's.
	abs.dist = parts[0].dist
	return abs, nil
}

// shrinkPart shrinks f to the bound in place, adding a node that maps f's
// old states to the new ones.
func (c *composer) shrinkPart(abs *abstraction, f *part) error {
	q, cls, err := f.t.shrink(f.dist, c.bound, c.b.Poll)
	if err != nil {
		return err
	}
	// A node with a one-state right child stands for the map.
	if c.unit < 0 {
		abs.atoms = append(abs.atoms, atomIndex{proc: -1, keys: map[string]int32{"": 0}})
		abs.nodes = append(abs.nodes, node{atom: int32(len(abs.atoms) - 1), left: -1, right: -1})
		c.unit = int32(len(abs.nodes) - 1)
	}
	abs.nodes = append(abs.nodes, node{atom: -1, left: f.node, right: c.unit, nr: 1, table: cls})
	f.t, f.node = q, int32(len(abs.nodes)-1)
	f.dist = q.distances()
	f.rank = ranks(q, f.dist)
	return nil
}

// remap applies m to the states of keys.
func remap(keys map[string]int32, m []int32) {
	for k, v := range keys {
		keys[k] = m[v]
	}
}

// newPart wraps an atom's system.
func (c *composer) newPart(t *lts, nd int32) *part {
	p := &part{t: t, node: nd, dist: t.distances(), trivial: true}
	for s := range t.n {
		if !t.isGoal(s) {
			p.trivial = false
			break
		}
	}
	return p
}

// atomSystem turns an atom's explored space into a system with goals and
// returns it with the atom's index.
func (c *composer) atomSystem(ai int32, sp *space) (*lts, atomIndex) {
	b := c.b
	a := &b.atoms[ai]
	w := a.width()
	n := int32(len(sp.out))
	t := &lts{n: n, init: 0, words: c.words, goal: make([]uint64, int(n)*c.words), out: sp.out, rel: make([]uint64, (len(b.labels)+63)/64)}
	for _, l := range b.rel[ai] {
		t.rel[l>>6] |= 1 << (l & 63)
	}
	for s := range n {
		goalBits(c.target, b, a, sp.states[int(s)*w:int(s+1)*w], t.goal[int(s)*c.words:int(s+1)*c.words])
	}
	if sp.sink >= 0 {
		t.fail = make([]bool, n)
		t.fail[sp.sink] = true
	}
	return t, atomIndex{proc: a.proc, slots: slices.Clone(a.slots), keys: sp.keys}
}

// ranks returns, for each label with arcs in t, the least distance of a
// state one of its arcs enters: how close to the target the label is
// taken (the paper's r(P, a)).
func ranks(t *lts, dist []int32) map[int32]int32 {
	r := map[int32]int32{}
	for s := range t.out {
		for _, a := range t.out[s] {
			d := dist[a.dst()]
			if old, ok := r[a.label()]; !ok || d < old {
				r[a.label()] = d
			}
		}
	}
	return r
}

// pick chooses the next two parts to compose: among the pairs where one
// part's target condition is not trivial, the pair whose shared labels
// are taken closest to the target (least over the shared labels of the
// larger of the two ranks); ties go to the smaller product, then to
// the earlier pair.
func (c *composer) pick(parts []*part) (int, int) {
	bi, bj := -1, -1
	var bw int32
	var bs int
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			x, y := parts[i], parts[j]
			if x.trivial && y.trivial {
				continue
			}
			w := int32(inf)
			small, large := x.rank, y.rank
			if len(small) > len(large) {
				small, large = large, small
			}
			for l, r := range small {
				if q, ok := large[l]; ok {
					w = min(w, max(r, q))
				}
			}
			size := int(x.t.n) * int(y.t.n)
			if bi < 0 || w < bw || (w == bw && size < bs) {
				bi, bj, bw, bs = i, j, w, size
			}
		}
	}
	if bi < 0 {
		return 0, 1
	}
	return bi, bj
}
