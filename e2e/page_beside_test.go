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

// The automata beside the trace: while a check's trace plays, and in
// presentation mode at each of its steps, the player, the step list and
// the drawing of every process that moved in the step shown are on the
// screen together, asserted from bounding boxes clipped by the viewport
// and by every scrolling box around them.

// The token ring, Beeline's own: six instances of one template.
const (
	ringModel   = "testdata/token-ring.xta"
	ringQueries = "testdata/token-ring.q"
)

// besideCase is a model, a query whose trace is played, and the number
// of steps of that trace to look at (the whole trace when 0).
type besideCase struct {
	name  string
	files []string
	query string
}

// besideCases are the token ring and, when the shared models are there,
// UPPAAL's train-gate with the query whose trace moves every train.
func besideCases(t *testing.T) []besideCase {
	cs := []besideCase{{"token-ring", []string{ringModel, ringQueries}, "E<> passes == 8"}}
	if _, err := os.Stat(trainGate); err != nil {
		t.Logf("train-gate is left out: the shared models are absent (%v)", err)
		return cs
	}
	return append(cs, besideCase{"train-gate", []string{trainGate}, "E<> Train(0).Cross and (forall (i : id_t) i != 0 imply Train(i).Stop)"})
}

// besideJS measures what a user sees: vis(el) is the fraction of el's
// box inside the viewport and inside every box around it that clips
// (0 when el is absent or not displayed); moved() names the processes
// of the step shown, read from the current row of the step list
// ("4  delay 2, Gate: Occ → Sent ‖ Train(1): …").
const besideJS = `window.bt = {
  vis(el) {
    if (!el) return 0;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return 0;
    let x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0), x1 = Math.min(r.right, innerWidth), y1 = Math.min(r.bottom, innerHeight);
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.display === "none" || s.visibility === "hidden") return 0;
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const q = p.getBoundingClientRect();
        x0 = Math.max(x0, q.left); y0 = Math.max(y0, q.top); x1 = Math.min(x1, q.right); y1 = Math.min(y1, q.bottom);
      }
    }
    return Math.max(0, x1 - x0) * Math.max(0, y1 - y0) / Math.max(1, r.width * r.height);
  },
  moved() {
    const row = document.querySelector("#steps .row.current .text");
    if (!row) return null;
    let t = row.textContent.replace(/^\d+\s+/, "").replace(/^delay [^,]*, /, "");
    if (t === "initial state") return [];
    return t.split(" ‖ ").map(p => p.slice(0, p.indexOf(": ")));
  },
  // target is what shows process p: its marker on its template's drawing,
  // or its active location on its own.
  target(p) {
    return document.querySelector('#drawings .instance[data-process="' + CSS.escape(p) + '"]') ||
      document.querySelector('#drawings figure[data-process="' + CSS.escape(p) + '"] .location.active');
  },
  report(extra) {
    const moved = this.moved();
    if (moved === null) return {missing: ["the current step row"]};
    const need = {"#play": document.getElementById("play"), "the current step": document.querySelector("#steps .row.current")};
    for (const sel of extra) need[sel] = document.querySelector(sel);
    for (const p of moved) need[p] = this.target(p);
    const missing = [];
    for (const [k, el] of Object.entries(need)) {
      const v = this.vis(el);
      if (v < 0.99) missing.push(k + " (" + (el ? Math.round(v * 100) + "% visible, top " + Math.round(el.getBoundingClientRect().top) : "absent") + ")");
    }
    return {moved, missing};
  },
};
true`

// besideReport is what bt.report says about the step shown.
type besideReport struct {
	Moved   []string `json:"moved"`
	Missing []string `json:"missing"`
}

// expectBeside fails the test for everything of the step shown that is
// not fully on screen, and returns the processes that moved.
func expectBeside(t *testing.T, ctx context.Context, where string, extra ...string) []string {
	t.Helper()
	if extra == nil {
		extra = []string{}
	}
	Eval[bool](t, ctx, besideJS)
	list := strings.ReplaceAll(fmt.Sprintf("%q", extra), `" "`, `", "`)
	r := Eval[besideReport](t, ctx, fmt.Sprintf(`bt.report(%s)`, list))
	if len(r.Missing) > 0 {
		t.Errorf("%s (moved %q): not on screen: %s", where, r.Moved, strings.Join(r.Missing, "; "))
	}
	return r.Moved
}

// viewShot saves a PNG of what the viewport shows (not the whole page)
// as name in $BEELINE_SCREENS, or in the test's temporary folder.
func viewShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := os.Getenv("BEELINE_SCREENS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// openBeside opens the case's model at the given size, checks its query
// and waits until the trace is in the player at its first state.
func openBeside(t *testing.T, c besideCase, size [2]int64) (ctx context.Context, last int) {
	t.Helper()
	ctx = openPage(t, site(t))
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
		t.Fatal(err)
	}
	upload(t, ctx, c.files...)
	waitDrawn(t, ctx)
	marker, status := checkRow(t, ctx, queryAt(t, ctx, c.query), 60*time.Second)
	if !strings.Contains(" "+marker+" ", " satisfied ") {
		t.Fatalf("%s: marker %q, status %q; want satisfied with a trace", c.query, marker, status)
	}
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.querySelector("#steps .row.current") !== null`, 10*time.Second)
	of := text(t, ctx, "step-of")
	if _, err := fmt.Sscanf(of, "state 0 of %d", &last); err != nil || last < 4 {
		t.Fatalf("the player reads %q, want state 0 of N with N at least 4", of)
	}
	return ctx, last
}

// The workbench turns into the simulator's layout while a trace is
// open: at 1366×768 and 1920×1080, at every step of the trace and after
// it has played to its end, the player, the current step, the variables
// and the marker (or drawing) of every process that moved are inside the
// viewport.
func TestPageBesideTrace(t *testing.T) {
	for _, c := range besideCases(t) {
		for _, size := range [][2]int64{{1366, 768}, {1920, 1080}} {
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				ctx, last := openBeside(t, c, size)
				if got := Eval[float64](t, ctx, `document.getElementById("editor").getBoundingClientRect().left - document.getElementById("simulator").getBoundingClientRect().right`); got < 0 {
					t.Errorf("the drawings are not beside the simulator (gap %vpx)", got)
				}
				expectBeside(t, ctx, "state 0", "#vars caption", "#drawings figure")
				moves := 0
				for k := 1; k <= last; k++ {
					press(t, ctx, "a")
					stepTo(t, ctx, k)
					moves += len(expectBeside(t, ctx, fmt.Sprintf("state %d", k), "#vars caption"))
					if k == 4 {
						viewShot(t, ctx, fmt.Sprintf("page-beside-%s-%dx%d.png", c.name, size[0], size[1]))
					}
				}
				if moves < last {
					t.Errorf("%d processes moved in %d steps: the step list names too few", moves, last)
				}
				press(t, ctx, "f")
				stepTo(t, ctx, 0)
				click(t, ctx, "#play")
				waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d" && document.getElementById("play").getAttribute("aria-label") === "Play"`, last), 60*time.Second)
				expectBeside(t, ctx, "after playing", "#vars caption")
			})
		}
	}
}

// Presentation mode at both sizes keeps the processes that moved in each
// step in view, and its choice of processes stays on screen.
func TestPageBesidePresent(t *testing.T) {
	for _, c := range besideCases(t) {
		for _, size := range [][2]int64{{1366, 768}, {1920, 1080}} {
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				ctx, last := openBeside(t, c, size)
				click(t, ctx, "#present")
				waitPage(t, ctx, `document.body.dataset.present === "on"`, 2*time.Second)
				expectBeside(t, ctx, "state 0", "#process-box summary", "#present")
				for k := 1; k <= last; k++ {
					press(t, ctx, "a")
					stepTo(t, ctx, k)
					expectBeside(t, ctx, fmt.Sprintf("state %d", k), "#process-box summary")
					viewShot(t, ctx, fmt.Sprintf("page-beside-present-%s-%dx%d-%02d.png", c.name, size[0], size[1], k))
				}
				if got := Eval[[]float64](t, ctx, `[document.scrollingElement.scrollHeight - innerHeight, document.scrollingElement.scrollWidth - innerWidth]`); got[0] > 0 || got[1] > 0 {
					t.Errorf("the page scrolls by %v in presentation mode", got)
				}
			})
		}
	}
}
