package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"beeline/core/options"
	"beeline/core/protocol"
)

// The page's tests: index.html as a user sees it, against the engine
// worker and the assets `make wasm` builds (web/build/ui.wasm, engine.wasm,
// worker/), served as `beeline serve` serves them. They assert on the DOM,
// never on pixels; screenshots go to $BEELINE_SCREENS for a person to look
// at.

// openPage opens the page at url (the app's root, or a share link) in a
// fresh browser and waits until its program runs and has built its
// menus from the engine's catalog.
func openPage(t *testing.T, url string) context.Context {
	t.Helper()
	ctx := StartBrowser(t)
	if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(1400, 1000)); err != nil {
		t.Fatal(err)
	}
	Navigate(t, ctx, url)
	WaitFor(t, ctx, `document.body.dataset.job !== "booting"`, 30*time.Second)
	if Eval[string](t, ctx, `document.body.dataset.job`) == "failed" {
		t.Fatalf("the page failed to start: %s", Eval[string](t, ctx, `document.getElementById("boot").textContent`))
	}
	WaitFor(t, ctx, `document.querySelector("#order option") !== null`, 30*time.Second)
	return ctx
}

// site serves the built page and returns its root URL (with a trailing
// slash).
func site(t *testing.T) string {
	t.Helper()
	RequireChromium(t)
	root := WebRoot(t)
	RequireUI(t, root)
	return StartServer(t, root) + "/"
}

// waitPage is WaitFor, reporting what the page says when it times out.
func waitPage(t *testing.T, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		said, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent + " | " + document.getElementById("notice").textContent`))
		t.Fatalf("waiting %v for %s: %v (the page says: %s)", timeout, short(cond), err, said)
	}
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// press sends keys to the page, as a user typing them.
func press(t *testing.T, ctx context.Context, keys string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.KeyEvent(keys)); err != nil {
		t.Fatalf("keys %q: %v", keys, err)
	}
}

// chooseExample picks a gallery entry and waits until it is drawn (or its
// errors are shown).
func chooseExample(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	// The model name is cleared first, so that the wait below is for this
	// example, not for the model shown before it.
	Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("model-name").textContent = ""; const s = document.getElementById("gallery"); s.value = %q; s.dispatchEvent(new Event("change")); return s.value === %[1]q })()`, key))
	waitPage(t, ctx, `document.body.dataset.job === "idle" && document.getElementById("model-name").textContent !== "" && (document.querySelectorAll("#drawings svg").length > 0 || !document.getElementById("diagnostics").hidden)`, 30*time.Second)
}

// checkQuery presses query i's Check button.
func checkQuery(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	click(t, ctx, fmt.Sprintf(`#queries li[data-query="%d"] button`, i))
}

// activeLocations lists every drawn process's highlighted location, as
// "P(1)=id2 P(2)=id0 ...".
func activeLocations(t *testing.T, ctx context.Context) string {
	return Eval[string](t, ctx, `[...document.querySelectorAll("#drawings figure[data-process]")].map(f => f.dataset.process + "=" + [...f.querySelectorAll(".location.active")].map(l => l.dataset.loc).join("+")).join(" ")`)
}

// The page starts, lists the gallery, and switches to the dark theme.
func TestPageStarts(t *testing.T) {
	ctx := openPage(t, site(t))
	if n := Eval[int](t, ctx, `document.querySelectorAll("#gallery option[value]:not([value=''])").length`); n != 6 {
		t.Errorf("the gallery lists %d examples, want 6", n)
	}
	if got := Eval[string](t, ctx, `[...document.querySelectorAll("#order option")].filter(o => !o.disabled).map(o => o.value).join(" ")`); got != "bfs dfs rdfs astar gbfs auto" {
		t.Errorf("search orders offered: %q", got)
	}
	if got := Eval[string](t, ctx, `document.getElementById("order").value`); got != "auto" {
		t.Errorf("the order menu starts on %q, want auto", got)
	}
	if Eval[bool](t, ctx, `!document.getElementById("heuristic").hidden`) {
		t.Error("the heuristic menu shows for the auto order, which races its own heuristics")
	}
	Screenshot(t, ctx, "page-start.png")
	if got := Eval[string](t, ctx, `document.documentElement.dataset.theme`); got != "light" {
		t.Errorf("theme %q, want light by default", got)
	}
	click(t, ctx, "#theme")
	if got := Eval[string](t, ctx, `document.documentElement.dataset.theme`); got != "dark" {
		t.Errorf("after the theme button: %q, want dark", got)
	}
	Screenshot(t, ctx, "page-dark.png")
}

// Load fischer-broken, check mutual exclusion, read the verdict, and step
// through the 6-step trace watching the highlighted locations move; then
// copy a link at step 3 and open it in a fresh browser: same step.
func TestPageCheckStepAndShare(t *testing.T) {
	base := site(t)
	ctx := openPage(t, base)
	chooseExample(t, ctx, "fischer-broken")
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings figure[data-process]").length`); n != 4 {
		t.Fatalf("%d process drawings, want 4 (P(1)..P(4))", n)
	}
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 30*time.Second)
	if s := Eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.Contains(s, "not satisfied") {
		t.Errorf("status %q, want the verdict not satisfied", s)
	}
	waitPage(t, ctx, `!document.getElementById("simulator").hidden`, 5*time.Second)
	if got := Eval[string](t, ctx, `document.getElementById("step-of").textContent`); got != "state 0 of 6" {
		t.Errorf("player shows %q, want state 0 of 6 (a 6-step trace)", got)
	}
	if got := Eval[string](t, ctx, `document.getElementById("trace-title").textContent`); !strings.Contains(got, "(6 steps)") {
		t.Errorf("trace title %q, want 6 steps", got)
	}
	Screenshot(t, ctx, "page-trace.png")

	// Every process has exactly one active location in every state.
	seen := map[string]bool{}
	var states []string
	for step := 0; step <= 6; step++ {
		waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d"`, step), 5*time.Second)
		a := activeLocations(t, ctx)
		if strings.Contains(a, "= ") || strings.HasSuffix(a, "=") || strings.Contains(a, "+") {
			t.Fatalf("state %d: a process has not exactly one active location: %s", step, a)
		}
		if step > 0 {
			if a == states[step-1] {
				t.Errorf("state %d: the active locations did not change: %s", step, a)
			}
			if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.fired").length`); n == 0 {
				t.Errorf("state %d: no fired edge highlighted", step)
			}
		}
		states = append(states, a)
		seen[a] = true
		if step == 3 {
			Screenshot(t, ctx, "page-trace-step3.png")
		}
		if step < 6 {
			press(t, ctx, "a")
		}
	}
	press(t, ctx, "q")
	waitPage(t, ctx, `document.body.dataset.step === "5"`, 5*time.Second)
	press(t, ctx, "f")
	waitPage(t, ctx, `document.body.dataset.step === "0"`, 5*time.Second)
	if got := activeLocations(t, ctx); got != states[0] {
		t.Errorf("back at state 0 the active locations are %s, want %s", got, states[0])
	}

	// Share at step 3.
	press(t, ctx, "aaa")
	waitPage(t, ctx, `document.body.dataset.step === "3"`, 5*time.Second)
	copyLink(t, ctx)
	url := Eval[string](t, ctx, `document.getElementById("share-url").value`)
	if !strings.HasPrefix(url, base) || !strings.Contains(url, "#b1.") {
		t.Fatalf("share link %q: want %s#b1.…", url, base)
	}
	ctx2 := openPage(t, url)
	waitPage(t, ctx2, `document.body.dataset.step === "3" && document.body.dataset.job === "idle"`, 30*time.Second)
	if got := activeLocations(t, ctx2); got != states[3] {
		t.Errorf("the shared link shows %s at state 3, want %s", got, states[3])
	}
	if n := Eval[string](t, ctx2, `document.getElementById("notice").textContent`); !strings.Contains(n, "replays") {
		t.Errorf("notice %q, want the trace confirmed as replayed", n)
	}
	Screenshot(t, ctx2, "page-share-opened.png")
}

// A long search shows live progress, Cancel stops it at once, and a fresh
// worker answers the next job.
func TestPageCancelLongSearch(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "counters")
	// Breadth-first search, as the example's card sets: the auto order,
	// the page's default, proves the query at once with hU's dead ends.
	pick(t, ctx, "order", "bfs")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.body.dataset.job === "checking" && Number((document.getElementById("p-explored")||{}).textContent) > 0`, 30*time.Second)
	before := Eval[string](t, ctx, `document.getElementById("p-explored").textContent`)
	time.Sleep(600 * time.Millisecond)
	after := Eval[string](t, ctx, `document.getElementById("p-explored").textContent`)
	if before == after {
		t.Errorf("progress did not move in 0.6 s (explored %s)", before)
	}
	Screenshot(t, ctx, "page-counters-running.png")
	click(t, ctx, "#cancel")
	waitPage(t, ctx, `document.body.dataset.job === "idle"`, 2*time.Second)
	if s := Eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.Contains(s, "Cancelled") {
		t.Errorf("status after cancel: %q", s)
	}
	chooseExample(t, ctx, "fischer")
	checkQuery(t, ctx, 1)
	waitPage(t, ctx, `document.querySelector('#queries li[data-query="1"] .marker').classList.contains("satisfied")`, 30*time.Second)
}

// The search-order, heuristic and trace menus are the engine's catalog:
// every entry with its label and description, in order, each menu on the
// entry the catalog suggests, and the order's description beside it.
func TestPageMenusFromEngine(t *testing.T) {
	ctx := openPage(t, site(t))
	c := options.Builtin().Catalog()
	menu := func(id string) string {
		return Eval[string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#%s option")].map(o => o.value + "|" + o.textContent + "|" + o.title).join("\n") + "\n=" + document.getElementById(%[1]q).value`, id))
	}
	want := func(cs []protocol.Choice, text func(protocol.Choice) string) string {
		var lines []string
		pick := cs[0].Name
		for _, ch := range cs {
			lines = append(lines, ch.Name+"|"+text(ch)+"|"+ch.Description)
			if ch.Suggested {
				pick = ch.Name
			}
		}
		return strings.Join(lines, "\n") + "\n=" + pick
	}
	label := func(ch protocol.Choice) string { return ch.Label }
	for _, m := range []struct {
		id   string
		cs   []protocol.Choice
		text func(protocol.Choice) string
	}{
		{"order", c.Orders, label},
		{"heuristic", c.Heuristics, func(ch protocol.Choice) string {
			if ch.Admissible {
				return ch.Label + " (admissible)" // consistent or not: the note under the menu says
			}
			return ch.Label + " (not admissible)"
		}},
		{"trace", c.Traces, label},
		{"symmetry", c.Symmetries, label},
	} {
		if got, want := menu(m.id), want(m.cs, m.text); got != want {
			t.Errorf("#%s menu:\n%s\nwant:\n%s", m.id, got, want)
		}
	}
	for _, o := range c.Orders {
		Eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById("order"); s.value = %q; s.dispatchEvent(new Event("change")); return true })()`, o.Name))
		if got := Eval[string](t, ctx, `document.getElementById("order-note").textContent`); got != o.Description {
			t.Errorf("note beside %s: %q, want %q", o.Name, got, o.Description)
		}
		if hidden := Eval[bool](t, ctx, `document.getElementById("heuristic").hidden`); hidden == o.Directed {
			t.Errorf("%s: heuristic menu hidden %v", o.Name, hidden)
		}
	}
}

// A* with a heuristic chosen in the page finds the shortest trace.
func TestPageDirectedSearch(t *testing.T) {
	for _, h := range []string{"dl", "pdb"} {
		ctx := openPage(t, site(t))
		chooseExample(t, ctx, "fischer-broken")
		Eval[bool](t, ctx, `(() => { const s = document.getElementById("order"); s.value = "astar"; s.dispatchEvent(new Event("change")); return true })()`)
		if Eval[bool](t, ctx, `document.getElementById("heuristic").hidden`) {
			t.Fatal("the heuristic menu is hidden for A*")
		}
		if got := Eval[string](t, ctx, `[...document.querySelectorAll("#heuristic option")].map(o => o.value).join(" ")`); got != "dl du hl hu pdb mas pa" {
			t.Errorf("heuristics offered: %q", got)
		}
		Eval[bool](t, ctx, `(() => { document.getElementById("heuristic").value = "`+h+`"; document.getElementById("trace").value = "shortest"; return true })()`)
		checkQuery(t, ctx, 0)
		waitPage(t, ctx, `document.querySelector('#queries li[data-query="0"] .marker').classList.contains("not-satisfied")`, 30*time.Second)
		waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 0 of 6"`, 5*time.Second)
		if got := text(t, ctx, "p-order"); got != "" {
			t.Errorf("A* with %s: the page says the order %q, want nothing (it ran as asked)", h, got)
		}
	}
	// Greedy search cannot promise a shortest trace: breadth-first search
	// runs, and the page says so.
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer-broken")
	pick(t, ctx, "order", "gbfs")
	pick(t, ctx, "heuristic", "hl")
	pick(t, ctx, "trace", "shortest")
	checkQuery(t, ctx, 0)
	waitPage(t, ctx, `document.getElementById("step-of").textContent === "state 0 of 6"`, 30*time.Second)
	if got := text(t, ctx, "p-order"); got != "breadth-first: a shortest trace needs it" {
		t.Errorf("greedy search with a shortest trace: the page says the order %q, want breadth-first said", got)
	}
}

// A broken model shows its error with line and column, the text marked,
// and the edge it belongs to drawn as an error.
func TestPagePositionedError(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer-typo")
	waitPage(t, ctx, `!document.getElementById("diagnostics").hidden`, 10*time.Second)
	where := Eval[string](t, ctx, `document.querySelector("#diagnostics .where").textContent`)
	if !strings.Contains(where, "fischer-typo.xml:54:66") || !strings.Contains(where, `"idd"`) {
		t.Errorf("diagnostic %q, want fischer-typo.xml:54:66 … undeclared identifier \"idd\"", where)
	}
	if m := Eval[string](t, ctx, `(document.querySelector("#diagnostics mark")||{}).textContent`); m != "idd" {
		t.Errorf("marked text %q, want idd", m)
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .edge.error").length`); n != 1 {
		t.Errorf("%d edges drawn as errors, want the guard's one", n)
	}
	// The queries are listed but cannot be checked, and say why.
	if got := Eval[string](t, ctx, `document.getElementById("queries").textContent`); !strings.Contains(got, "the model has errors") || strings.Contains(got, "not supported") {
		t.Errorf("queries of the broken model read %q", got)
	}
	if n := Eval[int](t, ctx, `document.querySelectorAll("#queries li button.check:enabled").length`); n != 0 || Eval[int](t, ctx, `document.querySelectorAll("#queries li").length`) == 0 {
		t.Errorf("%d queries of the broken model can be checked, want none (and the list not empty)", n)
	}
	if !Eval[bool](t, ctx, `document.getElementById("check").disabled`) {
		t.Error("Check is enabled for a model with errors")
	}
	Screenshot(t, ctx, "page-error.png")
}

// copyLink clicks Copy link and waits until the clipboard has taken the
// link or refused it, as a user sees in the share box's row.
func copyLink(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#share")
	waitPage(t, ctx, `document.getElementById("share-copied").textContent !== "" || document.getElementById("share-warn").textContent.includes("refused")`, 5*time.Second)
}
