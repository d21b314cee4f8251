//go:build js && wasm

// The worker's entry point: serve the engine until the one request is done.

package main

import (
	"syscall/js"

	"github.com/syumai/workers"

	"beeline/core/engine"
)

// memoryBudget is the default budget of the state store. wasm32 memory
// ends at 4 GiB and the Go heap may grow to about twice what is live
// before a collection, so the store stops at 1 GiB rather than killing the
// tab; a request may ask for more.
const memoryBudget = 1 << 30

// tableBudget is the default budget of a precomputed table: the worker
// holds the table, its encoding and the frame that carries it at once,
// and the page keeps it in IndexedDB.
const tableBudget = 256 << 20

func main() {
	workers.Serve(engine.New(engine.Options{DefaultMaxMemory: memoryBudget, DefaultMaxTable: tableBudget, Yield: yield}))
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
