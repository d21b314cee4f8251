package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"beeline/core/share"
)

// The trace player's other paths, on fischer-broken's 6-step
// counterexample to mutual exclusion: picking a step in the list, the
// JSON export, time passing animated on the clocks, and P to replay.

// The clock whose animation is watched, and the step with a delay: step 4
// (from state 3 to state 4) lets 2 time units pass.
const (
	watchedClock = "P(1).x"
	delayedStep  = 4
)

// openTrace loads fischer-broken, checks query 0, and waits for the
// player at state 0 of 6 with the focus on no control.
func openTrace(t *testing.T) context.Context {
	t.Helper()
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer-broken")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 30*time.Second)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
	blur(t, ctx)
	return ctx
}

// blur moves the focus off any control, so that keys reach the player.
func blur(t *testing.T, ctx context.Context) {
	t.Helper()
	Eval[bool](t, ctx, `(() => { document.activeElement && document.activeElement.blur(); return true })()`)
}

// clockValue reads a clock's shown value, or "" when it is not listed.
func clockValue(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return Eval[string](t, ctx, fmt.Sprintf(`(() => { const r = [...document.querySelectorAll("#clocks tbody tr")].find(r => r.cells[0].textContent === %q); return r ? r.cells[1].textContent : "" })()`, name))
}

func parseClock(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("clock %s shows %q, not a number", watchedClock, s)
	}
	return v
}

// One browser plays through the four paths in turn, each setting up the
// position it starts from.
func TestPageTracePlayer(t *testing.T) {
	ctx := openTrace(t)

	// The active locations of every state, stepping with A: what the
	// other ways of moving must land on.
	var states []string
	for step := 0; step <= 6; step++ {
		waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, step), 5*time.Second)
		states = append(states, activeLocations(t, ctx))
		if step < 6 {
			press(t, ctx, "a")
		}
	}
	press(t, ctx, "f")
	waitPage(t, ctx, `document.body.dataset.step === "0"`, 5*time.Second)

	t.Run("row click", func(t *testing.T) { stepRowClick(t, ctx, states) })
	t.Run("json export", func(t *testing.T) { traceExport(t, ctx) })
	t.Run("delay animated", func(t *testing.T) { delayAnimated(t, ctx) })
	t.Run("replay", func(t *testing.T) { replayKey(t, ctx) })
}

// clickRow clicks step row i of the list, once it is drawn.
func clickRow(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	sel := fmt.Sprintf(`#steps .row[data-step="%d"]`, i)
	waitPage(t, ctx, fmt.Sprintf(`document.querySelector(%q) !== null`, sel), 5*time.Second)
	click(t, ctx, sel)
}

// Clicking a row of the step list shows that state; a click while
// playing also pauses the player there.
func stepRowClick(t *testing.T, ctx context.Context, states []string) {
	clickRow(t, ctx, 4)
	waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 4 of 6"`, 5*time.Second)
	got := activeLocations(t, ctx)
	if got == states[0] {
		t.Errorf("after clicking row 4 the active locations are still state 0's: %s", got)
	}
	if got != states[4] {
		t.Errorf("after clicking row 4 the active locations are %s, want state 4's %s", got, states[4])
	}
	if cur := Eval[string](t, ctx, `document.querySelector("#steps .row.current").dataset.step`); cur != "4" {
		t.Errorf("current row %q, want 4", cur)
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.fired").length`); n == 0 {
		t.Error("no fired edge highlighted at state 4")
	}

	// Play from state 0, then click row 2: the player stops there.
	press(t, ctx, "f")
	waitPage(t, ctx, `document.body.dataset.step === "0"`, 5*time.Second)
	blur(t, ctx)
	press(t, ctx, " ")
	waitPage(t, ctx, `document.getElementById("play").getAttribute("aria-label") === "Pause"`, 2*time.Second)
	// The click goes to the row itself: a pointer click aims at where
	// the row was a moment before, and while the player moves the step
	// list scrolls to follow it, so with Chromium 156 the pointer landed
	// on row 3.
	Eval[bool](t, ctx, `(document.querySelector('#steps .row[data-step="2"]').click(), true)`)
	waitPage(t, ctx, `document.body.dataset.step === "2" && document.getElementById("play").getAttribute("aria-label") === "Play"`, 2*time.Second)
	time.Sleep(800 * time.Millisecond) // longer than a dwell: a playing player would move on
	if got := Eval[string](t, ctx, `document.getElementById("step-of").textContent`); got != "state 2 of 6" {
		t.Errorf("after clicking row 2 while playing, the player shows %q, want it paused at state 2 of 6", got)
	}
	if got := activeLocations(t, ctx); got != states[2] {
		t.Errorf("after clicking row 2 the active locations are %s, want %s", got, states[2])
	}
}

// The JSON export carries the model's hash (the share link's), the
// formula, and the 6 steps.
func traceExport(t *testing.T, ctx context.Context) {
	Eval[bool](t, ctx, `(() => {
		window.madeURLs = [];
		const make = URL.createObjectURL;
		URL.createObjectURL = b => { const u = make(b); window.madeURLs.push({url: u, blob: b}); return u };
		window.clickedDownloads = [];
		HTMLAnchorElement.prototype.click = function() { window.clickedDownloads.push({href: this.href, name: this.download}) };
		return true })()`)
	click(t, ctx, "#trace-json")
	waitPage(t, ctx, `window.clickedDownloads.length === 1 && window.madeURLs.length === 1`, 5*time.Second)
	if href, made := Eval[string](t, ctx, `window.clickedDownloads[0].href`), Eval[string](t, ctx, `window.madeURLs[0].url`); href != made {
		t.Errorf("the download links %q, not the blob made (%q)", href, made)
	}
	if name := Eval[string](t, ctx, `window.clickedDownloads[0].name`); !strings.HasSuffix(name, ".trace.json") || !strings.HasPrefix(name, "fischer-broken") {
		t.Errorf("download name %q, want fischer-broken….trace.json", name)
	}
	if kind := Eval[string](t, ctx, `window.madeURLs[0].blob.type`); kind != "application/json" {
		t.Errorf("blob type %q, want application/json", kind)
	}
	text := Eval[string](t, ctx, `window.madeURLs[0].blob.text()`)
	var file struct {
		Format    string `json:"format"`
		Model     string `json:"model"`
		ModelHash string `json:"model_hash"`
		Formula   string `json:"formula"`
		Verdict   string `json:"verdict"`
		Trace     struct {
			Steps  []json.RawMessage `json:"steps"`
			States []json.RawMessage `json:"states"`
		} `json:"trace"`
	}
	if err := json.Unmarshal([]byte(text), &file); err != nil {
		t.Fatalf("the export is not JSON: %v\n%.200s", err, text)
	}
	if file.Format != "beeline-trace" || file.Model != "fischer-broken.xml" {
		t.Errorf("format %q, model %q: want beeline-trace, fischer-broken.xml", file.Format, file.Model)
	}
	if want := Eval[string](t, ctx, `document.querySelector('#queries li[data-query="0"] .formula').textContent`); file.Formula != want || want == "" {
		t.Errorf("formula %q, want query 0's %q", file.Formula, want)
	}
	if len(file.Trace.Steps) != 6 || len(file.Trace.States) != 7 {
		t.Errorf("the export has %d steps and %d states, want 6 and 7", len(file.Trace.Steps), len(file.Trace.States))
	}

	// The share link's hash, and the model file's own SHA-256.
	copyLink(t, ctx)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	_, frag, ok := strings.Cut(url, "#")
	if !ok {
		t.Fatalf("share link %q has no fragment", url)
	}
	link, err := share.Decode(frag)
	if err != nil {
		t.Fatalf("decoding the share link: %v", err)
	}
	if file.ModelHash == "" || file.ModelHash != link.Hash {
		t.Errorf("the export's model hash %q differs from the share link's %q", file.ModelHash, link.Hash)
	}
	model, err := os.ReadFile(filepath.Join(WebRoot(t), "web", "examples", "fischer-broken.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(model); file.ModelHash != hex.EncodeToString(sum[:]) {
		t.Errorf("the export's model hash %q is not the SHA-256 of fischer-broken.xml (%x)", file.ModelHash, sum)
	}
}

// Playing through step 4's delay of 2 moves the clocks continuously: a
// sample strictly between the values before and after shows the
// interpolation.
func delayAnimated(t *testing.T, ctx context.Context) {
	if sp := Eval[string](t, ctx, `document.getElementById("speed").value`); sp != "1" {
		t.Fatalf("speed %q, want the default 1", sp)
	}
	if row := Eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#steps .row[data-step="%d"]').textContent`, delayedStep)); !strings.Contains(row, "delay 2") {
		t.Fatalf("step %d reads %q, want a delay of 2", delayedStep, row)
	}
	clickRow(t, ctx, delayedStep)
	waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, delayedStep), 5*time.Second)
	after := parseClock(t, clockValue(t, ctx, watchedClock))
	clickRow(t, ctx, delayedStep-1)
	waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, delayedStep-1), 5*time.Second)
	before := parseClock(t, clockValue(t, ctx, watchedClock))
	if before >= after {
		t.Fatalf("%s is %v at state %d and %v at state %d: want it to grow over the delay", watchedClock, before, delayedStep-1, after, delayedStep)
	}

	blur(t, ctx)
	press(t, ctx, " ")
	// At speed 1 the player rests 0.6 s on state 3, then lets the 2 time
	// units pass in 1 s.
	type sample struct {
		step string
		v    float64
	}
	var samples []sample
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		// One evaluation, so the state and the clock agree.
		got := Eval[[]string](t, ctx, fmt.Sprintf(`[document.body.dataset.step, (([...document.querySelectorAll("#clocks tbody tr")].find(r => r.cells[0].textContent === %q) || {cells: [0, {}]}).cells[1].textContent || "")]`, watchedClock))
		step := got[0]
		s := sample{step, parseClock(t, got[1])}
		samples = append(samples, s)
		if step != strconv.Itoa(delayedStep-1) {
			break
		}
		time.Sleep(40 * time.Millisecond)
	}
	press(t, ctx, " ") // pause
	last := samples[len(samples)-1]
	between, prev := 0, before
	for _, s := range samples[:len(samples)-1] {
		if s.v < prev || s.v > after {
			t.Errorf("during the delay %s shows %v after %v: want it to grow from %v to %v", watchedClock, s.v, prev, before, after)
		}
		if s.v > before && s.v < after {
			between++
		}
		prev = s.v
	}
	t.Logf("%d samples, %d strictly between %v and %v", len(samples), between, before, after)
	if between == 0 {
		t.Errorf("no sample of %s strictly between %v and %v during the delay: time passing is not animated (samples %v)", watchedClock, before, after, samples)
	}
	// A loaded machine may sample only after the player has moved on past
	// state 4 (it rests 0.6 s there); that is no fault of the animation.
	switch last.step {
	case strconv.Itoa(delayedStep):
		if last.v != after {
			t.Errorf("after the delay %s = %v at state %d, want %v", watchedClock, last.v, delayedStep, after)
		}
	case strconv.Itoa(delayedStep + 1):
		t.Logf("sampled state %d only after it had passed", delayedStep)
	default:
		t.Errorf("after the delay the player is at state %s, want state %d", last.step, delayedStep)
	}
}

// P starts over from the initial state and plays: the position goes back
// to 0, then on.
func replayKey(t *testing.T, ctx context.Context) {
	blur(t, ctx)
	press(t, ctx, "l")
	waitPage(t, ctx, `document.body.dataset.step === "6" && document.getElementById("play").getAttribute("aria-label") === "Play"`, 5*time.Second)
	Eval[bool](t, ctx, `(() => {
		window.stepsShown = [];
		new MutationObserver(() => window.stepsShown.push(document.body.dataset.step)).observe(document.body, {attributes: true, attributeFilter: ["data-step"]});
		return true })()`)
	press(t, ctx, "P")
	waitPage(t, ctx, `document.body.dataset.step === "2"`, 5*time.Second)
	if got := Eval[string](t, ctx, `document.getElementById("play").getAttribute("aria-label")`); got != "Pause" {
		t.Errorf("the play button reads %q while replaying, want Pause", got)
	}
	press(t, ctx, " ")
	shown := Eval[[]string](t, ctx, `window.stepsShown.filter((s, i, a) => i === 0 || s !== a[i-1])`)
	if len(shown) < 3 || shown[0] != "0" || shown[1] != "1" || shown[2] != "2" {
		t.Errorf("after P the player showed states %q, want 0, 1, 2…", shown)
	}
}
