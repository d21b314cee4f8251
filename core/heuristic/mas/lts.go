// Labelled transition systems: the synchronised product of two, their
// error distances, and the quotient that keeps distances.

package mas

import (
	"math"
	"slices"

	"beeline/core/dbm"
)

// arc is a transition: its label in the high 32 bits, its destination in
// the low ones, so that arcs sort by label, then destination.
type arc uint64

func mkArc(label, dst int32) arc { return arc(uint64(uint32(label))<<32 | uint64(uint32(dst))) }

func (a arc) label() int32 { return int32(a >> 32) }
func (a arc) dst() int32   { return int32(uint32(a)) }

// sortArcs sorts by label and destination and removes duplicates.
func sortArcs(a []arc) []arc {
	slices.Sort(a)
	return slices.Compact(a)
}

// inf is the distance of a state with no path to the target.
const inf = math.MaxInt32

// lts is a labelled transition system over states 0..n−1. A label the
// system is not concerned with (rel) leaves every state where it is; a
// label it is concerned with can only be taken along the arcs. goal
// holds, per state, the target's conjuncts that may hold there (words
// uint64s per state).
type lts struct {
	n     int32
	init  int32
	words int
	goal  []uint64
	// fail marks, per state (nil: none), the states a failed evaluation
	// led to in some component (space.sink). Unlike goal it survives the
	// product from either side. A state that reaches no goal but a
	// failed one is no dead end (distances).
	fail []bool
	out  [][]arc  // per state, sorted by label
	rel  []uint64 // bitset over labels
}

func (t *lts) relevant(l int32) bool { return t.rel[l>>6]&(1<<(l&63)) != 0 }

func (t *lts) isGoal(s int32) bool {
	for _, w := range t.goal[int(s)*t.words : int(s+1)*t.words] {
		if w != 0 {
			return true
		}
	}
	return false
}

// fails reports whether s is marked by fail.
func (t *lts) fails(s int32) bool { return t.fail != nil && t.fail[s] }

// distances returns each state's distance to the nearest goal state, by
// a breadth-first search over the reversed arcs; for a state that
// reaches none, failBase plus its distance to the nearest failed state,
// or inf when it reaches none either.
func (t *lts) distances() []int32 {
	dist := make([]int32, t.n)
	start := make([]int32, t.n+1)
	for s := range t.out {
		for _, a := range t.out[s] {
			start[a.dst()+1]++
		}
	}
	for i := range t.n {
		start[i+1] += start[i]
	}
	pred := make([]int32, start[t.n])
	fill := slices.Clone(start[:t.n])
	for s := range t.out {
		for _, a := range t.out[s] {
			pred[fill[a.dst()]] = int32(s)
			fill[a.dst()]++
		}
	}
	var queue []int32
	for s := range t.n {
		dist[s] = inf
		if t.isGoal(s) {
			dist[s] = 0
			queue = append(queue, s)
		}
	}
	for i := 0; ; i++ {
		if i == len(queue) {
			queue = t.failsAt(dist, queue)
		}
		if i == len(queue) {
			return dist
		}
		s := queue[i]
		for _, p := range pred[start[s]:start[s+1]] {
			if dist[p] == inf {
				dist[p] = dist[s] + 1
				queue = append(queue, p)
			}
		}
	}
}

// failBase is the distance of a failed state that reaches no goal. A
// failure may be a concrete run-time error, which ends the concrete
// search: a state from which one may follow is no dead end. Its real
// distance to the target is infinite when it reaches no goal state in
// the abstraction, so any finite estimate is admissible; a large one
// keeps the search on the paths to the target first.
const failBase = 1 << 20

// failsAt gives the failed states not yet reached the distance failBase
// and appends them to queue, once: the goals' search is over.
func (t *lts) failsAt(dist, queue []int32) []int32 {
	for s := range t.n {
		if t.fails(s) && dist[s] == inf {
			dist[s] = failBase
			queue = append(queue, s)
		}
	}
	return queue
}

// prune removes the states with no path to a goal. It returns the new
// system, the map from old states to new ones (−1: removed), and the
// distances of the new states: those they had, since a shortest path
// to a goal never passes a removed state.
func (t *lts) prune(dist []int32) (*lts, []int32, []int32) {
	m := make([]int32, t.n)
	var kept []int32
	for s := range t.n {
		m[s] = -1
		if dist[s] != inf {
			m[s] = int32(len(kept))
			kept = append(kept, dist[s])
		}
	}
	if len(kept) == int(t.n) {
		return t, m, dist
	}
	return t.quotient(m, int32(len(kept))), m, kept
}

// quotient returns the system whose states are the classes of m (−1:
// left out), k of them: a class has the arcs and goals of its members.
func (t *lts) quotient(m []int32, k int32) *lts {
	q := &lts{n: k, init: -1, words: t.words, goal: make([]uint64, int(k)*t.words), out: make([][]arc, k), rel: t.rel}
	if t.init >= 0 && m[t.init] >= 0 {
		q.init = m[t.init]
	}
	for s := range t.n {
		c := m[s]
		if c < 0 {
			continue
		}
		g := q.goal[int(c)*t.words : int(c+1)*t.words]
		for i, w := range t.goal[int(s)*t.words : int(s+1)*t.words] {
			g[i] |= w
		}
		if t.fails(s) {
			if q.fail == nil {
				q.fail = make([]bool, k)
			}
			q.fail[c] = true
		}
		for _, a := range t.out[s] {
			if d := m[a.dst()]; d >= 0 {
				q.out[c] = append(q.out[c], mkArc(a.label(), d))
			}
		}
	}
	for c := range q.out {
		q.out[c] = sortArcs(q.out[c])
	}
	return q
}

// product is the synchronised product of a and b, restricted to the pairs
// reachable from the pair of initial states: a label that concerns both
// moves both, one that concerns one moves that one. It returns the
// product with its table: state a·b.n+b of the product is table[a·b.n+b]
// (−1 when unreachable). poll is called now and then; its error stops the
// product.
func product(a, b *lts, poll func() error) (*lts, []int32, error) {
	nb := int(b.n)
	table := make([]int32, int(a.n)*nb)
	for i := range table {
		table[i] = -1
	}
	words := a.words
	p := &lts{init: -1, words: words, rel: make([]uint64, len(a.rel))}
	for i := range p.rel {
		p.rel[i] = a.rel[i] | b.rel[i]
	}
	if a.init < 0 || b.init < 0 {
		return p, table, nil
	}
	var pairs []int32 // 2 per product state
	intern := func(x, y int32) int32 {
		i := int(x)*nb + int(y)
		if table[i] < 0 {
			table[i] = p.n
			p.n++
			pairs = append(pairs, x, y)
			p.out = append(p.out, nil)
			ga, gb := a.goal[int(x)*words:int(x+1)*words], b.goal[int(y)*words:int(y+1)*words]
			for k := range words {
				p.goal = append(p.goal, ga[k]&gb[k])
			}
			if a.fail != nil || b.fail != nil {
				p.fail = append(p.fail, a.fails(x) || b.fails(y))
			}
		}
		return table[i]
	}
	p.init = intern(a.init, b.init)
	for s := int32(0); s < p.n; s++ {
		if s&1023 == 0 {
			if err := poll(); err != nil {
				return nil, nil, err
			}
		}
		x, y := pairs[2*s], pairs[2*s+1]
		bo := b.out[y]
		for _, ea := range a.out[x] {
			if !b.relevant(ea.label()) {
				d := intern(ea.dst(), y)
				p.out[s] = append(p.out[s], mkArc(ea.label(), d))
				continue
			}
			i, _ := slices.BinarySearchFunc(bo, ea.label(), func(e arc, l int32) int { return int(e.label() - l) })
			for ; i < len(bo) && bo[i].label() == ea.label(); i++ {
				d := intern(ea.dst(), bo[i].dst())
				p.out[s] = append(p.out[s], mkArc(ea.label(), d))
			}
		}
		for _, eb := range bo {
			if !a.relevant(eb.label()) {
				d := intern(x, eb.dst())
				p.out[s] = append(p.out[s], mkArc(eb.label(), d))
			}
		}
		p.out[s] = sortArcs(p.out[s])
	}
	return p, table, nil
}

// shrink returns a quotient of t with at most n states that identifies
// only states of equal distance (up to n−1) and, within that, keeps the
// synchronisation behaviour where the bound allows: the paper's
// AbstractProcess. Classes start as the distance buckets; each bucket,
// lowest distance first, is split by its states' successors (label and
// class) when the total stays within n; this repeats until no bucket
// splits. t must be pruned (every distance finite). It returns the
// quotient and the class of each state.
func (t *lts) shrink(dist []int32, n int32, poll func() error) (*lts, []int32, error) {
	if t.n <= n {
		m := make([]int32, t.n)
		for i := range m {
			m[i] = int32(i)
		}
		return t, m, nil
	}
	bucket := make([]int32, t.n)
	nb := int32(0)
	for s := range t.n {
		bucket[s] = min(dist[s], n-1)
		nb = max(nb, bucket[s]+1)
	}
	members := make([][]int32, nb)
	for s := range t.n {
		members[bucket[s]] = append(members[bucket[s]], s)
	}
	// Class ids are kept dense over the buckets' classes: cls[s].
	cls := slices.Clone(bucket)
	classes := nb
	perBucket := make([]int32, nb) // classes in each bucket
	for i := range perBucket {
		if len(members[i]) > 0 {
			perBucket[i] = 1
		} else {
			classes--
		}
	}
	sg := &signer{t: t, cls: cls, seen: make([]uint32, nb)}
	for changed := true; changed; {
		changed = false
		for i := range nb {
			if err := poll(); err != nil {
				return nil, nil, err
			}
			if len(members[i]) < 2 {
				continue
			}
			// States are grouped by a hash of their signature: two
			// that collide share a class, which only makes the
			// abstraction coarser, never unsound.
			groups := map[uint64]int32{}
			next := make([]int32, len(members[i]))
			for k, s := range members[i] {
				h := sg.sig(s)
				g, ok := groups[h]
				if !ok {
					g = int32(len(groups))
					groups[h] = g
				}
				next[k] = g
			}
			g := int32(len(groups))
			if g == perBucket[i] || classes-perBucket[i]+g > n {
				continue
			}
			// Accept the split: new ids after the existing ones.
			base := int32(len(sg.seen))
			for k, s := range members[i] {
				cls[s] = base + next[k]
			}
			sg.seen = append(sg.seen, make([]uint32, g)...)
			classes += g - perBucket[i]
			perBucket[i] = g
			changed = true
		}
	}
	return t.quotient(cls, renumber(cls)), cls, nil
}

// signer hashes the signatures of an LTS's states under a class
// assignment: a state's class and, per label of its arcs, the set of
// classes the label leads to.
type signer struct {
	t   *lts
	cls []int32
	// seen marks the classes met in one label's arcs (stamp: the label).
	seen  []uint32
	stamp uint32
}

// sig returns the hash of state s's signature.
func (g *signer) sig(s int32) uint64 {
	h := dbm.Mix(uint64(uint32(g.cls[s])))
	out := g.t.out[s]
	for j := 0; j < len(out); {
		// The classes one label leads to, as a set: a sum of their
		// hashes, each class once.
		l := out[j].label()
		g.stamp++
		set := uint64(0)
		for ; j < len(out) && out[j].label() == l; j++ {
			c := g.cls[out[j].dst()]
			if g.seen[c] != g.stamp {
				g.seen[c] = g.stamp
				set += dbm.Mix(uint64(uint32(c)) + 1)
			}
		}
		h = dbm.Mix(h ^ dbm.Mix(uint64(uint32(l))<<32^set))
	}
	return h
}

// renumber numbers the classes of cls densely, in order of their first
// state, and returns how many there are.
func renumber(cls []int32) int32 {
	dense := map[int32]int32{}
	for s, x := range cls {
		c, ok := dense[x]
		if !ok {
			c = int32(len(dense))
			dense[x] = c
		}
		cls[s] = c
	}
	return int32(len(dense))
}
