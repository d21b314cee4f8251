// SVG output: one template drawn as one <svg> element.

package render

import (
	"math"
	"strconv"
	"strings"

	"beeline/core/protocol"
)

// Template draws t as an SVG document the way UPPAAL's editor shows it,
// from t's own coordinates (UPPAAL's pixels, y growing downward). A
// template without a complete layout (HasLayout false, or a location
// without coordinates) is drawn as Layout lays it out. The result is always
// well-formed XML; ids and edges that refer to missing locations are drawn
// without those edges. See the package documentation for the classes and
// data attributes the page relies on.
func Template(t *protocol.Template, opts Options) string {
	if needsLayout(t) {
		t = Layout(t)
	}
	w := &writer{t: t, opts: opts, g: newGeometry(t), prefix: idPrefix(t, opts)}
	return w.document()
}

// needsLayout reports whether t lacks coordinates that drawing needs.
func needsLayout(t *protocol.Template) bool {
	if !t.HasLayout {
		return true
	}
	for _, l := range t.Locations {
		if !l.At.Set {
			return true
		}
	}
	return false
}

func title(t *protocol.Template, opts Options) string {
	if opts.Process != "" {
		return opts.Process
	}
	return t.Name
}

func idPrefix(t *protocol.Template, opts Options) string {
	if opts.IDPrefix != "" {
		return opts.IDPrefix
	}
	var b strings.Builder
	for _, r := range title(t, opts) {
		ok := r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !ok {
			r = '_'
		}
		b.WriteRune(r)
	}
	b.WriteByte('-')
	return b.String()
}

// writer accumulates the body first (measuring it as it goes) and the
// head last, since the view box depends on everything drawn.
type writer struct {
	t      *protocol.Template
	opts   Options
	g      *geometry
	prefix string
	body   strings.Builder
	box    box
}

func (w *writer) document() string {
	w.body.WriteString(`<g class="edges">`)
	for i := range w.t.Edges {
		w.edge(i)
	}
	w.body.WriteString("</g>\n<g class=\"locations\">")
	for i := range w.t.Locations {
		w.location(i)
	}
	w.body.WriteString("</g>\n")
	var out strings.Builder
	w.head(&out)
	out.WriteString(w.body.String())
	out.WriteString("</svg>\n")
	return out.String()
}

// head writes the root element and what precedes the drawing.
func (w *writer) head(out *strings.Builder) {
	name := title(w.t, w.opts)
	if !w.box.set {
		w.box.addPoint(vec{})
	}
	var heading vec
	if w.opts.Standalone && name != "" {
		heading = vec{w.box.minX, w.box.minY - 10}
		w.box.addRect(vec{heading.x, heading.y - lineHeight}, textWidth(name)*1.1, lineHeight)
	}
	m := margin
	if w.opts.Edit {
		m = editMargin
	}
	x, y := math.Floor(w.box.minX-m), math.Floor(w.box.minY-m)
	wd, ht := math.Ceil(w.box.maxX+m)-x, math.Ceil(w.box.maxY+m)-y
	if w.opts.Standalone {
		out.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	}
	out.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="bl-automaton theme-` + w.opts.Theme.String() + when(w.opts.Edit, " editing") + `"`)
	attr(out, "data-template", w.t.Name)
	if w.opts.Process != "" {
		attr(out, "data-process", w.opts.Process)
	}
	out.WriteString(` viewBox="` + num(x) + " " + num(y) + " " + num(wd) + " " + num(ht) + `"`)
	if w.opts.Standalone {
		out.WriteString(` width="` + num(wd) + `" height="` + num(ht) + `"`)
	} else {
		// Embedded drawings scale with the page, but a small automaton
		// must not grow to giant letters: at most 1.6 times its size.
		out.WriteString(` style="max-width:` + num(wd*1.6) + `px"`)
	}
	out.WriteString(">\n<title>" + esc(name) + "</title>\n")
	if !w.opts.Standalone {
		return
	}
	out.WriteString("<style>" + Style() + "</style>\n")
	out.WriteString(`<rect class="background" x="` + num(x) + `" y="` + num(y) + `" width="` + num(wd) + `" height="` + num(ht) + "\"/>\n")
	if name != "" {
		out.WriteString(`<text class="title" x="` + num(heading.x) + `" y="` + num(heading.y) + `">` + esc(name) + "</text>\n")
	}
}

func (w *writer) location(i int) {
	l := &w.t.Locations[i]
	c := at(l.At)
	cls := "location"
	if l.ID == w.t.Init {
		cls += " initial"
	}
	cls += when(l.Urgent, " urgent") + when(l.Committed, " committed") + when(l.Color != "", " has-color")
	cls += when(contains(w.opts.Active, l.ID), " active") + when(contains(w.opts.ErrorLocations, l.ID), " error")
	b := &w.body
	b.WriteString("\n<g class=\"" + cls + `"`)
	attr(b, "id", w.prefix+"loc-"+l.ID)
	attr(b, "data-loc", l.ID)
	if w.opts.Edit {
		b.WriteString(` tabindex="0" role="button"`)
		attr(b, "aria-label", "location "+locName(l))
	}
	b.WriteString(">")
	b.WriteString(`<circle class="loc-circle" cx="` + num(c.x) + `" cy="` + num(c.y) + `" r="` + num(radius) + `"`)
	if l.Color != "" {
		attr(b, "fill", l.Color)
	}
	b.WriteString("/>")
	w.box.addCircle(c, radius+2)
	if l.ID == w.t.Init {
		b.WriteString(`<circle class="loc-init" cx="` + num(c.x) + `" cy="` + num(c.y) + `" r="` + num(radius-initGap) + `"/>`)
	}
	if mark := locMark(l); mark != "" {
		b.WriteString(`<text class="loc-mark" x="` + num(c.x) + `" y="` + num(c.y+4.5) + `">` + mark + "</text>")
	}
	if l.Name != "" && w.opts.Hide&HideNames == 0 {
		w.text("label name", "name", at(nameAt(l)), l.Name)
	}
	if l.Invariant != "" && w.opts.Hide&HideInvariants == 0 {
		w.text("label invariant", "invariant", at(invAt(l)), l.Invariant)
	}
	b.WriteString("</g>")
}

// locName names a location for a reader: its name, or its id when it
// has none.
func locName(l *protocol.Location) string {
	if l.Name != "" {
		return l.Name
	}
	return l.ID
}

// edgeName names edge i for a reader: its index and its ends.
func (w *writer) edgeName(i int) string {
	e := &w.t.Edges[i]
	name := func(id string) string {
		if j, ok := w.g.loc[id]; ok {
			return locName(&w.t.Locations[j])
		}
		return id
	}
	return "edge " + strconv.Itoa(i) + " from " + name(e.Source) + " to " + name(e.Target)
}

func locMark(l *protocol.Location) string {
	switch {
	case l.Committed:
		return "C"
	case l.Urgent:
		return "U"
	}
	return ""
}

func (w *writer) edge(i int) {
	e := &w.t.Edges[i]
	sh := w.g.shape(i)
	if !sh.ok {
		return
	}
	cls := "edge" + when(e.Source == e.Target, " self-loop") + when(e.Color != "", " has-color")
	cls += when(containsInt(w.opts.Fired, i), " fired") + when(containsInt(w.opts.ErrorEdges, i), " error")
	b := &w.body
	b.WriteString("\n<g class=\"" + cls + `"`)
	attr(b, "id", w.prefix+"edge-"+strconv.Itoa(i))
	b.WriteString(` data-edge="` + strconv.Itoa(i) + `"`)
	attr(b, "data-source", e.Source)
	attr(b, "data-target", e.Target)
	if w.opts.Edit {
		b.WriteString(` tabindex="0" role="button"`)
		attr(b, "aria-label", w.edgeName(i))
		b.WriteString(`><path class="edge-hit" d="` + pathData(sh) + `"/`)
	}
	b.WriteString(`><path class="edge-line" d="` + pathData(sh) + `"`)
	if e.Color != "" {
		attr(b, "stroke", e.Color)
	}
	b.WriteString(`/><path class="edge-head" d="M` + pair(sh.head[0]) + "L" + pair(sh.head[1]) + "L" + pair(sh.head[2]) + `Z"`)
	if e.Color != "" {
		attr(b, "fill", e.Color)
	}
	b.WriteString("/>")
	for _, p := range append(sh.pts, sh.head[:]...) {
		w.box.addPoint(p)
	}
	places := edgeLabelsAt(e, sh, w.shown)
	for j, lb := range e.Labels {
		if w.shown(lb.Kind) && lb.Text != "" {
			w.text("label "+kindClass(lb.Kind), lb.Kind, places[j], lb.Text)
		}
	}
	if w.opts.Edit {
		for k, n := range e.Nails {
			p := at(n)
			b.WriteString(`<circle class="nail" data-nail="` + strconv.Itoa(k) + `" cx="` + num(p.x) + `" cy="` + num(p.y) + `" r="` + num(nailRadius) + `"/>`)
		}
	}
	b.WriteString("</g>")
}

func pathData(sh shape) string {
	if sh.curved {
		p := sh.pts
		return "M" + pair(p[0]) + "C" + pair(p[1]) + " " + pair(p[2]) + " " + pair(p[3])
	}
	var s strings.Builder
	for i, p := range sh.pts {
		s.WriteString(map[bool]string{true: "M", false: "L"}[i == 0])
		s.WriteString(pair(p))
	}
	return s.String()
}

// kindClass names the class of an edge label kind.
func kindClass(kind string) string {
	switch kind {
	case "select":
		return "select"
	case "guard":
		return "guard"
	case "synchronisation":
		return "sync"
	case "assignment":
		return "assign"
	}
	return "other"
}

func (w *writer) shown(kind string) bool {
	bit := map[string]LabelMask{"select": HideSelect, "guard": HideGuard, "synchronisation": HideSync, "assignment": HideAssign}[kind]
	if bit == 0 {
		bit = HideOther
	}
	return w.opts.Hide&bit == 0
}

// text writes a label whose top-left corner is at top, one line per line
// of text; an editing drawing marks it with its kind.
func (w *writer) text(cls, kind string, top vec, text string) {
	b := &w.body
	ls := lines(text)
	b.WriteString(`<text class="` + cls + `"`)
	if w.opts.Edit {
		attr(b, "data-label", kind)
	}
	b.WriteString(` x="` + num(top.x) + `" y="` + num(top.y+ascent) + `">`)
	if len(ls) == 1 {
		b.WriteString(esc(ls[0]))
	} else {
		for k, l := range ls {
			dy := "0"
			if k > 0 {
				dy = num(lineHeight)
			}
			b.WriteString(`<tspan x="` + num(top.x) + `" dy="` + dy + `">` + esc(l) + "</tspan>")
		}
	}
	b.WriteString("</text>")
	tw, th := textSize(text)
	w.box.addRect(top, tw, th)
}

func textWidth(s string) float64 { w, _ := textSize(s); return w }

func when(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// num formats a coordinate with at most one decimal, so output is stable.
func num(f float64) string {
	f = math.Round(f*10) / 10
	if f == 0 {
		f = 0 // no "-0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func pair(p vec) string { return num(p.x) + "," + num(p.y) }

// attr writes ` name="value"` with value escaped.
func attr(b *strings.Builder, name, value string) {
	b.WriteString(" " + name + `="` + esc(value) + `"`)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// esc escapes text for XML character data and attribute values. Characters
// that XML 1.0 forbids (control characters other than tab, newline and
// carriage return) are dropped.
func esc(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, s)
	return escaper.Replace(s)
}
