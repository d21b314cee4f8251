// FromDocument: the XML tree of a document core/uppaal read, typically
// from an .xta file.

package edit

import (
	"strconv"
	"strings"

	"beeline/core/source"
	"beeline/core/uppaal"
)

// FromDocument returns the XML document of d: the global declarations, the
// templates with their parameters, declarations, locations (names,
// invariants, urgent or committed, the initial one), branchpoints and
// edges (select, guard, synchronisation, assignment and other labels,
// nails, colours), the system and the queries with their comments and
// options. Texts are as written. Coordinates are written only where d has
// them (an .xta file has none: the page lays the templates out and moves
// the locations). Locations of an .xta file, whose ids are their names, get
// UPPAAL's ids ("id0", "id1", ... across the document) and keep their names.
func FromDocument(d *uppaal.Document) *Doc {
	b := &docBuilder{d: d, ids: map[string]string{}}
	b.document()
	doc, err := Parse([]byte(b.String()))
	if err != nil {
		// The builder escapes every text; only a verbatim option of d
		// could break the XML, and core/uppaal read those as elements.
		return New()
	}
	return doc
}

type docBuilder struct {
	strings.Builder
	d      *uppaal.Document
	ids    map[string]string // the template's location ids → the document's
	nextID int
}

func segText(s *source.Segment) string {
	if s == nil {
		return ""
	}
	return s.Text()
}

func (b *docBuilder) line(depth int, s string) {
	b.WriteString(strings.Repeat("\t", depth))
	b.WriteString(s)
	b.WriteByte('\n')
}

// textElem writes <name attrs>text</name>, or <name attrs/> for "".
func (b *docBuilder) textElem(depth int, name, attrs, text string) {
	if text == "" {
		b.line(depth, "<"+name+attrs+"/>")
		return
	}
	b.line(depth, "<"+name+attrs+">"+escapeText(normaliseNewlines(text))+"</"+name+">")
}

func at(p *uppaal.Point) string {
	if p == nil {
		return ""
	}
	return ` x="` + strconv.Itoa(p.X) + `" y="` + strconv.Itoa(p.Y) + `"`
}

func attrText(name, v string) string {
	if v == "" {
		return ""
	}
	return " " + name + `="` + escapeAttr(v) + `"`
}

func (b *docBuilder) document() {
	b.WriteString(xmlDecl + "\n" + uppaalDTD + "\n<nta>\n")
	if b.d.Declaration != nil {
		b.textElem(1, "declaration", "", segText(b.d.Declaration))
	}
	for _, t := range b.d.Templates {
		b.template(t)
	}
	if b.d.Instantiation != nil {
		b.textElem(1, "instantiation", "", segText(b.d.Instantiation))
	}
	b.textElem(1, "system", "", segText(b.d.System))
	if len(b.d.Queries) > 0 || len(b.d.QueryOptions) > 0 {
		b.queries()
	}
	b.WriteString("</nta>\n")
}

// idOf returns the id a location or branchpoint gets: its own in an XML
// document, a fresh one in an .xta file, where the id is the name.
func (b *docBuilder) idOf(id string) string {
	if b.d.Format == uppaal.FormatXML {
		return id
	}
	return b.fresh()
}

func (b *docBuilder) fresh() string {
	id := "id" + strconv.Itoa(b.nextID)
	b.nextID++
	return id
}

func (b *docBuilder) template(t *uppaal.Template) {
	name := "template"
	if t.LSC {
		name = "lsc"
	}
	b.line(1, "<"+name+">")
	b.textElem(2, "name", at(t.NameAt), segText(t.Name))
	if t.Parameter != nil {
		b.textElem(2, "parameter", "", segText(t.Parameter))
	}
	if t.Declaration != nil {
		b.textElem(2, "declaration", "", segText(t.Declaration))
	}
	clear(b.ids)
	for _, l := range t.Locations {
		b.ids[l.ID] = b.idOf(l.ID)
	}
	for _, p := range t.Branchpoints {
		b.ids[p.ID] = b.idOf(p.ID)
	}
	for _, l := range t.Locations {
		b.location(l)
	}
	for _, p := range t.Branchpoints {
		b.line(2, `<branchpoint id="`+escapeAttr(b.ids[p.ID])+`"`+at(p.At)+"/>")
	}
	if t.Init != "" {
		b.line(2, `<init ref="`+escapeAttr(b.ref(t.Init))+`"/>`)
	}
	for _, e := range t.Edges {
		b.edge(e)
	}
	b.line(1, "</"+name+">")
}

// ref returns the document id of a template's location id (itself when
// unknown, so that a dangling reference stays what it was).
func (b *docBuilder) ref(id string) string {
	if v, ok := b.ids[id]; ok {
		return v
	}
	return id
}

func (b *docBuilder) location(l *uppaal.Location) {
	b.line(2, `<location id="`+escapeAttr(b.ids[l.ID])+`"`+at(l.At)+attrText("color", l.Color)+">")
	name := segText(l.Name)
	if l.Name == nil && b.d.Format == uppaal.FormatXTA {
		name = l.ID
	}
	if name != "" {
		b.textElem(3, "name", at(l.NameAt), name)
	}
	if l.Invariant != nil {
		b.label(3, l.Invariant)
	}
	for _, o := range l.Other {
		b.label(3, o)
	}
	if l.Urgent {
		b.line(3, "<urgent/>")
	}
	if l.Committed {
		b.line(3, "<committed/>")
	}
	b.line(2, "</location>")
}

func (b *docBuilder) label(depth int, l *uppaal.Label) {
	b.textElem(depth, "label", attrText("kind", l.Kind)+at(l.At), segText(l.Text))
}

func (b *docBuilder) edge(e *uppaal.Edge) {
	attrs := attrText("id", e.ID) + attrText("color", e.Color) + attrText("action", e.Action)
	if e.Uncontrollable {
		attrs += ` controllable="false"`
	}
	b.line(2, "<transition"+attrs+">")
	b.line(3, `<source ref="`+escapeAttr(b.ref(e.Source))+`"/>`)
	b.line(3, `<target ref="`+escapeAttr(b.ref(e.Target))+`"/>`)
	for _, l := range []*uppaal.Label{e.Select, e.Guard, e.Sync, e.Assign} {
		if l != nil {
			b.label(3, l)
		}
	}
	for _, l := range e.Other {
		b.label(3, l)
	}
	for _, n := range e.Nails {
		b.line(3, "<nail"+at(&n)+"/>")
	}
	b.line(2, "</transition>")
}

func (b *docBuilder) queries() {
	b.line(1, "<queries>")
	for _, o := range b.d.QueryOptions {
		b.line(2, o)
	}
	for _, q := range b.d.Queries {
		b.line(2, "<query>")
		b.textElem(3, "formula", "", segText(q.Formula))
		b.textElem(3, "comment", "", q.Comment)
		for _, o := range q.Options {
			b.line(3, o)
		}
		for _, r := range q.Results {
			b.line(3, r)
		}
		b.line(2, "</query>")
	}
	b.line(1, "</queries>")
}
