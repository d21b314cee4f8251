package search

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"beeline/core/dbm"
)

// runParallel runs a parallel search of k workers on copies of g.
func runParallel(t *testing.T, k int, g *clockGraph, goal Goal, opts Options) *Result {
	t.Helper()
	r, err := RunParallel(context.Background(), k, func(int) Worker { return Worker{Space: g.clone(), Goal: goal} }, opts)
	if err != nil {
		t.Fatalf("RunParallel: %v", err)
	}
	return r
}

// clone returns a copy of g with scratch of its own, for another worker.
func (g *clockGraph) clone() *clockGraph {
	c := *g
	c.tmp = dbm.New(g.dim)
	return &c
}

// TestParallelAgainstNaiveSearch compares the verdicts and BFS depths of
// parallel searches of 1 to 4 workers with the naive reference search,
// and replays their traces.
func TestParallelAgainstNaiveSearch(t *testing.T) {
	for seed := range uint64(8) {
		dim := 3 + int(seed%2)
		g := randomClockGraph(seed, 20, dim, 4, 4, 2, false)
		for l := range int32(20) {
			goal := locGoal(l)
			want := naiveBFS(t, g, goal, 1e6)
			for _, o := range orders {
				for k := 1; k <= 4; k++ {
					opts := Options{Order: o, Seed: seed, Trace: true, CoverRequiresSmallerDepth: o == BFS}
					r := runParallel(t, k, g, goal, opts)
					what := fmt.Sprintf("seed %d goal %d %v k=%d", seed, l, o, k)
					if (r.Verdict == Reached) != want.reached || r.Verdict == Stopped {
						t.Fatalf("%s: %v (%s), reference reached=%v", what, r.Verdict, r.Reason, want.reached)
					}
					if !want.reached {
						continue
					}
					wantDepth := -1
					if o == BFS {
						wantDepth = want.depth
					}
					expectReached(t, g, goal, r, wantDepth)
				}
			}
		}
	}
}

// TestParallelExhaustive expects a parallel search of a whole state
// space to store what the sequential one does, where inclusion does not
// depend on the order (a discrete grid), and to come close on clock
// graphs.
func TestParallelExhaustive(t *testing.T) {
	for seed := range uint64(4) {
		gr := randomGrid(seed, 30, 20, 0.2)
		seq := run(t, gr, nil, Options{})
		for k := 1; k <= 4; k++ {
			r, err := RunParallel(context.Background(), k, func(int) Worker { c := *gr; return Worker{Space: &c} }, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != NotReached || r.Stats.Stored != seq.Stats.Stored || r.Stats.Explored != seq.Stats.Explored {
				t.Fatalf("grid %d, %d workers: %v, %d stored, %d explored; sequential %d, %d",
					seed, k, r.Verdict, r.Stats.Stored, r.Stats.Explored, seq.Stats.Stored, seq.Stats.Explored)
			}
		}
		g := randomClockGraph(seed, 40, 3, 6, 5, 2, false)
		seq = run(t, g, nil, Options{})
		for k := 2; k <= 4; k++ {
			r := runParallel(t, k, g, nil, Options{})
			if r.Verdict != NotReached || r.Stats.Stored < seq.Stats.Stored/2 || r.Stats.Stored > seq.Stats.Stored*2 {
				t.Fatalf("clock graph %d, %d workers: %v, %d stored; sequential %d", seed, k, r.Verdict, r.Stats.Stored, seq.Stats.Stored)
			}
		}
	}
}

// TestParallelBudgets stops parallel searches by their state budget and
// by cancellation, and reports a Space's error.
func TestParallelBudgets(t *testing.T) {
	g := randomGrid(3, 200, 200, 0.1)
	r, err := RunParallel(context.Background(), 3, func(int) Worker { c := *g; return Worker{Space: &c} }, Options{MaxStates: 5000})
	if err != nil || r.Verdict != Stopped || r.Reason != ReasonStates {
		t.Fatalf("state budget: %v (%s), %v", r.Verdict, r.Reason, err)
	}
	if r.Stats.Stored < 5000 || r.Stats.Stored > 5000*13/10 {
		t.Fatalf("state budget of 5000: %d stored", r.Stats.Stored)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err = RunParallel(ctx, 2, func(int) Worker { c := *g; return Worker{Space: &c} }, Options{})
	if err != nil || r.Verdict != Stopped || r.Reason != ReasonCancelled {
		t.Fatalf("cancelled: %v (%s), %v", r.Verdict, r.Reason, err)
	}
	r, err = RunParallel(context.Background(), 2, func(int) Worker { c := *g; return Worker{Space: &c} }, Options{Timeout: time.Nanosecond})
	if err != nil || r.Verdict != Stopped || r.Reason != ReasonTime {
		t.Fatalf("time budget: %v (%s), %v", r.Verdict, r.Reason, err)
	}
	bad := randomClockGraph(1, 20, 3, 4, 4, 2, false)
	bad.failAt = 0
	r, err = RunParallel(context.Background(), 3, func(int) Worker { return Worker{Space: bad.clone()} }, Options{})
	if err == nil || !strings.Contains(err.Error(), errToy.Error()) || r.Verdict != Stopped || r.Reason != ReasonError {
		t.Fatalf("failing space: %v (%s), %v", r.Verdict, r.Reason, err)
	}
}

// TestMergeReports checks how the reports of a round combine.
func TestMergeReports(t *testing.T) {
	m := MergeReports([]Report{
		{Sent: []int64{0, 2}, Waiting: 3, Front: 4, Found: NoNode},
		{Sent: []int64{1, 0}, Waiting: 1, Front: 2, Found: 9, FoundDepth: 5, Stop: ReasonError, Err: "boom"},
		{Sent: []int64{5, 1}, Front: 7, Found: 4, FoundDepth: 5, Stop: ReasonTime},
	})
	if m.Sent[0] != 6 || m.Sent[1] != 3 || m.Waiting != 4 || m.Front != 2 || m.Found != 4 || m.Stop != ReasonError || m.Err != "boom" {
		t.Fatalf("merged %+v", m)
	}
}

// TestLostReason checks the reasons of runs a lost worker ended.
func TestLostReason(t *testing.T) {
	r := LostReason("worker 2", "no heartbeat for 5s")
	if r != "worker 2 lost: no heartbeat for 5s" || !IsLost(r) || !IsLost(LostReason("coordinator", "x")) {
		t.Fatalf("%q", r)
	}
	for _, no := range []string{"state limit", "lost: x", "process P lost: x", "worker 2 lost"} {
		if IsLost(no) {
			t.Errorf("%q read as a lost worker", no)
		}
	}
}
