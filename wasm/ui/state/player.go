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
	delays  []float64 // delays[k]: model time spent in state k before step k
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

// Forward shows the next state; it pauses the player.
func (p *Player) Forward() { p.playing = false; p.Seek(p.pos + 1) }

// Back shows the previous state; it pauses the player.
func (p *Player) Back() { p.playing = false; p.Seek(p.pos - 1) }

// First shows the initial state; it pauses the player.
func (p *Player) First() { p.playing = false; p.Seek(0) }

// Last shows the final state; it pauses the player.
func (p *Player) Last() { p.playing = false; p.Seek(p.Len() - 1) }

// Play starts the animation; at the last state it starts over.
func (p *Player) Play() {
	if p.Len() < 2 {
		return
	}
	if p.pos == p.Len()-1 {
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
// A long tick (a background tab) may move over several states.
func (p *Player) Tick(seconds float64) (moved bool) {
	if !p.playing {
		return false
	}
	p.phase += seconds * p.speed
	for p.playing {
		if p.pos >= len(p.delays) {
			p.playing = false
			p.phase = 0
			break
		}
		need := DwellSeconds + p.delaySeconds(p.delays[p.pos])
		if p.phase < need {
			break
		}
		p.phase -= need
		p.pos++
		moved = true
		if p.pos == len(p.delays) {
			p.playing = false
			p.phase = 0
		}
	}
	return moved
}
