// The resident mode's requests, served in memory: what needs no browser,
// so that it is tested natively.

package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"beeline/core/protocol"
)

// residentPaths are the routes the resident engine serves. A parse holds
// the model's syntax and network only while it runs and leaves nothing
// behind, so one Go instance can serve parse after parse; a check or a
// precomputation may grow the heap to its budget, and wasm32 memory is
// never handed back, so those keep their fresh worker per job.
var residentPaths = map[string]bool{"/parse": true, "/catalog": true}

// residentMemory is the resident engine's memory limit
// (debug.SetMemoryLimit): the Go runtime collects each parse's garbage
// before the heap reaches it. A parse of a model of thousands of
// locations holds a few tens of MiB at most.
const residentMemory = 256 << 20

// serveResident runs h on one POST of body to path, in memory, and
// returns the response body: the whole length-prefixed frame stream,
// which ends with a FrameDone. A path the resident engine does not serve
// gets a FrameError saying so.
func serveResident(h http.Handler, path string, body []byte) []byte {
	var w recorder
	if !residentPaths[path] {
		refuse(&w.body, fmt.Sprintf("the resident engine serves /parse and /catalog, not %s: run it as a job in a fresh worker", path))
		return w.body.Bytes()
	}
	r, err := http.NewRequestWithContext(context.Background(), http.MethodPost, path, bytes.NewReader(body))
	if err != nil {
		refuse(&w.body, "cannot make the request: "+err.Error())
		return w.body.Bytes()
	}
	r.Header.Set("Content-Type", "application/msgpack")
	h.ServeHTTP(&w, r)
	return w.body.Bytes()
}

// refuse writes a stream of one FrameError with msg, and FrameDone.
func refuse(b *bytes.Buffer, msg string) {
	protocol.WriteFrame(b, &protocol.Frame{Kind: protocol.FrameError, Message: msg})
	protocol.WriteFrame(b, &protocol.Frame{Kind: protocol.FrameDone})
}

// recorder is the in-memory http.ResponseWriter of a resident request:
// it keeps the body and drops the status, since the frames say whether
// the request failed (the engine's refusals carry a FrameError).
type recorder struct {
	header http.Header
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header {
	if w.header == nil {
		w.header = http.Header{}
	}
	return w.header
}

func (w *recorder) Write(p []byte) (int, error) { return w.body.Write(p) }

func (w *recorder) WriteHeader(int) {}
