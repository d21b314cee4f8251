// Keeping to time: when a computation must stop (Deadline) and how
// often it looks (Pacer).

package search

import (
	"context"
	"errors"
	"time"
)

// Deadline is what stops a computation from outside: its context, when
// cancelled, and a time budget, the earlier of the context's deadline
// and a timeout from the start. The zero Deadline never stops.
//
// Reason compares the clock with the deadline itself rather than waiting
// for the context's timer to fire: under js/wasm there is one thread and
// no preemption, so while a computation runs no timer fires and the
// context never learns that its deadline passed.
type Deadline struct {
	ctx context.Context
	at  time.Time // zero: no time budget
}

// NewDeadline returns the deadline of a computation that started at
// start with a time budget of timeout (≤ 0: none) under ctx.
func NewDeadline(ctx context.Context, start time.Time, timeout time.Duration) Deadline {
	d := Deadline{ctx: ctx}
	if timeout > 0 {
		d.at = start.Add(timeout)
	}
	if at, ok := ctx.Deadline(); ok && (d.at.IsZero() || at.Before(d.at)) {
		d.at = at
	}
	return d
}

// Reason says why the computation must stop at now: ReasonCancelled,
// ReasonTime, or "" to go on.
func (d Deadline) Reason(now time.Time) string {
	if r := d.stop(now); r != going {
		return r.String()
	}
	return ""
}

// stop is Reason as the searcher records it: stopCancelled, stopTime,
// or going.
func (d Deadline) stop(now time.Time) stopReason {
	if d.ctx != nil {
		if err := d.ctx.Err(); err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return stopTime
			}
			return stopCancelled
		}
	}
	if !d.at.IsZero() && !now.Before(d.at) {
		return stopTime
	}
	return going
}

// At returns the time budget's end (zero when there is none).
func (d Deadline) At() time.Time { return d.at }

// Pacer spaces the checkpoints of a loop (budgets, cancellation,
// progress) in time. The loop counts its work in units (a state popped,
// a successor generated) and checks when Add says a checkpoint is due;
// Checked then adapts the number of units between checkpoints so that
// they come about every Target, however much a unit costs.
//
// Reading the clock at every unit would cost 30 to 90 ns natively and
// more under js/wasm, a tenth of the cheapest expansions; once per
// checkpoint it is noise. The price is that a sudden slowdown is seen
// one interval late: with checkpoints Target apart, a unit that becomes
// k times as costly delays the next checkpoint by about k·Target. With
// the default of 2 ms, a 50-fold slowdown still stays within 100 ms.
// Computations that are slow by themselves (a function with long loops)
// poll on their own (model.Env.Interrupt).
type Pacer struct {
	// Target is the time wanted between checkpoints (0: DefaultPace).
	Target time.Duration
	// Max bounds the units between checkpoints (0: MaxPaceUnits).
	Max int64

	every, n int64
	last     time.Time
}

// DefaultPace is the default time between checkpoints.
const DefaultPace = 2 * time.Millisecond

// MaxPaceUnits is the default bound of the units between checkpoints. A
// checkpoint costs a few microseconds natively (runtime.Gosched wakes
// another thread), so on the cheapest states, a fifth of a microsecond
// each with three successors, 4096 units keep it near 1%.
const MaxPaceUnits = 4096

// Add counts units of work and reports whether a checkpoint is due.
func (p *Pacer) Add(units int64) bool {
	p.n += units
	return p.n >= p.every
}

// Checked records a checkpoint at now and sets the units until the next
// one from the time since the last: in proportion at once when they came
// too far apart, doubled when they came too close.
func (p *Pacer) Checked(now time.Time) {
	target, most := p.Target, p.Max
	if target <= 0 {
		target = DefaultPace
	}
	if most <= 0 {
		most = MaxPaceUnits
	}
	switch {
	case p.last.IsZero() || p.every < 1:
		p.every = 1 // the cost of a unit is not known yet: double from 1
	default:
		dt := now.Sub(p.last)
		switch {
		case dt > 2*target:
			p.every = max(1, int64(float64(max(p.n, 1))*float64(target)/float64(dt)))
		case dt < target/2:
			p.every = min(2*p.every, most)
		}
	}
	p.n, p.last = 0, now
}
