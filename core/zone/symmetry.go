// Symmetry reduction: successors brought to a representative of their
// orbit under the permutations of the network's scalar sets.

package zone

import (
	"fmt"
	"slices"

	"beeline/core/dbm"
	"beeline/core/model"
)

// Symmetric is an Expander whose states are representatives of their
// orbits under the permutations of some scalar sets of the network (see
// the package documentation, "Symmetry"): every successor, and the
// initial state, is brought to one by sorting the values of each set
// with transpositions of adjacent values, each applied to the discrete
// part and to the zone. The representative need not be unique; it lies
// in the state's orbit, which is all reachability needs when the goal is
// invariant.
//
// A successor's label is the Expander's label followed by the
// permutation that was applied, one word per value of each set in
// order: the position each value of the unsorted successor went to.
// Unfolder maps a path of such states and labels back to the processes
// and values of the network.
//
// Symmetric has the method set of core/search's Space, Subsumer and
// Interrupter, through the Expander it embeds.
type Symmetric struct {
	*Expander
	sets  []*symSet
	words int // the words of permutation at the end of a label

	d2    []int32
	z2    *dbm.DBM
	label []int32
	// init is the permutation that brought the initial state to its
	// representative, as in a label.
	init []int32
	// yield is the search's callback during Successors, and next the
	// Expander's (onSuccessor, bound once: a method value made at each
	// call would allocate).
	yield, next func(label, d2 []int32, z2 *dbm.DBM) bool
}

// symSet is one reduced set with the scratch of its sort.
type symSet struct {
	*model.ScalarSet
	at []int32 // the original value now at each position, during a sort
	// slot[p] is, for a process p the set's values own, its index in
	// the owner's list; owner[p] the owning value, −1 for none.
	owner, slot []int32
}

// SymmetricSets returns the reduced sets of sym that the graph's
// extrapolation treats alike (the bounds of a state's clocks follow its
// processes, and the goal's constants are the same for every value), and
// why the others are left out. Extrapolation must commute with the
// permutations for the representatives of the abstract states to be
// those of the abstract graph.
func (g *Graph) SymmetricSets(sym *model.Symmetry) (sets []*model.ScalarSet, off []string) {
	for _, s := range sym.Sets {
		if why := g.symmetricBounds(s); why != "" {
			off = append(off, fmt.Sprintf("scalar set %s: %s", s.Name, why))
			continue
		}
		sets = append(sets, s)
	}
	return sets, off
}

// symmetricBounds checks that every transposition of adjacent values of
// s maps the extrapolation bounds to themselves.
func (g *Graph) symmetricBounds(s *model.ScalarSet) string {
	const why = "the extrapolation bounds tell its values apart"
	for _, sw := range s.Swaps {
		x := identity(g.dim)
		for _, c := range sw.Clocks {
			x[c[0]], x[c[1]] = c[1], c[0]
		}
		p := identity(g.np)
		for _, q := range sw.Procs {
			p[q[0]], p[q[1]] = q[1], q[0]
		}
		if !sameUnder(g.b.l, x) || !sameUnder(g.b.u, x) || !diagonalsUnder(g.b.diag, x) {
			return why
		}
		lb := g.b.loc
		if lb == nil {
			continue
		}
		if !sameUnder(lb.baseL, x) || !sameUnder(lb.baseU, x) {
			return why
		}
		for q, at := range lb.at {
			for loc, cb := range at {
				if !boundsUnder(cb, lb.at[p[q]][loc], x) {
					return why
				}
			}
		}
	}
	return ""
}

// identity returns the identity permutation of n elements.
func identity(n int) []int32 {
	m := make([]int32, n)
	for i := range m {
		m[i] = int32(i)
	}
	return m
}

// sameUnder reports whether v[x[i]] == v[i] for every i.
func sameUnder(v, x []int32) bool {
	for i, j := range x {
		if v[i] != v[j] {
			return false
		}
	}
	return true
}

// diagonalsUnder reports whether the set of difference constraints is
// closed under the clock renaming x.
func diagonalsUnder(cs []dbm.Constraint, x []int32) bool {
	for _, c := range cs {
		if !hasConstraint(cs, x[c.I], x[c.J], c.B) {
			return false
		}
	}
	return true
}

// boundsUnder reports whether renaming the clocks of a by x gives b.
func boundsUnder(a, b []clockBound, x []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if !slices.Contains(b, clockBound{x: x[c.x], l: c.l, u: c.u}) {
			return false
		}
	}
	return true
}

// NewSymmetric returns a fresh Expander of g whose states are brought to
// representatives of their orbits under the permutations of sets, which
// must come from g's network (SymmetricSets says which may be used).
func (g *Graph) NewSymmetric(sets []*model.ScalarSet) *Symmetric {
	s := &Symmetric{Expander: g.NewExpander(), d2: make([]int32, g.nd), z2: dbm.New(g.dim)}
	for _, set := range sets {
		ss := &symSet{ScalarSet: set, at: make([]int32, set.Size), owner: make([]int32, g.np), slot: make([]int32, g.np)}
		for p := range ss.owner {
			ss.owner[p] = -1
		}
		for v, ps := range set.Procs {
			for k, p := range ps {
				ss.owner[p], ss.slot[p] = int32(v), int32(k)
			}
		}
		s.sets = append(s.sets, ss)
		s.words += int(set.Size)
	}
	s.next = s.onSuccessor
	return s
}

// Initial writes the representative of the initial state into d and z;
// see search.Space.
func (s *Symmetric) Initial(d []int32, z *dbm.DBM) (bool, error) {
	ok, err := s.Expander.Initial(d, z)
	if !ok || err != nil {
		return ok, err
	}
	s.canon(d, z)
	s.init = s.permutation(s.init[:0])
	return true, nil
}

// Successors calls yield with the representative of every successor of
// (d, z); see search.Space. The label ends with the permutation applied.
func (s *Symmetric) Successors(d []int32, z *dbm.DBM, yield func(label, d2 []int32, z2 *dbm.DBM) bool) error {
	s.yield = yield
	err := s.Expander.Successors(d, z, s.next)
	s.yield = nil
	return err
}

// onSuccessor canonicalises one successor of the Expander and passes it
// on.
func (s *Symmetric) onSuccessor(label, d2 []int32, z2 *dbm.DBM) bool {
	copy(s.d2, d2)
	s.z2.CopyFrom(z2)
	s.canon(s.d2, s.z2)
	s.label = s.permutation(append(s.label[:0], label...))
	return s.yield(s.label, s.d2, s.z2)
}

// Canonical brings (d, z) to the representative of its orbit, in place,
// and returns the permutation applied, as a label ends with it.
func (s *Symmetric) Canonical(d []int32, z *dbm.DBM) []int32 {
	s.canon(d, z)
	return s.permutation(nil)
}

// canon sorts the values of each set by their key (see less) with
// adjacent transpositions (insertion sort: as many transpositions as
// inversions, at most n(n−1)/2), each applied to d and z; set.at records
// where each value went.
func (s *Symmetric) canon(d []int32, z *dbm.DBM) {
	for _, set := range s.sets {
		for v := range set.at {
			set.at[v] = int32(v)
		}
		for i := int32(1); i < set.Size; i++ {
			for j := i; j > 0 && s.less(set, d, z, j, j-1); j-- {
				s.swap(set, j-1, d, z)
				set.at[j-1], set.at[j] = set.at[j], set.at[j-1]
			}
		}
	}
}

// permutation appends the permutation of the last canon, set by set:
// for each original value, the position it went to.
func (s *Symmetric) permutation(out []int32) []int32 {
	for _, set := range s.sets {
		n := len(out)
		out = append(out, set.at...)
		for pos, v := range set.at {
			out[n+int(v)] = int32(pos)
		}
	}
	return out
}

// less reports whether value v of set sorts before value w in (d, z):
// their keys compared in order — the locations of their processes, the
// slots that belong to them, whether the slots of theirs that hold
// values of the set hold themselves, which of them the other variables
// of the set hold, and the upper then lower bounds of their clocks. The
// key of a value moves with it under every permutation, so sorting by it
// picks the same representative for states of an orbit whose values'
// keys all differ; ties leave the order as it was.
func (s *Symmetric) less(set *symSet, d []int32, z *dbm.DBM, v, w int32) bool {
	np := s.np
	if c := compareAt(d, set.Procs[v], set.Procs[w], 0); c != 0 {
		return c < 0
	}
	if c := compareAt(d, set.KeyVars[v], set.KeyVars[w], np); c != 0 {
		return c < 0
	}
	for k, a := range set.KeyValues[v] {
		sv, sw := d[np+int(a)] == v, d[np+int(set.KeyValues[w][k])] == w
		if sv != sw {
			return sv
		}
	}
	for _, a := range set.Pointers {
		if x := d[np+int(a)]; x == v || x == w {
			return x == v
		}
	}
	for k, x := range set.KeyClocks[v] {
		y := set.KeyClocks[w][k]
		if a, b := z.At(int(x), 0), z.At(int(y), 0); a != b {
			return a < b
		}
		if a, b := z.At(0, int(x)), z.At(0, int(y)); a != b {
			return a < b
		}
	}
	return false
}

// compareAt compares d at the positions a and b (offset by off) in
// order, like cmp.Compare on the first that differ.
func compareAt(d []int32, a, b []int32, off int) int {
	for k, i := range a {
		x, y := d[off+int(i)], d[off+int(b[k])]
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// swap applies the transposition (v v+1) of set to d and z.
func (s *Symmetric) swap(set *symSet, v int32, d []int32, z *dbm.DBM) {
	sw := &set.Swaps[v]
	for _, p := range sw.Procs {
		d[p[0]], d[p[1]] = d[p[1]], d[p[0]]
	}
	vars := d[s.np:]
	for _, p := range sw.Vars {
		vars[p[0]], vars[p[1]] = vars[p[1]], vars[p[0]]
	}
	for _, a := range set.Values {
		switch vars[a] {
		case v:
			vars[a] = v + 1
		case v + 1:
			vars[a] = v
		}
	}
	for _, c := range sw.Clocks {
		z.SwapClocks(int(c[0]), int(c[1]))
	}
}

// apply moves the contents of d and z at each value v of set to position
// to[v], by adjacent transpositions.
func (s *Symmetric) apply(set *symSet, to []int32, d []int32, z *dbm.DBM) {
	cur := slices.Clone(to)
	for i := 1; i < len(cur); i++ {
		for j := i; j > 0 && cur[j] < cur[j-1]; j-- {
			s.swap(set, int32(j-1), d, z)
			cur[j-1], cur[j] = cur[j], cur[j-1]
		}
	}
}
