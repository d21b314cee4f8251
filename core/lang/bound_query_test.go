package lang

import (
	"strings"
	"testing"

	"beeline/core/source"
)

// TestBoundQueries checks sup and inf queries: the condition, the list with
// the position of each expression, and the print, which reads back.
func TestBoundQueries(t *testing.T) {
	for _, tt := range []struct {
		src   string
		kind  QueryKind
		cond  string // "" when there is none
		list  []string
		cols  []int // 1-based column of each expression of the list
		print string
	}{
		{"sup: x", QuerySup, "", []string{"x"}, []int{6}, "sup: x"},
		{"sup : Task(0).wcrt , Task(1).wcrt, Task(2).wcrt", QuerySup, "",
			[]string{"Task(0).wcrt", "Task(1).wcrt", "Task(2).wcrt"}, []int{7, 22, 36},
			"sup: Task(0).wcrt, Task(1).wcrt, Task(2).wcrt"},
		{"sup{Train(1).Crossing}: Train(1).x", QuerySup, "Train(1).Crossing", []string{"Train(1).x"}, []int{25},
			"sup{Train(1).Crossing}: Train(1).x"},
		{"inf {Task(0).EndPeriod}: Task(0).wcrt\n", QueryInf, "Task(0).EndPeriod", []string{"Task(0).wcrt"}, []int{26},
			"inf{Task(0).EndPeriod}: Task(0).wcrt"},
		{"inf{Gate.Occ && x > 3}: Gate.len, a[i+1] * 2", QueryInf, "Gate.Occ && x > 3",
			[]string{"Gate.len", "a[i + 1] * 2"}, []int{25, 35}, "inf{Gate.Occ && x > 3}: Gate.len, a[i + 1] * 2"},
		// sup and inf are ordinary names elsewhere.
		{"sup{sup > 1}: inf, sup", QuerySup, "sup > 1", []string{"inf", "sup"}, []int{15, 20}, "sup{sup > 1}: inf, sup"},
		{"inf: (x)", QueryInf, "", []string{"(x)"}, []int{6}, "inf: (x)"},
		{"/* c */ sup: n // worst case", QuerySup, "", []string{"n"}, []int{14}, "sup: n"},
	} {
		fs := source.NewFileSet()
		seg := fs.AddText("q", tt.src)
		var errs source.List
		q := ParseQuery(tt.src, seg.Pos(0), &errs)
		if len(errs) > 0 {
			t.Errorf("ParseQuery(%q): %v", tt.src, errs)
			continue
		}
		if q.Kind != tt.kind {
			t.Errorf("ParseQuery(%q): kind %d, want %d", tt.src, q.Kind, tt.kind)
		}
		switch {
		case tt.cond == "" && q.Prop != nil:
			t.Errorf("ParseQuery(%q): condition %q, want none", tt.src, ExprString(q.Prop))
		case tt.cond != "" && (q.Prop == nil || ExprString(q.Prop) != tt.cond):
			t.Errorf("ParseQuery(%q): condition %v, want %q", tt.src, q.Prop, tt.cond)
		}
		var list []string
		var cols []int
		for _, e := range q.List {
			list = append(list, ExprString(e))
			cols = append(cols, fs.Position(e.Pos()).Column)
		}
		if strings.Join(list, "|") != strings.Join(tt.list, "|") || !equalInts(cols, tt.cols) {
			t.Errorf("ParseQuery(%q): list %q at columns %v, want %q at %v", tt.src, list, cols, tt.list, tt.cols)
		}
		if got := QueryString(q); got != tt.print {
			t.Errorf("QueryString(ParseQuery(%q)) = %q, want %q", tt.src, got, tt.print)
		}
		again, errs2 := parseText(tt.print, ParseQuery)
		if len(errs2) > 0 || again.Kind != q.Kind || QueryString(again) != tt.print {
			t.Errorf("%q does not read back: %v", tt.print, errs2)
		}
		if q.Pos() != seg.Pos(strings.Index(tt.src, tt.print[:3])) || q.End() > seg.Pos(len(strings.TrimRight(tt.src, "\n"))) {
			t.Errorf("ParseQuery(%q) spans [%d,%d)", tt.src, q.Pos(), q.End())
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBoundQueryErrors(t *testing.T) {
	expectErrors(t, "sup:", ParseQuery, "1:5: expected expression, found end of text")
	expectErrors(t, "sup: x,", ParseQuery, "1:8: expected expression, found end of text")
	expectErrors(t, "sup: x y", ParseQuery, "1:8: expected end of query, found 'y'")
	expectErrors(t, "sup{p: x", ParseQuery, "1:6: expected '}', found ':'")
	expectErrors(t, "inf{p} x", ParseQuery, "1:8: expected ':', found 'x'")
	expectErrors(t, "inf{}: x", ParseQuery, "1:5: expected expression, found '}'")
	expectErrors(t, "inf{p}", ParseQuery, "1:7: expected ':', found end of text")
	// Without ':' or '{' the word is a name, and this is no query.
	expectErrors(t, "sup x", ParseQuery, "1:1: expected 'E<>', 'E[]', 'A<>', 'A[]' or a leads-to formula (p --> q)")

	// A broken query still has a list to compile, and no nil in it.
	for _, src := range []string{"sup:", "sup{", "inf{p} x", "sup: x,"} {
		q, _ := parseText(src, ParseQuery)
		if q == nil || q.Kind != QuerySup && q.Kind != QueryInf || len(q.List) == 0 {
			t.Errorf("ParseQuery(%q) = %+v, want a sup or inf query with a list", src, q)
			continue
		}
		for _, e := range q.List {
			if e == nil {
				t.Errorf("ParseQuery(%q): nil expression in the list", src)
			}
		}
	}
}
