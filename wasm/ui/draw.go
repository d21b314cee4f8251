// Drawing edits without the DOM: where a new nail goes on an edge, the
// nails of a new self-loop, the step of an arrow key, and the coordinates
// a template drawn by the layout needs before it is edited by hand.

package main

import (
	"math"

	"beeline/core/edit"
	"beeline/core/protocol"
	"beeline/web/render"
)

// pt is a point in a drawing's user units (UPPAAL's coordinates).
type pt struct{ X, Y float64 }

func (p pt) sub(q pt) pt           { return pt{p.X - q.X, p.Y - q.Y} }
func (p pt) add(q pt) pt           { return pt{p.X + q.X, p.Y + q.Y} }
func (p pt) dist(q pt) float64     { return math.Hypot(p.X-q.X, p.Y-q.Y) }
func (p pt) round() (x, y int)     { return int(math.Round(p.X)), int(math.Round(p.Y)) }
func ptOf(p protocol.Point) pt     { return pt{float64(p.X), float64(p.Y)} }
func (p pt) scale(k float64) pt    { return pt{p.X * k, p.Y * k} }
func (p pt) rotate(a float64) pt   { s, c := math.Sincos(a); return pt{p.X*c - p.Y*s, p.X*s + p.Y*c} }
func (p pt) unit() pt              { n := math.Hypot(p.X, p.Y); return pt{p.X / n, p.Y / n} }
func (p pt) isZero() bool          { return p.X == 0 && p.Y == 0 }
func segDist(p, a, b pt) float64   { return p.dist(nearestOnSegment(p, a, b)) }
func lerpPt(a, b pt, t float64) pt { return a.add(b.sub(a).scale(t)) }

// nearestOnSegment is the point of segment ab nearest p.
func nearestOnSegment(p, a, b pt) pt {
	d := b.sub(a)
	l2 := d.X*d.X + d.Y*d.Y
	if l2 == 0 {
		return a
	}
	t := ((p.X-a.X)*d.X + (p.Y-a.Y)*d.Y) / l2
	return lerpPt(a, b, math.Max(0, math.Min(1, t)))
}

// nailIndex returns where a nail put at p goes in the nails of an edge
// from src to dst: before the nail that ends the segment of the route
// (src, nails..., dst) nearest p, so that the route bends at p.
func nailIndex(src, dst pt, nails []pt, p pt) int {
	route := append(append([]pt{src}, nails...), dst)
	best, bestD := 0, math.Inf(1)
	for i := 1; i < len(route); i++ {
		if d := segDist(p, route[i-1], route[i]); d < bestD {
			best, bestD = i-1, d
		}
	}
	return best
}

// insertNail returns nails with p put in at index i.
func insertNail(nails []pt, i int, p pt) []pt {
	out := append([]pt(nil), nails[:i]...)
	out = append(out, p)
	return append(out, nails[i:]...)
}

// selfLoopReach is how far from its location a new self-loop's nails go.
const selfLoopReach = 48.0

// selfLoopNails returns the two nails of a new self-loop on a location at
// c, towards p (the farthest the pointer went): UPPAAL draws a self-loop
// only through nails, and a loop without them hides under its location.
// A p at c gives a loop upwards.
func selfLoopNails(c, p pt) [2]pt {
	d := p.sub(c)
	if d.isZero() {
		d = pt{0, -1}
	}
	d = d.unit().scale(selfLoopReach)
	return [2]pt{c.add(d.rotate(-0.45)), c.add(d.rotate(0.45))}
}

// Arrow keys move a focused location by keyStep units, or by one with
// Shift for fine placing.
const keyStep = 8.0

// arrowStep returns the move an arrow key asks for; ok is false for any
// other key.
func arrowStep(key string, fine bool) (d pt, ok bool) {
	s := keyStep
	if fine {
		s = 1
	}
	switch key {
	case "ArrowLeft":
		return pt{-s, 0}, true
	case "ArrowRight":
		return pt{s, 0}, true
	case "ArrowUp":
		return pt{0, -s}, true
	case "ArrowDown":
		return pt{0, s}, true
	}
	return pt{}, false
}

// laidOut returns where the drawing puts t's locations when t lacks
// coordinates (an .xta model, or one location without them): the
// renderer's layout, which an edit by hand must first write into the
// document, or the other locations would jump once one has coordinates.
// It returns nil when t has all its coordinates.
func laidOut(t *protocol.Template) map[string]protocol.Point {
	need := !t.HasLayout
	for _, l := range t.Locations {
		need = need || !l.At.Set
	}
	if !need {
		return nil
	}
	out := map[string]protocol.Point{}
	for _, l := range render.Layout(t).Locations {
		out[l.ID] = l.At
	}
	return out
}

// labelKinds are the edge label kinds the side panel edits, in UPPAAL's
// order, with the names the page gives them.
var labelKinds = []struct{ kind, name string }{
	{"select", "Select"}, {"guard", "Guard"}, {"synchronisation", "Sync"}, {"assignment", "Update"},
}

// docTemplate is template t of the document being edited, as the
// renderer draws it: an editing drawing follows the document at once,
// also while the model has errors and before it is parsed again. The
// document gives no colours; old (the template as last parsed, or nil)
// lends its locations' colours by id and its edges' by index when their
// ends are the same.
func docTemplate(t *edit.Template, old *protocol.Template) protocol.Template {
	out := protocol.Template{Name: t.Name(), Parameters: t.Parameter(), HasLayout: true,
		Locations: []protocol.Location{}, Edges: []protocol.Edge{}}
	colour := map[string]string{}
	if old != nil {
		for _, l := range old.Locations {
			colour[l.ID] = l.Color
		}
	}
	for _, l := range t.Locations() {
		out.HasLayout = out.HasLayout && l.HasAt
		if l.Initial {
			out.Init = l.ID
		}
		out.Locations = append(out.Locations, protocol.Location{
			ID: l.ID, Name: l.Name, Invariant: l.Invariant, Color: colour[l.ID],
			At: point(l.At, l.HasAt), NameAt: point(l.NameAt, l.HasNameAt), InvAt: point(l.InvariantAt, l.HasInvariantAt),
			Urgent: l.Kind == edit.Urgent, Committed: l.Kind == edit.Committed,
		})
	}
	for i, e := range t.Edges() {
		pe := protocol.Edge{ID: e.ID, Source: e.Source, Target: e.Target}
		if old != nil && i < len(old.Edges) && old.Edges[i].Source == e.Source && old.Edges[i].Target == e.Target {
			pe.Color = old.Edges[i].Color
		}
		for _, n := range e.Nails {
			pe.Nails = append(pe.Nails, point(n, true))
		}
		for k, text := range []string{e.Select, e.Guard, e.Sync, e.Update} {
			if text != "" {
				pe.Labels = append(pe.Labels, protocol.Label{Kind: labelKinds[k].kind, Text: text, At: point(e.LabelAt[k], e.HasLabelAt[k])})
			}
		}
		out.Edges = append(out.Edges, pe)
	}
	return out
}

func point(p edit.Point, set bool) protocol.Point {
	if !set {
		return protocol.Point{}
	}
	return protocol.Point{X: p.X, Y: p.Y, Set: true}
}
