package protocol

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

var two = 2

func sampleFrames() []*Frame {
	return []*Frame{
		{Kind: FrameModel, Model: &Model{Hash: "ab", Format: "xml", Templates: []Template{{Name: "P", Edges: []Edge{{Source: "a", Target: "b", Nails: []Point{{X: 1, Y: -2, Set: true}}}}}}}},
		{Kind: FrameProgress, Progress: &Progress{Phase: "searching", Explored: 12, Rate: 1.5, MemBytes: 1 << 33}},
		{Kind: FrameResult, Result: &Result{Query: 1, Verdict: "not satisfied", Trace: &Trace{Den: 2, Clocks: []string{"0", "x"},
			States: []TraceState{{Locs: []int32{0}, Vars: []int32{-3}, Clocks: []int64{0, 7}, Zone: "x==7/2"}},
			Steps:  []TraceStep{{Delay: 1, Edges: []TraceEdge{{Process: 0, Edge: 2, Select: []int32{4}}}}}}}},
		{Kind: FrameError, Message: "the model has errors", Diagnostics: []Diagnostic{{Severity: "error", Message: "m", Edge: -1}, {Severity: "error", Query: &two, Message: "q", Edge: -1}}},
		{Kind: FrameCatalog, Catalog: sampleCatalog()},
		{Kind: FrameProgress, Progress: &Progress{Phase: "precomputing", Step: "trial", Pattern: "procs 7/20, vars 0/1, clocks 0/20",
			Abstract: 16384, Layers: 12, TableBytes: 1 << 20, ElapsedMS: 1500, MemBytes: 64 << 20}},
		{Kind: FrameTable, Table: &Table{Query: 0, Heuristic: Heuristic{Name: "pdb", Params: map[string]string{"select": "rd"}},
			Info: "pdb (admissible, consistent, select=rd)", Size: 3, Seconds: 0.25, Data: []byte{0x81, 0xa1, 0x76}}},
		{Kind: FrameResult, Result: &Result{Query: 0, Verdict: "satisfied", Explored: 3, Stored: 4, Pruned: 2, Exhausted: true, Heuristic: "pdb (admissible)"}},
		{Kind: FrameDone},
	}
}

func TestFrameRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	frames := sampleFrames()
	for _, f := range frames {
		if err := WriteFrame(&buf, f); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range frames {
		got, err := ReadFrame(&buf)
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("frame %d:\n got %+v\nwant %+v", i, got, want)
		}
	}
	if _, err := ReadFrame(&buf); err != io.EOF {
		t.Errorf("after the last frame: %v, want io.EOF", err)
	}
}

func TestReadFrameCut(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteFrame(&buf, sampleFrames()[1]); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	for _, n := range []int{2, 4, len(b) - 1} {
		_, err := ReadFrame(bytes.NewReader(b[:n]))
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("cut after %d of %d bytes: %v, want io.ErrUnexpectedEOF", n, len(b), err)
		}
	}
}

func TestReadFrameTooLong(t *testing.T) {
	_, err := ReadFrame(bytes.NewReader([]byte{0xff, 0xff, 0xff, 0xff, 1, 2}))
	if err == nil || err.Error() != "frame of 4294967295 bytes exceeds the limit of 268435456" {
		t.Errorf("got %v", err)
	}
}

func TestRequestVersion(t *testing.T) {
	b, err := EncodeRequest(&Request{Version: Version, Name: "m.xml", Model: []byte("<nta/>"), Queries: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := DecodeRequest(b, sampleCatalog())
	if err != nil || r.Name != "m.xml" || string(r.Model) != "<nta/>" || !reflect.DeepEqual(r.Queries, []int{2}) {
		t.Fatalf("decoded %+v, %v", r, err)
	}
	b, _ = EncodeRequest(&Request{Version: Version + 1})
	if _, err := DecodeRequest(b, sampleCatalog()); err == nil {
		t.Error("a request of another version was accepted")
	}
	if _, err := DecodeRequest([]byte{0xc1}, sampleCatalog()); err == nil {
		t.Error("garbage was accepted as a request")
	}
	// issue 29: 2⁶⁴−1 was decoded as −1 and reported as "version -1".
	huge := []byte{0x81, 0xa1, 'v', 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	if _, err := DecodeRequest(huge, sampleCatalog()); err == nil || !strings.Contains(err.Error(), "18446744073709551615") {
		t.Errorf("version 2⁶⁴−1: %v", err)
	}
	big := []byte{0x81, 0xa1, 'v', 0xcd, 0x01, 0x2c} // 300
	if _, err := DecodeRequest(big, sampleCatalog()); err == nil || !strings.Contains(err.Error(), "version 300") {
		t.Errorf("version 300: %v", err)
	}
}

// A check request carries a prepared table and a table budget through.
func TestRequestTable(t *testing.T) {
	want := &Request{Version: Version, Name: "m.xml", Model: []byte("<nta/>"), Formulas: []string{"A[] true"},
		Options: Options{Order: "astar", Heuristic: Heuristic{Name: "hl"}, MaxTable: 64 << 20}, Table: []byte{1, 2, 3}}
	b, err := EncodeRequest(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeRequest(b, sampleCatalog())
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("decoded %+v, %v\nwant %+v", got, err, want)
	}
	// A request without them decodes to none.
	b, _ = EncodeRequest(&Request{Version: Version, Name: "m.xml"})
	if got, err := DecodeRequest(b, sampleCatalog()); err != nil || got.Table != nil || got.Options.MaxTable != 0 {
		t.Errorf("decoded %+v, %v: want no table and no budget", got, err)
	}
}

// FuzzReadFrame checks that no input makes ReadFrame panic or hang, and
// that whatever it decodes encodes and decodes to the same frame.
func FuzzReadFrame(f *testing.F) {
	for _, fr := range sampleFrames() {
		var buf bytes.Buffer
		_ = WriteFrame(&buf, fr)
		f.Add(buf.Bytes())
	}
	f.Add([]byte{0, 0, 0, 1, 0xc1})
	f.Fuzz(func(t *testing.T, b []byte) {
		fr, err := ReadFrame(bytes.NewReader(b))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteFrame(&buf, fr); err != nil {
			t.Fatalf("re-encoding %+v: %v", fr, err)
		}
		again, err := ReadFrame(&buf)
		if err != nil || !reflect.DeepEqual(again, fr) {
			t.Fatalf("round trip changed the frame:\n%+v\n%+v (%v)", fr, again, err)
		}
	})
}

// FuzzDecodeRequest checks that no request body makes DecodeRequest
// panic or hang: the engine reads bodies from the network.
func FuzzDecodeRequest(f *testing.F) {
	b, _ := EncodeRequest(&Request{Version: Version, Name: "m.xml", Model: []byte("system P;"), Queries: []int{0}})
	f.Add(b)
	f.Add([]byte{0x80})
	f.Add([]byte{0xdf, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte("\x81\xa6qfiles\xdd\x80\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeRequest(b, sampleCatalog())
		if err == nil && r == nil {
			t.Fatal("no request and no error")
		}
	})
}

// A stream reads whole only when it ends with a FrameDone.
func TestReadStream(t *testing.T) {
	var buf bytes.Buffer
	first := 0
	for _, k := range []FrameKind{FrameProgress, FrameDone} {
		if err := WriteFrame(&buf, &Frame{Kind: k, Progress: &Progress{}}); err != nil {
			t.Fatal(err)
		}
		if first == 0 {
			first = buf.Len()
		}
	}
	whole := buf.Bytes()
	if fs, err := ReadStream(bytes.NewReader(whole)); err != nil || len(fs) != 2 {
		t.Fatalf("whole stream: %d frames, %v", len(fs), err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "does not end with a FrameDone (0 frames)"},
		{"no done", whole[:first], "does not end with a FrameDone (1 frames)"},
		{"cut", whole[:len(whole)-1], "after 1 frames: unexpected EOF"},
	} {
		if _, err := ReadStream(bytes.NewReader(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
