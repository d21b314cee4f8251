package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The page's other ways in and out: the file picker, ?model=URL, the
// paste dialog, an SVG export, and a trace of thousands of steps.

// waitDrawn waits until a loaded model is drawn and the page is idle.
func waitDrawn(t *testing.T, ctx context.Context) {
	t.Helper()
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.querySelectorAll("#drawings svg").length > 0`, 30*time.Second)
}

// upload sets the page's file input to the given files, as choosing them
// in the Open… dialog does.
func upload(t *testing.T, ctx context.Context, files ...string) {
	t.Helper()
	var abs []string
	for _, f := range files {
		p, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(p); err != nil {
			t.Fatal(err)
		}
		abs = append(abs, p)
	}
	if _, err := chromedp.Run(ctx, chromedp.SetUploadFiles(chromedp.CSS("#file-input"), abs)); err != nil {
		t.Fatalf("choosing %v: %v", files, err)
	}
}

func processCount(t *testing.T, ctx context.Context) int {
	return Eval[int](t, ctx, `document.querySelectorAll("#drawings figure[data-process]").length`)
}

// Open crossing.xta with its .q in one go: the model is drawn, its five
// queries listed, all checkable, and the first and the leads-to one are
// satisfied.
func TestPageOpenFiles(t *testing.T) {
	ctx := openPage(t, site(t))
	// The repository's own models, wherever the page was built.
	upload(t, ctx, "../testdata/models/crossing.xta", "../testdata/models/crossing.q")
	waitDrawn(t, ctx)
	if got := Eval[string](t, ctx, `document.getElementById("model-name").textContent`); got != "crossing.xml" {
		t.Errorf("model name %q, want crossing.xml (an .xta opens as XML)", got)
	}
	if n := processCount(t, ctx); n != 5 {
		t.Errorf("%d process drawings, want 5", n)
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#processes tbody tr").length`); n != 5 {
		t.Errorf("%d processes listed, want 5", n)
	}
	formulas := Eval[[]string](t, ctx, `[...document.querySelectorAll("#queries li .formula")].map(f => f.textContent)`)
	if len(formulas) != 5 {
		t.Fatalf("queries listed: %q, want 5", formulas)
	}
	unsupported := Eval[[]string](t, ctx, `[...document.querySelectorAll("#queries li")].filter(li => li.querySelector(".marker.unsupported")).map(li => li.querySelector(".formula").textContent)`)
	if formulas[0] != "E<> Train(0).Cross" {
		t.Fatalf("query 0 is %q, want E<> Train(0).Cross", formulas[0])
	}
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied")`, 30*time.Second)
	if s := Eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.HasPrefix(s, "Property is satisfied") {
		t.Errorf("status %q, want satisfied", s)
	}
	// The leads-to query is checked too, and holds.
	if len(unsupported) != 0 || !strings.Contains(formulas[4], "-->") {
		t.Fatalf("queries marked unsupported: %q (query 4 is %q)", unsupported, formulas[4])
	}
	waitPage(t, ctx, `document.body.dataset.job === "idle"`, 5*time.Second)
	checkQuery(t, ctx, 4)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="4"] .marker').classList.contains("satisfied")`, 30*time.Second)
	if s := Eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.HasPrefix(s, "Property is satisfied. Whenever Train(1).Appr holds, Train(1).Cross follows on every path.") {
		t.Errorf("status of the leads-to query %q", s)
	}
	Screenshot(t, ctx, "page-open-files.png")
}

// ?model= names a file on the page's own server: it loads without the
// gallery, and a model on another origin is refused.
func TestPageModelURL(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base+"?model=/web/examples/fischer.xml")
	waitDrawn(t, ctx)
	if n := processCount(t, ctx); n != 4 {
		t.Errorf("%d process drawings, want 4", n)
	}
	if got := Eval[string](t, ctx, `document.getElementById("model-name").textContent`); got != "fischer.xml" {
		t.Errorf("model name %q, want fischer.xml", got)
	}
	if got := Eval[string](t, ctx, `document.getElementById("gallery").value`); got != "" {
		t.Errorf("the gallery shows %q, want it untouched", got)
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`); n == 0 {
		t.Error("no queries listed for fischer.xml")
	}

	other := openPage(t, base+"?model=http://example.invalid/m.xml")
	waitPage(t, other, `!document.getElementById("notice").hidden`, 10*time.Second)
	if n := Eval[string](t, other, `document.getElementById("notice").textContent`); !strings.Contains(n, "must name a file on this server") {
		t.Errorf("notice %q, want the other origin refused", n)
	}
	if n := Eval[int](t, other, `document.querySelectorAll("#drawings svg").length`); n != 0 {
		t.Errorf("%d drawings after a refused ?model=", n)
	}
}

// The paste dialog: text in, Load, drawn; Cancel loads nothing.
func TestPagePaste(t *testing.T) {
	ctx := openPage(t, site(t))
	text, err := os.ReadFile(filepath.Join(WebRoot(t), "web/examples/crossing.xta"))
	if err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "#paste-open")
	if !Eval[bool](t, ctx, `document.getElementById("paste-dialog").open`) {
		t.Fatal("the paste dialog did not open")
	}
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("paste-text").value = %q; return true })()`, string(text)))
	click(t, ctx, "#paste-load")
	waitDrawn(t, ctx)
	if Eval[bool](t, ctx, `document.getElementById("paste-dialog").open`) {
		t.Error("the paste dialog is still open after Load")
	}
	if got := Eval[string](t, ctx, `document.getElementById("model-name").textContent`); got != "pasted.xml" {
		t.Errorf("model name %q, want pasted.xml (an .xta opens as XML)", got)
	}
	if n := processCount(t, ctx); n != 5 {
		t.Errorf("%d process drawings, want 5", n)
	}
	// Cancel keeps the model shown.
	click(t, ctx, "#paste-open")
	Eval[bool](t, ctx, `(() => { document.getElementById("paste-text").value = "system nothing_here;"; return true })()`)
	click(t, ctx, `#paste-dialog button[value="cancel"]`)
	time.Sleep(200 * time.Millisecond)
	if got := Eval[string](t, ctx, `document.body.dataset.job + " " + document.getElementById("model-name").textContent`); got != "idle pasted.xml" {
		t.Errorf("after Cancel the page shows %q, want the pasted model still", got)
	}
}

// A drawing's SVG link hands out a standalone SVG file with the light
// theme's styles inside, whatever the page's theme.
func TestPageSVGExport(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	click(t, ctx, "#theme") // dark page; the file stays light
	// Record the object URLs the page makes, and keep the browser from
	// saving files.
	Eval[bool](t, ctx, `(() => {
		window.madeURLs = [];
		const make = URL.createObjectURL;
		URL.createObjectURL = b => { const u = make(b); window.madeURLs.push({url: u, blob: b}); return u };
		window.clickedDownloads = [];
		HTMLAnchorElement.prototype.click = function() { window.clickedDownloads.push({href: this.href, name: this.download}) };
		return true })()`)
	click(t, ctx, `#drawings figure[data-process] figcaption a`)
	waitPage(t, ctx, `window.clickedDownloads.length === 1`, 5*time.Second)
	href := Eval[string](t, ctx, `window.clickedDownloads[0].href`)
	if !strings.HasPrefix(href, "blob:") && !strings.HasPrefix(href, "data:") {
		t.Fatalf("the SVG download's URL is %q, want a blob: or data: URL", href)
	}
	if name := Eval[string](t, ctx, `window.clickedDownloads[0].name`); !strings.HasSuffix(name, ".svg") {
		t.Errorf("download name %q, want an .svg file", name)
	}
	kind := Eval[string](t, ctx, `window.madeURLs.length ? window.madeURLs[0].blob.type : ""`)
	if kind != "image/svg+xml" {
		t.Errorf("blob type %q, want image/svg+xml", kind)
	}
	svg := Eval[string](t, ctx, `window.madeURLs[0].blob.text()`)
	body := strings.TrimSpace(svg)
	if strings.HasPrefix(body, "<?xml") {
		body = strings.TrimSpace(body[strings.Index(body, "?>")+2:])
	}
	if !strings.HasPrefix(body, "<svg") {
		t.Errorf("the file starts %q, want <svg", body[:min(len(body), 40)])
	}
	if !strings.HasPrefix(body, `<svg xmlns="http://www.w3.org/2000/svg" class="bl-automaton theme-light"`) {
		t.Errorf("the file's root is %q, want an SVG in the light theme", body[:min(len(body), 90)])
	}
	// The light theme is the style sheet's default (the dark one is
	// qualified by .theme-dark): its white background must be inside.
	if !strings.Contains(svg, "<style>") || !strings.Contains(svg, ".bl-automaton .background{fill:#ffffff}") {
		t.Error("the file does not embed the light theme's style sheet")
	}
	if !strings.Contains(svg, `xmlns="http://www.w3.org/2000/svg"`) {
		t.Error("the file has no SVG namespace")
	}
}

// A 3000-step trace: the list shows it, L jumps to its end quickly, and
// only the rows in view are in the DOM.
func TestPageLongTrace(t *testing.T) {
	ctx := openPage(t, site(t))
	upload(t, ctx, "testdata/longtrace.xta", "testdata/longtrace.q")
	waitDrawn(t, ctx)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("satisfied")`, 30*time.Second)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden`, 5*time.Second)
	if got := Eval[string](t, ctx, `document.getElementById("step-of").textContent`); got != "state 0 of 3000" {
		t.Fatalf("player shows %q, want state 0 of 3000", got)
	}
	rows := Eval[int](t, ctx, `document.querySelectorAll("#steps .row").length`)
	if rows == 0 || rows > 100 {
		t.Errorf("%d step rows in the DOM at state 0, want the visible few", rows)
	}
	if got := Eval[string](t, ctx, `document.querySelector("#steps .row.current").dataset.step`); got != "0" {
		t.Errorf("current row %q, want 0", got)
	}
	// Move focus off any control so the key reaches the player.
	Eval[bool](t, ctx, `(() => { document.activeElement && document.activeElement.blur(); return true })()`)
	t0 := time.Now()
	press(t, ctx, "l")
	waitPage(t, ctx, `document.body.dataset.step === "3000" && document.querySelector("#steps .row.current") !== null`, 10*time.Second)
	took := time.Since(t0)
	t.Logf("L to the last of 3000 steps: %v; %d rows in the DOM", took, rows)
	if took > 2*time.Second {
		t.Errorf("L took %v, want well under 2 s", took)
	}
	if got := Eval[string](t, ctx, `document.getElementById("step-of").textContent`); got != "state 3000 of 3000" {
		t.Errorf("player shows %q, want state 3000 of 3000", got)
	}
	if got := Eval[string](t, ctx, `document.querySelector("#steps .row.current").dataset.step`); got != "3000" {
		t.Errorf("current row %q, want 3000", got)
	}
	// The current row is in view.
	if !Eval[bool](t, ctx, `(() => { const s = document.getElementById("steps").getBoundingClientRect(), r = document.querySelector("#steps .row.current").getBoundingClientRect(); return r.top >= s.top - 1 && r.bottom <= s.bottom + 1 })()`) {
		t.Error("the last row is not scrolled into view")
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#steps .row").length`); n == 0 || n > 100 {
		t.Errorf("%d step rows in the DOM at the end, want the visible few", n)
	}
	if got := Eval[string](t, ctx, `[...document.querySelectorAll("#vars tr")].map(r => r.textContent).join(" ")`); !strings.Contains(got, "c3000") {
		t.Errorf("variables at the end: %q, want c = 3000", got)
	}
	// Rows sit exactly one under another: no gaps, no overlaps.
	if gap := Eval[float64](t, ctx, `(() => { const r = [...document.querySelectorAll("#steps .row")].map(e => e.getBoundingClientRect()); return r.length > 1 ? r[1].top - r[0].bottom : 0 })()`); gap < -0.1 || gap > 0.1 {
		t.Errorf("step rows are %.1f px apart, want adjacent", gap)
	}
	Screenshot(t, ctx, "page-long-trace.png")
}
