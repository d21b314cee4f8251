// Diagnostics resolved for the page and pinned on the drawing.

package present

import (
	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// Diagnostics resolves the positions of list with fs and pins each
// diagnostic on the drawing of doc (which may be nil): on the template
// whose text holds its position, and within it on the location or edge
// whose element or labels hold it. Edge is -1 when the diagnostic is not
// on an edge.
func Diagnostics(fs *source.FileSet, doc *uppaal.Document, list source.List) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(list))
	for _, d := range list {
		pd := protocol.Diagnostic{Severity: d.Severity.String(), Pos: fs.Position(d.Pos), End: fs.Position(d.End),
			Context: d.Context, Message: d.Msg, Edge: -1}
		if q, ok := d.Query(); ok {
			pd.Query = &q
		}
		if doc != nil {
			pin(&pd, doc, d.Pos)
		}
		out = append(out, pd)
	}
	return out
}

// pin sets d's Template, Location and Edge from the position p.
//
// Label text is a source.Segment with its own range of positions, so a
// diagnostic inside a label is matched by that label's segment. A document
// keeps where each element starts, not where it ends, so a diagnostic on
// the XML itself (an element's start) is matched by equal positions, and
// failing all that, a template claims the file span from its start to the
// next template's start.
func pin(d *protocol.Diagnostic, doc *uppaal.Document, p source.Pos) {
	if !p.IsValid() || inGlobal(doc, p) {
		return
	}
	for _, t := range doc.Templates {
		if pinInside(d, t, p) {
			d.Template = text(t.Name)
			return
		}
	}
	for i, t := range doc.Templates {
		if inTemplate(doc, i, p) {
			d.Template = text(t.Name)
			return
		}
	}
}

// pinInside pins d on a location or edge of t, or on t's own text, and
// reports whether p belongs to t.
func pinInside(d *protocol.Diagnostic, t *uppaal.Template, p source.Pos) bool {
	for _, l := range t.Locations {
		if l.Pos == p || inSegment(l.Name, p) || inLabel(l.Invariant, p) || inLabels(l.Other, p) {
			d.Location = l.ID
			return true
		}
	}
	for j, e := range t.Edges {
		if onEdge(e, p) {
			d.Edge = j
			return true
		}
	}
	return t.Pos == p || inSegment(t.Name, p) || inSegment(t.Parameter, p) || inSegment(t.Declaration, p)
}

// inTemplate reports whether the file position p lies between template
// i's start and the next template's start (or the end of the file).
func inTemplate(doc *uppaal.Document, i int, p source.Pos) bool {
	t := doc.Templates[i]
	if doc.File == nil || !t.Pos.IsValid() || p < t.Pos {
		return false
	}
	end := doc.File.Pos(doc.File.Size())
	if i+1 < len(doc.Templates) && doc.Templates[i+1].Pos > t.Pos {
		end = doc.Templates[i+1].Pos
	}
	return p < end
}

// inGlobal reports whether p lies in the document's global text: the
// declarations, the system definition or a query.
func inGlobal(doc *uppaal.Document, p source.Pos) bool {
	if inSegment(doc.Declaration, p) || inSegment(doc.Instantiation, p) || inSegment(doc.System, p) {
		return true
	}
	for _, q := range doc.Queries {
		if inSegment(q.Formula, p) {
			return true
		}
	}
	return false
}

func onEdge(e *uppaal.Edge, p source.Pos) bool {
	if e.Pos == p || e.SourcePos == p || e.TargetPos == p {
		return true
	}
	return inLabel(e.Select, p) || inLabel(e.Guard, p) || inLabel(e.Sync, p) || inLabel(e.Assign, p) || inLabels(e.Other, p)
}

func inLabels(ls []*uppaal.Label, p source.Pos) bool {
	for _, l := range ls {
		if inLabel(l, p) {
			return true
		}
	}
	return false
}

func inLabel(l *uppaal.Label, p source.Pos) bool {
	return l != nil && (l.Pos == p || inSegment(l.Text, p))
}

// inSegment reports whether p is one of s's positions, its end included
// (an "unexpected end" error sits just past the text).
func inSegment(s *source.Segment, p source.Pos) bool {
	return s != nil && s.Pos(0) <= p && p <= s.Pos(len(s.Text()))
}
