//go:build !js

// The search.Exchange of one worker of a run, over NATS.

package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"beeline/core/search"
)

// errRunOver is what the waits of an Exchange return once the
// coordinator has ended the run without a failure.
var errRunOver = errors.New("the run is over")

// exchange is worker me's search.Exchange in run id: its batches arrive
// on its batch subject, the merged reports on w.merged; it reports on
// c.report and beats on c.beat. It ends (every wait returns the error)
// on w.end, when the coordinator stops beating, or when the connection
// is lost.
type exchange struct {
	nc     *nats.Conn
	id     string
	me, k  int
	timing Timing
	// delay is slept before each message this worker publishes (tests:
	// a slow worker).
	delay time.Duration

	subs   []*nats.Subscription
	halted atomic.Bool
	phase  int // barriers passed (the worker's goroutine only)

	mu       sync.Mutex
	batches  [][]int32
	merged   map[int]search.Report
	failed   error
	lastBeat time.Time     // the coordinator's
	ready    chan struct{} // a token when something arrived
	dead     chan struct{} // closed when failed is set
	started  chan struct{} // closed on w.start
	steps    chan *nats.Msg
	beating  chan struct{} // closed to stop the heartbeat
}

// newExchange subscribes worker me to run id's subjects. The caller
// flushes the connection before it tells the coordinator it has joined.
func newExchange(nc *nats.Conn, id string, me, k int, t Timing, delay time.Duration) (*exchange, error) {
	x := &exchange{nc: nc, id: id, me: me, k: k, timing: t.orDefault(), delay: delay,
		merged: map[int]search.Report{}, lastBeat: time.Now(),
		ready: make(chan struct{}, 1), dead: make(chan struct{}), started: make(chan struct{}),
		steps: make(chan *nats.Msg, 64), beating: make(chan struct{})}
	var once sync.Once
	for _, s := range []struct {
		subj string
		h    nats.MsgHandler
	}{
		{batchSubject(id, me), x.onBatch},
		{subject(id, "w.merged"), x.onMerged},
		{subject(id, "w.halt"), func(*nats.Msg) { x.halted.Store(true) }},
		{subject(id, "w.start"), func(*nats.Msg) { once.Do(func() { close(x.started) }) }},
		{subject(id, "w.end"), x.onEnd},
		{subject(id, "w.beat"), func(*nats.Msg) { x.mu.Lock(); x.lastBeat = time.Now(); x.mu.Unlock() }},
		{stepSubject(id, me), func(m *nats.Msg) { x.steps <- m }},
	} {
		sub, err := nc.Subscribe(s.subj, s.h)
		if err != nil {
			x.close()
			return nil, err
		}
		// The search takes the batches as fast as they come; the
		// client must not drop any to keep its buffers small.
		if err := sub.SetPendingLimits(-1, -1); err != nil {
			x.close()
			return nil, err
		}
		x.subs = append(x.subs, sub)
	}
	go x.beat(nc.Stats().Reconnects)
	return x, nil
}

// close stops the heartbeat and unsubscribes.
func (x *exchange) close() {
	x.end(errRunOver)
	select {
	case <-x.beating:
	default:
		close(x.beating)
	}
	for _, s := range x.subs {
		_ = s.Unsubscribe()
	}
}

// fail ends the run for this worker with err, unless it has ended, and
// tells the coordinator why, so that the others do not wait for it at
// the next barrier.
func (x *exchange) fail(err error) {
	if x.end(err) {
		_ = x.nc.Publish(subject(x.id, "c.fail"), []byte(strconv.Itoa(x.me)+" "+err.Error()))
	}
}

// end ends the run for this worker with err, unless it has ended, and
// reports whether it did.
func (x *exchange) end(err error) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.failed != nil {
		return false
	}
	x.failed = err
	close(x.dead)
	x.halted.Store(true)
	return true
}

// err returns why the run ended for this worker, nil while it goes on.
func (x *exchange) err() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.failed
}

// beat publishes this worker's heartbeat every interval, and ends the
// run when the coordinator has been silent too long or the connection
// was lost (messages may be lost with it).
func (x *exchange) beat(reconnects uint64) {
	t := time.NewTicker(x.timing.Heartbeat)
	defer t.Stop()
	me := []byte(strconv.Itoa(x.me))
	for {
		select {
		case <-x.beating:
			return
		case now := <-t.C:
			_ = x.nc.Publish(subject(x.id, "c.beat"), me)
			x.mu.Lock()
			silent := now.Sub(x.lastBeat)
			x.mu.Unlock()
			switch {
			case !x.nc.IsConnected() || x.nc.Stats().Reconnects != reconnects:
				x.fail(errors.New("connection to the NATS server lost"))
			case silent > x.timing.Lost:
				x.fail(errors.New(search.LostReason("coordinator", fmt.Sprintf("no heartbeat for %v", x.timing.Lost))))
			}
		}
	}
}

func (x *exchange) onBatch(m *nats.Msg) {
	b, err := decodeBatch(m.Data)
	if err != nil {
		x.fail(err)
		return
	}
	x.mu.Lock()
	x.batches = append(x.batches, b)
	x.mu.Unlock()
	x.wake()
}

func (x *exchange) onMerged(m *nats.Msg) {
	var r reportMsg
	if err := json.Unmarshal(m.Data, &r); err != nil {
		x.fail(fmt.Errorf("a merged report: %v", err))
		return
	}
	x.mu.Lock()
	x.merged[r.Phase] = r.Report
	x.mu.Unlock()
	x.wake()
}

func (x *exchange) onEnd(m *nats.Msg) {
	if len(m.Data) > 0 {
		x.end(errors.New(string(m.Data)))
	} else {
		x.end(errRunOver)
	}
}

// wake leaves a token for a waiting Receive or Reduce.
func (x *exchange) wake() {
	select {
	case x.ready <- struct{}{}:
	default:
	}
}

// publish sends a message of the run, after the test delay.
func (x *exchange) publish(subj string, data []byte) error {
	if x.delay > 0 {
		time.Sleep(x.delay)
	}
	return x.nc.Publish(subj, data)
}

// Send publishes the batch on worker to's subject.
func (x *exchange) Send(to int, batch []int32) error {
	if err := x.err(); err != nil {
		return err
	}
	return x.publish(batchSubject(x.id, to), encodeBatch(batch))
}

// Poll takes a batch that has arrived.
func (x *exchange) Poll() ([]int32, bool, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.batches) == 0 {
		return nil, false, x.failed
	}
	b := x.batches[0]
	x.batches[0] = nil
	x.batches = x.batches[1:]
	return b, true, nil
}

// Receive waits for a batch, the end of the run or ctx.
func (x *exchange) Receive(ctx context.Context) ([]int32, error) {
	for {
		b, ok, err := x.Poll()
		switch {
		case ok:
			return b, nil
		case err != nil:
			return nil, err
		}
		if err := x.wait(ctx); err != nil {
			return nil, err
		}
	}
}

// wait waits for a token, the end of the run or ctx.
func (x *exchange) wait(ctx context.Context) error {
	select {
	case <-x.ready:
		return nil
	case <-x.dead:
		return x.err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Reduce sends r to the coordinator and waits for the merged report of
// this barrier.
func (x *exchange) Reduce(ctx context.Context, r search.Report) (search.Report, error) {
	x.phase++
	data, err := json.Marshal(reportMsg{From: x.me, Phase: x.phase, Report: r})
	if err == nil {
		err = x.publish(subject(x.id, "c.report"), data)
	}
	for err == nil {
		x.mu.Lock()
		m, ok := x.merged[x.phase]
		delete(x.merged, x.phase)
		failed := x.failed
		x.mu.Unlock()
		switch {
		case ok:
			return m, nil
		case failed != nil:
			return search.Report{}, failed
		}
		err = x.wait(ctx)
	}
	return search.Report{}, err
}

// Halt tells every worker of the run to end its round.
func (x *exchange) Halt() {
	if !x.halted.Swap(true) {
		_ = x.nc.Publish(subject(x.id, "w.halt"), nil)
	}
}

// Halted reports whether some worker called Halt, or the run ended.
func (x *exchange) Halted() bool { return x.halted.Load() }
