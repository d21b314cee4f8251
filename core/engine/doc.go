// Package engine is Beeline's engine as an http.Handler: the one piece of
// code that answers a checking job, whether it runs natively behind
// `beeline serve` (under /api/), in the browser's Web Worker (run by
// github.com/syumai/workers' browser runtime, see wasm/worker), or on the
// edge.
//
// It serves five routes, all POST with a msgpack protocol.Request body:
//
//	/parse    load the model: a FrameModel, then FrameError if it has
//	          errors, then FrameDone
//	/check    the same, then for every picked query FrameProgress frames
//	          and one FrameResult, then FrameDone
//	/prepare  the same model frame, then the heuristic's precomputation for the one picked
//	          query: FrameProgress frames (Phase "precomputing") and a FrameTable, then FrameDone
//	/simulate replay a path and take random steps (simulate.go): a FrameSim, then FrameDone
//	/catalog  what the engine offers (core/options' registry): a FrameCatalog, then FrameDone
//
// A /check whose request carries a Table (one query) loads it into the
// heuristic before the search instead of precomputing; a table made for
// another model, query or heuristic option is refused with a FrameError in
// the heuristic's words, before any search. /prepare stops a table that
// outgrows the request's table budget (protocol.Options.MaxTable, else
// Options.DefaultMaxTable, else what a frame carries, 255 MiB), measured by
// the heuristic's own account of its table when it gives one (a pattern
// database does, and reports its trials, abstract states and distance
// layers too) and by the growth of the engine's memory otherwise.
//
// A request's Options are checked against the catalog as it is decoded,
// so an unknown search order, heuristic or trace mode is refused before
// any work, with the list of the valid ones.
//
// The response is a stream of frames, each a 4-byte big-endian length and
// that many bytes of msgpack (protocol.WriteFrame), flushed one by one so a
// reader sees each as soon as it is written. A request that is refused is
// answered with the same kind of stream (a FrameError saying why in plain
// words, and a FrameDone), so every client has one reading loop: 400 when
// it cannot be decoded, and the limits' statuses below.
//
// # Limits
//
// The zero Options set no limit but the size of a body (64 MiB): the
// browser's worker runs one job per worker, and the page stops a job by
// terminating it. A server shared by several clients (`beeline serve`)
// sets them, so that one request cannot starve the others:
//
//   - MaxRequestBytes: a larger body is refused with 413 ("the request is
//     larger than the server accepts (16 MiB)"), before any of it is read
//     when its Content-Length says so, and as soon as it passes the limit
//     when it comes chunked.
//   - ReadTimeout (MaxTimeout when it is 0): a request's whole body
//     must arrive within it, on every route, before it takes a job slot;
//     a body that trickles in is answered 408 ("the request's body did
//     not arrive within the server's read timeout (10s)") and its
//     connection closed, so that slow bodies hold no slot and no
//     connection past it.
//   - MaxJobs: /parse, /check, /prepare and /simulate each take one of
//     MaxJobs slots for their whole run (/catalog takes none), once
//     their body is read. A request that finds them all taken waits up
//     to QueueWait for one, in arrival order; then it is refused with
//     503 and a Retry-After header. A waiting request holds its body
//     (at most MaxRequestBytes).
//   - MaxStates, MaxMemory, MaxTimeout: ceilings on the request's
//     budgets. A request that gives no budget, or asks for more than a
//     ceiling, gets the ceiling; one that asks for less keeps its own
//     (nothing in the result says a ceiling applied: a search stopped by
//     it reads "state limit", "memory limit" or "time limit" as any
//     other). MaxMemory also caps /prepare's table budget. MaxTimeout
//     also bounds the whole request from the moment it holds its slot:
//     a query reached after it gets an "unknown" result with the reason
//     "time limit" (without a search), and a precomputation it stops
//     fails with "the request ran out of time". /simulate's path is
//     under the same budgets: its length counts as states.
//
// A job runs in its own goroutine while the handler watches its client.
// A client that leaves (or stops reading, so that a frame cannot be
// written) cancels the job's context, which every search, precomputation
// and simulation polls, and the handler returns at once, freeing the
// slot even when the job's computation has not reached a checkpoint yet
// (a chain of calls in the model's code may not reach one for long). Such
// a job is counted as abandoned until it ends; at most MaxJobs are, and a
// job beyond that keeps its slot until it stops. A job whose time ran out
// and that has not ended a second later is abandoned too, its stream
// ended with a FrameError ("the job did not stop within the server's time
// per request (2m0s): its results are lost").
//
// A /check whose heuristic precomputes its table itself (no Table given)
// does so within the request's time but under the heuristic's own memory
// limits (a pattern database's default is 512 MiB), not MaxMemory.
//
// While a search runs, a progress frame is written every
// Options.ProgressEvery (200 ms by default, so at least four a second),
// plus one when each query starts. On js/wasm the Go runtime gives control
// back to JavaScript only when every goroutine is blocked; writing a frame
// into the response pipe blocks until JavaScript reads it, which is what
// lets the worker forward frames while the search is still running.
// Options.Yield, called after every progress frame, lets the browser
// worker's event loop run a task, so that the worker can be terminated
// between frames.
//
// Cancellation is the request's context natively (a client that goes away
// stops the search at its next checkpoint); in the browser the page
// terminates the worker, which ends the job at once.
package engine
