package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabTo presses Tab until the element sel has the focus, as a keyboard
// user reaches a control, and fails after max presses.
func tabTo(t *testing.T, ctx context.Context, sel string, max int) {
	t.Helper()
	for range max {
		if Eval[bool](t, ctx, `document.activeElement && document.activeElement.matches(`+jsString(sel)+`)`) {
			return
		}
		press(t, ctx, kb.Tab)
	}
	t.Fatalf("%s is not reached with %d presses of Tab (focus on %s)", sel, max, Eval[string](t, ctx, `document.activeElement ? document.activeElement.outerHTML.slice(0, 80) : "nothing"`))
}

func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// The simulator and the player work from the keyboard alone: Tab reaches
// Simulate, Enter starts it, digits take transitions, the player's keys
// move through the path, Tab and Enter take a listed transition, and '?'
// lists the keys.
func TestPageKeyboardOnly(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	tabTo(t, ctx, "#simulate", 80)
	press(t, ctx, kb.Enter)
	waitEnabled(t, ctx, 0)
	press(t, ctx, "1")
	waitEnabled(t, ctx, 1)
	press(t, ctx, "2")
	waitEnabled(t, ctx, 2)
	press(t, ctx, "q")
	waitEnabled(t, ctx, 1)
	press(t, ctx, kb.End)
	waitEnabled(t, ctx, 2)
	// The focus stays with the enabled transitions after a pick: Enter on
	// the one focused takes it.
	tabTo(t, ctx, `#enabled button[data-choice="0"]`, 80)
	press(t, ctx, kb.Enter)
	waitEnabled(t, ctx, 3)
	if got := text(t, ctx, "step-of"); got != "state 3 of 3" {
		t.Errorf("after three steps by keyboard the player shows %q", got)
	}
	tabTo(t, ctx, "#sim-random", 80)
	press(t, ctx, kb.Enter)
	waitPage(t, ctx, `document.getElementById("trace-title").textContent === "simulation, symbolic (23 steps)"`, 15*time.Second)
	press(t, ctx, kb.End)
	waitEnabled(t, ctx, 23)
	press(t, ctx, "?")
	waitPage(t, ctx, `document.getElementById("keys-dialog").open`, 2*time.Second)
	press(t, ctx, kb.Escape)
	waitPage(t, ctx, `!document.getElementById("keys-dialog").open`, 2*time.Second)
}

// auditJS lists what an accessibility audit objects to on the page as
// it is: controls without a name, and text whose contrast with what is
// behind it is below 4.5:1 (WCAG AA), the drawings' SVG text included.
const auditJS = `(() => {
  const out = [];
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden" };
  const named = e => (e.getAttribute("aria-label") || "").trim() || (e.getAttribute("title") || "").trim() ||
    (e.getAttribute("aria-labelledby") || "").split(/\s+/).map(id => document.getElementById(id)).some(l => l && l.textContent.trim()) ||
    (e.id && [...document.querySelectorAll("label")].some(l => l.htmlFor === e.id && l.textContent.trim())) ||
    (e.closest("label") && e.closest("label").textContent.trim()) ||
    (e.tagName === "BUTTON" && e.textContent.trim());
  for (const e of document.querySelectorAll("button, input:not([type=hidden]), select, textarea, [role=listbox], [role=option], a[href]")) {
    if (e.classList.contains("visually-hidden") && e.type === "file") continue;
    if (!visible(e) && !(e.type === "file")) continue;
    if (!named(e) && !(e.tagName === "A" && e.textContent.trim()) && !(e.getAttribute("role") === "option" && e.textContent.trim())) out.push("no name: " + e.outerHTML.slice(0, 90));
  }
  const rgb = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return p.length === 3 ? [...p, 1] : p };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4) }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]) };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05) };
  const behind = e => {
    for (let n = e; n; n = n.parentElement) {
      if (n instanceof SVGElement && n.tagName !== "svg") continue;
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0.5) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  };
  const seen = new Set();
  for (const e of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "TITLE", "OPTION"].includes(e.tagName) || !visible(e)) continue;
    const svg = e instanceof SVGElement;
    if (svg ? e.tagName !== "text" : ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (e.closest("button:disabled, [aria-disabled=true], .boot, .msc-band")) continue;
    const st = getComputedStyle(e);
    const fg = rgb(svg ? st.fill : st.color);
    if (!fg || fg[3] < 0.5) continue;
    let bg = behind(e);
    const band = svg && e.closest(".current, .active") && null;
    const r = ratio(fg, bg);
    if (r < 4.5) {
      const key = (svg ? "svg " : "") + e.tagName.toLowerCase() + "." + (e.getAttribute("class") || "") + " " + st.color + st.fill;
      if (!seen.has(key)) { seen.add(key); out.push("contrast " + r.toFixed(2) + ": " + key + " «" + e.textContent.trim().slice(0, 30) + "»") }
    }
  }
  return out;
})()`

// An audit in both themes, with a model drawn, a trace in the player and
// the simulator listing transitions: every control has a name and every
// text, the drawings' and the chart's included, has contrast ≥ 4.5:1.
func TestPageAudit(t *testing.T) {
	ctx := openPage(t, site(t))
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, `#cards li[data-example="fischer-broken"] button`)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 30*time.Second)
	waitEnabled(t, ctx, 0)
	press(t, ctx, "a")
	waitEnabled(t, ctx, 1)
	for _, th := range []string{"light", "dark"} {
		if got := Eval[string](t, ctx, `document.documentElement.dataset.theme`); got != th {
			click(t, ctx, "#theme")
			waitPage(t, ctx, `document.documentElement.dataset.theme === "`+th+`"`, 2*time.Second)
		}
		for _, present := range []bool{false, true} {
			if present {
				click(t, ctx, "#present")
			}
			for _, p := range Eval[[]string](t, ctx, auditJS) {
				t.Errorf("%s theme, presentation %v: %s", th, present, p)
			}
			if present {
				click(t, ctx, "#present")
			}
		}
	}
}
