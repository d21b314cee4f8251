// The hostile-input sweep (issue 14) through the engine's HTTP API: every
// file of testdata/hostile posted as a request, answered with the message
// the loader gives it (testdata/hostile/WANT.tsv) and a FrameDone, within
// a deadline; the handler keeps working afterwards.

package engine

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"text/template"
	"time"

	"beeline/core/protocol"
)

const hostileDir = "../../testdata/hostile"

// hostileRow is a row of WANT.tsv: the file, the route to post it to, and
// the first error formatted (or "ok"). The memory column is the loader's.
type hostileRow struct{ file, route, want string }

func hostileRows(t *testing.T) []hostileRow {
	t.Helper()
	tsv := readModel(t, filepath.Join(hostileDir, "WANT.tsv"))
	var rows []hostileRow
	for _, line := range strings.Split(string(tsv), "\n") {
		if cols := strings.SplitN(line, "\t", 4); len(cols) == 4 && !strings.HasPrefix(line, "#") {
			rows = append(rows, hostileRow{file: cols[0], route: cols[1], want: cols[3]})
		}
	}
	return rows
}

// expand spells out a hostile file written as a template (see
// core/uppaal's hostile test): {% repeat s n %}, {% upto n %}, {% add a b %}
// and {% .URL %}.
func expand(t *testing.T, src []byte, url string) []byte {
	t.Helper()
	if !bytes.Contains(src, []byte("{%")) {
		return src
	}
	upto := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	add := func(a, b int) int { return a + b }
	tm := template.Must(template.New("").Delims("{%", "%}").Funcs(template.FuncMap{"repeat": strings.Repeat, "upto": upto, "add": add}).Parse(string(src)))
	var b bytes.Buffer
	if err := tm.Execute(&b, map[string]string{"URL": url}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// format prints a diagnostic as source.FileSet.Format does.
func format(d protocol.Diagnostic) string {
	s := d.Pos.String() + ": "
	if d.Query != nil {
		s += fmt.Sprintf("query %d: ", *d.Query)
	}
	if d.Context != "" {
		s += d.Context + ": "
	}
	return s + d.Message
}

// answerError is the first error of an answer in the loader's words: the
// model's (a FrameError), or a query's (among the model frame's
// diagnostics), or "ok".
func answerError(frames []*protocol.Frame) string {
	for _, f := range frames {
		switch {
		case f.Kind == protocol.FrameError && len(f.Diagnostics) > 0:
			return format(f.Diagnostics[0])
		case f.Kind == protocol.FrameError:
			return f.Message
		case f.Kind == protocol.FrameModel:
			for _, d := range f.Model.Warnings {
				if d.Severity == "error" {
					return format(d)
				}
			}
		}
	}
	return "ok"
}

// TestHostileRequests posts every hostile file to the route WANT.tsv
// names, with a time budget, and checks the answer: status 200, the
// loader's first error, FrameDone at the end, results for a model that
// loads, within a deadline. (That external entities are never fetched is
// the loader's test: the engine reads models only through it.)
func TestHostileRequests(t *testing.T) {
	const url = "http://127.0.0.1:9/evil.dtd"
	h := New(Options{DefaultMaxMemory: 512 << 20})
	for _, row := range hostileRows(t) {
		t.Run(row.file, func(t *testing.T) {
			req := &protocol.Request{Version: protocol.Version, Name: row.file,
				Model: expand(t, readModel(t, filepath.Join(hostileDir, row.file)), url), Options: protocol.Options{TimeoutMS: 5000}}
			q := filepath.Join(hostileDir, strings.TrimSuffix(row.file, filepath.Ext(row.file))+".q")
			if data, err := os.ReadFile(q); err == nil {
				req.QueryFiles = []protocol.File{{Name: row.file + ".0.q", Data: expand(t, data, url)}}
			}
			var code int
			var frames []*protocol.Frame
			elapsed, alloc := within(row.file, 10*time.Second, func() { code, frames = post(t, h, "/"+row.route, req) })
			got := answerError(frames)
			t.Logf("%-24s /%s %8v %6.1f MiB  %s", row.file, row.route, elapsed.Round(time.Millisecond), float64(alloc)/(1<<20), got)
			if code != 200 {
				t.Errorf("status %d", code)
			}
			if got != row.want {
				t.Errorf("first error\n got  %s\n want %s", got, row.want)
			}
			if row.route == "check" {
				expectResults(t, frames, row.want)
			}
		})
	}
	_, frames := post(t, h, "/check", &protocol.Request{Version: protocol.Version, Name: "fischer-broken.xml",
		Model: readModel(t, "../../testdata/models/fischer-broken.xml"), Queries: []int{0}})
	if r := kinds(frames)[protocol.FrameResult]; len(r) != 1 || r[0].Result.Verdict != "not satisfied" {
		t.Errorf("after the hostile requests, a check gives %d results", len(r))
	}
}

// expectResults checks the results of a check: none for a model with
// errors, an "error" verdict with the loader's message for a query with
// errors, and no "error" verdict for a model that loads.
func expectResults(t *testing.T, frames []*protocol.Frame, want string) {
	t.Helper()
	k := kinds(frames)
	if len(k[protocol.FrameError]) > 0 {
		if len(k[protocol.FrameResult]) > 0 {
			t.Errorf("%d results for a model with errors", len(k[protocol.FrameResult]))
		}
		return
	}
	for _, f := range k[protocol.FrameResult] {
		r := f.Result
		switch {
		case want == "ok" && r.Verdict == "error":
			t.Errorf("query %d: %s", r.Query, r.Reason)
		case want != "ok" && (r.Verdict != "error" || r.Reason != want):
			t.Errorf("query %d: %s, %s; want an error: %s", r.Query, r.Verdict, r.Reason, want)
		}
	}
}

// within runs f and returns how long it took and what it allocated. A
// request that hangs stops the whole test binary at the deadline, with
// every goroutine's stack: a hung handler cannot be abandoned otherwise.
func within(name string, deadline time.Duration, f func()) (time.Duration, uint64) {
	stop := time.AfterFunc(deadline, func() { panic(fmt.Sprintf("%s: no answer after %v", name, deadline)) })
	defer stop.Stop()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	f()
	elapsed := time.Since(start)
	runtime.ReadMemStats(&m1)
	return elapsed, m1.TotalAlloc - m0.TotalAlloc
}
