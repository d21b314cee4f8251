package edit

import (
	"strings"
	"testing"

	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// engineErrors loads the bytes as the engine does and returns the
// position of every error.
func engineErrors(t *testing.T, out []byte) []source.Position {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, "edited.xml", out)
	if !diags.HasErrors() {
		_, more := model.Load(doc)
		diags = append(diags, more...)
	}
	var ps []source.Position
	for _, d := range diags {
		if d.Severity == source.Error {
			ps = append(ps, fs.Position(d.Pos))
			t.Logf("%s: %s", fs.Position(d.Pos), d.Msg)
		}
	}
	return ps
}

// TestLocateDiagnostics: an error in a guard and one in a template's
// declarations, as the engine reports them on the written bytes, locate
// to the right part and the offset of the culprit in its text.
func TestLocateDiagnostics(t *testing.T) {
	src := strings.Replace(string(readTestdata(t, "keep.xml")), `<branchpoint id="id7" x="50" y="50"/>`, "", 1)
	for _, tc := range []struct {
		name string
		edit func(d *Doc)
		part Part
		text func(d *Doc) string
		at   string // the text the error points at
	}{
		{"guard",
			func(d *Doc) { d.Template(0).SetEdgeLabel(1, Guard, "n < 2 && y >= 1O") },
			Part{Kind: EdgeLabel, Template: 0, Edge: 1, Label: Guard, Query: -1},
			func(d *Doc) string { return d.Template(0).Edges()[1].Guard }, "O"}, // the engine points at the letter
		{"template declarations",
			func(d *Doc) { d.Template(1).SetDeclaration("// a <note> & more\nint k = nope;") },
			Part{Kind: TemplateDecl, Template: 1, Edge: -1, Query: -1},
			func(d *Doc) string { return d.Template(1).Declaration() }, "nope"},
		{"global declarations after an entity",
			func(d *Doc) { d.SetDeclaration(d.Declaration() + "\nbool q = 1 < zork;") },
			Part{Kind: GlobalDecl, Template: -1, Edge: -1, Query: -1},
			func(d *Doc) string { return d.Declaration() }, "zork"},
		{"invariant",
			func(d *Doc) { d.Template(0).SetInvariant("id1", "y <= w") },
			Part{Kind: Invariant, Template: 0, Location: "id1", Edge: -1, Query: -1},
			func(d *Doc) string { return d.Template(0).Locations()[1].Invariant }, "w"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, []byte(src))
			tc.edit(d)
			errs := engineErrors(t, d.Bytes())
			if len(errs) == 0 {
				t.Fatal("no error from the engine")
			}
			p, off, ok := d.Locate(errs[0].Offset)
			if !ok {
				t.Fatalf("offset %d (%s) in no part", errs[0].Offset, errs[0])
			}
			if p != tc.part {
				t.Errorf("part %+v, want %+v", p, tc.part)
			}
			text := tc.text(d)
			if want := strings.LastIndex(text, tc.at); off != want {
				t.Errorf("offset %d in %q, want %d (%q)", off, text, want, tc.at)
			}
		})
	}
}

// TestLocateParts: the first byte of every part's text locates to it.
func TestLocateParts(t *testing.T) {
	d := mustParse(t, readTestdata(t, "keep.xml"))
	out := string(d.Bytes())
	for _, tc := range []struct {
		text string // unique in the output
		part Part
		off  int
	}{
		{"// Global", Part{Kind: GlobalDecl, Template: -1, Edge: -1, Query: -1}, 0},
		{"&amp;&amp; v", Part{Kind: GlobalDecl, Template: -1, Edge: -1, Query: -1}, len("// Global declarations.\nclock x;\nint n = 0;\nchan go;\nbool ok(int v) { return v < 3 ")},
		{">P<", Part{Kind: TemplateName, Template: 0, Edge: -1, Query: -1}, -1},
		{"const int id", Part{Kind: TemplateParam, Template: 0, Edge: -1, Query: -1}, 0},
		{"int m;", Part{Kind: TemplateDecl, Template: 0, Edge: -1, Query: -1}, len("clock y;\n")},
		{">Idle<", Part{Kind: LocationName, Template: 1, Location: "id6", Edge: -1, Query: -1}, -1},
		{"y &lt;= 5", Part{Kind: Invariant, Template: 0, Location: "id0", Edge: -1, Query: -1}, 0},
		{"ok(n)", Part{Kind: EdgeLabel, Template: 0, Edge: 0, Label: Guard, Query: -1}, len("y >= 1 && ")},
		{"m = 1", Part{Kind: EdgeLabel, Template: 0, Edge: 2, Label: Update, Query: -1}, 0},
		{"go?", Part{Kind: EdgeLabel, Template: 1, Edge: 0, Label: Sync, Query: -1}, 0},
		{"system P1, Q;", Part{Kind: System, Template: -1, Edge: -1, Query: -1}, len("// System.\nP1 = P(1);\n")},
		{"P1.B", Part{Kind: QueryFormula, Template: -1, Edge: -1, Query: 0}, len("E<> ")},
		{"B is", Part{Kind: QueryComment, Template: -1, Edge: -1, Query: 0}, 0},
		{"<comment/>", Part{Kind: QueryComment, Template: -1, Edge: -1, Query: 1}, -2},
	} {
		i := strings.Index(out, tc.text)
		if i < 0 || strings.Count(out, tc.text) != 1 {
			t.Fatalf("%q not once in the output", tc.text)
		}
		switch tc.off {
		case -1: // >text<: the text after '>'
			i++
			tc.off = 0
		case -2: // an empty element: its end
			i += len("<comment")
			tc.off = 0
		}
		p, off, ok := d.Locate(i)
		if !ok || p != tc.part || off != tc.off {
			t.Errorf("%q: got %+v %d %v, want %+v %d", tc.text, p, off, ok, tc.part, tc.off)
		}
	}
	for _, text := range []string{"<nta>", `<label kind="testcode">`, "<!-- a comment", "print("} {
		if p, _, ok := d.Locate(strings.Index(out, text)); ok {
			t.Errorf("%q locates to %+v", text, p)
		}
	}
}
