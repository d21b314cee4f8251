//go:build js && wasm

// The worker's entry point: serve the engine until the one request is done.

package main

import (
	"time"

	"github.com/syumai/workers"

	"beeline/core/engine"
)

// memoryBudget is the default budget of the state store. wasm32 memory
// ends at 4 GiB and the Go heap may grow to about twice what is live
// before a collection, so the store stops at 1 GiB rather than killing the
// tab; a request may ask for more.
const memoryBudget = 1 << 30

func main() {
	workers.Serve(engine.New(engine.Options{DefaultMaxMemory: memoryBudget, Yield: yield}))
}

// yield lets the worker's event loop run a task: a sleep is a JavaScript
// timer, which ends the current task, so a terminate() or a message from
// the page is handled at the next progress frame rather than never.
func yield() { time.Sleep(time.Millisecond) }
