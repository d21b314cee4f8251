package engine

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"beeline/core/protocol"
)

// pdbRequest asks for A* with the pattern database on query q of the
// model at path, with a shortest trace.
func pdbRequest(t *testing.T, path string, q int) *protocol.Request {
	return &protocol.Request{Version: protocol.Version, Name: "m.xml", Model: readModel(t, path), Queries: []int{q},
		Options: protocol.Options{Order: "astar", Heuristic: protocol.Heuristic{Name: "pdb"}, Trace: "shortest"}}
}

// prepareTable runs /prepare for req and returns its table, checking the
// frames on the way: the model, progress in the precomputing phase, one
// table, done.
func prepareTable(t *testing.T, h http.Handler, req *protocol.Request) *protocol.Table {
	t.Helper()
	_, frames := post(t, h, "/prepare", req)
	k := kinds(frames)
	if len(k[protocol.FrameError]) > 0 {
		t.Fatalf("prepare failed: %s", k[protocol.FrameError][0].Message)
	}
	if frames[0].Kind != protocol.FrameModel || len(k[protocol.FrameTable]) != 1 || len(k[protocol.FrameResult]) != 0 {
		t.Fatalf("prepare: %d frames, want a model, progress, one table and done", len(frames))
	}
	progress := k[protocol.FrameProgress]
	if len(progress) < 2 {
		t.Fatalf("%d progress frames, want at least the first and the last", len(progress))
	}
	for _, f := range progress {
		if f.Progress.Phase != "precomputing" || f.Progress.MemBytes == 0 {
			t.Errorf("progress %+v, want the precomputing phase with the engine's memory", f.Progress)
		}
	}
	if last := progress[len(progress)-1].Progress; last.Abstract == 0 || last.Step != "table built" || last.Pattern == "" {
		t.Errorf("last progress %+v: want the table built, with its pattern and abstract states", last)
	}
	tb := k[protocol.FrameTable][0].Table
	if tb.Size != int64(len(tb.Data)) || tb.Size == 0 || tb.Query != req.Queries[0] || tb.Heuristic.Name != "pdb" || !strings.HasPrefix(tb.Info, "pdb (admissible") {
		t.Errorf("table %q of %d bytes (size %d) for query %d, heuristic %s", tb.Info, len(tb.Data), tb.Size, tb.Query, tb.Heuristic)
	}
	return tb
}

// checkResult runs /check for req and returns its one result and the
// phases of its progress frames.
func checkResult(t *testing.T, h http.Handler, req *protocol.Request) (*protocol.Result, []string) {
	t.Helper()
	_, frames := post(t, h, "/check", req)
	k := kinds(frames)
	if len(k[protocol.FrameError]) > 0 || len(k[protocol.FrameResult]) != 1 {
		t.Fatalf("check: %d results, errors %+v", len(k[protocol.FrameResult]), k[protocol.FrameError])
	}
	var phases []string
	for _, f := range k[protocol.FrameProgress] {
		phases = append(phases, f.Progress.Phase)
	}
	return k[protocol.FrameResult][0].Result, phases
}

// A check with a prepared table decides as a check that precomputes,
// state for state, and never precomputes.
func TestPrepareThenCheck(t *testing.T) {
	h := New(Options{})
	req := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
	tb := prepareTable(t, h, req)
	again := prepareTable(t, h, req)
	if !bytes.Equal(tb.Data, again.Data) {
		t.Error("two prepares of the same query gave different tables")
	}
	fresh, _ := checkResult(t, h, req)
	req.Table = tb.Data
	got, phases := checkResult(t, h, req)
	for _, ph := range phases {
		if ph != "searching" {
			t.Errorf("a check with a table went through phase %q", ph)
		}
	}
	if got.Verdict != "not satisfied" || got.Trace == nil || len(got.Trace.Steps) != 6 {
		t.Fatalf("with the table: %+v, want not satisfied with the shortest trace, 6 steps", got)
	}
	if got.Explored != fresh.Explored || got.Stored != fresh.Stored || got.Pruned != fresh.Pruned || got.Heuristic != fresh.Heuristic {
		t.Errorf("with the table: explored %d, stored %d, pruned %d, %s; precomputing: %d, %d, %d, %s",
			got.Explored, got.Stored, got.Pruned, got.Heuristic, fresh.Explored, fresh.Stored, fresh.Pruned, fresh.Heuristic)
	}
	if got.Exhausted {
		t.Error("a check that found a counterexample says it exhausted the states")
	}
}

// A table is refused, with a plain error frame and no result, for
// another query, another model and another pattern selection.
func TestTableRefused(t *testing.T) {
	h := New(Options{})
	tb := prepareTable(t, h, pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0))
	for _, tc := range []struct {
		name string
		req  *protocol.Request
		want string
	}{
		{"another query", pdbRequest(t, "../../testdata/models/fischer-broken.xml", 1), "the table cannot be used for this check: the pattern database was made for another query"},
		{"another model", pdbRequest(t, "testdata/fischer-12.xta", 0), "the table cannot be used for this check: the pattern database was made for another model"},
		{"another selection", func() *protocol.Request {
			r := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
			r.Options.Heuristic.Params = map[string]string{"select": "full"}
			return r
		}(), "the table cannot be used for this check: the pattern database was made with pattern selection dprc, not full"},
		{"two queries", func() *protocol.Request {
			r := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
			r.Queries = []int{0, 1}
			return r
		}(), "a table belongs to one query: pick exactly one"},
	} {
		tc.req.Table = tb.Data
		if tc.name == "another model" {
			tc.req.Queries, tc.req.Formulas = nil, []string{"E<> false"}
		}
		_, frames := post(t, h, "/check", tc.req)
		k := kinds(frames)
		if len(k[protocol.FrameResult]) != 0 || len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != tc.want {
			t.Errorf("%s: %d results, errors %+v; want the error %q", tc.name, len(k[protocol.FrameResult]), k[protocol.FrameError], tc.want)
		}
	}
}

// Prepare refuses what has no table: no query or several, no heuristic,
// a heuristic that keeps nothing, an unsupported query.
func TestPrepareRefused(t *testing.T) {
	h := New(Options{})
	base := func(edit func(r *protocol.Request)) *protocol.Request {
		r := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
		edit(r)
		return r
	}
	for _, tc := range []struct {
		name string
		req  *protocol.Request
		want string
	}{
		{"every query", base(func(r *protocol.Request) { r.Queries = nil }), "a table belongs to one query: pick exactly one"},
		{"no heuristic", base(func(r *protocol.Request) { r.Options.Heuristic = protocol.Heuristic{} }), "prepare needs a heuristic that precomputes a table (e.g. pdb)"},
		{"hl", base(func(r *protocol.Request) { r.Options.Heuristic = protocol.Heuristic{Name: "hl"} }), "heuristic hl precomputes nothing to keep: there is no table to prepare"},
		{"liveness", base(func(r *protocol.Request) { r.Queries, r.Formulas = nil, []string{"E[] true"} }), "E[] queries are not checked by a directed search: there is no table to prepare"},
	} {
		_, frames := post(t, h, "/prepare", tc.req)
		k := kinds(frames)
		if len(k[protocol.FrameTable]) != 0 || len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != tc.want {
			t.Errorf("%s: %d tables, errors %+v; want the error %q", tc.name, len(k[protocol.FrameTable]), k[protocol.FrameError], tc.want)
		}
	}
}

// A table larger than its budget stops the precomputation with a plain
// message and no table.
func TestPrepareBudget(t *testing.T) {
	h := New(Options{})
	req := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
	req.Options.MaxTable = 1 << 10
	_, frames := post(t, h, "/prepare", req)
	k := kinds(frames)
	want := "precomputing pdb stopped: its table outgrew the budget of 1 KiB; check with another heuristic, or raise the table budget"
	if len(k[protocol.FrameTable]) != 0 || len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want {
		t.Errorf("%d tables, errors %+v; want the error %q", len(k[protocol.FrameTable]), k[protocol.FrameError], want)
	}
}

// When A* with the pattern database runs out of states with finite
// estimates, the verdict is a proof, and the result says how many states
// the database pruned.
func TestProofByPruning(t *testing.T) {
	h := New(Options{})
	req := pdbRequest(t, "../../testdata/models/fischer.xml", 0)
	req.Table = prepareTable(t, h, req).Data
	r, _ := checkResult(t, h, req)
	if r.Verdict != "satisfied" || !r.Exhausted || r.Pruned == 0 || r.Trace != nil || !strings.HasPrefix(r.Heuristic, "pdb (") {
		t.Errorf("mutual exclusion of fischer: %+v, want satisfied, exhausted, with states pruned", r)
	}
	bfs := pdbRequest(t, "../../testdata/models/fischer.xml", 0)
	bfs.Options = protocol.Options{}
	if r, _ := checkResult(t, h, bfs); !r.Exhausted || r.Pruned != 0 {
		t.Errorf("breadth-first: %+v, want exhausted with nothing pruned", r)
	}
}

// The budget stops a precomputation while it runs, not only once the
// table is made: the full pattern of Fischer's protocol with 12
// processes would take minutes and gigabytes.
func TestPrepareBudgetStopsEarly(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "fischer-12.xta", Model: readModel(t, "testdata/fischer-12.xta"),
		Formulas: []string{"E<> P(1).cs && P(2).cs"}, Options: protocol.Options{Order: "astar",
			Heuristic: protocol.Heuristic{Name: "pdb", Params: map[string]string{"select": "full"}}, MaxTable: 4 << 20}}
	start := time.Now()
	_, frames := post(t, New(Options{}), "/prepare", req)
	k := kinds(frames)
	want := "precomputing pdb stopped: its table outgrew the budget of 4.0 MiB; check with another heuristic, or raise the table budget"
	if len(k[protocol.FrameError]) != 1 || k[protocol.FrameError][0].Message != want {
		t.Fatalf("errors %+v, want %q", k[protocol.FrameError], want)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the budget stopped the precomputation after %v", took)
	}
	last := k[protocol.FrameProgress][len(k[protocol.FrameProgress])-1].Progress
	if last.Step != "exploring" || last.TableBytes == 0 || last.Abstract == 0 {
		t.Errorf("last progress %+v, want the exploration with its table bytes", last)
	}
}

// Merge-and-shrink goes through the same /prepare: its last progress
// counts its abstract states, its table is deterministic, and a check with it
// decides as one that precomputes, with the shortest trace.
func TestPrepareMergeAndShrink(t *testing.T) {
	h := New(Options{})
	req := pdbRequest(t, "../../testdata/models/fischer-broken.xml", 0)
	req.Options.Heuristic = protocol.Heuristic{Name: "mas", Params: map[string]string{"bound": "50"}}
	_, frames := post(t, h, "/prepare", req)
	k := kinds(frames)
	if len(k[protocol.FrameError]) > 0 || len(k[protocol.FrameTable]) != 1 {
		t.Fatalf("prepare: errors %+v, %d tables", k[protocol.FrameError], len(k[protocol.FrameTable]))
	}
	progress := k[protocol.FrameProgress]
	if last := progress[len(progress)-1].Progress; last.Step != "table built" || last.Abstract == 0 {
		t.Errorf("last progress %+v, want the table built with its abstract states", last)
	}
	tb := k[protocol.FrameTable][0].Table
	if !strings.HasPrefix(tb.Info, "mas (admissible, consistent, bound=50") {
		t.Errorf("table info %q", tb.Info)
	}
	fresh, _ := checkResult(t, h, req)
	req.Table = tb.Data
	got, phases := checkResult(t, h, req)
	if slices.Contains(phases, "precomputing") {
		t.Errorf("a check with a table went through phases %q", phases)
	}
	if got.Verdict != "not satisfied" || got.Trace == nil || len(got.Trace.Steps) != 6 || got.Explored != fresh.Explored {
		t.Errorf("with the table: %s, explored %d (precomputing: %d); want not satisfied with the 6-step trace", got.Verdict, got.Explored, fresh.Explored)
	}
	req.Options.Heuristic.Params["bound"] = "51"
	_, frames = post(t, h, "/check", req)
	if e := kinds(frames)[protocol.FrameError]; len(e) == 0 || !strings.Contains(e[0].Message, "bound 50, not 51") {
		t.Errorf("a table made with bound 50, checked with bound 51: errors %+v", e)
	}
}
