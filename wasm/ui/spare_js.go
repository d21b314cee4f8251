//go:build js && wasm

// An engine worker started ahead of its job (web/worker.js).

package main

import (
	"syscall/js"
)

// worker is one engine worker: started and handed the compiled module at
// once, its engine warming (the Go program starting) until the worker
// says it waits for its request. It is the engine's spare until a job
// takes it; the job's request is posted once it is warm.
type worker struct {
	e      *engine
	w      js.Value
	warm   bool // its engine waits for the request
	failed bool // its engine could not start; the worker is terminated
	funcs  []js.Func
	job    *job // the job that took it; nil while it is the spare
	// helper is the worker's number in the split search of job that it
	// helps (0 when it is no helper), part the message that starts it
	// and partPorts the ports that message transfers (split_js.go).
	helper    int
	part      map[string]any
	partPorts []any
}

// newWorker starts a worker and hands it the engine module.
func (e *engine) newWorker() *worker {
	w := &worker{e: e}
	w.w, w.funcs = startWorker(versioned(workerURL), "the engine's worker", e.module, w.message, w.fail)
	return w
}

// message handles a message of the worker: {ready} once its engine
// waits, {error} when it could not start or run, and the job's frames.
func (w *worker) message(data js.Value) {
	if data.Type() == js.TypeObject && data.Get("ready").Truthy() {
		w.warm = true
		w.e.failures = 0
		switch {
		case w.helper > 0:
			w.postPart()
		case w.job != nil:
			w.job.post()
		}
		return
	}
	if !w.warm && data.Type() == js.TypeObject && data.Get("error").Type() == js.TypeString {
		w.fail(data.Get("error").String())
		return
	}
	if w.job != nil {
		w.job.message(data, w.job.onFrame)
	}
}

// fail handles a failure of the worker: once a job runs in it, the job
// ends with msg; before, the worker is replaced (a job that took it
// moves to a fresh one; a spare is started again, unless the spare
// before it failed too: the next job then starts its own).
func (w *worker) fail(msg string) {
	if w.helper > 0 {
		w.job.fail("a worker of the split search failed: "+msg, w.job.onFrame)
		return
	}
	if w.warm && w.job != nil {
		w.job.fail(msg, w.job.onFrame)
		return
	}
	if w.failed {
		return
	}
	w.failed = true
	w.terminate()
	global.Get("console").Call("warn", msg+"; starting another worker")
	if w.job != nil {
		w.job.retry(msg)
		return
	}
	e := w.e
	if e.spare == w {
		e.failures++
		e.spare = nil
		if e.failures < 2 {
			e.spare = e.newWorker()
		}
	}
}

// terminate stops the worker at once and releases its handlers.
func (w *worker) terminate() {
	if w.funcs == nil {
		return
	}
	stopWorker(w.w, w.funcs)
	w.funcs = nil
}

// startWorker starts the module worker at url, hands it the compiled
// engine module, and calls onMessage with each message's data and onFail
// when the worker fails (what names it in the message). It returns the
// worker and its handlers, to be released when it is done with.
func startWorker(url, what string, module js.Value, onMessage func(js.Value), onFail func(string)) (js.Value, []js.Func) {
	w := global.Get("Worker").New(url, map[string]any{"type": "module"})
	onMsg := js.FuncOf(func(_ js.Value, args []js.Value) any {
		onMessage(arg0(args).Get("data"))
		return nil
	})
	onErr := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := what + " failed"
		if m := arg0(args).Get("message"); m.Type() == js.TypeString {
			msg += ": " + m.String()
		}
		onFail(msg)
		return nil
	})
	w.Set("onmessage", onMsg)
	w.Set("onerror", onErr)
	w.Set("onmessageerror", onErr)
	w.Call("postMessage", map[string]any{"module": module})
	return w, []js.Func{onMsg, onErr}
}

// stopWorker terminates a worker that startWorker started and releases
// its handlers.
func stopWorker(w js.Value, funcs []js.Func) {
	w.Set("onmessage", js.Null())
	w.Set("onerror", js.Null())
	w.Set("onmessageerror", js.Null())
	w.Call("terminate")
	for _, f := range funcs {
		f.Release()
	}
}
