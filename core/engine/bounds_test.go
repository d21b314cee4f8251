package engine

import (
	"reflect"
	"testing"

	"beeline/core/protocol"
)

// TestCheckBoundQueries: the result frames of sup and inf queries carry
// their values, and the model frame lists the queries as supported.
func TestCheckBoundQueries(t *testing.T) {
	req := &protocol.Request{Version: protocol.Version, Name: "crossing.xta",
		Model: readModel(t, "../../testdata/models/crossing.xta"),
		Formulas: []string{
			"sup{Train(0).Stop}: Train(0).x, q.len",
			"inf{Train(1).Cross}: Train(1).x",
			"sup: Train(2).x",
			"sup{Observer.Alarmed}: q.len",
		}}
	_, frames := post(t, New(Options{}), "/check", req)
	m := frames[0].Model
	results := kinds(frames)[protocol.FrameResult]
	if len(results) != 4 {
		t.Fatalf("%d results for four formulas", len(results))
	}
	want := [][]protocol.Value{
		{{Expr: "Train(0).x", Text: "≤ 45"}, {Expr: "q.len", Text: "3"}},
		{{Expr: "Train(1).x", Text: "≥ 0"}},
		{{Expr: "Train(2).x", Text: "∞"}},
		{{Expr: "q.len", Text: "none"}}, // nobody sends alarm
	}
	for i, f := range results {
		r := f.Result
		if r.Verdict != "satisfied" || !reflect.DeepEqual(r.Values, want[i]) {
			t.Errorf("%s: %s (%s) %+v, want %+v", r.Formula, r.Verdict, r.Reason, r.Values, want[i])
		}
		if q := m.Queries[r.Query]; !q.Supported || q.Why != "" {
			t.Errorf("%s: listed as %+v", r.Formula, q)
		}
	}
}
