// Precomputed tables: /prepare computes a heuristic's table for one query
// under a budget, and a /check with a table loads it instead.

package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"beeline/core/heuristic"
	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// prepare answers /prepare: the model frame, progress frames while the
// heuristic of the request precomputes for its one query, and the table.
func (h *handler) prepare(ctx context.Context, s *stream, req *protocol.Request) {
	vopts, err := h.verifyOptions(req.Options)
	if err == nil && vopts.Heuristic == nil {
		err = fmt.Errorf("prepare needs a heuristic that precomputes a table (e.g. pdb)")
	}
	if err != nil {
		s.fail(err.Error())
		return
	}
	l, q, ok := h.loadOne(s, req)
	if !ok {
		return
	}
	hr, err := vopts.Heuristic(l.Net, heuristic.TargetOf(l.Net, q.Formula))
	if err != nil {
		s.fail(err.Error())
		return
	}
	name := req.Options.Heuristic.Name
	budget := h.tableBudget(req.Options)
	start := time.Now()
	if err := h.precompute(ctx, s, hr, q.Index, name, budget); err != nil {
		s.fail(err.Error())
		return
	}
	table, err := hr.Table()
	switch {
	case err != nil:
		s.fail(err.Error())
		return
	case table == nil:
		s.fail(fmt.Sprintf("heuristic %s precomputes nothing to keep: there is no table to prepare", name))
		return
	case int64(len(table)) > budget:
		s.fail(budgetMessage(name, budget))
		return
	case len(table) > maxTableBytes:
		s.fail(fmt.Sprintf("the table of %s has %s, more than a frame carries (%s)", name, sizeText(int64(len(table))), sizeText(maxTableBytes)))
		return
	}
	s.send(&protocol.Frame{Kind: protocol.FrameTable, Table: &protocol.Table{
		Query: q.Index, Heuristic: req.Options.Heuristic, Info: hr.Info().String(),
		Size: int64(len(table)), Seconds: time.Since(start).Seconds(), Data: table}})
}

// loadOne loads the request's model, sends its frame, and returns the one
// query a table belongs to. It says why when there is none.
func (h *handler) loadOne(s *stream, req *protocol.Request) (*job.Model, *job.Query, bool) {
	if len(req.Queries)+len(req.Formulas) != 1 {
		s.fail("a table belongs to one query: pick exactly one")
		return nil, nil, false
	}
	l, picked, ok := h.load(s, req, true)
	if !ok {
		return nil, nil, false
	}
	q := picked[0]
	if ok, why := q.Supported(); !ok {
		if q.Failed {
			why = firstError(l, q)
		}
		s.fail(why)
		return nil, nil, false
	}
	if !verify.Directed(q.Formula) {
		s.fail(job.KindName(q.Parsed) + " queries are not checked by a directed search: there is no table to prepare")
		return nil, nil, false
	}
	return l, q, true
}

// tableBudget is the request's table budget, or the handler's default
// when it gives none, or what a frame carries when neither does.
func (h *handler) tableBudget(o protocol.Options) int64 {
	switch {
	case o.MaxTable > 0:
		return o.MaxTable
	case h.opts.DefaultMaxTable > 0:
		return h.opts.DefaultMaxTable
	}
	return maxTableBytes
}

// maxTableBytes is the largest table a FrameTable carries: a frame's
// limit less room for the rest of the frame.
const maxTableBytes = protocol.MaxFrameSize - 1<<20

// errTableBudget is the cause of a precomputation the table budget stopped.
var errTableBudget = errors.New("table budget")

func budgetMessage(name string, budget int64) string {
	return fmt.Sprintf("precomputing %s stopped: its table outgrew the budget of %s; check with another heuristic, or raise the table budget", name, sizeText(budget))
}

// precompute runs hr's precomputation, sending a progress frame (Phase
// "precomputing") at its start and then every ProgressEvery, and stops it
// when its table outgrows budget: by the heuristic's own account of its
// table when it gives one, else by the growth of the engine's memory.
func (h *handler) precompute(ctx context.Context, s *stream, hr heuristic.Heuristic, query int, name string, budget int64) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	start, base := time.Now(), memInUse()
	p := &protocol.Progress{Phase: "precomputing", Query: query}
	var last time.Time
	update := func(force bool) {
		now := time.Now()
		if p.TableBytes > budget {
			cancel(errTableBudget)
		}
		if !force && now.Sub(last) < h.opts.ProgressEvery {
			return
		}
		last = now
		p.ElapsedMS, p.MemBytes = now.Sub(start).Milliseconds(), memInUse()
		if p.TableBytes == 0 && p.MemBytes-base > budget {
			cancel(errTableBudget)
		}
		frame := *p
		s.send(&protocol.Frame{Kind: protocol.FrameProgress, Progress: &frame})
		if s.yield != nil {
			s.yield()
		}
	}
	update(true)
	var progress func(done, total int64)
	if r, ok := hr.(heuristic.Reporter); ok {
		// Such a heuristic says more than the generic callback does
		// (what it does, its pattern, distance layers and table bytes).
		r.ReportTo(func(r heuristic.Progress) { copyProgress(p, r); update(false) })
	} else {
		progress = func(done, _ int64) { p.Abstract = done; update(false) }
	}
	err := hr.Precompute(ctx, progress)
	update(true) // where it ended, so that a stop shows its numbers
	if errors.Is(context.Cause(ctx), errTableBudget) {
		return errors.New(budgetMessage(name, budget))
	}
	if dl, ok := ctx.Deadline(); ok && err != nil && !time.Now().Before(dl) {
		// The request's time ran out. Read from the clock, not from
		// ctx.Err(): under js/wasm the heuristic sees the deadline pass
		// before the context's timer fires.
		return h.outOfTime()
	}
	return err
}

// copyProgress copies a heuristic's report into p.
func copyProgress(p *protocol.Progress, r heuristic.Progress) {
	p.Step, p.Pattern = r.Step, r.Pattern
	if r.States > 0 {
		p.Abstract = r.States
	}
	p.Layers = r.Layers
	if r.Bytes > 0 {
		p.TableBytes = r.Bytes
	}
}

// loadTable builds the heuristic of vopts for q and loads table into it,
// and returns options whose heuristic is that loaded one. A table that
// does not fit is refused here, before any search, with the heuristic's
// plain reason; and it is read once (verify.Options.Table would have the
// verifier read it again).
func loadTable(net *model.Network, q *job.Query, vopts verify.Options, table []byte) (verify.Options, error) {
	if vopts.Heuristic == nil {
		return vopts, fmt.Errorf("a table was given without a heuristic to load it")
	}
	hr, err := vopts.Heuristic(net, heuristic.TargetOf(net, q.Formula))
	if err != nil {
		return vopts, err
	}
	if err := hr.Load(table); err != nil {
		return vopts, fmt.Errorf("the table cannot be used for this check: %v", err)
	}
	vopts.Heuristic = func(*model.Network, *heuristic.Target) (heuristic.Heuristic, error) { return loaded{hr}, nil }
	return vopts, nil
}

// loaded is a heuristic whose table is loaded: its precomputation is
// done.
type loaded struct{ heuristic.Heuristic }

func (loaded) Precompute(context.Context, func(done, total int64)) error { return nil }

// sizeText writes a byte count as "305 KiB" or "64 MiB".
func sizeText(n int64) string {
	switch {
	case n >= 10<<20:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
