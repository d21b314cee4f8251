package main

import (
	"strings"
	"testing"

	"beeline/core/protocol"
)

// rowsText writes a selection as "x.x." (x picked).
func rowsText(picked []bool) string {
	var b strings.Builder
	for _, p := range picked {
		if p {
			b.WriteByte('x')
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

func rowsOf(s string) []bool {
	out := make([]bool, len(s))
	for i, c := range s {
		out[i] = c == 'x'
	}
	return out
}

func TestPickRows(t *testing.T) {
	for _, c := range []struct {
		name       string
		picked     string
		anchor, at int
		how        pickHow
		want       string
		wantAnchor int
	}{
		{"a click selects the row alone", "xx.x.", 0, 2, pickOnly, "..x..", 2},
		{"Ctrl-click adds a row", "x....", 0, 3, pickToggle, "x..x.", 3},
		{"Ctrl-click takes a row out", "x..x.", 3, 0, pickToggle, "...x.", 0},
		{"Space takes the last row out: none picked", "..x..", 2, 2, pickToggle, ".....", 2},
		{"Shift-click selects down from the anchor", "x....", 1, 3, pickRange, ".xxx.", 1},
		{"Shift-click selects up from the anchor", ".....", 3, 0, pickRange, "xxxx.", 3},
		{"a range replaces the picks and keeps the anchor", "x...x", 2, 3, pickRange, "..xx.", 2},
		{"a range without an anchor is the row", "x....", -1, 4, pickRange, "....x", 4},
		{"an anchor past the end starts at the row", ".x", 7, 0, pickRange, "x.", 0},
		{"a row out of range changes nothing", ".x.", 1, 5, pickOnly, ".x.", 1},
		{"an empty list", "", -1, 0, pickOnly, "", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := rowsOf(c.picked)
			got, anchor := pickRows(in, c.anchor, c.at, c.how)
			if rowsText(got) != c.want || anchor != c.wantAnchor {
				t.Errorf("pickRows(%s, %d, %d, %d) = %s, anchor %d; want %s, anchor %d", c.picked, c.anchor, c.at, c.how, rowsText(got), anchor, c.want, c.wantAnchor)
			}
			if rowsText(in) != c.picked {
				t.Errorf("pickRows changed its argument to %s", rowsText(in))
			}
		})
	}
}

func TestSummary(t *testing.T) {
	for _, c := range []struct {
		name    string
		t       tally
		running bool
		want    string
	}{
		{"train-gate, all checked", tally{total: 14, satisfied: 12, notSatisfied: 2}, false, "14 queries: 12 satisfied, 2 not satisfied"},
		{"every kind", tally{total: 9, satisfied: 1, notSatisfied: 1, unknown: 1, answered: 1, errs: 2, skipped: 2, cancelled: 1}, false,
			"9 queries: 1 satisfied, 1 not satisfied, 1 unknown, 1 answered, 2 errors, 2 skipped, 1 cancelled"},
		{"one error", tally{total: 1, errs: 1}, false, "1 query: 1 error"},
		{"starting", tally{total: 14}, true, "14 queries: checking 1 of 14…"},
		{"on its way", tally{total: 14, satisfied: 3, notSatisfied: 1}, true, "14 queries: 3 satisfied, 1 not satisfied; checking 5 of 14…"},
		{"skipped ones are not counted as to check", tally{total: 5, skipped: 2, satisfied: 1}, true, "5 queries: 1 satisfied, 2 skipped; checking 2 of 3…"},
		{"cancelled", tally{total: 14, satisfied: 3, cancelled: 11}, false, "14 queries: 3 satisfied, 11 cancelled"},
		{"stopped by an edit", tally{total: 4, satisfied: 1, cancelled: 3, note: "the model was edited"}, false, "4 queries: 1 satisfied, 3 cancelled (the model was edited)"},
		{"nothing to check", tally{total: 2, skipped: 2}, false, "2 queries: 2 skipped"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.t.summary(c.running); got != c.want {
				t.Errorf("summary:\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestTallyAdd(t *testing.T) {
	var got tally
	for _, v := range []struct {
		verdict  protocol.Verdict
		answered bool
	}{
		{protocol.VerdictSatisfied, false}, {protocol.VerdictNotSatisfied, false}, {protocol.VerdictUnknown, false},
		{protocol.VerdictError, false}, {rowUnchecked, false}, {protocol.VerdictSatisfied, true}, {protocol.VerdictSatisfied, false},
	} {
		got.add(v.verdict, v.answered)
	}
	want := tally{satisfied: 2, notSatisfied: 1, unknown: 1, errs: 1, cancelled: 1, answered: 1}
	if got != want {
		t.Errorf("tally %+v, want %+v", got, want)
	}
	if got.ended() != 7 {
		t.Errorf("ended %d, want 7", got.ended())
	}
}

func TestRowStats(t *testing.T) {
	for _, c := range []struct {
		explored int64
		seconds  float64
		want     string
	}{
		{1, 0.0004, "1 state explored, 0 s"},
		{0, 0, "0 states explored, 0 s"},
		{1234, 0.52, "1,234 states explored, 0.52 s"},
		{12345678, 61.25, "12,345,678 states explored, 61.25 s"},
		{999, 1, "999 states explored, 1 s"},
	} {
		if got := rowStats(c.explored, c.seconds); got != c.want {
			t.Errorf("rowStats(%d, %v) = %q, want %q", c.explored, c.seconds, got, c.want)
		}
	}
}
