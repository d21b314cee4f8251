// Tests of the XML reader: positions of label text, structure, encodings,
// old and new document versions, LSC, and malformed input.

package uppaal

import (
	"os"
	"strings"
	"testing"
	"unicode/utf16"

	"beeline/core/source"
)

func readTestdata(t *testing.T, name string) (*source.FileSet, *Document, source.List) {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return readString(t, name, string(src))
}

// TestXMLLabelPositions checks the file position of characters in label
// text that XML escapes, CDATA, comments and line breaks move around.
func TestXMLLabelPositions(t *testing.T) {
	fs, doc, diags := readTestdata(t, "labels.xml")
	expectNoDiags(t, fs, diags)
	if len(doc.Templates) != 2 || len(doc.Templates[0].Edges) != 2 {
		t.Fatalf("structure: %s", summarize(doc))
	}
	p := doc.Templates[0]
	e0, e1 := p.Edges[0], p.Edges[1]
	tests := []struct {
		what string
		seg  *source.Segment
		sub  string
		n    int
		want string
	}{
		{"declaration &lt;", doc.Declaration, "<", 1, "7:13"},
		{"declaration after &lt;", doc.Declaration, "b &&", 1, "7:18"},
		{"declaration first &amp;", doc.Declaration, "&", 1, "7:20"},
		{"declaration second &amp;", doc.Declaration, "&", 2, "7:25"},
		{"declaration &gt;", doc.Declaration, ">", 1, "7:33"},
		{"declaration line 2", doc.Declaration, "int a", 1, "6:1"},
		{"parameter start", p.Parameter, "int", 1, "10:14"},
		{"parameter &amp;", p.Parameter, "&n", 1, "10:18"},
		{"parameter after &amp;", p.Parameter, "n,", 1, "10:23"},
		{"invariant start", p.Locations[0].Invariant.Text, "x", 1, "15:43"},
		{"invariant &lt;", p.Locations[0].Invariant.Text, "<", 1, "15:45"},
		{"invariant after &lt;", p.Locations[0].Invariant.Text, "=", 1, "15:49"},
		{"CDATA guard", e0.Guard.Text, "x <", 1, "28:47"},
		{"CDATA &&", e0.Guard.Text, "&&", 1, "28:53"},
		{"sync", e0.Sync.Text, "c[i]!", 1, "29:46"},
		{"assignment line 1", e0.Assign.Text, "x = 0", 1, "30:42"},
		{"assignment line 2", e0.Assign.Text, "n = k", 1, "31:1"},
		{"assignment &amp;", e0.Assign.Text, "& 1", 1, "31:7"},
		{"assignment after &amp;", e0.Assign.Text, "1", 1, "31:13"},
		{"&#60;", e0.Other[0].Text, "<", 1, "32:31"},
		{"&#x3e;", e0.Other[0].Text, ">", 1, "32:40"},
		{"mixed: text", e1.Guard.Text, "a", 1, "39:24"},
		{"mixed: &lt;", e1.Guard.Text, "<", 1, "39:26"},
		{"mixed: CDATA", e1.Guard.Text, "b < 2", 1, "39:40"},
		{"mixed: &amp;&amp;", e1.Guard.Text, "&&", 1, "39:49"},
		{"mixed: second &amp;", e1.Guard.Text, "&", 2, "39:54"},
		{"mixed: before comment", e1.Guard.Text, "ok", 1, "39:60"},
		{"formula", doc.Queries[0].Formula, "A[]", 1, "49:13"},
		{"formula &lt;", doc.Queries[0].Formula, "<=", 1, "49:19"},
		{"system", doc.System, "system P", 1, "46:10"},
	}
	for _, tt := range tests {
		t.Run(tt.what, func(t *testing.T) { expectAt(t, fs, tt.seg, tt.sub, tt.n, tt.want) })
	}
	expectText(t, "mixed guard", e1.Guard.Text, "a < b < 2 && ok")
	expectText(t, "assignment", e0.Assign.Text, "x = 0,\nn = k & 1")
	expectText(t, "comments", e0.Other[0].Text, "why <this>")
	if got := at(fs, e1.Guard.Text, len(e1.Guard.Text.Text())); got != "39:62" {
		t.Errorf("end of mixed guard at %s, want 39:62", got)
	}
}

// TestXMLStructure checks everything but text positions in labels.xml.
func TestXMLStructure(t *testing.T) {
	fs, doc, _ := readTestdata(t, "labels.xml")
	if doc.Format != FormatXML || doc.DTD != "flat-1_6" {
		t.Errorf("format %v, DTD %q", doc.Format, doc.DTD)
	}
	p, q := doc.Templates[0], doc.Templates[1]
	expectText(t, "name", p.Name, "P")
	expectText(t, "parameter", p.Parameter, "int &n, const int k")
	expectText(t, "local declaration", p.Declaration, "clock x;")
	if p.NameAt == nil || *p.NameAt != (Point{10, 20}) {
		t.Errorf("name at %v, want (10,20) whatever the attribute order", p.NameAt)
	}
	if got := lineCol(fs, p.Pos); got != "9:2" {
		t.Errorf("template at %s", got)
	}
	l0, l1 := p.Locations[0], p.Locations[1]
	if l0.ID != "id0" || *l0.At != (Point{-40, 0}) || *l0.NameAt != (Point{-50, -30}) || l0.Color != "#ff0000" || !l0.Urgent || l0.Committed {
		t.Errorf("location 0: %+v", l0)
	}
	expectText(t, "location name", l0.Name, "start")
	if len(l0.Other) != 1 || l0.Other[0].Kind != "comments" || *l0.Invariant.At != (Point{-50, 10}) {
		t.Errorf("location 0 labels: %+v %+v", l0.Invariant, l0.Other)
	}
	if l1.ID != "id1" || l1.Name != nil || !l1.Committed || l1.Invariant != nil {
		t.Errorf("location 1: %+v", l1)
	}
	if len(p.Branchpoints) != 1 || p.Branchpoints[0].ID != "id2" || *p.Branchpoints[0].At != (Point{50, 50}) {
		t.Errorf("branchpoints: %+v", p.Branchpoints)
	}
	if p.Init != "id0" || lineCol(fs, p.InitPos) != "23:3" {
		t.Errorf("init %q at %s", p.Init, lineCol(fs, p.InitPos))
	}
	e0, e1 := p.Edges[0], p.Edges[1]
	if e0.ID != "id3" || e0.Source != "id0" || e0.Target != "id1" || !e0.Uncontrollable || e0.Action != "a1" {
		t.Errorf("edge 0: %+v", e0)
	}
	if lineCol(fs, e0.Pos) != "24:3" || lineCol(fs, e0.SourcePos) != "25:4" || lineCol(fs, e0.TargetPos) != "26:4" {
		t.Errorf("edge 0 at %s, source %s, target %s", lineCol(fs, e0.Pos), lineCol(fs, e0.SourcePos), lineCol(fs, e0.TargetPos))
	}
	if len(e0.Nails) != 2 || e0.Nails[0] != (Point{50, -10}) || e0.Nails[1] != (Point{60, -10}) {
		t.Errorf("nails %v", e0.Nails)
	}
	expectText(t, "select", e0.Select.Text, "i : int[0,3]")
	if e0.Select.Kind != "select" || e0.Sync.Kind != "synchronisation" || e0.Assign.Kind != "assignment" || e0.Guard.Kind != "guard" {
		t.Errorf("label kinds %q %q %q %q", e0.Select.Kind, e0.Guard.Kind, e0.Sync.Kind, e0.Assign.Kind)
	}
	if *e0.Guard.At != (Point{0, -20}) || lineCol(fs, e0.Guard.Pos) != "28:4" {
		t.Errorf("guard at %v, %s", e0.Guard.At, lineCol(fs, e0.Guard.Pos))
	}
	if e1.ID != "" || e1.Uncontrollable || e1.Guard.At != nil || e1.Sync != nil {
		t.Errorf("edge 1: %+v", e1)
	}
	if q.Init != "" || q.InitPos.IsValid() || q.Locations[0].At != nil || q.Parameter != nil || q.Declaration != nil {
		t.Errorf("template Q: %+v", q)
	}
	if len(doc.Queries) != 1 {
		t.Fatalf("%d queries, want 1 (the blank one dropped)", len(doc.Queries))
	}
	qu := doc.Queries[0]
	expectText(t, "formula", qu.Formula, "A[] x <= 5")
	if qu.Comment != "bounded" || len(qu.Options) != 1 || len(qu.Results) != 1 {
		t.Errorf("query: %+v", qu)
	}
	if qu.Options[0] != `<option key="--search-order" value="1"/>` || !strings.HasPrefix(qu.Results[0], `<result outcome="success"`) || !strings.HasSuffix(qu.Results[0], "</result>") {
		t.Errorf("verbatim option %q, result %q", qu.Options[0], qu.Results[0])
	}
}

// TestXMLMinified checks columns on a document written on one line.
func TestXMLMinified(t *testing.T) {
	src := `<nta><declaration>int i;</declaration><template><name>T</name><location id="a" x="1" y="2"><label kind="invariant">x&lt;=5</label></location><init ref="a"/><transition><source ref="a"/><target ref="a"/><label kind="guard">i&gt;0&amp;&amp;x&gt;=1</label></transition></template><system>system T;</system></nta>`
	fs, doc, diags := readString(t, "min.xml", src)
	expectNoDiags(t, fs, diags)
	tp := doc.Templates[0]
	inv, guard := tp.Locations[0].Invariant.Text, tp.Edges[0].Guard.Text
	expectText(t, "guard", guard, "i>0&&x>=1")
	expectAt(t, fs, inv, "x", 1, "1:116")
	expectAt(t, fs, inv, "<", 1, "1:117")
	expectAt(t, fs, inv, "5", 1, "1:122")
	expectAt(t, fs, guard, "i", 1, "1:223")
	expectAt(t, fs, guard, "0", 1, "1:228")
	expectAt(t, fs, guard, "&", 1, "1:229")
	expectAt(t, fs, guard, "&", 2, "1:234")
	expectAt(t, fs, guard, "x", 1, "1:239")
	expectAt(t, fs, doc.System, "system", 1, "1:286")
}

// TestXMLRealMinified checks a real minified file against columns found by
// searching the raw file for the escaped label text.
func TestXMLRealMinified(t *testing.T) {
	modelFiles(t)
	src, err := os.ReadFile(modelsDir + "/utot-examples/2doors.xml")
	if err != nil {
		t.Fatal(err)
	}
	fs, doc, diags := readString(t, "2doors.xml", string(src))
	expectNoDiags(t, fs, diags)
	// The guard x>=5 of the edge from id2 to id5 is written x&gt;=5 on
	// line 3, at byte 1175 of the line.
	var guard *source.Segment
	for _, e := range doc.Templates[0].Edges {
		if e.Source == "id2" && e.Target == "id5" {
			guard = e.Guard.Text
		}
	}
	expectText(t, "guard", guard, "x>=5")
	expectAt(t, fs, guard, "x", 1, "3:1175")
	expectAt(t, fs, guard, ">", 1, "3:1176")
	expectAt(t, fs, guard, "=", 1, "3:1180")
	expectAt(t, fs, guard, "5", 1, "3:1181")
}

// TestXMLCRLF checks that "\r\n" neither reaches the text nor shifts lines.
func TestXMLCRLF(t *testing.T) {
	src := "<nta>\r\n<declaration>int a;\r\nint b = 1 &lt; 2;\r\n</declaration>\r\n<system><![CDATA[\r\nsystem P;]]></system>\r\n</nta>\r\n"
	fs, doc, diags := readString(t, "crlf.xml", src)
	expectNoDiags(t, fs, diags)
	expectText(t, "declaration", doc.Declaration, "int a;\nint b = 1 < 2;\n")
	expectText(t, "system", doc.System, "\nsystem P;")
	expectAt(t, fs, doc.Declaration, "int b", 1, "3:1")
	expectAt(t, fs, doc.Declaration, "<", 1, "3:11")
	expectAt(t, fs, doc.Declaration, "\n", 1, "2:20")
	expectAt(t, fs, doc.System, "system", 1, "6:1")
}

// TestXMLOldInstantiation reads a UPPAAL 3.x document.
func TestXMLOldInstantiation(t *testing.T) {
	src := `<?xml version="1.0"?>
<!DOCTYPE nta PUBLIC "-//Uppaal Team//DTD Flat System 1.0//EN" "http://www.docs.uu.se/docs/rtmv/uppaal/xml/flat-1_0.dtd">
<nta>
<declaration>int[0,1] L;</declaration>
<template><name x="5" y="5">P</name><parameter x="5" y="20"/>
<location id="id0"><name>A</name><label kind="invariant">x&lt;=5</label></location><init ref="id0"/>
<transition><source ref="id0"/><target ref="id0"/><label kind="assignment">x:=0</label></transition>
</template>
<instantiation>Kim := P();
Gerd := P();</instantiation>
<system>system Gerd, Kim;</system>
</nta>`
	fs, doc, diags := readString(t, "old.xml", src)
	expectNoDiags(t, fs, diags)
	if doc.DTD != "flat-1_0" || doc.Templates[0].Parameter != nil {
		t.Errorf("DTD %q, parameter %v", doc.DTD, doc.Templates[0].Parameter)
	}
	expectText(t, "instantiation", doc.Instantiation, "Kim := P();\nGerd := P();")
	expectAt(t, fs, doc.Instantiation, "Gerd", 1, "10:1")
	expectText(t, "system", doc.System, "system Gerd, Kim;")
	expectText(t, "assignment", doc.Templates[0].Edges[0].Assign.Text, "x:=0")
}

// TestXMLLSC checks that LSC templates, in either spelling, are marked.
func TestXMLLSC(t *testing.T) {
	src := `<nta>
<template><name>A</name><location id="a"/><init ref="a"/></template>
<template type="LSC"><name>S</name></template>
<lsc><name>L</name><type>Universal</type><instance id="i"><name>A</name></instance></lsc>
<system>system A;</system>
</nta>`
	fs, doc, diags := readString(t, "lsc.xml", src)
	expectNoDiags(t, fs, diags)
	var got []string
	for _, tp := range doc.Templates {
		s := tp.Name.Text()
		if tp.LSC {
			s += " LSC@" + lineCol(fs, tp.LSCPos)
		}
		got = append(got, s)
	}
	if strings.Join(got, ", ") != "A, S LSC@3:1, L LSC@4:1" {
		t.Errorf("templates: %s", strings.Join(got, ", "))
	}
}

// TestXMLEncodings reads ISO-8859-1, undeclared non-UTF-8, a UTF-8 BOM
// and UTF-16; columns count bytes of the UTF-8 text.
func TestXMLEncodings(t *testing.T) {
	t.Run("declared latin-1", func(t *testing.T) {
		src := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<nta><declaration>// caf\xe9 ok\nint x = 1 &lt; 2;</declaration><system>system P;</system></nta>"
		fs, doc, diags := readString(t, "latin1.xml", src)
		expectNoDiags(t, fs, diags)
		expectText(t, "declaration", doc.Declaration, "// café ok\nint x = 1 < 2;")
		expectAt(t, fs, doc.Declaration, "ok", 1, "2:28")
		expectAt(t, fs, doc.Declaration, "<", 1, "3:11")
	})
	t.Run("undeclared latin-1", func(t *testing.T) {
		src := "<nta><declaration>// caf\xe9</declaration><system>system P;</system></nta>"
		fs, doc, diags := readString(t, "bad.xml", src)
		expectDiags(t, fs, diags, "bad.xml:1:25: warning: the file is not valid UTF-8, read as ISO-8859-1")
		expectText(t, "declaration", doc.Declaration, "// café")
	})
	t.Run("unknown encoding", func(t *testing.T) {
		src := "<?xml version='1.0' encoding='koi8-r'?><nta><system>system P;</system></nta>"
		fs, doc, diags := readString(t, "koi.xml", src)
		expectDiags(t, fs, diags, `koi.xml:1:31: warning: unsupported encoding "koi8-r", read as UTF-8`)
		expectText(t, "system", doc.System, "system P;")
	})
	t.Run("UTF-8 BOM", func(t *testing.T) {
		src := "\xef\xbb\xbf  <nta><system>system P;</system></nta>"
		fs, doc, diags := readString(t, "bom.xml", src)
		expectNoDiags(t, fs, diags)
		if doc.Format != FormatXML {
			t.Errorf("format %v", doc.Format)
		}
		expectAt(t, fs, doc.System, "system", 1, "1:19") // the BOM's 3 bytes count
	})
	t.Run("UTF-16", func(t *testing.T) {
		text := "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<nta><system>system \u00e9;</system></nta>"
		src := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(text)) {
			src = append(src, byte(u), byte(u>>8))
		}
		fs, doc, diags := readString(t, "utf16.xml", string(src))
		expectNoDiags(t, fs, diags)
		expectText(t, "system", doc.System, "system é;")
		expectAt(t, fs, doc.System, ";", 1, "2:23")
	})
}

// TestXMLErrors checks the message and position of malformed input, and
// that what was read before the fault is kept.
func TestXMLErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		templates int
	}{
		{"unclosed tag", "<nta>\n  <template>\n    <name>P</name>\n</nta>\n",
			[]string{"t.xml:4:1: expected </template>, found </nta>"}, 1},
		{"end of file", "<nta>\n<template>\n<name>P</name>",
			[]string{"t.xml:3:15: unexpected end of file, expected </template>"}, 1},
		{"bad entity", "<nta>\n<declaration>int x = 1 &bogus; 2;</declaration>\n</nta>",
			[]string{"t.xml:2:24: unknown entity &bogus; (entities declared in a DOCTYPE are not expanded)"}, 0},
		{"bare ampersand", "<nta><declaration>a & b</declaration></nta>",
			[]string{"t.xml:1:21: invalid character entity & (no semicolon)"}, 0},
		{"bare less-than", "<nta><declaration>a < b</declaration></nta>",
			[]string{"t.xml:1:21: expected element name after <"}, 0},
		{"bad name", "<nta><1template/></nta>",
			[]string{"t.xml:1:7: invalid XML name: 1template"}, 0},
		{"unquoted attribute", "<nta><template><name x=5>P</name></template></nta>",
			[]string{"t.xml:1:24: unquoted or missing attribute value in element"}, 1},
		{"unterminated comment", "<nta>\n<!-- unterminated",
			[]string{"t.xml:2:1: comment not terminated"}, 0},
		{"unterminated CDATA", "<nta><declaration><![CDATA[ x </declaration></nta>",
			[]string{"t.xml:1:19: CDATA section not terminated"}, 0},
		{"stray end tag", "<nta></template></nta>",
			[]string{"t.xml:1:6: expected </nta>, found </template>"}, 0},
		{"wrong root", "<model/>",
			[]string{"t.xml:1:1: expected <nta>, found <model>"}, 0},
		{"no root", "<?xml version=\"1.0\"?>\n",
			[]string{"t.xml:2:1: no <nta> element: this is not an UPPAAL document"}, 0},
		{"text after root", "<nta/>\njunk",
			[]string{"t.xml:2:1: unexpected text outside <nta>"}, 0},
		{"second root", "<nta/><nta/>",
			[]string{"t.xml:1:7: unexpected <nta> after the root element"}, 0},
		{"missing parts", `<nta><template><location/><init/><transition><source/></transition></template></nta>`,
			[]string{
				"t.xml:1:6: <template> has no <name>",
				"t.xml:1:16: <location> has no id attribute",
				"t.xml:1:27: <init> has no ref attribute",
				"t.xml:1:34: <transition> has no <target>",
				"t.xml:1:46: <source> has no ref attribute",
			}, 1},
		{"duplicates", `<nta><template><name>A</name><location id="a"><label kind="invariant">x</label><label kind="invariant">y</label></location><transition><source ref="a"/><target ref="a"/><label kind="guard">g</label><label kind="guard">h</label></transition></template><system/><system/></nta>`,
			[]string{
				"t.xml:1:80: duplicate invariant label",
				"t.xml:1:199: duplicate guard label",
				"t.xml:1:261: duplicate <system> element",
			}, 1},
		{"layout", `<nta><template><name x="a" y="1">A</name><location id="a"><label>x</label></location><transition><source ref="a"/><target ref="a"/><nail x="1"/></transition></template></nta>`,
			[]string{
				`t.xml:1:25: warning: bad coordinate x="a" ignored`,
				"t.xml:1:59: warning: <label> without kind ignored",
				"t.xml:1:132: warning: <nail> without coordinates ignored",
			}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, doc, diags := readString(t, "t.xml", tt.src)
			expectDiags(t, fs, diags, tt.want...)
			if len(doc.Templates) != tt.templates {
				t.Errorf("%d templates, want %d", len(doc.Templates), tt.templates)
			}
		})
	}
}

// TestFormatDetection checks which reader Read picks.
func TestFormatDetection(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want Format
	}{
		{"<nta/>", FormatXML},
		{"\xef\xbb\xbf\r\n\t <nta/>", FormatXML},
		{"  <?xml version='1.0'?><nta/>", FormatXML},
		{"system P;", FormatXTA},
		{"// <nta>\nsystem P;", FormatXTA},
		{"", FormatXTA},
	} {
		_, doc, _ := readString(t, "f", tt.src)
		if doc.Format != tt.want {
			t.Errorf("%q read as %v, want %v", tt.src, doc.Format, tt.want)
		}
	}
}
