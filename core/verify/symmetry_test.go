// Symmetry reduction in checks: on by default where it applies, the same
// verdicts without it, traces mapped back and concretized.

package verify

import (
	"context"
	"path/filepath"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/model"
	"beeline/core/search"
)

const symDir = "../../testdata/models/symmetry"

// dl builds the dL heuristic, for directed orders.
func dl(n *model.Network, t *heuristic.Target) (heuristic.Heuristic, error) {
	return graphdist.New(n, t, graphdist.Max), nil
}

// TestSymmetryOptions checks queries of the symmetric models with every
// search order, with traces, with and without reduction: the verdicts
// agree, an exhaustive search stores fewer states with reduction, and
// every trace found is mapped back to the network and concretized.
func TestSymmetryOptions(t *testing.T) {
	for _, c := range []struct {
		model, formula string
		want           Verdict
	}{
		{"fischer-sym-broken.xta", "A[] (sum (i : pid_t) P(i).cs) <= 1", NotSatisfied},
		{"fischer-sym-broken.xta", "A[] not deadlock", Satisfied},
		{"fischer-sym4.xml", "A[] not deadlock", Satisfied},
		{"tokens.xta", "E<> forall (i : id_t) count[i] == 2", Satisfied},
		{"tokens.xta", "A[] not deadlock", NotSatisfied},
		{"train-gate-sym.xta", "A[] Gate.len < 4", NotSatisfied},
		{"train-gate-sym.xta", "E<> exists (i : id_t) Gate.list[1] == i and Train(i).Stop and Gate.len == 2", Satisfied},
	} {
		path := filepath.Join(symDir, c.model)
		for _, o := range []Options{
			{Trace: TraceSome},
			{Trace: TraceShortest},
			{Order: search.DFS, Trace: TraceSome},
			{Order: search.RandomDFS, Seed: 3, Trace: TraceSome},
			{Order: search.AStar, Heuristic: dl, Trace: TraceShortest},
			{Order: search.GBFS, Heuristic: dl, Trace: TraceSome},
		} {
			t.Run(c.model+" "+c.formula+" "+o.Order.String(), func(t *testing.T) {
				red := expectVerdict(t, path, c.formula, c.want, o)
				o.NoSymmetry = true
				full := expectVerdict(t, path, c.formula, c.want, o)
				// A search that stops at a goal may store more states
				// with reduction, in another order; one that explores
				// every state stores fewer.
				exhausted := red.Concrete == nil
				if len(red.Symmetry.Sets) != 1 || len(full.Symmetry.Sets) != 0 || exhausted && red.Stats.Stored >= full.Stats.Stored {
					t.Errorf("reduced by %v with %d states, without (%v) %d states", red.Symmetry, red.Stats.Stored, full.Symmetry, full.Stats.Stored)
				}
				if (red.Concrete == nil) != (full.Concrete == nil) {
					t.Errorf("a trace with symmetry %v, without %v", red.Concrete != nil, full.Concrete != nil)
				}
				if o.Trace == TraceShortest && red.Concrete != nil && len(red.Concrete.Steps) != len(full.Concrete.Steps) {
					t.Errorf("shortest trace of %d transitions with symmetry, %d without", len(red.Concrete.Steps), len(full.Concrete.Steps))
				}
			})
		}
	}
}

// TestSymmetryInfo checks what a result says of symmetry reduction.
func TestSymmetryInfo(t *testing.T) {
	fischer := filepath.Join(symDir, "fischer-sym4.xml")
	for _, c := range []struct {
		path, formula string
		opts          Options
		want          string
	}{
		{fischer, "A[] not deadlock", Options{}, "pid_t (4 values)"},
		{fischer, "A[] not deadlock", Options{NoSymmetry: true}, "off: turned off"},
		{fischer, "E<> exists (i : pid_t) P(i).cs", Options{}, "pid_t (4 values)"},
		{fischer, "A<> exists (i : pid_t) P(i).cs", Options{}, "off: liveness queries are checked without it"},
		{fischer, "sup: sum (i : pid_t) P(i).cs", Options{}, "off: sup and inf queries are checked without it"},
		{filepath.Join(ownModels, "fischer.xml"), "A[] not deadlock", Options{}, ""},
	} {
		n, f := load(t, c.path, c.formula)
		res, err := Check(context.Background(), n, f, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Symmetry.String(); got != c.want {
			t.Errorf("%s %s: symmetry %q, want %q", filepath.Base(c.path), c.formula, got, c.want)
		}
	}
}
