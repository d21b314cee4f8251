package relax_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
	"beeline/core/zone"
)

// startAt is a zone graph's expander whose initial state is (d, z).
type startAt struct {
	*zone.Expander
	d []int32
	z *dbm.DBM
}

func (s *startAt) Initial(d []int32, z *dbm.DBM) (bool, error) {
	copy(d, s.d)
	z.CopyFrom(s.z)
	return true, nil
}

// admissibleCases are small models with reachable targets.
var admissibleCases = []struct{ model, query string }{
	{"xtabench/critical/critical-2-25-50.xta", "E<> ProdCell(1).error"},
	{"uppaal-demos/train-gate.xml", "E<> Train(0).Cross and Train(1).Stop"},
	{"uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe"},
	{"uppaal-demos/2doors.xml", "E<> Door1.open and Door2.opening"},
	{"xtabench/fischer/fischer-4-32-64.xta", "E<> P(1).cs and P(2).req"},
	{"xtabench/BangOlufsen/bocdp.xta", "E<> A_eof == 1 and A_diff != 0"},
}

// TestAdmissible samples reachable states of small models and checks, for
// each, that dL and hL never exceed the true distance to the target
// (breadth-first search from the state with the depth proviso, which
// finds shortest paths), and that an infinite estimate is a true dead end.
func TestAdmissible(t *testing.T) {
	samples := 40
	if testing.Short() {
		samples = 8
	}
	for _, tc := range admissibleCases {
		t.Run(filepath.Base(tc.model), func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, tc.model))
			f := testmodel.Query(t, n, tc.query)
			checkAdmissible(t, n, f, samples)
		})
	}
}

func checkAdmissible(t *testing.T, n *model.Network, f *model.Formula, samples int) {
	g, err := zone.New(n, zone.Options{}, f.Prop)
	if err != nil {
		t.Fatal(err)
	}
	goal := g.Goal(f.Prop)
	states := sampleStates(t, g, samples)
	for _, name := range []string{"dl", "hl"} {
		h, err := reachtest.NewHeuristic(t, name)(n, heuristic.TargetOf(n, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Precompute(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		for _, s := range states {
			est, inf := h.Estimate(s.d, s.z)
			r, err := search.Run(context.Background(), &startAt{g.NewExpander(), s.d, s.z}, goal.Holds,
				search.Options{CoverRequiresSmallerDepth: true, MaxStates: 200000})
			if err != nil || r.Verdict == search.Stopped {
				t.Fatalf("distance search: %v %v", err, r.Reason)
			}
			switch {
			case inf && r.Verdict == search.Reached:
				t.Fatalf("%s says dead end at %s, but the target is %d transitions away", name, n.Describe(s.d[:len(n.Processes)], s.d[len(n.Processes):]), r.Depth)
			case !inf && r.Verdict == search.Reached && est > r.Depth:
				t.Fatalf("%s = %d at %s, above the true distance %d", name, est, n.Describe(s.d[:len(n.Processes)], s.d[len(n.Processes):]), r.Depth)
			}
		}
	}
}

type state struct {
	d []int32
	z *dbm.DBM
}

// sampleStates explores g breadth-first and keeps every 7th stored state,
// up to max.
func sampleStates(t *testing.T, g *zone.Graph, max int) []state {
	var out []state
	i := 0
	collect := func(d []int32, z *dbm.DBM) bool {
		if i++; i%7 == 1 && len(out) < max {
			out = append(out, state{append([]int32(nil), d...), z.Copy()})
		}
		return len(out) >= max
	}
	if _, err := search.Run(context.Background(), g.NewExpander(), collect, search.Options{MaxStates: 20000}); err != nil {
		t.Fatal(err)
	}
	return out
}

// shortCases are the rows of EXPECTED.tsv checked under -short.
var shortCases = []string{"bridge.xml", "train-gate.xml", "critical-3-25-50.xta", "lynch-3-16.xta"}

// TestDirectedAgreesWithBFS checks the queries of EXPECTED.tsv whose
// blind search stores at most 20,000 states (a few models under -short)
// with every order and heuristic: the verdict must be the blind search's,
// and on reachable targets A* with dL and hL must find a trace exactly as
// long as the shortest one.
func TestDirectedAgreesWithBFS(t *testing.T) {
	data, err := os.ReadFile(testmodel.Shared(t, "EXPECTED.tsv"))
	if err != nil {
		t.Skip("shared models not available")
	}
	budget := verify.Options{MaxStates: 20000}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		if testing.Short() && !slices.Contains(shortCases, filepath.Base(f[0])) {
			continue
		}
		t.Run(f[0]+" "+f[1], func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, f[0]))
			q := testmodel.Query(t, n, f[1])
			if q.Kind != 0 && q.Kind != 1 { // E<> and A[] only
				t.Skip("not a reachability query")
			}
			agreeWithBFS(t, n, q, budget)
		})
	}
}

func agreeWithBFS(t *testing.T, n *model.Network, q *model.Formula, budget verify.Options) {
	opts := budget
	opts.Trace = verify.TraceShortest
	bfs, err := verify.Check(context.Background(), n, q, opts)
	if err != nil {
		t.Fatal(err)
	}
	if bfs.Verdict == verify.Unknown {
		t.Skipf("BFS: %s", bfs.Reason)
	}
	for _, c := range []struct {
		order search.Order
		h     string
	}{{search.AStar, "dl"}, {search.AStar, "hl"}, {search.GBFS, "du"}, {search.GBFS, "hl"}, {search.GBFS, "hu"}} {
		opts := budget
		opts.Order, opts.Heuristic = c.order, reachtest.NewHeuristic(t, c.h)
		r, err := verify.Check(context.Background(), n, q, opts)
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict == verify.Unknown {
			continue // a budget: greedy search may wander further than BFS
		}
		if r.Verdict != bfs.Verdict {
			t.Fatalf("%v+%s: %v, BFS %v", c.order, c.h, r.Verdict, bfs.Verdict)
		}
		if c.order == search.AStar && r.Depth != bfs.Depth {
			t.Fatalf("%v+%s: trace of %d transitions, BFS %d", c.order, c.h, r.Depth, bfs.Depth)
		}
	}
}
