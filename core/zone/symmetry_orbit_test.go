// The initial state's orbit: its size, and preimages of representatives
// reachable from the initial state.

package zone

import (
	"fmt"
	"slices"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
)

// symmetricStart is a model over a scalar set whose initial state every
// permutation fixes: its orbit is the initial state alone.
const symmetricStart = `
typedef scalar[3] S;
int[0,2] n[S];
process P(const S i) { clock x; state A, B { x <= 2 }; init A;
trans A -> B { guard n[i] < 2; assign x = 0, n[i]++; }, B -> A { guard x >= 1; }; }
system P;`

// TestInitialOrbit checks the orbit's size on the symmetric models (the
// train-gate's queue and the holders of tokens and Fischer start at the
// set's first value) and on symmetricStart, and, on every
// representative a symmetric breadth-first search meets, that some
// preimage has the discrete part of a state reachable from the initial
// state (issue 29: most representatives themselves have not).
func TestInitialOrbit(t *testing.T) {
	for _, c := range []struct {
		name string
		size int
	}{{"train-gate-sym", 4}, {"tokens", 3}, {"fischer-sym-broken", 4}, {"fischer-sym4", 4}, {"symmetric-start", 1}} {
		t.Run(c.name, func(t *testing.T) {
			n := testmodel.Source(t, c.name+".xta", symmetricStart)
			if c.name != "symmetric-start" {
				n = loadSym(t, c.name)
			}
			g := newGraph(t, n, Options{})
			sets, _ := g.SymmetricSets(g.Network().Symmetry())
			o, err := g.InitialOrbit(sets, 256)
			if err != nil || o == nil || o.Len() != c.size {
				t.Fatalf("orbit %v, error %v; want %d states", o, err, c.size)
			}
			if small, _ := g.InitialOrbit(sets, c.size-1); c.size > 1 && small != nil {
				t.Errorf("an orbit of %d states within a bound of %d", small.Len(), c.size-1)
			}
			expectPreimagesReachable(t, g, o, symmetricOf(t, g))
		})
	}
}

// expectPreimagesReachable checks that every representative s meets has
// a preimage under o whose discrete part is reachable from the initial
// state, and counts the representatives that are not reachable
// themselves.
func expectPreimagesReachable(t *testing.T, g *Graph, o *InitialOrbit, s *Symmetric) {
	t.Helper()
	ds, _ := reachable(t, g, 200000)
	concrete := map[string]bool{}
	for _, d := range ds {
		concrete[fmt.Sprint(d)] = true
	}
	d, z := make([]int32, g.DiscreteLen()), dbm.New(g.Dim())
	if ok, err := s.Initial(d, z); !ok || err != nil {
		t.Fatal(ok, err)
	}
	reps, zs := [][]int32{slices.Clone(d)}, []*dbm.DBM{z.Copy()}
	seen := map[string]bool{fmt.Sprint(d): true}
	outside := 0
	for k := 0; k < len(reps) && k < 20000; k++ {
		if !concrete[fmt.Sprint(reps[k])] {
			outside++
		}
		found := false
		for i := range o.Len() {
			pd, pz := slices.Clone(reps[k]), zs[k].Copy()
			o.Preimage(i, pd, pz)
			found = found || concrete[fmt.Sprint(pd)]
		}
		if !found {
			t.Fatalf("no preimage of %s is reachable from the initial state", g.FormatState(reps[k], zs[k]))
		}
		err := s.Successors(reps[k], zs[k], func(_, d2 []int32, z2 *dbm.DBM) bool {
			if key := fmt.Sprint(d2); !seen[key] {
				seen[key] = true
				reps, zs = append(reps, slices.Clone(d2)), append(zs, z2.Copy())
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d representatives (discrete parts), %d not reachable themselves, %d concrete states", len(reps), outside, len(ds))
}

// TestFixesAgreesWithSwap checks the fixer, which reads only what a
// transposition exchanges, against applying the transposition and
// comparing the whole state, on reachable states of the symmetric
// models.
func TestFixesAgreesWithSwap(t *testing.T) {
	for _, name := range []string{"train-gate-sym", "tokens", "fischer-sym-broken"} {
		t.Run(name, func(t *testing.T) {
			g := newGraph(t, loadSym(t, name), Options{})
			s := symmetricOf(t, g)
			fx := newFixer(s, g.Dim())
			ds, zs := reachable(t, g, 400)
			fixed, moved := 0, 0
			for k := range ds {
				for i, set := range s.sets {
					for v := int32(0); v+1 < set.Size; v++ {
						d, z := slices.Clone(ds[k]), zs[k].Copy()
						s.swap(set, v, d, z)
						want := slices.Equal(d, ds[k]) && z.Equal(zs[k])
						if got := fx.fixes(i, v, ds[k], zs[k]); got != want {
							t.Fatalf("(%d %d) fixes %s: %v, swapping says %v", v, v+1, g.FormatState(ds[k], zs[k]), got, want)
						}
						if want {
							fixed++
						} else {
							moved++
						}
					}
				}
			}
			t.Logf("%d transpositions fix their state, %d move it", fixed, moved)
		})
	}
}
