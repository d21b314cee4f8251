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

// Editing on the drawings (wasm/ui/drawedit_js.go, drawdrag_js.go), as a
// user does it: real pointer presses, drags and double clicks on the
// train-gate's drawings, real keys into the side panel's fields.

// drawProbes installs window.dt, the test's readings of the editing
// drawing of one template: client points of drawing points (through the
// <svg>'s screen matrix, so zoom and scroll are accounted for), an edge's
// middle, a location's centre.
const drawProbes = `window.dt = {
  fig(t) { return document.querySelector('#drawings figure.editing[data-template="' + t + '"]') },
  svg(t) { return this.fig(t).querySelector("svg") },
  toClient(t, x, y) { const p = new DOMPoint(x, y).matrixTransform(this.svg(t).getScreenCTM()); return [p.x, p.y] },
  toUser(t, x, y) { const p = new DOMPoint(x, y).matrixTransform(this.svg(t).getScreenCTM().inverse()); return [p.x, p.y] },
  edgeMiddle(t, i) { const p = this.svg(t).querySelector('[data-edge="' + i + '"] .edge-line'); const q = p.getPointAtLength(p.getTotalLength() / 2); return this.toClient(t, q.x, q.y) },
  centre(t, id) { const c = this.svg(t).querySelector('[data-loc="' + id + '"] .loc-circle'); return [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))] },
  label(t, id, kind) { const l = this.svg(t).querySelector('[data-loc="' + id + '"] text[data-label="' + kind + '"]'); return [Number(l.getAttribute("x")), Number(l.getAttribute("y"))] },
  locs(t) { return [...this.svg(t).querySelectorAll("[data-loc]")].map(g => g.dataset.loc) },
  edges(t) { return [...this.svg(t).querySelectorAll("[data-edge]")].map(g => g.dataset.source + ">" + g.dataset.target + ":" + [...g.querySelectorAll("text[data-label]")].map(l => l.dataset.label + "=" + l.textContent).join(",")) },
  show(t) { this.svg(t).scrollIntoView({block: "center"}); return true },
  field(n) { return document.querySelector('.draw-panel [data-field="' + n + '"]') },
  text(n) { const f = this.field(n); if (!f) return null; const i = f.querySelector("input, textarea"); return i ? i.value : (f.querySelector(".cm-content") || f).textContent },
  marked(n) { const f = this.field(n); return f !== null && f.querySelector(".cm-lintRange-error") !== null },
  markedText(n) { return (this.field(n).querySelector(".cm-lintRange-error") || {}).textContent || "" },
  box(t) { const b = this.svg(t).viewBox.baseVal; return [b.x, b.y, b.width, b.height] },
};
true`

// mouse sends one mouse event at client point p with the left button
// held (pressed, moved, released) and the modifier keys mods.
func mouse(t *testing.T, ctx context.Context, typ input.DispatchMouseEventType, p [2]float64, clicks int, mods chromedp.Modifier) {
	t.Helper()
	held := func(e *input.DispatchMouseEventParams) { e.Button, e.Buttons = input.MouseButtonLeft, 1 }
	if err := chromedp.Do(ctx, chromedp.MouseEvent(typ, p[0], p[1], held, chromedp.ButtonModifiers(mods), chromedp.ClickCount(clicks))); err != nil {
		t.Fatalf("mouse %s at %v: %v", typ, p, err)
	}
}

// dragFrom presses at a, moves to b in eight steps and lets go, with
// mods held throughout.
func dragFrom(t *testing.T, ctx context.Context, a, b [2]float64, mods chromedp.Modifier) {
	t.Helper()
	mouse(t, ctx, chromedp.MousePressed, a, 1, mods)
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		mouse(t, ctx, chromedp.MouseMoved, [2]float64{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f}, 0, mods)
	}
	mouse(t, ctx, chromedp.MouseReleased, b, 1, mods)
}

// clickAt clicks at p; doubleAt double-clicks there.
func clickAt(t *testing.T, ctx context.Context, p [2]float64) {
	t.Helper()
	mouse(t, ctx, chromedp.MousePressed, p, 1, 0)
	mouse(t, ctx, chromedp.MouseReleased, p, 1, 0)
}

func doubleAt(t *testing.T, ctx context.Context, p [2]float64) {
	t.Helper()
	clickAt(t, ctx, p)
	mouse(t, ctx, chromedp.MousePressed, p, 2, 0)
	mouse(t, ctx, chromedp.MouseReleased, p, 2, 0)
}

// typeKeys types s key by key into the focused element.
func typeKeys(t *testing.T, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		press(t, ctx, k)
	}
}

// pressWith presses key with modifier keys held.
func pressWith(t *testing.T, ctx context.Context, key string, mods ...chromedp.Modifier) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.KeyEvent(key, chromedp.KeyModifiers(mods...))); err != nil {
		t.Fatalf("key %q: %v", key, err)
	}
}

func pt2(t *testing.T, ctx context.Context, js string) [2]float64 {
	t.Helper()
	return Eval[[2]float64](t, ctx, js)
}

// queryRow returns the index of the query row whose formula is f, read
// from its editor when it has one.
func queryRow(t *testing.T, ctx context.Context, f string) int {
	t.Helper()
	i := Eval[int](t, ctx, fmt.Sprintf(`(() => { const li = [...document.querySelectorAll("#queries li")].find(li => { const f = li.querySelector(".formula"); const ed = f && f.querySelector("textarea, input"); return f && (ed ? ed.value : f.textContent).trim() === %q }); return li ? Number(li.dataset.query) : -1 })()`, f))
	if i < 0 {
		t.Fatalf("no query %q in the list", f)
	}
	return i
}

// The train-gate edited on its drawing: the guard x>=10 broken into
// x>=1O in the side panel shows its positioned error beside the field
// within a second, and fixed, the mutual exclusion query holds again; a
// location dragged is saved where it was dropped, its name with it; two
// locations added by double clicks and an edge dragged between them
// with a guard typed in come back in the model as parsed again (the
// processes' drawings once editing is left).
func TestPageDrawEdit(t *testing.T) {
	if _, err := os.Stat(trainGate); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	ctx := openPage(t, site(t))
	upload(t, ctx, trainGate)
	waitDrawn(t, ctx)
	click(t, ctx, ".draw-bar button.draw-toggle")
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure.editing").length === 2`, 5*time.Second)
	Eval[bool](t, ctx, drawProbes)

	// Select edge 0 (Appr -> Cross, guard x>=10) by a click on its middle.
	Eval[bool](t, ctx, `dt.show("Train")`)
	clickAt(t, ctx, pt2(t, ctx, `dt.edgeMiddle("Train", 0)`))
	guard := `.draw-panel [data-field="guard"] input, .draw-panel [data-field="guard"] .cm-content`
	waitPage(t, ctx, `dt.text("guard") === "x>=10"`, 2*time.Second)
	// While editing, the drawings are the templates': no process table,
	// and the diagnostics are in the panel, so that nothing above the
	// drawings comes and goes as the model stops and starts reading.
	top := `(dt.fig("Train").getBoundingClientRect().top + scrollY)`
	hidden := `document.getElementById("processes").hidden && document.getElementById("diagnostics").hidden`
	if !Eval[bool](t, ctx, hidden) {
		t.Error("the process table or the diagnostics box is shown while the drawings are edited")
	}
	top0 := Eval[float64](t, ctx, top)
	click(t, ctx, guard)
	typeKeys(t, ctx, kb.End, kb.Backspace, "O")
	start := time.Now()
	waitPage(t, ctx, `dt.marked("guard") && dt.field("guard").textContent.includes("expected end of expression")`, time.Second)
	if top1 := Eval[float64](t, ctx, top); top1 != top0 || !Eval[bool](t, ctx, hidden) {
		t.Errorf("with the error, the Train drawing moved from %v to %v, or the table or box came back", top0, top1)
	}
	t.Logf("the guard's error shown %v after the key: %q", time.Since(start).Round(time.Millisecond), Eval[string](t, ctx, `dt.field("guard").textContent`))
	if got := Eval[string](t, ctx, `dt.markedText("guard")`); got != "O" {
		t.Errorf("the guard's field marks %q, want the O", got)
	}
	typeKeys(t, ctx, kb.Backspace, "0")
	waitPage(t, ctx, `!dt.marked("guard") && !document.querySelector("#drawings .edge.error")`, 5*time.Second)
	if top2 := Eval[float64](t, ctx, top); top2 != top0 {
		t.Errorf("fixed, the Train drawing moved from %v to %v", top0, top2)
	}
	q := queryRow(t, ctx, "A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j")
	if marker, status := checkRow(t, ctx, q, 60*time.Second); !strings.Contains(" "+marker+" ", " satisfied ") {
		t.Errorf("mutual exclusion after the fix: marker %q, status %q; want satisfied", marker, status)
	} else {
		t.Logf("row %d checked: %s", q, status)
	}

	// Drag Appr (id3, at 96,232) by 40,24 CSS pixels.
	Eval[bool](t, ctx, drawProbes+` && dt.show("Train")`)
	c0 := Eval[[2]float64](t, ctx, `dt.centre("Train", "id3")`)
	n0 := Eval[[2]float64](t, ctx, `dt.label("Train", "id3", "name")`)
	a := pt2(t, ctx, `dt.toClient("Train", 96, 232)`)
	b := [2]float64{a[0] + 40, a[1] + 24}
	u := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.toUser("Train", %v, %v)`, b[0], b[1]))
	dragFrom(t, ctx, a, b, 0)
	want := [2]float64{math.Round(u[0]), math.Round(u[1])}
	waitPage(t, ctx, fmt.Sprintf(`(c => c[0] === %v && c[1] === %v)(dt.centre("Train", "id3"))`, want[0], want[1]), 5*time.Second)
	n1 := Eval[[2]float64](t, ctx, `dt.label("Train", "id3", "name")`)
	if dx, dy := n1[0]-n0[0], n1[1]-n0[1]; math.Abs(dx-(want[0]-c0[0])) > 0.5 || math.Abs(dy-(want[1]-c0[1])) > 0.5 {
		t.Errorf("the name moved by %v,%v, the location by %v,%v", dx, dy, want[0]-c0[0], want[1]-c0[1])
	}

	// The drag is one step of the history: undone and redone by the keys.
	pressWith(t, ctx, "z", chromedp.ModifierCtrl)
	waitPage(t, ctx, fmt.Sprintf(`(c => c[0] === %v && c[1] === %v)(dt.centre("Train", "id3"))`, c0[0], c0[1]), 5*time.Second)
	pressWith(t, ctx, "Z", chromedp.ModifierCtrl, chromedp.ModifierShift)
	waitPage(t, ctx, fmt.Sprintf(`(c => c[0] === %v && c[1] === %v)(dt.centre("Train", "id3"))`, want[0], want[1]), 5*time.Second)

	// From the keyboard: Tab to a location, the right arrow moves it 8.
	press(t, ctx, kb.Tab)
	tabTo(t, ctx, `#drawings figure.editing[data-template="Train"] [data-loc]`, 40)
	id := Eval[string](t, ctx, `document.activeElement.dataset.loc`)
	k0 := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.centre("Train", %q)`, id))
	press(t, ctx, kb.ArrowRight)
	waitPage(t, ctx, fmt.Sprintf(`(c => c[0] === %v && c[1] === %v)(dt.centre("Train", %q))`, k0[0]+8, k0[1], id), 5*time.Second)
	if got := Eval[string](t, ctx, `document.activeElement.dataset.loc || ""`); got != id {
		t.Errorf("after the arrow the focus is on %q, want location %s", got, id)
	}

	// Two locations by double clicks in the empty margin below the
	// drawing, then an edge dragged from one to the other with Shift.
	Eval[bool](t, ctx, `dt.show("Train")`)
	before := Eval[[]string](t, ctx, `dt.locs("Train")`)
	vb := Eval[[4]float64](t, ctx, `dt.box("Train")`)
	p1 := [2]float64{vb[0] + 60, vb[1] + vb[3] - 40}
	p2 := [2]float64{vb[0] + 220, vb[1] + vb[3] - 40}
	for i, p := range [][2]float64{p1, p2} {
		c := pt2(t, ctx, fmt.Sprintf(`dt.toClient("Train", %v, %v)`, p[0], p[1]))
		doubleAt(t, ctx, c)
		waitPage(t, ctx, fmt.Sprintf(`dt.locs("Train").length === %d`, len(before)+i+1), 5*time.Second)
	}
	added := Eval[[]string](t, ctx, `dt.locs("Train")`)[len(before):]
	edges := len(Eval[[]string](t, ctx, `dt.edges("Train")`))
	from := pt2(t, ctx, fmt.Sprintf(`dt.toClient("Train", ...dt.centre("Train", %q))`, added[0]))
	to := pt2(t, ctx, fmt.Sprintf(`dt.toClient("Train", ...dt.centre("Train", %q))`, added[1]))
	dragFrom(t, ctx, from, to, chromedp.ModifierShift)
	waitPage(t, ctx, fmt.Sprintf(`dt.edges("Train").length === %d`, edges+1), 5*time.Second)
	waitPage(t, ctx, `dt.text("guard") === ""`, 2*time.Second)
	click(t, ctx, guard)
	typeKeys(t, ctx, "x", ">", "=", "2")
	wantEdge := fmt.Sprintf("%s>%s:guard=x>=2", added[0], added[1])
	waitPage(t, ctx, fmt.Sprintf(`dt.edges("Train").includes(%q)`, wantEdge), 5*time.Second)
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.error, #drawings .location.error").length`); n != 0 {
		t.Errorf("%d parts drawn as errors after the edits", n)
	}
	// Out of editing, the processes are drawn from the model as the engine
	// read the edited bytes: the trains (drawn once, six instances) have
	// Appr where it was dropped and the new edge with its guard.
	if id == "id3" { // the arrow moved Appr too
		want[0] += 8
	}
	click(t, ctx, ".draw-bar button.draw-toggle")
	proc := `document.querySelector('#drawings figure.group[data-template="Train"] svg')`
	waitPage(t, ctx, fmt.Sprintf(`%s !== null && [...%[1]s.querySelectorAll("[data-edge]")].some(g => g.dataset.source === %q && g.dataset.target === %q && g.textContent.includes("x>=2"))`, proc, added[0], added[1]), 5*time.Second)
	if c := Eval[[2]float64](t, ctx, `(c => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))])(`+proc+`.querySelector('[data-loc="id3"] .loc-circle'))`); c != want {
		t.Errorf("the trains' drawing has Appr at %v, want %v where it was moved", c, want)
	}
	click(t, ctx, ".draw-bar button.draw-toggle")
	waitPage(t, ctx, `dt.fig("Train") !== null`, 5*time.Second)
	clickAt(t, ctx, pt2(t, ctx, `(dt.show("Train"), dt.edgeMiddle("Train", 0))`))

	// With an edge in the side panel, every control has a name and every
	// text its contrast, as on the rest of the page, in both themes.
	for _, th := range []string{"light", "dark"} {
		if th == "dark" {
			click(t, ctx, "#theme")
			waitPage(t, ctx, `document.documentElement.dataset.theme === "dark"`, 2*time.Second)
		}
		for _, p := range Eval[[]string](t, ctx, auditJS) {
			t.Errorf("editing, %s theme: %s", th, p)
		}
	}
	Screenshot(t, ctx, "page-draw-edit.png")
}

// The tools on Fischer's drawing, each undoable: the Add location tool,
// the new location named, made committed and initial in the side panel,
// a self-loop drawn with the Add edge tool (two nails), a nail added on
// an edge by a double click, dragged, removed by a double click and put
// back with Ctrl+Z, a label dragged, a location dragged on the drawing
// enlarged and zoomed in, the new location deleted with the Delete key
// (its self-loop with it) and brought back with Ctrl+Z; a template added
// in the parts list gets a drawing with its initial location.
func TestPageDrawTools(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	click(t, ctx, ".draw-bar button.draw-toggle")
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure.editing").length === 1`, 5*time.Second)
	Eval[bool](t, ctx, drawProbes+` && dt.show("P")`)
	at := func(x, y float64) [2]float64 { return pt2(t, ctx, fmt.Sprintf(`dt.toClient("P", %v, %v)`, x, y)) }

	click(t, ctx, `.draw-tools button[data-tool="location"]`)
	clickAt(t, ctx, at(0, 0))
	waitPage(t, ctx, `dt.locs("P").length === 5 && document.querySelector(".draw-panel h3").textContent === "Location in P"`, 5*time.Second)
	id := Eval[[]string](t, ctx, `dt.locs("P")`)[4]
	if c := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.centre("P", %q)`, id)); math.Abs(c[0]) > 1 || math.Abs(c[1]) > 1 {
		t.Errorf("the location was added at %v, want 0,0", c)
	}
	click(t, ctx, `.draw-panel [data-field="name"] input, .draw-panel [data-field="name"] .cm-content`)
	typeKeys(t, ctx, "m", "i", "d")
	loc := fmt.Sprintf(`dt.svg("P").querySelector('[data-loc=%q]')`, id)
	waitPage(t, ctx, loc+`.querySelector('text[data-label="name"]').textContent === "mid"`, 5*time.Second)
	Eval[bool](t, ctx, `document.querySelector('.draw-panel select[data-field="kind"]').focus(), true`)
	typeKeys(t, ctx, kb.ArrowDown, kb.ArrowDown)
	click(t, ctx, `.draw-panel input[data-field="initial"]`)
	waitPage(t, ctx, loc+`.classList.contains("committed") && `+loc+`.classList.contains("initial") && !dt.svg("P").querySelector('[data-loc="id0"]').classList.contains("initial")`, 5*time.Second)

	// A self-loop: out of the location and back with the Add edge tool.
	click(t, ctx, `.draw-tools button[data-tool="edge"]`)
	c := at(0, 0)
	mouse(t, ctx, chromedp.MousePressed, c, 1, 0)
	for _, d := range [][2]float64{{0, -20}, {0, -40}, {0, -60}, {8, -40}, {4, -10}, {0, 0}} {
		mouse(t, ctx, chromedp.MouseMoved, [2]float64{c[0] + d[0], c[1] + d[1]}, 0, 0)
	}
	mouse(t, ctx, chromedp.MouseReleased, c, 1, 0)
	loop := fmt.Sprintf(`dt.svg("P").querySelector('.edge[data-source=%q][data-target=%[1]q]')`, id)
	waitPage(t, ctx, loop+` !== null && `+loop+`.querySelectorAll(".nail").length === 2`, 5*time.Second)
	click(t, ctx, `.draw-tools button[data-tool="select"]`)

	// A nail on edge 0 (idle -> req, straight) by a double click, then
	// dragged down by 30 pixels.
	doubleAt(t, ctx, pt2(t, ctx, `dt.edgeMiddle("P", 0)`))
	nail := `dt.svg("P").querySelector('[data-edge="0"] .nail')`
	waitPage(t, ctx, nail+` !== null`, 5*time.Second)
	n0 := Eval[[2]float64](t, ctx, `(n => [Number(n.getAttribute("cx")), Number(n.getAttribute("cy"))])(`+nail+`)`)
	from := at(n0[0], n0[1])
	to := [2]float64{from[0], from[1] + 30}
	u := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.toUser("P", %v, %v)`, to[0], to[1]))
	dragFrom(t, ctx, from, to, 0)
	waitPage(t, ctx, fmt.Sprintf(`(n => Number(n.getAttribute("cy")) === %v)(%s)`, math.Round(u[1]), nail), 5*time.Second)
	doubleAt(t, ctx, pt2(t, ctx, `dt.toClient("P", ...(n => [Number(n.getAttribute("cx")), Number(n.getAttribute("cy"))])(`+nail+`))`))
	waitPage(t, ctx, nail+` === null`, 5*time.Second)
	pressWith(t, ctx, "z", chromedp.ModifierCtrl)
	waitPage(t, ctx, nail+` !== null`, 5*time.Second)

	// The guard of edge 1 (x <= k, at 110,-20) dragged right by 30 pixels.
	label := `dt.svg("P").querySelector('[data-edge="1"] text[data-label="guard"]')`
	l0 := Eval[[2]float64](t, ctx, `(l => { const b = l.getBBox(); return [b.x + 4, b.y + b.height / 2] })(`+label+`)`)
	x0 := Eval[float64](t, ctx, `Number(`+label+`.getAttribute("x"))`)
	lf := at(l0[0], l0[1])
	lt := [2]float64{lf[0] + 30, lf[1]}
	ux := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.toUser("P", %v, %v)`, lt[0], lt[1]))[0] - l0[0]
	dragFrom(t, ctx, lf, lt, 0)
	waitPage(t, ctx, fmt.Sprintf(`Number(%s.getAttribute("x")) === %v`, label, x0+math.Round(ux)), 5*time.Second)

	// Enlarged and zoomed in, a drag still moves wait (id2) by what the
	// pointer moved in the drawing's units, and the drawing stays
	// enlarged at its zoom when it is drawn again.
	click(t, ctx, `#drawings figure[data-template="P"] button.enlarge`)
	waitPage(t, ctx, `dt.fig("P").classList.contains("enlarged")`, 2*time.Second)
	Eval[bool](t, ctx, `dt.fig("P").querySelector(".view").focus(), true`)
	press(t, ctx, "+")
	vb0 := Eval[[4]float64](t, ctx, `dt.box("P")`)
	c2 := Eval[[2]float64](t, ctx, `dt.centre("P", "id2")`)
	wf := at(c2[0], c2[1])
	wt := [2]float64{wf[0] - 40, wf[1] + 20}
	wu := Eval[[2]float64](t, ctx, fmt.Sprintf(`dt.toUser("P", %v, %v)`, wt[0], wt[1]))
	dragFrom(t, ctx, wf, wt, 0)
	waitPage(t, ctx, fmt.Sprintf(`(c => c[0] === %v && c[1] === %v)(dt.centre("P", "id2"))`, math.Round(wu[0]), math.Round(wu[1])), 5*time.Second)
	if !Eval[bool](t, ctx, `dt.fig("P").classList.contains("enlarged")`) {
		t.Error("the enlarged drawing is no longer enlarged after the drag")
	}
	if vb := Eval[[4]float64](t, ctx, `dt.box("P")`); math.Abs(vb[2]-vb0[2]) > 0.5 {
		t.Errorf("the view's width went from %v to %v units after the drag", vb0[2], vb[2])
	}
	press(t, ctx, kb.Escape)
	waitPage(t, ctx, `!dt.fig("P").classList.contains("enlarged") && document.querySelector(".draw-panel h3").textContent === "Nothing selected"`, 2*time.Second)

	// Delete the new location from the keyboard, and undo.
	Eval[bool](t, ctx, loc+`.focus(), true`)
	press(t, ctx, kb.Delete)
	waitPage(t, ctx, `dt.locs("P").length === 4 && `+loop+` === null`, 5*time.Second)
	pressWith(t, ctx, "z", chromedp.ModifierCtrl)
	waitPage(t, ctx, `dt.locs("P").length === 5 && `+loop+` !== null`, 5*time.Second)

	// A new template has a drawing with its initial location.
	click(t, ctx, "#add-template")
	waitPage(t, ctx, `dt.fig("Template") !== null && dt.svg("Template").querySelectorAll(".location.initial").length === 1`, 5*time.Second)
}

// An edge added with the keyboard alone: Tab to a location of Fischer's
// drawing, Enter opens it in the side panel, Tab to "New edge to", the
// arrow picks another location, Enter on "Add the edge" adds the edge and
// puts the keyboard in its guard, typed there; a self-loop added the
// same way has two nails; out of editing the processes, drawn from the
// model as the engine read it, have the edge with its guard.
func TestPageDrawKeys(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	click(t, ctx, ".draw-bar button.draw-toggle")
	waitPage(t, ctx, `document.querySelectorAll("#drawings figure.editing").length === 1`, 5*time.Second)
	Eval[bool](t, ctx, drawProbes)
	edges := len(Eval[[]string](t, ctx, `dt.edges("P")`))

	tabTo(t, ctx, `#drawings figure.editing[data-template="P"] [data-loc]`, 40)
	src := Eval[string](t, ctx, `document.activeElement.dataset.loc`)
	press(t, ctx, kb.Enter)
	waitPage(t, ctx, `document.querySelector(".draw-panel h3").textContent === "Location in P"`, 2*time.Second)
	tabTo(t, ctx, `.draw-panel select[data-field="edge-target"]`, 10)
	first := Eval[string](t, ctx, `document.activeElement.value`)
	press(t, ctx, kb.ArrowDown)
	dst := Eval[string](t, ctx, `document.activeElement.value`)
	if dst == first || dst == "" {
		t.Fatalf("the arrow left New edge to on %q (was %q)", dst, first)
	}
	press(t, ctx, kb.Tab)
	if got := Eval[string](t, ctx, `document.activeElement.textContent`); got != "Add the edge" {
		t.Fatalf("Tab after New edge to reaches %q, want the Add edge button", got)
	}
	press(t, ctx, kb.Enter)
	waitPage(t, ctx, fmt.Sprintf(`dt.edges("P").length === %d && document.querySelector(".draw-panel h3").textContent.startsWith("Edge %d ")`, edges+1, edges), 5*time.Second)
	waitPage(t, ctx, `dt.field("guard").contains(document.activeElement)`, 2*time.Second)
	typeKeys(t, ctx, "x", ">", "=", "3")
	wantEdge := fmt.Sprintf("%s>%s:guard=x>=3", src, dst)
	waitPage(t, ctx, fmt.Sprintf(`dt.edges("P").includes(%q)`, wantEdge), 5*time.Second)

	// A self-loop the same way: back to the location, itself chosen with
	// the arrows; it is bent by two nails as a drag makes it.
	tabTo(t, ctx, fmt.Sprintf(`#drawings figure.editing[data-template="P"] [data-loc=%q]`, src), 60)
	press(t, ctx, kb.Enter)
	tabTo(t, ctx, `.draw-panel select[data-field="edge-target"]`, 10)
	press(t, ctx, kb.Home)
	for i := 0; i < 10 && Eval[string](t, ctx, `document.activeElement.value`) != src; i++ {
		press(t, ctx, kb.ArrowDown)
	}
	press(t, ctx, kb.Tab)
	press(t, ctx, kb.Enter)
	loop := fmt.Sprintf(`dt.svg("P").querySelector('.edge[data-source=%q][data-target=%[1]q]')`, src)
	waitPage(t, ctx, loop+` !== null && `+loop+`.querySelectorAll(".nail").length === 2`, 5*time.Second)

	click(t, ctx, ".draw-bar button.draw-toggle")
	proc := `document.querySelector('#drawings figure[data-process] svg')`
	waitPage(t, ctx, fmt.Sprintf(`%s !== null && [...%[1]s.querySelectorAll("[data-edge]")].some(g => g.dataset.source === %q && g.dataset.target === %q && g.textContent.includes("x>=3"))`, proc, src, dst), 10*time.Second)
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.error, #drawings .location.error").length`); n != 0 {
		t.Errorf("%d parts drawn as errors after the edge was added", n)
	}
}
