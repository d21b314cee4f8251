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
// max states or its states are too large to compare (maxOrbitWork), and
// an empty orbit when there is no initial state (its invariant fails).
//
// A transposition that fixes a state is recognised by reading what it
// exchanges (fixes); only one that moves it costs a copy of the state.
// Where s0 is symmetric, as it mostly is, the orbit then costs as much
// as reading what each transposition exchanges once.
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
	fx := newFixer(s, g.dim)
	seen := map[string]bool{orbitKey(d, z): true}
	queue := []state{start}
	work := 0
	for k := 0; k < len(queue); k++ {
		q := queue[k]
		for i, set := range s.sets {
			for v := int32(0); v+1 < set.Size; v++ {
				if fx.fixes(i, v, q.d, q.z) {
					continue
				}
				if work += len(q.d) + len(q.z.Raw()); work > maxOrbitWork {
					return nil, nil
				}
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

// maxOrbitWork bounds the words of state InitialOrbit copies and
// compares: past it, the orbit counts as too large.
const maxOrbitWork = 1 << 25

// fixer tells whether a transposition of adjacent values fixes a state.
type fixer struct {
	s *Symmetric
	// value[i][k] says whether state slot k holds values of set i;
	// partner is the slot a transposition exchanges with k (k when
	// none), set up for one transposition at a time.
	value   [][]bool
	partner []int32
	perm    []int32 // the clock permutation, identity between calls
}

func newFixer(s *Symmetric, dim int) *fixer {
	f := &fixer{s: s, partner: make([]int32, s.nd-s.np), perm: identity(dim)}
	for k := range f.partner {
		f.partner[k] = int32(k)
	}
	for _, set := range s.sets {
		value := make([]bool, s.nd-s.np)
		for _, a := range set.Values {
			value[a] = true
		}
		f.value = append(f.value, value)
	}
	return f
}

// fixes reports whether the transposition (v v+1) of set i maps (d, z)
// to itself, as swap would, reading only what it exchanges.
func (f *fixer) fixes(i int, v int32, d []int32, z *dbm.DBM) bool {
	set := f.s.sets[i]
	sw := &set.Swaps[v]
	for _, p := range sw.Procs {
		if d[p[0]] != d[p[1]] {
			return false
		}
	}
	vars, value := d[f.s.np:], f.value[i]
	relabel := func(k, x int32) int32 {
		if value[k] && (x == v || x == v+1) {
			return 2*v + 1 - x
		}
		return x
	}
	for _, p := range sw.Vars {
		f.partner[p[0]], f.partner[p[1]] = p[1], p[0]
	}
	ok := true
	for _, p := range sw.Vars {
		ok = ok && vars[p[0]] == relabel(p[0], vars[p[1]]) && vars[p[1]] == relabel(p[1], vars[p[0]])
	}
	for _, a := range set.Values {
		ok = ok && (f.partner[a] != a || relabel(a, vars[a]) == vars[a])
	}
	for _, p := range sw.Vars {
		f.partner[p[0]], f.partner[p[1]] = p[0], p[1]
	}
	return ok && f.fixesZone(sw.Clocks, z)
}

// fixesZone reports whether exchanging the clocks of each pair maps z to
// itself: z[π(a)][π(b)] = z[a][b] wherever a or b moves.
func (f *fixer) fixesZone(pairs [][2]int32, z *dbm.DBM) bool {
	for _, c := range pairs {
		f.perm[c[0]], f.perm[c[1]] = c[1], c[0]
	}
	ok := true
	for _, c := range pairs {
		for _, a := range c {
			for b := range int32(z.Dim()) {
				pa, pb := int(f.perm[a]), int(f.perm[b])
				ok = ok && z.At(pa, pb) == z.At(int(a), int(b)) && z.At(pb, pa) == z.At(int(b), int(a))
			}
		}
	}
	for _, c := range pairs {
		f.perm[c[0]], f.perm[c[1]] = c[0], c[1]
	}
	return ok
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
