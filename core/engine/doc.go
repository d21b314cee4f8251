// Package engine is Beeline's engine as an http.Handler: the one piece of
// code that answers a checking job, whether it runs natively behind
// `beeline serve` (under /api/), in the browser's Web Worker (run by
// github.com/syumai/workers' browser runtime, see wasm/worker), or on the
// edge.
//
// It serves four routes, all POST with a msgpack protocol.Request body:
//
//	/parse    load the model: a FrameModel, then FrameError if it has errors, then FrameDone
//	/check    the same, then for every picked query FrameProgress frames and one FrameResult, then FrameDone
//	/prepare  the same model frame, then the heuristic's precomputation for the one picked
//	          query: FrameProgress frames (Phase "precomputing") and a FrameTable, then FrameDone
//	/catalog  what the engine offers (core/options' registry): a FrameCatalog, then FrameDone
//
// A /check whose request carries a Table (one query) loads it into the
// heuristic before the search instead of precomputing; a table made for
// another model, query or heuristic option is refused with a FrameError
// in the heuristic's words, before any search. /prepare stops a table
// that outgrows Options.MaxTable, measured by the heuristic's own account
// of its table when it gives one (a pattern database does, and reports
// its trials, abstract states and distance layers too) and by the growth
// of the engine's memory otherwise.
//
// A request's Options are checked against the catalog as it is decoded,
// so an unknown search order, heuristic or trace mode is refused before
// any work, with the list of the valid ones.
//
// The response is a stream of frames, each a 4-byte big-endian length and
// that many bytes of msgpack (protocol.WriteFrame), flushed one by one so a
// reader sees each as soon as it is written. A request that cannot be
// decoded is answered with status 400 and the same kind of stream (a
// FrameError and a FrameDone), so every client has one reading loop.
//
// While a search runs, a progress frame is written every
// Options.ProgressEvery (200 ms by default, so at least four a second),
// plus one when each query starts. On js/wasm the Go runtime gives control
// back to JavaScript only when every goroutine is blocked; writing a frame
// into the response pipe blocks until JavaScript reads it, which is what
// lets the worker forward frames while the search is still running.
//
// Cancellation is the request's context natively (a client that goes away
// stops the search at its next checkpoint); in the browser the page
// terminates the worker, which ends the job at once.
package engine
