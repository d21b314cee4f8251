package e2e

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"testing"
	"time"

	"beeline/core/engine"
	"beeline/core/protocol"
)

// The resident parse worker (web/parse-worker.js) in the engine harness:
// it answers edit after edit of a model with the frames the native engine
// gives for the same bytes, a broken guard's error at its line and
// column, and refuses jobs other than a parse. The test logs how long an
// answer takes, against a fresh worker's /parse of the same model.
func TestResidentParseWorker(t *testing.T) {
	h := openHarness(t)
	Eval[bool](t, h.ctx, `harness.startResident()`)
	models := []struct {
		name, path string
		// from, to, where: an edit that breaks a guard, and the error's
		// position
		from, to, where string
	}{
		{"fischer.xml", "../testdata/models/fischer.xml", `y="-20">x &lt;= k<`, `y="-20">x &lt;= 1O<`, "fischer.xml:39:49"},
		{"train-gate.xml", trainGate, "x&gt;=10", "x&gt;=1O", "train-gate.xml:43:47"},
		{"csma-20N.xml", csma20, "x &gt;= 26", "x &gt;= 2G", "csma-20N.xml:119:48"},
	}
	for _, m := range models {
		t.Run(m.name, func(t *testing.T) {
			model, err := os.ReadFile(m.path)
			if err != nil {
				t.Skipf("the shared models are absent (%v)", err)
			}
			broken := bytes.Replace(model, []byte(m.from), []byte(m.to), 1)
			if bytes.Equal(broken, model) {
				t.Fatalf("%s has no %q to break", m.path, m.from)
			}
			var resident []float64
			for i := range 8 {
				edited := model
				if i%2 == 1 {
					edited = broken
				}
				// A comment at the end makes every request's bytes new.
				edited = fmt.Appendf(bytes.Clone(edited), "<!-- edit %d -->\n", i)
				req := &protocol.Request{Name: m.name, Model: edited}
				frames, ms := h.residentParse("/parse", req)
				resident = append(resident, ms)
				if want := nativeParse(t, req); !reflect.DeepEqual(frames, want) {
					t.Fatalf("edit %d: the resident worker answered %s\nthe native engine %s", i, frameSummary(frames), frameSummary(want))
				}
				if i%2 == 1 {
					if got := firstError(frames); got == "" || got[:len(m.where)] != m.where {
						t.Fatalf("edit %d: first error %q, want it at %s", i, got, m.where)
					}
				} else if got := firstError(frames); got != "" || frames[0].Kind != protocol.FrameModel {
					t.Fatalf("edit %d: %s", i, frameSummary(frames))
				}
			}
			var fresh []float64
			for range 3 {
				fresh = append(fresh, h.freshParse(&protocol.Request{Name: m.name, Model: model}))
			}
			slices.Sort(resident[1:])
			slices.Sort(fresh)
			t.Logf("%s (%d bytes): request to answer, resident worker: first %.0f ms, then min %.0f, median %.0f ms (of %d); fresh worker's /parse: min %.0f, median %.0f ms (of 3)",
				m.name, len(model), resident[0], resident[1], resident[1+len(resident[1:])/2], len(resident)-1, fresh[0], fresh[1])
		})
	}
	// Anything but a parse (or the catalog) keeps its fresh worker.
	frames, _ := h.residentParse("/check", &protocol.Request{Name: "fischer.xml", Model: readModel(t, "../testdata/models/fischer.xml")})
	if len(frames) != 2 || frames[0].Kind != protocol.FrameError || frames[0].Message == "" {
		t.Errorf("/check in the resident worker: %s, want a refusal", frameSummary(frames))
	}
}

// csma20 is CSMA/CD with 20 stations, from the shared corpus.
const csma20 = "../../shared/models/rra-fmics21/CSMA-CD/csma-20N.xml"

// residentParse sends req to the harness's resident worker and returns
// its answer's frames and the milliseconds from request to answer.
func (h *harness) residentParse(path string, req *protocol.Request) ([]*protocol.Frame, float64) {
	h.t.Helper()
	req.Version = protocol.Version
	b, err := protocol.EncodeRequest(req)
	if err != nil {
		h.t.Fatal(err)
	}
	answer := Eval[residentAnswer](h.t, h.ctx, fmt.Sprintf(`harness.parse(%q, %q)`, path, base64.StdEncoding.EncodeToString(b)))
	if answer.Error != nil {
		h.t.Fatalf("%s: the resident worker failed: %s", path, *answer.Error)
	}
	stream, _ := base64.StdEncoding.DecodeString(*answer.Frames)
	return readStream(h.t, bytes.NewReader(stream)), answer.MS
}

// residentAnswer is what harness.parse resolves with.
type residentAnswer struct {
	Frames *string `json:"frames"` // base64 of the frame stream
	Error  *string `json:"error"`
	MS     float64 `json:"ms"`
}

// freshParse runs a /parse in a fresh worker and returns the milliseconds
// from its start to its last piece.
func (h *harness) freshParse(req *protocol.Request) float64 {
	h.t.Helper()
	job := h.start("/parse", req)
	frames := h.collect(job, 60*time.Second, func(*protocol.Frame) bool { return false })
	return frames[len(frames)-1].at - h.status(job).StartedAt
}

// nativeParse is the native engine's answer to a /parse of req.
func nativeParse(t *testing.T, req *protocol.Request) []*protocol.Frame {
	t.Helper()
	body, err := protocol.EncodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	engine.New(engine.Options{}).ServeHTTP(rec, httptest.NewRequest("POST", "/parse", bytes.NewReader(body)))
	return readStream(t, rec.Body)
}

// readStream reads a whole frame stream, which must end with a FrameDone.
func readStream(t testing.TB, r io.Reader) []*protocol.Frame {
	t.Helper()
	out, err := protocol.ReadStream(r)
	if err != nil {
		t.Fatalf("%v: %s", err, frameSummary(out))
	}
	return out
}

// firstError is the first error's first diagnostic as
// file:line:column: message ("" when no frame is an error).
func firstError(fs []*protocol.Frame) string {
	for _, f := range fs {
		if f.Kind == protocol.FrameError && len(f.Diagnostics) > 0 {
			d := f.Diagnostics[0]
			return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Message)
		}
		if f.Kind == protocol.FrameError {
			return f.Message
		}
	}
	return ""
}

// frameSummary names a stream's frames, with errors in full.
func frameSummary(fs []*protocol.Frame) string {
	var b bytes.Buffer
	for _, f := range fs {
		switch f.Kind {
		case protocol.FrameModel:
			fmt.Fprintf(&b, "[model of %d processes, hash %.8s] ", len(f.Model.Processes), f.Model.Hash)
		case protocol.FrameError:
			fmt.Fprintf(&b, "[error %q %+v] ", f.Message, f.Diagnostics)
		case protocol.FrameDone:
			b.WriteString("[done]")
		default:
			fmt.Fprintf(&b, "[kind %d] ", f.Kind)
		}
	}
	return b.String()
}
