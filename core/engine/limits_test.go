package engine

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"beeline/core/protocol"
)

// expectRefusal checks a refused request's answer: status, one FrameError
// with msg, then FrameDone and nothing else.
func expectRefusal(t *testing.T, status int, body io.Reader, wantStatus int, wantMsg string) {
	t.Helper()
	frames := readFrames(t, body)
	if status != wantStatus || len(frames) != 2 || frames[0].Kind != protocol.FrameError || frames[0].Message != wantMsg {
		t.Errorf("status %d, frames %+v; want %d and the error %q", status, frames, wantStatus, wantMsg)
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A body larger than MaxRequestBytes is refused with 413 and a plain
// message: unread when its Content-Length says so, and when it comes
// chunked, as soon as it passes the limit.
func TestRequestTooLarge(t *testing.T) {
	h := New(Options{MaxRequestBytes: 1 << 10})
	const want = "the request is larger than the server accepts (1 KiB)"
	big := bytes.Repeat([]byte{0}, 4<<10)

	body := &countingReader{r: bytes.NewReader(big)}
	r := httptest.NewRequest("POST", "/check", body)
	r.ContentLength = int64(len(big))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	expectRefusal(t, rec.Code, rec.Body, http.StatusRequestEntityTooLarge, want)
	if body.n != 0 || rec.Header().Get("Connection") != "close" {
		t.Errorf("by Content-Length: %d bytes read, Connection %q; want none read and the connection closed", body.n, rec.Header().Get("Connection"))
	}

	body = &countingReader{r: bytes.NewReader(big)}
	r = httptest.NewRequest("POST", "/check", body)
	r.ContentLength = -1 // chunked: the size is known only by reading
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	expectRefusal(t, rec.Code, rec.Body, http.StatusRequestEntityTooLarge, want)
	if body.n > 2<<10 {
		t.Errorf("chunked: %d bytes read of %d, want the reading stopped near the limit", body.n, len(big))
	}

	// Over a connection, both ways, as a client sees them.
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, chunked := range []bool{false, true} {
		var rd io.Reader = bytes.NewReader(big)
		if chunked {
			rd = io.MultiReader(rd) // hides the length from the client
		}
		resp, err := http.Post(srv.URL+"/check", "application/msgpack", rd)
		if err != nil {
			t.Fatalf("chunked %v: %v", chunked, err)
		}
		expectRefusal(t, resp.StatusCode, resp.Body, http.StatusRequestEntityTooLarge, want)
		resp.Body.Close()
	}
}

// A body that trickles in is cut at the request's time, so it cannot
// hold a job slot: 408 with a plain message.
func TestSlowBody(t *testing.T) {
	srv := httptest.NewServer(New(Options{MaxTimeout: 200 * time.Millisecond}))
	defer srv.Close()
	pr, pw := io.Pipe()
	defer pw.Close()
	go pw.Write([]byte{0x80}) // a byte, then nothing
	resp, err := http.Post(srv.URL+"/check", "application/msgpack", pr)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	expectRefusal(t, resp.StatusCode, resp.Body, http.StatusRequestTimeout,
		"the request's body did not arrive within the server's read timeout (200ms)")
}

// startedWriter is a ResponseRecorder that says when the handler first
// writes: a job's first frame comes once it holds its slot.
type startedWriter struct {
	*httptest.ResponseRecorder
	started chan struct{}
	once    sync.Once
}

func (w *startedWriter) Write(b []byte) (int, error) {
	w.once.Do(func() { close(w.started) })
	return w.ResponseRecorder.Write(b)
}

// running starts req on h's /check and returns once the job runs, with a
// function that cancels it (as a client going away does) and waits for
// its end.
func running(t *testing.T, h http.Handler, req *protocol.Request) (stop func()) {
	t.Helper()
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &startedWriter{ResponseRecorder: httptest.NewRecorder(), started: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(w, httptest.NewRequestWithContext(ctx, "POST", "/check", bytes.NewReader(body)))
		close(done)
	}()
	<-w.started
	return func() { cancel(); <-done }
}

// With every job slot taken, a job is refused at once with 503 and a
// Retry-After; the catalog, which is no job, is still answered.
func TestBusy(t *testing.T) {
	// Files are read first: under js/wasm a read waits for the event
	// loop, which a running search holds until it ends.
	body, _ := protocol.EncodeRequest(&protocol.Request{Version: protocol.Version, Name: "f.xml", Model: readModel(t, "../../testdata/models/fischer.xml")})
	h := New(Options{MaxJobs: 1})
	stop := running(t, h, longRequest(t, protocol.Options{}))
	defer stop()
	for _, path := range []string{"/check", "/parse", "/prepare"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, bytes.NewReader(body)))
		expectRefusal(t, rec.Code, rec.Body, http.StatusServiceUnavailable,
			"the server is busy: all 1 job slots are taken; try again later")
		if ra := rec.Header().Get("Retry-After"); ra != "1" {
			t.Errorf("%s: Retry-After %q, want 1", path, ra)
		}
	}
	if code, frames := post(t, h, "/catalog", &protocol.Request{Version: protocol.Version}); code != 200 || frames[0].Kind != protocol.FrameCatalog {
		t.Errorf("catalog while busy: %d %+v", code, frames[0])
	}
}

// With a queue, a job waits for a slot and runs when one frees; one that
// waits longer than QueueWait is refused, and says how long it waited.
func TestQueue(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "f.xml", Model: readModel(t, "../../testdata/models/fischer.xml"), Queries: []int{0}}
	h := New(Options{MaxJobs: 1, QueueWait: time.Minute})
	// The long request frees its slot by itself.
	stop := running(t, h, longRequest(t, protocol.Options{TimeoutMS: 300}))
	code, frames := post(t, h, "/check", req)
	if k := kinds(frames); code != 200 || len(k[protocol.FrameResult]) != 1 || k[protocol.FrameResult][0].Result.Verdict != "satisfied" {
		t.Errorf("queued check: status %d, frames %+v", code, frames)
	}
	stop()

	if runtime.GOOS == "js" {
		// A timer fires only when every goroutine waits, so no queue's
		// wait ends while a search runs. The worker, the engine's one
		// js/wasm user, runs one job and sets no MaxJobs.
		t.Skip("js/wasm: a queue's wait cannot end during a search")
	}
	h = New(Options{MaxJobs: 1, QueueWait: 100 * time.Millisecond})
	stop = running(t, h, longRequest(t, protocol.Options{}))
	defer stop()
	code, frames = post(t, h, "/check", &protocol.Request{Version: protocol.Version})
	if code != http.StatusServiceUnavailable || frames[0].Message != "the server is busy: all 1 job slots are taken and none freed within 100ms; try again later" {
		t.Errorf("after the queue's wait: status %d, frames %+v", code, frames)
	}
}

// Ceilings: a request that gives no budget or asks for more gets the
// ceiling, one that asks for less keeps its own; a negative one is still
// refused.
func TestCeilings(t *testing.T) {
	h := New(Options{MaxStates: 500})
	for _, tc := range []struct{ asked, stored int64 }{{0, 500}, {1_000_000, 500}, {100, 100}} {
		_, frames := post(t, h, "/check", longRequest(t, protocol.Options{MaxStates: tc.asked}))
		r := kinds(frames)[protocol.FrameResult][0].Result
		if r.Verdict != "unknown" || r.Reason != "state limit" || r.Stored > tc.stored || r.Stored < tc.stored*9/10 {
			t.Errorf("asking for %d states: %s (%s) after %d stored, want a state limit at %d", tc.asked, r.Verdict, r.Reason, r.Stored, tc.stored)
		}
	}
	_, frames := post(t, h, "/check", longRequest(t, protocol.Options{MaxStates: -1}))
	if frames[0].Kind != protocol.FrameError || frames[0].Message != "budgets must not be negative" {
		t.Errorf("a negative budget: first frame %+v", frames[0])
	}

	h = New(Options{MaxMemory: 1 << 20})
	_, frames = post(t, h, "/check", longRequest(t, protocol.Options{MaxMemory: 1 << 30}))
	if r := kinds(frames)[protocol.FrameResult][0].Result; r.Reason != "memory limit" {
		t.Errorf("asking for 1 GiB under a 1 MiB ceiling: %s (%s)", r.Verdict, r.Reason)
	}
}

// The memory ceiling caps /prepare's table budget too.
func TestTableCeiling(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "fischer-12.xta", Model: readModel(t, "testdata/fischer-12.xta"),
		Formulas: []string{"E<> P(1).cs && P(2).cs"}, Options: protocol.Options{Order: "astar",
			Heuristic: protocol.Heuristic{Name: "pdb", Params: map[string]string{"select": "full"}}, MaxTable: 1 << 30}}
	_, frames := post(t, New(Options{MaxMemory: 4 << 20}), "/prepare", req)
	want := "precomputing pdb stopped: its table outgrew the budget of 4.0 MiB; check with another heuristic, or raise the table budget"
	if k := kinds(frames); len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want {
		t.Errorf("errors %+v, want %q", k[protocol.FrameError], want)
	}
}

// The time ceiling bounds the whole request: each query of a check that
// runs out of it gets a result, "unknown" for lack of time, and a
// precomputation is stopped with the request's words.
func TestRequestTime(t *testing.T) {
	h := New(Options{MaxTimeout: 300 * time.Millisecond})
	req := longRequest(t, protocol.Options{TimeoutMS: 600_000})
	req.Formulas = []string{"E<> false", "E<> P(1).cs && P(2).cs", "A[] not deadlock"}
	_, frames := post(t, h, "/check", req)
	results := kinds(frames)[protocol.FrameResult]
	if len(results) != 3 {
		t.Fatalf("%d results for three formulas", len(results))
	}
	for _, f := range results {
		if r := f.Result; r.Verdict != "unknown" || r.Reason != "time limit" {
			t.Errorf("%s: %s (%s), want unknown for the time limit", r.Formula, r.Verdict, r.Reason)
		}
	}

	req = &protocol.Request{Version: protocol.Version, Name: "fischer-12.xta", Model: readModel(t, "testdata/fischer-12.xta"),
		Formulas: []string{"E<> P(1).cs && P(2).cs"}, Options: protocol.Options{Order: "astar",
			Heuristic: protocol.Heuristic{Name: "pdb", Params: map[string]string{"select": "full"}}}}
	_, frames = post(t, h, "/prepare", req)
	want := "the request ran out of time: the server allows 300ms per request"
	if k := kinds(frames); len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want {
		t.Errorf("prepare: errors %q, want %q", k[protocol.FrameError][0].Message, want)
	}
}

// The zero Options set no ceiling: a request's budgets pass unchanged,
// and none is added where it gives none.
func TestNoCeilings(t *testing.T) {
	h := &handler{}
	for _, o := range []protocol.Options{{}, {MaxStates: 7, MaxMemory: 1 << 40, TimeoutMS: 1 << 40, MaxTable: 3}, {MaxStates: -1}} {
		got := o
		h.limit(&got)
		if !reflect.DeepEqual(got, o) {
			t.Errorf("%+v became %+v", o, got)
		}
	}
	h.opts = Options{DefaultMaxMemory: 8, DefaultMaxTable: 9, MaxMemory: 10}
	got := protocol.Options{}
	h.limit(&got)
	if got.MaxMemory != 8 || got.MaxTable != 9 {
		t.Errorf("defaults under a ceiling: %+v, want memory 8 and table 9", got)
	}
}
