package engine

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"beeline/core/protocol"
)

// formulasRequest checks n formulas on Fischer's protocol, made by
// formula(i).
func formulasRequest(t *testing.T, n int, formula func(i int) string) *protocol.Request {
	req := &protocol.Request{Version: protocol.Version, Name: "f.xml", Model: readModel(t, "../../testdata/models/fischer.xml")}
	for i := range n {
		req.Formulas = append(req.Formulas, formula(i))
	}
	return req
}

// Every formula of a request gets its result, each with its own error
// when it has one, up to MaxQueries; a request of more is refused before
// any work, in plain words.
func TestManyFormulas(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("js/wasm: 10,000 checks take over ten seconds; the page sends a few, a server many")
	}
	req := formulasRequest(t, MaxQueries, func(i int) string {
		if i%2 == 0 {
			return fmt.Sprintf("E<> nosuch%d", i)
		}
		return "E<> id == 1"
	})
	_, frames := post(t, New(Options{}), "/check", req)
	results := kinds(frames)[protocol.FrameResult]
	if len(results) != MaxQueries {
		t.Fatalf("%d results for %d formulas", len(results), MaxQueries)
	}
	for i, f := range results {
		r := f.Result
		want := protocol.VerdictSatisfied
		if i%2 == 0 {
			want = protocol.VerdictError
		}
		if r.Verdict != want || (i%2 == 0 && !strings.Contains(r.Reason, fmt.Sprintf("nosuch%d", i))) {
			t.Fatalf("formula %d (%s): %s (%s), want %s", i, r.Formula, r.Verdict, r.Reason, want)
		}
	}

	_, frames = post(t, New(Options{}), "/check", formulasRequest(t, MaxQueries+1, func(int) string { return "E<> id == 1" }))
	want := "a request picks at most 10000 queries and formulas, not 10001: split it"
	if k := kinds(frames); len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want || len(k[protocol.FrameModel]) != 0 {
		t.Errorf("10001 formulas: frames by kind %v; want only the error %q", k, want)
	}
}

// When the request's time runs out, every formula left still gets its
// result, "unknown" for lack of time. A tenth of MaxQueries: answering
// the formulas left must fit in stopGrace also on a busy machine, and
// these are far more than the 50 ms can check.
func TestManyFormulasPastTime(t *testing.T) {
	n := MaxQueries / 10
	req := formulasRequest(t, n, func(int) string { return "E<> P(1).cs && P(2).cs" })
	_, frames := post(t, New(Options{MaxTimeout: 50 * time.Millisecond}), "/check", req)
	results := kinds(frames)[protocol.FrameResult]
	if len(results) != n {
		t.Fatalf("%d results for %d formulas", len(results), n)
	}
	if r := results[len(results)-1].Result; r.Verdict != "unknown" || r.Reason != "time limit" {
		t.Errorf("the last formula: %s (%s), want unknown for the time limit", r.Verdict, r.Reason)
	}
}
