package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Drawings that can be read (wasm/ui/zoom_js.go): a figure enlarged to
// the drawings area with labels of at least 12 CSS pixels, zoomed by the
// wheel, a pinch and +/-, panned by a drag and the arrows, back with 0
// and Escape; and, while a trace plays, a zoomed drawing that pans to
// keep the active location in view.

// carRadio is TChecker's car radio model in the shared corpus, whose MMI
// template is too large to read at the size of a drawing in the list.
const carRadio = "../../shared/models/ticktac-fork/car_radio.xml"

// zoomProbes installs window.zt, the test's readings of one figure's
// drawing: its viewBox, a screen point in the drawing's units, the
// smallest label on screen, and where the active location is.
const zoomProbes = `window.zt = {
  fig: null,
  use(sel) { this.fig = document.querySelector(sel); return this.fig !== null },
  svg() { return this.fig.querySelector("svg") },
  view() { return this.fig.querySelector(".view") },
  vb() { const b = this.svg().viewBox.baseVal; return [b.x, b.y, b.width, b.height] },
  rect() { const r = this.svg().getBoundingClientRect(); return [r.left, r.top, r.width, r.height] },
  toUser(x, y) { const p = new DOMPoint(x, y).matrixTransform(this.svg().getScreenCTM().inverse()); return [p.x, p.y] },
  labelPx() { const k = this.svg().getScreenCTM().a; return Math.min(...[...this.svg().querySelectorAll("text.label")].map(t => parseFloat(getComputedStyle(t).fontSize) * k)) },
  labelBoxPx() { return Math.min(...[...this.svg().querySelectorAll("text.label")].map(t => t.getBoundingClientRect().height).filter(h => h > 0)) },
  active() { const c = this.svg().querySelector(".location.active .loc-circle"); if (!c) return null; const b = c.getBBox(); return [b.x, b.y, b.width, b.height] },
};
true`

// box is a viewBox or an element's box: x, y, width, height.
type box [4]float64

func (b box) String() string { return fmt.Sprintf("%.1f %.1f %.1f %.1f", b[0], b[1], b[2], b[3]) }

func (b box) contains(o box) bool {
	const eps = 0.5
	return o[0] >= b[0]-eps && o[1] >= b[1]-eps && o[0]+o[2] <= b[0]+b[2]+eps && o[1]+o[3] <= b[1]+b[3]+eps
}

func useFigure(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	Eval[bool](t, ctx, zoomProbes)
	if !Eval[bool](t, ctx, fmt.Sprintf(`zt.use(%q)`, sel)) {
		t.Fatalf("no figure %s", sel)
	}
}

func viewBox(t *testing.T, ctx context.Context) box {
	t.Helper()
	return Eval[box](t, ctx, `zt.vb()`)
}

// wheel turns the mouse wheel by dy pixels over the page's point (x, y),
// with the given keys held.
func wheel(t *testing.T, ctx context.Context, x, y, dy float64, held ...chromedp.Modifier) {
	t.Helper()
	// Chromium wants deltaX on a wheel event, and the protocol's Go
	// struct leaves out a zero: a thousandth of a pixel sideways.
	deltas := func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1e-3, dy }
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseWheel, x, y, deltas, chromedp.ButtonModifiers(held...))); err != nil {
		t.Fatalf("wheel: %v", err)
	}
}

// drag presses the left button at (x0, y0), moves in steps to (x1, y1)
// and lets go.
func drag(t *testing.T, ctx context.Context, x0, y0, x1, y1 float64) {
	t.Helper()
	held := func(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x0, y0, held, chromedp.ClickCount(1))}
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, held))
	}
	acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, held, chromedp.ClickCount(1)))
	if err := chromedp.Do(ctx, acts...); err != nil {
		t.Fatalf("drag: %v", err)
	}
}

// pinch puts two fingers at (x±d0, y) and spreads them to (x±d1, y).
func pinch(t *testing.T, ctx context.Context, x, y, d0, d1 float64) {
	t.Helper()
	at := func(d float64) []*input.TouchPoint {
		one, two := 1.0, 2.0
		return []*input.TouchPoint{{X: x - d, Y: y, ID: &one}, {X: x + d, Y: y, ID: &two}}
	}
	touch := func(typ input.DispatchTouchEventType, ps []*input.TouchPoint) {
		t.Helper()
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: ps}); err != nil {
			t.Fatalf("pinch: %v", err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, at(d0))
	for i := 1; i <= 5; i++ {
		touch(input.DispatchTouchEventTypeTouchMove, at(d0+(d1-d0)*float64(i)/5))
	}
	touch(input.DispatchTouchEventTypeTouchEnd, []*input.TouchPoint{})
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The car radio's MMI, enlarged at 1366×768: it fills the drawings
// area's width, its labels are at least 12 CSS pixels, and the wheel, a
// drag, a pinch and the keys zoom and pan it, until Escape gives it back
// its place and its own viewBox.
func TestPageZoomCarRadio(t *testing.T) {
	if _, err := os.Stat(carRadio); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := openPage(t, site(t))
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	upload(t, ctx, carRadio)
	waitDrawn(t, ctx)
	const mmi = `#drawings figure[data-template="MMI"]`
	useFigure(t, ctx, mmi)
	own := Eval[string](t, ctx, `zt.svg().getAttribute("viewBox")`)
	ownBox := viewBox(t, ctx)
	t.Logf("MMI in the list: labels of %.1f px", Eval[float64](t, ctx, `zt.labelPx()`))
	if got := Eval[string](t, ctx, `zt.view().tabIndex + " " + zt.view().getAttribute("aria-label")`); !strings.HasPrefix(got, "0 drawing of ") {
		t.Errorf("the drawing's holder: tabindex and label %q, want 0 and \"drawing of <process>\"", got)
	}

	// In the list, the wheel scrolls the page past the drawing, and
	// Ctrl+wheel zooms it; Escape on it gives back its own viewBox.
	r := Eval[box](t, ctx, `(zt.fig.scrollIntoView({block: "center"}), zt.rect())`)
	wheel(t, ctx, r[0]+r[2]/2, r[1]+r[3]/2, -100)
	if got := Eval[string](t, ctx, `zt.svg().getAttribute("viewBox")`); got != own {
		t.Errorf("the wheel alone over a drawing in the list changed its viewBox to %q", got)
	}
	r = Eval[box](t, ctx, `zt.rect()`)
	wheel(t, ctx, r[0]+r[2]/2, r[1]+r[3]/2, -100, chromedp.ModifierCtrl)
	if got := viewBox(t, ctx); got[2] > 0.9*ownBox[2] {
		t.Errorf("Ctrl+wheel over a drawing in the list: viewBox %v, want it zoomed in", got)
	}
	Eval[bool](t, ctx, `(zt.view().focus(), true)`)
	press(t, ctx, kb.Escape)
	if got := Eval[string](t, ctx, `zt.svg().getAttribute("viewBox") + " " + zt.view().classList.contains("zoomed")`); got != own+" false" {
		t.Errorf("Escape on a zoomed drawing in the list: %q, want %q", got, own+" false")
	}

	click(t, ctx, mmi+` button.enlarge`)
	type layout struct {
		Pressed                  string
		Enlarged, First          bool
		FigW, AreaW, SvgH, WinH  float64
		LabelPx, LabelBox, Scale float64
	}
	l := Eval[layout](t, ctx, `(() => { const f = zt.fig, r = f.getBoundingClientRect();
		const others = [...document.querySelectorAll("#drawings figure")].filter(o => o !== f && !o.hidden);
		return { pressed: f.querySelector("button.enlarge").getAttribute("aria-pressed"), enlarged: f.classList.contains("enlarged"),
			first: others.every(o => o.getBoundingClientRect().top >= r.bottom - 1),
			figW: r.width, areaW: document.getElementById("drawings").clientWidth, svgH: zt.rect()[3], winH: innerHeight,
			labelPx: zt.labelPx(), labelBox: zt.labelBoxPx(), scale: zt.svg().getScreenCTM().a } })()`)
	t.Logf("MMI enlarged: %.0f of %.0f px wide, %.0f of %.0f px high, %.3f px a unit: labels of %.2f px (their boxes at least %.1f px high)",
		l.FigW, l.AreaW, l.SvgH, l.WinH, l.Scale, l.LabelPx, l.LabelBox)
	if l.Pressed != "true" || !l.Enlarged {
		t.Fatalf("after Enlarge: aria-pressed %q, enlarged %v", l.Pressed, l.Enlarged)
	}
	if l.FigW < 0.95*l.AreaW {
		t.Errorf("the enlarged figure is %.0f px wide, want most of the drawings area's %.0f", l.FigW, l.AreaW)
	}
	if l.SvgH < 0.6*l.WinH {
		t.Errorf("the enlarged drawing is %.0f px high, want most of the window's %.0f", l.SvgH, l.WinH)
	}
	if !l.First {
		t.Error("other drawings are not below the enlarged one")
	}
	if l.LabelPx < 12 {
		t.Errorf("enlarged, labels are %.2f CSS px, want at least 12", l.LabelPx)
	}
	readable := viewBox(t, ctx)

	// The wheel zooms in around the pointer: the drawing's point under
	// it stays under it.
	r = Eval[box](t, ctx, `zt.rect()`)
	px, py := r[0]+0.5*r[2], r[1]+0.45*r[3]
	under := Eval[[2]float64](t, ctx, fmt.Sprintf(`zt.toUser(%f, %f)`, px, py))
	wheel(t, ctx, px, py, -300)
	zoomed := viewBox(t, ctx)
	if zoomed[2] > 0.8*readable[2] {
		t.Errorf("a wheel turn up: viewBox %v from %v, want it smaller", zoomed, readable)
	}
	if after := Eval[[2]float64](t, ctx, fmt.Sprintf(`zt.toUser(%f, %f)`, px, py)); !near(after[0], under[0], 1) || !near(after[1], under[1], 1) {
		t.Errorf("the wheel zoomed around %v, not around the pointer's %v", after, under)
	}

	// A drag pans: the drawing follows the pointer.
	scale := r[2] / zoomed[2]
	drag(t, ctx, px, py, px-120, py-80)
	panned := viewBox(t, ctx)
	if !near(panned[0]-zoomed[0], 120/scale, 1) || !near(panned[1]-zoomed[1], 80/scale, 1) || !near(panned[2], zoomed[2], 0.01) {
		t.Errorf("a drag of (-120,-80) px at %.2f px a unit: viewBox %v from %v", scale, panned, zoomed)
	}

	// Two fingers spreading zoom in around their midpoint.
	under = Eval[[2]float64](t, ctx, fmt.Sprintf(`zt.toUser(%f, %f)`, px, py))
	pinch(t, ctx, px, py, 60, 120)
	pinched := viewBox(t, ctx)
	if !near(pinched[2], panned[2]/2, 1) {
		t.Errorf("a pinch from 120 to 240 px apart: viewBox %v from %v, want half as wide", pinched, panned)
	}
	if after := Eval[[2]float64](t, ctx, fmt.Sprintf(`zt.toUser(%f, %f)`, px, py)); !near(after[0], under[0], 1) || !near(after[1], under[1], 1) {
		t.Errorf("the pinch zoomed around %v, not around its midpoint's %v", after, under)
	}

	// The keys, on the focused drawing.
	Eval[bool](t, ctx, `(zt.view().focus(), document.activeElement === zt.view())`)
	before := viewBox(t, ctx)
	press(t, ctx, "-")
	if got := viewBox(t, ctx); !near(got[2], before[2]*1.25, 0.05) {
		t.Errorf("-: viewBox %v from %v, want 1.25 times as wide", got, before)
	}
	press(t, ctx, "+")
	if got := viewBox(t, ctx); !near(got[2], before[2], 0.05) {
		t.Errorf("- then +: viewBox %v, want %v's size again", got, before)
	}
	before = viewBox(t, ctx)
	press(t, ctx, kb.ArrowLeft+kb.ArrowUp)
	if got := viewBox(t, ctx); !near(got[0], before[0]-before[2]/8, 0.05) || !near(got[1], before[1]-before[3]/8, 0.05) {
		t.Errorf("← ↑: viewBox %v from %v, want an eighth of it left and up", got, before)
	}
	press(t, ctx, "0")
	if got := viewBox(t, ctx); got != readable {
		t.Errorf("0: viewBox %v, want the enlarged view %v", got, readable)
	}
	// The screenshot last: its full-page viewport comes and goes, and
	// the scroll bar with it.
	Screenshot(t, ctx, "page-zoom-mmi.png")
	press(t, ctx, kb.Escape)
	back := Eval[string](t, ctx, `zt.svg().getAttribute("viewBox") + " | " + zt.fig.classList.contains("enlarged") + " " + zt.fig.querySelector("button.enlarge").getAttribute("aria-pressed") + " " + zt.view().classList.contains("zoomed")`)
	if want := own + " | false false false"; back != want {
		t.Errorf("Escape: %q, want %q", back, want)
	}
	press(t, ctx, kb.Enter)
	if !Eval[bool](t, ctx, `zt.fig.classList.contains("enlarged") && document.activeElement === zt.view()`) {
		t.Error("Enter on the focused drawing does not enlarge it")
	}
	press(t, ctx, kb.Escape)
	if Eval[bool](t, ctx, `zt.fig.classList.contains("enlarged")`) {
		t.Error("Escape does not return the drawing Enter enlarged")
	}
}

// With a trace playing, a zoomed-in drawing pans to keep the active
// location in view; the arrows pan the focused drawing and do not step
// the trace, while the player's own keys still reach it.
func TestPageZoomFollowsTrace(t *testing.T) {
	ctx := openTrace(t)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	useFigure(t, ctx, `#drawings figure[data-process="P(1)"]`)
	Eval[bool](t, ctx, `(zt.view().focus(), true)`)
	press(t, ctx, kb.Enter)
	if !Eval[bool](t, ctx, `zt.fig.classList.contains("enlarged")`) {
		t.Fatal("Enter on the focused drawing does not enlarge it")
	}
	fit := Eval[box](t, ctx, `(() => { const b = zt.svg().getBBox(); return [b.x, b.y, b.width, b.height] })()`)
	for i := 0; i < 20 && viewBox(t, ctx)[2] > fit[2]/2; i++ {
		press(t, ctx, "+")
	}
	if vb := viewBox(t, ctx); vb[2] > fit[2]/2 {
		t.Fatalf("zoomed in, the view %v is not half the drawing %v", vb, fit)
	}
	if n := Eval[int](t, ctx, `zt.svg().querySelectorAll(".location.active circle.cue-ring").length`); n != 1 {
		t.Errorf("%d rings around the active location, want 1", n)
	}

	followed := 0
	for step := 0; step < 6; step++ {
		// Pan away from the active location with Shift and the arrows.
		vb, loc := viewBox(t, ctx), Eval[box](t, ctx, `zt.active()`)
		keys := kb.ArrowRight
		if loc[0] > vb[0]+vb[2]/2 {
			keys = kb.ArrowLeft
		}
		if loc[1] > vb[1]+vb[3]/2 {
			keys += kb.ArrowUp
		} else {
			keys += kb.ArrowDown
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(strings.Repeat(keys, 3), chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
			t.Fatal(err)
		}
		if got := Eval[string](t, ctx, `document.body.dataset.step`); got != fmt.Sprint(step) {
			t.Fatalf("arrows on the focused drawing moved the trace from state %d to %s", step, got)
		}
		away := viewBox(t, ctx)
		if away == vb {
			t.Errorf("state %d: Shift+arrows on the zoomed drawing did not pan it (%v)", step, vb)
		}
		// A goes on to the next state: the player's key passes through
		// the drawing.
		press(t, ctx, "a")
		waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, step+1), 5*time.Second)
		vb, loc = viewBox(t, ctx), Eval[box](t, ctx, `zt.active()`)
		if !vb.contains(loc) {
			t.Errorf("state %d: the active location %v is outside the view %v", step+1, loc, vb)
		}
		if !away.contains(loc) {
			followed++
		}
	}
	if followed == 0 {
		t.Error("the active location was never out of view before a step, so following it was not tested")
	}
	t.Logf("the view followed the active location %d times in 6 steps", followed)
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.fired path.cue-halo").length`); n == 0 {
		t.Error("no band under the fired edges")
	}
	Screenshot(t, ctx, "page-zoom-trace.png")
}
