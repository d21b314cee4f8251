// Tests of the xta reader: structure and positions in UPPAAL 4 and 3.x
// syntax, and malformed input.

package uppaal

import (
	"strings"
	"testing"

	"beeline/core/source"
)

func TestXTANew(t *testing.T) {
	fs, doc, diags := readTestdata(t, "new.xta")
	expectNoDiags(t, fs, diags)
	if doc.Format != FormatXTA || len(doc.Templates) != 2 {
		t.Fatalf("structure:\n%s", summarize(doc))
	}
	// Global declarations before P and between P and Q, joined.
	expectAt(t, fs, doc.Declaration, "const int N", 1, "2:1")
	expectAt(t, fs, doc.Declaration, "int f", 1, "6:1")
	expectAt(t, fs, doc.Declaration, "int g", 1, "25:1")
	if strings.Contains(doc.Declaration.Text(), "process") {
		t.Errorf("declaration holds a process: %q", doc.Declaration.Text())
	}
	expectText(t, "system", doc.System, "\n\nR = P(0, g);\nsystem R, Q;\n\n")
	if len(doc.Queries) != 2 {
		t.Fatalf("%d queries", len(doc.Queries))
	}
	expectText(t, "query 1", doc.Queries[0].Formula, "E<> R.done")
	expectAt(t, fs, doc.Queries[0].Formula, "E", 1, "35:9")
	expectAt(t, fs, doc.Queries[1].Formula, "A[]", 1, "36:9")

	p := doc.Templates[0]
	expectText(t, "name", p.Name, "P")
	if lineCol(fs, p.Pos) != "8:1" || at(fs, p.Name, 0) != "8:9" {
		t.Errorf("process at %s, name at %s", lineCol(fs, p.Pos), at(fs, p.Name, 0))
	}
	expectText(t, "parameter", p.Parameter, "const id_t i, int &v")
	expectAt(t, fs, p.Parameter, "const", 1, "8:11")
	expectAt(t, fs, p.Declaration, "clock x;", 1, "9:5")
	expectAt(t, fs, p.Declaration, "int[0,3] k = 0;", 1, "10:5")
	if strings.Contains(p.Declaration.Text(), "state") {
		t.Errorf("local declaration runs into the states: %q", p.Declaration.Text())
	}

	var ids []string
	for _, l := range p.Locations {
		s := l.ID
		if l.Urgent {
			s += " urgent"
		}
		if l.Committed {
			s += " committed"
		}
		if l.At != nil || l.Name.Text() != l.ID {
			t.Errorf("location %s: name %q, at %v", l.ID, l.Name.Text(), l.At)
		}
		ids = append(ids, s)
	}
	if strings.Join(ids, ", ") != "idle, busy urgent, done committed" {
		t.Errorf("locations: %s", strings.Join(ids, ", "))
	}
	idle, busy := p.Locations[0], p.Locations[1]
	if lineCol(fs, idle.Pos) != "12:9" {
		t.Errorf("idle at %s", lineCol(fs, idle.Pos))
	}
	expectText(t, "idle invariant", idle.Invariant.Text, "x <= 5")
	expectAt(t, fs, idle.Invariant.Text, "x", 1, "12:16")
	expectText(t, "busy invariant", busy.Invariant.Text, "x <= 3")
	if len(busy.Other) != 1 || busy.Other[0].Kind != "exponentialrate" {
		t.Fatalf("busy labels: %+v", busy.Other)
	}
	expectText(t, "busy rate", busy.Other[0].Text, "2")
	expectAt(t, fs, busy.Other[0].Text, "2", 1, "13:24")
	if len(p.Branchpoints) != 1 || p.Branchpoints[0].ID != "bp" || lineCol(fs, p.Branchpoints[0].Pos) != "15:17" {
		t.Errorf("branchpoints: %+v", p.Branchpoints)
	}
	if p.Init != "idle" || lineCol(fs, p.InitPos) != "18:10" {
		t.Errorf("init %q at %s", p.Init, lineCol(fs, p.InitPos))
	}

	if len(p.Edges) != 3 {
		t.Fatalf("%d edges", len(p.Edges))
	}
	e0, e1, e2 := p.Edges[0], p.Edges[1], p.Edges[2]
	if e0.Source != "idle" || e0.Target != "busy" || e0.ID != "" || lineCol(fs, e0.Pos) != "20:9" || lineCol(fs, e0.TargetPos) != "20:17" {
		t.Errorf("edge 0 %s -> %s at %s, target at %s", e0.Source, e0.Target, lineCol(fs, e0.Pos), lineCol(fs, e0.TargetPos))
	}
	expectText(t, "select", e0.Select.Text, "j : id_t")
	expectAt(t, fs, e0.Select.Text, "j", 1, "20:31")
	if lineCol(fs, e0.Select.Pos) != "20:24" || lineCol(fs, e0.Guard.Pos) != "20:41" {
		t.Errorf("select keyword at %s, guard keyword at %s", lineCol(fs, e0.Select.Pos), lineCol(fs, e0.Guard.Pos))
	}
	expectText(t, "guard", e0.Guard.Text, "x >= 1 && k < 3")
	expectAt(t, fs, e0.Guard.Text, "x", 1, "20:47")
	expectAt(t, fs, e0.Guard.Text, "<", 1, "20:59")
	expectText(t, "sync", e0.Sync.Text, "c[j]!")
	expectAt(t, fs, e0.Sync.Text, "c", 1, "20:69")
	expectText(t, "assign", e0.Assign.Text, "x = 0, k++")
	expectAt(t, fs, e0.Assign.Text, "x", 1, "20:83")
	if e1.Source != "idle" || e1.Target != "done" || lineCol(fs, e1.Pos) != "21:9" || lineCol(fs, e1.SourcePos) != "20:9" {
		t.Errorf("edge 1 %s -> %s at %s, source at %s", e1.Source, e1.Target, lineCol(fs, e1.Pos), lineCol(fs, e1.SourcePos))
	}
	expectAt(t, fs, e1.Guard.Text, "v == i", 1, "21:25")
	if e2.Source != "busy" || e2.Target != "idle" || !e2.Uncontrollable || e0.Uncontrollable {
		t.Errorf("edge 2: %+v", e2)
	}
	expectAt(t, fs, e2.Sync.Text, "c[i]?", 1, "22:31")
	expectText(t, "assign", e2.Assign.Text, "k = (k + 1) % 4")
	if len(e2.Other) != 1 || e2.Other[0].Kind != "probability" {
		t.Fatalf("edge 2 other labels: %+v", e2.Other)
	}
	expectAt(t, fs, e2.Other[0].Text, "3", 1, "22:74")

	q := doc.Templates[1]
	expectText(t, "Q", q.Name, "Q")
	if q.Parameter != nil || q.Declaration != nil || len(q.Locations) != 1 || q.Init != "s" || len(q.Edges) != 0 {
		t.Errorf("template Q:\n%s", summarize(doc))
	}
}

func TestXTAOld(t *testing.T) {
	fs, doc, diags := readTestdata(t, "old.xta")
	expectNoDiags(t, fs, diags)
	expectAt(t, fs, doc.Declaration, "clock x", 1, "2:1")
	expectAt(t, fs, doc.Declaration, ":= 0", 1, "3:12")
	tp := doc.Templates[0]
	expectText(t, "parameter", tp.Parameter, "const id; const bound")
	expectAt(t, fs, tp.Parameter, "const", 1, "5:11")
	if tp.Declaration != nil {
		t.Errorf("declaration %q", tp.Declaration.Text())
	}
	a := tp.Locations[0]
	expectText(t, "invariant", a.Invariant.Text, "x < 5, y <= 2")
	expectAt(t, fs, a.Invariant.Text, "x", 1, "6:10")
	if len(tp.Locations) != 3 || !tp.Locations[2].Committed || tp.Init != "a" {
		t.Errorf("template:\n%s", summarize(doc))
	}
	e0, e1, e2 := tp.Edges[0], tp.Edges[1], tp.Edges[2]
	expectText(t, "guard", e0.Guard.Text, "x >= 1, n < 4")
	expectAt(t, fs, e0.Guard.Text, "x", 1, "9:22")
	expectAt(t, fs, e0.Sync.Text, "go!", 1, "9:42")
	expectText(t, "assign", e0.Assign.Text, "x := 0, n := n + 1")
	expectAt(t, fs, e0.Assign.Text, "x", 1, "9:54")
	if e1.Source != "a" || e1.Target != "c" || e2.Source != "b" || e2.Target != "a" {
		t.Errorf("edges %s->%s, %s->%s", e1.Source, e1.Target, e2.Source, e2.Target)
	}
	expectAt(t, fs, e1.Assign.Text, "y := 0", 1, "10:21")
	expectAt(t, fs, e2.Guard.Text, "y == bound", 1, "11:16")
	expectAt(t, fs, doc.System, "T1 :=", 1, "14:1")
}

func TestXTANoProcess(t *testing.T) {
	fs, doc, diags := readString(t, "s.xta", "int x;\nsystem;\n")
	expectNoDiags(t, fs, diags)
	if doc.Declaration != nil {
		t.Errorf("declaration %q", doc.Declaration.Text())
	}
	expectText(t, "system", doc.System, "int x;\nsystem;\n")
	_, doc, _ = readString(t, "e.xta", " \n\t")
	if doc.System != nil || doc.Declaration != nil {
		t.Errorf("blank file gives a system")
	}
}

// TestXTAComments checks that comments and strings hide keywords.
func TestXTAComments(t *testing.T) {
	src := "// process A { }\n/* process B { } */\nint s = \"process\";\nprocess P { state a; /* init b; */ init a; trans a -> a { guard x > 0 /* ; */; }; }\nsystem P;\n"
	fs, doc, diags := readString(t, "c.xta", src)
	expectNoDiags(t, fs, diags)
	if len(doc.Templates) != 1 || doc.Templates[0].Init != "a" {
		t.Fatalf("templates:\n%s", summarize(doc))
	}
	expectText(t, "guard", doc.Templates[0].Edges[0].Guard.Text, "x > 0 /* ; */")
}

func TestXTAErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"undeclared flag", "process P { state a; commit z; urgent a; init a; }",
			[]string{`t.xta:1:29: undeclared location "z"`}},
		{"missing brace", "process P state a; }\nsystem P;",
			[]string{"t.xta:1:11: expected '{', found 'state'"}},
		{"unclosed body", "process P { state a; init a;\nsystem P;",
			[]string{
				"t.xta:1:11: '{' of process P is not closed",
				"t.xta:2:1: expected 'state', 'commit', 'urgent', 'init', 'trans' or '}', found 'system'",
			}},
		{"unterminated comment", "int x;\n/* no end\nsystem P;",
			[]string{"t.xta:2:1: comment not terminated"}},
		{"unterminated string", "int x = \"abc\nsystem P;",
			[]string{"t.xta:1:9: string literal not terminated"}},
		{"duplicate init", "process P { state a, b; init a; init b; }",
			[]string{"t.xta:1:33: duplicate init"}},
		{"duplicate location", "process P { state a, a; init a; }",
			[]string{`t.xta:1:22: duplicate location "a"`}},
		{"missing comma", "process P { state a b; init a; }",
			[]string{"t.xta:1:21: expected ',' or ';', found 'b'"}},
		{"stray operator", "process P { state a, = b; init a; }",
			[]string{"t.xta:1:22: warning: unexpected '=' in state list ignored"}},
		{"missing arrow", "process P { state a, b; init a; trans a b { }; }",
			[]string{"t.xta:1:41: expected '->', found 'b'"}},
		{"bad edge label", "process P { state a; init a; trans a -> a { foo x; guard y; }; }",
			[]string{"t.xta:1:45: expected 'select', 'guard', 'sync', 'assign' or '}', found 'foo'"}},
		{"duplicate guard", "process P { state a; init a; trans a -> a { guard x; guard y; }; }",
			[]string{"t.xta:1:54: duplicate guard"}},
		{"missing semicolon", "process P { state a; init a; trans a -> a { } }",
			[]string{"t.xta:1:47: expected ',' or ';', found '}'"}},
		{"no name", "process { state a; init a; }",
			[]string{"t.xta:1:9: expected process name, found '{'"}},
		{"arrow first", "process P { state a; init a; trans -> a { }; }",
			[]string{"t.xta:1:36: expected source location, found '->'"}},
		{"unclosed parameters", "process P(int x { state a; }",
			[]string{
				"t.xta:1:10: '(' is not closed",
				"t.xta:1:29: expected '{', found end of file",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, _, diags := readString(t, "t.xta", tt.src)
			expectDiags(t, fs, diags, tt.want...)
		})
	}
}

func TestXTAByteOrderMark(t *testing.T) {
	fs, doc, diags := readString(t, "bom.xta", "\xef\xbb\xbfint x;\nprocess P { state a; init a; }\nsystem P;")
	expectNoDiags(t, fs, diags)
	expectText(t, "declaration", doc.Declaration, "int x;\n")
	expectAt(t, fs, doc.Declaration, "int", 1, "1:4")
	fs = source.NewFileSet()
	qs, _ := ReadQueries(fs, "bom.q", []byte("\xef\xbb\xbfE<> x"))
	if len(qs) != 1 {
		t.Fatalf("%d queries", len(qs))
	}
	expectText(t, "formula", qs[0].Formula, "E<> x")
}

// TestXTAQueryBlockComment checks that a comment after `query` is
// reported once, although the reader looks past it for a '{'.
func TestXTAQueryBlockComment(t *testing.T) {
	fs := source.NewFileSet()
	_, diags := Read(fs, "q.xta", []byte("system P;\nquery /* open"))
	if len(diags) != 1 || fs.Format(diags[0]) != "q.xta:2:7: comment not terminated" {
		for _, d := range diags {
			t.Errorf("%s", fs.Format(d))
		}
	}
}

// TestXTARecovery checks that a broken process does not swallow the next.
func TestXTARecovery(t *testing.T) {
	for _, src := range []string{
		"process P { state a; init process Q { state b; init b; }\nsystem P;",
		"process P { state a; init a; trans process Q { state b; init b; }\nsystem P;",
		"process P { state a; init a; trans a -> process Q { state b; init b; }\nsystem P;",
		"process P { state a, process Q { state b; init b; }\nsystem P;",
		"process P(int x { state process Q { state b; init b; }\nsystem P;",
	} {
		_, doc, diags := readString(t, "r.xta", src)
		if len(doc.Templates) != 2 || doc.Templates[1].Init != "b" || len(diags) == 0 {
			t.Errorf("%q: %d templates, %d diagnostics\n%s", src, len(doc.Templates), len(diags), summarize(doc))
		}
		expectText(t, "system", doc.System, "\nsystem P;")
	}
}
