// Building a Document from UPPAAL XML elements (<nta> and below).

package uppaal

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"

	"beeline/core/source"
)

// xmlBuilder walks the element tree as a stream and fills in a Document.
// Nothing is kept of an element once its end tag is read, so memory stays
// proportional to the document's text, not to its number of elements.
type xmlBuilder struct {
	fs    *source.FileSet
	f     *source.File
	r     *xmlReader
	doc   *Document
	diags *source.List

	dropped int // queries past maxQueries
}

func readXML(fs *source.FileSet, f *source.File, diags *source.List) *Document {
	b := &xmlBuilder{
		fs:    fs,
		f:     f,
		r:     newXMLReader(fs, f, diags),
		doc:   &Document{FS: fs, File: f, Format: FormatXML},
		diags: diags,
	}
	b.root()
	return b.doc
}

func (b *xmlBuilder) pos(off int) source.Pos { return b.f.Pos(off) }

// errorf reports a structural error. After a syntax error the document is
// cut short, and what it then lacks is no news, so nothing more is said.
func (b *xmlBuilder) errorf(off int, format string, args ...any) {
	if b.r.failed || !room(b.diags, b.pos(off)) {
		return
	}
	b.diags.Addf(b.pos(off), source.NoPos, format, args...)
}

func (b *xmlBuilder) warnf(off int, format string, args ...any) {
	if !room(b.diags, b.pos(off)) {
		return
	}
	b.diags.Warnf(b.pos(off), source.NoPos, format, args...)
}

// root reads the prolog, the one <nta> element and whatever follows it.
func (b *xmlBuilder) root() {
	seen := false
	for b.r.next() {
		switch t := b.r.tok.(type) {
		case xml.Directive:
			b.doctype(t)
		case xml.CharData:
			b.strayText(b.r.start, b.r.end)
		case xml.StartElement:
			c := tag{name: t.Name.Local, attrs: t.Attr, start: b.r.start, end: b.r.end}
			sawElement := seen
			seen = true
			switch {
			case sawElement:
				b.errorf(c.start, "unexpected <%s> after the root element", c.name)
				b.r.skip()
			case c.name != "nta":
				b.errorf(c.start, "expected <nta>, found <%s>", c.name)
				b.r.skip()
			default:
				b.nta()
			}
		}
	}
	if !seen && !b.r.failed {
		b.errorf(len(b.r.src), "no <nta> element: this is not an UPPAAL document")
	}
}

// strayText reports non-blank text outside the root element.
func (b *xmlBuilder) strayText(lo, hi int) {
	for i := lo; i < hi; i++ {
		if !isSpace(b.r.src[i]) {
			b.errorf(i, "unexpected text outside <nta>")
			return
		}
	}
}

// doctype records the DTD version named by <!DOCTYPE nta ... "flat-1_2.dtd">.
func (b *xmlBuilder) doctype(d xml.Directive) {
	s := string(d)
	if !strings.HasPrefix(s, "DOCTYPE") {
		return
	}
	i := strings.Index(s, "flat-")
	if i < 0 {
		return
	}
	j := i + len("flat-")
	for j < len(s) && (isDigit(s[j]) || s[j] == '_') {
		j++
	}
	b.doc.DTD = s[i:j]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (b *xmlBuilder) nta() {
	b.r.children(func(c tag) {
		switch c.name {
		case "declaration":
			b.section(&b.doc.Declaration, c)
		case "template":
			b.template(c, false)
		case "lsc":
			b.template(c, true)
		case "instantiation":
			b.section(&b.doc.Instantiation, c)
		case "system":
			b.section(&b.doc.System, c)
		case "queries":
			b.queries()
		default:
			b.r.skip()
		}
	})
}

// section reads an element whose whole text is one segment (declarations,
// instantiation, system). Its text is kept as written, white space and all.
func (b *xmlBuilder) section(dst **source.Segment, c tag) {
	if *dst != nil {
		b.duplicate(c)
		return
	}
	*dst = b.r.content(c).segment(b.fs, b.f)
}

func (b *xmlBuilder) duplicate(c tag) {
	b.errorf(c.start, "duplicate <%s> element", c.name)
	b.r.skip()
}

// template reads a <template> or an <lsc> element.
func (b *xmlBuilder) template(c tag, lsc bool) {
	t := &Template{Pos: b.pos(c.start)}
	if v, _ := c.attr("type"); strings.EqualFold(strings.TrimSpace(v), "LSC") {
		lsc = true
	}
	if lsc {
		t.LSC, t.LSCPos = true, t.Pos
	}
	b.doc.Templates = append(b.doc.Templates, t)
	b.r.children(func(c tag) { b.templateChild(t, c) })
	if t.Name == nil {
		b.errorf(c.start, "<%s> has no <name>", c.name)
		t.Name = newTextBuilder(c.end).segment(b.fs, b.f)
	}
}

func (b *xmlBuilder) templateChild(t *Template, c tag) {
	switch c.name {
	case "name":
		if t.Name != nil {
			b.duplicate(c)
			return
		}
		t.NameAt = b.point(c)
		t.Name = b.r.content(c).trimmed(b.fs, b.f)
	case "parameter":
		if t.Parameter != nil {
			b.duplicate(c)
			return
		}
		t.Parameter = b.optText(c)
	case "declaration":
		b.section(&t.Declaration, c)
	case "location":
		b.location(t, c)
	case "branchpoint":
		bp := &Branchpoint{Pos: b.pos(c.start), ID: b.required(c, "id"), At: b.point(c)}
		t.Branchpoints = append(t.Branchpoints, bp)
		b.r.skip()
	case "init":
		b.init(t, c)
	case "transition":
		b.transition(t, c)
	default:
		b.r.skip()
	}
}

// optText reads an element's text, trimmed; nil when it is blank.
func (b *xmlBuilder) optText(c tag) *source.Segment {
	tb := b.r.content(c)
	if tb.blank() {
		return nil
	}
	return tb.trimmed(b.fs, b.f)
}

// required returns the value of a required attribute, reporting its absence.
func (b *xmlBuilder) required(c tag, name string) string {
	v, ok := c.attr(name)
	if !ok {
		b.errorf(c.start, "<%s> has no %s attribute", c.name, name)
	}
	return v
}

func (b *xmlBuilder) init(t *Template, c tag) {
	defer b.r.skip()
	if t.InitPos.IsValid() {
		b.errorf(c.start, "duplicate <init> element")
		return
	}
	t.InitPos = b.pos(c.start)
	t.Init = b.required(c, "ref")
}

func (b *xmlBuilder) location(t *Template, c tag) {
	l := &Location{Pos: b.pos(c.start), ID: b.required(c, "id"), At: b.point(c)}
	l.Color, _ = c.attr("color")
	t.Locations = append(t.Locations, l)
	b.r.children(func(c tag) {
		switch c.name {
		case "name":
			if l.Name != nil {
				b.duplicate(c)
				return
			}
			l.NameAt = b.point(c)
			l.Name = b.optText(c)
		case "label":
			b.locationLabel(l, c)
		case "urgent":
			l.Urgent = true
			b.r.skip()
		case "committed":
			l.Committed = true
			b.r.skip()
		default:
			b.r.skip()
		}
	})
}

func (b *xmlBuilder) locationLabel(l *Location, c tag) {
	lab := b.label(c)
	switch {
	case lab == nil:
	case lab.Kind != "invariant":
		l.Other = append(l.Other, lab)
	case l.Invariant != nil:
		b.errorf(c.start, "duplicate invariant label")
	default:
		l.Invariant = lab
	}
}

// label reads a <label kind=...>; nil when its text is blank (an empty
// guard is no guard) or when it has no kind.
func (b *xmlBuilder) label(c tag) *Label {
	kind, ok := c.attr("kind")
	at := b.point(c)
	tb := b.r.content(c)
	if !ok || kind == "" {
		b.warnf(c.start, "<label> without kind ignored")
		return nil
	}
	if tb.blank() {
		return nil
	}
	if kind == "synchronization" {
		kind = "synchronisation"
	}
	return &Label{Kind: kind, Pos: b.pos(c.start), Text: tb.trimmed(b.fs, b.f), At: at}
}

func (b *xmlBuilder) transition(t *Template, c tag) {
	e := &Edge{Pos: b.pos(c.start)}
	e.ID, _ = c.attr("id")
	e.Color, _ = c.attr("color")
	e.Action, _ = c.attr("action")
	if v, ok := c.attr("controllable"); ok && strings.EqualFold(strings.TrimSpace(v), "false") {
		e.Uncontrollable = true
	}
	t.Edges = append(t.Edges, e)
	b.r.children(func(c tag) { b.transitionChild(e, c) })
	if !e.SourcePos.IsValid() {
		b.errorf(c.start, "<transition> has no <source>")
	}
	if !e.TargetPos.IsValid() {
		b.errorf(c.start, "<transition> has no <target>")
	}
}

func (b *xmlBuilder) transitionChild(e *Edge, c tag) {
	switch c.name {
	case "source":
		b.ref(c, &e.Source, &e.SourcePos)
	case "target":
		b.ref(c, &e.Target, &e.TargetPos)
	case "label":
		if lab := b.label(c); lab != nil {
			b.edgeLabel(e, lab)
		}
	case "nail":
		if p := b.point(c); p != nil {
			e.Nails = append(e.Nails, *p)
		} else {
			b.warnf(c.start, "<nail> without coordinates ignored")
		}
		b.r.skip()
	default:
		b.r.skip()
	}
}

func (b *xmlBuilder) ref(c tag, id *string, pos *source.Pos) {
	defer b.r.skip()
	if pos.IsValid() {
		b.errorf(c.start, "duplicate <%s> element", c.name)
		return
	}
	*pos = b.pos(c.start)
	*id = b.required(c, "ref")
}

func (b *xmlBuilder) edgeLabel(e *Edge, lab *Label) {
	slot := e.labelSlot(lab.Kind)
	if slot == nil {
		e.Other = append(e.Other, lab)
		return
	}
	if *slot != nil {
		if room(b.diags, lab.Pos) {
			b.diags.Addf(lab.Pos, source.NoPos, "duplicate %s label", lab.Kind)
		}
		return
	}
	*slot = lab
}

// point reads the x and y attributes; nil unless both are present and
// numbers. A malformed coordinate is a warning: layout never changes what
// a model means.
func (b *xmlBuilder) point(c tag) *Point {
	xs, okx := c.attr("x")
	ys, oky := c.attr("y")
	if !okx || !oky {
		return nil
	}
	x, okx := b.coord(c, "x", xs)
	y, oky := b.coord(c, "y", ys)
	if !okx || !oky {
		return nil
	}
	return &Point{X: x, Y: y}
}

func (b *xmlBuilder) coord(c tag, name, s string) (int, bool) {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 10, 32); err == nil {
		return int(n), true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err == nil && f >= math.MinInt32 && f <= math.MaxInt32 {
		return int(math.Round(f)), true
	}
	b.warnf(b.r.attrOffset(c, name), "bad coordinate %s=%s ignored", name, strconv.Quote(s))
	return 0, false
}

func (b *xmlBuilder) queries() {
	b.r.children(func(c tag) {
		switch c.name {
		case "query":
			b.query()
		case "option":
			b.doc.QueryOptions = append(b.doc.QueryOptions, b.r.raw(c))
		default:
			b.r.skip()
		}
	})
}

// query reads one <query>; a query whose formula is blank (UPPAAL's
// placeholder for an empty entry) is dropped.
func (b *xmlBuilder) query() {
	q := &Query{}
	var formula *textBuilder
	b.r.children(func(c tag) {
		switch c.name {
		case "formula":
			if formula != nil {
				b.duplicate(c)
				return
			}
			formula = b.r.content(c)
		case "comment":
			q.Comment = strings.TrimSpace(string(b.r.content(c).text))
		case "option":
			q.Options = append(q.Options, b.r.raw(c))
		case "result":
			q.Results = append(q.Results, b.r.raw(c))
		default:
			b.r.skip()
		}
	})
	if formula == nil || formula.blank() {
		return
	}
	q.Formula = formula.trimmed(b.fs, b.f)
	addQuery(&b.doc.Queries, &b.dropped, q, b.diags)
}

// String returns a short description of a point, for messages and summaries.
func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }
