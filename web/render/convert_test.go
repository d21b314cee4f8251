// A test-only converter from uppaal.Document to protocol templates.

package render

import (
	"os"
	"testing"

	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// readTemplates reads a model file and converts its templates the way the
// engine describes them to the page: layout only, labels as text.
func readTemplates(t *testing.T, path string) []protocol.Template {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := uppaal.Read(source.NewFileSet(), path, src)
	var out []protocol.Template
	for _, tp := range doc.Templates {
		out = append(out, convertTemplate(tp))
	}
	return out
}

func convertTemplate(tp *uppaal.Template) protocol.Template {
	pt := protocol.Template{Name: segText(tp.Name), Parameters: segText(tp.Parameter), Init: tp.Init, HasLayout: true}
	for _, l := range tp.Locations {
		loc := protocol.Location{ID: l.ID, Name: segText(l.Name), At: point(l.At), NameAt: point(l.NameAt),
			Urgent: l.Urgent, Committed: l.Committed, Color: l.Color}
		if l.Invariant != nil {
			loc.Invariant, loc.InvAt = segText(l.Invariant.Text), point(l.Invariant.At)
		}
		pt.HasLayout = pt.HasLayout && l.At != nil
		pt.Locations = append(pt.Locations, loc)
	}
	for _, e := range tp.Edges {
		pe := protocol.Edge{ID: e.ID, Source: e.Source, Target: e.Target, Color: e.Color}
		for _, n := range e.Nails {
			pe.Nails = append(pe.Nails, protocol.Point{X: n.X, Y: n.Y, Set: true})
		}
		for _, lb := range []*uppaal.Label{e.Select, e.Guard, e.Sync, e.Assign} {
			if lb != nil {
				pe.Labels = append(pe.Labels, protocol.Label{Kind: lb.Kind, Text: segText(lb.Text), At: point(lb.At)})
			}
		}
		pt.Edges = append(pt.Edges, pe)
	}
	return pt
}

func segText(s *source.Segment) string {
	if s == nil {
		return ""
	}
	return s.Text()
}

func point(p *uppaal.Point) protocol.Point {
	if p == nil {
		return protocol.Point{}
	}
	return protocol.Point{X: p.X, Y: p.Y, Set: true}
}
