//go:build js && wasm

// The worker's entry point: serve the engine until the one request is
// done, or stay resident for parses.

package main

import (
	"bytes"
	"io"
	"net/http"
	"runtime/debug"
	"syscall/js"

	"github.com/syumai/workers"

	"beeline/core/engine"
	"beeline/core/protocol"
	"beeline/core/unpack"
)

// memoryBudget is the default memory budget of a request: what the
// worker's Go heap may hold (the search counts it all, see
// search.Options.MaxMemory, and the Go runtime keeps to it, see limited).
// wasm32 memory ends at 4 GiB and is never handed back, so a search
// stops at 1 GiB rather than killing the tab; a request may ask for more.
// The module's linear memory adds its static data, about 8 MiB, to what
// the budget counts.
const memoryBudget = 1 << 30

// tableBudget is the default budget of a precomputed table: the worker
// holds the table, its encoding and the frame that carries it at once,
// and the page keeps it in IndexedDB.
const tableBudget = 256 << 20

// maxRequest bounds a request body. The worker's requests come from its
// own page, whose table budget has no upper bound: a /check carries the
// cached table, whose encoding is about as large as the budget let it
// grow. The cap only keeps a body and its decoding within wasm32's 4 GiB.
const maxRequest = 1 << 30

// main serves one request through the glue (workers.Serve), or, when the
// worker set globalThis.beelineResident before running the program,
// stays resident and serves parse after parse (resident_js.go).
func main() {
	opts := engine.Options{MaxRequestBytes: maxRequest, DefaultMaxMemory: memoryBudget, DefaultMaxTable: tableBudget, Yield: yield}
	if js.Global().Get(residentFlag).Truthy() {
		resident(engine.New(opts))
		return
	}
	opts.Distribute = distribute
	registerPart(opts)
	workers.Serve(limited{engine.New(opts)})
}

// limited serves the one request of this Go instance with the request's
// memory budget as the Go runtime's memory limit (debug.SetMemoryLimit):
// the runtime then collects garbage before the heap reaches the budget,
// instead of letting it grow to twice the live data, and the linear
// memory, which never shrinks, stays near the budget the search keeps to.
// The limit is the process's, which is the request's here: a worker
// serves one request.
type limited struct{ http.Handler }

func (h limited) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	budget := int64(memoryBudget)
	if r.Body != nil {
		body, err := io.ReadAll(r.Body)
		// Only the budget is decoded here: the model and the table are
		// skipped, not copied, and the engine decodes the request whole.
		var req struct {
			Options struct {
				MaxMemory int64 `msgpack:"max_memory"`
				Workers   int   `msgpack:"workers"`
			} `msgpack:"options"`
		}
		if err == nil && unpack.Unmarshal(body, &req, protocol.MaxRequestElements) == nil && req.Options.MaxMemory > 0 {
			budget = req.Options.MaxMemory
		}
		// A search split between workers gives each its share.
		budget /= int64(max(req.Options.Workers, 1))
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	debug.SetMemoryLimit(budget)
	h.Handler.ServeHTTP(w, r)
}

// yield lets the worker's event loop run a task, so that the frames
// written so far reach the page and a terminate() from the page is
// handled at the next progress frame rather than never. It waits for a
// JavaScript timer's callback, which can only come once Go has handed
// control back to JavaScript and the stream's pending promise callbacks
// (the posting of the frames) have run. A plain time.Sleep is not
// enough: when its timer is already due by the time every other
// goroutine is idle, Go's scheduler wakes the sleeper without returning
// to JavaScript, and the frames wait for the next yield, which during a
// heuristic's precomputation may be many seconds away.
func yield() {
	done := make(chan struct{})
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	// Invoked, not called as a method: the runtime's js.Global() is not
	// the worker's global object, and setTimeout refuses it as this.
	js.Global().Get("setTimeout").Invoke(wake, 0)
	<-done
	wake.Release()
}
