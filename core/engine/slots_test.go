package engine

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"beeline/core/protocol"
)

// needThreads skips a test of job slots under js/wasm, where nothing
// runs beside a computation until it yields (there is no preemption):
// the browser's worker runs one job, sets no MaxJobs, and stops a job by
// being terminated.
func needThreads(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("js/wasm: no request is served beside a running computation")
	}
}

// runawayRequest checks a model whose one guard runs a chain of calls
// that takes seconds and may never poll for interruption.
func runawayRequest(t *testing.T) *protocol.Request {
	return &protocol.Request{Version: protocol.Version, Name: "runaway.xta", Model: readModel(t, "testdata/runaway.xta"),
		Formulas: []string{"E<> P.b"}}
}

// stallFor returns a stall of d for Options, for the runaway model's
// jobs only: the cheap jobs that probe for a free slot do not stall.
func stallFor(d time.Duration) func(*protocol.Request) {
	return func(req *protocol.Request) {
		if req.Name == "runaway.xta" {
			time.Sleep(d)
		}
	}
}

// startJob posts req to srv's path and returns once it holds the
// server's one free slot (a cheap job is refused 503), with the function
// that makes its client leave.
func startJob(t *testing.T, srv *httptest.Server, path string, req *protocol.Request) (leave func()) {
	t.Helper()
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		// A probe below may hold the slot when the job arrives, and the
		// job is then refused 503: it tries again.
		for ctx.Err() == nil {
			hreq, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+path, bytes.NewReader(body))
			resp, err := srv.Client().Do(hreq)
			if err != nil {
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	// A loaded machine may take a while to start it; this waits for a
	// state, and bounds the wait only so that a broken server fails.
	for range 500 {
		if code, _ := postStatus(t, srv, "/parse", &protocol.Request{Version: protocol.Version}); code == http.StatusServiceUnavailable {
			return cancel
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	t.Fatal("the job never took its slot")
	return nil
}

// postStatus posts req to srv's path and returns the status and frames.
func postStatus(t *testing.T, srv *httptest.Server, path string, req *protocol.Request) (int, []*protocol.Frame) {
	t.Helper()
	body, _ := protocol.EncodeRequest(req)
	resp, err := srv.Client().Post(srv.URL+path, ContentType, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, readFrames(t, resp.Body)
}

// acceptedWithin posts a cheap job until one is accepted, for at most
// tries attempts 50 ms apart, and returns the attempts it took (0: never).
func acceptedWithin(t *testing.T, srv *httptest.Server, tries int) int {
	t.Helper()
	cheap := &protocol.Request{Version: protocol.Version, Name: "f.xml", Model: readModel(t, "../../testdata/models/fischer.xml")}
	for i := 1; i <= tries; i++ {
		code, _ := postStatus(t, srv, "/parse", cheap)
		if code == http.StatusOK {
			return i
		}
		if code != http.StatusServiceUnavailable {
			t.Fatalf("a cheap job: status %d", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0
}

// A job whose client leaves frees its slot at once, whether its
// computation stops at its next checkpoint (a long search) or never
// reaches one (a chain of calls): the next job is accepted.
func TestLeftJobFreesSlot(t *testing.T) {
	needThreads(t)
	for _, tc := range []struct {
		name, path string
		req        func(t *testing.T) *protocol.Request
	}{
		{"long search", "/check", func(t *testing.T) *protocol.Request { return longRequest(t, protocol.Options{}) }},
		{"runaway calls", "/check", runawayRequest},
		{"simulating runaway calls", "/simulate", func(t *testing.T) *protocol.Request {
			req := runawayRequest(t)
			req.Sim = &protocol.SimRequest{Random: MaxRandomSteps}
			return req
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req(t)
			srv := httptest.NewServer(New(Options{MaxJobs: 1}))
			defer srv.Close()
			startJob(t, srv, tc.path, req)()
			if acceptedWithin(t, srv, 10) == 0 {
				t.Fatal("the slot of a job whose client left was not freed: every job after it is refused 503")
			}
		})
	}
}

// At most MaxJobs jobs are abandoned at once: past that, a job whose
// client left keeps its slot until it stops.
func TestAbandonedJobsBounded(t *testing.T) {
	needThreads(t)
	srv := httptest.NewServer(New(Options{MaxJobs: 1, stall: stallFor(3 * time.Second)}))
	// Only the listener is closed: Close would wait for the second
	// runaway, whose handler holds its slot until it stops.
	defer srv.Listener.Close()
	startJob(t, srv, "/check", runawayRequest(t))()
	if acceptedWithin(t, srv, 10) == 0 {
		t.Fatal("the first abandoned job's slot was not freed")
	}
	startJob(t, srv, "/check", runawayRequest(t))()
	time.Sleep(100 * time.Millisecond) // the handler has seen its client leave
	if code, _ := postStatus(t, srv, "/parse", &protocol.Request{Version: protocol.Version}); code != http.StatusServiceUnavailable {
		t.Errorf("with one job abandoned and a second left: status %d, want 503", code)
	}
}

// A job whose time runs out while a computation never polls ends its
// answer a moment after the time, saying its results are lost.
func TestRunawayPastRequestTime(t *testing.T) {
	needThreads(t)
	srv := httptest.NewServer(New(Options{MaxJobs: 1, MaxTimeout: 200 * time.Millisecond, stall: stallFor(2 * time.Second)}))
	defer srv.Close()
	code, frames := postStatus(t, srv, "/check", runawayRequest(t))
	want := "the job did not stop within the server's time per request (200ms): its results are lost"
	k := kinds(frames)
	if code != 200 || len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want || len(k[protocol.FrameResult]) != 0 {
		t.Errorf("status %d, frames by kind %v; want the error %q", code, k, want)
	}
	if acceptedWithin(t, srv, 10) == 0 {
		t.Error("the slot of the abandoned job was not freed")
	}
}

// trickle opens a connection to srv, sends a POST to path with a body of
// n bytes announced, and then one byte every gap, until the server
// answers; it returns the status line and body of the answer.
func trickle(t *testing.T, addr, path string, n int, gap time.Duration, answered chan<- string) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		answered <- err.Error()
		return
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n", path, n)
	stop := make(chan struct{})
	go func() {
		for range n {
			select {
			case <-stop:
				return
			case <-time.After(gap):
			}
			if _, err := conn.Write([]byte{0x80}); err != nil {
				return
			}
		}
	}()
	defer close(stop)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		answered <- err.Error()
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	answered <- fmt.Sprintf("%d %s", resp.StatusCode, body)
}

// Bodies that trickle in are answered 408 at the read timeout on every
// route, and hold no job slot meanwhile: with both slots' worth of
// trickling requests open, a job runs.
func TestSlowBodies(t *testing.T) {
	srv := httptest.NewServer(New(Options{MaxJobs: 2, ReadTimeout: 300 * time.Millisecond, MaxTimeout: time.Minute}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	routes := []string{"/check", "/check", "/parse", "/prepare", "/simulate", "/catalog"}
	answered := make(chan string, len(routes))
	for _, path := range routes {
		go trickle(t, addr, path, 1000, 20*time.Millisecond, answered)
	}
	time.Sleep(50 * time.Millisecond) // the trickles have begun
	code, frames := postStatus(t, srv, "/check", &protocol.Request{Version: protocol.Version, Name: "f.xml",
		Model: readModel(t, "../../testdata/models/fischer.xml"), Queries: []int{0}})
	if r := kinds(frames)[protocol.FrameResult]; code != 200 || len(r) != 1 || r[0].Result.Verdict != "satisfied" {
		t.Errorf("a job beside trickling bodies: status %d, frames %+v", code, frames)
	}
	const want = "the request's body did not arrive within the server's read timeout (300ms)"
	for range routes {
		got := <-answered
		if !strings.HasPrefix(got, "408 ") || !strings.Contains(got, want) {
			t.Errorf("a trickled body: %q, want 408 and %q", got, want)
		}
	}
}
