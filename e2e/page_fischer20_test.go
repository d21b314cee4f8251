package e2e

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The pattern database where it pays: A* on a reachability query of
// Fischer's protocol with 20 processes, where the table takes seconds to
// compute and then the search explores a few dozen states; and the page
// choosing it for A* until the user picks a heuristic.

// fischer20 is a model of the shared corpus whose pattern database takes
// the page seconds to compute: about 8 s natively, 19 s in the worker.
const fischer20 = "../../shared/models/rra-fmics21/Fischer/fischer-20N.xml"

// heuristicMenu waits up to two seconds for the heuristic menu to show
// want (the page sets it a moment after the order or the query changes)
// and returns what it shows.
func heuristicMenu(t *testing.T, ctx context.Context, want string) string {
	t.Helper()
	cond := `document.getElementById("heuristic").value === "` + want + `"`
	// A timeout is no failure here: the caller compares what the menu shows.
	_, _ = chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(2*time.Second), chromedp.WithPollingInterval(20*time.Millisecond)))
	return Eval[string](t, ctx, `document.getElementById("heuristic").value`)
}

// checkFischer20 checks fischer-20N's first query, an E<> query whose
// shortest trace has 9 transitions, with A* and the pattern database,
// logs how long it took, and returns the phases the check went through
// and the states it explored.
func checkFischer20(t *testing.T, ctx context.Context) (phases []string, explored string) {
	t.Helper()
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", "pdb")
	pick(t, ctx, "trace", "shortest")
	recordPhases(t, ctx)
	start := time.Now()
	checkQuery(t, ctx, 0)
	// The table takes about 8 s natively and 19 s in the worker (two
	// cores); the wait is generous, and the whole test stays within
	// BrowserTimeout.
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied") && document.body.dataset.job === "idle"`, 150*time.Second)
	took := time.Since(start)
	waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 0 of 9"`, 10*time.Second)
	t.Logf("Check to verdict in %v: table %s; search's engine time %s; page's elapsed %s; %s states explored, %s stored",
		took.Round(10*time.Millisecond), text(t, ctx, "p-table"), text(t, ctx, "p-engine-time"),
		text(t, ctx, "p-elapsed"), text(t, ctx, "p-explored"), text(t, ctx, "p-stored"))
	return Eval[[]string](t, ctx, `window.phases`), text(t, ctx, "p-explored")
}

// uploadFischer20 opens fischer-20N and waits until it is drawn.
func uploadFischer20(t *testing.T, ctx context.Context) {
	t.Helper()
	upload(t, ctx, fischer20)
	waitDrawn(t, ctx)
}

// expectFromCache checks that a check after a reload, which went through
// phases and explored the states again, took its table from the cache
// and explored as many states as the first check.
func expectFromCache(t *testing.T, ctx context.Context, phases []string, again, explored string) {
	t.Helper()
	if slices.Contains(phases, "precomputing") {
		t.Errorf("after a reload the check went through phases %q, want no precomputing", phases)
	}
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "from the cache, ") {
		t.Errorf("after a reload the table is %q, want from the cache", got)
	}
	if again != explored {
		t.Errorf("after a reload %s states explored, first %s", again, explored)
	}
}

// The first check precomputes fischer-20N's pattern database and finds
// the 9-step shortest trace exploring few states; after a reload the
// table comes from the cache and the search explores the same states.
func TestPagePDBFischer20N(t *testing.T) {
	if _, err := os.Stat(fischer20); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	base := site(t)
	ctx := openPage(t, base)
	uploadFischer20(t, ctx)
	pick(t, ctx, "order", "astar")
	if got := heuristicMenu(t, ctx, "pdb"); got != "pdb" {
		t.Errorf("switching to A* left the heuristic menu on %q, want pdb preselected", got)
	}
	phases, explored := checkFischer20(t, ctx)
	if i := slices.Index(phases, "precomputing"); i < 0 || !slices.Contains(phases[i:], "searching") {
		t.Errorf("first check went through phases %q, want precomputing, then searching", phases)
	}
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "computed in ") {
		t.Errorf("first check's table: %q, want computed", got)
	}
	if n, err := strconv.Atoi(explored); err != nil || n > 2000 {
		t.Errorf("%q states explored, want at most 2,000", explored)
	}
	Screenshot(t, ctx, "page-pdb-fischer20.png")

	reopen(t, ctx, base)
	if name := text(t, ctx, "model-name"); name != filepath.Base(fischer20) {
		uploadFischer20(t, ctx) // the page does not keep an opened file across a reload
	} else {
		waitDrawn(t, ctx)
	}
	phases, again := checkFischer20(t, ctx)
	expectFromCache(t, ctx, phases, again, explored)
	Screenshot(t, ctx, "page-pdb-fischer20-cached.png")
}

// Switching the order to A* sets the heuristic menu on the pattern
// database for a reachability query, and says why, until the user picks a
// heuristic; the user's pick stays, until another model is loaded.
func TestPagePDBPreselected(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer-broken") // query 0 is A[] (mutual exclusion), query 2 A[] not deadlock
	pick(t, ctx, "order", "astar")
	if got := heuristicMenu(t, ctx, "pdb"); got != "pdb" {
		t.Fatalf("A* on an A[] query: heuristic %q, want pdb preselected", got)
	}
	if note := text(t, ctx, "table-note"); !strings.HasPrefix(note, "pattern database: precomputed once, then A* explores few states") {
		t.Errorf("beside the menu: %q, want why pdb", note)
	}
	Screenshot(t, ctx, "page-pdb-preselected.png")

	// Greedy search and a deadlock query get the catalog's suggestion.
	pick(t, ctx, "order", "gbfs")
	if got := heuristicMenu(t, ctx, "hl"); got != "hl" {
		t.Errorf("greedy search: heuristic %q, want the suggested hl", got)
	}
	pick(t, ctx, "order", "astar")
	heuristicMenu(t, ctx, "pdb")
	click(t, ctx, `#queries li[data-query="2"] .formula`)
	if got := heuristicMenu(t, ctx, "hl"); got != "hl" {
		t.Errorf("A* on A[] not deadlock: heuristic %q, want the suggested hl", got)
	}
	click(t, ctx, `#queries li[data-query="0"] .formula`)
	heuristicMenu(t, ctx, "pdb")

	// The user's pick stays across order changes.
	pick(t, ctx, "heuristic", "dl")
	pick(t, ctx, "order", "bfs")
	pick(t, ctx, "order", "astar")
	if got := heuristicMenu(t, ctx, "pdb"); got != "dl" {
		t.Errorf("after the user picked dl and switched orders: heuristic %q, want dl kept", got)
	}
	if note := text(t, ctx, "table-note"); strings.HasPrefix(note, "pattern database") {
		t.Errorf("beside the user's pick: %q", note)
	}
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied") && document.body.dataset.job === "idle"`, 60*time.Second)
	if got := text(t, ctx, "p-phase"); got != "done" {
		t.Errorf("phase %q after the check", got)
	}

	// A new model: the page chooses again.
	chooseExample(t, ctx, "fischer")
	// chooseExample may return while the last model still shows.
	waitPage(t, ctx, `document.getElementById("model-name").textContent === "fischer.xml"`, 30*time.Second)
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "bfs")
	pick(t, ctx, "order", "astar")
	if got := heuristicMenu(t, ctx, "pdb"); got != "pdb" {
		t.Errorf("A* after loading another model: heuristic %q, want pdb preselected", got)
	}
}
