package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// One search split between Web Workers: the same verdicts as one
// worker, the states stored within a few percent, a trace that the
// page plays, and a cancel that stops every worker of the search.

// bridge is UPPAAL's bridge demo, from the shared corpus: four Vikings
// cross a bridge with one torch, and all four can reach safety
// (EXPECTED.tsv, by TChecker).
const bridge = "../../shared/models/uppaal-demos/bridge.xml"

// splitRun is what the page says of one check.
type splitRun struct {
	marker, status, stored, workers, steps string
}

// setWorkers types k into the workers field, as a user would.
func setWorkers(t *testing.T, ctx context.Context, k int) {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { const f = document.getElementById("workers"); f.value = "%d"; f.dispatchEvent(new Event("input")); return true })()`, k))
}

// addFormula adds formula f to the query list and returns its row.
func addFormula(t *testing.T, ctx context.Context, f string) int {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("new-query").value = %q; return true })()`, f))
	click(t, ctx, `#add-query button[type="submit"]`)
	return queryAt(t, ctx, f)
}

// checkSplit checks row i with k workers and returns what the page says.
func checkSplit(t *testing.T, ctx context.Context, i, k int, timeout time.Duration) splitRun {
	t.Helper()
	setWorkers(t, ctx, k)
	marker, status := checkRow(t, ctx, i, timeout)
	r := splitRun{marker: marker, status: status, stored: text(t, ctx, "p-stored"), workers: text(t, ctx, "p-workers")}
	if !strings.Contains(status, "Error") && Eval[bool](t, ctx, `!document.getElementById("simulator").hidden`) {
		r.steps = text(t, ctx, "step-of")
	}
	t.Logf("%d workers: %s; stored %s; workers field %q; trace %q", k, status, r.stored, r.workers, r.steps)
	return r
}

// expectSameSearch compares a check by two workers with one by one.
func expectSameSearch(t *testing.T, one, two splitRun, verdict string) {
	t.Helper()
	for _, r := range []splitRun{one, two} {
		if !strings.Contains(r.marker, verdict) || strings.Contains(r.marker, "not-"+verdict) && !strings.HasPrefix(verdict, "not-") {
			t.Errorf("marker %q, want %s", r.marker, verdict)
		}
	}
	if one.workers != "" {
		t.Errorf("one worker: the progress says %q workers, want nothing", one.workers)
	}
	if two.workers != "2" || !strings.Contains(two.status, "Searched by 2 workers") {
		t.Errorf("two workers: the progress says %q workers and the status %q, want 2", two.workers, two.status)
	}
	a, errA := strconv.Atoi(one.stored)
	b, errB := strconv.Atoi(two.stored)
	if errA != nil || errB != nil || math.Abs(float64(b-a)) > 0.05*float64(a)+2 {
		t.Errorf("states stored: %q by one worker, %q by two; want them within 5%%", one.stored, two.stored)
	}
}

// A reachable state of the bridge demo, found by two workers and by
// one: the same verdict, about the same states stored, and the same
// length of trace (breadth-first: a shortest one), which the page
// plays to its last state.
func TestPageSplitBridge(t *testing.T) {
	if _, err := os.Stat(bridge); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := openPage(t, site(t))
	upload(t, ctx, bridge)
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "bfs")
	pick(t, ctx, "trace", "some")
	row := addFormula(t, ctx, "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe")
	two := checkSplit(t, ctx, row, 2, 60*time.Second)
	Screenshot(t, ctx, "page-split-bridge.png")
	playToEnd(t, ctx, two.steps)
	one := checkSplit(t, ctx, row, 1, 60*time.Second)
	expectSameSearch(t, one, two, "satisfied")
	if one.steps == "" || one.steps != two.steps {
		t.Errorf("the trace by two workers shows %q, by one %q; want the same length", two.steps, one.steps)
	}
}

// playToEnd steps the trace player from its first state to its last,
// "state 0 of n", and expects each state shown in turn.
func playToEnd(t *testing.T, ctx context.Context, steps string) {
	t.Helper()
	var n int
	if _, err := fmt.Sscanf(steps, "state 0 of %d", &n); err != nil || n < 1 {
		t.Fatalf("the player shows %q, want a trace's first state", steps)
	}
	blur(t, ctx)
	for step := 1; step <= n; step++ {
		press(t, ctx, "a")
		waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, step), 5*time.Second)
	}
	if got := text(t, ctx, "step-of"); got != fmt.Sprintf("state %d of %d", n, n) {
		t.Errorf("after %d steps the player shows %q", n, got)
	}
}

// Mutual exclusion in Fischer's protocol with nine processes, proved by
// exploring every state: by two workers and by one, the same verdict
// and about the same states stored.
func TestPageSplitFischer9(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/fischer-9.xta")
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "bfs")
	row := addFormula(t, ctx, "A[] not (P(1).cs and P(2).cs)")
	two := checkSplit(t, ctx, row, 2, 180*time.Second)
	one := checkSplit(t, ctx, row, 1, 180*time.Second)
	expectSameSearch(t, one, two, "satisfied")
}

// Cancel stops every worker of a split search at once, and the next
// check runs.
func TestPageSplitCancel(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/fischer-9.xta")
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "bfs")
	row := addFormula(t, ctx, "E<> false")
	setWorkers(t, ctx, 2)
	checkQuery(t, ctx, row)
	waitPage(t, ctx, `document.body.dataset.job === "checking" && document.body.dataset.workers === "2"`, 30*time.Second)
	// The button is pressed where it is now: the progress list grows as
	// the frames come, and a click at coordinates read a moment before
	// may miss it.
	Eval[bool](t, ctx, `(document.getElementById("cancel").click(), true)`)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.body.dataset.workers === "0"`, 2*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "Cancelled") {
		t.Errorf("status after cancel: %q", s)
	}
	row = addFormula(t, ctx, "E<> P(1).cs")
	r := checkSplit(t, ctx, row, 2, 60*time.Second)
	if !strings.Contains(r.marker, "satisfied") || r.workers != "2" {
		t.Errorf("after a cancel: marker %q, %q workers, want satisfied by 2", r.marker, r.workers)
	}
}

// The page's speed on one search split between two workers against one:
// Fischer's protocol with nine processes, every state explored (mutual
// exclusion holds), checked by one worker and by two, twice each in
// turn after a first check that warms the page's workers. The engine's
// times and the speedup are logged, never asserted (the machine is
// shared); the verdicts and the states stored are.
func TestPageSplitSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("measures for minutes")
	}
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/fischer-9.xta")
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "bfs")
	row := addFormula(t, ctx, "A[] not (P(1).cs and P(2).cs)")
	checkSplit(t, ctx, row, 2, 180*time.Second) // starts the spare helpers
	secs := map[int][]float64{}
	var first splitRun
	for _, k := range []int{1, 2, 1, 2} {
		start := time.Now()
		r := checkSplit(t, ctx, row, k, 180*time.Second)
		wall := time.Since(start).Seconds()
		if first.stored == "" {
			first = r
		} else if k == 2 {
			expectSameSearch(t, first, r, "satisfied")
		}
		var engine float64
		if _, err := fmt.Sscanf(text(t, ctx, "p-engine-time"), "%g s", &engine); err != nil {
			t.Fatalf("engine time %q: %v", text(t, ctx, "p-engine-time"), err)
		}
		t.Logf("fischer-9, %d worker(s): engine %.2f s, page %.2f s", k, engine, wall)
		secs[k] = append(secs[k], engine)
	}
	best := func(xs []float64) float64 { return min(xs[0], xs[1]) }
	t.Logf("fischer-9, A[] mutual exclusion, 81,035 states: best of two, 1 worker %.2f s, 2 workers %.2f s: speedup %.2f",
		best(secs[1]), best(secs[2]), best(secs[1])/best(secs[2]))
}

// A model with committed locations is searched twice for a trace, first
// passing through them, then storing every state: both runs are split,
// and the trace is as long as one worker's.
func TestPageSplitCommitted(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "crossing")
	pick(t, ctx, "order", "bfs")
	pick(t, ctx, "trace", "some")
	two := checkSplit(t, ctx, 0, 2, 60*time.Second)
	playToEnd(t, ctx, two.steps)
	one := checkSplit(t, ctx, 0, 1, 60*time.Second)
	if !strings.Contains(two.marker, "satisfied") || two.workers != "2" || two.steps == "" || two.steps != one.steps {
		t.Errorf("two workers: marker %q, %q workers, trace %q; one worker's trace %q", two.marker, two.workers, two.steps, one.steps)
	}
}
