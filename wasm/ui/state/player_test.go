package state

import (
	"math"
	"testing"

	"beeline/core/protocol"
)

func expectPos(t *testing.T, p *Player, want int, playing bool) {
	t.Helper()
	if p.Pos() != want || p.Playing() != playing {
		t.Fatalf("at %d (playing %v), want %d (playing %v)", p.Pos(), p.Playing(), want, playing)
	}
}

func TestManualMoves(t *testing.T) {
	p := NewPlayer([]float64{0, 2, 1})
	expectPos(t, p, 0, false)
	p.Back()
	expectPos(t, p, 0, false)
	p.Forward()
	p.Forward()
	expectPos(t, p, 2, false)
	p.Last()
	expectPos(t, p, 3, false)
	p.Forward()
	expectPos(t, p, 3, false)
	p.Back()
	expectPos(t, p, 2, false)
	p.First()
	expectPos(t, p, 0, false)
	p.Seek(99)
	expectPos(t, p, 3, false)
	p.Seek(-4)
	expectPos(t, p, 0, false)
}

func TestPlayOrder(t *testing.T) {
	p := NewPlayer([]float64{0, 2, 1})
	p.Play()
	expectPos(t, p, 0, true)
	// Still dwelling on state 0: nothing moves yet.
	if p.Tick(DwellSeconds / 2) {
		t.Fatal("moved during the dwell")
	}
	expectPos(t, p, 0, true)
	// State 0 has no delay: the end of the dwell fires step 0.
	if !p.Tick(DwellSeconds / 2) {
		t.Fatal("did not move after the dwell")
	}
	expectPos(t, p, 1, true)
	// State 1 delays 2 units: halfway through, Elapsed is 1.
	p.Tick(DwellSeconds + p.delaySeconds(2)/2)
	expectPos(t, p, 1, true)
	if e := p.Elapsed(); math.Abs(e-1) > 1e-9 {
		t.Errorf("elapsed halfway through a delay of 2: %v, want 1", e)
	}
	p.Tick(p.delaySeconds(2) / 2)
	expectPos(t, p, 2, true)
	if p.Elapsed() != 0 {
		t.Errorf("elapsed on arrival: %v, want 0", p.Elapsed())
	}
	// A long tick runs to the end and stops there.
	p.Tick(100)
	expectPos(t, p, 3, false)
	// Play at the end starts over.
	p.Play()
	expectPos(t, p, 0, true)
}

func TestPauseAndToggle(t *testing.T) {
	p := NewPlayer([]float64{4, 4})
	p.Toggle()
	p.Tick(DwellSeconds + 1)
	if p.Elapsed() == 0 {
		t.Fatal("no time passed while playing")
	}
	p.Toggle()
	expectPos(t, p, 0, false)
	if p.Elapsed() != 0 || p.Tick(10) {
		t.Error("a paused player keeps time or moves")
	}
	p.Play()
	p.Forward()
	expectPos(t, p, 1, false)
	p.Last()
	p.Replay()
	expectPos(t, p, 0, true)
}

func TestSpeedAndCap(t *testing.T) {
	p := NewPlayer([]float64{1000})
	p.SetSpeed(2)
	p.SetSpeed(-1)
	if p.Speed() != 2 {
		t.Fatalf("speed %v, want 2 (negative ignored)", p.Speed())
	}
	p.Play()
	// At speed 2 the capped delay takes half the time.
	if !p.Tick((DwellSeconds + MaxDelaySeconds) / 2) {
		t.Error("a capped long delay did not end in time")
	}
	expectPos(t, p, 1, false)
}

func TestEmptyTrace(t *testing.T) {
	var p Player
	p.Play()
	if p.Playing() || p.Len() != 1 || p.Tick(1) {
		t.Error("an empty trace plays")
	}
}

func TestClocksAndFormat(t *testing.T) {
	tr := &protocol.Trace{Den: 2, Clocks: []string{"t(0)", "x", "y"},
		States: []protocol.TraceState{{Clocks: []int64{0, 3, 0}}}}
	got := Clocks(tr, 0, 1)
	if len(got) != 2 || got[0] != 2.5 || got[1] != 1 {
		t.Errorf("clocks after 1 unit: %v, want [2.5 1]", got)
	}
	if Clocks(tr, 5, 0) != nil {
		t.Error("clocks of a missing state")
	}
	for _, c := range []struct {
		num, den int64
		want     string
	}{{4, 2, "2"}, {5, 2, "2.5"}, {1, 3, "1/3 ≈ 0.333"}, {-3, 6, "-0.5"}, {7, 0, "7"}} {
		if got := FormatRat(c.num, c.den); got != c.want {
			t.Errorf("FormatRat(%d, %d) = %q, want %q", c.num, c.den, got, c.want)
		}
	}
}

// A lasso of 4 steps whose last state (4) is state 1 again.
func lassoPlayer() *Player {
	p := NewPlayer([]float64{0, 1, 0, 2})
	p.SetLoop(1)
	return p
}

func TestLassoPlaysRound(t *testing.T) {
	p := lassoPlayer()
	if head, ok := p.Loop(); !ok || head != 1 {
		t.Fatalf("Loop() = %d, %v; want 1, true", head, ok)
	}
	p.Play()
	var shown []int
	for range 200 {
		if p.Tick(0.05) {
			shown = append(shown, p.Pos())
		}
	}
	want := []int{1, 2, 3, 4, 1, 2, 3, 4, 1}
	if len(shown) < len(want) {
		t.Fatalf("playing showed %v, want it to go round the loop: %v…", shown, want)
	}
	for i, w := range want {
		if shown[i] != w {
			t.Fatalf("playing showed %v, want %v…", shown, want)
		}
	}
	if !p.Playing() {
		t.Error("a lasso stopped playing")
	}
	// The last state rests a dwell before the jump back.
	p.Seek(4)
	if p.Tick(DwellSeconds/2) || p.Pos() != 4 {
		t.Error("left the last state before its dwell")
	}
	p.Tick(DwellSeconds / 2)
	expectPos(t, p, 1, true)
	if p.Elapsed() != 0 {
		t.Errorf("elapsed %v on arrival at the head, want 0", p.Elapsed())
	}
}

func TestLassoSteps(t *testing.T) {
	p := lassoPlayer()
	p.Last()
	expectPos(t, p, 4, false)
	// Forward from the last state: the state after the loop head.
	p.Forward()
	expectPos(t, p, 2, false)
	p.Back()
	expectPos(t, p, 1, false)
	// Play at the last state goes on round the loop, not from 0.
	p.Last()
	p.Play()
	expectPos(t, p, 4, true)
	p.Tick(DwellSeconds)
	expectPos(t, p, 1, true)
	p.Pause()
	expectPos(t, p, 1, false)
	if p.Tick(10) {
		t.Error("a paused lasso moves")
	}
	p.Replay()
	expectPos(t, p, 0, true)
}

func TestLoopOutOfRange(t *testing.T) {
	for _, head := range []int{-1, 2, 9} {
		p := NewPlayer([]float64{1, 1})
		p.SetLoop(head)
		if _, ok := p.Loop(); ok {
			t.Errorf("SetLoop(%d) on 2 steps made a lasso", head)
		}
		p.Play()
		p.Tick(100)
		expectPos(t, p, 2, false)
	}
	// A one-step loop goes round between its two states.
	p := NewPlayer([]float64{0, 1})
	p.SetLoop(1)
	p.Last()
	p.Forward()
	expectPos(t, p, 2, false)
	p.Play()
	p.Tick(DwellSeconds)
	expectPos(t, p, 1, true)
	p.Tick(DwellSeconds + p.delaySeconds(1))
	expectPos(t, p, 2, true)
}
