package main

import (
	"strings"
	"testing"

	"beeline/core/protocol"
)

// trace returns a trace of n steps ending as end says, with loop head
// loop.
func trace(n int, end string, loop int) *protocol.Trace {
	return &protocol.Trace{Den: 1, Steps: make([]protocol.TraceStep, n), States: make([]protocol.TraceState, n+1), End: end, Loop: loop}
}

func TestQueryKind(t *testing.T) {
	for _, c := range []struct{ f, want string }{
		{"E<> P(1).cs", "E<>"},
		{" A[] not deadlock", "A[]"},
		{"E[] x < 3", "E[]"},
		{"A<> Train(0).Cross", "A<>"},
		{"Train(0).Appr --> Train(0).Cross", "-->"},
		{"sup: Task(0).wcrt, x", "sup"},
		{"sup {Train(0).Appr}: Train(0).x", "sup"},
		{"inf{P.done}: y", "inf"},
		{"supply > 3", ""},
		{"Pr[<=10](<> P.a)", ""},
	} {
		if got := queryKind(c.f); got != c.want {
			t.Errorf("queryKind(%q) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestEndMarks(t *testing.T) {
	// A lasso of 5 steps whose loop head is state 2.
	tr := trace(5, "loop", 2)
	want := []rowMark{{}, {}, {"loop loop-head", "⟳ loop starts here"}, {"loop", ""}, {"loop", ""},
		{"loop loop-end", "↺ back to the loop head (state 2)"}}
	for k, w := range want {
		if got := endMark(tr, k); got != w {
			t.Errorf("lasso row %d: %+v, want %+v", k, got, w)
		}
	}
	if got := stepOf(tr, 5); got != "state 5 of 5 (the loop head, state 2, again)" {
		t.Errorf("stepOf at the lasso's end: %q", got)
	}
	if got := stepOf(tr, 3); got != "state 3 of 5" {
		t.Errorf("stepOf inside the loop: %q", got)
	}
	if got := traceTitle("E[] p", tr); got != "for E[] p (5 steps; the last 3 repeat forever)" {
		t.Errorf("lasso title: %q", got)
	}

	if got := traceTitle("E[] p", trace(5, "loop", 4)); got != "for E[] p (5 steps; the last repeats forever)" {
		t.Errorf("one-step loop title: %q", got)
	}

	// A loop head out of range is no lasso.
	if m := endMark(trace(2, "loop", 2), 2); m != (rowMark{}) {
		t.Errorf("a loop head past the last step marks the last row %+v", m)
	}

	delay := trace(3, "delay", 0)
	if m := endMark(delay, 3); m.class != "end-delay" || !strings.Contains(m.label, "time passes forever here") {
		t.Errorf("delay end: %+v", m)
	}
	if m := endMark(delay, 2); m != (rowMark{}) {
		t.Errorf("a delay end marks row 2: %+v", m)
	}
	dead := trace(3, "deadlock", 0)
	dead.Final, dead.Den = 5, 2
	if m := endMark(dead, 3); m.class != "end-deadlock" || m.label != "✕ after a delay of 2.5, deadlock: no transition can be taken and time cannot pass" {
		t.Errorf("deadlock end: %+v", m)
	}
	if got := traceTitle("A<> q", dead); got != "for A<> q (3 steps; then a deadlock)" {
		t.Errorf("deadlock title: %q", got)
	}

	// A reachability trace is marked nowhere and titled as before.
	goal := trace(6, "", 0)
	for k := 0; k <= 6; k++ {
		if m := endMark(goal, k); m != (rowMark{}) {
			t.Errorf("reachability row %d: %+v", k, m)
		}
	}
	if got := traceTitle("E<> p", goal); got != "for E<> p (6 steps)" {
		t.Errorf("reachability title: %q", got)
	}
	if got := stepOf(goal, 6); got != "state 6 of 6" {
		t.Errorf("reachability stepOf: %q", got)
	}
}

func TestLivenessText(t *testing.T) {
	lasso := trace(7, "loop", 3)
	for _, c := range []struct {
		formula string
		verdict protocol.Verdict
		tr      *protocol.Trace
		want    string
	}{
		{"Train(0).Appr --> Train(0).Cross", protocol.VerdictNotSatisfied, lasso,
			"Counterexample: a path on which Train(0).Appr holds and Train(0).Cross never follows (loop: the steps from state 3 to state 7 repeat forever)."},
		{"E[] x <= 3", protocol.VerdictSatisfied, trace(2, "delay", 0),
			"Witness: a path on which x <= 3 holds forever (it ends in state 2, where time passes forever)."},
		{"A<> P.done", protocol.VerdictNotSatisfied, trace(4, "deadlock", 0),
			"Counterexample: a path on which P.done never holds (it ends in state 4 in a deadlock: no transition can be taken and time cannot pass)."},
		{"p --> q", protocol.VerdictSatisfied, nil, "Whenever p holds, q follows on every path."},
		{"p --> q", protocol.VerdictNotSatisfied, nil, "Some path reaches p and then never q."},
		{"A<> P.done", protocol.VerdictSatisfied, nil, "On every path P.done eventually holds."},
		{"E[] x <= 3", protocol.VerdictNotSatisfied, nil, "No path keeps x <= 3 forever."},
		{"p --> q", protocol.VerdictUnknown, nil, ""},
		{"E<> p", protocol.VerdictSatisfied, trace(2, "", 0), ""},
	} {
		res := &protocol.Result{Formula: c.formula, Verdict: c.verdict, Trace: c.tr}
		if got := livenessText(res); got != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.formula, c.verdict, got, c.want)
		}
	}
}

func TestValuesText(t *testing.T) {
	vs := []protocol.Value{{Expr: "Task(0).wcrt", Text: "12"}, {Expr: "x", Text: "≤ 15"}, {Expr: "y", Text: "< 4"},
		{Expr: "z", Text: "∞"}, {Expr: "w", Text: "none"}}
	want := "sup: Task(0).wcrt = 12, x ≤ 15, y < 4, z = ∞, w: none"
	if got := valuesText("sup{P.a}: Task(0).wcrt, x, y, z, w", vs); got != want {
		t.Errorf("valuesText:\n got %q\nwant %q", got, want)
	}
	if got := valuesText("inf: x", vs[1:2]); got != "inf: x ≤ 15" {
		t.Errorf("inf: %q", got)
	}
	if !hasNone(vs) || hasNone(vs[:4]) {
		t.Error("hasNone")
	}
}

func TestStatusLine(t *testing.T) {
	for _, c := range []struct {
		res         protocol.Result
		text, class string
	}{
		{protocol.Result{Formula: "E<> p", Verdict: "satisfied"}, "Property is satisfied. Explored 3.", "satisfied"},
		{protocol.Result{Formula: "A[] p", Verdict: "not satisfied"}, "Property is not satisfied. Explored 3.", "not-satisfied"},
		{protocol.Result{Formula: "p --> q", Verdict: "not satisfied", Trace: trace(4, "loop", 1)},
			"Property is not satisfied. Counterexample: a path on which p holds and q never follows (loop: the steps from state 1 to state 4 repeat forever). Explored 3.", "not-satisfied"},
		{protocol.Result{Formula: "sup: n", Verdict: "satisfied", Values: []protocol.Value{{Expr: "n", Text: "7"}}},
			"Answered: sup: n = 7. Explored 3.", "answered"},
		{protocol.Result{Formula: "inf{P.a}: x", Verdict: "satisfied", Values: []protocol.Value{{Expr: "x", Text: "none"}}},
			"Answered: inf: x: none (none: no reachable state satisfies the condition). Explored 3.", "answered"},
		{protocol.Result{Formula: "p --> q", Verdict: "unknown", Reason: "the state budget ran out"},
			"Not decided: the state budget ran out. Explored 3.", "failed"},
		{protocol.Result{Formula: "E<> p", Verdict: "error", Reason: "division by zero"}, "error: division by zero Explored 3.", "failed"},
	} {
		text, class := statusLine(&c.res, " Explored 3.")
		if text != c.text || class != c.class {
			t.Errorf("%s %s:\n got %q (%s)\nwant %q (%s)", c.res.Formula, c.res.Verdict, text, class, c.text, c.class)
		}
	}
}
