//go:build js && wasm

// The engine: its wasm compiled once, and one fresh worker per job.

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

// engine holds the compiled engine module and a spare worker, started
// ahead of time so that a job (and the job after a Cancel) starts at once.
type engine struct {
	module js.Value // WebAssembly.Module, undefined until compiled
	ready  chan struct{}
	err    error
	spare  js.Value
}

// loadEngine downloads and compiles the engine in the background,
// reporting download progress.
func loadEngine(progress func(got, total int)) *engine {
	e := &engine{module: js.Undefined(), ready: make(chan struct{})}
	go func() {
		defer close(e.ready)
		bytes, err := fetchBytes(engineURL, progress)
		if err != nil {
			e.err = err
			return
		}
		m, err := await(global.Get("WebAssembly").Call("compile", jsBytes(bytes)))
		if err != nil {
			e.err = errors.New("cannot compile the engine: " + err.Error())
			return
		}
		e.module = m
		e.spare = newWorker()
	}()
	return e
}

func newWorker() js.Value {
	return global.Get("Worker").New(workerURL, map[string]any{"type": "module"})
}

// job is one request running in its own worker.
type job struct {
	worker js.Value
	funcs  []js.Func
	split  []byte
	done   bool
}

// start runs req at path ("/check", "/prepare", "/parse" or "/catalog")
// in a fresh worker and
// calls onFrame for every frame; a failure of the worker itself arrives as
// a FrameError with a Message. Call it from a goroutine: it waits for the
// engine to be compiled.
func (e *engine) start(path string, req *protocol.Request, onFrame func(protocol.Frame)) (*job, error) {
	<-e.ready
	if e.err != nil {
		return nil, e.err
	}
	req.Version = protocol.Version
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		return nil, err
	}
	j := &job{worker: e.spare}
	e.spare = newWorker()
	onMsg := js.FuncOf(func(_ js.Value, args []js.Value) any {
		j.message(arg0(args).Get("data"), onFrame)
		return nil
	})
	onErr := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the engine's worker failed"
		if m := arg0(args).Get("message"); m.Type() == js.TypeString {
			msg += ": " + m.String()
		}
		j.fail(msg, onFrame)
		return nil
	})
	j.funcs = []js.Func{onMsg, onErr}
	j.worker.Set("onmessage", onMsg)
	j.worker.Set("onerror", onErr)
	// The body is handed over, not copied: it may hold a table of
	// hundreds of MiB.
	jb := jsBytes(body)
	j.worker.Call("postMessage", map[string]any{"module": e.module, "path": path, "body": jb}, []any{jb.Get("buffer")})
	return j, nil
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
// does not get to finish its step) and its handlers released.
func (j *job) stop() {
	if j.done {
		return
	}
	j.done = true
	j.worker.Call("terminate")
	j.worker.Set("onmessage", js.Null())
	j.worker.Set("onerror", js.Null())
	for _, f := range j.funcs {
		f.Release()
	}
}
