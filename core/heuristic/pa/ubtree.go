// The unlimited branching tree (Hoffmann and Koehler, "A new method to
// index and query sets", IJCAI 1999): sets of literals with a distance,
// asked for the least distance of a stored set contained in a query.

package pa

import "slices"

// ubtree stores sets of literals as paths from the root, literals in
// ascending order, so that sets sharing a prefix share nodes; a node may
// have as many children as there are literals.
type ubtree struct {
	nodes []ubnode
}

type ubnode struct {
	lit  int32
	dist int32   // the distance of the set ending here (inf: none)
	best int32   // the least distance in the subtree
	kids []int32 // children, ascending by literal
}

func newUBTree() *ubtree {
	return &ubtree{nodes: []ubnode{{lit: -1, dist: inf, best: inf}}}
}

// insert stores the set lits (ascending) with distance d, keeping the
// lesser distance when it is there already.
func (t *ubtree) insert(lits []int32, d int32) {
	cur := int32(0)
	t.nodes[0].best = min(t.nodes[0].best, d)
	for _, l := range lits {
		kids := t.nodes[cur].kids
		i, found := slices.BinarySearchFunc(kids, l, func(k int32, l int32) int {
			return int(t.nodes[k].lit) - int(l)
		})
		if !found {
			t.nodes = append(t.nodes, ubnode{lit: l, dist: inf, best: inf})
			k := int32(len(t.nodes) - 1)
			t.nodes[cur].kids = slices.Insert(t.nodes[cur].kids, i, k)
			cur = k
		} else {
			cur = kids[i]
		}
		t.nodes[cur].best = min(t.nodes[cur].best, d)
	}
	t.nodes[cur].dist = min(t.nodes[cur].dist, d)
}

// min returns the least distance below limit of a stored set whose
// literals all lie in q, limit when there is none.
func (t *ubtree) min(q []uint64, limit int32) int32 {
	best := limit
	var visit func(n int32)
	visit = func(n int32) {
		nd := &t.nodes[n]
		if nd.dist < best {
			best = nd.dist
		}
		for _, k := range nd.kids {
			kn := &t.nodes[k]
			if kn.best < best && hasLit(q, int(kn.lit)) {
				visit(k)
			}
		}
	}
	if t.nodes[0].best < best {
		visit(0)
	}
	return best
}

// sets lists the stored sets with their distances, in the order of a
// walk of the tree (for the table).
func (t *ubtree) sets() (lits [][]int32, dist []int32) {
	var path []int32
	var walk func(n int32)
	walk = func(n int32) {
		nd := &t.nodes[n]
		if n != 0 {
			path = append(path, nd.lit)
		}
		if nd.dist != inf {
			lits = append(lits, slices.Clone(path))
			dist = append(dist, nd.dist)
		}
		for _, k := range nd.kids {
			walk(k)
		}
		if n != 0 {
			path = path[:len(path)-1]
		}
	}
	walk(0)
	return lits, dist
}
