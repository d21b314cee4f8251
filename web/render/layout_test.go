package render

import (
	"reflect"
	"testing"

	"beeline/core/protocol"
)

// checkSpacing asserts that no two locations of a laid-out template are
// closer than minRowGap and that everything has coordinates.
func checkSpacing(t *testing.T, name string, lt *protocol.Template) {
	t.Helper()
	if !lt.HasLayout || needsLayout(lt) {
		t.Errorf("%s/%s: layout left coordinates out", name, lt.Name)
	}
	for i, a := range lt.Locations {
		for _, b := range lt.Locations[i+1:] {
			if d := at(a.At).dist(at(b.At)); d < minRowGap {
				t.Errorf("%s/%s: %q and %q only %.0f apart", name, lt.Name, a.ID, b.ID, d)
			}
		}
	}
	for i, e := range lt.Edges {
		for _, lb := range e.Labels {
			if !lb.At.Set {
				t.Errorf("%s/%s: edge %d label %q has no place", name, lt.Name, i, lb.Text)
			}
		}
	}
}

func TestLayout(t *testing.T) {
	for name, path := range goldenModels {
		t.Run(name, func(t *testing.T) {
			for _, tp := range modelTemplates(t, path) {
				orig := clonedeep(&tp)
				lt := Layout(&tp)
				checkSpacing(t, name, lt)
				if !reflect.DeepEqual(orig, &tp) {
					t.Errorf("%s: Layout changed its argument", tp.Name)
				}
				if again := Layout(&tp); !reflect.DeepEqual(lt, again) {
					t.Errorf("%s: layout not deterministic", tp.Name)
				}
				if Template(lt, Options{}) != Template(Layout(&tp), Options{}) {
					t.Errorf("%s: drawing not deterministic", tp.Name)
				}
			}
		})
	}
}

func clonedeep(tp *protocol.Template) *protocol.Template {
	c := *tp
	c.Locations = append([]protocol.Location(nil), tp.Locations...)
	c.Edges = append([]protocol.Edge(nil), tp.Edges...)
	for i := range c.Edges {
		c.Edges[i].Nails = append([]protocol.Point(nil), tp.Edges[i].Nails...)
		c.Edges[i].Labels = append([]protocol.Label(nil), tp.Edges[i].Labels...)
	}
	return &c
}

// TestLayoutLayers checks the layering on a small graph: a chain with a
// back edge, a skip and an unreachable location.
func TestLayoutLayers(t *testing.T) {
	tp := &protocol.Template{Name: "L", Init: "a",
		Locations: []protocol.Location{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "u"}},
		Edges: []protocol.Edge{
			{Source: "a", Target: "b"}, {Source: "b", Target: "c"}, {Source: "c", Target: "a"},
			{Source: "a", Target: "d"}, {Source: "d", Target: "c"}, {Source: "c", Target: "c"},
			{Source: "u", Target: "a"}, {Source: "a", Target: "b"},
		}}
	lt := Layout(tp)
	x := map[string]int{}
	for _, l := range lt.Locations {
		x[l.ID] = l.At.X
	}
	if !(x["a"] < x["b"] && x["b"] < x["c"] && x["b"] == x["d"]) {
		t.Errorf("layers wrong: %v", x)
	}
	if x["u"] != x["a"] {
		t.Errorf("unreachable location not in its own search's first layer: %v", x)
	}
	if len(lt.Edges[2].Nails) != 4 {
		t.Errorf("back edge c→a skipping a layer has %d nails, want 4 (track route)", len(lt.Edges[2].Nails))
	}
	if len(lt.Edges[5].Nails) != 2 {
		t.Errorf("self-loop has %d nails, want 2", len(lt.Edges[5].Nails))
	}
	if len(lt.Edges[0].Nails)+len(lt.Edges[7].Nails) != 2 || reflect.DeepEqual(lt.Edges[0].Nails, lt.Edges[7].Nails) {
		t.Errorf("parallel edges a→b not separated: %v %v", lt.Edges[0].Nails, lt.Edges[7].Nails)
	}
	checkSpacing(t, "L", lt)
	checkStructure(t, tp, Template(tp, Options{}))
}

func TestLayoutEmpty(t *testing.T) {
	tp := &protocol.Template{Name: "E"}
	if lt := Layout(tp); !lt.HasLayout || len(lt.Locations) != 0 {
		t.Errorf("empty layout: %+v", lt)
	}
	parseSVG(t, Template(tp, Options{Standalone: true}))
}
