package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The first screen lists the gallery as cards, each with a line on what
// it teaches; one click on the broken protocol's card opens it, sets A*
// with hL, checks mutual exclusion and shows the shortest counterexample.
func TestPageGalleryCards(t *testing.T) {
	ctx := openPage(t, site(t))
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	cards := Eval[[]string](t, ctx, `[...document.querySelectorAll("#cards li")].map(li => li.dataset.example + ": " + li.querySelector("p").textContent)`)
	if len(cards) != 6 {
		t.Fatalf("%d cards, want the gallery's 6: %q", len(cards), cards)
	}
	for _, c := range cards {
		if _, teaches, _ := strings.Cut(c, ": "); len(teaches) < 30 {
			t.Errorf("card %q says too little about what it teaches", c)
		}
	}
	if !Eval[bool](t, ctx, `(() => { const r = document.getElementById("cards").getBoundingClientRect(); return r.top < innerHeight && r.height > 0 })()`) {
		t.Error("the cards are not on the first screen at 1366×768")
	}
	Screenshot(t, ctx, "page-cards-1366.png")

	click(t, ctx, `#cards li[data-example="fischer-broken"] button`)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker') !== null && document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 30*time.Second)
	waitPage(t, ctx, `!document.getElementById("simulator").hidden && document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
	if got := Eval[string](t, ctx, `document.getElementById("order").value + " " + document.getElementById("heuristic").value`); got != "astar hl" {
		t.Errorf("the card's search is %q, want astar hl", got)
	}
	if !Eval[bool](t, ctx, `document.getElementById("empty").hidden`) {
		t.Error("the cards stay shown with a model open")
	}
	if got := Eval[string](t, ctx, `document.getElementById("gallery").value`); got != "fischer-broken" {
		t.Errorf("the gallery menu shows %q", got)
	}
}
