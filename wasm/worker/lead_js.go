//go:build js && wasm

// The two sides of a search split between Web Workers: the lead, whose
// engine serves the page's /check and runs worker 0's share, and the
// helpers, which run the others' (see doc.go, "Split searches").

package main

import (
	"context"
	"encoding/json"
	"errors"
	"runtime/debug"
	"syscall/js"
	"time"

	"beeline/core/engine"
	"beeline/core/search"
)

// portsName is the global in which web/worker.js puts the lead's ports
// to its helpers before it serves a /check (an Array whose entry w is
// the port to worker w, null at 0); partName the function the program
// registers for web/worker.js to start a helper.
const (
	portsName = "beelinePorts"
	partName  = "beelinePart"
)

// lead is the lead's side of the split searches of its one request: its
// mailbox (made at the first split search) and the number of the last
// run (a check may search twice).
var lead struct {
	box *mailbox
	run int
}

// distribute is the engine's Options.Distribute in the lead: it orders
// the helpers to start run d, runs worker 0's share, waits for the
// helpers to end theirs and gathers the trace from the workers that
// hold its states.
func distribute(ctx context.Context, d engine.Distribution) (*search.Result, error) {
	ports := js.Global().Get(portsName)
	if ports.Type() != js.TypeObject || ports.Length() != d.Workers {
		return nil, errNoPorts
	}
	if lead.box == nil {
		ps := make([]js.Value, d.Workers)
		for w := range ps {
			ps[w] = ports.Index(w)
		}
		lead.box = newMailbox(ps)
	}
	lead.run++
	k, run := d.Workers, lead.run
	order := encodeJSON(runOrder{Run: run, Pick: d.Pick, Workers: k, Search: wireSearch(d.Search)})
	for w := 1; w < k; w++ {
		lead.box.post(w, msgRun, run, map[string]any{"j": order})
	}
	x := newExchange(lead.box, 0, k, run)
	x.progress, x.progressEvery = d.Search.Progress, d.Search.ProgressEvery
	if x.progressEvery <= 0 {
		x.progressEvery = 250 * time.Millisecond
	}
	p, err := d.Part(ctx, search.PartOptions{Me: 0, Workers: k, Exchange: x, Sharing: k})
	if p == nil {
		x.Halt()
		return nil, err
	}
	for len(x.done) < k-1 && x.err == nil {
		if x.next(ctx) != nil {
			break
		}
	}
	res := *p.Result
	if err == nil && res.Verdict == search.Reached && d.Search.Trace {
		res.Trace, err = gather(ctx, x, p, res.Goal)
	}
	return &res, err
}

// gather rebuilds the path to the goal state g, asking each step of it
// from the worker that holds it.
func gather(ctx context.Context, x *portExchange, own *search.Partition, g int32) ([]search.Step, error) {
	var rev []search.Step
	for g != search.NoNode {
		parent, step, err := stepOf(ctx, x, own, g)
		if err != nil {
			return nil, err
		}
		rev = append(rev, step)
		g = parent
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}

// stepOf returns the state numbered g and its parent, from the lead's
// own store or the helper that holds it.
func stepOf(ctx context.Context, x *portExchange, own *search.Partition, g int32) (int32, search.Step, error) {
	w, _ := search.Split(g, x.k)
	if w == 0 {
		parent, step, ok := own.Step(g)
		if !ok {
			return search.NoNode, search.Step{}, errors.New("trace: a state of the trace is missing from the lead's store")
		}
		return parent, step, nil
	}
	delete(x.steps, w)
	x.box.post(w, msgStep, x.run, map[string]any{"g": g})
	for {
		if st, ok := x.steps[w]; ok {
			return st.step(g)
		}
		if err := x.next(ctx); err != nil {
			return search.NoNode, search.Step{}, err
		}
	}
}

// registerPart registers globalThis.beelinePart(body, ports, me), which
// web/worker.js calls to make this worker helper number me of a split
// search: body is the lead's request (a msgpack protocol.Request, as a
// Uint8Array), ports[w] the port to worker w. The helper then serves
// the lead's orders until the page terminates it.
func registerPart(opts engine.Options) {
	js.Global().Set(partName, js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 3 || !args[0].InstanceOf(js.Global().Get("Uint8Array")) || args[1].Type() != js.TypeObject {
			return js.Global().Get("Error").New(partName + " takes a request, the ports and the worker's number")
		}
		body := make([]byte, args[0].Get("byteLength").Int())
		js.CopyBytesToGo(body, args[0])
		ports := make([]js.Value, args[1].Length())
		for w := range ports {
			ports[w] = args[1].Index(w)
		}
		go help(opts, body, ports, args[2].Int())
		return nil
	}))
}

// help is helper me's loop: it starts its share of each run the lead
// orders, tells the lead when it ends, and answers the lead's questions
// about the states of its store.
func help(opts engine.Options, body []byte, ports []js.Value, me int) {
	box := newMailbox(ports)
	hp, herr := engine.NewHelper(opts, body)
	var part *search.Partition
	ctx := context.Background()
	for {
		m, _ := box.wait(ctx)
		switch m.kind() {
		case msgRun:
			var o runOrder
			if err := json.Unmarshal([]byte(m.data.Get("j").String()), &o); err != nil {
				box.post(0, msgFail, m.run(), map[string]any{"e": "a damaged order: " + err.Error()})
				continue
			}
			if herr != nil {
				box.post(0, msgFail, o.Run, map[string]any{"e": herr.Error()})
				continue
			}
			part = helpRun(ctx, box, hp, me, o)
		case msgStep:
			var st stepWire
			if part != nil {
				st = wireStep(part.Step(int32(m.data.Get("g").Int())))
			}
			box.post(0, msgStep, m.run(), map[string]any{"j": encodeJSON(st)})
		default:
			box.later = append(box.later, m)
		}
	}
}

// helpRun runs helper me's share of the run o orders and tells the lead
// how it ended; it returns the partition, nil when the share could not
// run (the lead is told why).
func helpRun(ctx context.Context, box *mailbox, hp *engine.Helper, me int, o runOrder) *search.Partition {
	so := o.Search.options()
	if so.MaxMemory > 0 {
		debug.SetMemoryLimit(so.MaxMemory / int64(max(o.Workers, 1)))
	}
	x := newExchange(box, me, o.Workers, o.Run)
	p, err := hp.Part(ctx, o.Pick, so, search.PartOptions{Me: me, Workers: o.Workers, Exchange: x, Sharing: o.Workers})
	if p == nil {
		box.post(0, msgFail, o.Run, map[string]any{"e": errText(err)})
		return nil
	}
	box.post(0, msgDone, o.Run, map[string]any{"e": errText(err)})
	return p
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
