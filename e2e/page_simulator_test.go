package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// enabledTexts lists the simulator's enabled transitions as shown.
func enabledTexts(t *testing.T, ctx context.Context) []string {
	return Eval[[]string](t, ctx, `[...document.querySelectorAll("#enabled button span")].map(s => s.textContent)`)
}

// waitEnabled waits until the simulator lists the transitions of state
// pos.
func waitEnabled(t *testing.T, ctx context.Context, pos int) {
	t.Helper()
	waitPage(t, ctx, fmt.Sprintf(`document.body.dataset.step === "%d" && document.getElementById("enabled").dataset.at === "%[1]d" && document.getElementById("enabled").getAttribute("aria-busy") === "false"`, pos), 15*time.Second)
}

// pickByLabel clicks the enabled transition whose text contains every
// part, and waits for the state it leads to.
func pickByLabel(t *testing.T, ctx context.Context, pos int, parts ...string) {
	t.Helper()
	waitEnabled(t, ctx, pos)
	texts := enabledTexts(t, ctx)
	for i, s := range texts {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(s, p)
		}
		if ok {
			click(t, ctx, fmt.Sprintf(`#enabled button[data-choice="%d"]`, i))
			waitEnabled(t, ctx, pos+1)
			return
		}
	}
	t.Fatalf("state %d: no enabled transition with %q among %q", pos, parts, texts)
}

// UPPAAL's train-gate, simulated by hand: ten transitions chosen by their
// labels, three steps back, a property checked, and its counterexample
// opened in the simulator to go on from one of its states.
func TestPageSimulateTrainGate(t *testing.T) {
	if _, err := os.Stat(trainGate); err != nil {
		t.Skipf("the shared models are absent (%v)", err)
	}
	for _, size := range [][2]int64{{1366, 768}, {1920, 1080}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx := openPage(t, site(t))
			if _, err := chromedp.Run(ctx, chromedp.EmulateViewport(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			upload(t, ctx, trainGate)
			waitDrawn(t, ctx)
			click(t, ctx, "#simulate")
			waitEnabled(t, ctx, 0)
			if got := len(enabledTexts(t, ctx)); got != 6 {
				t.Errorf("initially %d transitions are enabled, want one approach per train (6): %q", got, enabledTexts(t, ctx))
			}
			plan := [][]string{
				{"Train(0): Safe → Appr", "appr"},
				{"Train(1): Safe → Appr", "appr"},
				{"Gate: ", "stop[tail()]!", "Train(1): Appr → Stop"},
				{"Train(0): Appr → Cross"},
				{"Train(0): Cross → Safe", "leave"},
				{"Gate: ", "go[front()]!", "Train(1): Stop → Start"},
				{"Train(1): Start → Cross"},
				{"Train(2): Safe → Appr"},
				{"Gate: ", "stop[tail()]!", "Train(2): Appr → Stop"},
				{"Train(1): Cross → Safe", "leave"},
			}
			for k, parts := range plan {
				pickByLabel(t, ctx, k, parts...)
			}
			if got := text(t, ctx, "step-of"); got != "state 10 of 10" {
				t.Errorf("after ten picks the player shows %q", got)
			}
			if rows := Eval[[]string](t, ctx, `[...document.querySelectorAll("#steps .row")].map(r => r.dataset.step + " " + r.textContent)`); len(rows) < 5 || !strings.Contains(rows[len(rows)-1], "Train(1): Cross → Safe") {
				t.Errorf("the step list shows %q (scrollTop %v)", rows, Eval[float64](t, ctx, `document.getElementById("steps").scrollTop`))
			}
			// The six trains are drawn once, a badge per train on its
			// location; the gate on its own.
			if got := Eval[string](t, ctx, `[...document.querySelectorAll('#drawings figure[data-template="Train"] .instance')].map(b => b.dataset.process + "=" + b.textContent.replace(/^[^0-9]*/, "")).join(" ")`); !strings.Contains(got, "Train(1)=1") {
				t.Errorf("no badge for Train(1): %q", got)
			}
			if n := Eval[int](t, ctx, `document.querySelectorAll("#drawings .instance").length + document.querySelectorAll('#drawings figure[data-process="Gate"] .location.active').length`); n != 7 {
				t.Errorf("%d badges and gate locations drawn, want one per process (7)", n)
			}
			Screenshot(t, ctx, fmt.Sprintf("page-simulate-train-gate-%dx%d.png", size[0], size[1]))

			// The message sequence chart: a lifeline per process, an arrow
			// per synchronisation (8 of the 10 steps), a dot per internal
			// step, the current state marked; a click on a row moves the
			// player there.
			chart := Eval[[]int](t, ctx, `["msc-lifeline", "msc-message", "msc-tick", "msc-step"].map(c => document.querySelectorAll("#msc ." + c).length)`)
			if chart[0] != 7 || chart[1] != 8 || chart[2] != 2 || chart[3] != 10 {
				t.Errorf("the chart has %d lifelines, %d messages, %d dots and %d step rows; want 7, 8, 2 and 10", chart[0], chart[1], chart[2], chart[3])
			}
			if got := Eval[string](t, ctx, `[...document.querySelectorAll("#msc .msc-channel")].map(c => c.textContent).join(" ")`); !strings.HasPrefix(got, "appr[id] appr[id] stop[tail()]") {
				t.Errorf("the chart's channel labels read %q", got)
			}
			if got := Eval[string](t, ctx, `document.querySelector("#msc .msc-state.current").dataset.state`); got != "10" {
				t.Errorf("the chart marks state %s, want 10", got)
			}
			click(t, ctx, `#msc .msc-state[data-state="3"] .msc-band`)
			waitEnabled(t, ctx, 3)
			if got := Eval[string](t, ctx, `document.querySelector("#msc .msc-state.current").dataset.state + " " + document.querySelector("#msc .msc-step.fired").dataset.step`); got != "3 2" {
				t.Errorf("after a click on state 3 the chart marks state and step %q", got)
			}
			click(t, ctx, "#last")
			waitEnabled(t, ctx, 10)
			for range 3 {
				click(t, ctx, "#back")
			}
			waitEnabled(t, ctx, 7)
			if got := text(t, ctx, "step-of"); got != "state 7 of 10" {
				t.Errorf("three steps back shows %q", got)
			}
			if texts := enabledTexts(t, ctx); len(texts) == 0 {
				t.Error("nothing enabled after going back")
			}
			// A different choice here drops the three states after it.
			pickByLabel(t, ctx, 7, "Train(3): Safe → Appr")
			if got := text(t, ctx, "step-of"); got != "state 8 of 8" {
				t.Errorf("a new choice at state 7 gives %q, want the path cut after it", got)
			}

			f := "E<> Train(0).Cross and Train(1).Stop"
			marker, _ := checkRow(t, ctx, queryAt(t, ctx, f), 30*time.Second)
			if !strings.Contains(" "+marker+" ", " satisfied ") {
				t.Fatalf("%s: %s", f, marker)
			}
			waitPage(t, ctx, `document.getElementById("trace-title").textContent.startsWith("for E<> Train(0).Cross")`, 5*time.Second)
			n := Eval[int](t, ctx, `document.querySelectorAll("#steps .row").length`)
			if n < 3 {
				t.Fatalf("the witness has %d states", n)
			}
			click(t, ctx, `#steps .row[data-step="2"]`)
			waitEnabled(t, ctx, 2)
			click(t, ctx, `#enabled button[data-choice="0"]`)
			waitEnabled(t, ctx, 3)
			if got := text(t, ctx, "trace-title"); !strings.HasPrefix(got, "simulation, symbolic (3 steps)") {
				t.Errorf("going on from state 2 of the witness gives %q", got)
			}
		})
	}
}

// The concrete simulator takes a delay typed by the user within the
// bounds it shows, refuses one outside them, and plays a random run.
func TestPageSimulateConcrete(t *testing.T) {
	ctx := openPage(t, site(t))
	chooseExample(t, ctx, "fischer")
	Eval[bool](t, ctx, `(() => { const s = document.getElementById("sim-mode"); s.value = "concrete"; s.dispatchEvent(new Event("change")); return true })()`)
	click(t, ctx, "#simulate")
	waitEnabled(t, ctx, 0)
	if Eval[bool](t, ctx, `document.getElementById("delay-row").hidden`) {
		t.Fatal("no delay field in concrete mode")
	}
	texts := enabledTexts(t, ctx)
	if len(texts) == 0 || !strings.Contains(texts[0], " at [0, ∞)") {
		t.Fatalf("enabled transitions %q, want each with its delays", texts)
	}
	Eval[bool](t, ctx, `(() => { const i = document.getElementById("sim-delay"); i.value = "2.5"; i.dispatchEvent(new Event("input")); return true })()`)
	click(t, ctx, `#enabled button[data-choice="0"]`)
	waitEnabled(t, ctx, 1)
	if got := Eval[string](t, ctx, `document.querySelector('#steps .row[data-step="1"]').textContent`); !strings.Contains(got, "delay 2.5") {
		t.Errorf("the step taken reads %q, want its delay 2.5", got)
	}
	// A delay no transition allows is refused with the bounds.
	Eval[bool](t, ctx, `(() => { const i = document.getElementById("sim-delay"); i.value = "abc"; i.dispatchEvent(new Event("input")); return true })()`)
	if got := text(t, ctx, "sim-note"); !strings.Contains(got, "a delay is a number") {
		t.Errorf("a bad delay: note %q", got)
	}
	Eval[bool](t, ctx, `(() => { const i = document.getElementById("sim-delay"); i.value = ""; i.dispatchEvent(new Event("input")); return true })()`)
	click(t, ctx, "#sim-random")
	waitPage(t, ctx, `document.getElementById("trace-title").textContent === "simulation, concrete (21 steps)"`, 15*time.Second)
	if !Eval[bool](t, ctx, `document.getElementById("play").getAttribute("aria-label") === "Pause"`) {
		t.Error("the random run is not playing")
	}
	click(t, ctx, "#last")
	waitEnabled(t, ctx, 21)
	if got := text(t, ctx, "step-of"); got != "state 21 of 21" {
		t.Errorf("after the random run the player shows %q", got)
	}
}
