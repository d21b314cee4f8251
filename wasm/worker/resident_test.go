package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"beeline/core/engine"
	"beeline/core/protocol"
)

// The resident engine answers a parse as the fresh worker's does: the
// model, then its positioned errors; it refuses every job but /parse and
// /catalog; and the same handler serves edit after edit.
func TestServeResident(t *testing.T) {
	h := engine.New(engine.Options{})
	model := readFile(t, "../../testdata/models/fischer.xml")
	// The guard x <= k of line 39 becomes x <= 1O (a letter O for a zero).
	broken := bytes.Replace(model, []byte(`y="-20">x &lt;= k<`), []byte(`y="-20">x &lt;= 1O<`), 1)
	tests := []struct {
		name, path string
		model      []byte
		want       string
	}{
		{"clean", "/parse", model, "model(4 processes) done"},
		{"broken guard", "/parse", broken, "model(0 processes) error(fischer.xml:39:49: expected end of expression, found 'O') done"},
		{"not xml", "/parse", []byte("<nta><template>"), "model(0 processes) error(fischer.xml:1:16: unexpected end of file, expected </template>) done"},
		{"catalog", "/catalog", nil, "catalog done"},
		{"check", "/check", model, "error(the resident engine serves /parse and /catalog, not /check: run it as a job in a fresh worker) done"},
		{"prepare", "/prepare", model, "error(the resident engine serves /parse and /catalog, not /prepare"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := summary(residentFrames(t, h, tt.path, &protocol.Request{Name: "fischer.xml", Model: tt.model}))
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("%s answered\n  %s\nwant\n  %s", tt.path, got, tt.want)
			}
		})
	}
}

// Parse after parse leaves nothing behind: no goroutine, and no heap
// growth beyond the first parse's.
func TestServeResidentKeepsNothing(t *testing.T) {
	h := engine.New(engine.Options{})
	model := readFile(t, "../../testdata/models/fischer.xml")
	parse := func(i int) {
		edited := bytes.Replace(model, []byte("x &lt;= k"), fmt.Appendf(nil, "x &lt;= k + %d", i), 1)
		if got := summary(residentFrames(t, h, "/parse", &protocol.Request{Name: "fischer.xml", Model: edited})); got != "model(4 processes) done" {
			t.Fatalf("parse %d: %s", i, got)
		}
	}
	parse(0)
	goroutines, heap := settled()
	for i := 1; i <= 50; i++ {
		parse(i)
	}
	g, after := settled()
	if g > goroutines {
		t.Errorf("%d goroutines after 50 more parses, %d after the first", g, goroutines)
	}
	if after > heap+4<<20 {
		t.Errorf("live heap %d bytes after 50 more parses, %d after the first", after, heap)
	}
}

// settled returns the goroutines and the live heap once the garbage is
// collected and the goroutines that end have ended.
func settled() (int, uint64) {
	var m runtime.MemStats
	for range 20 {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	runtime.ReadMemStats(&m)
	return runtime.NumGoroutine(), m.HeapAlloc
}

// residentFrames serves one request in memory as the resident worker
// does and decodes its stream, which must end with a FrameDone.
func residentFrames(t *testing.T, h http.Handler, path string, req *protocol.Request) []*protocol.Frame {
	t.Helper()
	req.Version = protocol.Version
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	r := bytes.NewReader(serveResident(h, path, body))
	out, err := protocol.ReadStream(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// summary says what a stream carries, a word per frame, an error with its
// first diagnostic as file:line:column: message.
func summary(fs []*protocol.Frame) string {
	var words []string
	for _, f := range fs {
		switch f.Kind {
		case protocol.FrameModel:
			words = append(words, fmt.Sprintf("model(%d processes)", len(f.Model.Processes)))
		case protocol.FrameError:
			if len(f.Diagnostics) > 0 {
				d := f.Diagnostics[0]
				words = append(words, fmt.Sprintf("error(%s:%d:%d: %s)", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Message))
			} else {
				words = append(words, "error("+f.Message+")")
			}
		case protocol.FrameCatalog:
			words = append(words, "catalog")
		case protocol.FrameDone:
			words = append(words, "done")
		default:
			words = append(words, fmt.Sprintf("kind %d", f.Kind))
		}
	}
	return strings.Join(words, " ")
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
