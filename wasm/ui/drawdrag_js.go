//go:build js && wasm

// Pointer and keys on an editing drawing: drags move the SVG elements
// directly while the pointer moves and commit one edit when it is let
// go, so a drag is one undo step; points go through the <svg>'s screen
// matrix, so zoomed and panned drawings edit at the right place.

package main

import (
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"beeline/core/edit"
)

// dragSlop is how far (CSS pixels) a pointer moves before a press
// becomes a drag rather than a click.
const dragSlop = 3

// dragState is a press on an editing drawing, until the pointer is let go.
type dragState struct {
	kind    string // "loc", "nail", "label", "edge" (a new edge), "pan" (empty space)
	f       *figure
	pointer int
	client  pt          // where the press was, in client pixels
	start   pt          // and in the drawing's units
	moved   bool        // past dragSlop
	el      dom.Element // what moves: a location group, a nail, a label
	item    selection   // the location or edge pressed on
	nail    int         // the nail's index
	label   string      // the label's kind (data-label)
	origin  pt          // the element's point at the press: centre, nail or label corner
	far     pt          // a new edge: the pointer's farthest point from its source
	rubber  dom.Element // a new edge: the line drawn while dragging
}

// attach wires an editing figure's pointer and key handlers. The
// listeners sit on the <svg>, inside the zoomer's holder, so a press the
// editor takes goes no further and does not pan the drawing.
func (de *drawEditor) attach(f *figure) {
	svg := f.svg
	svg.SetAttribute("data-tool", de.tool)
	svg.AddEventListener("pointerdown", false, func(e dom.Event) { de.pointerDown(f, e) })
	svg.AddEventListener("pointermove", false, func(e dom.Event) { de.pointerMove(e) })
	svg.AddEventListener("pointerup", false, func(e dom.Event) { de.pointerUp(e, false) })
	for _, t := range []string{"pointercancel", "lostpointercapture"} {
		svg.AddEventListener(t, false, func(e dom.Event) { de.pointerUp(e, true) })
	}
	svg.AddEventListener("keydown", false, func(e dom.Event) { de.key(f, e.(*dom.KeyboardEvent)) })
	svg.AddEventListener("focusin", false, func(e dom.Event) {
		if s := itemOf(f, e.Target()); s.tmpl >= 0 && s != de.sel && de.drag == nil && !de.refocus {
			de.selectItem(s)
		}
	})
	// A double click is watched on the whole figure: a drag of the
	// zoomer's captures the pointer on its holder, which then gets it.
	f.el.AddEventListener("dblclick", false, func(e dom.Event) { de.doubleClick(f, e) })
}

// toUser converts a pointer event's client point into the drawing's
// units through the <svg>'s current screen matrix (zoom, pan, scroll).
func toUser(svg dom.Element, ev js.Value) pt {
	m := svg.Underlying().Call("getScreenCTM")
	if m.IsNull() {
		return pt{}
	}
	p := global.Get("DOMPoint").New(ev.Get("clientX"), ev.Get("clientY")).Call("matrixTransform", m.Call("inverse"))
	return pt{p.Get("x").Float(), p.Get("y").Float()}
}

func clientPt(ev js.Value) pt { return pt{ev.Get("clientX").Float(), ev.Get("clientY").Float()} }

// hit is what a press landed on in figure f.
type hit struct {
	nail, label, loc, edge dom.Element
}

func hitOf(target dom.Element) hit {
	var h hit
	if target == nil {
		return h
	}
	h.nail = target.Closest("[data-nail]")
	h.label = target.Closest("text[data-label]")
	h.loc = target.Closest("[data-loc]")
	h.edge = target.Closest("[data-edge]")
	return h
}

func (de *drawEditor) pointerDown(f *figure, e dom.Event) {
	ev := e.Underlying()
	if d := de.drag; d != nil && !de.a.doc.Contains(d.f.svg) {
		de.drag = nil // its drawing was replaced under it
	}
	if !de.editable() || de.drag != nil || ev.Get("pointerType").String() == "mouse" && ev.Get("button").Int() != 0 {
		return
	}
	h := hitOf(e.Target())
	p := toUser(f.svg, ev)
	d := &dragState{f: f, pointer: ev.Get("pointerId").Int(), client: clientPt(ev), start: p, item: itemOf(f, e.Target())}
	switch {
	case h.loc == nil && h.edge == nil:
		de.pressEmpty(f, p)
		return // the zoomer may pan
	case h.edge != nil && de.tool == toolNail && h.nail == nil:
		de.addNail(f, d.item.edge, p)
	case h.nail != nil:
		d.kind, d.el, d.nail = "nail", h.nail, atoi(h.nail.GetAttribute("data-nail"))
		d.origin = pt{attrFloat(h.nail, "cx"), attrFloat(h.nail, "cy")}
	case h.loc != nil && (de.tool == toolEdge || ev.Get("shiftKey").Bool()):
		d.kind, d.el = "edge", h.loc
		d.origin = locCentre(h.loc)
		d.far = d.origin
		d.rubber = de.rubberBand(f, d.origin)
	case h.label != nil:
		d.kind, d.el, d.label = "label", h.label, h.label.GetAttribute("data-label")
		d.origin = pt{attrFloat(h.label, "x"), attrFloat(h.label, "y") - labelAscent}
	case h.loc != nil:
		d.kind, d.el = "loc", h.loc
		d.origin = locCentre(h.loc)
	default:
		d.kind = "select"
	}
	e.PreventDefault()
	e.StopPropagation()
	if d.kind == "" {
		return
	}
	// The press takes the keyboard focus, but selects when it ends (a
	// click), so nothing on the page changes under a drag starting.
	de.drag = d
	if g := firstOf(h.loc, h.edge); g != nil {
		g.Underlying().Call("focus", map[string]any{"preventScroll": true})
	}
	f.svg.Underlying().Call("setPointerCapture", d.pointer)
}

// labelAscent is the renderer's distance from a label's top to its
// first baseline (web/render: a label's corner is (x, y-12)).
const labelAscent = 12

// pressEmpty handles a press on the drawing's empty space: the Add
// location tool adds one there; otherwise the selection is dropped.
func (de *drawEditor) pressEmpty(f *figure, p pt) {
	if de.tool == toolLocation {
		de.addLocation(f, p)
		return
	}
	if de.sel != noSelection {
		de.selectItem(noSelection)
	}
}

func (de *drawEditor) pointerMove(e dom.Event) {
	d := de.drag
	ev := e.Underlying()
	if d == nil || ev.Get("pointerId").Int() != d.pointer {
		return
	}
	if !d.moved && clientPt(ev).dist(d.client) < dragSlop {
		return
	}
	d.moved = true
	p := toUser(d.f.svg, ev)
	delta := p.sub(d.start)
	switch d.kind {
	case "loc", "label":
		d.el.SetAttribute("transform", "translate("+fmtNum(delta.X)+" "+fmtNum(delta.Y)+")")
	case "nail":
		q := d.origin.add(delta)
		d.el.SetAttribute("cx", fmtNum(q.X))
		d.el.SetAttribute("cy", fmtNum(q.Y))
	case "edge":
		d.rubber.SetAttribute("x2", fmtNum(p.X))
		d.rubber.SetAttribute("y2", fmtNum(p.Y))
		if p.dist(d.origin) > d.far.dist(d.origin) {
			d.far = p
		}
	}
}

// pointerUp ends a press: a click selects what was pressed, a drag
// commits its one edit.
func (de *drawEditor) pointerUp(e dom.Event, cancel bool) {
	d := de.drag
	ev := e.Underlying()
	if d == nil || ev.Get("pointerId").Int() != d.pointer {
		return
	}
	de.drag = nil
	if d.rubber != nil {
		d.rubber.Remove()
	}
	if cancel {
		if d.el != nil && d.kind != "edge" {
			d.el.RemoveAttribute("transform")
		}
		return
	}
	if !d.moved {
		if d.item.tmpl >= 0 {
			de.selectItem(d.item)
		}
		return
	}
	delta := toUser(d.f.svg, ev).sub(d.start)
	de.commitDrag(d, ev, delta)
	if d.el != nil && de.a.doc.Contains(d.el) {
		// Nothing changed (the element was let go where it was), so
		// nothing was redrawn: put it back as drawn.
		d.el.RemoveAttribute("transform")
		if d.kind == "nail" {
			d.el.SetAttribute("cx", fmtNum(d.origin.X))
			d.el.SetAttribute("cy", fmtNum(d.origin.Y))
		}
	}
}

// commitDrag applies a finished drag as one edit.
func (de *drawEditor) commitDrag(d *dragState, ev js.Value, delta pt) {
	ti := d.f.index
	switch d.kind {
	case "loc":
		x, y := d.origin.add(delta).round()
		id := d.item.loc
		de.change("move location", ti, func(t *edit.Template) { t.MoveLocation(id, edit.Point{X: x, Y: y}) })
		de.selectItem(d.item)
	case "nail":
		de.moveNail(d, d.origin.add(delta))
	case "label":
		x, y := d.origin.add(delta).round()
		ref := labelRef(d.item, d.label)
		de.change("move label", ti, func(t *edit.Template) { t.MoveLabel(ref, edit.Point{X: x, Y: y}) })
	case "edge":
		de.finishEdge(d, ev)
	}
}

// moveNail moves nail d.nail of edge d.item.edge to p.
func (de *drawEditor) moveNail(d *dragState, p pt) {
	t := de.template(d.f.index)
	if t == nil {
		return
	}
	es := t.Edges()
	i := d.item.edge
	if i < 0 || i >= len(es) || d.nail >= len(es[i].Nails) {
		return
	}
	nails := append([]edit.Point(nil), es[i].Nails...)
	x, y := p.round()
	nails[d.nail] = edit.Point{X: x, Y: y}
	de.change("move nail", d.f.index, func(t *edit.Template) { t.SetNails(i, nails) })
}

// finishEdge adds the edge a drag from a location draws: to the location
// it is let go on, or a self-loop when that is its source and the
// pointer went out of the circle and back.
func (de *drawEditor) finishEdge(d *dragState, ev js.Value) {
	under := de.a.doc.ElementFromPoint(ev.Get("clientX").Int(), ev.Get("clientY").Int())
	if under == nil || !d.f.svg.Contains(under) {
		return
	}
	g := under.Closest("[data-loc]")
	if g == nil {
		return
	}
	src, dst := d.item.loc, g.GetAttribute("data-loc")
	var nails []edit.Point
	if src == dst {
		if d.far.dist(d.origin) < 2*locRadius {
			return
		}
		for _, n := range selfLoopNails(d.origin, d.far) {
			x, y := n.round()
			nails = append(nails, edit.Point{X: x, Y: y})
		}
	}
	ti := d.f.index
	var added int
	de.change("add edge", ti, func(t *edit.Template) {
		added = t.AddEdge(src, dst)
		if nails != nil {
			t.SetNails(added, nails)
		}
	})
	de.selectItem(selection{tmpl: ti, edge: added})
}

// locRadius is a location circle's radius (web/render).
const locRadius = 10

// addLocation adds a location at p of figure f's template and selects it.
func (de *drawEditor) addLocation(f *figure, p pt) {
	x, y := p.round()
	var id string
	de.change("add location", f.index, func(t *edit.Template) { id = t.AddLocation(edit.Point{X: x, Y: y}) })
	if id != "" {
		de.selectItem(selection{tmpl: f.index, loc: id, edge: -1})
	}
}

// addNail bends edge i of f's template at p.
func (de *drawEditor) addNail(f *figure, i int, p pt) {
	t := de.template(f.index)
	if t == nil {
		return
	}
	es := t.Edges()
	if i < 0 || i >= len(es) {
		return
	}
	src, ok1 := de.centre(f, es[i].Source)
	dst, ok2 := de.centre(f, es[i].Target)
	if !ok1 || !ok2 {
		return
	}
	var ns []pt
	for _, n := range es[i].Nails {
		ns = append(ns, pt{float64(n.X), float64(n.Y)})
	}
	ns = insertNail(ns, nailIndex(src, dst, ns, p), p)
	var nails []edit.Point
	for _, n := range ns {
		x, y := n.round()
		nails = append(nails, edit.Point{X: x, Y: y})
	}
	de.change("add nail", f.index, func(t *edit.Template) { t.SetNails(i, nails) })
	de.selectItem(selection{tmpl: f.index, edge: i})
}

// centre is where location id is drawn in figure f.
func (de *drawEditor) centre(f *figure, id string) (pt, bool) {
	g := qs(f.svg, `[data-loc="`+cssEscape(id)+`"]`)
	if g == nil {
		return pt{}, false
	}
	return locCentre(g), true
}

// removeNail removes nail k of edge i of f's template.
func (de *drawEditor) removeNail(f *figure, i, k int) {
	t := de.template(f.index)
	if t == nil {
		return
	}
	es := t.Edges()
	if i < 0 || i >= len(es) || k < 0 || k >= len(es[i].Nails) {
		return
	}
	nails := append(append([]edit.Point(nil), es[i].Nails[:k]...), es[i].Nails[k+1:]...)
	de.change("remove nail", f.index, func(t *edit.Template) { t.SetNails(i, nails) })
	de.selectItem(selection{tmpl: f.index, edge: i})
}

// doubleClick removes a nail, adds a location on empty space, a nail on
// an edge, and
// takes the focus to the panel's first field on a location or a label.
func (de *drawEditor) doubleClick(f *figure, e dom.Event) {
	ev := e.Underlying()
	if !de.editable() {
		return
	}
	under := de.a.doc.ElementFromPoint(ev.Get("clientX").Int(), ev.Get("clientY").Int())
	if under == nil || !(f.svg.Contains(under) || under.Underlying().Equal(f.zoom.holder.Underlying())) {
		return
	}
	e.PreventDefault()
	h := hitOf(under)
	p := toUser(f.svg, ev)
	switch {
	case h.nail != nil:
		de.removeNail(f, itemOf(f, under).edge, atoi(h.nail.GetAttribute("data-nail")))
	case h.label != nil:
		de.selectItem(itemOf(f, under))
		de.focusField(h.label.GetAttribute("data-label"))
	case h.loc != nil:
		de.selectItem(itemOf(f, under))
		de.focusField("name")
	case h.edge != nil:
		de.addNail(f, itemOf(f, under).edge, p)
	default:
		de.addLocation(f, p)
	}
}

// focusField moves the keyboard focus to a panel field.
func (de *drawEditor) focusField(name string) {
	if f := de.fields[name]; f != nil {
		f.area.Focus()
	}
}

// key handles keys on a focused location or edge: the arrows move a
// location, Delete removes, Enter goes to the panel, Escape drops the
// selection. A key it handles goes no further (not to the player).
func (de *drawEditor) key(f *figure, e *dom.KeyboardEvent) {
	if !de.editable() || e.CtrlKey() || e.MetaKey() || e.AltKey() {
		return
	}
	s := itemOf(f, e.Target())
	if s.tmpl < 0 {
		return
	}
	k := e.Key()
	switch {
	case k == "Delete" || k == "Backspace":
		de.sel = s
		de.deleteSelected()
	case k == "Enter" && s.loc != "":
		de.selectItem(s)
		de.focusField("name")
	case k == "Enter":
		de.selectItem(s)
		de.focusField("guard")
	case k == "Escape":
		de.selectItem(noSelection)
		return // and the zoomer returns an enlarged drawing
	case s.loc != "":
		d, ok := arrowStep(k, e.ShiftKey())
		if !ok {
			return
		}
		de.nudge(f, s, d)
	default:
		return
	}
	e.PreventDefault()
	e.StopPropagation()
}

// nudge moves a location by d from the keyboard, one edit per key.
func (de *drawEditor) nudge(f *figure, s selection, d pt) {
	g := itemElement(f, s)
	if g == nil {
		return
	}
	c := locCentre(g)
	// Presses faster than redraws add up on the element's transform.
	prev := pt{attrFloat(g, "data-dx"), attrFloat(g, "data-dy")}
	total := prev.add(d)
	g.SetAttribute("data-dx", fmtNum(total.X))
	g.SetAttribute("data-dy", fmtNum(total.Y))
	g.SetAttribute("transform", "translate("+fmtNum(total.X)+" "+fmtNum(total.Y)+")")
	x, y := c.add(total).round()
	de.selectItem(s)
	de.change("move location", f.index, func(t *edit.Template) { t.MoveLocation(s.loc, edit.Point{X: x, Y: y}) })
}

// rubberBand draws the line of a new edge from p.
func (de *drawEditor) rubberBand(f *figure, p pt) dom.Element {
	l := de.a.doc.CreateElementNS("http://www.w3.org/2000/svg", "line")
	l.SetAttribute("class", "rubber")
	for _, a := range []string{"x1", "x2"} {
		l.SetAttribute(a, fmtNum(p.X))
	}
	for _, a := range []string{"y1", "y2"} {
		l.SetAttribute(a, fmtNum(p.Y))
	}
	f.svg.AppendChild(l)
	return l
}

// labelRef names a label for the document: a location's name or
// invariant, or an edge's label of a kind.
func labelRef(s selection, kind string) edit.LabelRef {
	switch {
	case s.loc != "" && kind == "invariant":
		return edit.LabelRef{Kind: edit.Invariant, Location: s.loc}
	case s.loc != "":
		return edit.LabelRef{Kind: edit.LocationName, Location: s.loc}
	}
	return edit.LabelRef{Kind: edit.EdgeLabel, Edge: s.edge, Label: edgeLabelKind(kind)}
}

// locCentre is a location group's centre, from its circle.
func locCentre(g dom.Element) pt {
	c := qs(g, ".loc-circle")
	if c == nil {
		return pt{}
	}
	return pt{attrFloat(c, "cx"), attrFloat(c, "cy")}
}

func firstOf(els ...dom.Element) dom.Element {
	for _, el := range els {
		if el != nil {
			return el
		}
	}
	return nil
}

func attrFloat(el dom.Element, name string) float64 {
	f, _ := strconv.ParseFloat(el.GetAttribute(name), 64)
	return f
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
