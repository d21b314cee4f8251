package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"beeline/core/engine"
	"beeline/core/job"
	"beeline/core/present"
	"beeline/core/verify"
	"beeline/internal/webserver"
)

// Check all and Check of a selection: every query checked in order, each
// in its own worker, its verdict equal to the CLI's, one summary line
// counting them; Cancel leaving the rest unchecked; and a model opened
// with its own .q (uploaded, or ?queries=) listing each query once.

// The project's Fischer with a .q that repeats its queries, spaced
// differently, and adds five: two not satisfied, one with a trace, a
// sup query and a statistical one the page skips.
const (
	fischerModel   = "../testdata/models/fischer.xml"
	fischerQueries = "testdata/checkall.q"
)

// The counters example with a quick query, a long one and a quick one.
const (
	countersModel   = "../web/examples/counters.xta"
	countersQueries = "testdata/checkall-cancel.q"
)

// queryRowJS lists the query rows as {f: formula, v: marker label}.
const queryRowJS = `[...document.querySelectorAll("#queries li")].map(li => { const f = li.querySelector(".formula"); const ed = f && f.querySelector("textarea, input"); return {f: (ed ? ed.value : f.textContent).trim().split(/\s+/).join(" "), v: li.querySelector(".marker").getAttribute("aria-label") || "", s: (li.querySelector(".notes .stats") || {}).textContent || "", sel: li.classList.contains("selected")} })`

type queryRowState struct {
	F   string `json:"f"`
	V   string `json:"v"`
	S   string `json:"s"`
	Sel bool   `json:"sel"`
}

func queryRows(t *testing.T, ctx context.Context) []queryRowState {
	t.Helper()
	return Eval[[]queryRowState](t, ctx, queryRowJS)
}

// verdictWord is a row's marker label as the CLI words a verdict:
// "satisfied", "not satisfied", "unknown", "error", "answered",
// "skipped" or "not checked".
func verdictWord(label string) string {
	switch {
	case strings.HasPrefix(label, "cannot be checked"):
		return "skipped"
	case strings.HasPrefix(label, "answered"):
		return "answered"
	}
	return label
}

// cliVerdicts checks every query of a model and its query files with
// the engine the CLI runs (core/job, as `beeline check`), and returns
// the verdicts by formula (white space folded), in the words of
// verdictWord.
func cliVerdicts(t *testing.T, model string, queryFiles ...string) map[string]string {
	t.Helper()
	read := func(p string) job.File {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return job.File{Name: path.Base(p), Data: data}
	}
	var qfs []job.File
	for _, q := range queryFiles {
		qfs = append(qfs, read(q))
	}
	l := job.Load(read(model), qfs...)
	out := map[string]string{}
	for _, q := range l.Queries {
		o := l.Check(context.Background(), q, verify.Options{})
		v := present.Verdict(o).String()
		switch {
		case o.Skipped && !q.Failed:
			v = "skipped"
		case o.Result != nil && len(o.Result.Values) > 0:
			v = "answered"
		}
		out[q.Text] = v
	}
	return out
}

// summaryOf counts verdicts in words as the page's summary line does.
func summaryOf(words []string) string {
	n := map[string]int{}
	for _, w := range words {
		n[w]++
	}
	var parts []string
	for _, w := range []string{"satisfied", "not satisfied", "unknown", "answered", "error", "skipped", "cancelled"} {
		if n[w] > 0 {
			word := w
			if w == "error" && n[w] > 1 {
				word = "errors"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n[w], word))
		}
	}
	return fmt.Sprintf("%d queries: %s", len(words), strings.Join(parts, ", "))
}

// checkAllAndCompare presses Check all, waits for the run's end, and
// compares every row's verdict with the CLI's and the summary line with
// their count. It returns the rows.
func checkAllAndCompare(t *testing.T, ctx context.Context, native map[string]string, timeout time.Duration) []queryRowState {
	t.Helper()
	waitPage(t, ctx, `document.body.dataset.job === "idle" && !document.getElementById("check-all").disabled`, 30*time.Second)
	start := time.Now()
	click(t, ctx, "#check-all")
	waitPage(t, ctx, `document.getElementById("summary").dataset.state === "done" && document.body.dataset.job === "idle"`, timeout)
	t.Logf("Check all took %v", time.Since(start).Round(time.Millisecond))
	rows := queryRows(t, ctx)
	var words []string
	for _, r := range rows {
		got, want := verdictWord(r.V), native[r.F]
		if want == "" {
			t.Errorf("%s: not among the CLI's queries", r.F)
		} else if got != want {
			t.Errorf("%s: the page says %q (%s), the CLI %q", r.F, got, r.V, want)
		}
		if got != "skipped" && !strings.Contains(r.S, "states explored") {
			t.Errorf("%s: the row shows %q, want the states explored and the time", r.F, r.S)
		}
		words = append(words, got)
	}
	if got, want := text(t, ctx, "summary"), summaryOf(words); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	if n := summaryLines(t, ctx); n != 1 {
		t.Errorf("%d summary lines on the page, want one", n)
	}
	return rows
}

// summaryLines counts the page's elements whose own text is a summary
// ("14 queries: …").
func summaryLines(t *testing.T, ctx context.Context) int {
	return Eval[int](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.offsetParent !== null && [...e.childNodes].some(n => n.nodeType === 3 && /^\d+ quer(y|ies):/.test(n.textContent.trim()))).length`)
}

// The project's Fischer with a .q repeating its queries: each is listed
// once; Check all gives the CLI's verdicts and one summary line; the
// simulator shows the last trace found and a row's Trace shows its own;
// Space and Shift+arrows select rows, and Check checks only those.
func TestPageCheckAllFischer(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, fischerModel, fischerQueries)
	waitDrawn(t, ctx)
	native := cliVerdicts(t, fischerModel, fischerQueries)
	rows := queryRows(t, ctx)
	if len(rows) != 8 {
		t.Fatalf("%d queries listed, want fischer's 3 and the .q's 5 new ones: %+v", len(rows), rows)
	}
	rows = checkAllAndCompare(t, ctx, native, 60*time.Second)
	if got, want := text(t, ctx, "summary"), "8 queries: 4 satisfied, 2 not satisfied, 1 answered, 1 skipped"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	// The last query with a trace is E<> P(2).cs (the sup query has none).
	if got := text(t, ctx, "trace-title"); !strings.HasPrefix(got, "for E<> P(2).cs (") {
		t.Errorf("the simulator shows the trace %q, want the last one found, of E<> P(2).cs", got)
	}
	i := queryAt(t, ctx, "A[] not P(1).cs")
	click(t, ctx, fmt.Sprintf(`#queries li[data-query="%d"] button.row-trace`, i))
	waitPage(t, ctx, `document.getElementById("trace-title").textContent.startsWith("for A[] not P(1).cs (")`, 5*time.Second)
	Screenshot(t, ctx, "page-checkall-fischer.png")
	for _, p := range Eval[[]string](t, ctx, auditJS) {
		t.Errorf("after Check all: %s", p)
	}

	// Space adds row 3 to the selection (row 0, the first, is selected);
	// an arrow moves to row 4 alone, Shift+Down adds row 5.
	Eval[bool](t, ctx, `(document.querySelector('#queries li[data-query="3"]').focus(), true)`)
	press(t, ctx, " ")
	if got := selectedRows(t, ctx); got != "0 3" {
		t.Errorf("after Space on row 3, rows %q selected, want 0 3", got)
	}
	press(t, ctx, kb.ArrowDown)
	pressWith(t, ctx, kb.ArrowDown, chromedp.ModifierShift)
	if got := selectedRows(t, ctx); got != "4 5" {
		t.Errorf("after Down and Shift+Down, rows %q selected, want 4 5", got)
	}
	if got := text(t, ctx, "check"); got != "Check 2 queries" {
		t.Errorf("the Check button reads %q", got)
	}
	// A click selects one row; Shift-click from there a range; a
	// Ctrl-click (a PointerEvent, as Chromium sends) adds row 7, the
	// statistical query, which is skipped.
	clickSteady(t, ctx, `#queries li[data-query="2"] .marker`)
	if got := selectedRows(t, ctx); got != "2" {
		t.Errorf("after a click on row 2, rows %q selected, want 2", got)
	}
	clickWith(t, ctx, 4, "shiftKey")
	if got := selectedRows(t, ctx); got != "2 3 4" {
		t.Errorf("after a Shift-click on row 4, rows %q selected, want 2 3 4", got)
	}
	click(t, ctx, `#queries li[data-query="4"] .marker`)
	pressWith(t, ctx, kb.ArrowDown, chromedp.ModifierShift)
	clickWith(t, ctx, 7, "ctrlKey")
	if got := selectedRows(t, ctx); got != "4 5 7" {
		t.Errorf("after Ctrl-click on row 7, rows %q selected, want 4 5 7", got)
	}
	click(t, ctx, "#check")
	waitPage(t, ctx, `document.getElementById("summary").dataset.state === "done" && document.body.dataset.job === "idle"`, 30*time.Second)
	want := summaryOf([]string{verdictWord(rows[4].V), verdictWord(rows[5].V), "skipped"})
	if got := text(t, ctx, "summary"); got != want {
		t.Errorf("after Check of rows 4, 5 and 7, summary %q, want %q", got, want)
	}
	for j, r := range queryRows(t, ctx) {
		if verdictWord(r.V) != verdictWord(rows[j].V) {
			t.Errorf("row %d reads %q after checking the selection, %q before", j, r.V, rows[j].V)
		}
	}
	// A row's own Check checks it alone: no summary line.
	checkQuery(t, ctx, 1)
	waitPage(t, ctx, `document.getElementById("summary").hidden && document.body.dataset.job === "idle" && document.querySelector('#queries li[data-query="1"] .marker').classList.contains("satisfied")`, 30*time.Second)
}

// clickWith clicks row i's marker with a modifier key held ("ctrlKey",
// "shiftKey"), as Chromium does: a PointerEvent.
func clickWith(t *testing.T, ctx context.Context, i int, key string) {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"] .marker').dispatchEvent(new PointerEvent("click", {bubbles: true, %s: true}))`, i, key))
}

// clickSteady clicks the element sel once its place on the screen has
// stayed the same for three frames (at most 2 s): the simulator's layout
// may still be settling after a trace was shown, and a click computed on
// a moving list lands on another row.
func clickSteady(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	Eval[bool](t, ctx, fmt.Sprintf(`new Promise(done => {
		const el = document.querySelector(%q), end = performance.now() + 2000;
		let last = "", same = 0;
		const look = () => {
			const r = el.getBoundingClientRect(), now = [r.x, r.y, r.width, r.height].join();
			same = now === last ? same + 1 : 0;
			last = now;
			if (same >= 3 || performance.now() > end) { done(true); } else { requestAnimationFrame(look); }
		};
		requestAnimationFrame(look);
	})`, sel))
	click(t, ctx, sel)
}

// selectedRows lists the rows selected, as "0 3".
func selectedRows(t *testing.T, ctx context.Context) string {
	return Eval[string](t, ctx, `[...document.querySelectorAll("#queries li.selected")].map(li => li.dataset.query).join(" ")`)
}

// Cancel during Check all stops the query being checked and leaves the
// rest unchecked; the summary counts them as cancelled.
func TestPageCheckAllCancel(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, countersModel, countersQueries)
	waitDrawn(t, ctx)
	if n := len(queryRows(t, ctx)); n != 3 {
		t.Fatalf("%d queries listed, want 3", n)
	}
	// The second query is long for a blind search only: the auto order
	// (the page's default) may prove it at once with a heuristic.
	pick(t, ctx, "order", "bfs")
	click(t, ctx, "#check-all")
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="1"] .marker').classList.contains("running") && Number((document.getElementById("p-explored")||{}).textContent) > 0`, 30*time.Second)
	if got := text(t, ctx, "summary"); got != "3 queries: 1 satisfied; checking 2 of 3…" {
		t.Errorf("summary while the second query runs: %q", got)
	}
	if m := Eval[string](t, ctx, `document.querySelector('#queries li[data-query="2"] .marker').getAttribute("aria-label")`); m != "queued" {
		t.Errorf("the third query's marker says %q while the second runs, want queued", m)
	}
	click(t, ctx, "#cancel")
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("summary").dataset.state === "done"`, 5*time.Second)
	rows := queryRows(t, ctx)
	for i, want := range []string{"satisfied", "not checked", "not checked"} {
		if rows[i].V != want {
			t.Errorf("row %d: %q after Cancel, want %q", i, rows[i].V, want)
		}
	}
	if got := text(t, ctx, "summary"); got != "3 queries: 1 satisfied, 2 cancelled" {
		t.Errorf("summary after Cancel: %q", got)
	}
	if s := text(t, ctx, "status"); !strings.Contains(s, "Cancelled") {
		t.Errorf("status after Cancel: %q", s)
	}
	// The next run starts at once, in a fresh worker.
	checkQuery(t, ctx, 2)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.querySelector('#queries li[data-query="2"] .marker').classList.contains("satisfied")`, 30*time.Second)
}

// An edit of the model during Check all lets the query being checked
// end, reported as for the previous version, and checks no other: the
// summary counts both as cancelled and says why.
func TestPageCheckAllStoppedByEdit(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/fischer-9.xta")
	waitDrawn(t, ctx)
	for _, f := range []string{"E<> false", "E<> P(1).cs"} {
		click(t, ctx, "#new-query")
		TypeKeys(t, ctx, f+"\r")
		waitPage(t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#queries li .formula")].some(f => (f.querySelector("textarea, input") || f).textContent.trim() === %q || ((f.querySelector("textarea, input") || {}).value || "").trim() === %[1]q)`, f), 5*time.Second)
	}
	if n := len(queryRows(t, ctx)); n != 2 {
		t.Fatalf("%d queries listed, want the 2 added", n)
	}
	// E<> false is long for a blind search only (see above).
	pick(t, ctx, "order", "bfs")
	click(t, ctx, "#check-all")
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("running") && Number((document.getElementById("p-explored")||{}).textContent) > 0`, 30*time.Second)
	click(t, ctx, `#parts button[data-part="decl"]`)
	selectIn(t, ctx, partEditor("decl"), "k = 2", 4, 1)
	TypeKeys(t, ctx, "3")
	if Eval[string](t, ctx, `document.body.dataset.job`) != "checking" || !Eval[bool](t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("running")`) {
		t.Skip("the first check ended before the edit: this machine is too fast for the test")
	}
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("summary").dataset.state === "done"`, 120*time.Second)
	if s := text(t, ctx, "status"); !strings.Contains(s, "previous version") {
		t.Errorf("status %q, want the result reported as the previous version's", s)
	}
	for i, r := range queryRows(t, ctx) {
		if r.V != "not checked" {
			t.Errorf("row %d (%s) reads %q after the edit, want not checked", i, r.F, r.V)
		}
	}
	if got, want := text(t, ctx, "summary"), "2 queries: 2 cancelled (the model was edited)"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

// Train-gate's 14 queries: Check all gives the CLI's verdicts and one
// summary line.
func TestPageCheckAllTrainGate(t *testing.T) {
	if _, err := os.Stat(trainGate); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := openPage(t, site(t))
	upload(t, ctx, trainGate)
	waitDrawn(t, ctx)
	native := cliVerdicts(t, trainGate)
	if len(native) != 14 {
		t.Fatalf("the CLI lists %d queries of train-gate, want 14", len(native))
	}
	if n := len(queryRows(t, ctx)); n != 14 {
		t.Fatalf("%d queries listed, want 14", n)
	}
	checkAllAndCompare(t, ctx, native, 4*time.Minute)
	t.Logf("summary: %s", text(t, ctx, "summary"))
	Screenshot(t, ctx, "page-checkall-train-gate.png")
}

// ?model= with ?queries= naming the model's own queries as a .q (as
// UPPAAL saves them) lists each query once: train-gate's 14 when the
// shared models are there, and the project's Fischer with its .q.
func TestPageQueriesParamNoRepeats(t *testing.T) {
	extra := fstest.MapFS{}
	add := func(name, from string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		extra["web/x/"+name] = &fstest.MapFile{Data: data}
	}
	add("fischer.xml", fischerModel)
	add("checkall.q", fischerQueries)
	cases := []struct {
		model, queries string
		want           int
	}{{"fischer.xml", "checkall.q", 8}}
	if _, err := os.Stat(trainGate); err == nil {
		add("train-gate.xml", trainGate)
		extra["web/x/train-gate.q"] = &fstest.MapFile{Data: ownQueries(t, trainGate)}
		cases = append(cases, struct {
			model, queries string
			want           int
		}{"train-gate.xml", "train-gate.q", 14})
	} else {
		t.Logf("the shared models are absent (%v): train-gate not tried", err)
	}
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	base := serveWith(t, root, extra)
	for _, c := range cases {
		t.Run(c.model, func(t *testing.T) {
			ctx := openPage(t, base+"/?model=/web/x/"+c.model+"&queries=/web/x/"+c.queries)
			waitDrawn(t, ctx)
			rows := queryRows(t, ctx)
			seen := map[string]bool{}
			for _, r := range rows {
				if seen[r.F] {
					t.Errorf("%s is listed twice", r.F)
				}
				seen[r.F] = true
			}
			if len(rows) != c.want {
				t.Errorf("%d queries listed, want %d", len(rows), c.want)
			}
		})
	}
}

// ownQueries writes a model's own queries as a .q file, each after its
// comment, as UPPAAL saves them.
func ownQueries(t *testing.T, model string) []byte {
	t.Helper()
	data, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	l := job.Load(job.File{Name: path.Base(model), Data: data})
	var b strings.Builder
	b.WriteString("//This file was generated from a model's own queries\n\n")
	for _, q := range l.Queries {
		fmt.Fprintf(&b, "/*\n%s\n*/\n%s\n\n", q.Comment, q.Text)
	}
	return []byte(b.String())
}

// serveWith serves root as StartServer does, with the files of extra
// (paths under web/) beside its own.
func serveWith(t *testing.T, root string, extra fstest.MapFS) string {
	t.Helper()
	files, err := webserver.DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	return ServeHandler(t, webserver.New(webserver.Options{Files: overlayFS{extra, files}, API: engine.New(engine.Options{})}))
}

// overlayFS serves top's files, and under's where top has none.
type overlayFS struct {
	top   fs.FS
	under fs.FS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		return f, nil
	}
	return o.under.Open(name)
}
