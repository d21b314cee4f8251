package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"beeline/core/dbm"
)

var orders = []Order{BFS, DFS, RandomDFS}

// expectReached checks a Reached result, its depth and its trace.
func expectReached(t *testing.T, sp Space, goal Goal, r *Result, wantDepth int) {
	t.Helper()
	if r.Verdict != Reached {
		t.Fatalf("verdict %v (%s), want reached", r.Verdict, r.Reason)
	}
	if wantDepth >= 0 && int(r.Depth) != wantDepth {
		t.Fatalf("goal at depth %d, want %d", r.Depth, wantDepth)
	}
	if len(r.Trace) != int(r.Depth)+1 {
		t.Fatalf("trace of %d steps for depth %d", len(r.Trace), r.Depth)
	}
	checkTrace(t, sp, goal, r.Trace)
}

func TestGridShortestTrace(t *testing.T) {
	for seed := range uint64(5) {
		g := randomGrid(seed, 12, 9, 0.25)
		dist := g.distances()
		reachable := 0
		for _, d := range dist {
			if d >= 0 {
				reachable++
			}
		}
		for cell, want := range dist {
			x, y := int32(cell)%g.w, int32(cell)/g.w
			goal := cellGoal(x, y)
			for _, o := range orders {
				r := run(t, g, goal, Options{Order: o, Seed: seed, Trace: true})
				switch {
				case want < 0 && (r.Verdict != NotReached || r.Stats.Stored != int64(reachable)):
					t.Fatalf("seed %d %v cell (%d,%d): %v with %d stored, want not reached with %d", seed, o, x, y, r.Verdict, r.Stats.Stored, reachable)
				case want >= 0 && o == BFS:
					expectReached(t, g, goal, r, want)
				case want >= 0:
					expectReached(t, g, goal, r, -1)
				}
			}
		}
	}
}

// TestClockGraphShortestTrace compares BFS depths with a plain BFS over the
// locations, on one-clock graphs whose guards are all x >= c, so every
// path of locations is feasible.
func TestClockGraphShortestTrace(t *testing.T) {
	longer := 0
	for seed := range uint64(30) {
		g := randomClockGraph(seed, 25, 2, 0, 6, 2, true)
		dist := discreteDistances(g)
		for l, want := range dist {
			goal := locGoal(int32(l))
			r := run(t, g, goal, Options{Trace: true, CoverRequiresSmallerDepth: true, CheckInvariants: true})
			if want < 0 {
				if r.Verdict != NotReached {
					t.Fatalf("seed %d location %d: %v, want not reached", seed, l, r.Verdict)
				}
				continue
			}
			expectReached(t, g, goal, r, want)
			r = run(t, g, goal, Options{Trace: true})
			expectReached(t, g, goal, r, -1)
			if int(r.Depth) < want {
				t.Fatalf("seed %d location %d: trace of length %d, shorter than the distance %d", seed, l, r.Depth, want)
			}
			if int(r.Depth) > want {
				longer++
			}
		}
	}
	t.Logf("plain BFS traces longer than the shortest: %d", longer)
}

// TestAgainstNaiveSearch compares verdicts and BFS depths with the naive
// reference search on random graphs with two and three bounded clocks,
// for location goals and for goals that depend on the zone.
func TestAgainstNaiveSearch(t *testing.T) {
	for seed := range uint64(12) {
		dim := 3 + int(seed%2)
		g := randomClockGraph(seed, 20, dim, 4, 4, 2, false)
		for l := range int32(20) {
			goals := map[string]Goal{
				"location": locGoal(l),
				"zone": func(d []int32, z *dbm.DBM) bool {
					// intersects x >= 3 && y <= 1
					tmp := dbm.New(z.Dim())
					tmp.CopyFrom(z)
					return d[0] == l && zoneLower(tmp, 1, 3) && zoneUpper(tmp, 2, 1)
				},
			}
			for name, goal := range goals {
				want := naiveBFS(t, g, goal, 1e6)
				for _, o := range orders {
					opts := Options{Order: o, Seed: seed, Trace: true, CoverRequiresSmallerDepth: o == BFS}
					r := run(t, g, goal, opts)
					what := fmt.Sprintf("seed %d goal %s(%d) %v", seed, name, l, o)
					if (r.Verdict == Reached) != want.reached || r.Verdict == Stopped {
						t.Fatalf("%s: %v, reference reached=%v", what, r.Verdict, want.reached)
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

// TestInclusionPrunes explores whole state spaces and expects inclusion to
// store and expand fewer states than the naive search's exact states.
func TestInclusionPrunes(t *testing.T) {
	var stored, explored, naive, included int64
	for seed := range uint64(10) {
		g := randomClockGraph(seed, 12, 3, 3, 3, 2, false)
		never := func([]int32, *dbm.DBM) bool { return false }
		want := naiveBFS(t, g, never, 1e6)
		for _, o := range orders {
			r := run(t, g, nil, Options{Order: o, CheckInvariants: true})
			if r.Verdict != NotReached {
				t.Fatalf("seed %d %v: %v, want not reached", seed, o, r.Verdict)
			}
			if r.Stats.Explored > int64(want.states) {
				t.Fatalf("seed %d %v: explored %d, more than the %d exact states", seed, o, r.Stats.Explored, want.states)
			}
			if o == BFS {
				stored += r.Stats.Stored - r.Stats.Covered
				explored += r.Stats.Explored
				included += r.Stats.Included
				naive += int64(want.states)
			}
		}
	}
	t.Logf("exact states %d, passed list %d, explored %d, included %d", naive, stored, explored, included)
	if explored*10 > naive*9 || included == 0 {
		t.Fatalf("inclusion saved too little: explored %d of %d exact states, %d included", explored, naive, included)
	}
}

// coverSpace reaches location 1 first with x = 0, then with x >= 0 (which
// covers the first), then with 0 <= x <= 5 (included); location 1 leads
// to location 2.
type coverSpace struct{ zones [3]*dbm.DBM }

func newCoverSpace() *coverSpace {
	point, upTo5, all := zones2()
	return &coverSpace{[3]*dbm.DBM{point, all, upTo5}}
}

func (c *coverSpace) DiscreteLen() int { return 1 }
func (c *coverSpace) Dim() int         { return 2 }
func (c *coverSpace) Initial(d []int32, z *dbm.DBM) (bool, error) {
	d[0] = 0
	zoneZero(z)
	return true, nil
}
func (c *coverSpace) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	switch d[0] {
	case 0:
		for i, z2 := range c.zones {
			if !yield([]int32{int32(i)}, []int32{1}, z2) {
				return nil
			}
		}
	case 1:
		yield([]int32{3}, []int32{2}, z)
	}
	return nil
}

func TestCoveredWaitingStatesAreSkipped(t *testing.T) {
	for _, o := range orders {
		r := run(t, newCoverSpace(), nil, Options{Order: o})
		want := Stats{Explored: 3, Generated: 4, Stored: 4, Included: 1, Covered: 1, Skipped: 1}
		got := r.Stats
		got.Rate, got.Elapsed, got.MemoryBytes, got.StoreBytes, got.Waiting = 0, 0, 0, 0, 0
		if got != want || r.Verdict != NotReached {
			t.Fatalf("%v: %v with stats %+v, want not reached with %+v", o, r.Verdict, got, want)
		}
	}
	// The goal location 2 is reached through the covering state.
	sp := newCoverSpace()
	r := run(t, sp, locGoal(2), Options{Trace: true})
	expectReached(t, sp, locGoal(2), r, 2)
	if got := r.Trace[1].Label; !slices.Equal(got, []int32{1}) {
		t.Fatalf("trace goes through label %v, want [1] (the covering zone)", got)
	}
}

func TestBudgets(t *testing.T) {
	r := run(t, &counter{}, nil, Options{MaxStates: 1000})
	expectStopped(t, r, ReasonStates)
	if r.Stats.Stored != 1000 || r.Stats.Explored == 0 {
		t.Fatalf("state limit: stored %d explored %d, want 1000 and some", r.Stats.Stored, r.Stats.Explored)
	}

	// The budget counts what the program held at the start: give the
	// search one more MiB. It stops before its growth passes the budget.
	var s searcher
	s.measure()
	budget := s.base + s.overhead + 1<<20
	r = run(t, &counter{}, nil, Options{MaxMemory: budget, Order: DFS})
	expectStopped(t, r, ReasonMemory)
	// Under js/wasm the mapped memory the count includes grows by heap
	// arenas of 4 MiB, which the search sees at its checkpoints: it may
	// pass the budget by part of an arena, or stop when the next growth
	// would take one more.
	slack := int64(0)
	if linearMemory {
		slack = 4 << 20
	}
	if r.Stats.MemoryBytes > budget+slack || r.Stats.MemoryBytes < budget-1<<19-slack || r.Stats.Stored < 1000 {
		t.Fatalf("memory limit of %d: %d bytes with %d stored", budget, r.Stats.MemoryBytes, r.Stats.Stored)
	}

	start := time.Now()
	r = run(t, &counter{}, nil, Options{Timeout: 30 * time.Millisecond, MaxMemory: 1 << 30})
	expectStopped(t, r, ReasonTime)
	if r.Stats.Elapsed < 30*time.Millisecond || time.Since(start) > 5*time.Second || r.Stats.Explored == 0 {
		t.Fatalf("time limit: elapsed %v, explored %d", r.Stats.Elapsed, r.Stats.Explored)
	}
}

// slowCounter is a counter whose expansions take a millisecond.
type slowCounter struct{ counter }

func (c *slowCounter) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	time.Sleep(time.Millisecond)
	return c.counter.Successors(d, z, yield)
}

// TestSlowStatesKeepTime checks that checkpoints come often enough when
// states are slow: a 1024-state interval would overshoot by a second. The
// bounds are loose on purpose (a loaded CI machine, Node's timers): they
// tell an adaptive interval from a fixed one, not a fast machine from a
// slow one.
func TestSlowStatesKeepTime(t *testing.T) {
	calls := 0
	opts := Options{Timeout: 100 * time.Millisecond, ProgressEvery: 10 * time.Millisecond, Progress: func(Stats) { calls++ }}
	r := run(t, &slowCounter{}, nil, opts)
	expectStopped(t, r, ReasonTime)
	if r.Stats.Elapsed > 800*time.Millisecond || calls < 2 {
		t.Fatalf("stopped after %v with %d progress reports; want about 100ms and about 10", r.Stats.Elapsed, calls)
	}
}

func expectStopped(t *testing.T, r *Result, reason string) {
	t.Helper()
	if r.Verdict != Stopped || r.Reason != reason {
		t.Fatalf("verdict %v (%q), want stopped (%q)", r.Verdict, r.Reason, reason)
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, &counter{}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonCancelled)
	if r.Stats.Explored != 0 {
		t.Fatalf("explored %d states after cancellation", r.Stats.Explored)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opts := Options{ProgressEvery: time.Millisecond, MaxMemory: 1 << 30, Progress: func(Stats) {
		calls++
		cancel()
	}}
	r, err = Run(ctx, &counter{}, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonCancelled)
	if calls != 1 || r.Stats.Explored == 0 {
		t.Fatalf("%d progress calls, %d explored; want 1 and some", calls, r.Stats.Explored)
	}

	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r, err = Run(ctx, &counter{}, nil, Options{MaxMemory: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonTime)
}

func TestProgress(t *testing.T) {
	var got []Stats
	opts := Options{MaxStates: 200000, ProgressEvery: time.Millisecond, Progress: func(s Stats) { got = append(got, s) }}
	r := run(t, &counter{}, nil, opts)
	expectStopped(t, r, ReasonStates)
	if len(got) == 0 {
		t.Fatal("no progress report")
	}
	for i := 1; i < len(got); i++ {
		if got[i].Explored < got[i-1].Explored || got[i].Elapsed <= got[i-1].Elapsed {
			t.Fatalf("progress went backwards: %+v then %+v", got[i-1], got[i])
		}
	}
	last := got[len(got)-1]
	if last.Explored == 0 || last.Rate <= 0 || last.MemoryBytes == 0 || last.Explored > r.Stats.Explored {
		t.Fatalf("last progress %+v, final %+v", last, r.Stats)
	}
}

func TestRandomDFSDeterministic(t *testing.T) {
	g := randomClockGraph(99, 60, 3, 3, 3, 3, false)
	goal := func(d []int32, z *dbm.DBM) bool { return d[0] == 59 && zoneMaxAtLeast(z, 1, 3) }
	want := naiveBFS(t, g, goal, 1e6)
	if !want.reached {
		t.Fatal("weak test: goal unreachable")
	}
	outcome := func(seed uint64) string {
		r := run(t, g, goal, Options{Order: RandomDFS, Seed: seed, Trace: true})
		expectReached(t, g, goal, r, -1)
		var labels [][]int32
		for _, s := range r.Trace {
			labels = append(labels, s.Label)
		}
		return fmt.Sprint(r.Stats.Explored, r.Stats.Stored, labels)
	}
	distinct := map[string]bool{}
	for seed := range uint64(6) {
		a, b := outcome(seed), outcome(seed)
		if a != b {
			t.Fatalf("seed %d: two runs differ:\n%s\n%s", seed, a, b)
		}
		distinct[a] = true
	}
	if len(distinct) < 2 {
		t.Fatalf("six seeds gave one outcome: %v", distinct)
	}
}

func TestSpaceError(t *testing.T) {
	g := randomClockGraph(3, 20, 2, 0, 3, 2, true)
	dist := discreteDistances(g)
	far := int32(0)
	for l, d := range dist {
		if d > dist[far] {
			far = int32(l)
		}
	}
	g.failAt = far
	r, err := Run(context.Background(), g, nil, Options{})
	if !errors.Is(err, errToy) || r == nil {
		t.Fatalf("Run returned %v, %v; want a partial result and the space's error", r, err)
	}
	expectStopped(t, r, ReasonError)
	if r.Stats.Explored == 0 {
		t.Fatal("no partial statistics")
	}
}

// badSpace yields a successor of the wrong length.
type badSpace struct{ counter }

func (b *badSpace) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	yield(nil, []int32{1, 2}, z)
	return nil
}

// emptyInitial has an empty initial state.
type emptyInitial struct{ counter }

func (*emptyInitial) Initial([]int32, *dbm.DBM) (bool, error) { return false, nil }

func TestMalformedSpaces(t *testing.T) {
	r, err := Run(context.Background(), &badSpace{}, nil, Options{})
	if err == nil || !strings.Contains(err.Error(), "discrete length 2") {
		t.Fatalf("bad successor: error %v", err)
	}
	expectStopped(t, r, ReasonError)

	r = run(t, &emptyInitial{}, locGoal(0), Options{})
	if r.Verdict != NotReached || r.Stats.Stored != 0 {
		t.Fatalf("empty initial state: %v with %d stored, want not reached with 0", r.Verdict, r.Stats.Stored)
	}

	if _, err := Run(context.Background(), &dimZero{}, nil, Options{}); err == nil {
		t.Fatal("dimension 0 accepted")
	}
	if _, err := Run(context.Background(), &counter{}, nil, Options{Order: GBFS + 1}); err == nil {
		t.Fatal("unknown order accepted")
	}

	if _, err := Run(context.Background(), &longLabel{}, nil, Options{Trace: true}); err == nil || !strings.Contains(err.Error(), "label") {
		t.Fatalf("label longer than MaxLabel: error %v", err)
	}
	r = run(t, &longLabel{}, nil, Options{MaxStates: 10}) // labels are not kept without Trace
	expectStopped(t, r, ReasonStates)

	r = run(t, &emptyZones{}, locGoal(-1), Options{MaxStates: 10})
	expectStopped(t, r, ReasonStates)
	if r.Stats.Generated != 2*r.Stats.Explored-1 && r.Stats.Generated != 2*r.Stats.Explored {
		t.Fatalf("empty zones counted: %d generated for %d explored", r.Stats.Generated, r.Stats.Explored)
	}
}

type dimZero struct{ counter }

// emptyZones yields an empty zone before each successor of counter.
type emptyZones struct{ counter }

func (e *emptyZones) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	empty := dbm.New(1)
	empty.SetEmpty()
	if !yield(nil, []int32{-1}, empty) {
		return nil
	}
	return e.counter.Successors(d, z, yield)
}

// longLabel labels its transitions with MaxLabel+1 words.
type longLabel struct{ counter }

func (*longLabel) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	yield(make([]int32, MaxLabel+1), []int32{d[0] + 1}, z)
	return nil
}

func (*dimZero) Dim() int { return 0 }

func TestGoalOnInitialState(t *testing.T) {
	g := randomGrid(1, 5, 5, 0.2)
	goal := cellGoal(0, 0)
	r := run(t, g, goal, Options{Trace: true})
	expectReached(t, g, goal, r, 0)
	if r.Stats.Explored != 0 || r.Goal != 0 {
		t.Fatalf("explored %d, goal node %d; want 0 and 0", r.Stats.Explored, r.Goal)
	}
}

func TestEnumNames(t *testing.T) {
	for o := range Order(len(orderNames)) {
		if o.String() == "" || strings.HasPrefix(o.String(), "Order(") {
			t.Errorf("order %d has no name", o)
		}
	}
	for v := range Verdict(len(verdictNames)) {
		if v.String() == "" || strings.HasPrefix(v.String(), "Verdict(") {
			t.Errorf("verdict %d has no name", v)
		}
	}
	if got := Order(9).String(); got != "Order(9)" {
		t.Errorf("Order(9).String() = %q", got)
	}
}

// Every stop reason has a name, and a stopped search's is the Reason
// the Result reports.
func TestStopReasonNames(t *testing.T) {
	cases := []struct {
		r                   stopReason
		name                string
		stopped, interrupts bool
	}{
		{going, "going", false, false},
		{exhausted, "exhausted", false, false},
		{stopStates, ReasonStates, true, false},
		{stopMemory, ReasonMemory, true, true},
		{stopTime, ReasonTime, true, true},
		{stopCancelled, ReasonCancelled, true, true},
		{stopError, ReasonError, true, false},
	}
	if len(cases) != len(stopNames) {
		t.Fatalf("%d cases for %d stop reasons", len(cases), len(stopNames))
	}
	for _, c := range cases {
		if c.r.String() != c.name || c.r.stopped() != c.stopped || c.r.interrupts() != c.interrupts {
			t.Errorf("%d: %q, stopped %v, interrupts %v; want %q, %v, %v",
				c.r, c.r.String(), c.r.stopped(), c.r.interrupts(), c.name, c.stopped, c.interrupts)
		}
	}
	if got := stopReason(len(stopNames)).String(); got != "stopReason(7)" {
		t.Errorf("out of range: %q", got)
	}
}
