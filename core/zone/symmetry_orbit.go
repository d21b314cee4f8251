// The orbit of the initial state under the permutations of scalar sets:
// where the representatives of a symmetric search come from.

package zone

import (
	"slices"

	"beeline/core/dbm"
	"beeline/core/model"
)

// InitialOrbit is the orbit of the initial state s0 under the
// permutations of some scalar sets: the states π(s0).
//
// A Symmetric search stores representatives: for a state s reachable
// from s0, some π(s), which is reachable from π(s0) (π is an
// automorphism) but not necessarily from s0. The two differ as soon as
// s0 tells the values apart — a variable of the set starts at the set's
// first value, an array of them holds it everywhere — and then most
// representatives lie outside what s0 reaches (on the train-gate of
// testdata/models/symmetry, 384 of the 533 discrete parts a symmetric
// search meets). Whatever was computed from s0 (an abstraction explored
// from it, the values slots take from it) knows nothing of them.
// Preimage maps a representative c back, for each orbit state π(s0), to
// π⁻¹(c): for the π with c reachable from π(s0), a state reachable from
// s0.
type InitialOrbit struct {
	s *Symmetric
	// inv[k][i] is, for orbit state k and set i, the inverse of the
	// permutation that carries s0 to it, as apply reads it (the
	// position each value goes to).
	inv [][][]int32
	cur []int32 // scratch of apply
}

// InitialOrbit returns the orbit of the initial state under sets (which
// must come from g's network, as for NewSymmetric), its states found
// breadth-first through the transpositions of adjacent values; the first
// is s0 itself. It returns nil and no error when the orbit has more than
// max states, and an empty orbit when there is no initial state (its
// invariant fails).
func (g *Graph) InitialOrbit(sets []*model.ScalarSet, max int) (*InitialOrbit, error) {
	s := g.NewSymmetric(sets)
	o := &InitialOrbit{s: s}
	d, z := make([]int32, g.nd), dbm.New(g.dim)
	ok, err := s.Expander.Initial(d, z)
	if err != nil || !ok {
		return o, err
	}
	type state struct {
		d  []int32
		z  *dbm.DBM
		to [][]int32 // per set: the position each value of s0 went to
	}
	start := state{d: d, z: z}
	for _, set := range s.sets {
		start.to = append(start.to, identity(int(set.Size)))
	}
	seen := map[string]bool{orbitKey(d, z): true}
	queue := []state{start}
	for k := 0; k < len(queue); k++ {
		q := queue[k]
		for i, set := range s.sets {
			for v := int32(0); v+1 < set.Size; v++ {
				n := state{d: slices.Clone(q.d), z: q.z.Copy(), to: cloneAll(q.to)}
				s.swap(set, v, n.d, n.z)
				for x, pos := range n.to[i] {
					switch pos {
					case v:
						n.to[i][x] = v + 1
					case v + 1:
						n.to[i][x] = v
					}
				}
				if key := orbitKey(n.d, n.z); !seen[key] {
					if len(queue) == max {
						return nil, nil
					}
					seen[key] = true
					queue = append(queue, n)
				}
			}
		}
	}
	for _, q := range queue {
		inv := make([][]int32, len(q.to))
		for i, to := range q.to {
			inv[i] = make([]int32, len(to))
			for v, pos := range to {
				inv[i][pos] = int32(v)
			}
		}
		o.inv = append(o.inv, inv)
	}
	return o, nil
}

// Len returns the number of states of the orbit.
func (o *InitialOrbit) Len() int { return len(o.inv) }

// Preimage applies to (d, z), in place, the inverse of the permutation
// that carries s0 to the k-th state of the orbit: a state reachable from
// that orbit state becomes one reachable from s0.
func (o *InitialOrbit) Preimage(k int, d []int32, z *dbm.DBM) {
	for i, set := range o.s.sets {
		o.cur = append(o.cur[:0], o.inv[k][i]...)
		cur := o.cur
		for a := 1; a < len(cur); a++ {
			for b := a; b > 0 && cur[b] < cur[b-1]; b-- {
				o.s.swap(set, int32(b-1), d, z)
				cur[b-1], cur[b] = cur[b], cur[b-1]
			}
		}
	}
}

// orbitKey encodes a state for InitialOrbit's set of states seen.
func orbitKey(d []int32, z *dbm.DBM) string {
	b := make([]byte, 0, 4*(len(d)+len(z.Raw())))
	for _, x := range d {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	for _, x := range z.Raw() {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return string(b)
}

// cloneAll copies a list of permutations.
func cloneAll(p [][]int32) [][]int32 {
	out := make([][]int32, len(p))
	for i := range p {
		out[i] = slices.Clone(p[i])
	}
	return out
}
