// The deadline and cancellation poll of a precomputation.

package fire

import (
	"context"
	"time"
)

// A Poller tells a precomputation when to stop: its context is done or
// the context's deadline is past. The zero Poller never stops.
type Poller struct {
	ctx      context.Context
	deadline time.Time
	polls    int
}

// NewPoller returns the Poller of ctx.
func NewPoller(ctx context.Context) Poller {
	p := Poller{ctx: ctx}
	if dl, ok := ctx.Deadline(); ok {
		p.deadline = dl
	}
	return p
}

// Stop returns the context's error, or a deadline error once the clock
// is past the deadline (under js/wasm the context's timer cannot fire
// while a precomputation runs, so the clock is read), else nil.
func (p *Poller) Stop() error {
	if p.ctx == nil {
		return nil
	}
	if err := p.ctx.Err(); err != nil {
		return err
	}
	if !p.deadline.IsZero() && !time.Now().Before(p.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

// Poll is Stop, looked at every 256 calls: cheap enough for an inner
// loop.
func (p *Poller) Poll() error {
	p.polls++
	if p.polls&255 != 0 {
		return nil
	}
	return p.Stop()
}
