package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The page against the native engine, in one run on one machine: opening
// models, a 2-state query, train-gate's six leads-to queries, CSMA/CD
// 20N's query and a share link's replay, each timed in the page and by
// the command line; and the main thread's long tasks (over 100 ms) while
// the page does it. Times are logged, as a table, never asserted (the
// machine is shared); what is asserted is structural: the page's verdicts
// are the command line's, a second visit downloads no wasm, and opening a
// model (or a share link) reads the engine's answer once and draws it
// once.

// twoDoors is UPPAAL's 2doors demo, from the shared corpus.
const twoDoors = "../../shared/models/uppaal-demos/2doors.xml"

// speedModels are the models opened, by the name the test server gives
// them under web/speed/.
var speedModels = []struct{ name, path string }{
	{"2doors.xml", twoDoors},
	{"train-gate.xml", trainGate},
	{"csma-20N.xml", csma20},
}

// speedProbe is run in every document before the page's scripts: it
// records the main thread's long tasks in window.__longTasks, and
// window.__until(f) resolves with the time (performance.now()) at which
// f() first returns true, looking after every change of the document and
// every 5 ms.
const speedProbe = `
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
window.__until = (f) => new Promise((resolve) => {
  let done = false;
  const look = () => {
    if (done) return;
    let ok = false;
    try { ok = f(); } catch (e) {}
    if (ok) { done = true; obs.disconnect(); clearInterval(timer); resolve(performance.now()); }
  };
  const obs = new MutationObserver(look);
  obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const timer = setInterval(look, 5);
  look();
});
window.__tasksOver = (ms, from, to) => window.__longTasks.filter(([s, d]) => d > ms && s + d >= from && s <= to).map(([s, d]) => Math.round(d));
`

// speedRow is one line of the table the test logs.
type speedRow struct {
	what          string
	page, native  time.Duration
	longTasks     []int // durations in ms of the main thread's tasks over 100 ms
	note          string
	nativeMissing bool
}

func TestPageSpeed(t *testing.T) {
	for _, m := range speedModels {
		if _, err := os.Stat(m.path); err != nil {
			t.Skipf("the shared corpus is absent (%s): %v", m.path, err)
		}
	}
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	cli := buildBeeline(t)
	base := speedServer(t, root)
	ctx := StartBrowser(t)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: speedProbe})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	var rows []speedRow
	defer func() { logSpeed(t, rows) }()

	// First visit: nothing cached.
	Navigate(t, ctx, base)
	ready := waitReady(t, ctx)
	rows = append(rows, speedRow{what: "first visit: page ready", page: ms(ready), longTasks: tasks(t, ctx, 0, ready), nativeMissing: true, note: firstVisit(t, ctx)})

	// Open each model by a ?model= link; the engine comes from the cache.
	for _, m := range speedModels {
		Navigate(t, ctx, base+"?model=/web/speed/"+m.name)
		drawn := waitOpened(t, ctx, m.name)
		rows = append(rows, speedRow{what: "open ?model=" + m.name + " (link to drawn)", page: ms(drawn), native: nativeRun(t, cli, "parse", m.path), longTasks: tasks(t, ctx, 0, drawn)})
		if strings.HasPrefix(m.name, "2doors") {
			assertNoWasm(t, ctx)
		}
	}
	// Open each model in the page already loaded (engine warm).
	for _, m := range speedModels {
		t0 := Eval[float64](t, ctx, `performance.now()`)
		Eval[bool](t, ctx, `(document.getElementById("model-name").textContent = "", true)`)
		upload(t, ctx, m.path)
		drawn := waitOpened(t, ctx, m.name)
		rows = append(rows, speedRow{what: "open " + m.name + " in a loaded page", page: ms(drawn - t0), native: nativeRun(t, cli, "parse", m.path), longTasks: tasks(t, ctx, t0, drawn)})
		assertOnce(t, ctx, m.name, t0)
	}

	// train-gate's queries: the 2-state one, then the six leads-to.
	upload(t, ctx, trainGate)
	waitOpened(t, ctx, "train-gate.xml")
	for _, q := range []int{0, 7, 8, 9, 10, 11, 12} {
		// Breadth-first search in both: the command line's default, and
		// what the page checked with before the auto order was its own.
		rows = append(rows, checkTimed(t, ctx, cli, trainGate, q, []string{"--search", "bfs"}))
	}

	// CSMA/CD 20N's query with greedy search and hU (its pattern database
	// takes seconds natively), then its share link.
	upload(t, ctx, csma20)
	waitOpened(t, ctx, "csma-20N.xml")
	rows = append(rows, checkTimed(t, ctx, cli, csma20, 0, []string{"--search", "gbfs", "--heuristic", "hu"}))
	waitPage(t, ctx, `!document.getElementById("simulator").hidden`, 10*time.Second)
	copyLink(t, ctx)
	link := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	if !strings.Contains(link, "#b1.") {
		t.Fatalf("share link %q carries no payload", link)
	}
	Navigate(t, ctx, "about:blank") // a new document, so the link loads whole
	Navigate(t, ctx, link)
	replayed := Eval[float64](t, ctx, `__until(() => document.body.dataset.job === "idle" && document.getElementById("notice").textContent.includes("replays"))`)
	rows = append(rows, speedRow{what: "share link of csma-20N's trace (link to replayed)", page: ms(replayed), native: nativeRun(t, cli, "check", csma20, "--query", "0", "--search", "gbfs", "--heuristic", "hu"), longTasks: tasks(t, ctx, 0, replayed)})
	assertOnce(t, ctx, "csma-20N's share link", 0)
}

// waitReady waits until the page is idle with its menus filled, and
// returns when that was.
func waitReady(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	return Eval[float64](t, ctx, `__until(() => document.body.dataset.job === "idle" && document.querySelector("#order option") !== null)`)
}

// waitOpened waits until the model named name is drawn and the page
// idle, and returns when that was.
func waitOpened(t *testing.T, ctx context.Context, name string) float64 {
	t.Helper()
	WaitFor(t, ctx, `typeof __until === "function"`, 30*time.Second)
	return Eval[float64](t, ctx, fmt.Sprintf(`__until(() => document.body.dataset.job === "idle" && document.getElementById("model-name").textContent === %q && document.querySelectorAll("#drawings svg").length > 0 && document.querySelectorAll("#queries li[data-query]").length > 0)`, name))
}

// checkTimed checks query q of the model shown, from the click on its
// Check button to its verdict, and compares the verdict with the command
// line's (run with the extra flags, which the page is set to as well).
func checkTimed(t *testing.T, ctx context.Context, cli, model string, q int, flags []string) speedRow {
	t.Helper()
	if len(flags) >= 2 {
		pick(t, ctx, "order", flags[1])
	}
	if len(flags) == 4 {
		pick(t, ctx, "heuristic", flags[3])
	}
	marker := fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"] .marker')`, q)
	t0 := Eval[float64](t, ctx, fmt.Sprintf(`(() => { const t = performance.now(); document.querySelector('#queries li[data-query="%d"] button').click(); return t })()`, q))
	end := Eval[float64](t, ctx, fmt.Sprintf(`__until(() => document.body.dataset.job === "idle" && /(^| )(satisfied|not-satisfied)( |$)/.test(%s.className))`, marker))
	verdict := Eval[string](t, ctx, marker+`.classList.contains("not-satisfied") ? "not satisfied" : "satisfied"`)
	args := append([]string{"check", model, "--query", fmt.Sprint(q), "--json"}, flags...)
	start := time.Now()
	out, err := exec.Command(cli, args...).Output()
	native := time.Since(start)
	if err != nil {
		t.Fatalf("beeline %s: %v", strings.Join(args, " "), err)
	}
	var res struct {
		Queries []struct{ Formula, Verdict string }
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Queries) != 1 {
		t.Fatalf("beeline check --json: %v: %s", err, out)
	}
	if want := res.Queries[0].Verdict; want != verdict {
		t.Errorf("query %d (%s): the page says %s, the command line %s", q, res.Queries[0].Formula, verdict, want)
	}
	first := Eval[string](t, ctx, `(() => { const m = document.getElementById("load-metrics"), d = m ? m.dataset : {}; return d.jobFirstFrame === undefined ? "" : ", first frame after " + d.jobFirstFrame + " ms (worker warm: " + d.jobWarm + ")" })()`)
	return speedRow{what: fmt.Sprintf("check %s #%d %s", filepath.Base(model), q, res.Queries[0].Formula), page: ms(end - t0), native: native, longTasks: tasks(t, ctx, t0, end), note: verdict + first}
}

// assertOnce fails the test unless opening the model named name, from
// time from on, read the engine's answer once and drew the model once
// (the page leaves a performance mark for each, see wasm/ui's mark).
func assertOnce(t *testing.T, ctx context.Context, name string, from float64) {
	t.Helper()
	for _, what := range []string{"parse-answer", "draw"} {
		n := Eval[int](t, ctx, fmt.Sprintf(`performance.getEntriesByName("beeline:%s", "mark").filter(m => m.startTime >= %f).length`, what, from))
		if n != 1 {
			t.Errorf("opening %s: %d marks beeline:%s, want 1 (the work is done once)", name, n, what)
		}
	}
}

// tasks returns the long tasks over 100 ms between from and to.
func tasks(t *testing.T, ctx context.Context, from, to float64) []int {
	t.Helper()
	return Eval[[]int](t, ctx, fmt.Sprintf(`__tasksOver(100, %f, %f)`, from, to))
}

// firstVisit reports what the page measured of its first visit (the
// data- attributes of #load-metrics) and what Resource Timing says of the
// wasm.
func firstVisit(t *testing.T, ctx context.Context) string {
	t.Helper()
	return Eval[string](t, ctx, `(() => {
  const m = document.getElementById("load-metrics");
  const own = m ? Object.entries(m.dataset).map(([k, v]) => k + "=" + v).join(" ") : "(no #load-metrics)";
  const res = performance.getEntriesByType("resource").filter(r => r.name.includes(".wasm"))
    .map(r => r.name.replace(/^.*\//, "").replace(/\?.*$/, "") + " " + Math.round(r.duration) + " ms " + r.transferSize + " B").join(", ");
  return own + "; " + res;
})()`)
}

// assertNoWasm fails the test when this document's load transferred any
// wasm over the network (a second visit must take both from the cache).
func assertNoWasm(t *testing.T, ctx context.Context) {
	t.Helper()
	got := Eval[string](t, ctx, `performance.getEntriesByType("resource").filter(r => r.name.includes(".wasm")).map(r => r.name.replace(/^.*\//, "") + "=" + r.transferSize).join(" ")`)
	if strings.Count(got, ".wasm") < 2 {
		t.Errorf("the second visit loaded the wasm files %q, want ui.wasm and engine.wasm", got)
	}
	for _, f := range strings.Fields(got) {
		if !strings.HasSuffix(f, "=0") {
			t.Errorf("the second visit transferred wasm over the network: %s (transferSize in bytes)", got)
			break
		}
	}
}

// nativeRun times the command line on args.
func nativeRun(t *testing.T, cli string, args ...string) time.Duration {
	t.Helper()
	start := time.Now()
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("beeline %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return time.Since(start)
}

// speedServer serves root as `beeline serve` does, with the models of
// speedModels under web/speed/ so that ?model= links reach them.
func speedServer(t *testing.T, root string) string {
	t.Helper()
	extra := fstest.MapFS{}
	for _, m := range speedModels {
		data, err := os.ReadFile(m.path)
		if err != nil {
			t.Fatal(err)
		}
		extra["web/speed/"+m.name] = &fstest.MapFile{Data: data}
	}
	return serveWith(t, root, extra) + "/"
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// logSpeed logs the rows as a table.
func logSpeed(t *testing.T, rows []speedRow) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-70s %10s %10s %7s  %s\n", "what", "page", "native", "ratio", "long tasks > 100 ms (ms); note")
	for _, r := range rows {
		native, ratio := "-", "-"
		if !r.nativeMissing && r.native > 0 {
			native = r.native.Round(time.Millisecond).String()
			ratio = fmt.Sprintf("%.1f", float64(r.page)/float64(r.native))
		}
		fmt.Fprintf(&b, "%-70s %10s %10s %7s  %d %v; %s\n", trim(r.what, 70), r.page.Round(time.Millisecond), native, ratio, len(r.longTasks), r.longTasks, r.note)
	}
	t.Log(b.String())
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n-1] + "…"
	}
	return s
}
