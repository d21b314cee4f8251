//go:build !js

// The coordinator: recruits workers for a run, serves as its barrier,
// watches the heartbeats and gathers the trace.

package cluster

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"beeline/core/search"
)

// Coordinator runs searches on the idle workers of a NATS server, one
// run at a time.
type Coordinator struct {
	Conn *nats.Conn
	// Workers is the number of workers of each run (at least 1).
	Workers int
	Timing  Timing
	// Recruit bounds the wait for enough idle workers (0: 10 s).
	Recruit time.Duration
}

// Distribute returns the verify.Options.Distribute hook that searches
// j's query on c's workers with the search options it is given. A lost
// worker or coordinator ends the search as Stopped, with the reason;
// a failure before the search (too few workers, a model a worker cannot
// load) is an error.
func (c *Coordinator) Distribute(j Job) func(ctx context.Context, so search.Options) (*search.Result, error) {
	return func(ctx context.Context, so search.Options) (*search.Result, error) {
		if c.Workers < 1 {
			return nil, fmt.Errorf("a run needs at least one worker, not %d", c.Workers)
		}
		r := &run{c: c, nc: c.Conn, k: c.Workers, timing: c.Timing.orDefault(), so: so,
			id: strings.TrimPrefix(c.Conn.NewInbox(), nats.InboxPrefix), events: make(chan *nats.Msg, 256),
			quit: make(chan struct{})}
		go r.beat()
		defer r.close()
		return r.search(ctx, j)
	}
}

// run is one search on the cluster, seen from the coordinator.
type run struct {
	c      *Coordinator
	nc     *nats.Conn
	id     string
	k      int
	timing Timing
	so     search.Options
	sub    *nats.Subscription
	events chan *nats.Msg
	quit   chan struct{} // closed when the run is over
	ended  bool

	start     time.Time
	beats     []time.Time
	reports   map[int][]search.Report
	counts    map[int]int
	done      []*doneMsg
	ndone     int
	last      search.Stats // the statistics of the last barrier
	nextShown time.Time
}

// close ends the run for the workers (if it has not ended), stops the
// heartbeat and drops the subscription.
func (r *run) close() {
	r.end("")
	close(r.quit)
	if r.sub != nil {
		_ = r.sub.Unsubscribe()
	}
}

// beat publishes the coordinator's heartbeat until the run is over:
// while it recruits, follows the barriers and gathers the trace, which
// for a long trace takes longer than Timing.Lost.
func (r *run) beat() {
	t := time.NewTicker(r.timing.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-r.quit:
			return
		case <-t.C:
			_ = r.nc.Publish(subject(r.id, "w.beat"), nil)
		}
	}
}

// end tells the workers that the run is over, why when it failed.
func (r *run) end(why string) {
	if !r.ended {
		r.ended = true
		_ = r.nc.Publish(subject(r.id, "w.end"), []byte(why))
		_ = r.nc.Flush()
	}
}

// search recruits the workers, starts them and follows the run to its
// end.
func (r *run) search(ctx context.Context, j Job) (*search.Result, error) {
	sub, err := r.nc.Subscribe(subject(r.id, "c.>"), func(m *nats.Msg) {
		select {
		case r.events <- m:
		case <-r.quit:
		}
	})
	if err != nil {
		return nil, err
	}
	r.sub = sub
	if err := sub.SetPendingLimits(-1, -1); err != nil {
		return nil, err
	}
	if err := r.enlist(ctx, j); err != nil {
		return nil, err
	}
	r.start = time.Now()
	r.beats = make([]time.Time, r.k)
	for w := range r.beats {
		r.beats[w] = r.start
	}
	r.reports, r.counts, r.done = map[int][]search.Report{}, map[int]int{}, make([]*doneMsg, r.k)
	if err := r.nc.Publish(subject(r.id, "w.start"), nil); err != nil {
		return nil, err
	}
	return r.follow(ctx)
}

// enlist hands the job to idle workers until k have taken it or the
// recruiting time is over.
func (r *run) enlist(ctx context.Context, j Job) error {
	wait := r.c.Recruit
	if wait <= 0 {
		wait = 10 * time.Second
	}
	deadline := time.Now().Add(wait)
	asked := map[string]bool{}
	joined := 0
	for joined < r.k {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%d of %d workers joined on %s within %v: start more with beeline worker --nats URL",
				joined, r.k, r.nc.ConnectedUrlRedacted(), wait)
		}
		queues, err := r.c.recruit(r.k-joined, asked)
		if err != nil {
			return err
		}
		for _, q := range queues {
			ok, err := r.assign(ctx, j, q, joined)
			if err != nil {
				return err
			}
			if ok {
				joined++
			}
		}
	}
	return nil
}

// recruit asks the idle workers to answer and returns the subjects of
// the job queues of those that did and were not asked before: n of them,
// or those that answered within a quarter of a second.
func (c *Coordinator) recruit(n int, asked map[string]bool) ([]string, error) {
	inbox := c.Conn.NewInbox()
	sub, err := c.Conn.SubscribeSync(inbox)
	if err != nil {
		return nil, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := c.Conn.PublishRequest(WorkersSubject, inbox, nil); err != nil {
		return nil, err
	}
	var queues []string
	until := time.Now().Add(250 * time.Millisecond)
	for len(queues) < n {
		m, err := sub.NextMsg(max(time.Until(until), time.Millisecond))
		if err != nil {
			break
		}
		if q := string(m.Data); !asked[q] {
			asked[q] = true
			queues = append(queues, q)
		}
	}
	return queues, nil
}

// assign hands the job to the worker whose job queue is q, as worker
// number me, and reports whether it took it.
func (r *run) assign(ctx context.Context, j Job, q string, me int) (bool, error) {
	data, err := json.Marshal(assignment{Run: r.id, Me: me, Workers: r.k, Job: j, Search: scalars(r.so), Timing: r.timing})
	if err != nil {
		return false, err
	}
	if limit := r.nc.MaxPayload(); int64(len(data)) > limit {
		return false, fmt.Errorf("the job (model and query files) takes %d bytes, more than the NATS server's max_payload of %d", len(data), limit)
	}
	m, err := r.request(ctx, q, data)
	return err == nil && string(m.Data) == "ok", nil
}

// request sends a request of the run and waits for the reply, at most
// for the time a member may be silent.
func (r *run) request(ctx context.Context, subj string, data []byte) (*nats.Msg, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timing.Lost)
	defer cancel()
	return r.nc.RequestWithContext(ctx, subj, data)
}

// follow serves the run's barriers and watches its heartbeats until
// every worker has told its outcome, the run fails or ctx is done.
func (r *run) follow(ctx context.Context) (*search.Result, error) {
	tick := time.NewTicker(r.timing.Heartbeat)
	defer tick.Stop()
	reconnects := r.nc.Stats().Reconnects
	for r.ndone < r.k {
		select {
		case m := <-r.events:
			if why := r.failed(m); why != "" {
				return r.stopped(why), nil
			}
			if err := r.handle(m); err != nil {
				r.end(err.Error())
				return nil, err
			}
		case now := <-tick.C:
			if why := r.lost(now, reconnects); why != "" {
				return r.stopped(why), nil
			}
		case <-ctx.Done():
			return r.stopped(search.ReasonCancelled), nil
		}
	}
	res, err := r.done[0].Result, errorOf(r.done[0].Err)
	if res.Verdict == search.Reached && r.so.Trace {
		var terr error
		if res.Trace, terr = r.trace(ctx, res.Goal); terr != nil {
			return nil, terr
		}
	}
	return res, err
}

// errorOf is the error of a text, nil for none.
func errorOf(s string) error {
	if s == "" {
		return nil
	}
	return errors.New(s)
}

// failed reads a worker's failure (c.fail: its number and why), which
// ends the run: "worker 1: connection to the NATS server lost". It
// returns "" for other messages.
func (r *run) failed(m *nats.Msg) string {
	if m.Subject != subject(r.id, "c.fail") {
		return ""
	}
	w, why, _ := strings.Cut(string(m.Data), " ")
	return "worker " + w + ": " + why
}

// lost says why the run cannot go on: a worker silent too long, or the
// connection lost; "" when it can.
func (r *run) lost(now time.Time, reconnects uint64) string {
	if !r.nc.IsConnected() || r.nc.Stats().Reconnects != reconnects {
		return "connection to the NATS server lost"
	}
	for w, t := range r.beats {
		if now.Sub(t) > r.timing.Lost {
			return search.LostReason(fmt.Sprintf("worker %d", w), fmt.Sprintf("no heartbeat for %v", r.timing.Lost))
		}
	}
	return ""
}

// stopped ends the run for why and returns the figures so far.
func (r *run) stopped(why string) *search.Result {
	r.end(why)
	st := r.last
	st.Timed(time.Since(r.start))
	return &search.Result{Verdict: search.Stopped, Reason: why, Stats: st, Goal: search.NoNode, Depth: -1}
}

// handle takes one message from a worker. An error ends the run.
func (r *run) handle(m *nats.Msg) error {
	switch strings.TrimPrefix(m.Subject, subject(r.id, "c.")) {
	case "beat":
		if w, err := strconv.Atoi(string(m.Data)); err == nil && w >= 0 && w < r.k {
			r.beats[w] = time.Now()
		}
	case "report":
		var rm reportMsg
		if err := json.Unmarshal(m.Data, &rm); err != nil || rm.From < 0 || rm.From >= r.k {
			return fmt.Errorf("a report that cannot be read (%v)", err)
		}
		r.report(rm)
	case "done":
		var d doneMsg
		if err := json.Unmarshal(m.Data, &d); err != nil || d.From < 0 || d.From >= r.k {
			return fmt.Errorf("an outcome that cannot be read (%v)", err)
		}
		if d.Result == nil {
			return fmt.Errorf("worker %d: %s", d.From, d.Err)
		}
		if r.done[d.From] == nil {
			r.ndone++
		}
		r.done[d.From] = &d
	}
	return nil
}

// report records a worker's report; with the k of its phase, it
// publishes the merged one.
func (r *run) report(rm reportMsg) {
	rs := r.reports[rm.Phase]
	if rs == nil {
		rs = make([]search.Report, r.k)
		r.reports[rm.Phase] = rs
	}
	rs[rm.From] = rm.Report
	r.counts[rm.Phase]++
	if r.counts[rm.Phase] < r.k {
		return
	}
	merged := search.MergeReports(rs)
	delete(r.reports, rm.Phase)
	delete(r.counts, rm.Phase)
	data, err := json.Marshal(reportMsg{From: -1, Phase: rm.Phase, Report: merged})
	if err == nil {
		_ = r.nc.Publish(subject(r.id, "w.merged"), data)
	}
	if rm.Phase%2 == 0 {
		r.last = merged.Stats
		r.progress()
	}
}

// progress hands the statistics of the last barrier to so.Progress,
// at most every so.ProgressEvery.
func (r *run) progress() {
	if r.so.Progress == nil {
		return
	}
	now := time.Now()
	if now.Before(r.nextShown) {
		return
	}
	every := r.so.ProgressEvery
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	r.nextShown = now.Add(every)
	st := r.last
	st.Timed(now.Sub(r.start))
	r.so.Progress(st)
}

// trace gathers the path to the goal g from the workers that own its
// states, walking the parents back to the initial state.
func (r *run) trace(ctx context.Context, g int32) ([]search.Step, error) {
	var rev []search.Step
	req := make([]byte, 4)
	for g != search.NoNode {
		w, n := search.Split(g, r.k)
		binary.LittleEndian.PutUint32(req, uint32(g))
		m, err := r.request(ctx, stepSubject(r.id, w), req)
		if err != nil {
			return nil, fmt.Errorf("trace: worker %d did not give state %d: %v", w, n, err)
		}
		var sm stepMsg
		if err := json.Unmarshal(m.Data, &sm); err != nil || !sm.OK {
			return nil, fmt.Errorf("trace: no state %d in worker %d", n, w)
		}
		st, err := sm.toStep()
		if err != nil {
			return nil, fmt.Errorf("trace: state %d of worker %d: %v", n, w, err)
		}
		rev = append(rev, st)
		g = sm.Parent
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}
