package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"beeline/core/job"
	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// A heuristic's settings on the page: a field per parameter of the
// engine's catalog under the heuristic menu, sent with the check, kept in
// the table cache's key and in share links, and refused by the engine in
// plain words when out of range.

// nativeExplored checks query 0 of a page example natively with the
// search options o, as `beeline check` does, and returns the states
// explored.
func nativeExplored(t *testing.T, example string, o protocol.Options) int64 {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "web", "examples", example))
	if err != nil {
		t.Fatal(err)
	}
	var v verify.Options
	if err := options.Builtin().Apply(o, &v); err != nil {
		t.Fatal(err)
	}
	l := job.Load(job.File{Name: example, Data: src})
	r := l.Check(context.Background(), l.Queries[0], v)
	if r.Result == nil {
		t.Fatalf("the native check of %s failed: %+v", example, r)
	}
	return r.Result.Stats.Explored
}

// fields lists the settings shown: id=value of each field, in order.
func fields(t *testing.T, ctx context.Context) string {
	t.Helper()
	return Eval[string](t, ctx, `(() => { const b = document.getElementById("heuristic-params");
		return b.hidden ? "hidden" : [...b.querySelectorAll("select, input")].map(f => f.id + "=" + f.value).join(" ") })()`)
}

func TestPageHeuristicSettings(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base)
	chooseExample(t, ctx, "fischer-broken")
	pick(t, ctx, "order", "bfs")
	if got := fields(t, ctx); got != "hidden" {
		t.Errorf("settings under breadth-first search: %s, want none", got)
	}
	pick(t, ctx, "order", "astar")
	pick(t, ctx, "heuristic", "hl")
	if got := fields(t, ctx); got != "hidden" {
		t.Errorf("settings of hL: %s, want none", got)
	}
	pick(t, ctx, "heuristic", "mas")
	if got := fields(t, ctx); got != "hp-bound=100" {
		t.Errorf("settings of M&S: %s, want its bound on the default", got)
	}
	if got := Eval[string](t, ctx, `(f => f.type + " " + f.min + ".." + f.max + " " + document.querySelector('label[for="hp-bound"]').textContent)(document.getElementById("hp-bound"))`); got != "number 1..2048 bound N" {
		t.Errorf("the bound's field: %s, want a labelled number field from 1 to 2048", got)
	}
	pick(t, ctx, "heuristic", "pa")
	if got, want := fields(t, ctx), "hp-preds=2abs hp-combine= hp-split=2 hp-states=5000 hp-layers=10"; got != want {
		t.Errorf("settings of Predicates: %s, want %s", got, want)
	}

	// A setting changes the check: the page explores what the command
	// line does with the same setting, and the setting has its own
	// table in the cache.
	pick(t, ctx, "hp-preds", "syntax")
	_, explored := checkBrokenWith(t, ctx, "pa")
	want := nativeExplored(t, "fischer-broken.xml", protocol.Options{Order: "astar", Trace: "shortest",
		Heuristic: protocol.Heuristic{Name: "pa", Params: map[string]string{"preds": "syntax"}}})
	dflt := nativeExplored(t, "fischer-broken.xml", protocol.Options{Order: "astar", Trace: "shortest",
		Heuristic: protocol.Heuristic{Name: "pa"}})
	if explored != strconv.FormatInt(want, 10) || want == dflt {
		t.Errorf("A* with pa:preds=syntax explored %s states in the page, %d natively (%d with the default)", explored, want, dflt)
	}
	if got, want := fields(t, ctx), "hp-preds=syntax hp-combine= hp-split=2 hp-states=5000 hp-layers=10"; got != want {
		t.Errorf("the check reset the settings: %s, want %s", got, want)
	}
	waitPage(t, ctx, `document.getElementById("table-note").textContent.startsWith("cached table: ")`, 5*time.Second)
	pick(t, ctx, "hp-preds", "2abs")
	waitPage(t, ctx, `document.getElementById("table-note").textContent === "no cached table: Check computes it first"`, 5*time.Second)
	pick(t, ctx, "hp-preds", "syntax")
	waitPage(t, ctx, `document.getElementById("table-note").textContent.startsWith("cached table: ")`, 5*time.Second)
	Screenshot(t, ctx, "page-heuristic-settings.png")

	// A share link carries the setting, and its check uses it.
	copyLink(t, ctx)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	reopen(t, ctx, url)
	waitPage(t, ctx, `document.body.dataset.step === "0" && document.body.dataset.job === "idle"`, 60*time.Second)
	if got := fields(t, ctx); !strings.HasPrefix(got, "hp-preds=syntax ") {
		t.Errorf("settings after opening the share link: %s, want preds=syntax", got)
	}
	if got := text(t, ctx, "p-explored"); got != explored {
		t.Errorf("the share link's check explored %s states, want %s", got, explored)
	}

	// A value out of range is refused, saying which values go.
	pick(t, ctx, "heuristic", "mas")
	Eval[bool](t, ctx, `(() => { const f = document.getElementById("hp-bound"); f.value = "5000"; f.dispatchEvent(new Event("change")); return true })()`)
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("status").textContent.includes("5000")`, 30*time.Second)
	if got := text(t, ctx, "status"); !strings.Contains(got, "bound=5000 is not allowed (want a whole number from 1 to 2048)") {
		t.Errorf("status %q, want the bound refused with its range", got)
	}
}
