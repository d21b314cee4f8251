package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"beeline/core/portfolio"
	"beeline/core/share"
)

// The auto order, the page's default: the page races the portfolio's
// members (core/portfolio), one worker each, on a reachability query;
// each member has a row in the table of the race, the winner is named,
// and no worker is left running once the result is shown
// (<body data-workers> counts the workers of jobs under way).

// hanoi5 is a model of the repository's own testdata, so the tests run
// without ../shared: moving five disks takes 94 moves at least, and the
// blind searches wander through thousands of states on the way.
const hanoi5 = "../testdata/models/hanoi/hanoi-5.xml"

// watchRace makes the page record, in window.raceSeen, the most rows of
// the race's table that said "running" at once and the most live
// workers, from now on, however briefly.
func watchRace(t *testing.T, ctx context.Context) {
	t.Helper()
	Eval[bool](t, ctx, `(() => {
		const seen = window.raceSeen = {running: 0, workers: 0, rows: 0};
		const look = () => {
			const rows = document.querySelectorAll("#race-rows tr");
			seen.rows = Math.max(seen.rows, rows.length);
			seen.running = Math.max(seen.running, [...rows].filter(r => r.dataset.state === "running").length);
			seen.workers = Math.max(seen.workers, +(document.body.dataset.workers || 0));
		};
		new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-state", "data-workers"]});
		return true })()`)
}

type raceSeen struct {
	Running int `json:"running"`
	Workers int `json:"workers"`
	Rows    int `json:"rows"`
}

// raceRows returns the table of the race: each row's member name, state
// and cells' text.
func raceRows(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	return Eval[[][]string](t, ctx, `[...document.querySelectorAll("#race-rows tr")].map(r => [r.dataset.member, r.dataset.state, ...[...r.cells].map(c => c.textContent)])`)
}

// labelOf returns the label of the member called name in members.
func labelOf(members []portfolio.Member, name string) (string, bool) {
	for _, m := range members {
		if m.Name() == name {
			return m.Label, m.Shortest
		}
	}
	return "", false
}

// A shortest trace asked of the auto order on Hanoi: two members search
// at once (the test machine has two cores, the page races on two
// workers at least), each member has its row, the winner is a member
// that guarantees a shortest trace, its trace is as long as breadth-first
// search's, the losers are stopped, no worker is left running, and the
// share link names the winner.
func TestPageAutoShortest(t *testing.T) {
	ctx := openPage(t, site(t))
	if o := Eval[string](t, ctx, `document.getElementById("order").value`); o != "auto" {
		t.Fatalf("the order menu starts on %q, want auto", o)
	}
	upload(t, ctx, hanoi5)
	waitDrawn(t, ctx)
	pick(t, ctx, "trace", "shortest")
	watchRace(t, ctx)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied") && document.body.dataset.job === "idle"`, 120*time.Second)
	waitPage(t, ctx, `document.body.dataset.workers === "0"`, 5*time.Second)

	members := portfolio.Members(true)
	rows := raceRows(t, ctx)
	if len(rows) != len(members) {
		t.Fatalf("the race's table has %d rows, want one per member (%d): %q", len(rows), len(members), rows)
	}
	for i, m := range members {
		if rows[i][0] != m.Name() || rows[i][2] != m.Label {
			t.Errorf("row %d is %q %q, want %q %q", i, rows[i][0], rows[i][2], m.Name(), m.Label)
		}
		switch rows[i][1] {
		case "won", "stopped", "failed", "not started":
		default:
			t.Errorf("after the race, %s is %q", m.Label, rows[i][1])
		}
	}
	seen := Eval[raceSeen](t, ctx, `window.raceSeen`)
	if seen.Running < 2 || seen.Workers < 2 {
		t.Errorf("at most %d members ran at once, on %d workers: want 2 at least", seen.Running, seen.Workers)
	}
	winner := Eval[string](t, ctx, `document.getElementById("race").dataset.winner || ""`)
	label, shortest := labelOf(members, winner)
	if label == "" || !shortest {
		t.Fatalf("the winner is %q (%q), want a member that guarantees a shortest trace", winner, label)
	}
	won := 0
	for _, r := range rows {
		if r[1] == "won" {
			won++
			if r[0] != winner {
				t.Errorf("row %q says won, the winner is %q", r[0], winner)
			}
		}
	}
	if won != 1 {
		t.Errorf("%d rows say won, want 1: %q", won, rows)
	}
	if s := text(t, ctx, "race-summary"); !strings.Contains(s, "decided by "+label) {
		t.Errorf("the race's title says %q, want it to name %s", s, label)
	}
	if s := text(t, ctx, "status"); !strings.Contains(s, "Decided by "+label) || strings.Contains(s, "not known to be shortest") {
		t.Errorf("status %q, want the winner named and the trace shortest", s)
	}
	waitPage(t, ctx, `document.getElementById("step-of").textContent.startsWith("state 0 of ")`, 10*time.Second)
	auto := text(t, ctx, "step-of")
	t.Logf("the race: %q; at most %d running at once", rows, seen.Running)
	Screenshot(t, ctx, "page-auto-race.png")
	// The table is reached by the keyboard (its summary folds it) and
	// passes the page's audit (names, contrast).
	if !Eval[bool](t, ctx, `(() => { const s = document.getElementById("race-summary"); s.focus(); return document.activeElement === s })()`) {
		t.Error("the race's summary takes no keyboard focus")
	}
	for _, p := range Eval[[]string](t, ctx, auditJS) {
		t.Errorf("after the race: %s", p)
	}

	// The link names the winner, and carries its trace.
	copyLink(t, ctx)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	_, frag, _ := strings.Cut(url, "#")
	l, err := share.Decode(frag)
	if err != nil {
		t.Fatalf("the share link: %v", err)
	}
	if l.Winner != winner || fmt.Sprintf("state 0 of %d", len(l.Steps)) != auto {
		t.Errorf("the link names %q with %d steps, want %q and %s", l.Winner, len(l.Steps), winner, auto)
	}

	// Breadth-first search's shortest trace is as long: 94 moves.
	pick(t, ctx, "order", "bfs")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("race").hidden && document.getElementById("p-phase").textContent === "done"`, 120*time.Second)
	waitPage(t, ctx, `document.getElementById("step-of").textContent.startsWith("state 0 of ")`, 10*time.Second)
	if bfs := text(t, ctx, "step-of"); bfs != auto || bfs != "state 0 of 94" {
		t.Errorf("breadth-first search's trace: %q, the auto order's: %q; want both of 94 steps", bfs, auto)
	}
	Screenshot(t, ctx, "page-auto-shortest.png")

	// The link opened in a fresh page names the winner, and checks with
	// it alone: the trace replays.
	ctx2 := openPage(t, url)
	waitPage(t, ctx2, `document.body.dataset.job === "idle" && document.getElementById("notice").textContent.includes("replays")`, 120*time.Second)
	if s := text(t, ctx2, "race-summary"); !strings.Contains(s, "decided by "+label) {
		t.Errorf("the link's page says %q, want it to name %s", s, label)
	}
	if n := len(raceRows(t, ctx2)); n != 1 {
		t.Errorf("the link's page raced %d members, want its winner alone", n)
	}
}

// Cancel stops the whole race: every worker of it is terminated, and the
// members that ran or waited say they were stopped.
func TestPageAutoCancel(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "../testdata/models/hanoi/hanoi-7.xml")
	waitDrawn(t, ctx)
	pick(t, ctx, "trace", "shortest")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelectorAll('#race-rows tr[data-state="running"]').length >= 2 && +document.body.dataset.workers >= 2`, 60*time.Second)
	click(t, ctx, "#cancel")
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.body.dataset.workers === "0"`, 10*time.Second)
	rows := raceRows(t, ctx)
	stopped := 0
	for _, r := range rows {
		switch r[1] {
		case "stopped":
			stopped++
		case "running", "waiting", "queued":
			t.Errorf("after Cancel, %s is %q", r[0], r[1])
		}
	}
	if stopped < 2 {
		t.Errorf("%d members say stopped after Cancel, want every one that ran: %q", stopped, rows)
	}
	if s := text(t, ctx, "status"); !strings.HasPrefix(s, "Cancelled.") {
		t.Errorf("status %q after Cancel", s)
	}
	// Still no worker a second later: nothing started after Cancel.
	time.Sleep(time.Second)
	if n := Eval[string](t, ctx, `document.body.dataset.workers`); n != "0" {
		t.Errorf("%s workers run a second after Cancel", n)
	}
}

// A proof by pruned dead ends is explained whichever member made it: the
// counters example's query, which breadth-first search would spend
// millions of states on, is proved unreachable by a member whose
// heuristic sees that no state can reach it, and the result says which
// and with what counts.
func TestPageAutoProof(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "counters")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 60*time.Second)
	waitPage(t, ctx, `document.body.dataset.workers === "0"`, 5*time.Second)
	winner := Eval[string](t, ctx, `document.getElementById("race").dataset.winner || ""`)
	label, _ := labelOf(portfolio.Members(false), winner)
	if label == "" {
		t.Fatalf("no winner named: %q", winner)
	}
	s := text(t, ctx, "status")
	if !strings.Contains(s, "Decided by "+label) || !strings.Contains(s, "Proved unreachable: ") || !strings.Contains(s, " pruned ") {
		t.Errorf("status %q, want the proof by %s explained with its counts", s, label)
	}
}
