// One job: load the model, describe it, check the picked queries.

package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"beeline/core/job"
	"beeline/core/present"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/source"
	"beeline/core/verify"
)

// MaxQueries bounds the queries and formulas one request picks; a
// request that picks more is refused before its model is loaded, so that
// every query it picks gets its result (a file's own queries are bounded
// alike, by core/uppaal).
const MaxQueries = 10000

// run answers req on s: the model frame, errors, and (when check is set)
// one result per picked query. A check with a table checks its one query
// with the table loaded.
func (h *handler) run(ctx context.Context, s *stream, req *protocol.Request, check bool) {
	vopts, err := h.verifyOptions(req.Options)
	if err != nil {
		s.fail(err.Error())
		return
	}
	if check && len(req.Table) > 0 {
		l, q, ok := h.loadOne(s, req)
		if !ok {
			return
		}
		if vopts, err = loadTable(l.Net, q, vopts, req.Table); err != nil {
			s.fail(err.Error())
			return
		}
		checkQuery(ctx, s, l, q, vopts, firstError(l, q), 1)
		return
	}
	l, picked, ok := h.load(s, req, true)
	if !ok || !check {
		return
	}
	errs := firstErrors(l)
	for pick, q := range picked {
		// A client gone stops the job; after the request's deadline
		// every query left still gets a result, "unknown" for lack of
		// time, without a search.
		if s.broken() || errors.Is(ctx.Err(), context.Canceled) {
			return
		}
		if ctx.Err() != nil {
			if ok, _ := q.Supported(); ok {
				s.send(&protocol.Frame{Kind: protocol.FrameResult, Result: &protocol.Result{
					Query: q.Index, Formula: q.Text, Verdict: protocol.VerdictUnknown, Reason: search.ReasonTime}})
				continue
			}
		}
		qopts, k := h.distribute(vopts, req.Options, l, q, pick)
		checkQuery(ctx, s, l, q, qopts, errs[q.Index], k)
	}
}

// load loads the request's model and picks its queries, sending the
// model frame when frame is set; ok is false when the model has errors
// or a pick is wrong (a FrameError says which).
func (h *handler) load(s *stream, req *protocol.Request, frame bool) (l *job.Model, picked []*job.Query, ok bool) {
	if n := len(req.Queries) + len(req.Formulas); n > MaxQueries {
		s.fail(fmt.Sprintf("a request picks at most %d queries and formulas, not %d: split it", MaxQueries, n))
		return nil, nil, false
	}
	var qfs []job.File
	for _, f := range req.QueryFiles {
		qfs = append(qfs, job.File{Name: f.Name, Data: f.Data})
	}
	l = job.Load(job.File{Name: req.Name, Data: req.Model}, qfs...)
	picked, pickErr := l.Pick(req.Queries, req.Formulas)
	if l.Doc != nil && frame {
		s.send(&protocol.Frame{Kind: protocol.FrameModel, Model: describe(l)})
	}
	if l.Net == nil {
		s.send(&protocol.Frame{Kind: protocol.FrameError, Message: "the model has errors",
			Diagnostics: present.Diagnostics(l.FS, l.Doc, modelErrors(l))})
		return l, nil, false
	}
	if pickErr != nil {
		s.fail(pickErr.Error())
		return l, nil, false
	}
	return l, picked, true
}

// describe builds the model frame: the drawing, the queries, and every
// diagnostic that does not stop the job (warnings, and errors of single
// queries, which their Query also reports).
func describe(l *job.Model) *protocol.Model {
	errs := firstErrors(l)
	qs := make([]protocol.Query, 0, len(l.Queries))
	for _, q := range l.Queries {
		ok, why := q.Supported()
		if q.Failed {
			why = errs[q.Index]
		}
		qs = append(qs, protocol.Query{Index: q.Index, Formula: q.Text, Comment: q.Comment, Supported: ok, Why: why})
	}
	m := present.BuildModel(l.Doc, l.Net, qs)
	var rest source.List
	for _, d := range l.Diags {
		if d.Severity == source.Warning || l.Net != nil {
			rest = append(rest, d)
		}
	}
	m.Warnings = present.Diagnostics(l.FS, l.Doc, rest)
	return m
}

// modelErrors returns the errors of a model that did not compile.
func modelErrors(l *job.Model) source.List {
	errs := l.Diags.Errors()
	if len(errs) == 0 {
		// Load leaves Net nil only with errors; say so rather than nothing.
		errs = source.List{{Msg: "the model could not be compiled"}}
	}
	return errs
}

// firstError formats the first error of a query's formula.
func firstError(l *job.Model, q *job.Query) string {
	for _, d := range l.Diags {
		if i, ok := d.Query(); ok && i == q.Index && d.Severity == source.Error {
			return l.FS.Format(d)
		}
	}
	return "the formula has errors"
}

// firstErrors formats the first error of every query that has one, by
// query index: one pass over the diagnostics, where asking firstError
// for each query would cost the number of queries times the number of
// diagnostics.
func firstErrors(l *job.Model) map[int]string {
	out := map[int]string{}
	for _, d := range l.Diags {
		if i, ok := d.Query(); ok && d.Severity == source.Error {
			if _, seen := out[i]; !seen {
				out[i] = l.FS.Format(d)
			}
		}
	}
	for _, q := range l.Queries {
		if _, seen := out[q.Index]; q.Failed && !seen {
			out[q.Index] = "the formula has errors"
		}
	}
	return out
}

// checkQuery decides one query, streaming progress, and sends its result;
// failed is the first error of its formula, when it has one, and
// workers the number of workers vopts.Distribute splits a search
// between.
func checkQuery(ctx context.Context, s *stream, l *job.Model, q *job.Query, vopts verify.Options, failed string, workers int) {
	start := time.Now()
	progress := func(member int, st search.Stats) {
		s.send(&protocol.Frame{Kind: protocol.FrameProgress, Progress: &protocol.Progress{
			Phase: "searching", Query: q.Index, Explored: st.Explored, Stored: st.Stored - st.Covered,
			Rate: st.Rate, ElapsedMS: time.Since(start).Milliseconds(), MemBytes: s.memInUse(),
			Estimate: st.BestEstimate, HasEstimate: st.HasEstimate, Member: member}})
		if s.yield != nil {
			s.yield()
		}
	}
	progress(0, search.Stats{})
	vopts.Progress = func(st search.Stats) { progress(0, st) }
	// A race's members report from goroutines of their own.
	var mu sync.Mutex
	vopts.MemberProgress = func(i int, st search.Stats) {
		mu.Lock()
		defer mu.Unlock()
		progress(i+1, st)
	}
	o := l.Check(ctx, q, vopts)
	r := &protocol.Result{Query: q.Index, Formula: q.Text, Verdict: present.Verdict(o), Reason: o.Reason}
	if q.Failed {
		r.Reason = failed
	}
	if res := o.Result; res != nil {
		r.Explored, r.Stored, r.Seconds = res.Stats.Explored, res.Stats.Stored-res.Stats.Covered, res.Seconds
		r.Pruned, r.Heuristic, r.Symmetry = res.Stats.Pruned, res.Heuristic, res.Symmetry.String()
		r.Order, r.Initial, r.Workers = res.Order, res.Initial, res.Workers
		if res.Workers < 0 {
			r.Workers = workers // distributed
		}
		r.Exhausted = res.Verdict != verify.Unknown && res.Depth < 0
		r.Portfolio = present.Portfolio(res.Portfolio)
		if res.Concrete != nil {
			// Seconds include writing the trace out, as the CLI's do.
			built := time.Now()
			r.Trace = present.BuildTrace(res.Concrete)
			r.Seconds += time.Since(built).Seconds()
		}
		for _, v := range res.Values {
			r.Values = append(r.Values, protocol.Value{Expr: v.Expr, Text: v.Text()})
		}
	}
	s.send(&protocol.Frame{Kind: protocol.FrameResult, Result: r})
}

// verifyOptions turns the request's options into the verifier's, with the
// handler's defaults for budgets the request leaves at zero.
func (h *handler) verifyOptions(o protocol.Options) (verify.Options, error) {
	v := verify.Options{Seed: o.Seed, MaxStates: o.MaxStates, MaxMemory: o.MaxMemory,
		Timeout: time.Duration(o.TimeoutMS) * time.Millisecond, ProgressEvery: h.opts.ProgressEvery}
	if err := h.registry.Apply(o, &v); err != nil {
		return v, err
	}
	if o.MaxStates < 0 || o.MaxMemory < 0 || o.TimeoutMS < 0 {
		return v, fmt.Errorf("budgets must not be negative")
	}
	if v.MaxMemory == 0 {
		v.MaxMemory = h.opts.DefaultMaxMemory
	}
	return v, nil
}
