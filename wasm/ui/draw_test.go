package main

import (
	"fmt"
	"math"
	"testing"

	"beeline/core/edit"
	"beeline/core/protocol"
)

func TestNailIndex(t *testing.T) {
	src, dst := pt{0, 0}, pt{100, 0}
	nails := []pt{{30, 40}, {70, 40}}
	for _, c := range []struct {
		p    pt
		want int
	}{
		{pt{10, 25}, 0}, // near the first segment: before nail 0
		{pt{50, 45}, 1}, // between the nails
		{pt{90, 20}, 2}, // on the last segment: after both
		{pt{200, 0}, 2}, // past the target
		{pt{-50, 0}, 0}, // before the source
	} {
		if got := nailIndex(src, dst, nails, c.p); got != c.want {
			t.Errorf("nailIndex at %v = %d, want %d", c.p, got, c.want)
		}
	}
	if got := nailIndex(src, dst, nil, pt{50, 10}); got != 0 {
		t.Errorf("nailIndex on a straight edge = %d, want 0", got)
	}
	got := insertNail(nails, 1, pt{50, 60})
	if len(got) != 3 || got[1] != (pt{50, 60}) || got[2] != nails[1] || len(nails) != 2 {
		t.Errorf("insertNail = %v (nails now %v)", got, nails)
	}
}

func TestSelfLoopNails(t *testing.T) {
	c := pt{100, 100}
	for _, p := range []pt{{100, 10}, {300, 100}, c} {
		n := selfLoopNails(c, p)
		for _, q := range n {
			if d := q.dist(c); math.Abs(d-selfLoopReach) > 1e-9 {
				t.Errorf("toward %v: nail %v is %.2f from the location, want %v", p, q, d, selfLoopReach)
			}
		}
		mid := lerpPt(n[0], n[1], 0.5)
		want := p
		if p == c {
			want = pt{100, 0}
		}
		if mid.sub(c).X*want.sub(c).X+mid.sub(c).Y*want.sub(c).Y <= 0 {
			t.Errorf("toward %v: nails %v do not point that way", p, n)
		}
	}
}

func TestArrowStep(t *testing.T) {
	if d, ok := arrowStep("ArrowLeft", false); !ok || d != (pt{-keyStep, 0}) {
		t.Errorf("ArrowLeft = %v %v", d, ok)
	}
	if d, ok := arrowStep("ArrowDown", true); !ok || d != (pt{0, 1}) {
		t.Errorf("Shift+ArrowDown = %v %v", d, ok)
	}
	if _, ok := arrowStep("a", false); ok {
		t.Error("a is not an arrow")
	}
}

func TestLaidOut(t *testing.T) {
	p := func(x, y int) protocol.Point { return protocol.Point{X: x, Y: y, Set: true} }
	full := &protocol.Template{Name: "T", Init: "a", HasLayout: true,
		Locations: []protocol.Location{{ID: "a", At: p(0, 0)}, {ID: "b", At: p(100, 0)}},
		Edges:     []protocol.Edge{{Source: "a", Target: "b"}}}
	if got := laidOut(full); got != nil {
		t.Errorf("a template with coordinates needs no layout, got %v", got)
	}
	part := *full
	part.Locations = []protocol.Location{{ID: "a", At: p(0, 0)}, {ID: "b"}}
	got := laidOut(&part)
	if len(got) != 2 || !got["a"].Set || !got["b"].Set || got["a"] == got["b"] {
		t.Errorf("layout of a template missing a coordinate = %v", got)
	}
}

// A template of the document drawn as the parsed model draws it: names,
// kinds, the initial location, labels with their places and nails, the
// colours lent by the parsed template.
func TestDocTemplate(t *testing.T) {
	d, err := edit.Parse([]byte(docXML))
	if err != nil {
		t.Fatal(err)
	}
	p := func(x, y int) protocol.Point { return protocol.Point{X: x, Y: y, Set: true} }
	old := &protocol.Template{Locations: []protocol.Location{{ID: "id1", Color: "#ff0000"}},
		Edges: []protocol.Edge{{Source: "id0", Target: "id1", Color: "#00ff00"}}}
	got := docTemplate(d.Template(0), old)
	want := protocol.Template{Name: "P", Parameters: "int k", Init: "id0", HasLayout: true,
		Locations: []protocol.Location{
			{ID: "id0", Name: "idle", At: p(0, 0), NameAt: p(-10, -30), Invariant: "x <= 3", InvAt: p(-10, 12)},
			{ID: "id1", Name: "cs", At: p(100, 0), Committed: true, Color: "#ff0000"},
		},
		Edges: []protocol.Edge{{Source: "id0", Target: "id1", Color: "#00ff00", Nails: []protocol.Point{p(50, 40)},
			Labels: []protocol.Label{{Kind: "guard", Text: "x > 1", At: p(40, 10)}, {Kind: "assignment", Text: "x = 0"}}}},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("docTemplate:\n got %+v\nwant %+v", got, want)
	}
	if got := docTemplate(d.Template(0), nil); got.Locations[1].Color != "" || got.Edges[0].Color != "" {
		t.Errorf("colours without a parsed template: %+v", got)
	}
}

const docXML = `<?xml version="1.0" encoding="utf-8"?>
<nta>
<declaration>clock x;</declaration>
<template>
<name>P</name>
<parameter>int k</parameter>
<location id="id0" x="0" y="0"><name x="-10" y="-30">idle</name><label kind="invariant" x="-10" y="12">x &lt;= 3</label></location>
<location id="id1" x="100" y="0"><name>cs</name><committed/></location>
<init ref="id0"/>
<transition><source ref="id0"/><target ref="id1"/><label kind="guard" x="40" y="10">x &gt; 1</label><label kind="assignment">x = 0</label><nail x="50" y="40"/></transition>
</template>
<system>system P;</system>
</nta>
`
