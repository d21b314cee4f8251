package render

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"beeline/core/protocol"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenModels are drawn into testdata/<name>-<template>.svg.
var goldenModels = map[string]string{
	"train-gate":      "/work/shared/models/uppaal-demos/train-gate.xml",
	"2doors":          "/work/shared/models/uppaal-demos/2doors.xml",
	"fischer":         "/work/shared/models/uppaal-demos/fischer.xml",
	"beeline-fischer": "../../testdata/models/fischer.xml",
	"crossing":        "../../testdata/models/crossing.xta",
}

func modelTemplates(t *testing.T, path string) []protocol.Template {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("model %s not available: %v", path, err)
	}
	return readTemplates(t, path)
}

func TestGolden(t *testing.T) {
	for name, path := range goldenModels {
		t.Run(name, func(t *testing.T) {
			for _, tp := range modelTemplates(t, path) {
				got := Template(&tp, Options{Standalone: true})
				file := filepath.Join("testdata", name+"-"+tp.Name+".svg")
				if *update {
					if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if got != string(want) {
					t.Errorf("%s differs from the drawing:\n%s", file, lineDiff(string(want), got))
				}
			}
		})
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 5; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

// drawing is what the structural tests read back from an SVG.
type drawing struct {
	viewBox  [4]float64
	locs     map[string]int    // data-loc → count
	edges    map[int]int       // data-edge → count
	classes  map[string]string // id attribute → class
	template string
	texts    []string
}

// parseSVG checks that s is well-formed XML and reads its structure.
func parseSVG(t *testing.T, s string) *drawing {
	t.Helper()
	d := &drawing{locs: map[string]int{}, edges: map[int]int{}, classes: map[string]string{}}
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return d
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			d.element(t, tok)
		case xml.CharData:
			if txt := strings.TrimSpace(string(tok)); txt != "" {
				d.texts = append(d.texts, txt)
			}
		}
	}
}

func (d *drawing) element(t *testing.T, el xml.StartElement) {
	attrs := map[string]string{}
	for _, a := range el.Attr {
		attrs[a.Name.Local] = a.Value
	}
	if el.Name.Local == "svg" {
		d.template = attrs["data-template"]
		for i, f := range strings.Fields(attrs["viewBox"]) {
			d.viewBox[i], _ = strconv.ParseFloat(f, 64)
		}
	}
	if id, ok := attrs["data-loc"]; ok {
		d.locs[id]++
	}
	if e, ok := attrs["data-edge"]; ok {
		n, err := strconv.Atoi(e)
		if err != nil {
			t.Errorf("data-edge %q is not a number", e)
		}
		d.edges[n]++
	}
	if id, ok := attrs["id"]; ok {
		if _, dup := d.classes[id]; dup {
			t.Errorf("id %q used twice", id)
		}
		d.classes[id] = attrs["class"]
	}
}

func (d *drawing) contains(p protocol.Point) bool {
	x, y := float64(p.X), float64(p.Y)
	return x >= d.viewBox[0] && y >= d.viewBox[1] && x <= d.viewBox[0]+d.viewBox[2] && y <= d.viewBox[1]+d.viewBox[3]
}

// checkStructure asserts that every location and every drawable edge of
// tp is in the drawing once, with its data attributes, inside the view box.
func checkStructure(t *testing.T, tp *protocol.Template, svg string) {
	t.Helper()
	d := parseSVG(t, svg)
	if d.template != tp.Name {
		t.Errorf("data-template = %q, want %q", d.template, tp.Name)
	}
	if d.viewBox[2] <= 0 || d.viewBox[3] <= 0 {
		t.Errorf("empty view box %v", d.viewBox)
	}
	drawn := tp
	if needsLayout(tp) {
		drawn = Layout(tp)
	}
	ids := map[string]bool{}
	for _, l := range drawn.Locations {
		ids[l.ID] = true
		if d.locs[l.ID] != 1 {
			t.Errorf("%s: location %q drawn %d times", tp.Name, l.ID, d.locs[l.ID])
		}
		for _, p := range []protocol.Point{l.At, l.NameAt, l.InvAt} {
			if p.Set && !d.contains(p) {
				t.Errorf("%s: location %q point %v outside view box %v", tp.Name, l.ID, p, d.viewBox)
			}
		}
	}
	for i, e := range drawn.Edges {
		want := 0
		if ids[e.Source] && ids[e.Target] {
			want = 1
		}
		if d.edges[i] != want {
			t.Errorf("%s: edge %d drawn %d times, want %d", tp.Name, i, d.edges[i], want)
		}
		for _, p := range e.Nails {
			if want == 1 && !d.contains(p) {
				t.Errorf("%s: edge %d nail %v outside view box %v", tp.Name, i, p, d.viewBox)
			}
		}
		for _, lb := range e.Labels {
			if want == 1 && lb.At.Set && !d.contains(lb.At) {
				t.Errorf("%s: edge %d label at %v outside view box %v", tp.Name, i, lb.At, d.viewBox)
			}
		}
	}
}

func TestStructure(t *testing.T) {
	for name, path := range goldenModels {
		t.Run(name, func(t *testing.T) {
			for _, tp := range modelTemplates(t, path) {
				for _, opts := range []Options{{}, {Standalone: true, Theme: ThemeDark, Process: "P(1)"}} {
					checkStructure(t, &tp, Template(&tp, opts))
				}
			}
		})
	}
}

// small is a template with every feature, written by hand.
func small() *protocol.Template {
	p := func(x, y int) protocol.Point { return protocol.Point{X: x, Y: y, Set: true} }
	return &protocol.Template{
		Name: "T<1>", Init: "a", HasLayout: true,
		Locations: []protocol.Location{
			{ID: "a", Name: "A", At: p(0, 0), Invariant: "x < 5 && y > 2"},
			{ID: "b", Name: `B"q'`, At: p(200, 0), NameAt: p(210, -30), Urgent: true},
			{ID: "c", At: p(100, 150), Committed: true, Color: "#ff0000"},
		},
		Edges: []protocol.Edge{
			{Source: "a", Target: "b", Labels: []protocol.Label{{Kind: "guard", Text: "x < 5 && y > 2"}, {Kind: "assignment", Text: "x = 0,\ny = 1"}}},
			{Source: "b", Target: "a", Labels: []protocol.Label{{Kind: "synchronisation", Text: "go!"}}},
			{Source: "b", Target: "c", Nails: []protocol.Point{p(200, 150)}, Color: "#00ff00"},
			{Source: "c", Target: "c", Labels: []protocol.Label{{Kind: "select", Text: "i : int[0,3]"}}},
			{Source: "c", Target: "nowhere"},
		},
	}
}

func TestEscaping(t *testing.T) {
	tp := small()
	svg := Template(tp, Options{Standalone: true})
	checkStructure(t, tp, svg)
	for _, want := range []string{`x &lt; 5 &amp;&amp; y &gt; 2`, `data-template="T&lt;1&gt;"`, `B&quot;q&#39;`} {
		if !strings.Contains(svg, want) {
			t.Errorf("output lacks %s", want)
		}
	}
	d := parseSVG(t, svg)
	found := 0
	for _, txt := range d.texts {
		if txt == "x < 5 && y > 2" {
			found++
		}
	}
	if found != 2 {
		t.Errorf("text %q read back %d times, want 2 (invariant and guard)", "x < 5 && y > 2", found)
	}
	if strings.Contains(Template(&protocol.Template{Name: "bad\x01\x02"}, Options{}), "\x01") {
		t.Error("control character written to XML")
	}
}

func TestHighlight(t *testing.T) {
	tp := small()
	svg := Template(tp, Options{Active: []string{"a", "zz"}, Fired: []int{0, 99}, ErrorLocations: []string{"c"}, ErrorEdges: []int{2}, IDPrefix: "p-"})
	d := parseSVG(t, svg)
	want := map[string]string{
		"p-loc-a":  "location initial active",
		"p-loc-b":  "location urgent",
		"p-loc-c":  "location committed has-color error",
		"p-edge-0": "edge fired",
		"p-edge-1": "edge",
		"p-edge-2": "edge has-color error",
		"p-edge-3": "edge self-loop",
	}
	for id, cls := range want {
		if d.classes[id] != cls {
			t.Errorf("%s: class %q, want %q", id, d.classes[id], cls)
		}
	}
	if _, ok := d.classes["p-edge-4"]; ok {
		t.Error("edge to a missing location drawn")
	}
	for _, mark := range []string{`class="loc-mark" x="200" y="4.5">U<`, `>C</text>`, `class="loc-init"`} {
		if !strings.Contains(svg, mark) {
			t.Errorf("output lacks %s", mark)
		}
	}
}

func TestHideLabels(t *testing.T) {
	tp := small()
	all := Options{Hide: HideNames | HideInvariants | HideSelect | HideGuard | HideSync | HideAssign | HideOther}
	svg := Template(tp, all)
	if strings.Contains(svg, `class="label`) {
		t.Errorf("labels drawn although hidden:\n%s", svg)
	}
	svg = Template(tp, Options{Hide: HideGuard})
	if strings.Contains(svg, "label guard") || !strings.Contains(svg, "label assign") {
		t.Error("HideGuard must hide guards and only them")
	}
}

func TestStandalone(t *testing.T) {
	tp := small()
	svg := Template(tp, Options{Standalone: true})
	for _, want := range []string{"<?xml", "<style>", `width="`, `class="background"`, `class="title"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("standalone output lacks %s", want)
		}
	}
	svg = Template(tp, Options{})
	for _, unwanted := range []string{"<?xml", "<style>", `width="`} {
		if strings.Contains(svg, unwanted) {
			t.Errorf("embeddable output has %s", unwanted)
		}
	}
}

// TestEdgeEnds checks that edges start and end on the circles' boundaries
// and that the arrowhead's tip is the end.
func TestEdgeEnds(t *testing.T) {
	tp := small()
	g := newGeometry(tp)
	for i := 0; i < 3; i++ {
		sh := g.shape(i)
		s, d, _ := g.ends(&tp.Edges[i])
		first, last := sh.pts[0], sh.pts[len(sh.pts)-1]
		if math.Abs(first.dist(s)-radius) > 1e-6 || math.Abs(last.dist(d)-radius) > 1e-6 {
			t.Errorf("edge %d: ends %v %v not on the circles", i, first, last)
		}
		if sh.head[0] != last {
			t.Errorf("edge %d: arrow tip %v, end %v", i, sh.head[0], last)
		}
	}
	// Edges 0 and 1 join the same locations without nails: distinct routes.
	if len(g.route(0)) != 3 || len(g.route(1)) != 3 || g.route(0)[1] == g.route(1)[1] {
		t.Errorf("parallel edges not separated: %v %v", g.route(0), g.route(1))
	}
	if sh := g.shape(3); !sh.curved {
		t.Error("self-loop without nails not drawn as a curve")
	}
}

// TestAllModels draws every template of every model in shared/models, as
// laid out by the model and by Layout.
func TestAllModels(t *testing.T) {
	root := "/work/shared/models"
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no models at %s: %v", root, err)
	}
	n := 0
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !(strings.HasSuffix(path, ".xml") || strings.HasSuffix(path, ".xta")) {
			return err
		}
		for _, tp := range readTemplates(t, path) {
			checkStructure(t, &tp, Template(&tp, Options{Standalone: true}))
			lt := Layout(&tp)
			checkStructure(t, lt, Template(lt, Options{}))
			checkSpacing(t, path, lt)
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d templates drawn", n)
}
