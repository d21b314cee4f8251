package e2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// Precomputed tables in the page: the pattern database is computed in its
// own phase, kept in IndexedDB, and reused after a reload and by a share
// link; a proof by pruning is said plainly; a table over its budget stops
// with a way on.

// pick sets a menu or field of the options and tells the page, as a user
// choosing it does.
func pick(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change")); return s.value === %[2]q })()`, id, value))
}

// recordPhases makes the page collect, in window.phases, every value the
// progress list's phase takes from now on, however fast they follow each
// other (each is a new text node).
func recordPhases(t *testing.T, ctx context.Context) { recordField(t, ctx, "p-phase", "phases") }

// recordField makes the page collect, in window[list], every value the
// progress list's field id takes from now on.
func recordField(t *testing.T, ctx context.Context, id, list string) {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`(() => {
		const values = window[%[2]q] = [];
		new MutationObserver(records => {
			for (const r of records) {
				const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
				if (el && el.id === %[1]q) for (const n of r.addedNodes) values.push(n.textContent);
			}
		}).observe(document.getElementById("progress"), {subtree: true, childList: true, characterData: true});
		return true })()`, id, list))
}

// reopen loads url in the same tab (and so the same browser profile,
// IndexedDB included) and waits for the page to be ready, as openPage does.
func reopen(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	Navigate(t, ctx, "about:blank") // a URL that differs only in its fragment would not reload
	Navigate(t, ctx, url)
	WaitFor(t, ctx, `document.body.dataset.job !== "booting" && document.querySelector("#order option") !== null`, 30*time.Second)
}

func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`(document.getElementById(%q)||{}).textContent || ""`, id))
}

// checkBrokenWith checks fischer-broken's mutual exclusion with A* and a
// heuristic that precomputes a table, waits for its 6-step shortest
// trace, and returns the phases the check went through and the states
// it explored.
func checkBrokenWith(t *testing.T, ctx context.Context, heuristic string) (phases []string, explored string) {
	t.Helper()
	chooseExample(t, ctx, "fischer-broken")
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", heuristic)
	pick(t, ctx, "trace", "shortest")
	recordPhases(t, ctx)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied") && document.body.dataset.job === "idle"`, 60*time.Second)
	waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
	return Eval[[]string](t, ctx, `window.phases`), text(t, ctx, "p-explored")
}

// The first check precomputes the table in its own phase and keeps it;
// after a reload, and when a share link is opened, the check finds it in
// IndexedDB and skips the phase, with the same result. Clearing the cache
// empties IndexedDB.
func TestPagePDBTableCache(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base)
	phases, explored := checkBrokenWith(t, ctx, "pdb")
	if !slices.Contains(phases, "precomputing") || !slices.Contains(phases, "searching") {
		t.Errorf("first check went through phases %q, want precomputing, then searching", phases)
	}
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "computed in ") {
		t.Errorf("first check's table: %q, want computed", got)
	}
	waitPage(t, ctx, `document.getElementById("table-note").textContent.startsWith("cached table: ")`, 5*time.Second)
	note, total := text(t, ctx, "table-note"), text(t, ctx, "tables-total")
	if size := strings.TrimPrefix(note, "cached table: "); !strings.HasPrefix(total, "1 table, "+size) {
		t.Errorf("beside the menu %q, below %q: want one table of the same size", note, total)
	}
	Screenshot(t, ctx, "page-pdb-computed.png")

	reopen(t, ctx, base)
	phases, again := checkBrokenWith(t, ctx, "pdb")
	expectFromCache(t, ctx, phases, again, explored)
	Screenshot(t, ctx, "page-pdb-cached.png")

	// A share link of the trace reruns the check with the cached table.
	copyLink(t, ctx)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	reopen(t, ctx, url)
	waitPage(t, ctx, `document.body.dataset.step === "0" && document.body.dataset.job === "idle"`, 60*time.Second)
	if got := text(t, ctx, "p-table"); !strings.HasPrefix(got, "from the cache, ") {
		t.Errorf("the share link's check used the table %q, want from the cache", got)
	}
	if n := text(t, ctx, "notice"); !strings.Contains(n, "replays") {
		t.Errorf("notice %q, want the shared trace replayed", n)
	}

	click(t, ctx, "#clear-tables")
	waitPage(t, ctx, `document.getElementById("tables-total").textContent === "none"`, 5*time.Second)
	if n := Eval[int](t, ctx, `new Promise((ok, no) => {
		const r = indexedDB.open("beeline");
		r.onerror = () => no(r.error);
		r.onsuccess = () => {
			const c = r.result.transaction("tables").objectStore("tables").count();
			c.onsuccess = () => { ok(c.result); r.result.close() };
			c.onerror = () => no(c.error);
		};
	})`); n != 0 {
		t.Errorf("%d tables in IndexedDB after Clear cached tables", n)
	}
	if got := text(t, ctx, "table-note"); got != "no cached table: Check computes it first" {
		t.Errorf("beside the menu after clearing: %q", got)
	}
	if !Eval[bool](t, ctx, `document.getElementById("clear-tables").disabled`) {
		t.Error("Clear cached tables is enabled with nothing cached")
	}
}

// A* with the pattern database proves Fischer's mutual exclusion by
// pruning, and the page says so.
func TestPagePDBProof(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", "pdb")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied") && document.body.dataset.job === "idle"`, 60*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "Proved safe: 0 states explored, 1 pruned by the pattern database") {
		t.Errorf("status %q, want the proof said plainly", s)
	}
	if got := text(t, ctx, "p-pruned"); got != "1" {
		t.Errorf("states pruned %q, want 1", got)
	}
	Screenshot(t, ctx, "page-pdb-proof.png")
}

// A table over its budget stops the precomputation with a plain message,
// caches nothing, and the check goes on with another heuristic.
func TestPagePDBBudget(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer-broken")
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", "pdb")
	pick(t, ctx, "trace", "shortest")
	pick(t, ctx, "table-budget", "0.001") // about 1 KiB
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.getElementById("fallback") !== null && document.body.dataset.job === "idle"`, 60*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "precomputing pdb stopped: its table outgrew the budget of 1 KiB") {
		t.Errorf("status %q, want the budget said plainly", s)
	}
	if got := text(t, ctx, "fallback"); got != "Check with hL instead" {
		t.Errorf("the way on reads %q", got)
	}
	if got := text(t, ctx, "tables-total"); got != "none" {
		t.Errorf("cached tables: %q, want none", got)
	}
	if got := text(t, ctx, "p-table"); got != "not made" {
		t.Errorf("table %q, want not made", got)
	}
	Screenshot(t, ctx, "page-pdb-budget.png")
	click(t, ctx, "#fallback")
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied") && document.body.dataset.job === "idle"`, 60*time.Second)
	waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
	if got := Eval[string](t, ctx, `document.getElementById("heuristic").value`); got != "hl" {
		t.Errorf("heuristic %q after the way on, want hl", got)
	}
}

// fischer10 is a model of the shared corpus whose pattern database takes
// seconds to compute; tests that need one skip without it.
const fischer10 = "../../shared/models/rra-fmics21/Fischer/fischer-10N.xml"

// cancelPrecomputation opens model in a fresh page, checks its first query
// with A* and heuristic, presses Cancel after the precomputation has run
// for the given time, and checks that it stopped at once, said so, and
// left the table cancelled. It returns the page.
func cancelPrecomputation(t *testing.T, model, heuristic string, after time.Duration) context.Context {
	t.Helper()
	ctx := openPage(t, site(t))
	upload(t, ctx, model)
	waitDrawn(t, ctx)
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", heuristic)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "precomputing" && (document.getElementById("p-phase")||{}).textContent === "precomputing"`, 30*time.Second)
	time.Sleep(after)
	click(t, ctx, "#cancel")
	waitPage(t, ctx, `document.body.dataset.job === "idle"`, 2*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "Cancelled") {
		t.Errorf("status after cancel: %q", s)
	}
	if got := text(t, ctx, "p-table"); got != "cancelled" {
		t.Errorf("table %q after cancel, want cancelled", got)
	}
	return ctx
}

// Cancel during the precomputation stops it at once, and the next check
// runs in a fresh worker.
func TestPagePDBCancel(t *testing.T) {
	if _, err := os.Stat(fischer10); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := cancelPrecomputation(t, fischer10, "pdb", time.Second)
	time.Sleep(3 * time.Second) // a worker the browser could not stop would take the page down by now
	pick(t, ctx, "heuristic", "hl")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied") && document.body.dataset.job === "idle"`, 60*time.Second)
}
