//go:build js && wasm

// A search split between Web Workers: the messages between them over
// MessagePorts (mailbox), the search.Exchange of one worker in one run
// (portExchange), and the lead's and the helpers' sides (lead_js.go).

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"
	"unsafe"

	"beeline/core/search"
)

// The kinds of message between the workers of a split search. Every
// message is an object {t: kind, r: run, ...}.
const (
	msgBatch  = "b"    // b: Int32Array, a batch of states, its buffer transferred
	msgHalt   = "h"    // the run is ending
	msgReport = "rep"  // helper → lead: j, a search.Report at a barrier
	msgMerged = "m"    // lead → helper: j, the barrier's merged search.Report
	msgRun    = "run"  // lead → helper: j, a runOrder
	msgStep   = "step" // lead → helper: g, a global node number; the answer has j, a stepWire
	msgDone   = "done" // helper → lead: its share of run r ended; e, its error ("" for none)
	msgFail   = "fail" // helper → lead: e, the helper cannot take part (r is −1: any run)
)

// yieldEvery is how often a worker busy searching lets its event loop
// run (at Poll): the batches posted to it meanwhile are delivered then,
// and a terminate() from the page is handled.
const yieldEvery = 100 * time.Millisecond

// message is one message from the worker numbered from.
type message struct {
	from int
	data js.Value
}

func (m message) kind() string { return m.data.Get("t").String() }
func (m message) run() int     { return m.data.Get("r").Int() }

// mailbox receives the messages of a worker's ports: ports[w] is the
// port to worker w (null for the worker itself). A port's message
// handler only queues the message: Go delivers JavaScript events while
// every goroutine waits, and a handler must not block.
type mailbox struct {
	ports []js.Value
	mu    sync.Mutex
	queue []message
	ready chan struct{} // holds a token while queue is not empty
	funcs []js.Func
	// later holds the messages of runs not begun yet (a helper may hear
	// from another before the lead's order to start).
	later []message
	// tick lets the event loop run a task (yield).
	tick     js.Value
	tickFunc js.Func
	ticked   chan struct{}
}

// newMailbox listens to every port of ports.
func newMailbox(ports []js.Value) *mailbox {
	b := &mailbox{ports: ports, ready: make(chan struct{}, 1), ticked: make(chan struct{}, 1)}
	for w, p := range ports {
		if p.IsNull() || p.IsUndefined() {
			continue
		}
		f := js.FuncOf(func(_ js.Value, args []js.Value) any {
			b.put(message{from: w, data: args[0].Get("data")})
			return nil
		})
		b.funcs = append(b.funcs, f)
		p.Set("onmessage", f)
	}
	ch := js.Global().Get("MessageChannel").New()
	b.tickFunc = js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case b.ticked <- struct{}{}:
		default:
		}
		return nil
	})
	ch.Get("port1").Set("onmessage", b.tickFunc)
	b.tick = ch.Get("port2")
	return b
}

func (b *mailbox) put(m message) {
	b.mu.Lock()
	b.queue = append(b.queue, m)
	b.mu.Unlock()
	select {
	case b.ready <- struct{}{}:
	default:
	}
}

// take returns the next message that has arrived, without waiting.
func (b *mailbox) take() (message, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queue) == 0 {
		return message{}, false
	}
	m := b.queue[0]
	b.queue[0] = message{}
	b.queue = b.queue[1:]
	return m, true
}

// wait returns the next message, waiting for one.
func (b *mailbox) wait(ctx context.Context) (message, error) {
	for {
		if m, ok := b.take(); ok {
			return m, nil
		}
		select {
		case <-b.ready:
		case <-ctx.Done():
			return message{}, ctx.Err()
		}
	}
}

// yield lets the worker's event loop run the tasks queued (the ports'
// messages among them) and returns: a message to itself through a
// MessageChannel comes back after them, with none of a timer's delay.
func (b *mailbox) yield() {
	b.tick.Call("postMessage", 0)
	<-b.ticked
}

// post sends worker w a message of kind t for run r with the fields of
// extra, transferring the buffers of transfer.
func (b *mailbox) post(w int, t string, r int, extra map[string]any, transfer ...any) {
	msg := map[string]any{"t": t, "r": r}
	for k, v := range extra {
		msg[k] = v
	}
	if len(transfer) > 0 {
		b.ports[w].Call("postMessage", msg, transfer)
		return
	}
	b.ports[w].Call("postMessage", msg)
}

// portExchange is one worker's search.Exchange in one run of a split
// search, over its mailbox. Worker 0, the lead, is the barrier: the
// helpers send it their reports, and it sends back the merged one.
type portExchange struct {
	box       *mailbox
	me, k     int
	run       int
	batches   [][]int32
	spare     [][]int32 // the arrays of batches sent, for those received
	halted    atomic.Bool
	err       error
	lastYield time.Time
	// The lead: the helpers' reports at the barrier under way (nil for
	// none yet), their last statistics (for progress), the helpers that
	// ended the run and their errors, and step answers by worker.
	reports []*search.Report
	stats   []search.Stats
	done    map[int]string
	steps   map[int]stepWire
	// A helper: the merged report of the barrier, once it came.
	merged *search.Report
	// progress, on the lead, gets the merged statistics at the end of
	// each round (every second barrier), at most every progressEvery.
	progress      func(search.Stats)
	progressEvery time.Duration
	start, shown  time.Time
	barriers      int
}

// newExchange returns worker me's Exchange of run among k workers, and
// takes from the mailbox the messages of the run that came early.
func newExchange(box *mailbox, me, k, run int) *portExchange {
	x := &portExchange{box: box, me: me, k: k, run: run, lastYield: time.Now(), start: time.Now(),
		done: map[int]string{}, steps: map[int]stepWire{}}
	if me == 0 {
		x.reports = make([]*search.Report, k)
		x.stats = make([]search.Stats, k)
	}
	later := box.later
	box.later = nil
	for _, m := range later {
		x.dispatch(m)
	}
	return x
}

// dispatch handles one message: a batch, a halt, a report or a merged
// one of this run, a helper's end or failure; a message of a later run
// is kept for it, one of an earlier run dropped.
func (x *portExchange) dispatch(m message) {
	kind := m.kind()
	if kind == msgFail {
		x.fail(fmt.Errorf("worker %d cannot search: %s", m.from, m.data.Get("e").String()))
		return
	}
	switch r := m.run(); {
	case r > x.run || kind == msgRun:
		x.box.later = append(x.box.later, m)
		return
	case r < x.run:
		return
	}
	switch kind {
	case msgBatch:
		x.batches = append(x.batches, x.int32s(m.data.Get("b")))
	case msgHalt:
		x.halted.Store(true)
	case msgReport:
		var rep search.Report
		if err := json.Unmarshal([]byte(m.data.Get("j").String()), &rep); err != nil {
			x.fail(fmt.Errorf("worker %d sent a damaged report: %v", m.from, err))
			return
		}
		x.reports[m.from] = &rep
	case msgMerged:
		var rep search.Report
		if err := json.Unmarshal([]byte(m.data.Get("j").String()), &rep); err != nil {
			x.fail(fmt.Errorf("the lead sent a damaged report: %v", err))
			return
		}
		x.merged = &rep
	case msgDone:
		x.done[m.from] = m.data.Get("e").String()
	case msgStep:
		var st stepWire
		if err := json.Unmarshal([]byte(m.data.Get("j").String()), &st); err != nil {
			x.fail(fmt.Errorf("worker %d sent a damaged step: %v", m.from, err))
			return
		}
		x.steps[m.from] = st
	default:
		x.box.later = append(x.box.later, m)
	}
}

// fail records the run's first error: every wait returns it.
func (x *portExchange) fail(err error) {
	if x.err == nil {
		x.err = err
	}
	x.halted.Store(true)
}

// pump handles the messages that have arrived, without waiting.
func (x *portExchange) pump() {
	for {
		m, ok := x.box.take()
		if !ok {
			return
		}
		x.dispatch(m)
	}
}

// next waits for a message and handles it.
func (x *portExchange) next(ctx context.Context) error {
	if x.err != nil {
		return x.err
	}
	m, err := x.box.wait(ctx)
	if err != nil {
		return err
	}
	x.dispatch(m)
	return x.err
}

// Send posts the batch to worker to, its buffer transferred.
func (x *portExchange) Send(to int, batch []int32) error {
	if x.err != nil {
		return x.err
	}
	a := int32Array(batch)
	x.box.post(to, msgBatch, x.run, map[string]any{"b": a}, a.Get("buffer"))
	if len(x.spare) < 4 {
		x.spare = append(x.spare, batch[:0])
	}
	return nil
}

// Poll returns a batch that has arrived. Every yieldEvery it first lets
// the event loop run, so that the batches posted meanwhile arrive.
func (x *portExchange) Poll() ([]int32, bool, error) {
	if now := time.Now(); now.Sub(x.lastYield) >= yieldEvery {
		x.box.yield()
		x.lastYield = time.Now()
	}
	x.pump()
	if x.err != nil {
		return nil, false, x.err
	}
	return x.pop()
}

func (x *portExchange) pop() ([]int32, bool, error) {
	if len(x.batches) == 0 {
		return nil, false, nil
	}
	b := x.batches[0]
	x.batches[0] = nil
	x.batches = x.batches[1:]
	return b, true, nil
}

// Receive waits for the next batch.
func (x *portExchange) Receive(ctx context.Context) ([]int32, error) {
	for {
		x.pump()
		if b, ok, _ := x.pop(); ok {
			return b, nil
		}
		if err := x.next(ctx); err != nil {
			return nil, err
		}
	}
}

// Reduce is the barrier: a helper sends the lead its report and waits
// for the merged one; the lead waits for every helper's, merges them
// with its own and sends the result to each.
func (x *portExchange) Reduce(ctx context.Context, r search.Report) (search.Report, error) {
	x.barriers++
	if x.me != 0 {
		x.merged = nil
		x.box.post(0, msgReport, x.run, map[string]any{"j": encodeJSON(r)})
		for x.merged == nil {
			if err := x.next(ctx); err != nil {
				return search.Report{}, err
			}
		}
		return *x.merged, nil
	}
	x.pump()
	for w := 1; w < x.k; w++ {
		for x.reports[w] == nil {
			if err := x.next(ctx); err != nil {
				return search.Report{}, err
			}
		}
	}
	all := make([]search.Report, x.k)
	all[0] = r
	for w := 1; w < x.k; w++ {
		all[w], x.reports[w] = *x.reports[w], nil
	}
	m := search.MergeReports(all)
	j := encodeJSON(m)
	for w := 1; w < x.k; w++ {
		x.box.post(w, msgMerged, x.run, map[string]any{"j": j})
	}
	x.showProgress(m)
	return m, nil
}

// showProgress hands the merged statistics of a round's end to the
// progress function, at most every progressEvery.
func (x *portExchange) showProgress(m search.Report) {
	if x.progress == nil || x.barriers%2 != 0 {
		return
	}
	now := time.Now()
	if now.Sub(x.shown) < x.progressEvery {
		return
	}
	x.shown = now
	st := m.Stats
	st.Timed(now.Sub(x.start))
	x.progress(st)
}

// Halt tells every other worker that the run is ending.
func (x *portExchange) Halt() {
	if x.halted.Swap(true) {
		return
	}
	for w := range x.k {
		if w != x.me {
			x.box.post(w, msgHalt, x.run, nil)
		}
	}
}

// Halted reports whether some worker called Halt.
func (x *portExchange) Halted() bool { return x.halted.Load() }

// int32Array copies b into a new Int32Array.
func int32Array(b []int32) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b) * 4)
	if len(b) > 0 {
		js.CopyBytesToJS(u, unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), len(b)*4))
	}
	return js.Global().Get("Int32Array").New(u.Get("buffer"))
}

// int32s copies an Int32Array into Go, into the array of a batch sent
// before when one is large enough: under js/wasm the garbage collector
// stops the search, and a batch of every state sent would be garbage.
func (x *portExchange) int32s(a js.Value) []int32 {
	n := a.Get("length").Int()
	var b []int32
	if k := len(x.spare); k > 0 && cap(x.spare[k-1]) >= n {
		b = x.spare[k-1][:n]
		x.spare = x.spare[:k-1]
	} else {
		b = make([]int32, n)
	}
	if n > 0 {
		u := js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), a.Get("byteLength"))
		js.CopyBytesToGo(unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n*4), u)
	}
	return b
}

// errNoPorts is what a split search says when the page gave the lead no
// ports to its helpers.
var errNoPorts = errors.New("the page started no helper workers for a search split between workers")
