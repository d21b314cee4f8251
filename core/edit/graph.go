// The graph edits: locations, initial location, kinds, invariants, edges,
// labels and nails.

package edit

import (
	"math"
	"strconv"
	"strings"
)

// Line height and offsets UPPAAL's editor uses for the labels it places.
const (
	lineHeight = 17
	nameDX     = -10
	nameDY     = -34
	invDX      = -10
	invDY      = 17
)

func (t *Template) locations() []*node { return t.e.elems("location") }

// loc returns the location with the given id, or nil.
func (t *Template) loc(id string) *node {
	for _, l := range t.locations() {
		if v, _ := l.attr("id"); v == id {
			return l
		}
	}
	return nil
}

// exists reports whether id names a location or a branchpoint.
func (t *Template) exists(id string) bool {
	if t.loc(id) != nil {
		return true
	}
	for _, b := range t.e.elems("branchpoint") {
		if v, _ := b.attr("id"); v == id {
			return true
		}
	}
	return false
}

func (t *Template) initRef() string {
	v, _ := t.e.child("init").attrOrEmpty("ref")
	return v
}

// attrOrEmpty is attr on a node that may be nil.
func (n *node) attrOrEmpty(name string) (string, bool) {
	if n == nil {
		return "", false
	}
	return n.attr(name)
}

// point reads the x and y attributes as core/uppaal does (numbers,
// rounded).
func (n *node) point() (Point, bool) {
	x, okx := coord(n, "x")
	y, oky := coord(n, "y")
	return Point{x, y}, okx && oky
}

func coord(n *node, name string) (int, bool) {
	s, ok := n.attrOrEmpty(name)
	if !ok {
		return 0, false
	}
	s = strings.TrimSpace(s)
	if v, err := strconv.ParseInt(s, 10, 32); err == nil {
		return int(v), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err == nil && f >= math.MinInt32 && f <= math.MaxInt32 {
		return int(math.Round(f)), true
	}
	return 0, false
}

func (n *node) setPoint(p Point) {
	n.setAttr("x", strconv.Itoa(p.X))
	n.setAttr("y", strconv.Itoa(p.Y))
}

// labelKind returns the kind of a <label>, with UPPAAL's American
// spelling of synchronisation read as the British one.
func labelKind(e *node) string {
	if e.kind != elementNode || e.name != "label" {
		return ""
	}
	k, _ := e.attr("kind")
	if k == "synchronization" {
		return "synchronisation"
	}
	return k
}

// edgeLabelKind says which of the four edge labels e is.
func edgeLabelKind(e *node) (LabelKind, bool) {
	k := labelKind(e)
	for i, s := range labelKinds {
		if k == s {
			return LabelKind(i), true
		}
	}
	return 0, false
}

// label returns the first <label> child of the given kind, or nil.
func label(e *node, kind string) *node {
	for _, k := range e.kids {
		if labelKind(k) == kind {
			return k
		}
	}
	return nil
}

// Locations returns the template's locations in document order.
func (t *Template) Locations() []Location {
	init := t.initRef()
	var out []Location
	for _, e := range t.locations() {
		l := Location{}
		l.ID, _ = e.attr("id")
		l.At, l.HasAt = e.point()
		l.Initial = l.ID == init
		if n := e.child("name"); n != nil {
			l.Name = n.content()
			l.NameAt, l.HasNameAt = n.point()
		}
		if inv := label(e, "invariant"); inv != nil {
			l.Invariant = inv.content()
			l.InvariantAt, l.HasInvariantAt = inv.point()
		}
		switch {
		case e.child("committed") != nil:
			l.Kind = Committed
		case e.child("urgent") != nil:
			l.Kind = Urgent
		}
		out = append(out, l)
	}
	return out
}

// locationRank orders the children of a <location> as UPPAAL writes them.
func locationRank(e *node) int {
	switch {
	case e.name == "name":
		return 0
	case labelKind(e) == "invariant":
		return 1
	case e.name == "label":
		return 2
	case e.name == "urgent", e.name == "committed":
		return 3
	}
	return -1
}

// AddLocation adds a location at the given point and returns its id, fresh
// in the whole document ("id7").
func (t *Template) AddLocation(at Point) string {
	id := t.d.freshID()
	e := elem("location", attr{"id", id})
	e.setPoint(at)
	e.openClose = true
	e.kids = []*node{space(t.d.nl + "\t\t")}
	t.d.insert(t.e, e, 2, templateRank)
	return id
}

// DeleteLocation removes a location and every edge from or to it. When it
// was the initial location, the first location left becomes initial (and
// <init> goes when none is left).
func (t *Template) DeleteLocation(id string) {
	e := t.loc(id)
	if e == nil {
		return
	}
	remove(t.e, e)
	for _, tr := range t.e.elems("transition") {
		s, _ := tr.child("source").attrOrEmpty("ref")
		g, _ := tr.child("target").attrOrEmpty("ref")
		if s == id || g == id {
			remove(t.e, tr)
		}
	}
	if t.initRef() != id {
		return
	}
	if ls := t.locations(); len(ls) > 0 {
		first, _ := ls[0].attr("id")
		t.e.child("init").setAttr("ref", first)
		return
	}
	remove(t.e, t.e.child("init"))
}

// MoveLocation moves a location to at; its name and invariant labels move
// by the same distance, as in UPPAAL's editor. A location that had no
// coordinates gets its labels placed where UPPAAL places new ones.
func (t *Template) MoveLocation(id string, at Point) {
	e := t.loc(id)
	if e == nil {
		return
	}
	old, had := e.point()
	e.setPoint(at)
	for _, k := range e.kids {
		if k.kind != elementNode || (k.name != "name" && k.name != "label") {
			continue
		}
		if p, ok := k.point(); ok && had {
			k.setPoint(Point{p.X + at.X - old.X, p.Y + at.Y - old.Y})
		} else if !ok {
			k.setPoint(locationLabelAt(k, at))
		}
	}
}

// locationLabelAt is where UPPAAL puts a new label of a location at.
func locationLabelAt(k *node, at Point) Point {
	if k.name == "name" {
		return Point{at.X + nameDX, at.Y + nameDY}
	}
	return Point{at.X + invDX, at.Y + invDY}
}

// SetLocationName names a location; "" removes the name.
func (t *Template) SetLocationName(id, name string) {
	t.setLocationText(id, "name", name)
}

// SetInvariant sets a location's invariant; "" removes the label.
func (t *Template) SetInvariant(id, text string) {
	t.setLocationText(id, "invariant", text)
}

func (t *Template) setLocationText(id, what, text string) {
	e := t.loc(id)
	if e == nil {
		return
	}
	var lab *node
	if what == "name" {
		lab = e.child("name")
	} else {
		lab = label(e, what)
	}
	switch {
	case lab != nil && text == "":
		remove(e, lab)
	case lab != nil:
		lab.setContent(text)
	case text != "":
		lab = elem("name")
		if what != "name" {
			lab = elem("label", attr{"kind", what})
		}
		if at, ok := e.point(); ok {
			lab.setPoint(locationLabelAt(lab, at))
		}
		lab.setContent(text)
		t.d.insert(e, lab, 3, locationRank)
	}
}

// SetInitial makes a location the initial one.
func (t *Template) SetInitial(id string) {
	if t.loc(id) == nil {
		return
	}
	if e := t.e.child("init"); e != nil {
		e.setAttr("ref", id)
		return
	}
	t.d.insert(t.e, elem("init", attr{"ref", id}), 2, templateRank)
}

// SetKind makes a location normal, urgent or committed.
func (t *Template) SetKind(id string, k Kind) {
	e := t.loc(id)
	if e == nil {
		return
	}
	for _, c := range []string{"urgent", "committed"} {
		for c := e.child(c); c != nil; c = e.child(c.name) {
			remove(e, c)
		}
	}
	switch k {
	case Urgent:
		t.d.insert(e, elem("urgent"), 3, locationRank)
	case Committed:
		t.d.insert(e, elem("committed"), 3, locationRank)
	}
}

func (t *Template) transitions() []*node { return t.e.elems("transition") }

func (t *Template) transition(i int) *node {
	ts := t.transitions()
	if i < 0 || i >= len(ts) {
		return nil
	}
	return ts[i]
}

// Edges returns the template's edges: index i is the i-th <transition>,
// the index core/uppaal's Template.Edges, protocol.Edge and
// protocol.Diagnostic.Edge use.
func (t *Template) Edges() []Edge {
	var out []Edge
	for _, tr := range t.transitions() {
		out = append(out, readEdge(tr))
	}
	return out
}

func readEdge(tr *node) Edge {
	e := Edge{}
	e.ID, _ = tr.attr("id")
	e.Source, _ = tr.child("source").attrOrEmpty("ref")
	e.Target, _ = tr.child("target").attrOrEmpty("ref")
	texts := [4]*string{&e.Select, &e.Guard, &e.Sync, &e.Update}
	seen := [4]bool{}
	for _, k := range tr.kids {
		if lk, ok := edgeLabelKind(k); ok && !seen[lk] {
			seen[lk] = true
			*texts[lk] = k.content()
			e.LabelAt[lk], e.HasLabelAt[lk] = k.point()
		}
		if k.kind == elementNode && k.name == "nail" {
			if p, ok := k.point(); ok {
				e.Nails = append(e.Nails, p)
			}
		}
	}
	return e
}

// transitionRank orders the children of a <transition> as UPPAAL writes
// them: source, target, the labels (select, guard, synchronisation,
// assignment, then the others), nails.
func transitionRank(e *node) int {
	switch e.name {
	case "source":
		return 0
	case "target":
		return 1
	case "label":
		if k, ok := edgeLabelKind(e); ok {
			return 2 + int(k)
		}
		return 6
	case "nail":
		return 7
	}
	return -1
}

// AddEdge adds an edge from source to target (location or branchpoint
// ids of the template) and returns its index; -1 when either is missing.
func (t *Template) AddEdge(source, target string) int {
	if !t.exists(source) || !t.exists(target) {
		return -1
	}
	e := elem("transition", attr{"id", t.d.freshID()})
	e.kids = []*node{}
	t.d.insert(t.e, e, 2, templateRank)
	t.d.insert(e, elem("source", attr{"ref", source}), 3, transitionRank)
	t.d.insert(e, elem("target", attr{"ref", target}), 3, transitionRank)
	return len(t.transitions()) - 1
}

// DeleteEdge removes edge i; the edges after it move down by one.
func (t *Template) DeleteEdge(i int) {
	if e := t.transition(i); e != nil {
		remove(t.e, e)
	}
}

// SetEdgeLabel sets one label of edge i; "" removes it. A new label goes
// where UPPAAL writes it among the edge's children, and is placed beside
// the middle of the edge as UPPAAL places new labels (see labelBeside):
// the four kinds one line apart, select on top.
func (t *Template) SetEdgeLabel(i int, kind LabelKind, text string) {
	e := t.transition(i)
	if e == nil || int(kind) >= len(labelKinds) {
		return
	}
	var lab *node
	for _, k := range e.kids {
		if lk, ok := edgeLabelKind(k); ok && lk == kind {
			lab = k
			break
		}
	}
	switch {
	case lab != nil && text == "":
		remove(e, lab)
	case lab != nil:
		lab.setContent(text)
	case text != "":
		lab = elem("label", attr{"kind", labelKinds[kind]})
		if pts, ok := t.polyline(e); ok {
			lab.setPoint(labelBeside(pts, kind))
		}
		lab.setContent(text)
		t.d.insert(e, lab, 3, transitionRank)
	}
}

// polyline returns the points an edge is drawn through: its source, its
// nails, its target; ok is false when an end has no coordinates.
func (t *Template) polyline(tr *node) (pts []Point, ok bool) {
	end := func(which string) (Point, bool) {
		id, _ := tr.child(which).attrOrEmpty("ref")
		if l := t.loc(id); l != nil {
			return l.point()
		}
		for _, b := range t.e.elems("branchpoint") {
			if v, _ := b.attr("id"); v == id {
				return b.point()
			}
		}
		return Point{}, false
	}
	src, ok1 := end("source")
	dst, ok2 := end("target")
	if !ok1 || !ok2 {
		return nil, false
	}
	pts = append([]Point{src}, readEdge(tr).Nails...)
	return append(pts, dst), true
}

// Where new edge labels go: the block of the four slots stays labelGap
// off the line of the middle segment and locClear off the centres of
// the edge's ends (a location's radius, 10, and a little), the first
// labelWidth units of it at least; for an edge back to a location with
// no nails, loopGap off the location's centre.
const (
	labelGap   = 5
	locClear   = 13
	labelWidth = 60
	loopGap    = 14
)

// labelBeside places a new edge label of the given kind beside the
// middle segment of the edge drawn through pts rather than on it: the
// four kinds are slots one line apart (select, guard, synchronisation,
// assignment), a block on the right of the segment (on a horizontal
// one, on the side away from the rest of the edge), its left corners
// (the nearest: it grows to the right) labelGap off the line, so that
// the labels stay off the line however wide they grow, and pushed
// further out when it would cover an end of the edge. A label's
// point is its top-left corner, as in UPPAAL.
func labelBeside(pts []Point, kind LabelKind) Point {
	const h = 4 * lineHeight
	a, b := pts[len(pts)/2-1], pts[len(pts)/2]
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	mx, my := float64(a.X+b.X)/2, float64(a.Y+b.Y)/2
	gap := float64(labelGap)
	n := [2]float64{0, -1} // above, for a horizontal segment or a point
	if l := math.Hypot(dx, dy); l == 0 {
		gap = loopGap
	} else if n = [2]float64{-dy / l, dx / l}; n[0] < 0 {
		n = [2]float64{dy / l, -dx / l}
	}
	if n[0] == 0 { // horizontal: away from the rest of the edge
		n[1] = -1
		if below(pts, my) < 0 {
			n[1] = 1
		}
	}
	// The block's left side faces the line: where it is nearest.
	x0 := mx + n[0]*gap
	y0 := my + n[1]*gap - h*(1-n[1])/2
	near := math.Min(n[0]*(x0-mx)+n[1]*(y0-my), n[0]*(x0-mx)+n[1]*(y0+h-my))
	push := gap - near + 0.5 // and half a unit for the rounding
	ends := []Point{pts[0], pts[len(pts)-1]}
	for i := 0; i < 64 && covers(x0+n[0]*push, y0+n[1]*push, h, ends...); i++ {
		push++
	}
	return Point{int(math.Round(x0 + n[0]*push)), int(math.Round(y0+n[1]*push)) + lineHeight*int(kind)}
}

// below sums how far below y the points are (negative: above).
func below(pts []Point, y float64) float64 {
	s := 0.0
	for _, p := range pts {
		s += float64(p.Y) - y
	}
	return s
}

// covers reports whether the block at x0,y0 (labelWidth wide, h high)
// comes within locClear of one of ends.
func covers(x0, y0, h float64, ends ...Point) bool {
	for _, p := range ends {
		px, py := float64(p.X), float64(p.Y)
		ddx := math.Max(0, math.Max(x0-px, px-(x0+labelWidth)))
		ddy := math.Max(0, math.Max(y0-py, py-(y0+h)))
		if math.Hypot(ddx, ddy) < locClear {
			return true
		}
	}
	return false
}

// SetNails replaces the nails of edge i.
func (t *Template) SetNails(i int, nails []Point) {
	e := t.transition(i)
	if e == nil {
		return
	}
	for n := e.child("nail"); n != nil; n = e.child("nail") {
		remove(e, n)
	}
	for _, p := range nails {
		n := elem("nail")
		n.setPoint(p)
		t.d.insert(e, n, 3, transitionRank)
	}
}

// MoveLabel moves a location's name or invariant label or an edge's label
// to at; nothing happens when there is no such label.
func (t *Template) MoveLabel(ref LabelRef, at Point) {
	var lab *node
	switch ref.Kind {
	case LocationName:
		lab = t.loc(ref.Location).childOrNil("name")
	case Invariant:
		if l := t.loc(ref.Location); l != nil {
			lab = label(l, "invariant")
		}
	case EdgeLabel:
		if e := t.transition(ref.Edge); e != nil && int(ref.Label) < len(labelKinds) {
			lab = label(e, labelKinds[ref.Label])
		}
	}
	if lab != nil {
		lab.setPoint(at)
	}
}

// childOrNil is child on a node that may be nil.
func (n *node) childOrNil(name string) *node {
	if n == nil {
		return nil
	}
	return n.child(name)
}
