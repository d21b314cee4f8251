//go:build js && wasm

// One search split between Web Workers: the workers field, and the
// helpers a check's job starts beside its lead, joined to it and to each
// other by MessageChannels (see wasm/worker, "Split searches").

package main

import (
	"strconv"

	"honnef.co/go/js/dom/v2"
)

// wireWorkers sets the workers field to the default for this machine's
// cores and keeps its note up to date.
func (v *verifier) wireWorkers() {
	v.input(idWorkers).SetValue(strconv.Itoa(defaultSplit(cores())))
	v.byID(idWorkers).AddEventListener("input", false, func(dom.Event) { v.describeWorkers() })
	v.describeWorkers()
}

// describeWorkers writes under the workers field what it applies to
// with the order chosen.
func (v *verifier) describeWorkers() {
	v.byID(idWorkersNote).SetTextContent(splitNote(v.catalog, v.menu(idOrder).Value(), v.splitField()))
}

// splitField is the workers field's number.
func (v *verifier) splitField() int { return readSplit(v.input(idWorkers).Value()) }

// spread gives j, a /check whose request asks for k > 1 workers, its
// k−1 helpers: fresh workers, each handed the request's bytes, its
// number and its ports once its engine waits; the lead (j's own worker)
// gets its ports with the request (post). Every two of the k workers
// share a MessageChannel.
func (j *job) spread(k int) {
	ports := make([][]any, k)
	for a := range ports {
		ports[a] = make([]any, k)
		ports[a][a] = nil
	}
	for a := range k {
		for b := a + 1; b < k; b++ {
			ch := global.Get("MessageChannel").New()
			ports[a][b], ports[b][a] = ch.Get("port1"), ch.Get("port2")
		}
	}
	j.ports = ports[0]
	for me := 1; me < k; me++ {
		w := j.e.takeHelper()
		w.job, w.helper = j, me
		w.part = map[string]any{"part": true, "body": jsBytes(j.body), "me": me, "ports": ports[me]}
		w.partPorts = others(ports[me])
		j.helpers = append(j.helpers, w)
		if w.warm {
			w.postPart()
		}
	}
	j.e.keepHelpers(k - 1)
}

// takeHelper returns a spare helper whose engine waits, or starts one.
func (e *engine) takeHelper() *worker {
	for len(e.helpers) > 0 {
		w := e.helpers[0]
		e.helpers = e.helpers[1:]
		if !w.failed {
			return w
		}
	}
	return e.newWorker()
}

// keepHelpers starts spare helpers until n wait for the next split
// search, as the spare worker waits for the next job: a helper's
// engine takes as long to start as the lead's, and the search would
// wait for it. The first split search starts its own.
func (e *engine) keepHelpers(n int) {
	live := e.helpers[:0]
	for _, w := range e.helpers {
		if !w.failed {
			live = append(live, w)
		}
	}
	e.helpers = live
	for len(e.helpers) < n {
		e.helpers = append(e.helpers, e.newWorker())
	}
}

// others returns the ports of ps, without the null at the worker's own
// number: what a message transfers.
func others(ps []any) []any {
	var out []any
	for _, p := range ps {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// postPart hands a helper its part once its engine waits.
func (w *worker) postPart() {
	if w.part == nil || w.job == nil || w.job.done {
		return
	}
	msg := w.part
	w.part = nil
	w.w.Call("postMessage", msg, w.partPorts)
	w.partPorts = nil
}

// stopHelpers terminates j's helpers.
func (j *job) stopHelpers() {
	for _, w := range j.helpers {
		w.terminate()
	}
}
