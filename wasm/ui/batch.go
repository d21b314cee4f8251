// Checking several queries at once: the query list's selection of
// several rows, and the summary line that counts the verdicts, as
// UPPAAL's verifier does.

package main

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// pickHow is how a click or a key changes the query list's selection.
type pickHow int

const (
	// pickOnly selects the row alone (a plain click, or an arrow key).
	pickOnly pickHow = iota
	// pickToggle adds the row to the selection or takes it out
	// (Ctrl-click, Cmd-click, Space).
	pickToggle
	// pickRange selects the rows from the anchor to the row, in place of
	// the selection (Shift-click, Shift+arrow).
	pickRange
)

// pickRows returns the selection of a list of len(picked) rows after
// row i is clicked or reached by a key, how says how, and the anchor the
// next range extends from. anchor is the row the last plain or toggling
// pick was made on; -1 (or out of range) when none, and a range then
// starts at i. picked is not changed.
func pickRows(picked []bool, anchor, i int, how pickHow) ([]bool, int) {
	out := make([]bool, len(picked))
	if i < 0 || i >= len(picked) {
		copy(out, picked)
		return out, anchor
	}
	switch how {
	case pickToggle:
		copy(out, picked)
		out[i] = !out[i]
		return out, i
	case pickRange:
		if anchor < 0 || anchor >= len(picked) {
			anchor = i
		}
		for j := min(anchor, i); j <= max(anchor, i); j++ {
			out[j] = true
		}
		return out, anchor
	}
	out[i] = true
	return out, i
}

// tally counts the outcomes of a run of checks: the queries it was
// asked to check (total), those it skipped because they cannot be
// checked, and, of the others, how each ended. A sup or inf query that
// got its values is answered, not satisfied.
type tally struct {
	total                                            int
	satisfied, notSatisfied, unknown, answered, errs int
	skipped, cancelled                               int
	// note, when set, ends the summary: why the run stopped early.
	note string
}

// add counts one query's end: its verdict ("satisfied", "not
// satisfied", "unknown", "error", or "" when it was stopped before it
// had one), and whether it answered with values.
func (t *tally) add(verdict protocol.Verdict, answered bool) {
	switch {
	case verdict == rowUnchecked:
		t.cancelled++
	case answered:
		t.answered++
	case verdict == protocol.VerdictSatisfied:
		t.satisfied++
	case verdict == protocol.VerdictNotSatisfied:
		t.notSatisfied++
	case verdict == protocol.VerdictUnknown:
		t.unknown++
	default:
		t.errs++
	}
}

// ended is how many queries have ended, skipped ones included.
func (t tally) ended() int {
	return t.satisfied + t.notSatisfied + t.unknown + t.answered + t.errs + t.skipped + t.cancelled
}

// summary is the run's summary line: "14 queries: 10 satisfied, 3 not
// satisfied, 1 unknown", then "checking 5 of 12…" while it runs (the
// queries that can be checked are counted there, not those skipped).
// Counts of zero are left out, but for a run that has ended nothing yet.
func (t tally) summary(running bool) string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+what)
		}
	}
	add(t.satisfied, "satisfied")
	add(t.notSatisfied, "not satisfied")
	add(t.unknown, "unknown")
	add(t.answered, "answered")
	add(t.errs, noun(t.errs, "error", "errors"))
	add(t.skipped, "skipped")
	add(t.cancelled, "cancelled")
	text := strconv.Itoa(t.total) + " " + noun(t.total, "query", "queries")
	if len(parts) > 0 {
		text += ": " + strings.Join(parts, ", ")
	}
	if running {
		checkable := t.total - t.skipped
		at := t.ended() - t.skipped + 1
		sep := "; "
		if len(parts) == 0 {
			sep = ": "
		}
		text += sep + "checking " + strconv.Itoa(at) + " of " + strconv.Itoa(checkable) + "…"
	}
	if t.note != "" {
		text += " (" + t.note + ")"
	}
	return text
}

// noun is one or many, as n asks.
func noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// rowStats says how far a query's search went, beside its row: "1,234
// states explored, 0.52 s".
func rowStats(explored int64, seconds float64) string {
	return groupThousands(explored) + " " + noun(int(min(explored, 2)), "state", "states") + " explored, " + state.FormatFloat(seconds) + " s"
}

// groupThousands writes n with commas between groups of three digits.
func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
