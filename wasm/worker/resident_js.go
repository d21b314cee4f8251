//go:build js && wasm

// The resident mode: one Go instance kept alive to serve parse after
// parse, for web/parse-worker.js.

package main

import (
	"errors"
	"net/http"
	"runtime/debug"
	"syscall/js"

	"github.com/syumai/workers"
)

// residentFlag is the global the resident worker sets before it runs the
// program; serveName the function the program then registers.
const (
	residentFlag = "beelineResident"
	serveName    = "beelineServe"
)

// resident registers globalThis.beelineServe(path, body) → Promise of a
// Uint8Array, the whole frame stream of h's answer to a POST of body (a
// msgpack protocol.Request) to path, says it is ready through the glue's
// import (workers.Ready), and keeps the program alive for the next call.
// Calls are served one at a time by the worker, in order; each runs in
// its own goroutine, since the handler waits on channels and a
// JavaScript callback must not block.
func resident(h http.Handler) {
	debug.SetMemoryLimit(residentMemory)
	js.Global().Set(serveName, js.FuncOf(func(_ js.Value, args []js.Value) any {
		return promise(func() (js.Value, error) {
			path, body, err := residentArgs(args)
			if err != nil {
				return js.Undefined(), err
			}
			return toJS(serveResident(h, path, body)), nil
		})
	}))
	workers.Ready()
	select {}
}

// residentArgs reads beelineServe's arguments: a path and a Uint8Array.
func residentArgs(args []js.Value) (string, []byte, error) {
	if len(args) != 2 || args[0].Type() != js.TypeString || !args[1].InstanceOf(js.Global().Get("Uint8Array")) {
		return "", nil, errors.New(serveName + " takes a path and a Uint8Array")
	}
	body := make([]byte, args[1].Get("byteLength").Int())
	js.CopyBytesToGo(body, args[1])
	return args[0].String(), body, nil
}

// promise returns a Promise settled by f, run in a goroutine of its own.
func promise(f func() (js.Value, error)) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		executor.Release()
		resolve, reject := args[0], args[1]
		go func() {
			v, err := f()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

func toJS(b []byte) js.Value {
	v := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(v, b)
	return v
}
