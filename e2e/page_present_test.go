package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// inView reports whether the element sel is drawn, at least in part,
// inside the viewport.
func inView(t *testing.T, ctx context.Context, sel string) bool {
	return Eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.top < innerHeight && r.left < innerWidth })()`, sel))
}

// Presentation mode at 1366×768: the drawings and the trace side by side
// with nothing to scroll, large type, the keys listed with '?', and a
// link that opens straight into it at the step shown, with the drawings
// the sender hid hidden.
func TestPagePresentation(t *testing.T) {
	for _, size := range [][2]int64{{1366, 768}, {1920, 1080}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			base := site(t)
			ctx := openPage(t, base)
			if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			click(t, ctx, `#cards li[data-example="fischer-broken"] button`)
			waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 30*time.Second)
			click(t, ctx, `#processes input[aria-label="show P(4)"]`)
			click(t, ctx, "#present")
			waitPage(t, ctx, `document.body.dataset.present === "on"`, 2*time.Second)
			waitEnabled(t, ctx, 0)
			for _, sel := range []string{`#drawings figure[data-process="P(1)"] svg`, "#steps", "#enabled", "#play", "#present"} {
				if !inView(t, ctx, sel) {
					t.Errorf("%s is not on screen in presentation mode", sel)
				}
			}
			if inView(t, ctx, `#drawings figure[data-process="P(4)"]`) {
				t.Error("the hidden P(4) is drawn")
			}
			if got := Eval[[]float64](t, ctx, `[document.scrollingElement.scrollHeight - innerHeight, document.scrollingElement.scrollWidth - innerWidth]`); got[0] > 0 || got[1] > 0 {
				t.Errorf("the page scrolls by %v in presentation mode", got)
			}
			if got := Eval[float64](t, ctx, `parseFloat(getComputedStyle(document.documentElement).fontSize)`); got < 20 {
				t.Errorf("presentation type is %vpx, want at least 20 (the page's is 18)", got)
			}
			// Side by side: the trace is right of the drawings.
			if !Eval[bool](t, ctx, `document.getElementById("simulator").getBoundingClientRect().left >= document.getElementById("editor").getBoundingClientRect().right - 1`) {
				t.Error("the simulator is not beside the drawings")
			}
			for range 4 {
				press(t, ctx, "a")
			}
			waitPage(t, ctx, `document.body.dataset.step === "4"`, 2*time.Second)
			Screenshot(t, ctx, fmt.Sprintf("page-present-%dx%d.png", size[0], size[1]))

			press(t, ctx, "?")
			waitPage(t, ctx, `document.getElementById("keys-dialog").open`, 2*time.Second)
			if got := text(t, ctx, "keys-dialog"); !strings.Contains(got, "take that enabled transition") {
				t.Errorf("the keys list reads %q", got)
			}
			press(t, ctx, "\x1b") // Escape closes the list only
			waitPage(t, ctx, `!document.getElementById("keys-dialog").open`, 2*time.Second)
			if !Eval[bool](t, ctx, `document.body.dataset.present === "on"`) {
				t.Error("closing the keys list left presentation mode")
			}

			copyLink(t, ctx)
			waitPage(t, ctx, `document.getElementById("share-url").value !== ""`, 5*time.Second)
			link := Eval[string](t, ctx, `document.getElementById("share-url").value`)
			press(t, ctx, "\x1b")
			waitPage(t, ctx, `document.body.dataset.present === undefined`, 2*time.Second)

			other := openPage(t, link)
			if _, err := chromedp.Run(other, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			waitPage(t, other, `document.body.dataset.present === "on" && document.body.dataset.step === "4" && document.getElementById("step-of").textContent === "state 4 of 6"`, 30*time.Second)
			if got := Eval[string](t, other, `[...document.querySelectorAll("#drawings figure")].map(f => f.dataset.process + (f.hidden ? " hidden" : "")).join(", ")`); got != "P(1), P(2), P(3), P(4) hidden" {
				t.Errorf("the link opens with the drawings %q; want P(4) hidden as its sender had it", got)
			}
		})
	}
}
