package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"beeline/core/job"
	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// harness drives web/test/engine.html in one browser tab.
type harness struct {
	t   *testing.T
	ctx context.Context
}

func openHarness(t *testing.T) *harness {
	t.Helper()
	ctx := StartBrowser(t)
	base := StartServer(t, WebRoot(t))
	Navigate(t, ctx, base+"/web/test/engine.html")
	WaitFor(t, ctx, `window.harness && (harness.ready || harness.error !== null)`, 30*time.Second)
	if msg := Eval[any](t, ctx, `harness.error`); msg != nil {
		t.Fatalf("compiling the engine: %v", msg)
	}
	return &harness{t: t, ctx: ctx}
}

// start begins a job and returns its number.
func (h *harness) start(path string, req *protocol.Request) int {
	h.t.Helper()
	req.Version = protocol.Version
	b, err := protocol.EncodeRequest(req)
	if err != nil {
		h.t.Fatal(err)
	}
	return Eval[int](h.t, h.ctx, fmt.Sprintf(`harness.start(%q, %q)`, path, base64.StdEncoding.EncodeToString(b)))
}

// jobStatus is harness.status(job).
type jobStatus struct {
	Pieces      int       `json:"pieces"`
	Times       []float64 `json:"times"`
	Error       *string   `json:"error"`
	StartedAt   float64   `json:"startedAt"`
	CancelledAt float64   `json:"cancelledAt"`
}

func (h *harness) status(job int) jobStatus {
	return Eval[jobStatus](h.t, h.ctx, fmt.Sprintf(`harness.status(%d)`, job))
}

// piece is one message of a job's stream, as harness.pieces gives it.
type piece struct {
	Data string  `json:"data"`
	At   float64 `json:"at"`
}

// timedFrame is a frame with the time its last byte reached the page, in
// milliseconds since the page's navigation started.
type timedFrame struct {
	*protocol.Frame
	at float64
}

// collect reads a job's stream until stop returns true for a frame (or a
// FrameDone arrives) and returns the frames.
func (h *harness) collect(job int, timeout time.Duration, stop func(*protocol.Frame) bool) []timedFrame {
	h.t.Helper()
	var buf bytes.Buffer
	var frames []timedFrame
	var times []float64
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		st := h.status(job)
		pieces := Eval[[]piece](h.t, h.ctx, fmt.Sprintf(`harness.pieces(%d, %d)`, job, len(times)))
		for _, p := range pieces {
			b, _ := base64.StdEncoding.DecodeString(p.Data)
			buf.Write(b)
			times = append(times, p.At)
			for {
				f, err := protocol.ReadFrame(bytes.NewReader(buf.Bytes()))
				if err != nil {
					break // incomplete: wait for more
				}
				n, _ := frameLen(buf.Bytes())
				buf.Next(n)
				frames = append(frames, timedFrame{f, times[len(times)-1]})
				if f.Kind == protocol.FrameDone || stop(f) {
					return frames
				}
			}
		}
		if st.Error != nil {
			h.t.Fatalf("job %d: the worker failed after %d frames: %s", job, len(frames), *st.Error)
		}
		time.Sleep(20 * time.Millisecond)
	}
	h.t.Fatalf("job %d: no end after %v (%d frames)", job, timeout, len(frames))
	return nil
}

func frameLen(b []byte) (int, error) {
	if len(b) < 4 {
		return 0, io.ErrUnexpectedEOF
	}
	return 4 + int(uint32(b[0])<<24|uint32(b[1])<<16|uint32(b[2])<<8|uint32(b[3])), nil
}

func readModel(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEngineCheckInWorker(t *testing.T) {
	h := openHarness(t)
	job := h.start("/check", &protocol.Request{Name: "fischer-broken.xml",
		Model: readModel(t, "../testdata/models/fischer-broken.xml"), Queries: []int{0},
		Options: protocol.Options{Trace: "some"}})
	frames := h.collect(job, 30*time.Second, func(*protocol.Frame) bool { return false })
	if frames[0].Kind != protocol.FrameModel || len(frames[0].Model.Processes) != 4 {
		t.Fatalf("first frame %+v, want a model of 4 processes", frames[0].Frame)
	}
	t.Logf("engine ready: model frame %.0f ms after navigation started, %.0f ms after the job started (compile %.0f ms)",
		frames[0].at, frames[0].at-h.status(job).StartedAt, Eval[float64](t, h.ctx, `harness.compileMS`))
	var progress int
	var result *protocol.Result
	for _, f := range frames {
		switch f.Kind {
		case protocol.FrameProgress:
			progress++
		case protocol.FrameResult:
			result = f.Result
		case protocol.FrameError:
			t.Fatalf("error frame: %s %+v", f.Message, f.Diagnostics)
		}
	}
	if progress == 0 {
		t.Error("no progress frame")
	}
	if result == nil || result.Verdict != "not satisfied" || result.Trace == nil || len(result.Trace.Steps) != 6 {
		t.Fatalf("result %+v, want not satisfied with a trace of 6 transitions", result)
	}
	if last := frames[len(frames)-1]; last.Kind != protocol.FrameDone {
		t.Errorf("last frame of kind %d, want FrameDone", last.Kind)
	}
}

// The worker's engine lists the registry's options (the page builds its
// menus from this list).
func TestEngineCatalogInWorker(t *testing.T) {
	h := openHarness(t)
	frames := h.collect(h.start("/catalog", &protocol.Request{}), 30*time.Second, func(*protocol.Frame) bool { return false })
	if len(frames) != 2 || frames[0].Kind != protocol.FrameCatalog {
		t.Fatalf("frames %+v, want a catalog and done", frames)
	}
	if got, want := frames[0].Catalog, options.Builtin().Catalog(); !reflect.DeepEqual(got, want) {
		t.Errorf("the worker's catalog %+v\nwant %+v", got, want)
	}
}

// A long search streams progress at least four times a second, and
// terminating its worker stops it: the tab's CPU use falls within a second
// and the page can start the next job at once.
func TestEngineProgressAndCancel(t *testing.T) {
	h := openHarness(t)
	job := h.start("/check", &protocol.Request{Name: "fischer-12.xta", Model: readModel(t, "testdata/fischer-12.xta"),
		Formulas: []string{"E<> false"}})
	var n int
	frames := h.collect(job, 30*time.Second, func(f *protocol.Frame) bool {
		if f.Kind == protocol.FrameProgress && f.Progress.Explored > 0 {
			n++
		}
		return n >= 8
	})
	var at []float64
	for _, f := range frames {
		if f.Kind == protocol.FrameProgress && f.Progress.Explored > 0 {
			at = append(at, f.at)
		}
	}
	gaps := make([]float64, 0, len(at))
	for i := 1; i < len(at); i++ {
		gaps = append(gaps, at[i]-at[i-1])
	}
	sort.Float64s(gaps)
	if med := gaps[len(gaps)/2]; med > 250 {
		t.Errorf("progress frames %.0f ms apart (median), want at most 250", med)
	}
	last := frames[len(frames)-1].Progress
	t.Logf("search in the worker: %d explored after %d ms (%.0f states/s), %d MiB of wasm memory",
		last.Explored, last.ElapsedMS, last.Rate, last.MemBytes>>20)

	pid := BrowserPID(h.ctx)
	busy := cpuShare(pid, 500*time.Millisecond)
	Eval[any](t, h.ctx, fmt.Sprintf(`harness.cancel(%d)`, job))
	time.Sleep(500 * time.Millisecond)
	idle := cpuShare(pid, 500*time.Millisecond)
	t.Logf("browser CPU: %.2f cores while searching, %.2f from 0.5 s to 1 s after the worker was terminated", busy, idle)
	// CI machines have two cores and other work on them, so the test asks
	// for a clear drop rather than absolute figures, and only when the
	// search was measurably busy.
	if busy >= 0.2 && idle > 0.6*busy {
		t.Errorf("CPU %.2f cores while searching and still %.2f within a second of cancelling", busy, idle)
	}
	before := h.status(job).Pieces
	time.Sleep(200 * time.Millisecond)
	if after := h.status(job).Pieces; after != before {
		t.Errorf("the cancelled job still sends: %d pieces, then %d", before, after)
	}
	next := h.start("/parse", &protocol.Request{Name: "fischer-broken.xml", Model: readModel(t, "../testdata/models/fischer-broken.xml")})
	start := time.Now()
	if fs := h.collect(next, 5*time.Second, func(*protocol.Frame) bool { return false }); fs[0].Kind != protocol.FrameModel {
		t.Errorf("the next job's first frame is of kind %d", fs[0].Kind)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the next job took %v after the cancel", d)
	}
}

// cpuShare measures the CPU used by the process pid and its descendants
// over d, in cores; -1 when /proc cannot tell.
func cpuShare(pid int, d time.Duration) float64 {
	if pid == 0 {
		return -1
	}
	t0 := treeTicks(pid)
	time.Sleep(d)
	t1 := treeTicks(pid)
	if t0 < 0 || t1 < 0 {
		return -1
	}
	const hz = 100 // USER_HZ on Linux
	return float64(t1-t0) / hz / d.Seconds()
}

// treeTicks sums utime+stime of pid and every descendant, from /proc.
func treeTicks(root int) int64 {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	parent := map[int]int{}
	ticks := map[int]int64{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		parent[pid], ticks[pid] = ppid, ut+st
	}
	var sum int64
	for pid, tk := range ticks {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				sum += tk
				break
			}
		}
	}
	return sum
}

// TestEngineSpeed compares a full search in the worker with the same
// search natively (BEELINE_BENCH=1; `make bench` runs it).
func TestEngineSpeed(t *testing.T) {
	if os.Getenv("BEELINE_BENCH") == "" {
		t.Skip("set BEELINE_BENCH=1 to measure the engine's speed in the browser")
	}
	src := readModel(t, "testdata/fischer-9.xta")
	l := job.Load(job.File{Name: "fischer-9.xta", Data: src})
	q := l.AddFormula("E<> false")
	native := l.Check(context.Background(), q, verify.Options{})
	h := openHarness(t)
	id := h.start("/check", &protocol.Request{Name: "fischer-9.xta", Model: src, Formulas: []string{"E<> false"}})
	var wasm *protocol.Result
	for _, f := range h.collect(id, 2*time.Minute, func(*protocol.Frame) bool { return false }) {
		if f.Kind == protocol.FrameResult {
			wasm = f.Result
		}
	}
	if wasm == nil || native.Result == nil || wasm.Explored != native.Result.Stats.Explored {
		t.Fatalf("the searches differ: wasm %+v, native %+v", wasm, native.Result)
	}
	nr := float64(native.Result.Stats.Explored) / native.Result.Seconds
	wr := float64(wasm.Explored) / wasm.Seconds
	t.Logf("fischer-9, E<> false, %d states explored: native %.2f s (%.0f states/s), wasm in the worker %.2f s (%.0f states/s): wasm/native = %.2f",
		wasm.Explored, native.Result.Seconds, nr, wasm.Seconds, wr, wr/nr)
}
