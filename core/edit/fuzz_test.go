// The fuzz target for Parse, seeded from testdata, a few small inputs
// and, when present, the shared models.

package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// FuzzParse: Parse never panics; what it accepts writes, parses again and
// writes to the same bytes; edits and Locate on it never panic.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.xml")
	if _, err := os.Stat(modelsDir); err == nil {
		filepath.Walk(modelsDir, func(p string, info os.FileInfo, err error) error {
			if err == nil && filepath.Ext(p) == ".xml" && info.Size() < 8_000 {
				seeds = append(seeds, p)
			}
			return nil
		})
	}
	for _, name := range seeds {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{"", "<nta/>", "<nta><template><name>T</name><location id='id0'/></template></nta>",
		"<?xml version='1.0'?><!DOCTYPE nta><nta><![CDATA[x]]>&lt;<!--c--></nta>", "<nta>\r\n<query><formula>a&#60;b</formula></query></nta>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			if !regexp.MustCompile(`^line \d+, column \d+: `).MatchString(err.Error()) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		out := d.Bytes()
		d2, err := Parse(out)
		if err != nil {
			t.Fatalf("the output does not parse: %v\n%q", err, out)
		}
		if again := d2.Bytes(); !bytes.Equal(again, out) {
			a, b := firstDiff(out, again)
			t.Fatalf("written twice, the output changes:\n%q\n%q", a, b)
		}
		for i := 0; i <= len(out); i += 1 + len(out)/64 {
			d.Locate(i)
		}
		exercise(d)
		if _, err := Parse(d.Bytes()); err != nil {
			t.Fatalf("the edited output does not parse: %v", err)
		}
	})
}

// exercise runs every edit on whatever the document holds.
func exercise(d *Doc) {
	d.SetDeclaration(d.Declaration() + "<&>")
	d.SetSystem(d.System())
	for i := 0; i < d.Templates(); i++ {
		tp := d.Template(i)
		tp.SetName(tp.Name() + "x")
		tp.SetParameter(tp.Parameter())
		tp.SetDeclaration(tp.Declaration() + "]]>")
		for _, l := range tp.Locations() {
			tp.MoveLocation(l.ID, Point{l.At.X + 1, l.At.Y})
			tp.SetInvariant(l.ID, l.Invariant+"x")
			tp.SetKind(l.ID, Urgent)
			tp.SetLocationName(l.ID, "")
		}
		for j, e := range tp.Edges() {
			tp.SetEdgeLabel(j, Guard, e.Guard+"<")
			tp.SetNails(j, append(e.Nails, Point{}))
			tp.MoveLabel(LabelRef{Kind: EdgeLabel, Edge: j, Label: Guard}, Point{})
		}
		id := tp.AddLocation(Point{})
		tp.AddEdge(id, id)
		if ls := tp.Locations(); len(ls) > 0 {
			tp.DeleteLocation(ls[0].ID)
		}
		tp.DeleteEdge(0)
	}
	d.AddTemplate("T")
	d.InsertQuery(0, Query{Formula: "E<> true"})
	if n := len(d.Queries()); n > 1 {
		d.MoveQuery(0, n-1)
		d.SetQuery(1, Query{Comment: "c"})
		d.DeleteQuery(0)
	}
	d.DeleteTemplate(0)
	d.Clone().Bytes()
}
