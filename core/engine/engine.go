// The handler: routes, request decoding and the frame stream.

package engine

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"time"

	"beeline/core/protocol"
)

// ContentType is the media type of a frame stream.
const ContentType = "application/x-beeline-frames"

// Options configures the handler. The zero value is usable.
type Options struct {
	// DefaultMaxMemory is the memory budget in bytes of a request that
	// gives none (0: none). The worker sets it so that a search stops
	// cleanly before wasm32's 4 GiB are exhausted.
	DefaultMaxMemory int64
	// ProgressEvery is the time between progress frames during a search
	// (default 200 ms).
	ProgressEvery time.Duration
	// MaxRequestBytes bounds a request body (default 64 MiB).
	MaxRequestBytes int64
	// Yield, when set, is called after every progress frame. In a browser
	// worker it must let the worker's event loop run a task (a timer does):
	// the frame stream alone is driven by promise callbacks, which never end
	// the current task, and Chromium terminates a worker gracefully only
	// between tasks; a worker that does not get there is killed after two
	// seconds by force, which takes the page's renderer down with it.
	Yield func()
}

// New returns the engine handler serving POST /parse and POST /check.
func New(opts Options) http.Handler {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 200 * time.Millisecond
	}
	if opts.MaxRequestBytes <= 0 {
		opts.MaxRequestBytes = 64 << 20
	}
	h := &handler{opts: opts}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /parse", func(w http.ResponseWriter, r *http.Request) { h.serve(w, r, false) })
	mux.HandleFunc("POST /check", func(w http.ResponseWriter, r *http.Request) { h.serve(w, r, true) })
	return mux
}

type handler struct {
	opts Options
}

// stream writes frames to a response, flushing each, and remembers the
// first write error (the client went away) so later frames are dropped.
type stream struct {
	w     http.ResponseWriter
	err   error
	yield func()
}

func (s *stream) send(f *protocol.Frame) {
	if s.err != nil {
		return
	}
	s.err = protocol.WriteFrame(s.w, f)
	if fl, ok := s.w.(http.Flusher); ok && s.err == nil {
		fl.Flush()
	}
}

func (s *stream) fail(msg string) {
	s.send(&protocol.Frame{Kind: protocol.FrameError, Message: msg})
}

func (h *handler) serve(w http.ResponseWriter, r *http.Request, check bool) {
	w.Header().Set("Content-Type", ContentType)
	w.Header().Set("Cache-Control", "no-store")
	s := &stream{w: w}
	defer s.send(&protocol.Frame{Kind: protocol.FrameDone})
	req, err := h.readRequest(w, r)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		s.fail(err.Error())
		return
	}
	run(r.Context(), s, req, check, h.opts)
}

func (h *handler) readRequest(w http.ResponseWriter, r *http.Request) (*protocol.Request, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxRequestBytes))
	if err != nil {
		return nil, fmt.Errorf("reading the request: %v", err)
	}
	return protocol.DecodeRequest(body)
}

// memInUse is the memory the engine holds from the system: on js/wasm
// about the size of the module's linear memory, which never shrinks.
func memInUse() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}
