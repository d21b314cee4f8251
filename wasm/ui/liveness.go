// Liveness traces and sup/inf answers in words: how a trace ends (a loop
// that repeats forever, time passing forever, a deadlock), the verdict
// line of E[], A<> and -->, and the values of a sup or inf query; and the
// verifier's status line that says them.

package main

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// Ends of a trace (protocol.Trace's End).
const (
	endLoop     = "loop"
	endDelay    = "delay"
	endDeadlock = "deadlock"
)

// queryKind names the kind of a formula as UPPAAL users write it: "E<>",
// "A[]", "E[]", "A<>", "-->", "sup", "inf", or "" when it is none of
// these. It reads the text only: the engine has already parsed the
// formula, and the page needs no more than its kind to word a verdict.
func queryKind(formula string) string {
	f := strings.TrimSpace(formula)
	for _, k := range []string{"E<>", "A[]", "E[]", "A<>"} {
		if strings.HasPrefix(f, k) {
			return k
		}
	}
	for _, k := range []string{"sup", "inf"} {
		if rest, ok := strings.CutPrefix(f, k); ok {
			if rest = strings.TrimSpace(rest); rest != "" && (rest[0] == ':' || rest[0] == '{') {
				return k
			}
		}
	}
	if strings.Contains(f, "-->") {
		return "-->"
	}
	return ""
}

// lassoHead returns the loop head of a lasso trace and true; false when
// the trace is no lasso or its head is out of range (no step repeats).
func lassoHead(tr *protocol.Trace) (int, bool) {
	if tr == nil || tr.End != endLoop || tr.Loop < 0 || tr.Loop >= len(tr.Steps) {
		return -1, false
	}
	return tr.Loop, true
}

// rowMark is how row k of the step list is marked: classes for the band
// of a lasso's loop (loop, loop-head, loop-end) or a maximal path's end
// (end-delay, end-deadlock), and a label shown beside the step.
type rowMark struct {
	class string
	label string
}

// endMark marks row k (state k) of a trace's step list.
func endMark(tr *protocol.Trace, k int) rowMark {
	last := len(tr.Steps)
	if head, ok := lassoHead(tr); ok {
		switch {
		case k == head:
			return rowMark{"loop loop-head", "⟳ loop starts here"}
		case k == last:
			return rowMark{"loop loop-end", "↺ back to the loop head (state " + strconv.Itoa(head) + ")"}
		case k > head && k < last:
			return rowMark{"loop", ""}
		}
		return rowMark{}
	}
	if k != last {
		return rowMark{}
	}
	switch tr.End {
	case endDelay:
		return rowMark{"end-delay", "⧗ time passes forever here"}
	case endDeadlock:
		label := "✕ deadlock: no transition can be taken and time cannot pass"
		if tr.Final > 0 {
			label = "✕ after a delay of " + state.FormatRat(tr.Final, tr.Den) + ", deadlock: no transition can be taken and time cannot pass"
		}
		return rowMark{"end-deadlock", label}
	}
	return rowMark{}
}

// traceTitle is the heading of the trace player: the formula, the number
// of steps, and how the run goes on after the last.
func traceTitle(formula string, tr *protocol.Trace) string {
	n := len(tr.Steps)
	s := "for " + formula + " (" + strconv.Itoa(n) + " steps"
	if head, ok := lassoHead(tr); ok && n-head == 1 {
		s += "; the last repeats forever"
	} else if ok {
		s += "; the last " + strconv.Itoa(n-head) + " repeat forever"
	}
	switch tr.End {
	case endDelay:
		s += "; then time passes forever"
	case endDeadlock:
		s += "; then a deadlock"
	}
	return s + ")"
}

// stepOf says which state the player shows; the last state of a lasso is
// the loop head again, and says so.
func stepOf(tr *protocol.Trace, pos int) string {
	n := len(tr.Steps)
	s := "state " + strconv.Itoa(pos) + " of " + strconv.Itoa(n)
	if head, ok := lassoHead(tr); ok && pos == n {
		s += " (the loop head, state " + strconv.Itoa(head) + ", again)"
	}
	return s
}

// endPhrase says how a witness or counterexample of a liveness query
// goes on after its last step.
func endPhrase(tr *protocol.Trace) string {
	n := strconv.Itoa(len(tr.Steps))
	if head, ok := lassoHead(tr); ok {
		return " (loop: the steps from state " + strconv.Itoa(head) + " to state " + n + " repeat forever)"
	}
	switch tr.End {
	case endDelay:
		return " (it ends in state " + n + ", where time passes forever)"
	case endDeadlock:
		return " (it ends in state " + n + " in a deadlock: no transition can be taken and time cannot pass)"
	}
	return ""
}

// livenessText words the verdict of an E[], A<> or --> query: what its
// witness or counterexample shows, or, without a trace, what the verdict
// means. It returns "" for other kinds and for verdicts that decide
// nothing.
func livenessText(res *protocol.Result) string {
	kind := queryKind(res.Formula)
	f := strings.TrimSpace(res.Formula)
	body := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(f, "E[]"), "A<>"))
	p, q, _ := strings.Cut(f, "-->")
	p, q = strings.TrimSpace(p), strings.TrimSpace(q)
	sat := res.Verdict == protocol.VerdictSatisfied
	if !res.Verdict.Decided() {
		return ""
	}
	// The path the trace shows, when the verdict has one.
	var path string
	switch {
	case kind == "E[]" && sat:
		path = "Witness: a path on which " + body + " holds forever"
	case kind == "A<>" && !sat:
		path = "Counterexample: a path on which " + body + " never holds"
	case kind == "-->" && !sat:
		path = "Counterexample: a path on which " + p + " holds and " + q + " never follows"
	}
	if path != "" && res.Trace != nil {
		return path + endPhrase(res.Trace) + "."
	}
	switch {
	case kind == "E[]" && sat:
		return "Some path keeps " + body + " forever."
	case kind == "E[]":
		return "No path keeps " + body + " forever."
	case kind == "A<>" && sat:
		return "On every path " + body + " eventually holds."
	case kind == "A<>":
		return "Some path never reaches " + body + "."
	case kind == "-->" && sat:
		return "Whenever " + p + " holds, " + q + " follows on every path."
	case kind == "-->":
		return "Some path reaches " + p + " and then never " + q + "."
	}
	return ""
}

// statusLine is the verifier's status line for a result, and its class:
// the verdict, what a liveness verdict's trace shows (or what the verdict
// means), a sup or inf query's values, then stats (the statistics, with
// a leading space).
func statusLine(res *protocol.Result, stats string) (text, class string) {
	if live := livenessText(res); live != "" {
		stats = " " + live + stats
	}
	switch {
	case len(res.Values) > 0:
		note := ""
		if hasNone(res.Values) {
			note = " (none: no reachable state satisfies the condition)"
		}
		return "Answered: " + valuesText(res.Formula, res.Values) + note + "." + stats, "answered"
	case res.Verdict == protocol.VerdictSatisfied:
		return "Property is satisfied." + stats, "satisfied"
	case res.Verdict == protocol.VerdictNotSatisfied:
		return "Property is not satisfied." + stats, "not-satisfied"
	case res.Verdict == protocol.VerdictUnknown:
		return "Not decided: " + res.Reason + "." + stats, "failed"
	}
	return res.Verdict.String() + ": " + res.Reason + stats, "failed"
}

// valuesText lists the answers of a sup or inf query: "sup: len = 3,
// Train(0).x ≤ 20".
func valuesText(formula string, vs []protocol.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = valueText(v)
	}
	s := strings.Join(parts, ", ")
	if k := queryKind(formula); k == "sup" || k == "inf" {
		s = k + ": " + s
	}
	return s
}

// valueText writes one answer: "e = 42", "x ≤ 15", "x < 15", "e = ∞", or
// "e: none" when no reachable state satisfies the query's condition.
func valueText(v protocol.Value) string {
	t := strings.TrimSpace(v.Text)
	switch {
	case t == "none":
		return v.Expr + ": none"
	case strings.HasPrefix(t, "≤"), strings.HasPrefix(t, "<"), strings.HasPrefix(t, "≥"), strings.HasPrefix(t, ">"):
		return v.Expr + " " + t
	}
	return v.Expr + " = " + t
}

// hasNone reports whether some answer is "none".
func hasNone(vs []protocol.Value) bool {
	for _, v := range vs {
		if strings.TrimSpace(v.Text) == "none" {
			return true
		}
	}
	return false
}

// ignoresHeuristic names the kind of formula when the engine checks
// queries of that kind without a heuristic: "E[]", "A<>" and "-->" (a
// depth-first search for a loop or a path that ends), "sup" and "inf" (a
// full exploration). It returns "" for E<> and A[] queries, which a
// heuristic directs. Blanks may separate a quantifier's letter from its
// operator, as the query scanner allows.
func ignoresHeuristic(formula string) string {
	f := strings.TrimSpace(formula)
	if f != "" && (f[0] == 'E' || f[0] == 'A') {
		rest := strings.TrimLeft(f[1:], " \t")
		for _, op := range []string{"[]", "<>"} {
			if strings.HasPrefix(rest, op) {
				if k := f[:1] + op; k == "E[]" || k == "A<>" {
					return k
				}
				return ""
			}
		}
	}
	switch k := queryKind(f); k {
	case "-->", "sup", "inf":
		return k
	}
	return ""
}

// ignoredNote says, beside the heuristic menu, that the query formula is
// of a kind the engine checks without a heuristic, and why; the menu
// keeps its choice for the next reachability query. It is "" for the
// kinds a heuristic directs.
func ignoredNote(formula string) string {
	const keeps = "; the menu keeps its choice for E<> and A[] queries."
	switch k := ignoresHeuristic(formula); k {
	case "E[]", "A<>", "-->":
		return "This query kind (" + k + ") ignores the heuristic: liveness is decided by a depth-first search for a loop or a path that ends, with no single target to aim at" + keeps
	case "sup", "inf":
		return "This query kind (" + k + ") ignores the heuristic: sup and inf explore every reachable state" + keeps
	}
	return ""
}
