// Test helpers: loading models and queries, collecting successors.

package zone

import (
	"context"
	"sort"
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
)

// compileQuery compiles a state formula (the text after E<> or A[]) or a
// whole query.
func compileQuery(t testing.TB, n *model.Network, text string) *model.Formula {
	t.Helper()
	if !strings.HasPrefix(text, "E<>") && !strings.HasPrefix(text, "A[]") {
		text = "E<> " + text
	}
	return testmodel.Query(t, n, text)
}

// newGraph builds a graph, failing on error.
func newGraph(t testing.TB, n *model.Network, opts Options, goals ...*model.Prop) *Graph {
	t.Helper()
	g, err := New(n, opts, goals...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// succ is one successor, printed.
type succ struct {
	label string
	state string
}

// initial returns the initial state of g, failing if there is none.
func initial(t testing.TB, g *Graph) ([]int32, *dbm.DBM) {
	t.Helper()
	d := make([]int32, g.DiscreteLen())
	z := dbm.New(g.Dim())
	ok, err := g.NewExpander().Initial(d, z)
	if err != nil || !ok {
		t.Fatalf("initial state: ok=%v err=%v", ok, err)
	}
	return d, z
}

// successors returns the successors of (d, z) as sorted printed lines
// "transition => state", and the states themselves.
func successors(t testing.TB, g *Graph, d []int32, z *dbm.DBM) ([]string, [][]int32, []*dbm.DBM) {
	t.Helper()
	var lines []string
	var ds [][]int32
	var zs []*dbm.DBM
	err := g.NewExpander().Successors(d, z, func(label, d2 []int32, z2 *dbm.DBM) bool {
		if err := z2.Check(); err != nil {
			t.Fatalf("successor zone: %v", err)
		}
		lines = append(lines, g.FormatTransition(g.DecodeLabel(label))+" => "+g.FormatState(d2, z2))
		ds = append(ds, append([]int32(nil), d2...))
		zs = append(zs, z2.Copy())
		return true
	})
	if err != nil {
		t.Fatalf("successors: %v", err)
	}
	sort.Strings(lines)
	return lines, ds, zs
}

// expectLines compares printed lines.
func expectLines(t testing.TB, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// reach runs E<> query (or A[] query, as not E<> not) on the model with
// BFS and returns the graph, the formula and the result.
func reach(t testing.TB, n *model.Network, query string, opts Options) (*Graph, *model.Formula, *search.Result) {
	t.Helper()
	f := compileQuery(t, n, query)
	p := target(f)
	g := newGraph(t, n, opts, p)
	goal := g.Goal(p)
	res, err := search.Run(context.Background(), g.NewExpander(), goal.Holds, search.Options{Trace: true})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	if err := goal.Err(); err != nil {
		t.Fatalf("%s: goal: %v", query, err)
	}
	return g, f, res
}

// target returns what E<> searches for: the formula's property, negated
// for A[].
func target(f *model.Formula) *model.Prop {
	if strings.HasPrefix(f.Text, "A[]") {
		return &model.Prop{Op: model.PropNot, Args: []*model.Prop{f.Prop}}
	}
	return f.Prop
}
