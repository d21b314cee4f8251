//go:build !js

// The worker: waits to be recruited, searches its part of each run,
// answers the trace's step requests, and waits again.

package cluster

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"beeline/core/job"
	"beeline/core/search"
	"beeline/core/verify"
)

// WorkerOptions configures Serve. The zero value serves quietly.
type WorkerOptions struct {
	// Log receives one line per run (nil: none).
	Log io.Writer
	// Delay is slept before every message the worker publishes in a
	// run: a slow worker, for tests.
	Delay time.Duration
}

// Serve makes this process a worker on nc until ctx is done: it answers
// the coordinators that recruit on WorkersSubject while it is idle, runs
// its part of each run it is given (one at a time), and goes back to
// waiting when the run is over, failed or lost its coordinator.
func Serve(ctx context.Context, nc *nats.Conn, o WorkerOptions) error {
	w := &worker{nc: nc, opts: o, jobs: make(chan *assigned, 1), queue: nc.NewInbox()}
	offers, err := nc.Subscribe(WorkersSubject, w.onOffer)
	if err != nil {
		return err
	}
	defer func() { _ = offers.Unsubscribe() }()
	jobs, err := nc.Subscribe(w.queue, w.onJob)
	if err != nil {
		return err
	}
	defer func() { _ = jobs.Unsubscribe() }()
	if err := nc.Flush(); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case a := <-w.jobs:
			w.run(ctx, a)
			w.busy.Store(false)
		}
	}
}

// worker is Serve's state.
type worker struct {
	nc    *nats.Conn
	opts  WorkerOptions
	queue string // the subject of this worker's jobs
	busy  atomic.Bool
	jobs  chan *assigned
}

// assigned is a job taken, with the run's subscriptions.
type assigned struct {
	assignment
	x *exchange
}

// onOffer answers a coordinator's call for idle workers with the subject
// of this worker's jobs.
func (w *worker) onOffer(m *nats.Msg) {
	if !w.busy.Load() && m.Reply != "" {
		_ = m.Respond([]byte(w.queue))
	}
}

// onJob takes a job when idle: it subscribes to the run's subjects and
// says "ok" once the server has them, else why not.
func (w *worker) onJob(m *nats.Msg) {
	var a assignment
	if err := json.Unmarshal(m.Data, &a); err != nil {
		_ = m.Respond([]byte("a job that cannot be read: " + err.Error()))
		return
	}
	if !w.busy.CompareAndSwap(false, true) {
		_ = m.Respond([]byte("busy"))
		return
	}
	x, err := newExchange(w.nc, a.Run, a.Me, a.Workers, a.Timing, w.opts.Delay)
	if err == nil {
		err = w.nc.Flush()
	}
	if err != nil {
		if x != nil {
			x.close()
		}
		w.busy.Store(false)
		_ = m.Respond([]byte(err.Error()))
		return
	}
	w.jobs <- &assigned{assignment: a, x: x}
	_ = m.Respond([]byte("ok"))
}

// run does one job: it waits for the start, searches, tells the
// coordinator the outcome and answers step requests until the run ends.
func (w *worker) run(ctx context.Context, a *assigned) {
	x := a.x
	defer x.close()
	start := time.Now()
	select {
	case <-x.started:
	case <-x.dead:
		w.logf("run %s: %v before the start", a.Run, x.err())
		return
	case <-ctx.Done():
		return
	}
	p, err := w.search(ctx, a)
	done := doneMsg{From: a.Me}
	if p != nil {
		done.Result = p.Result
	}
	if err != nil {
		done.Err = err.Error()
	}
	if data, jerr := json.Marshal(done); jerr == nil {
		_ = x.publish(subject(a.Run, "c.done"), data)
	}
	w.logf("run %s: worker %d of %d, %s (%.1f s)", a.Run, a.Me, a.Workers, outcome(done), time.Since(start).Seconds())
	w.answerSteps(ctx, x, p)
}

// search loads the job's model and runs this worker's part.
func (w *worker) search(ctx context.Context, a *assigned) (*search.Partition, error) {
	j := a.Job
	l := job.Load(j.Model, j.QueryFiles...)
	if l.Net == nil {
		return nil, fmt.Errorf("%s: %s", j.Model.Name, job.ModelErrorsWhy)
	}
	var idx []int
	var formulas []string
	if j.Formula != "" {
		formulas = []string{j.Formula}
	} else {
		idx = []int{j.Query}
	}
	qs, err := l.Pick(idx, formulas)
	if err != nil {
		return nil, err
	}
	if qs[0].Formula == nil {
		_, why := qs[0].Supported()
		return nil, fmt.Errorf("query %q: %s", qs[0].Text, why)
	}
	opts := verify.Options{NoSymmetry: j.NoSymmetry, StoreCommitted: j.StoreCommitted, Timeout: j.Timeout}
	po := search.PartOptions{Me: a.Me, Workers: a.Workers, Exchange: a.x, Sharing: 1}
	return verify.Part(ctx, l.Net, qs[0].Formula, opts, a.Search.options(), po)
}

// answerSteps answers the coordinator's requests for stored states until
// the run ends.
func (w *worker) answerSteps(ctx context.Context, x *exchange, p *search.Partition) {
	for {
		select {
		case m := <-x.steps:
			_ = m.Respond(stepReply(p, m.Data))
		case <-x.dead:
			return
		case <-ctx.Done():
			return
		}
	}
}

// stepReply is the answer to a request for the state numbered by the
// four bytes of req.
func stepReply(p *search.Partition, req []byte) []byte {
	m := stepMsg{}
	if p != nil && len(req) == 4 {
		if parent, st, ok := p.Step(int32(binary.LittleEndian.Uint32(req))); ok {
			m = fromStep(parent, st)
		}
	}
	data, _ := json.Marshal(m)
	return data
}

// outcome says in a few words how a run ended for a worker.
func outcome(d doneMsg) string {
	switch {
	case d.Err != "":
		return "error: " + d.Err
	case d.Result == nil:
		return "no result"
	case d.Result.Verdict == search.Stopped:
		return "stopped: " + d.Result.Reason
	}
	return fmt.Sprintf("%v, %d states stored", d.Result.Verdict, d.Result.Stats.Stored)
}

func (w *worker) logf(format string, args ...any) {
	if w.opts.Log != nil {
		fmt.Fprintf(w.opts.Log, "beeline worker: "+format+"\n", args...)
	}
}
