// The handler: routes, request decoding and the frame stream.

package engine

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"time"

	"beeline/core/options"
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
	// DefaultMaxTable is the table budget in bytes of a /prepare request
	// that gives none (0: as large as a frame carries, 255 MiB).
	DefaultMaxTable int64
	// ProgressEvery is the time between progress frames during a search
	// or a precomputation (default 200 ms).
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

// New returns the engine handler serving POST /parse, POST /check,
// POST /prepare and POST /catalog.
func New(opts Options) http.Handler {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 200 * time.Millisecond
	}
	if opts.MaxRequestBytes <= 0 {
		opts.MaxRequestBytes = 64 << 20
	}
	reg := options.Builtin()
	h := &handler{opts: opts, registry: reg, catalog: reg.Catalog()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /parse", h.serve(func(ctx context.Context, s *stream, req *protocol.Request) { h.run(ctx, s, req, false) }))
	mux.HandleFunc("POST /check", h.serve(func(ctx context.Context, s *stream, req *protocol.Request) { h.run(ctx, s, req, true) }))
	mux.HandleFunc("POST /prepare", h.serve(h.prepare))
	mux.HandleFunc("POST /catalog", h.serve(func(_ context.Context, s *stream, _ *protocol.Request) {
		s.send(&protocol.Frame{Kind: protocol.FrameCatalog, Catalog: h.catalog})
	}))
	return mux
}

type handler struct {
	opts Options
	// registry names the search options; catalog is its wire form,
	// against which requests are decoded.
	registry *options.Registry
	catalog  *protocol.Catalog
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

// serve returns the handler of one route: it decodes the request (a bad
// one is answered with status 400 and a FrameError), lets answer write
// its frames, and ends the stream with a FrameDone.
func (h *handler) serve(answer func(ctx context.Context, s *stream, req *protocol.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ContentType)
		w.Header().Set("Cache-Control", "no-store")
		s := &stream{w: w, yield: h.opts.Yield}
		defer s.send(&protocol.Frame{Kind: protocol.FrameDone})
		req, err := h.readRequest(w, r)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			s.fail(err.Error())
			return
		}
		answer(r.Context(), s, req)
	}
}

func (h *handler) readRequest(w http.ResponseWriter, r *http.Request) (*protocol.Request, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxRequestBytes))
	if err != nil {
		return nil, fmt.Errorf("reading the request: %v", err)
	}
	return protocol.DecodeRequest(body, h.catalog)
}

// memInUse is the memory the engine holds from the system: on js/wasm
// about the size of the module's linear memory, which never shrinks.
func memInUse() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}
