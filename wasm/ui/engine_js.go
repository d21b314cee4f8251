//go:build js && wasm

// The engine: its wasm compiled once, and one fresh worker per job,
// started ahead so that a job begins at once.

package main

import (
	"errors"
	"syscall/js"

	"beeline/core/protocol"
)

// Where the engine lives, relative to index.html.
const (
	engineURL = "web/build/engine.wasm"
	workerURL = "web/worker.js"
)

// engine holds the compiled engine module and a spare worker: started,
// handed the module, its Go program instantiated and waiting for a
// request, so that a job (and the job after a Cancel) begins as soon as
// its request is posted. Starting a worker's engine (instantiating the
// module, a Go runtime's start, the engine's tables) takes hundreds of
// milliseconds to seconds; done while the page is idle, it is out of the
// way. A worker still serves one job only: Go's wasm never hands memory
// back, so the spare taken is replaced by a new one at once.
type engine struct {
	module js.Value // WebAssembly.Module, undefined until compiled
	ready  chan struct{}
	err    error
	// spare is the next job's worker; nil when the last spare failed to
	// start twice in a row (the next job starts its own). helpers are
	// the next split search's spare helpers (split_js.go).
	spare   *worker
	helpers []*worker
	// failures counts the spares in a row whose engine failed to start.
	failures int
	// resident, when set (by newParser), answers the paths the resident
	// parse worker serves (residentPath) instead of a fresh worker.
	resident func(path string, req *protocol.Request, onFrame func(protocol.Frame)) *job
	// live counts the jobs whose worker runs (the spare and the resident
	// parse worker are not counted); <body data-workers> says it, so that
	// a test can see that no worker is left running after a race.
	live int
}

// countLive adds d to the jobs whose worker runs, and says it on
// <body data-workers>.
func (e *engine) countLive(d int) {
	e.live += d
	global.Get("document").Get("body").Call("setAttribute", "data-workers", e.live)
}

// loadEngine downloads and compiles the engine in the background,
// reporting download progress, and starts the first spare worker.
func loadEngine(progress func(got, total int)) *engine {
	e := &engine{module: js.Undefined(), ready: make(chan struct{})}
	go func() {
		defer close(e.ready)
		defer loadTimes.mark("engine-ready")
		m, err := compileStreaming(versioned(engineURL), progress)
		if err != nil {
			e.err = err
			return
		}
		loadTimes.mark("engine-compiled")
		e.module = m
		e.spare = e.newWorker()
	}()
	return e
}

// compileStreaming downloads and compiles the wasm at url at once, as
// its bytes arrive (WebAssembly.compileStreaming), reporting download
// progress. The bytes never enter Go: reading 10 MB into Go's heap and
// copying them back for WebAssembly.compile cost the page's thread tens
// of milliseconds in long tasks and the heap 20 MB, and compiling only
// after the download wasted the time the download took.
func compileStreaming(url string, progress func(got, total int)) (js.Value, error) {
	resp, err := await(global.Call("fetch", url))
	if err != nil {
		return js.Undefined(), err
	}
	if !resp.Get("ok").Bool() {
		return js.Undefined(), errors.New(url + ": " + resp.Get("status").String() + " " + resp.Get("statusText").String())
	}
	// The decoded length: X-Uncompressed-Length when the server sent
	// the file compressed (the stream yields decoded bytes).
	total := headerInt(resp, "X-Uncompressed-Length")
	if total == 0 {
		total = headerInt(resp, "Content-Length")
	}
	got := 0
	count := js.FuncOf(func(_ js.Value, args []js.Value) any {
		got += args[0].Get("byteLength").Int()
		progress(got, total)
		args[1].Call("enqueue", args[0])
		return nil
	})
	ended := js.FuncOf(func(js.Value, []js.Value) any {
		loadTimes.mark("engine-downloaded")
		return nil
	})
	defer count.Release()
	defer ended.Release()
	counted := resp.Get("body").Call("pipeThrough", global.Get("TransformStream").New(map[string]any{"transform": count, "flush": ended}))
	// compileStreaming insists on the wasm type; the counted stream is a
	// new Response, which has none of its own.
	wasm := global.Get("Response").New(counted, map[string]any{"headers": map[string]any{"Content-Type": "application/wasm"}})
	m, err := await(global.Get("WebAssembly").Call("compileStreaming", wasm))
	if err != nil {
		return js.Undefined(), errors.New("cannot compile the engine: " + err.Error())
	}
	return m, nil
}

// residentPath reports whether the resident parse worker answers path
// (wasm/worker's resident mode serves it; /parse goes through the
// parser's own queue).
func residentPath(path string) bool { return path == "/catalog" }

// job is one request running in its own worker, or answered by the
// resident worker (w is nil then).
type job struct {
	e       *engine
	w       *worker
	path    string
	body    []byte // the encoded request until it is posted
	onFrame func(protocol.Frame)
	split   []byte
	done    bool
	// retried is set once the job was moved to another worker because
	// its first could not start its engine.
	retried bool
	// at is when the job was started (performance.now()), warm whether
	// its worker's engine was waiting then, and framed whether a frame
	// came: the wait for the first is reported (noteFirstFrame).
	at           float64
	warm, framed bool
	// helpers are the workers that search with w when the check is
	// split between workers (split_js.go), and ports w's ports to them
	// (nil at its own number); both nil when it is not.
	helpers []*worker
	ports   []any
}

// start runs req at path ("/check", "/prepare", "/simulate", "/parse" or
// "/catalog") and calls onFrame for every frame; a failure of the worker
// itself arrives as a FrameError with a Message. /catalog is answered by
// the resident parse worker; every other path by the spare worker, whose
// engine is already waiting, or, when it failed to start, by a fresh one.
// Call it from a goroutine: it waits for the engine to be compiled.
func (e *engine) start(path string, req *protocol.Request, onFrame func(protocol.Frame)) (*job, error) {
	<-e.ready
	if e.err != nil {
		return nil, e.err
	}
	if e.resident != nil && residentPath(path) {
		return e.resident(path, req, onFrame), nil
	}
	return e.fresh(path, req, onFrame)
}

// fresh runs req at path in the spare worker (or, when it failed to
// start, a fresh one), whatever the path; the engine must be compiled.
func (e *engine) fresh(path string, req *protocol.Request, onFrame func(protocol.Frame)) (*job, error) {
	req.Version = protocol.Version
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		return nil, err
	}
	j := &job{e: e, path: path, body: body, onFrame: onFrame, at: now()}
	w := e.spare
	if w == nil || w.failed {
		w = e.newWorker()
	}
	j.warm = w.warm
	e.spare = e.newWorker()
	if k := req.Options.Workers; path == "/check" && k > 1 {
		j.spread(k)
	}
	j.run(w)
	e.countLive(1 + len(j.helpers))
	return j, nil
}

// run gives j to w, and posts its request once w's engine waits for it.
func (j *job) run(w *worker) {
	j.w, w.job = w, j
	if w.warm {
		j.post()
	}
}

// post sends the request to the job's worker. The body is handed over,
// not copied: it may hold a table of hundreds of MiB.
func (j *job) post() {
	if j.done || j.body == nil {
		return
	}
	jb := jsBytes(j.body)
	j.body = nil
	if j.ports != nil {
		transfer := append([]any{jb.Get("buffer")}, others(j.ports)...)
		j.w.w.Call("postMessage", map[string]any{"path": j.path, "body": jb, "ports": j.ports}, transfer)
		return
	}
	j.w.w.Call("postMessage", map[string]any{"path": j.path, "body": jb}, []any{jb.Get("buffer")})
}

// retry moves j to a fresh worker after its worker's engine failed to
// start (msg says why), once; a second failure ends the job with it.
func (j *job) retry(msg string) {
	if j.done {
		return
	}
	if j.retried {
		j.fail("the engine's worker could not start: "+msg, j.onFrame)
		return
	}
	j.retried = true
	j.run(j.e.newWorker())
}

// message handles one message from the worker: one frame's msgpack bytes
// (protocol.EncodeFrame), or an object {error} when the worker could not
// run the engine.
func (j *job) message(data js.Value, onFrame func(protocol.Frame)) {
	if j.done {
		return
	}
	if data.Type() == js.TypeObject && data.Get("error").Type() == js.TypeString {
		j.fail(data.Get("error").String(), onFrame)
		return
	}
	if data.Type() != js.TypeObject || data.Get("byteLength").Type() != js.TypeNumber {
		return
	}
	if !j.framed {
		j.framed = true
		noteFirstFrame(j.path, now()-j.at, j.warm)
	}
	frames, err := decodeMessage(goBytes(data), &j.split)
	for _, f := range frames {
		if j.done {
			return
		}
		if f.Kind == protocol.FrameDone {
			j.stop()
		}
		onFrame(f)
	}
	if err != nil {
		j.fail("the engine sent a damaged message: "+err.Error(), onFrame)
	}
}

func (j *job) fail(msg string, onFrame func(protocol.Frame)) {
	if j.done {
		return
	}
	j.stop()
	onFrame(protocol.Frame{Kind: protocol.FrameError, Message: msg})
	onFrame(protocol.Frame{Kind: protocol.FrameDone})
}

// stop ends the job: the worker is terminated at once (a running search
// does not get to finish its step) and its handlers released. A job the
// resident worker answers is only marked done: its answer is dropped.
func (j *job) stop() {
	if j.done {
		return
	}
	j.done = true
	if j.w != nil {
		j.w.terminate()
		j.stopHelpers()
		j.e.countLive(-1 - len(j.helpers))
	}
}
