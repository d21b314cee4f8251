// The auto order against breadth-first search: the same verdicts, and
// with a shortest trace asked for, traces as short.

package verify_test

import (
	"context"
	"sync/atomic"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
	"beeline/core/options"
	"beeline/core/portfolio"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/verify"
)

// autoCases are queries of the repository's models (and of the shared
// ones, when present) with deep errors, proofs and scalar sets.
var autoCases = []struct{ path, query string }{
	{"../../testdata/models/hanoi/hanoi-4.xml", "E<> Disk(0).on2 && Disk(1).on2 && Disk(2).on2 && Disk(3).on2"},
	{"../../testdata/models/haste/haste-4.xml", "E<> Worker(0).done && Worker(1).done && Worker(2).done && Worker(3).done"},
	{"../../testdata/models/arbiter/arbiter-3.xml", "E<> Client(1).cs && Client(7).cs"},
	{"../../testdata/models/fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
	{"../../testdata/models/fischer-broken.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
	{"../../testdata/models/fischer.xml", "A[] not deadlock"},
	{"../../testdata/models/symmetry/fischer-sym4.xml", "A[] not deadlock"},
}

// autoOptions are the options of the auto order with trace mode trace.
func autoOptions(t *testing.T, trace string) verify.Options {
	t.Helper()
	var v verify.Options
	if err := options.Builtin().Apply(protocol.Options{Order: "auto", Trace: protocol.TraceMode(trace)}, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Portfolio) == 0 {
		t.Fatal("the auto order has no members")
	}
	return v
}

func TestAutoAgreesWithBFS(t *testing.T) {
	for _, tc := range autoCases {
		t.Run(tc.path[len("../../testdata/models/"):]+" "+tc.query, func(t *testing.T) {
			n := testmodel.File(t, tc.path)
			f := testmodel.Query(t, n, tc.query)
			want, err := verify.Check(context.Background(), n, f, verify.Options{Trace: verify.TraceShortest})
			if err != nil {
				t.Fatal(err)
			}
			for _, trace := range []string{"none", "shortest"} {
				for _, jobs := range []int{1, 3} {
					opts := autoOptions(t, trace)
					opts.Jobs = jobs
					got, err := verify.Check(context.Background(), n, f, opts)
					if err != nil {
						t.Fatalf("trace %s, jobs %d: %v", trace, jobs, err)
					}
					checkAuto(t, got, want, trace == "shortest", jobs)
				}
			}
		})
	}
}

// checkAuto compares an auto check with a breadth-first one.
func checkAuto(t *testing.T, got, want *verify.Result, shortest bool, jobs int) {
	t.Helper()
	p := got.Portfolio
	if p == nil {
		t.Fatalf("jobs %d: no portfolio in the result", jobs)
	}
	if got.Verdict != want.Verdict {
		t.Fatalf("jobs %d: verdict %v (%s), breadth-first says %v", jobs, got.Verdict, got.Reason, want.Verdict)
	}
	if p.Winner < 0 || p.Members[p.Winner].State != portfolio.Won {
		t.Fatalf("jobs %d: winner %d", jobs, p.Winner)
	}
	if p.Jobs != jobs {
		t.Errorf("jobs %d: the race says %d at once", jobs, p.Jobs)
	}
	if (got.Depth >= 0) != (want.Depth >= 0) {
		t.Fatalf("jobs %d: depth %d, breadth-first %d", jobs, got.Depth, want.Depth)
	}
	if !shortest {
		return
	}
	if w := p.Members[p.Winner].Member; got.Depth >= 0 && !w.Shortest {
		t.Errorf("jobs %d: the trace comes from %s, which does not guarantee a shortest one", jobs, w.Label)
	}
	if got.Depth != want.Depth {
		t.Errorf("jobs %d: trace of %d transitions, the shortest has %d", jobs, got.Depth, want.Depth)
	}
	if got.Depth >= 0 && (got.Concrete == nil || len(got.Concrete.Steps) != int(got.Depth)) {
		t.Errorf("jobs %d: no concrete trace of %d steps", jobs, got.Depth)
	}
}

func TestAutoSharedModels(t *testing.T) {
	for _, tc := range []struct{ rel, query string }{
		{"rra-fmics21/CSMA-CD/csma-20N.xml", "E<> P1.sender_retry && P2.sender_retry && P3.sender_transm && P3.x >=52 && P4.sender_retry && P5.sender_retry && P6.sender_retry && P7.sender_retry"},
		{"xtabench/mutex/mutex.xta", "E<> (S1.I_am_unsafe and S2.I_am_unsafe)"},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, tc.rel))
			f := testmodel.Query(t, n, tc.query)
			got, err := verify.Check(context.Background(), n, f, autoOptions(t, "some"))
			if err != nil {
				t.Fatal(err)
			}
			if got.Verdict != verify.Satisfied || got.Concrete == nil {
				t.Fatalf("verdict %v (%s), trace %v; want satisfied with a trace", got.Verdict, got.Reason, got.Concrete != nil)
			}
		})
	}
}

// counted counts the precomputations and the loads of the tables of
// the heuristics it builds.
type counted struct {
	heuristic.Heuristic
	computed, loaded *atomic.Int32
}

func (c *counted) Precompute(ctx context.Context, progress func(done, total int64)) error {
	c.computed.Add(1)
	return c.Heuristic.Precompute(ctx, progress)
}

func (c *counted) Load(b []byte) error {
	c.loaded.Add(1)
	return c.Heuristic.Load(b)
}

// TestAutoSharesTables: two members of one heuristic precompute its
// table once, and the second loads it.
func TestAutoSharesTables(t *testing.T) {
	n := testmodel.File(t, "../../testdata/models/fischer.xml")
	f := testmodel.Query(t, n, "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j")
	build, err := options.Builtin().NewHeuristic("pdb")
	if err != nil {
		t.Fatal(err)
	}
	var computed, loaded atomic.Int32
	countedPDB := func(n *model.Network, tg *heuristic.Target) (heuristic.Heuristic, error) {
		h, err := build(n, tg)
		return &counted{Heuristic: h, computed: &computed, loaded: &loaded}, err
	}
	opts := verify.Options{Jobs: 2, Portfolio: []verify.Member{
		{Member: portfolio.Member{Label: "A* + PDB", Order: "astar", Heuristic: "pdb", Shortest: true}, Order: search.AStar, Heuristic: countedPDB},
		{Member: portfolio.Member{Label: "greedy + PDB", Order: "gbfs", Heuristic: "pdb"}, Order: search.GBFS, Heuristic: countedPDB},
	}}
	res, err := verify.Check(context.Background(), n, f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != verify.Satisfied {
		t.Fatalf("verdict %v (%s), want satisfied", res.Verdict, res.Reason)
	}
	if c, l := computed.Load(), loaded.Load(); c != 1 || l != 1 {
		t.Errorf("%d precomputations and %d loads, want 1 and 1", c, l)
	}
}

// TestAutoCancelled: a race whose context is cancelled ends undecided,
// saying so.
func TestAutoCancelled(t *testing.T) {
	n := testmodel.File(t, "../../testdata/models/hanoi/hanoi-4.xml")
	f := testmodel.Query(t, n, "E<> Disk(0).on2 && Disk(1).on2 && Disk(2).on2 && Disk(3).on2")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := verify.Check(ctx, n, f, autoOptions(t, "some"))
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != verify.Unknown || res.Reason != search.ReasonCancelled {
		t.Fatalf("verdict %v (%q), want unknown (cancelled)", res.Verdict, res.Reason)
	}
	if res.Portfolio == nil || res.Portfolio.Winner != -1 {
		t.Fatalf("portfolio %+v, want no winner", res.Portfolio)
	}
}

// TestAutoTimeLimit: a race stopped by its time limit says so, not the
// reason a member's probe ended.
func TestAutoTimeLimit(t *testing.T) {
	n := testmodel.File(t, "../../testdata/models/fischer.xml")
	f := testmodel.Query(t, n, "A[] not deadlock")
	opts := autoOptions(t, "none")
	opts.Timeout = 1
	res, err := verify.Check(context.Background(), n, f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != verify.Unknown || res.Reason != search.ReasonTime {
		t.Fatalf("verdict %v (%q), want unknown (time limit)", res.Verdict, res.Reason)
	}
}

// TestAutoReasons: the race reads core/search's reasons by the words
// core/portfolio spells out for the page.
func TestAutoReasons(t *testing.T) {
	for _, c := range [][2]string{
		{portfolio.ReasonStates, search.ReasonStates}, {portfolio.ReasonMemory, search.ReasonMemory},
		{portfolio.ReasonTime, search.ReasonTime}, {portfolio.ReasonCancelled, search.ReasonCancelled},
	} {
		if c[0] != c[1] {
			t.Errorf("core/portfolio says %q where core/search says %q", c[0], c[1])
		}
	}
}
