package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"beeline/core/options"
	"beeline/core/protocol"
)

// The search options explain themselves and the first screen holds still,
// on a laptop's screen and a desktop's: every menu's description is
// shown under it and tied to it, nothing is cut off, a query kind that
// ignores the heuristic says so, and once the page says it is ready
// (data-job "idle") the menus are filled and nothing moves.

// screens are the window sizes the page is laid out for.
var screens = [][2]int64{{1366, 768}, {1920, 1080}}

// watchIdle records, in the page about to be opened, the moment it says
// it is ready: window.idleSnap holds what the first screen shows then
// (the menus' entries, the boxes of elements a user aims at), and
// window.shifts every layout shift from then on.
const watchIdle = `(() => {
  const box = sel => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  window.snapFirstScreen = () => ({
    job: document.body.dataset.job,
    menus: ["order", "heuristic", "trace", "symmetry"].map(id => id + ":" + document.querySelectorAll("#" + id + " option").length).join(" "),
    orderNote: document.getElementById("order-note").textContent,
    boxes: Object.fromEntries(Object.entries({header: "header", gallery: "#gallery", present: "#present",
      card: "#cards li button", order: "#order", check: "#check", verifier: "#verifier"}).map(([k, s]) => [k, box(s)])),
  });
  window.shifts = [];
  const mo = new MutationObserver(() => {
    if (window.idleSnap || !document.body || document.body.dataset.job === "booting") return;
    mo.disconnect();
    window.idleSnap = window.snapFirstScreen();
    window.idleAt = performance.now();
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.shifts.push(e.value.toFixed(4) + " at " + Math.round(e.startTime) + " ms: " +
        (e.sources || []).map(s => (s.node ? (s.node.id ? "#" + s.node.id : s.node.nodeName) : "?") +
          " " + [s.previousRect.x, s.previousRect.y, s.previousRect.height].map(Math.round) + "→" + [s.currentRect.x, s.currentRect.y, s.currentRect.height].map(Math.round)).join(", "));
    }).observe({type: "layout-shift"});
  });
  mo.observe(document, {attributes: true, subtree: true, attributeFilter: ["data-job"]});
})()`

// openAt opens the page at root in a fresh browser with a w×h window,
// recording the moment it says it is ready (watchIdle), and waits for it.
func openAt(t *testing.T, root string, w, h int64) context.Context {
	t.Helper()
	ctx := StartBrowser(t)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchIdle})
		return err
	}))
	if err != nil {
		t.Fatalf("watching for the page's readiness: %v", err)
	}
	Navigate(t, ctx, root)
	WaitFor(t, ctx, `window.idleSnap !== undefined`, 30*time.Second)
	if job := Eval[string](t, ctx, `window.idleSnap.job`); job != "idle" {
		t.Fatalf("the page left booting for %q: %s", job, Eval[string](t, ctx, `document.getElementById("boot").textContent`))
	}
	return ctx
}

// firstScreen is what window.snapFirstScreen returns.
type firstScreen struct {
	Job       string               `json:"job"`
	Menus     string               `json:"menus"`
	OrderNote string               `json:"orderNote"`
	Boxes     map[string][]float64 `json:"boxes"`
}

// clippedJS lists the labels, menus, fields and descriptions of the header
// and the Options that are cut off: text wider than its box, a box that
// sticks out of its fieldset, header or the window, or a menu entry wider
// than the menu (measured on a copy of the menu holding that entry alone,
// sized to fit it).
const clippedJS = `(() => {
  const out = [];
  const name = e => "#" + (e.id || e.getAttribute("for") || e.textContent.trim().slice(0, 24));
  const els = [...document.querySelectorAll("header h1, header .tools > *, .options legend, .options label, .options .label, .options select, .options input, .options .note, .options .tables > *")];
  for (const e of els) {
    if (e.getClientRects().length === 0 || e.classList.contains("visually-hidden")) continue; // not shown
    const r = e.getBoundingClientRect();
    const holder = e.closest("fieldset, header").getBoundingClientRect();
    if (e.tagName !== "SELECT" && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + ": text " + e.scrollWidth + " px wide in a box of " + e.clientWidth);
    if (r.left < holder.left - 0.5 || r.right > holder.right + 0.5) out.push(name(e) + ": [" + Math.round(r.left) + ", " + Math.round(r.right) + "] outside its container [" + Math.round(holder.left) + ", " + Math.round(holder.right) + "]");
    if (r.right > document.documentElement.clientWidth + 0.5) out.push(name(e) + ": right edge " + Math.round(r.right) + " past the window's " + document.documentElement.clientWidth);
    if (e.tagName === "SELECT") {
      for (const o of e.options) {
        const probe = e.cloneNode(false);
        probe.removeAttribute("id");
        probe.style.cssText = "width: auto; min-width: 0; max-width: none; position: absolute; visibility: hidden";
        probe.append(new Option(o.text));
        e.parentNode.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        if (need > r.width + 0.5) out.push(name(e) + ": entry «" + o.text + "» needs " + Math.round(need) + " px, the menu is " + Math.round(r.width));
      }
    }
  }
  if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px");
  return out;
})()`

// expectNothingClipped fails the test for each thing clippedJS finds.
func expectNothingClipped(t *testing.T, ctx context.Context, when string) {
	t.Helper()
	for _, p := range Eval[[]string](t, ctx, clippedJS) {
		t.Errorf("%s: %s", when, p)
	}
}

// expectOneRowHeader fails the test when the header's title and tools
// take more than one row.
func expectOneRowHeader(t *testing.T, ctx context.Context) {
	t.Helper()
	rows := Eval[string](t, ctx, `(() => { const tops = [...document.querySelectorAll("header h1, header .tools > *")].filter(e => e.getClientRects().length && !e.classList.contains("visually-hidden")).map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2 });
		return Math.max(...tops) - Math.min(...tops) > 8 ? [...document.querySelectorAll("header .tools > *")].map(e => (e.id || e.textContent) + "@" + Math.round(e.getBoundingClientRect().top)).join(" ") : "" })()`)
	if rows != "" {
		t.Errorf("the header's tools wrap onto more than one row: %s", rows)
	}
}

// Every menu of the Options shows the description of its entry under it,
// tied to it by aria-describedby, with nothing cut off at either size.
func TestPageMenusDescribed(t *testing.T) {
	root := site(t)
	c := options.Builtin().Catalog()
	for _, size := range screens {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx := openAt(t, root, size[0], size[1])
			expectOneRowHeader(t, ctx)
			expectNothingClipped(t, ctx, "at idle")
			menus := []struct {
				id, note string
				cs       []protocol.Choice
			}{
				{"order", "order-note", c.Orders},
				{"trace", "trace-note", c.Traces},
				{"symmetry", "symmetry-note", c.Symmetries},
			}
			pick(t, ctx, "order", "astar")
			for _, h := range c.Heuristics {
				pick(t, ctx, "heuristic", h.Name)
				want := h.Description + " (" + h.Admissibility() + ")"
				if got := text(t, ctx, "heuristic-note"); got != want {
					t.Errorf("under the heuristic menu on %s: %q, want %q", h.Name, got, want)
				}
				expectNothingClipped(t, ctx, "heuristic "+h.Name)
			}
			expectDescribed(t, ctx, "heuristic", "heuristic-note")
			for _, m := range menus {
				for _, ch := range m.cs {
					pick(t, ctx, m.id, ch.Name)
					if got := text(t, ctx, m.note); got != ch.Description {
						t.Errorf("under the %s menu on %s: %q, want %q", m.id, ch.Name, got, ch.Description)
					}
				}
				expectDescribed(t, ctx, m.id, m.note)
			}
			expectNothingClipped(t, ctx, "every menu on its last entry")
			pick(t, ctx, "order", "bfs")
			if got := text(t, ctx, "heuristic-note"); got != "" {
				t.Errorf("breadth-first search: the hidden heuristic menu's note still says %q", got)
			}
			Screenshot(t, ctx, fmt.Sprintf("page-menus-%d.png", size[0]))
		})
	}
}

// expectDescribed fails the test unless the menu's description is shown
// (a box with text in it) and named by the menu's aria-describedby.
func expectDescribed(t *testing.T, ctx context.Context, menu, note string) {
	t.Helper()
	if !Eval[bool](t, ctx, fmt.Sprintf(`(document.getElementById(%q).getAttribute("aria-describedby") || "").split(" ").includes(%q)`, menu, note)) {
		t.Errorf("#%s is not described by #%s", menu, note)
	}
	if !Eval[bool](t, ctx, fmt.Sprintf(`(() => { const n = document.getElementById(%q); return n.getClientRects().length > 0 && n.getBoundingClientRect().height > 0 && n.textContent.trim() !== "" })()`, note)) {
		t.Errorf("#%s is not shown beside #%s", note, menu)
	}
}

// A query kind the engine checks without a heuristic says so beside the
// menu, and the menu keeps its choice (the page's or the user's) for the
// next reachability query; such a query is checked with no table.
func TestPageHeuristicIgnored(t *testing.T) {
	root := site(t)
	for _, size := range screens {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx := openAt(t, root, size[0], size[1])
			chooseExample(t, ctx, "crossing")
			reach, leads := queryAt(t, ctx, "E<> Train(0).Cross"), queryAt(t, ctx, "Train(1).Appr --> Train(1).Cross")
			selectRow := func(i int) {
				t.Helper()
				click(t, ctx, fmt.Sprintf(`#queries li[data-query="%d"] .formula`, i))
				waitPage(t, ctx, fmt.Sprintf(`document.querySelector('#queries li[data-query="%d"]').classList.contains("selected")`, i), 2*time.Second)
			}
			selectRow(reach)
			pick(t, ctx, "order", "astar")
			heuristicMenu(t, ctx, "pdb")
			for _, step := range []struct {
				row     int
				picked  string // the user's pick before, "" for none
				want    string
				ignored bool
			}{
				{reach, "", "pdb", false},
				{leads, "", "pdb", true}, // it said hl silently before
				{reach, "", "pdb", false},
				{leads, "dl", "dl", true},
				{reach, "", "dl", false},
			} {
				if step.picked != "" {
					pick(t, ctx, "heuristic", step.picked)
				}
				selectRow(step.row)
				if got := heuristicMenu(t, ctx, step.want); got != step.want {
					t.Errorf("row %d: the heuristic menu shows %q, want %q kept", step.row, got, step.want)
				}
				note := text(t, ctx, "heuristic-ignored")
				switch {
				case step.ignored && !strings.HasPrefix(note, "This query kind (-->) ignores the heuristic: "):
					t.Errorf("leads-to selected: beside the menu %q, want it to say the heuristic is ignored", note)
				case !step.ignored && note != "":
					t.Errorf("reachability query selected: beside the menu %q, want nothing", note)
				}
				if step.ignored {
					expectDescribed(t, ctx, "heuristic", "heuristic-ignored")
					// The note follows the selection once the page has
					// looked for a cached table: wait for it to settle.
					settled := `!document.getElementById("table-note").textContent.includes("table")`
					if _, err := chromedp.Run(ctx, chromedp.Poll[bool](settled, chromedp.WithPollingTimeout(3*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
						t.Errorf("leads-to selected: the table note says %q, but no table is made for it", text(t, ctx, "table-note"))
					}
					expectNothingClipped(t, ctx, "leads-to selected")
				}
			}
			selectRow(leads)
			pick(t, ctx, "heuristic", "pdb")
			marker, status := checkRow(t, ctx, leads, 60*time.Second)
			if !strings.Contains(marker, "satisfied") {
				t.Errorf("the leads-to query with pdb in the menu: marker %q, status %q", marker, status)
			}
			if got := text(t, ctx, "p-table"); got != "" {
				t.Errorf("a table was made for a leads-to query: %q", got)
			}
			Screenshot(t, ctx, fmt.Sprintf("page-heuristic-ignored-%d.png", size[0]))
		})
	}
}

// When the page says it is ready, its menus are filled and its header is
// one row; from then on nothing moves (no layout shift for a second, the
// boxes of what a user aims at unchanged), and a click aimed at idle
// lands on its target.
func TestPageStableFirstScreen(t *testing.T) {
	root := site(t)
	c := options.Builtin().Catalog()
	wantMenus := fmt.Sprintf("order:%d heuristic:%d trace:%d symmetry:%d", len(c.Orders), len(c.Heuristics), len(c.Traces), len(c.Symmetries))
	for _, size := range screens {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx := openAt(t, root, size[0], size[1])
			if !Eval[bool](t, ctx, `PerformanceObserver.supportedEntryTypes.includes("layout-shift")`) {
				t.Fatal("this Chromium reports no layout shifts")
			}
			idle := Eval[firstScreen](t, ctx, `window.idleSnap`)
			if idle.Menus != wantMenus {
				t.Errorf("menus at idle: %s, want %s", idle.Menus, wantMenus)
			}
			if idle.OrderNote == "" {
				t.Error("no description under the search order at idle")
			}
			expectOneRowHeader(t, ctx)
			time.Sleep(time.Second) // what moves after idle, moves now
			later := Eval[firstScreen](t, ctx, `window.snapFirstScreen()`)
			for name, b := range idle.Boxes {
				if fmt.Sprint(later.Boxes[name]) != fmt.Sprint(b) {
					t.Errorf("%s moved after idle: %v, a second later %v", name, b, later.Boxes[name])
				}
			}
			for _, s := range Eval[[]string](t, ctx, `window.shifts`) {
				t.Errorf("layout shift after idle: %s", s)
			}
			// Clicks aimed at idle: the point each target's centre was at
			// hits the target still, and a real click on the first card
			// opens its example.
			for name, sel := range map[string]string{"gallery": "#gallery", "present": "#present", "card": "#cards li button", "order": "#order"} {
				b := idle.Boxes[name]
				x, y := b[0]+b[2]/2, b[1]+b[3]/2
				if y > float64(size[1]) {
					continue // below the fold: nobody aims there at once
				}
				if !Eval[bool](t, ctx, fmt.Sprintf(`(() => { const h = document.elementFromPoint(%f, %f); return h !== null && document.querySelector(%q).contains(h) })()`, x, y, sel)) {
					t.Errorf("a click at %s's centre at idle (%.0f, %.0f) now hits %s", name, x, y, Eval[string](t, ctx, fmt.Sprintf(`(() => { const h = document.elementFromPoint(%f, %f); return h ? h.outerHTML.slice(0, 80) : "nothing" })()`, x, y)))
				}
			}
			card := idle.Boxes["card"]
			if _, err := chromedp.Run(ctx, chromedp.MouseClickXY(card[0]+card[2]/2, card[1]+card[3]/2)); err != nil {
				t.Fatal(err)
			}
			waitPage(t, ctx, `document.getElementById("model-name").textContent === "fischer.xml"`, 30*time.Second)
		})
	}
}
