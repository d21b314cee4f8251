// Player: the trace player's state machine.

package state

// Pacing of the animation at speed 1.
const (
	// UnitSeconds is how long one model time unit takes to pass.
	UnitSeconds = 0.5
	// MaxDelaySeconds caps a long delay, so a delay of 1000 time units
	// does not stall a demonstration.
	MaxDelaySeconds = 3.0
	// DwellSeconds is how long the player rests on each new state.
	DwellSeconds = 0.6
)

// Player is the trace player. The zero value is an empty trace at rest.
type Player struct {
	delays []float64 // delays[k]: model time spent in state k before step k
	// lasso is set when the trace is a lasso: its last state is state
	// head again, and the steps from head on repeat forever.
	lasso   bool
	head    int
	pos     int
	playing bool
	// phase is the wall-clock seconds spent in the current state while
	// playing: first the dwell, then the delay animation.
	phase float64
	speed float64
}

// NewPlayer returns a player for a trace whose steps have the given delays
// (in model time units), at state 0, paused, at speed 1.
func NewPlayer(delays []float64) *Player {
	return &Player{delays: delays, speed: 1}
}

// SetLoop makes the trace a lasso whose last state is state head again:
// playing on from the last state goes back to head, and so does stepping
// forward (to the state after head). A head outside 0..Len()-2 (no step
// to repeat) leaves the trace a plain one.
func (p *Player) SetLoop(head int) {
	p.lasso, p.head = head >= 0 && head < len(p.delays), head
}

// Loop returns the loop head and true for a lasso, or -1 and false.
func (p *Player) Loop() (head int, ok bool) {
	if !p.lasso {
		return -1, false
	}
	return p.head, true
}

// Len is the number of states (steps + 1).
func (p *Player) Len() int { return len(p.delays) + 1 }

// Pos is the state shown.
func (p *Player) Pos() int { return p.pos }

// Playing reports whether the player runs.
func (p *Player) Playing() bool { return p.playing }

// Speed is the animation's speed factor.
func (p *Player) Speed() float64 { return p.speed }

// SetSpeed sets the speed factor; values ≤ 0 are ignored.
func (p *Player) SetSpeed(s float64) {
	if s > 0 {
		p.speed = s
	}
}

// Elapsed is the model time passed in the current state's delay (0 unless
// the animation is inside a delay).
func (p *Player) Elapsed() float64 {
	if p.pos >= len(p.delays) {
		return 0
	}
	d := p.delays[p.pos]
	t := (p.phase - DwellSeconds) / p.delaySeconds(d)
	switch {
	case t <= 0 || d == 0:
		return 0
	case t >= 1:
		return d
	}
	return t * d
}

func (p *Player) delaySeconds(d float64) float64 {
	return min(d*UnitSeconds, MaxDelaySeconds)
}

// Seek shows state i (clamped to the trace) without animating.
func (p *Player) Seek(i int) {
	p.pos = max(0, min(i, p.Len()-1))
	p.phase = 0
}

// Forward shows the next state; it pauses the player. From the last
// state of a lasso the next state is the one after the loop head.
func (p *Player) Forward() {
	p.playing = false
	if head, ok := p.Loop(); ok && p.pos == p.Len()-1 {
		p.Seek(head + 1)
		return
	}
	p.Seek(p.pos + 1)
}

// Back shows the previous state; it pauses the player.
func (p *Player) Back() { p.playing = false; p.Seek(p.pos - 1) }

// First shows the initial state; it pauses the player.
func (p *Player) First() { p.playing = false; p.Seek(0) }

// Last shows the final state; it pauses the player.
func (p *Player) Last() { p.playing = false; p.Seek(p.Len() - 1) }

// Play starts the animation; at the last state it starts over, or, for
// a lasso, goes on around the loop.
func (p *Player) Play() {
	if p.Len() < 2 {
		return
	}
	if _, ok := p.Loop(); !ok && p.pos == p.Len()-1 {
		p.Seek(0)
	}
	p.playing = true
}

// Pause stops the animation where it is; the shown state stays.
func (p *Player) Pause() { p.playing = false; p.phase = 0 }

// Toggle plays when paused and pauses when playing.
func (p *Player) Toggle() {
	if p.playing {
		p.Pause()
	} else {
		p.Play()
	}
}

// Replay starts over from the initial state and plays.
func (p *Player) Replay() { p.Seek(0); p.Play() }

// Tick advances a playing player by wall-clock seconds. It reports whether
// the position changed; the caller redraws Elapsed on every tick anyway.
// A long tick (a background tab) may move over several states, and round
// a lasso's loop several times.
//
// A plain trace stops at its last state. A lasso rests there for a dwell,
// like on any state, then moves back to the loop head: the last state is
// the head again (its clocks may differ), and showing both lets the eye
// see the run close its loop.
func (p *Player) Tick(seconds float64) (moved bool) {
	if !p.playing {
		return false
	}
	p.phase += seconds * p.speed
	head, lasso := p.Loop()
	for p.playing {
		if p.pos >= len(p.delays) && !lasso {
			p.playing = false
			p.phase = 0
			break
		}
		need := DwellSeconds
		if p.pos < len(p.delays) {
			need += p.delaySeconds(p.delays[p.pos])
		}
		if p.phase < need {
			break
		}
		p.phase -= need
		moved = true
		if p.pos >= len(p.delays) {
			p.pos = head
			continue
		}
		p.pos++
		if p.pos == len(p.delays) && !lasso {
			p.playing = false
			p.phase = 0
		}
	}
	return moved
}
