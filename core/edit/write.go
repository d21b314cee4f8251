// The writer: the tree as UPPAAL's flat XML, with the byte range of every
// text part recorded for Locate.

package edit

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// The prolog UPPAAL writes. A document read with a DOCTYPE keeps its own.
const (
	xmlDecl     = `<?xml version="1.0" encoding="utf-8"?>`
	uppaalDTD   = `<!DOCTYPE nta PUBLIC '-//Uppaal Team//DTD Flat System 1.6//EN' 'http://www.it.uu.se/research/group/darts/uppaal/flat-1_6.dtd'>`
	defaultLine = "\n"
)

// span is where a text part was written: the content of its element, and
// each text child's bytes as written.
type span struct {
	part       Part
	start, end int
	pieces     []piece
}

type piece struct {
	at      int    // output offset
	written string // the bytes written for it
	cdata   bool
}

type writer struct {
	buf   bytes.Buffer
	nl    string
	stack []*node // the open elements
	parts []span
	// Where the writer is, for the parts it records.
	tmpl, edge, query int
	loc               string
}

// Bytes returns the document as UPPAAL XML: UPPAAL's XML declaration, the
// DOCTYPE read (UPPAAL 5's when there was none), then the tree as read and
// edited. Locate maps offsets of the latest result back to text parts.
func (d *Doc) Bytes() []byte {
	d.nta()
	w := &writer{nl: d.nl, tmpl: -1, edge: -1, query: -1}
	w.buf.WriteString(xmlDecl)
	kids := d.root.kids
	if len(kids) > 0 && isXMLDecl(kids[0]) {
		kids = kids[1:]
	} else {
		w.buf.WriteString(w.nl)
	}
	doctype := false
	for _, k := range kids {
		switch {
		case k.kind == directiveNode && strings.HasPrefix(k.raw, "<!DOCTYPE"):
			doctype = true
		case k.kind == elementNode && !doctype:
			w.buf.WriteString(uppaalDTD + w.nl)
			doctype = true
		}
		w.node(k)
	}
	d.out = w.buf.Bytes()
	d.parts = w.parts
	return bytes.Clone(d.out)
}

func isXMLDecl(n *node) bool { return n.kind == procInstNode && n.name == "xml" }

func (w *writer) node(n *node) {
	switch n.kind {
	case elementNode:
		w.element(n)
	case textNode:
		w.text(n)
	default:
		w.buf.WriteString(n.raw)
	}
}

func (w *writer) text(n *node) {
	if n.raw != "" {
		w.buf.WriteString(n.raw)
		return
	}
	w.buf.WriteString(escapeText(n.text))
}

func (w *writer) element(e *node) {
	w.enter(e)
	w.buf.WriteByte('<')
	w.buf.WriteString(e.name)
	for _, a := range e.attrs {
		w.buf.WriteByte(' ')
		w.buf.WriteString(a.name)
		w.buf.WriteString(`="`)
		w.buf.WriteString(escapeAttr(a.value))
		w.buf.WriteByte('"')
	}
	part, isPart := w.partOf(e)
	if len(e.kids) == 0 && !e.openClose {
		w.buf.WriteString("/>")
		if isPart {
			at := w.buf.Len() - 2
			w.parts = append(w.parts, span{part: part, start: at, end: at})
		}
		return
	}
	w.buf.WriteByte('>')
	s := span{part: part, start: w.buf.Len()}
	w.stack = append(w.stack, e)
	for _, k := range e.kids {
		if isPart && k.kind == textNode {
			at := w.buf.Len()
			w.text(k)
			s.pieces = append(s.pieces, piece{at: at, written: string(w.buf.Bytes()[at:]), cdata: strings.HasPrefix(k.raw, "<![CDATA[")})
			continue
		}
		w.node(k)
	}
	w.stack = w.stack[:len(w.stack)-1]
	if isPart {
		s.end = w.buf.Len()
		w.parts = append(w.parts, s)
	}
	w.buf.WriteString("</")
	w.buf.WriteString(e.name)
	w.buf.WriteByte('>')
}

// path reports whether the open elements, innermost last, end with names.
func (w *writer) path(names ...string) bool {
	if len(w.stack) < len(names) {
		return false
	}
	top := w.stack[len(w.stack)-len(names):]
	for i, n := range names {
		if top[i].name != n && !(n == "template" && top[i].name == "lsc") {
			return false
		}
	}
	return true
}

// enter keeps count of the templates, edges and queries met.
func (w *writer) enter(e *node) {
	switch {
	case w.path("nta") && isTemplate(e):
		w.tmpl++
		w.edge = -1
	case w.path("template") && e.name == "location":
		w.loc, _ = e.attr("id")
	case w.path("template") && e.name == "transition":
		w.edge++
	case w.path("queries") && e.name == "query":
		w.query++
	}
}

// partOf says which text part e's content is, if any.
func (w *writer) partOf(e *node) (Part, bool) {
	p := Part{Template: -1, Edge: -1, Query: -1}
	switch {
	case w.path("nta"):
		switch e.name {
		case "declaration":
			p.Kind = GlobalDecl
		case "system":
			p.Kind = System
		default:
			return p, false
		}
	case w.path("template"):
		p.Template = w.tmpl
		switch e.name {
		case "name":
			p.Kind = TemplateName
		case "parameter":
			p.Kind = TemplateParam
		case "declaration":
			p.Kind = TemplateDecl
		default:
			return p, false
		}
	case w.path("template", "location"):
		p.Template, p.Location = w.tmpl, w.loc
		switch {
		case e.name == "name":
			p.Kind = LocationName
		case e.name == "label" && labelKind(e) == "invariant":
			p.Kind = Invariant
		default:
			return p, false
		}
	case w.path("template", "transition"):
		k, ok := edgeLabelKind(e)
		if !ok {
			return p, false
		}
		p.Template, p.Edge, p.Kind, p.Label = w.tmpl, w.edge, EdgeLabel, k
	case w.path("queries", "query"):
		p.Query = w.query
		switch e.name {
		case "formula":
			p.Kind = QueryFormula
		case "comment":
			p.Kind = QueryComment
		default:
			return p, false
		}
	default:
		return p, false
	}
	return p, true
}

// escapeText escapes character data as UPPAAL does: &amp; &lt; &gt;.
// Characters XML cannot hold become U+FFFD.
func escapeText(s string) string { return escape(s, false) }

// escapeAttr escapes an attribute value for double quotes.
func escapeAttr(s string) string { return escape(s, true) }

func escape(s string, attr bool) string {
	var b strings.Builder
	for _, r := range s {
		if ref := reference(r, attr); ref != "" {
			b.WriteString(ref)
		} else {
			b.WriteRune(xmlChar(r))
		}
	}
	return b.String()
}

// reference is the reference r is written as, "" when it is written as
// itself. An attribute value also escapes the quote and the white space
// a reader would normalise.
func reference(r rune, attr bool) string {
	switch r {
	case '&':
		return "&amp;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '\r':
		return "&#13;"
	}
	if !attr {
		return ""
	}
	switch r {
	case '"':
		return "&quot;"
	case '\n':
		return "&#10;"
	case '\t':
		return "&#9;"
	}
	return ""
}

// xmlChar returns r, or U+FFFD when XML 1.0 cannot hold r.
func xmlChar(r rune) rune {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return r
	case r < 0x20, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r < 0xE000:
		return utf8.RuneError
	}
	return r
}
