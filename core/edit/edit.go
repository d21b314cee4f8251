// The document: parsing, New, Clone, the global text parts, templates and
// queries.

package edit

import (
	"bytes"
	"strconv"
	"strings"
)

// Doc is an UPPAAL XML document being edited: an element tree that keeps
// everything it reads (unknown elements, attributes, comments, <option>s),
// and writes back as UPPAAL does.
type Doc struct {
	root   *node  // the document: prolog, <nta>, what follows
	nl     string // the line end between tags: "\n" or "\r\n"
	nextID int    // the next fresh id number; -1 until computed

	out   []byte // the latest Bytes()
	parts []span // the text parts in out
}

// Parse reads an UPPAAL XML document (any encoding core/uppaal reads). An
// error says where the XML is malformed, as "line L, column C: ...", lines
// and columns counted from 1 (columns in bytes of the UTF-8 text).
func Parse(data []byte) (*Doc, error) {
	src := decode(data)
	root, err := parseTree(src)
	if err != nil {
		return nil, err
	}
	return &Doc{root: root, nl: lineEnd(src), nextID: -1}, nil
}

// lineEnd returns the line end the input uses, "\r\n" when its first line
// ends so.
func lineEnd(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return defaultLine
}

// newSystem is UPPAAL's new document.
const newSystem = xmlDecl + "\n" + uppaalDTD + `
<nta>
	<declaration>// Place global declarations here.
</declaration>
	<template>
		<name x="5" y="5">Template</name>
		<declaration>// Place local declarations here.
</declaration>
		<location id="id0" x="0" y="0">
		</location>
		<init ref="id0"/>
	</template>
	<system>// Place template instantiations here.
Process = Template();
// List one or more processes to be composed into a system.
system Process;
</system>
	<queries>
	</queries>
</nta>
`

// New returns UPPAAL's "new system": one template "Template" with one
// initial location, a system line instantiating it, and no query.
func New() *Doc {
	d, err := Parse([]byte(newSystem))
	if err != nil {
		panic("edit: the new system does not parse: " + err.Error())
	}
	return d
}

// Clone returns a deep copy of d; handles to d's templates stay with d.
func (d *Doc) Clone() *Doc {
	d.ensure()
	c := *d
	c.root = d.root.clone()
	return &c
}

// ensure gives a zero Doc an empty document.
func (d *Doc) ensure() {
	if d.root == nil {
		d.root = &node{kind: elementNode}
	}
	if d.nl == "" {
		d.nl = defaultLine
	}
}

// nta returns the root element.
func (d *Doc) nta() *node {
	d.ensure()
	for _, k := range d.root.kids {
		if k.kind == elementNode {
			return k
		}
	}
	// Parse and New guarantee one; a zero Doc gets one.
	e := elem("nta")
	e.kids = []*node{space(d.nl)}
	d.root.kids = append(d.root.kids, e, space(d.nl))
	return e
}

// Declaration returns the global declarations ("" when absent).
func (d *Doc) Declaration() string { return d.nta().child("declaration").content() }

// SetDeclaration replaces the global declarations.
func (d *Doc) SetDeclaration(text string) { d.setSection("declaration", text) }

// System returns the system declarations ("" when absent).
func (d *Doc) System() string { return d.nta().child("system").content() }

// SetSystem replaces the system declarations.
func (d *Doc) SetSystem(text string) { d.setSection("system", text) }

func (d *Doc) setSection(name, text string) {
	nta := d.nta()
	e := nta.child(name)
	if e == nil {
		if text == "" {
			return
		}
		e = elem(name)
		d.insert(nta, e, 1, ntaRank)
	}
	e.setContent(text)
}

// ntaRank orders the children of <nta> as UPPAAL writes them.
func ntaRank(e *node) int {
	switch e.name {
	case "imports":
		return 0
	case "declaration":
		return 1
	case "template", "lsc":
		return 2
	case "instantiation":
		return 3
	case "system":
		return 4
	case "queries":
		return 5
	}
	return -1
}

func isTemplate(e *node) bool {
	return e.kind == elementNode && (e.name == "template" || e.name == "lsc")
}

// templates returns the <template> (and <lsc>) elements in order: the
// order of core/uppaal's Document.Templates.
func (d *Doc) templates() []*node {
	var out []*node
	for _, k := range d.nta().kids {
		if isTemplate(k) {
			out = append(out, k)
		}
	}
	return out
}

// Templates returns how many templates the document has.
func (d *Doc) Templates() int { return len(d.templates()) }

// Template returns a handle to template i (from 0). It stays valid until
// the template is deleted; it edits d, never a clone of d. For an index
// out of range, as for a deleted template, the handle is to no template:
// its reads are empty and its edits do nothing.
func (d *Doc) Template(i int) *Template {
	ts := d.templates()
	if i < 0 || i >= len(ts) {
		return &Template{d: d, e: elem("template")}
	}
	return &Template{d: d, e: ts[i]}
}

// AddTemplate appends a template named name with one initial location at
// (0,0) and returns its index.
func (d *Doc) AddTemplate(name string) int {
	t := elem("template")
	t.kids = []*node{}
	d.insert(d.nta(), t, 1, ntaRank)
	h := &Template{d: d, e: t}
	h.SetName(name)
	h.SetInitial(h.AddLocation(Point{}))
	return d.Templates() - 1
}

// DeleteTemplate removes template i; nothing happens when there is none.
func (d *Doc) DeleteTemplate(i int) {
	ts := d.templates()
	if i >= 0 && i < len(ts) {
		remove(d.nta(), ts[i])
	}
}

// Template is a handle to one template of a Doc.
type Template struct {
	d *Doc
	e *node
}

// Name returns the template's name.
func (t *Template) Name() string { return t.e.child("name").content() }

// SetName renames the template (its instantiations in the system are the
// caller's business).
func (t *Template) SetName(s string) {
	n := t.e.child("name")
	if n == nil {
		n = elem("name", attr{"x", "5"}, attr{"y", "5"})
		t.d.insert(t.e, n, 2, templateRank)
	}
	n.setContent(s)
}

// Parameter returns the template's parameter list ("" when absent).
func (t *Template) Parameter() string { return t.e.child("parameter").content() }

// SetParameter replaces the parameter list; "" removes it.
func (t *Template) SetParameter(s string) { t.setOptional("parameter", s) }

// Declaration returns the template's local declarations ("" when absent).
func (t *Template) Declaration() string { return t.e.child("declaration").content() }

// SetDeclaration replaces the local declarations; "" removes them.
func (t *Template) SetDeclaration(s string) { t.setOptional("declaration", s) }

func (t *Template) setOptional(name, s string) {
	e := t.e.child(name)
	switch {
	case s == "" && e != nil:
		remove(t.e, e)
	case s == "":
	case e == nil:
		t.d.insert(t.e, textElem(name, s), 2, templateRank)
	default:
		e.setContent(s)
	}
}

// templateRank orders the children of a <template> as UPPAAL writes them.
func templateRank(e *node) int {
	switch e.name {
	case "name":
		return 0
	case "parameter":
		return 1
	case "declaration":
		return 2
	case "location":
		return 3
	case "branchpoint":
		return 4
	case "init":
		return 5
	case "transition":
		return 6
	}
	return -1
}

// Query is one query: its formula and comment.
type Query struct{ Formula, Comment string }

// queries returns the <query> elements. Every one counts, blank formula
// or not (core/uppaal drops blank ones).
func (d *Doc) queries() []*node {
	qs := d.nta().child("queries")
	if qs == nil {
		return nil
	}
	return qs.elems("query")
}

// Queries returns the queries in order, blank ones included.
func (d *Doc) Queries() []Query {
	var out []Query
	for _, q := range d.queries() {
		out = append(out, Query{Formula: q.child("formula").content(), Comment: q.child("comment").content()})
	}
	return out
}

// SetQuery replaces query i's formula and comment and keeps its other
// children (<option>, <result>).
func (d *Doc) SetQuery(i int, q Query) {
	qs := d.queries()
	if i < 0 || i >= len(qs) {
		return
	}
	d.setQueryText(qs[i], q)
}

func (d *Doc) setQueryText(e *node, q Query) {
	f := e.child("formula")
	if f == nil {
		f = elem("formula")
		d.insert(e, f, 3, queryRank)
	}
	f.setContent(q.Formula)
	c := e.child("comment")
	if c == nil {
		c = elem("comment")
		d.insert(e, c, 3, queryRank)
	}
	c.setContent(q.Comment)
}

// queryRank orders the children of a <query> as UPPAAL 5 writes them.
func queryRank(e *node) int {
	switch e.name {
	case "formula":
		return 0
	case "comment":
		return 1
	case "option":
		return 2
	case "result":
		return 3
	}
	return -1
}

// InsertQuery inserts a query before query i; i == len(Queries()) appends.
func (d *Doc) InsertQuery(i int, q Query) {
	qs := d.queries()
	if i < 0 || i > len(qs) {
		return
	}
	e := elem("query")
	e.kids = []*node{}
	d.setQueryText(e, q)
	d.placeQuery(e, qs, i)
}

// placeQuery puts e before qs[i], or after the last query.
func (d *Doc) placeQuery(e *node, qs []*node, i int) {
	nta := d.nta()
	parent := nta.child("queries")
	if parent == nil {
		parent = elem("queries")
		parent.kids = []*node{}
		d.insert(nta, parent, 1, ntaRank)
	}
	if i < len(qs) {
		insertBefore(parent, e, qs[i], d.indent(parent, 2))
		return
	}
	appendElem(parent, e, d.indent(parent, 2), d.indent(parent, 1))
}

// DeleteQuery removes query i.
func (d *Doc) DeleteQuery(i int) {
	qs := d.queries()
	if i >= 0 && i < len(qs) {
		remove(d.nta().child("queries"), qs[i])
	}
}

// MoveQuery moves query from to index to (the index it has afterwards).
func (d *Doc) MoveQuery(from, to int) {
	qs := d.queries()
	if from < 0 || from >= len(qs) || to < 0 || to >= len(qs) || from == to {
		return
	}
	e := qs[from]
	remove(d.nta().child("queries"), e)
	d.placeQuery(e, d.queries(), to)
}

// freshID returns an id unused in the whole document: "id" and one more
// than the largest number of an "idN" id, as UPPAAL numbers them.
func (d *Doc) freshID() string {
	if d.nextID < 0 {
		d.nextID = 0
		walk(d.root, func(n *node) {
			if v, ok := n.attr("id"); ok && strings.HasPrefix(v, "id") {
				if k, err := strconv.Atoi(v[2:]); err == nil && k >= d.nextID && k < 1<<30 {
					d.nextID = k + 1
				}
			}
		})
	}
	id := "id" + strconv.Itoa(d.nextID)
	d.nextID++
	return id
}

// walk calls f on every element of the tree, parents first.
func walk(n *node, f func(*node)) {
	if n.kind != elementNode {
		return
	}
	f(n)
	for _, k := range n.kids {
		walk(k, f)
	}
}
