// The cost of symmetry reduction per state: bringing a state to its
// representative, against computing the state's successors.

package zone

import (
	"math/rand/v2"
	"slices"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
)

// symBenchStates returns states of UPPAAL's symmetric Fischer demo (10
// processes), each with its values permuted at random, and the graph.
func symBenchStates(b *testing.B) (*Graph, *Symmetric, [][]int32, []*dbm.DBM) {
	n := testmodel.File(b, testmodel.Shared(b, "uppaal-demos/fischer_symmetry.xml"))
	g := newGraph(b, n, Options{})
	s := symmetricOf(b, g)
	ds, zs := reachable(b, g, 1000)
	r := rand.New(rand.NewPCG(1, 2))
	for k := range ds {
		for _, set := range s.sets {
			to := identity(int(set.Size))
			r.Shuffle(len(to), func(i, j int) { to[i], to[j] = to[j], to[i] })
			s.apply(set, to, ds[k], zs[k])
		}
	}
	return g, s, ds, zs
}

// BenchmarkSymmetryCanonical brings one state to its representative per
// operation.
func BenchmarkSymmetryCanonical(b *testing.B) {
	_, s, ds, zs := symBenchStates(b)
	d, z := slices.Clone(ds[0]), zs[0].Copy()
	b.ResetTimer()
	for i := range b.N {
		k := i % len(ds)
		copy(d, ds[k])
		z.CopyFrom(zs[k])
		s.Canonical(d, z)
	}
}

// BenchmarkSymmetrySuccessors computes the successors of one state per
// operation, plain and brought to representatives.
func BenchmarkSymmetrySuccessors(b *testing.B) {
	g, s, ds, zs := symBenchStates(b)
	count := func(label, d2 []int32, z2 *dbm.DBM) bool { return true }
	b.Run("plain", func(b *testing.B) {
		x := g.NewExpander()
		for i := range b.N {
			k := i % len(ds)
			if err := x.Successors(ds[k], zs[k], count); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("symmetric", func(b *testing.B) {
		for i := range b.N {
			k := i % len(ds)
			if err := s.Successors(ds[k], zs[k], count); err != nil {
				b.Fatal(err)
			}
		}
	})
}
