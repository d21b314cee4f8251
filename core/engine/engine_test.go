package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"testing"
	"time"

	"beeline/core/options"
	"beeline/core/protocol"
)

// post sends req to the handler on path and returns the status and frames.
func post(t *testing.T, h http.Handler, path string, req *protocol.Request) (int, []*protocol.Frame) {
	t.Helper()
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", path, bytes.NewReader(body)))
	if ct := rec.Header().Get("Content-Type"); ct != ContentType {
		t.Errorf("content type %q", ct)
	}
	return rec.Code, readFrames(t, rec.Body)
}

func readFrames(t *testing.T, r io.Reader) []*protocol.Frame {
	t.Helper()
	out, err := protocol.ReadStream(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func kinds(fs []*protocol.Frame) map[protocol.FrameKind][]*protocol.Frame {
	m := map[protocol.FrameKind][]*protocol.Frame{}
	for _, f := range fs {
		m[f.Kind] = append(m[f.Kind], f)
	}
	return m
}

func readModel(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCheckFischerBroken(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "fischer-broken.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Queries: []int{0},
		Options: protocol.Options{Trace: "some"}}
	code, frames := post(t, New(Options{}), "/check", req)
	if code != 200 {
		t.Fatalf("status %d", code)
	}
	if frames[0].Kind != protocol.FrameModel || len(frames[0].Model.Processes) != 4 {
		t.Fatalf("first frame %+v, want a model of 4 processes", frames[0])
	}
	k := kinds(frames)
	if len(k[protocol.FrameProgress]) == 0 || len(k[protocol.FrameResult]) != 1 || len(k[protocol.FrameError]) != 0 {
		t.Fatalf("frames by kind: %d progress, %d results, %d errors", len(k[protocol.FrameProgress]), len(k[protocol.FrameResult]), len(k[protocol.FrameError]))
	}
	r := k[protocol.FrameResult][0].Result
	if r.Verdict != "not satisfied" || r.Trace == nil || len(r.Trace.Steps) != 6 || len(r.Trace.States) != 7 {
		t.Fatalf("result %+v", r)
	}
	if r.Explored == 0 || r.Formula == "" || r.Trace.Den < 1 || len(r.Trace.Clocks) != 5 {
		t.Errorf("result %+v", r)
	}
}

// A* and greedy search get their heuristic from the request: A* with the
// admissible hL finds a shortest trace (6 steps, as breadth-first search
// does), and an unknown heuristic is refused.
func TestCheckDirected(t *testing.T) {
	h := New(Options{})
	for _, o := range []protocol.Options{{Order: "astar", Heuristic: protocol.Heuristic{Name: "hl"}, Trace: "shortest"}, {Order: "gbfs", Heuristic: protocol.Heuristic{Name: "hu"}, Trace: "some"}} {
		req := &protocol.Request{Version: protocol.Version, Name: "fischer-broken.xml",
			Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Queries: []int{0}, Options: o}
		_, frames := post(t, h, "/check", req)
		k := kinds(frames)
		if len(k[protocol.FrameResult]) != 1 {
			t.Fatalf("%s/%s: %d results, %d errors", o.Order, o.Heuristic, len(k[protocol.FrameResult]), len(k[protocol.FrameError]))
		}
		r := k[protocol.FrameResult][0].Result
		if r.Verdict != "not satisfied" || r.Trace == nil {
			t.Fatalf("%s/%s: result %+v", o.Order, o.Heuristic, r)
		}
		if o.Order == "astar" && len(r.Trace.Steps) != 6 {
			t.Errorf("A* with hL: a trace of %d steps, want the shortest, 6", len(r.Trace.Steps))
		}
	}
	_, frames := post(t, h, "/check", &protocol.Request{Version: protocol.Version, Name: "f.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Options: protocol.Options{Order: "astar", Heuristic: protocol.Heuristic{Name: "hz"}}})
	if frames[0].Kind != protocol.FrameError || frames[0].Message != `unknown heuristic "hz" (want dl, du, hl, hu, pdb, mas or pa)` {
		t.Errorf("unknown heuristic: first frame %+v", frames[0])
	}
}

// The catalog is the registry's, and what it lists is accepted.
func TestCatalog(t *testing.T) {
	h := New(Options{})
	_, frames := post(t, h, "/catalog", &protocol.Request{Version: protocol.Version})
	if len(frames) != 2 || frames[0].Kind != protocol.FrameCatalog {
		t.Fatalf("frames %+v, want a catalog and done", frames)
	}
	c := frames[0].Catalog
	if want := options.Builtin().Catalog(); !reflect.DeepEqual(c, want) {
		t.Fatalf("catalog %+v\nwant %+v", c, want)
	}
	for _, o := range c.Orders {
		for _, tr := range c.Traces {
			req := &protocol.Request{Version: protocol.Version, Name: "f.xml", Model: readModel(t, "../../testdata/models/fischer-broken.xml"),
				Options: protocol.Options{Order: protocol.Order(o.Name), Heuristic: protocol.Heuristic{Name: c.Heuristics[0].Name}, Trace: protocol.TraceMode(tr.Name)}}
			if _, frames := post(t, h, "/parse", req); frames[0].Kind != protocol.FrameModel {
				t.Errorf("%s, %s: first frame %+v", o.Name, tr.Name, frames[0])
			}
		}
	}
	if code, frames := post(t, h, "/catalog", &protocol.Request{Version: protocol.Version + 1}); code != 400 || frames[0].Kind != protocol.FrameError {
		t.Errorf("a catalog request of another version: %d, %+v", code, frames[0])
	}
}

func TestCheckEveryQueryAndFormulas(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "crossing.xta",
		Model:      readModel(t, "../../testdata/models/crossing.xta"),
		QueryFiles: []protocol.File{{Name: "crossing.q", Data: readModel(t, "../../testdata/models/crossing.q")}},
		Formulas:   []string{"E<> true", "E<> nonsense"}}
	_, frames := post(t, New(Options{}), "/check", req)
	k := kinds(frames)
	m := frames[0].Model
	results := k[protocol.FrameResult]
	if len(results) != 2 {
		t.Fatalf("%d results for two formulas", len(results))
	}
	if n := len(m.Queries); results[0].Result.Query != n-2 || results[0].Result.Verdict != "satisfied" {
		t.Errorf("first formula: %+v (of %d queries)", results[0].Result, n)
	}
	if r := results[1].Result; r.Verdict != "error" || r.Reason == "" {
		t.Errorf("bad formula: %+v", r)
	}
	if q := m.Queries[len(m.Queries)-1]; q.Supported || q.Why == "" {
		t.Errorf("bad formula's query: %+v", q)
	}
	// The formula's error carries its query's index as data, and the
	// reason reads as the command line prints it.
	bad := len(m.Queries) - 1
	var found bool
	for _, d := range m.Warnings {
		if d.Query != nil && *d.Query == bad {
			found = d.Context == "" && d.Message == `undeclared identifier "nonsense"`
		}
	}
	if !found {
		t.Errorf("no diagnostic of query %d among %+v", bad, m.Warnings)
	}
	if want := fmt.Sprintf(`<formula %d>:1:5: query %d: undeclared identifier "nonsense"`, bad, bad); results[1].Result.Reason != want {
		t.Errorf("bad formula's reason %q, want %q", results[1].Result.Reason, want)
	}
}

func TestParseModelWithErrors(t *testing.T) {
	src := bytes.Replace(readModel(t, "../../testdata/models/fischer-broken.xml"), []byte("id == pid"), []byte("id == nope"), 1)
	req := &protocol.Request{Version: protocol.Version, Name: "bad.xml", Model: src}
	_, frames := post(t, New(Options{}), "/parse", req)
	if len(frames) != 3 || frames[0].Kind != protocol.FrameModel || frames[1].Kind != protocol.FrameError {
		t.Fatalf("%d frames, want model, error, done", len(frames))
	}
	if len(frames[0].Model.Templates) != 1 || len(frames[0].Model.Processes) != 0 {
		t.Errorf("model of a broken network: %+v", frames[0].Model)
	}
	// The queries are parsed but not checked, and say why: the model, not
	// the kind of query.
	qs := frames[0].Model.Queries
	if len(qs) == 0 {
		t.Fatal("the broken model lists no queries")
	}
	for _, q := range qs {
		if q.Supported || q.Why != "not checked: the model has errors" {
			t.Errorf("query %d %q: supported %v, why %q", q.Index, q.Formula, q.Supported, q.Why)
		}
	}
	d := frames[1].Diagnostics
	if len(d) != 1 || d[0].Template != "P" || d[0].Edge != 3 || d[0].Pos.Line == 0 {
		t.Errorf("diagnostics %+v", d)
	}
}

func TestBadRequests(t *testing.T) {
	h := New(Options{})
	for _, tc := range []struct {
		name string
		body []byte
	}{
		{"garbage", []byte{0xc1, 0x00}},
		{"empty", nil},
		// Fifteen bytes declaring 2³¹ query files, and a model of
		// 4 GiB: the decoder would allocate that before finding the
		// data missing, and the server would die.
		{"2^31 query files", []byte("\x81\xa6qfiles\xdd\x80\x00\x00\x00")},
		{"a 4 GiB model", []byte("\x81\xa5model\xc6\xff\xff\xff\xff")},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/check", bytes.NewReader(tc.body)))
		frames := readFrames(t, rec.Body)
		if rec.Code != 400 || frames[0].Kind != protocol.FrameError || frames[0].Message == "" {
			t.Errorf("%s: status %d, first frame %+v", tc.name, rec.Code, frames[0])
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/check", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /check: status %d", rec.Code)
	}
	_, frames := post(t, h, "/check", &protocol.Request{Version: protocol.Version, Name: "f.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Options: protocol.Options{Order: "sideways"}})
	if frames[0].Kind != protocol.FrameError {
		t.Errorf("unknown order: first frame %+v", frames[0])
	}
	_, frames = post(t, h, "/check", &protocol.Request{Version: protocol.Version, Name: "f.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Queries: []int{7}})
	if k := kinds(frames); len(k[protocol.FrameError]) != 1 || len(k[protocol.FrameResult]) != 0 {
		t.Errorf("query 7 of 1: %d errors, %d results", len(k[protocol.FrameError]), len(k[protocol.FrameResult]))
	}
}

// longRequest is a search that takes far longer than any test: Fischer's
// protocol with 12 processes and an unreachable goal.
func longRequest(t *testing.T, opts protocol.Options) *protocol.Request {
	return &protocol.Request{Version: protocol.Version, Name: "fischer-12.xta", Model: readModel(t, "testdata/fischer-12.xta"),
		Formulas: []string{"E<> false"}, Options: opts}
}

func TestProgressCadenceAndTimeout(t *testing.T) {
	req := longRequest(t, protocol.Options{TimeoutMS: 600})
	_, frames := post(t, New(Options{ProgressEvery: 50 * time.Millisecond}), "/check", req)
	k := kinds(frames)
	if n := len(k[protocol.FrameProgress]); n < 6 {
		t.Errorf("%d progress frames in 600 ms at one per 50 ms", n)
	}
	last := k[protocol.FrameProgress][len(k[protocol.FrameProgress])-1].Progress
	if last.Explored == 0 || last.MemBytes == 0 || last.Phase != "searching" {
		t.Errorf("last progress %+v", last)
	}
	if r := k[protocol.FrameResult][0].Result; r.Verdict != "unknown" || r.Reason != "time limit" {
		t.Errorf("result %+v", r)
	}
}

// A client that goes away stops the search.
func TestCancel(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	body, _ := protocol.EncodeRequest(longRequest(t, protocol.Options{}))
	ctx, cancel := context.WithCancel(context.Background())
	hreq, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/check", bytes.NewReader(body))
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	for {
		f, err := protocol.ReadFrame(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if f.Kind == protocol.FrameProgress && f.Progress.Explored > 0 {
			break
		}
	}
	cancel()
	resp.Body.Close()
	done := make(chan struct{})
	go func() { srv.Close(); close(done) }() // Close waits for the handler to return
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("the handler still runs 2 s after the client went away")
	}
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Fatal(ctx.Err())
	}
}
