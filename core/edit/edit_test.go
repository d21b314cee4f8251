package edit

import (
	"bytes"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"beeline/core/source"
	"beeline/core/uppaal"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func mustParse(t *testing.T, src []byte) *Doc {
	t.Helper()
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkDoc checks what holds after any edit: the output reads without
// error in core/uppaal, parses again to the same bytes, and its ids are
// unique in the whole document.
func checkDoc(t *testing.T, d *Doc) []byte {
	t.Helper()
	out := d.Bytes()
	fs := source.NewFileSet()
	if _, diags := uppaal.Read(fs, "out.xml", out); diags.HasErrors() {
		t.Fatalf("core/uppaal refuses the output: %v\n%s", fs.Err(diags), out)
	}
	again := mustParse(t, out).Bytes()
	if !bytes.Equal(again, out) {
		a, b := firstDiff(out, again)
		t.Errorf("written twice, the output changes:\n%q\n%q", a, b)
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]*)"`).FindAllSubmatch(out, -1) {
		if seen[string(m[1])] {
			t.Errorf("id %s twice", m[1])
		}
		seen[string(m[1])] = true
	}
	return out
}

func TestKeepTestdata(t *testing.T) {
	src := readTestdata(t, "keep.xml")
	d := mustParse(t, src)
	if out := checkDoc(t, d); !bytes.Equal(out, src) {
		a, b := firstDiff(src, out)
		t.Fatalf("not byte-identical:\n%q\n%q", a, b)
	}
}

// The edits of TestEdits start from testdata/keep.xml: templates P (ids
// id0-id5: locations A, B urgent, C committed; edges A->B, B->C, C->A)
// and Q (id6-id8, a branchpoint id7); two queries.
var editTests = []struct {
	name string
	edit func(d *Doc)
	want []string // in the output, in this order
	gone []string // not in the output
	test func(t *testing.T, d *Doc)
}{
	{name: "no edit keeps everything",
		edit: func(d *Doc) {},
		want: []string{"<!-- a comment the editor keeps -->", `color="#ff0000"`, `<label kind="comments" x="-10" y="34">the start</label>`,
			`<label kind="testcode">print("edge")</label>`, `<branchpoint id="id7" x="50" y="50"/>`,
			`<option key="--diagnostic" value="0"/>`, `<option key="--search-order" value="1"/>`, `<result outcome="success"`}},
	{name: "global declarations escaped",
		edit: func(d *Doc) { d.SetDeclaration("int a = 1 < 2 && 3 > 2;") },
		want: []string{"<declaration>int a = 1 &lt; 2 &amp;&amp; 3 &gt; 2;</declaration>"},
		test: func(t *testing.T, d *Doc) { expect(t, d.Declaration(), "int a = 1 < 2 && 3 > 2;") }},
	{name: "system",
		edit: func(d *Doc) { d.SetSystem("system Q;") },
		want: []string{"<system>system Q;</system>"}},
	{name: "template name, parameter, declaration",
		edit: func(d *Doc) {
			d.Template(0).SetName("Proc")
			d.Template(0).SetParameter("")
			d.Template(1).SetParameter("int &k")
			d.Template(1).SetDeclaration("int z;")
		},
		want: []string{`<name x="5" y="5">Proc</name>`, "<name>Q</name>\n\t\t<parameter>int &amp;k</parameter>\n\t\t<declaration>int z;</declaration>\n\t\t<location id=\"id6\""},
		gone: []string{"const int id"},
		test: func(t *testing.T, d *Doc) {
			expect(t, d.Template(1).Parameter(), "int &k")
			expect(t, d.Template(0).Parameter(), "")
		}},
	{name: "add a template",
		edit: func(d *Doc) { d.AddTemplate("R") },
		want: []string{"</template>\n\t<template>\n\t\t<name x=\"5\" y=\"5\">R</name>\n\t\t<location id=\"id9\" x=\"0\" y=\"0\">\n\t\t</location>\n\t\t<init ref=\"id9\"/>\n\t</template>\n\t<system>"},
		test: func(t *testing.T, d *Doc) {
			expect(t, d.Templates(), 3)
			expect(t, d.Template(2).Locations(), []Location{{ID: "id9", HasAt: true, Initial: true}})
		}},
	{name: "delete a template",
		edit: func(d *Doc) { d.DeleteTemplate(0); d.DeleteTemplate(7) },
		gone: []string{"<name x=\"5\" y=\"5\">P</name>"},
		want: []string{"<!-- a comment the editor keeps -->\n\t<declaration>", "</declaration>\n\t<template>\n\t\t<name>Q</name>"},
		test: func(t *testing.T, d *Doc) { expect(t, d.Template(0).Name(), "Q") }},
	{name: "add a location",
		edit: func(d *Doc) {
			tp := d.Template(1)
			expect(t0, tp.AddLocation(Point{30, 40}), "id9")
			expect(t0, tp.AddLocation(Point{60, 40}), "id10")
		},
		want: []string{"<name x=\"-10\" y=\"-34\">Idle</name>\n\t\t</location>\n\t\t<location id=\"id9\" x=\"30\" y=\"40\">\n\t\t</location>\n\t\t<location id=\"id10\" x=\"60\" y=\"40\">\n\t\t</location>\n\t\t<branchpoint"}},
	{name: "delete a location and its edges",
		edit: func(d *Doc) { d.Template(0).DeleteLocation("id1") },
		gone: []string{`id="id1"`, `id="id3"`, `id="id4"`, `<source ref="id1"/>`},
		want: []string{`<init ref="id0"/>`, `<transition id="id5">`},
		test: func(t *testing.T, d *Doc) {
			expect(t, len(d.Template(0).Edges()), 1)
			expect(t, d.Template(0).Edges()[0].Source, "id2")
		}},
	{name: "delete the initial location",
		edit: func(d *Doc) { d.Template(0).DeleteLocation("id0") },
		gone: []string{`id="id0"`, `id="id3"`, `id="id5"`},
		want: []string{`<init ref="id1"/>`, `<transition id="id4">`}},
	{name: "delete the last location",
		edit: func(d *Doc) { d.Template(1).DeleteLocation("id6") },
		want: []string{"<branchpoint id=\"id7\" x=\"50\" y=\"50\"/>\n\t</template>"},
		gone: []string{`<init ref="id6"/>`, `id="id8"`}},
	{name: "move a location with its labels",
		edit: func(d *Doc) { d.Template(0).MoveLocation("id0", Point{100, 50}) },
		want: []string{`<location id="id0" x="100" y="50" color="#ff0000">`, `<name x="90" y="16">A</name>`,
			`<label kind="invariant" x="90" y="67">y &lt;= 5</label>`, `<label kind="comments" x="90" y="84">`,
			`<label kind="select" x="80" y="-51">`}},
	{name: "rename, unname and name a location",
		edit: func(d *Doc) {
			tp := d.Template(0)
			tp.SetLocationName("id0", "Start")
			tp.SetLocationName("id1", "")
			id := tp.AddLocation(Point{10, 20})
			tp.SetLocationName(id, "D")
		},
		want: []string{`<name x="-10" y="-34">Start</name>`, "<location id=\"id1\" x=\"200\" y=\"0\">\n\t\t\t<urgent/>",
			"<location id=\"id9\" x=\"10\" y=\"20\">\n\t\t\t<name x=\"0\" y=\"-14\">D</name>\n\t\t</location>"}},
	{name: "initial location",
		edit: func(d *Doc) { d.Template(0).SetInitial("id2"); d.Template(0).SetInitial("nope") },
		want: []string{`<init ref="id2"/>`},
		test: func(t *testing.T, d *Doc) {
			for _, l := range d.Template(0).Locations() {
				expect(t, l.Initial, l.ID == "id2")
			}
		}},
	{name: "kinds",
		edit: func(d *Doc) {
			d.Template(0).SetKind("id1", Committed)
			d.Template(0).SetKind("id2", Normal)
			d.Template(0).SetKind("id0", Urgent)
		},
		want: []string{"<label kind=\"comments\" x=\"-10\" y=\"34\">the start</label>\n\t\t\t<urgent/>\n\t\t</location>",
			"<name x=\"190\" y=\"-34\">B</name>\n\t\t\t<committed/>", "<name x=\"190\" y=\"66\">C</name>\n\t\t</location>"},
		test: func(t *testing.T, d *Doc) {
			var got []Kind
			for _, l := range d.Template(0).Locations() {
				got = append(got, l.Kind)
			}
			expect(t, got, []Kind{Urgent, Committed, Normal})
		}},
	{name: "invariants",
		edit: func(d *Doc) {
			d.Template(0).SetInvariant("id1", "y <= 3")
			d.Template(0).SetInvariant("id0", "")
		},
		want: []string{"<name x=\"-10\" y=\"-34\">A</name>\n\t\t\t<label kind=\"comments\"",
			"<name x=\"190\" y=\"-34\">B</name>\n\t\t\t<label kind=\"invariant\" x=\"190\" y=\"17\">y &lt;= 3</label>\n\t\t\t<urgent/>"},
		gone: []string{"y &lt;= 5"}},
	{name: "add and delete edges",
		edit: func(d *Doc) {
			tp := d.Template(0)
			expect(t0, tp.AddEdge("id2", "id1"), 3)
			expect(t0, tp.AddEdge("id2", "nope"), -1)
			tp.DeleteEdge(0)
			tp.DeleteEdge(10)
		},
		want: []string{"</transition>\n\t\t<transition id=\"id9\">\n\t\t\t<source ref=\"id2\"/>\n\t\t\t<target ref=\"id1\"/>\n\t\t</transition>\n\t</template>"},
		gone: []string{`id="id3"`, "go!"},
		test: func(t *testing.T, d *Doc) {
			es := d.Template(0).Edges()
			expect(t, len(es), 3)
			expect(t, es[2], Edge{ID: "id9", Source: "id2", Target: "id1"})
		}},
	{name: "edge labels in UPPAAL's order, placed beside the middle",
		edit: func(d *Doc) {
			tp := d.Template(0)
			tp.SetEdgeLabel(1, Update, "n = 0")
			tp.SetEdgeLabel(1, Guard, "n > 0")
			tp.SetEdgeLabel(1, Select, "j : int[0,2]")
			tp.SetEdgeLabel(1, Sync, "go!")
			tp.SetEdgeLabel(0, Sync, "")
			tp.SetEdgeLabel(0, Guard, "y > 2")
			tp.SetEdgeLabel(2, Select, "k : int[0,1]")
		},
		want: []string{`<label kind="guard" x="80" y="-34">y &gt; 2</label>`,
			"<target ref=\"id2\"/>\n\t\t\t<label kind=\"select\" x=\"206\" y=\"16\">j : int[0,2]</label>\n\t\t\t<label kind=\"guard\" x=\"206\" y=\"33\">n &gt; 0</label>\n\t\t\t<label kind=\"synchronisation\" x=\"206\" y=\"50\">go!</label>\n\t\t\t<label kind=\"assignment\" x=\"206\" y=\"67\">n = 0</label>\n\t\t</transition>",
			"<target ref=\"id0\"/>\n\t\t\t<label kind=\"select\" x=\"100\" y=\"106\">k : int[0,1]</label>\n\t\t\t<label kind=\"assignment\" x=\"100\" y=\"60\">m = 1</label>"},
		gone: []string{`x="80" y="-17">go!`},
		test: func(t *testing.T, d *Doc) {
			e := d.Template(0).Edges()[1]
			expect(t, []string{e.Select, e.Guard, e.Sync, e.Update}, []string{"j : int[0,2]", "n > 0", "go!", "n = 0"})
		}},
	{name: "nails",
		edit: func(d *Doc) {
			d.Template(0).SetNails(0, nil)
			d.Template(0).SetNails(1, []Point{{250, 30}, {250, 60}})
		},
		gone: []string{`<nail x="100" y="-20"/>`},
		want: []string{"<target ref=\"id2\"/>\n\t\t\t<nail x=\"250\" y=\"30\"/>\n\t\t\t<nail x=\"250\" y=\"60\"/>\n\t\t</transition>"},
		test: func(t *testing.T, d *Doc) { expect(t, d.Template(0).Edges()[1].Nails, []Point{{250, 30}, {250, 60}}) }},
	{name: "move labels",
		edit: func(d *Doc) {
			tp := d.Template(0)
			tp.MoveLabel(LabelRef{Kind: EdgeLabel, Edge: 0, Label: Guard}, Point{1, 2})
			tp.MoveLabel(LabelRef{Kind: LocationName, Location: "id1"}, Point{3, 4})
			tp.MoveLabel(LabelRef{Kind: Invariant, Location: "id0"}, Point{5, 6})
			tp.MoveLabel(LabelRef{Kind: Invariant, Location: "id1"}, Point{7, 8})
			tp.MoveLabel(LabelRef{Kind: EdgeLabel, Edge: 9, Label: Guard}, Point{7, 8})
		},
		want: []string{`<label kind="invariant" x="5" y="6">`, `<name x="3" y="4">B</name>`, `<label kind="guard" x="1" y="2">`},
		gone: []string{`x="7"`}},
	{name: "edit a query and keep its options",
		edit: func(d *Doc) { d.SetQuery(0, Query{Formula: "E<> P1.C", Comment: "C too"}) },
		want: []string{"<formula>E&lt;&gt; P1.C</formula>\n\t\t\t<comment>C too</comment>\n\t\t\t<option key=\"--search-order\" value=\"1\"/>\n\t\t\t<result"}},
	{name: "insert, delete and move queries",
		edit: func(d *Doc) {
			d.InsertQuery(2, Query{Formula: "E<> P1.C"})
			d.InsertQuery(0, Query{Formula: "A[] n < 2", Comment: "bound"})
			d.DeleteQuery(1)
			d.MoveQuery(2, 0)
			d.InsertQuery(9, Query{Formula: "lost"})
		},
		want: []string{"<option key=\"--diagnostic\" value=\"0\"/>\n\t\t<query>\n\t\t\t<formula>E&lt;&gt; P1.C</formula>\n\t\t\t<comment/>\n\t\t</query>\n\t\t<query>\n\t\t\t<formula>A[] n &lt; 2</formula>",
			"<formula>A[] not deadlock</formula>\n\t\t\t<comment/>\n\t\t</query>\n\t</queries>"},
		gone: []string{"P1.B", "lost"},
		test: func(t *testing.T, d *Doc) {
			expect(t, d.Queries(), []Query{{"E<> P1.C", ""}, {"A[] n < 2", "bound"}, {"A[] not deadlock", ""}})
		}},
}

// t0 lets the edits of the table check what they return.
var t0 *testing.T

func TestEdits(t *testing.T) {
	src := readTestdata(t, "keep.xml")
	for _, tc := range editTests {
		t.Run(tc.name, func(t *testing.T) {
			t0 = t
			d := mustParse(t, src)
			tc.edit(d)
			out := string(checkDoc(t, d))
			at := 0
			for _, w := range tc.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					t.Errorf("missing (or out of order):\n%s\nin\n%s", w, out)
					break
				}
				at += i + len(w)
			}
			for _, g := range tc.gone {
				if strings.Contains(out, g) {
					t.Errorf("still there: %s", g)
				}
			}
			if tc.test != nil {
				tc.test(t, d)
			}
		})
	}
}

func expect[T any](t *testing.T, got, want T) {
	t.Helper()
	if !equal(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func equal(a, b any) bool {
	switch x := a.(type) {
	case []Location:
		return slices.EqualFunc(x, b.([]Location), func(p, q Location) bool { return p == q })
	case []Point:
		return slices.Equal(x, b.([]Point))
	case []Kind:
		return slices.Equal(x, b.([]Kind))
	case []string:
		return slices.Equal(x, b.([]string))
	case []Query:
		return slices.Equal(x, b.([]Query))
	case Edge:
		y := b.(Edge)
		return x.ID == y.ID && x.Source == y.Source && x.Target == y.Target && x.Select == y.Select &&
			x.Guard == y.Guard && x.Sync == y.Sync && x.Update == y.Update && slices.Equal(x.Nails, y.Nails)
	}
	return a == b
}

// An index or id that does not exist changes nothing.
func TestEditsOutOfRange(t *testing.T) {
	src := readTestdata(t, "keep.xml")
	d := mustParse(t, src)
	for _, i := range []int{2, -1} {
		none := d.Template(i)
		if none.Name() != "" || len(none.Locations()) != 0 || len(none.Edges()) != 0 {
			t.Errorf("template %d has something", i)
		}
		none.SetName("x")
		none.AddLocation(Point{})
		none.SetEdgeLabel(0, Guard, "x")
	}
	d2 := mustParse(t, src)
	gone := d2.Template(1)
	d2.DeleteTemplate(1)
	before := d2.Bytes()
	gone.SetName("Q2")
	gone.SetKind("id6", Committed)
	if !bytes.Equal(d2.Bytes(), before) {
		t.Error("a deleted template's handle changed the document")
	}
	tp := d.Template(0)
	tp.DeleteLocation("nope")
	tp.MoveLocation("nope", Point{1, 1})
	tp.SetLocationName("nope", "x")
	tp.SetInvariant("nope", "x")
	tp.SetKind("nope", Urgent)
	tp.DeleteEdge(-1)
	tp.SetEdgeLabel(3, Guard, "x")
	tp.SetEdgeLabel(0, LabelKind(9), "x")
	tp.SetNails(7, nil)
	d.DeleteTemplate(5)
	d.SetQuery(2, Query{Formula: "x"})
	d.DeleteQuery(-1)
	d.MoveQuery(0, 2)
	d.InsertQuery(-1, Query{})
	if out := d.Bytes(); !bytes.Equal(out, src) {
		a, b := firstDiff(src, out)
		t.Errorf("changed:\n%q\n%q", a, b)
	}
}

// Clone copies: an edit of the clone leaves the original as it was.
func TestClone(t *testing.T) {
	src := readTestdata(t, "keep.xml")
	d := mustParse(t, src)
	c := d.Clone()
	c.Template(0).DeleteLocation("id0")
	c.SetDeclaration("")
	c.Template(0).SetEdgeLabel(0, Guard, "n == 1")
	if out := d.Bytes(); !bytes.Equal(out, src) {
		t.Error("the original changed")
	}
	if bytes.Equal(c.Bytes(), src) {
		t.Error("the clone did not change")
	}
}

func TestNew(t *testing.T) {
	d := New()
	checkDoc(t, d)
	_, n, err := load("new.xml", d.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	expect(t, len(n.Processes), 1)
	expect(t, d.Templates(), 1)
	expect(t, d.Template(0).Name(), "Template")
	expect(t, d.Template(0).Locations(), []Location{{ID: "id0", HasAt: true, Initial: true}})
	expect(t, len(d.Queries()), 0)
	if !strings.HasPrefix(string(d.Bytes()), xmlDecl+"\n"+uppaalDTD+"\n<nta>") {
		t.Errorf("not UPPAAL's prolog:\n%s", d.Bytes())
	}
	// A location added to the new system gets the next id.
	expect(t, d.Template(0).AddLocation(Point{}), "id1")
	expect(t, New().Template(0).AddLocation(Point{}), "id1")
}

// The prolog: UPPAAL's declaration always, the DOCTYPE read or UPPAAL 5's.
func TestProlog(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"<nta><system>system P;</system></nta>", xmlDecl + "\n" + uppaalDTD + "\n<nta><system>system P;</system></nta>"},
		{"<?xml version='1.0'?>\n<nta/>\n", xmlDecl + "\n" + uppaalDTD + "\n<nta/>\n"},
		{"\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\r\n<!DOCTYPE nta>\r\n<nta><declaration>// caf\xE9</declaration></nta>",
			xmlDecl + "\r\n<!DOCTYPE nta>\r\n<nta><declaration>// caf\u00e9</declaration></nta>"},
		{"<nta><x a='1'  b = \"&quot;\" /></nta>", xmlDecl + "\n" + uppaalDTD + "\n<nta><x a=\"1\" b=\"&quot;\"/></nta>"},
		{"<nta><![CDATA[a<b]]><!-- c --><?pi x?></nta>", xmlDecl + "\n" + uppaalDTD + "\n<nta><![CDATA[a<b]]><!-- c --><?pi x?></nta>"},
	} {
		d, err := Parse([]byte(tc.in))
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := string(d.Bytes()); got != tc.out {
			t.Errorf("%q:\ngot  %q\nwant %q", tc.in, got, tc.out)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "line 1, column 1: no <nta> element: this is not an UPPAAL document"},
		{"<nta>\n<template>\n</nta>", "line 3, column 1: expected </template>, found </nta>"},
		{"<nta>\n  <x a=1/>\n</nta>", "line 2, column 8: unquoted or missing attribute value in element"},
		{"<nta>&nbsp;</nta>", "line 1, column 6: invalid character entity &nbsp;"},
		{"<nta>\n<!-- open", "line 2, column 1: unexpected end of file, expected </nta>"},
		{"<root/>", "line 1, column 1: expected <nta>, found <root>: this is not an UPPAAL document"},
		{"<nta/><nta/>", "line 1, column 7: unexpected <nta> after the root element"},
		{"<nta/>\nhello", "line 2, column 1: unexpected text outside <nta>"},
		{"<nta></x>", "line 1, column 6: expected </nta>, found </x>"},
		{"<nta>" + strings.Repeat("<a>", 100), "line 1, column 195: elements nested too deeply"},
	} {
		_, err := Parse([]byte(tc.in))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.in, err, tc.want)
		}
	}
}

// FromDocument: an .xta becomes XML with UPPAAL's ids, the names kept, no
// coordinates until the page moves the locations.
func TestFromDocument(t *testing.T) {
	src := `clock x; chan c;
process P() {
	state A { x <= 4 }, B, C;
	urgent B;
	commit C;
	init A;
	trans A -> B { guard x >= 2; sync c!; assign x = 0; },
	      B -> C { select i : int[0,1]; }, C -> A { };
}
process Q() { state S; init S; trans S -> S { sync c?; }; }
system P, Q;`
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, "m.xta", []byte(src))
	if diags.HasErrors() {
		t.Fatal(fs.Err(diags))
	}
	d := FromDocument(doc)
	checkDoc(t, d)
	tp := d.Template(0)
	expect(t, tp.Locations(), []Location{
		{ID: "id0", Name: "A", Invariant: "x <= 4", Initial: true},
		{ID: "id1", Name: "B", Kind: Urgent},
		{ID: "id2", Name: "C", Kind: Committed},
	})
	expect(t, tp.Edges()[0], Edge{Source: "id0", Target: "id1", Guard: "x >= 2", Sync: "c!", Update: "x = 0"})
	expect(t, tp.Edges()[1], Edge{Source: "id1", Target: "id2", Select: "i : int[0,1]"})
	expect(t, d.Template(1).Locations()[0].ID, "id3")
	expect(t, strings.TrimSpace(d.System()), "system P, Q;")
	tp.MoveLocation("id0", Point{100, 100})
	l := tp.Locations()[0]
	expect(t, []Point{l.At, l.NameAt, l.InvariantAt}, []Point{{100, 100}, {90, 66}, {90, 117}})
	expect(t, tp.AddLocation(Point{}), "id4")
}

func TestKindNames(t *testing.T) {
	for k := Kind(0); k <= Committed; k++ {
		if strings.Contains(k.String(), "?") {
			t.Errorf("kind %d has no name", k)
		}
	}
	for k := LabelKind(0); k <= Update; k++ {
		if strings.Contains(k.String(), "?") {
			t.Errorf("label kind %d has no name", k)
		}
	}
	for k := PartKind(0); k <= QueryComment; k++ {
		if strings.Contains(k.String(), "?") {
			t.Errorf("part kind %d has no name", k)
		}
	}
}

// A zero Doc is an empty document that edits fill.
func TestZeroDoc(t *testing.T) {
	var d Doc
	d.SetDeclaration("int i;")
	d.AddTemplate("T")
	d.SetSystem("system T;")
	d.InsertQuery(0, Query{Formula: "E<> T.id0"})
	if _, _, err := load("zero.xml", d.Bytes()); err != nil {
		t.Fatalf("%v\n%s", err, d.Bytes())
	}
	checkDoc(t, &d)
}
