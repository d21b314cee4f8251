// Symmetry reduction: the permutations are automorphisms of the zone
// graph, verdicts agree with and without reduction, and traces found on
// representatives replay on the network.

package zone

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
)

const symDir = "../../testdata/models/symmetry"

// symModels are the models of testdata/models/symmetry with their query
// files.
var symModels = []string{"fischer-sym-broken", "tokens", "train-gate-sym"}

// symQueries reads the queries of a .q file, one per line.
func symQueries(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(symDir, name+".q"))
	if err != nil {
		t.Fatal(err)
	}
	var qs []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			qs = append(qs, l)
		}
	}
	return qs
}

// symmetricOf returns the Symmetric of g with every set its network
// allows, failing when there is none.
func symmetricOf(t testing.TB, g *Graph) *Symmetric {
	t.Helper()
	sets, off := g.SymmetricSets(g.Network().Symmetry())
	if len(sets) == 0 {
		t.Fatalf("no scalar set to reduce: %q", off)
	}
	return g.NewSymmetric(sets)
}

// reachable returns up to max states reachable in g, breadth first,
// without inclusion: every distinct (discrete part, zone) once.
func reachable(t testing.TB, g *Graph, max int) ([][]int32, []*dbm.DBM) {
	d0, z0 := initial(t, g)
	ds, zs := [][]int32{d0}, []*dbm.DBM{z0}
	seen := map[string]bool{g.FormatState(d0, z0): true}
	x := g.NewExpander()
	for k := 0; k < len(ds) && len(ds) < max; k++ {
		err := x.Successors(ds[k], zs[k], func(_, d2 []int32, z2 *dbm.DBM) bool {
			if s := g.FormatState(d2, z2); !seen[s] && len(ds) < max {
				seen[s] = true
				ds, zs = append(ds, slices.Clone(d2)), append(zs, z2.Copy())
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return ds, zs
}

// TestSymmetryAutomorphism checks, on reachable states s and every
// transposition τ of adjacent values, that the successors of τ(s) are
// the images by τ of the successors of s: the reference for what
// symmetry reduction assumes.
func TestSymmetryAutomorphism(t *testing.T) {
	for _, name := range append(symModels, "fischer-sym4") {
		t.Run(name, func(t *testing.T) {
			n := loadSym(t, name)
			g := newGraph(t, n, Options{})
			s := symmetricOf(t, g)
			ds, zs := reachable(t, g, 150)
			for k := range ds {
				base := imageSuccessors(t, g, s, ds[k], zs[k], nil, 0)
				for _, set := range s.sets {
					for v := range set.Size - 1 {
						d, z := slices.Clone(ds[k]), zs[k].Copy()
						s.swap(set, v, d, z)
						got := imageSuccessors(t, g, s, d, z, nil, 0)
						want := imageSuccessors(t, g, s, ds[k], zs[k], set, v)
						if !slices.Equal(got, want) {
							t.Fatalf("state %s, swap (%d %d) of %s:\nsuccessors of the image:\n  %s\nimages of the successors:\n  %s",
								g.FormatState(ds[k], zs[k]), v, v+1, set.Name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
						}
					}
				}
				if len(base) == 0 && k == 0 {
					t.Fatalf("the initial state has no successor")
				}
			}
		})
	}
}

// imageSuccessors returns the successors of (d, z), each swapped by
// (v v+1) of set when set is not nil, printed and sorted.
func imageSuccessors(t *testing.T, g *Graph, s *Symmetric, d []int32, z *dbm.DBM, set *symSet, v int32) []string {
	var out []string
	err := g.NewExpander().Successors(d, z, func(_, d2 []int32, z2 *dbm.DBM) bool {
		d3, z3 := slices.Clone(d2), z2.Copy()
		if set != nil {
			s.swap(set, v, d3, z3)
		}
		out = append(out, g.FormatState(d3, z3))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// loadSym loads a model of testdata/models/symmetry.
func loadSym(t testing.TB, name string) *model.Network {
	t.Helper()
	path := filepath.Join(symDir, name+".xta")
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join(symDir, name+".xml")
	}
	return testmodel.File(t, path)
}

// symSearch decides query on n by BFS, with symmetry reduction or
// without; for a reached goal it maps the trace back to the network,
// concretizes it and replays it with the independent checker.
func symSearch(t *testing.T, n *model.Network, query string, reduce bool) (reached bool, stored int64) {
	t.Helper()
	f := compileQuery(t, n, query)
	p := target(f)
	g := newGraph(t, n, Options{}, p)
	goal := g.Goal(p)
	var space search.Space = g.NewExpander()
	var s *Symmetric
	if reduce {
		s = symmetricOf(t, g)
		space = s
	}
	res, err := search.Run(context.Background(), space, goal.Holds, search.Options{Trace: true})
	if err != nil || goal.Err() != nil {
		t.Fatalf("%s: %v %v", query, err, goal.Err())
	}
	if res.Verdict == search.Reached {
		steps := res.Trace
		if s != nil {
			steps = unfold(t, s, steps)
		}
		expectTraceOK(t, g, steps, p)
	}
	return res.Verdict == search.Reached, res.Stats.Stored
}

// unfold maps a trace of representatives back to the network.
func unfold(t *testing.T, s *Symmetric, steps []search.Step) []search.Step {
	t.Helper()
	u := s.Unfolder()
	out := make([]search.Step, len(steps))
	for k, st := range steps {
		d, z := slices.Clone(st.Discrete), st.Zone.Copy()
		label, err := u.Step(st.Label, d, z)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = search.Step{Label: label, Discrete: d, Zone: z}
	}
	return out
}

// TestSymmetryVerdicts decides every query of the symmetric models with
// and without reduction: the same verdicts, no more states with it, and
// every trace found on representatives replays on the network.
func TestSymmetryVerdicts(t *testing.T) {
	for _, name := range symModels {
		n := loadSym(t, name)
		for _, q := range symQueries(t, name) {
			t.Run(name+" "+q, func(t *testing.T) {
				full, fullStored := symSearch(t, n, q, false)
				red, redStored := symSearch(t, n, q, true)
				t.Logf("reached %v: %d states, %d with symmetry", full, fullStored, redStored)
				if red != full {
					t.Errorf("reached %v with symmetry, %v without", red, full)
				}
				if redStored > fullStored {
					t.Errorf("%d states with symmetry, %d without", redStored, fullStored)
				}
			})
		}
	}
}

// TestSymmetryFischer checks UPPAAL's symmetric Fischer demo with 4 and 5
// processes: the mutex and deadlock queries hold with and without
// reduction, and the reduction shrinks the state space.
func TestSymmetryFischer(t *testing.T) {
	for _, name := range []string{"fischer-sym4", "fischer-sym5"} {
		if name == "fischer-sym5" && (testing.Short() || runtime.GOOS == "js") {
			continue // a few seconds without reduction; fischer-sym4 covers the same ground
		}
		n := loadSym(t, name)
		for _, q := range []string{"A[] (sum(i:pid_t) P(i).cs) <= 1", "A[] not deadlock"} {
			full, fullStored := symSearch(t, n, q, false)
			red, redStored := symSearch(t, n, q, true)
			t.Logf("%s %s: %d states, %d with symmetry", name, q, fullStored, redStored)
			if full || red {
				t.Errorf("%s %s: violated (without %v, with %v)", name, q, full, red)
			}
			if redStored*4 > fullStored {
				t.Errorf("%s %s: %d states with symmetry, %d without: less than a fourth expected", name, q, redStored, fullStored)
			}
		}
	}
}

// TestSymmetryCanonical checks that a representative is its own: bringing
// it to a representative again applies the identity, and the images of a
// state under the transpositions all lead to representatives whose keys
// are sorted.
func TestSymmetryCanonical(t *testing.T) {
	n := loadSym(t, "train-gate-sym")
	g := newGraph(t, n, Options{})
	s := symmetricOf(t, g)
	ds, zs := reachable(t, g, 200)
	for k := range ds {
		d, z := slices.Clone(ds[k]), zs[k].Copy()
		s.Canonical(d, z)
		d2, z2 := slices.Clone(d), z.Copy()
		if perm := s.Canonical(d2, z2); !slices.Equal(perm, identity(len(perm))) || !slices.Equal(d, d2) || !z.Equal(z2) {
			t.Fatalf("the representative %s is brought to %s by %v", g.FormatState(d, z), g.FormatState(d2, z2), perm)
		}
		for _, set := range s.sets {
			for v := range set.Size - 1 {
				if s.less(set, d, z, v+1, v) {
					t.Fatalf("values %d and %d of %s out of order in %s", v, v+1, set.Name, g.FormatState(d, z))
				}
			}
		}
	}
}

// TestSymmetryExpected decides, with symmetry reduction, the queries of
// EXPECTED.tsv on the shared models that declare scalar sets.
func TestSymmetryExpected(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("the 10 processes of fischer_symmetry take seconds natively")
	}
	for _, e := range testmodel.Expected(t, sharedModels) {
		path := filepath.Join(sharedModels, e.Model)
		if src, err := os.ReadFile(path); err != nil || !strings.Contains(string(src), "scalar") {
			continue
		}
		t.Run(e.Model+" "+e.Query, func(t *testing.T) {
			reached, stored := symSearch(t, testmodel.File(t, path), e.Query, true)
			got := reached != strings.HasPrefix(e.Query, "A[]")
			t.Logf("%d states", stored)
			if got != (e.Want == "satisfied") {
				t.Errorf("satisfied %v, want %s", got, e.Want)
			}
		})
	}
}
