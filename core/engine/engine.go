// The handler: routes, request decoding and the frame stream.

package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/search"
)

// ContentType is the media type of a frame stream.
const ContentType = "application/x-beeline-frames"

// Options configures the handler. The zero value is usable and sets no
// limits beyond MaxRequestBytes' default: the browser's worker runs one
// job per worker and stops it by terminating the worker.
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
	// MaxRequestBytes bounds a request body (default 64 MiB). A larger
	// one is answered 413, before it is read when its Content-Length
	// says so.
	MaxRequestBytes int64

	// MaxStates, MaxMemory and MaxTimeout are ceilings on every request's
	// budgets (0: none). A request that gives no budget, or asks for more
	// than a ceiling, gets the ceiling; a request asking for less keeps
	// its own. MaxMemory also caps /prepare's table budget, and
	// MaxTimeout also bounds the whole request, body and every query
	// included: a query reached after that gets an "unknown" result with
	// the reason "time limit", and a precomputation is stopped.
	MaxStates  int64
	MaxMemory  int64
	MaxTimeout time.Duration
	// MaxJobs bounds the requests that run at once (/parse, /check,
	// /prepare and /simulate; /catalog is answered at once); 0: no bound. A request
	// that finds every slot taken waits up to QueueWait for one, in
	// arrival order, and is then answered 503 with a Retry-After header.
	MaxJobs   int
	QueueWait time.Duration
	// ReadTimeout bounds the time a request's body takes to arrive,
	// counted from when the handler starts and before a job slot is
	// taken (0: MaxTimeout, or none when that is 0 too). A body that is
	// not whole by then is answered 408.
	ReadTimeout time.Duration

	// Yield, when set, is called after every progress frame. In a browser
	// worker it must let the worker's event loop run a task (a timer does):
	// the frame stream alone is driven by promise callbacks, which never end
	// the current task, and Chromium terminates a worker gracefully only
	// between tasks; a worker that does not get there is killed after two
	// seconds by force, which takes the page's renderer down with it.
	Yield func()

	// Distribute, when set, runs the search of a /check query that a
	// parallel search may run (breadth-first or depth-first, without a
	// heuristic) between protocol.Options.Workers workers, when the
	// request asks for more than one: worker 0 in this engine
	// (Distribution.Part), the others in helpers the host started with
	// the same request (NewHelper). It returns the merged result, with
	// the trace gathered from the workers when the search options ask
	// for one (see verify.Options.Distribute).
	Distribute func(ctx context.Context, d Distribution) (*search.Result, error)

	// stall, in tests, runs at the start of every job and ignores its
	// context: it stands in for a computation that never reaches a
	// checkpoint, which the model's code no longer is (loops and calls
	// poll alike), but which the slot handling must survive all the same.
	stall func(*protocol.Request)
}

// New returns the engine handler serving POST /parse, POST /check,
// POST /prepare, POST /simulate and POST /catalog.
func New(opts Options) http.Handler {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 200 * time.Millisecond
	}
	if opts.MaxRequestBytes <= 0 {
		opts.MaxRequestBytes = 64 << 20
	}
	h := newHandler(opts)
	if opts.MaxJobs > 0 {
		h.slots = make(chan struct{}, opts.MaxJobs)
		h.abandoned = make(chan struct{}, opts.MaxJobs)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /parse", h.serve(true, func(ctx context.Context, s *stream, req *protocol.Request) { h.run(ctx, s, req, false) }))
	mux.HandleFunc("POST /check", h.serve(true, func(ctx context.Context, s *stream, req *protocol.Request) { h.run(ctx, s, req, true) }))
	mux.HandleFunc("POST /prepare", h.serve(true, h.prepare))
	mux.HandleFunc("POST /simulate", h.serve(true, h.simulate))
	mux.HandleFunc("POST /catalog", h.serve(false, func(_ context.Context, s *stream, _ *protocol.Request) {
		s.send(&protocol.Frame{Kind: protocol.FrameCatalog, Catalog: h.catalog})
	}))
	return mux
}

// newHandler returns the handler of opts, without its routes.
func newHandler(opts Options) *handler {
	reg := options.Builtin()
	return &handler{opts: opts, registry: reg, catalog: reg.Catalog()}
}

type handler struct {
	opts Options
	// registry names the search options; catalog is its wire form,
	// against which requests are decoded.
	registry *options.Registry
	catalog  *protocol.Catalog
	// slots holds one token per running job when MaxJobs is set;
	// abandoned one per job whose client left but which has not stopped
	// yet (see runJob).
	slots, abandoned chan struct{}
}

// stream writes frames to a response, flushing each, and remembers the
// first write error (the client went away) so later frames are dropped.
// A job writes from its own goroutine while the handler watches for its
// client leaving; mu orders the two, and once the handler has let the job
// go (detach) the job's frames are dropped, since the response is no
// longer the handler's to write.
type stream struct {
	mu       sync.Mutex
	w        http.ResponseWriter
	err      error
	detached bool
	yield    func()
	// gone, when set, cancels the job when a write fails: a client that
	// stopped reading has gone even if its connection is still open.
	gone context.CancelCauseFunc
	// mem and memAt are the last reading of memInUse, and when it was
	// taken (see memInUse).
	mem   int64
	memAt time.Time
}

// memInUse is memInUse read at most every memEvery: reading it stops the
// world, and a request of thousands of queries sends a progress frame
// at the start of each. Only the job's goroutine calls it.
func (s *stream) memInUse() int64 {
	if now := time.Now(); now.Sub(s.memAt) >= memEvery {
		s.mem, s.memAt = memInUse(), now
	}
	return s.mem
}

// memEvery is how stale a progress frame's memory may be.
const memEvery = 50 * time.Millisecond

func (s *stream) send(f *protocol.Frame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write(f)
}

func (s *stream) write(f *protocol.Frame) {
	if s.err != nil || s.detached {
		return
	}
	s.err = protocol.WriteFrame(s.w, f)
	if fl, ok := s.w.(http.Flusher); ok && s.err == nil {
		fl.Flush()
	}
	if s.err != nil && s.gone != nil {
		s.gone(errClientGone)
	}
}

// broken reports whether a write has failed or the stream was detached.
func (s *stream) broken() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err != nil || s.detached
}

// detach ends the stream with frames (then FrameDone) and drops whatever
// the job still sends.
func (s *stream) detach(frames ...*protocol.Frame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range frames {
		s.write(f)
	}
	s.write(&protocol.Frame{Kind: protocol.FrameDone})
	s.detached = true
}

func (s *stream) fail(msg string) {
	s.send(&protocol.Frame{Kind: protocol.FrameError, Message: msg})
}

// refuse answers with status and a FrameError saying why; the FrameDone
// that ends every stream follows.
func (s *stream) refuse(status int, msg string) {
	s.w.WriteHeader(status)
	s.fail(msg)
}

// errClientGone is the cause of a job whose response could not be
// written; errAbandoned of one the handler stopped waiting for.
var (
	errClientGone = errors.New("the client went away")
	errAbandoned  = errors.New("the job was abandoned")
)

// serve returns the handler of one route: it refuses a body larger than
// MaxRequestBytes (413), reads the whole body within ReadTimeout (408)
// and decodes it (400), takes a job slot when the route is a job (503
// when none frees in time), applies the ceilings, lets answer write its
// frames, and ends the stream with a FrameDone.
func (h *handler) serve(job bool, answer func(ctx context.Context, s *stream, req *protocol.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ContentType)
		w.Header().Set("Cache-Control", "no-store")
		s := &stream{w: w, yield: h.opts.Yield}
		req, ok := h.accept(s, r)
		if !ok {
			s.detach()
			return
		}
		h.limit(&req.Options)
		if !job {
			answer(r.Context(), s, req)
			s.detach()
			return
		}
		if !h.acquire(r.Context()) {
			w.Header().Set("Retry-After", strconv.Itoa(h.retryAfter()))
			s.refuse(http.StatusServiceUnavailable, h.busy())
			s.detach()
			return
		}
		h.runJob(r.Context(), s, req, answer)
	}
}

// accept reads and decodes the request, refusing it on s when it cannot.
func (h *handler) accept(s *stream, r *http.Request) (*protocol.Request, bool) {
	if r.ContentLength > h.opts.MaxRequestBytes {
		// The body stays unread: the connection cannot serve another
		// request after it.
		s.w.Header().Set("Connection", "close")
		s.refuse(http.StatusRequestEntityTooLarge, h.tooLarge())
		return nil, false
	}
	req, status, err := h.readRequest(s.w, r)
	if err != nil {
		s.refuse(status, err.Error())
		return nil, false
	}
	return req, true
}

// runJob runs answer in its own goroutine, holding a job slot, under the
// request's time (MaxTimeout). The handler waits for the job, or for its
// client to leave, or for its time to run out:
//
//   - A client that leaves (its request's context is cancelled, or a
//     frame cannot be written) cancels the job, and the handler returns
//     at once, freeing the slot: a job stops at its next checkpoint (a
//     search polls its context every few thousand states, and a model's
//     code every ir.PollRounds rounds), but a computation that never
//     reaches one must not keep the slot from the next client. The job
//     is then counted as abandoned until it ends; at most MaxJobs may be
//     abandoned at once, and a job beyond that keeps its slot until it
//     stops, so that the jobs running are never more than twice
//     MaxJobs.
//   - When the request's time runs out, the job answers every query
//     left "unknown" (time limit) and ends; one that has not ended
//     stopGrace later is abandoned as above, its stream ended with a
//     FrameError saying so.
func (h *handler) runJob(parent context.Context, s *stream, req *protocol.Request, answer func(ctx context.Context, s *stream, req *protocol.Request)) {
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(errAbandoned)
	s.mu.Lock()
	s.gone = cancel
	s.mu.Unlock()
	jctx := ctx
	if h.opts.MaxTimeout > 0 {
		var stop context.CancelFunc
		jctx, stop = context.WithTimeoutCause(ctx, h.opts.MaxTimeout, h.outOfTime())
		defer stop()
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if h.opts.stall != nil {
			h.opts.stall(req)
		}
		answer(jctx, s, req)
	}()
	select {
	case <-done:
		s.detach()
		h.release()
		return
	case <-jctx.Done():
	}
	switch {
	case ctx.Err() != nil:
		// The client left: let the job go.
		s.detach()
	case h.wait(done, stopGrace):
		s.detach()
		h.release()
		return
	default:
		s.detach(&protocol.Frame{Kind: protocol.FrameError, Message: h.unstopped()})
	}
	cancel(errAbandoned)
	h.abandon(done)
}

// stopGrace is how long a job whose time ran out may take to answer its
// queries left "unknown" and end before it is abandoned.
const stopGrace = time.Second

// wait reports whether done closes within d.
func (h *handler) wait(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}

// abandon frees the slot of a job that was let go before it ended, when
// fewer than MaxJobs are abandoned already; otherwise it waits for the
// job to end and frees its slot then.
func (h *handler) abandon(done <-chan struct{}) {
	if h.slots == nil {
		return
	}
	select {
	case h.abandoned <- struct{}{}:
		h.release()
		go func() {
			<-done
			<-h.abandoned
		}()
	default:
		<-done
		h.release()
	}
}

// unstopped is the error of a job that did not stop at the request's
// time.
func (h *handler) unstopped() string {
	return fmt.Sprintf("the job did not stop within the server's time per request (%v): its results are lost", h.opts.MaxTimeout)
}

// readRequest reads and decodes the body within the read timeout, and
// says which status refuses it when it cannot.
func (h *handler) readRequest(w http.ResponseWriter, r *http.Request) (*protocol.Request, int, error) {
	rc := http.NewResponseController(w)
	if d := h.readTimeout(); d > 0 {
		// A body that trickles in is cut at the read timeout.
		rc.SetReadDeadline(time.Now().Add(d))
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxRequestBytes))
	if err == nil {
		// The deadline is lifted once the body is read: the server's
		// read that watches for the client going away would otherwise
		// end at it and cancel the request.
		rc.SetReadDeadline(time.Time{})
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, http.StatusRequestEntityTooLarge, errors.New(h.tooLarge())
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The deadline stays: the server would otherwise wait for the
		// rest of the body, to read the next request after it.
		w.Header().Set("Connection", "close")
		return nil, http.StatusRequestTimeout, fmt.Errorf("the request's body did not arrive within the server's read timeout (%v)", h.readTimeout())
	case err != nil:
		return nil, http.StatusBadRequest, fmt.Errorf("reading the request: %v", err)
	}
	req, err := protocol.DecodeRequest(body, h.catalog)
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	return req, http.StatusOK, nil
}

// readTimeout is ReadTimeout, or MaxTimeout when it is not set.
func (h *handler) readTimeout() time.Duration {
	if h.opts.ReadTimeout > 0 {
		return h.opts.ReadTimeout
	}
	return h.opts.MaxTimeout
}

func (h *handler) tooLarge() string {
	return fmt.Sprintf("the request is larger than the server accepts (%s)", sizeText(h.opts.MaxRequestBytes))
}

// acquire takes a job slot, waiting up to QueueWait for one; it reports
// false when none freed in time or the client went away.
func (h *handler) acquire(ctx context.Context) bool {
	if h.slots == nil {
		return true
	}
	select {
	case h.slots <- struct{}{}:
		return true
	default:
	}
	if h.opts.QueueWait <= 0 {
		return false
	}
	t := time.NewTimer(h.opts.QueueWait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

func (h *handler) release() {
	if h.slots != nil {
		<-h.slots
	}
}

func (h *handler) busy() string {
	msg := fmt.Sprintf("the server is busy: all %d job slots are taken", h.opts.MaxJobs)
	if h.opts.QueueWait > 0 {
		msg += fmt.Sprintf(" and none freed within %v", h.opts.QueueWait)
	}
	return msg + "; try again later"
}

// retryAfter is the Retry-After of a busy answer, in seconds: a queue's
// wait, at least one second.
func (h *handler) retryAfter() int {
	return max(1, int((h.opts.QueueWait+time.Second-1)/time.Second))
}

// outOfTime is the cause of a request that reached MaxTimeout; a
// precomputation it stops fails with these words.
func (h *handler) outOfTime() error {
	return fmt.Errorf("the request ran out of time: the server allows %v per request", h.opts.MaxTimeout)
}

// limit applies the handler's defaults and ceilings to a request's
// budgets; negative ones are left for verifyOptions to refuse.
func (h *handler) limit(o *protocol.Options) {
	if o.MaxMemory == 0 {
		o.MaxMemory = h.opts.DefaultMaxMemory
	}
	if o.MaxTable == 0 {
		o.MaxTable = h.opts.DefaultMaxTable
	}
	o.MaxStates = ceiling(o.MaxStates, h.opts.MaxStates)
	o.MaxMemory = ceiling(o.MaxMemory, h.opts.MaxMemory)
	o.MaxTable = ceiling(o.MaxTable, h.opts.MaxMemory)
	o.TimeoutMS = ceiling(o.TimeoutMS, h.opts.MaxTimeout.Milliseconds())
}

// ceiling returns budget capped at limit: limit when budget is 0 (none)
// or larger, budget when limit is 0 (no ceiling) or budget is negative.
func ceiling(budget, limit int64) int64 {
	if limit > 0 && (budget == 0 || budget > limit) {
		return limit
	}
	return budget
}

// memInUse is the memory the engine holds from the system: on js/wasm
// about the size of the module's linear memory, which never shrinks.
func memInUse() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}
