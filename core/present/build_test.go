package present

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"beeline/core/model"
	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
)

func load(t *testing.T, name string, src []byte) (*source.FileSet, *uppaal.Document, *model.Network, source.List) {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, name, src)
	if doc == nil || diags.HasErrors() {
		t.Fatalf("reading %s: %v", name, fs.Err(diags))
	}
	net, more := model.Load(doc)
	return fs, doc, net, append(diags, more...)
}

func TestBuildModelFischer(t *testing.T) {
	src, err := os.ReadFile("../../testdata/models/fischer-broken.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, doc, net, diags := load(t, "fischer-broken.xml", src)
	if net == nil {
		t.Fatalf("fischer-broken.xml did not compile: %v", diags)
	}
	m := BuildModel(doc, net, []protocol.Query{{Index: 0, Formula: "A[] true", Supported: true}})
	if len(m.Hash) != 64 || m.Format != "xml" || len(m.Queries) != 1 {
		t.Errorf("hash %q, format %q, %d queries", m.Hash, m.Format, len(m.Queries))
	}
	if len(m.Templates) != 1 || len(m.Processes) != 4 {
		t.Fatalf("%d templates, %d processes; want 1 and 4", len(m.Templates), len(m.Processes))
	}
	tp := m.Templates[0]
	if tp.Name != "P" || tp.Parameters != "const pid_t pid" || tp.Init != "id0" || !tp.HasLayout || len(tp.Locations) != 4 || len(tp.Edges) != 5 {
		t.Errorf("template %+v", tp)
	}
	req := tp.Locations[1]
	if req.ID != "id1" || req.Name != "req" || req.Invariant != "x <= k" || req.At != (protocol.Point{X: 100, Y: -100, Set: true}) || req.InvAt != (protocol.Point{X: 120, Y: -110, Set: true}) {
		t.Errorf("location req: %+v", req)
	}
	if c := tp.Locations[0].Color; c != "#a9a9a9" {
		t.Errorf("idle's color %q", c)
	}
	e := tp.Edges[2]
	wantLabels := []protocol.Label{{Kind: "guard", Text: "id == 0", At: protocol.Point{X: 180, Y: -20, Set: true}}, {Kind: "assignment", Text: "x = 0", At: protocol.Point{X: 180, Y: 0, Set: true}}}
	if e.ID != "id6" || e.Source != "id2" || e.Target != "id1" || len(e.Nails) != 2 || !reflect.DeepEqual(e.Labels, wantLabels) {
		t.Errorf("edge id6: %+v", e)
	}
	p := m.Processes[2]
	if p.Name != "P(3)" || p.Template != "P" || !reflect.DeepEqual(p.Locations, []string{"id0", "id1", "id2", "id3"}) || !reflect.DeepEqual(p.Edges, []int{0, 1, 2, 3, 4}) {
		t.Errorf("process %+v", p)
	}
	if !reflect.DeepEqual(m.Clocks, []string{"P(1).x", "P(2).x", "P(3).x", "P(4).x"}) || !reflect.DeepEqual(m.Variables, []string{"id"}) {
		t.Errorf("clocks %v, variables %v", m.Clocks, m.Variables)
	}
}

// A guard with a disjunction over clocks becomes two network edges; both
// must map to the one drawn edge.
func TestBuildModelSplitEdge(t *testing.T) {
	src := `clock x; chan c;
process P { state A, B; init A; trans A -> B { guard x < 1 || x > 2; }, B -> A { }; }
system P;`
	_, doc, net, diags := load(t, "split.xta", []byte(src))
	if net == nil {
		t.Fatalf("did not compile: %v", diags)
	}
	m := BuildModel(doc, net, nil)
	if got := m.Processes[0].Edges; !reflect.DeepEqual(got, []int{0, 0, 1}) {
		t.Errorf("edge map %v, want [0 0 1]", got)
	}
	if m.Templates[0].HasLayout {
		t.Error("an xta template claims a layout")
	}
}

func TestDiagnosticsPinned(t *testing.T) {
	src, err := os.ReadFile("../../testdata/models/fischer-broken.xml")
	if err != nil {
		t.Fatal(err)
	}
	// Break the guard of id7, the invariant of id1 and a global declaration.
	s := strings.Replace(string(src), "x &gt;= k &amp;&amp; id == pid", "x &gt;= k &amp;&amp; id == nope", 1)
	s = strings.Replace(s, "<label kind=\"invariant\" x=\"120\" y=\"-110\">x &lt;= k", "<label kind=\"invariant\" x=\"120\" y=\"-110\">x &lt;= kk", 1)
	s = strings.Replace(s, "int[0,N] id;", "int[0,N] id; int bad = undefined;", 1)
	fs, doc, _, diags := load(t, "pinned.xml", []byte(s))
	got := map[string]protocol.Diagnostic{}
	for _, d := range Diagnostics(fs, doc, diags) {
		for _, name := range []string{"nope", "kk", "undefined"} {
			if strings.Contains(d.Message, `"`+name+`"`) {
				got[name] = d
			}
		}
	}
	if d := got["nope"]; d.Template != "P" || d.Edge != 3 || d.Location != "" || d.Pos.Line == 0 {
		t.Errorf("guard error pinned at %+v, want template P, edge 3", d)
	}
	if d := got["kk"]; d.Template != "P" || d.Location != "id1" || d.Edge != -1 {
		t.Errorf("invariant error pinned at %+v, want template P, location id1", d)
	}
	if d := got["undefined"]; d.Template != "" || d.Location != "" || d.Edge != -1 || d.Severity != "error" {
		t.Errorf("global error pinned at %+v, want nothing", d)
	}
}
