package source

import (
	"strings"
	"testing"
)

func TestFilePositions(t *testing.T) {
	fs := NewFileSet()
	f := fs.AddFile("a.xml", []byte("ab\ncd\r\n\nxyz"))
	tests := []struct {
		off       int
		line, col int
	}{
		{0, 1, 1}, {1, 1, 2}, {2, 1, 3}, {3, 2, 1}, {4, 2, 2}, {6, 2, 4}, {7, 3, 1}, {8, 4, 1}, {10, 4, 3}, {11, 4, 4},
	}
	for _, tt := range tests {
		p := fs.Position(f.Pos(tt.off))
		if p.Line != tt.line || p.Column != tt.col || p.Filename != "a.xml" || p.Offset != tt.off {
			t.Errorf("offset %d: got %+v, want line %d col %d", tt.off, p, tt.line, tt.col)
		}
	}
}

func TestSegmentRemap(t *testing.T) {
	// The file holds "x &lt; 5" on line 2; the text is "x < 5".
	src := "<g>\n  x &lt; 5</g>"
	fs := NewFileSet()
	f := fs.AddFile("m.xml", []byte(src))
	start := strings.Index(src, "x ")
	text := "x < 5"
	offs := []int32{int32(start), int32(start + 1), int32(start + 2), int32(start + 6), int32(start + 7), int32(start + 8)}
	seg := fs.AddSegment(f, text, offs)
	for i, wantCol := range []int{3, 4, 5, 9, 10, 11} {
		p := fs.Position(seg.Pos(i))
		if p.Line != 2 || p.Column != wantCol {
			t.Errorf("text byte %d: got %d:%d, want 2:%d", i, p.Line, p.Column, wantCol)
		}
	}
	if fs.File(seg.Pos(2)) != f {
		t.Errorf("File of a segment position is not its file")
	}
}

func TestSpanAndText(t *testing.T) {
	fs := NewFileSet()
	f := fs.AddFile("m.xta", []byte("int x;\nclock y;"))
	seg := fs.AddSpan(f, 7, 15)
	if seg.Text() != "clock y;" {
		t.Fatalf("span text %q", seg.Text())
	}
	if got := fs.Position(seg.Pos(6)).String(); got != "m.xta:2:7" {
		t.Errorf("span position %s, want m.xta:2:7", got)
	}
	cl := fs.AddText("<command line>", "E<> P.cs")
	if got := fs.Position(cl.Pos(4)).String(); got != "<command line>:1:5" {
		t.Errorf("text position %s", got)
	}
	if got := fs.Position(NoPos); got.IsValid() {
		t.Errorf("NoPos resolved to %+v", got)
	}
	if got := fs.Position(Pos(1 << 30)); got.IsValid() {
		t.Errorf("out-of-range Pos resolved to %+v", got)
	}
}

func TestDiagnosticsSortFormatErr(t *testing.T) {
	fs := NewFileSet()
	f := fs.AddFile("m.xml", []byte("line one\nline two\n"))
	q := fs.AddFile("m.q", []byte("E<> bad\n"))
	var l List
	l.Addf(q.Pos(4), q.Pos(7), "undeclared identifier %q", "bad")
	l.Add(f.Pos(14), f.Pos(17), "second")
	l.Add(f.Pos(2), f.Pos(3), "first")
	l.Add(f.Pos(14), f.Pos(17), "second") // duplicate, as from a second process
	l.Warnf(f.Pos(0), f.Pos(1), "progress measures are ignored")
	l.SetContext(1, "template P, guard of edge id5")
	sorted := fs.Sort(l)
	var got []string
	for _, d := range sorted {
		got = append(got, fs.Format(d))
	}
	want := []string{
		"m.xml:1:1: template P, guard of edge id5: warning: progress measures are ignored",
		"m.xml:1:3: template P, guard of edge id5: first",
		"m.xml:2:6: template P, guard of edge id5: second",
		`m.q:1:5: undeclared identifier "bad"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sorted diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if err := fs.Err(List{l[4]}); err != nil {
		t.Errorf("a list of warnings is not an error, got %v", err)
	}
	err := fs.Err(l)
	if err == nil || !strings.Contains(err.Error(), "m.q:1:5") {
		t.Errorf("Err = %v", err)
	}
}

// A diagnostic about a query's formula carries the query's index, which
// Format prints before the context.
func TestDiagnosticQuery(t *testing.T) {
	fs := NewFileSet()
	q := fs.AddFile("m.q", []byte("E<> bad\nE<> x\n"))
	var l List
	l.Add(q.Pos(4), q.Pos(7), "first")
	l.Add(q.Pos(12), q.Pos(13), "second")
	if _, ok := l[0].Query(); ok {
		t.Fatal("a new diagnostic is about a query")
	}
	l.SetQuery(1, 0)
	l[1].Context = "a clock constraint"
	if i, ok := l[1].Query(); !ok || i != 0 {
		t.Errorf("Query() = %d, %v; want 0, true", i, ok)
	}
	if got := fs.Format(l[0]) + "\n" + fs.Format(l[1]); got != "m.q:1:5: first\nm.q:2:5: query 0: a clock constraint: second" {
		t.Errorf("formatted:\n%s", got)
	}
	// The same message at the same place about two queries is two diagnostics.
	l = List{{Pos: q.Pos(4), Msg: "m"}, {Pos: q.Pos(4), Msg: "m"}}
	l.SetQuery(1, 3)
	if n := len(fs.Sort(l)); n != 2 {
		t.Errorf("Sort kept %d of two diagnostics of different queries", n)
	}
}
