// One-line test helpers shared by the reader tests.

package uppaal

import (
	"fmt"
	"strings"
	"testing"

	"beeline/core/source"
)

// at formats the position of byte i of seg as "line:column".
func at(fs *source.FileSet, seg *source.Segment, i int) string {
	p := fs.Position(seg.Pos(i))
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// lineCol formats a Pos as "line:column".
func lineCol(fs *source.FileSet, p source.Pos) string {
	pos := fs.Position(p)
	return fmt.Sprintf("%d:%d", pos.Line, pos.Column)
}

// expectAt checks that the n-th occurrence (from 1) of sub in seg's text
// starts at the file position want ("line:column").
func expectAt(t *testing.T, fs *source.FileSet, seg *source.Segment, sub string, n int, want string) {
	t.Helper()
	if seg == nil {
		t.Errorf("%q: no segment", sub)
		return
	}
	i := -1
	for k := 0; k < n; k++ {
		j := strings.Index(seg.Text()[i+1:], sub)
		if j < 0 {
			t.Errorf("%q (occurrence %d) not in %q", sub, n, seg.Text())
			return
		}
		i += j + 1
	}
	if got := at(fs, seg, i); got != want {
		t.Errorf("%q (occurrence %d) in %q at %s, want %s", sub, n, seg.Text(), got, want)
	}
}

// expectText checks a segment's text.
func expectText(t *testing.T, what string, seg *source.Segment, want string) {
	t.Helper()
	switch {
	case seg == nil:
		t.Errorf("%s: nil, want %q", what, want)
	case seg.Text() != want:
		t.Errorf("%s: %q, want %q", what, seg.Text(), want)
	}
}

// readString reads src and checks the document's invariants.
func readString(t *testing.T, name, src string) (*source.FileSet, *Document, source.List) {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := Read(fs, name, []byte(src))
	if doc == nil {
		t.Fatalf("Read returned no document")
	}
	if err := doc.Check(); err != nil {
		t.Errorf("invariant: %v", err)
	}
	return fs, doc, diags
}

// expectDiags checks the formatted diagnostics against want, in order.
func expectDiags(t *testing.T, fs *source.FileSet, diags source.List, want ...string) {
	t.Helper()
	var got []string
	for _, d := range fs.Sort(diags) {
		got = append(got, fs.Format(d))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n  got  %q\n  want %q", got, want)
	}
}

// expectNoDiags fails on any diagnostic.
func expectNoDiags(t *testing.T, fs *source.FileSet, diags source.List) {
	t.Helper()
	expectDiags(t, fs, diags)
}
