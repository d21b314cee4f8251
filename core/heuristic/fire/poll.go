// The deadline and cancellation poll of a precomputation.

package fire

import (
	"context"

	"beeline/core/heuristic"
)

// A Poller tells a precomputation when to stop: its context is done or
// the context's deadline is past. The zero Poller never stops.
type Poller struct {
	ctx   context.Context
	polls int
}

// NewPoller returns the Poller of ctx.
func NewPoller(ctx context.Context) Poller { return Poller{ctx: ctx} }

// Stop is heuristic.Done of the context: its error, or a deadline error
// once the clock is past the deadline (under js/wasm the context's timer
// cannot fire while a precomputation runs, so the clock is read).
func (p *Poller) Stop() error {
	if p.ctx == nil {
		return nil
	}
	return heuristic.Done(p.ctx)
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
