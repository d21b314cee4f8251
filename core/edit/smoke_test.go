package edit

import (
	"strings"
	"testing"
)

func TestNewSmoke(t *testing.T) {
	d := New()
	d.SetDeclaration("int x;")
	tp := d.Template(0)
	id := tp.AddLocation(Point{100, 0})
	tp.SetLocationName(id, "B")
	e := tp.AddEdge("id0", id)
	tp.SetEdgeLabel(e, Guard, "x < 5")
	d.InsertQuery(0, Query{Formula: "E<> Process.B", Comment: "reach B"})
	out := string(d.Bytes())
	t.Log(out)
	if !strings.Contains(out, `<label kind="guard" x="50" y="-17">x &lt; 5</label>`) {
		t.Error("no guard")
	}
}
