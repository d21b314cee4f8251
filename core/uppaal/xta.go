// Reading the textual .xta format: global declarations, process
// definitions, the system section, and query blocks.

package uppaal

import (
	"strconv"

	"beeline/core/source"
)

// xtaParser cuts an xta file into segments. It understands the structure
// only (what is a process, a state list, an edge, a label) and leaves every
// declaration, expression and parameter list to core/lang as text. Segments
// of the file are registered with AddSpan, so their positions are the
// file's own.
type xtaParser struct {
	locs  map[string]*Location // the locations of the process being read
	fs    *source.FileSet
	f     *source.File
	src   []byte
	sc    xtaScanner
	tok   xtoken
	prev  xtoken // the token before tok
	doc   *Document
	diags *source.List

	dropped int // queries past maxQueries
}

func readXTA(fs *source.FileSet, f *source.File, diags *source.List) *Document {
	p := &xtaParser{fs: fs, f: f, src: f.Source(), diags: diags}
	p.doc = &Document{FS: fs, File: f, Format: FormatXTA}
	p.sc = xtaScanner{src: p.src, off: bomLen(p.src), report: func(off int, msg string) { p.errorAt(off, msg) }}
	p.advance()
	p.file()
	return p.doc
}

func (p *xtaParser) advance() {
	p.prev = p.tok
	p.tok = p.sc.next()
}

func (p *xtaParser) pos(off int) source.Pos { return p.f.Pos(off) }

func (p *xtaParser) errorAt(off int, msg string) {
	if room(p.diags, p.pos(off)) {
		p.diags.Add(p.pos(off), source.NoPos, msg)
	}
}

func (p *xtaParser) errorf(t xtoken, format string, args ...any) {
	if room(p.diags, p.pos(t.start)) {
		p.diags.Addf(p.pos(t.start), p.pos(t.end), format, args...)
	}
}

func (p *xtaParser) text(t xtoken) string { return string(p.src[t.start:t.end]) }

// is reports whether the current token is the identifier or keyword word.
func (p *xtaParser) is(word string) bool {
	return p.tok.kind == xIdent && p.tok.end-p.tok.start == len(word) && p.text(p.tok) == word
}

// isPunct reports whether the current token is the punctuation byte c.
func (p *xtaParser) isPunct(c byte) bool {
	return p.tok.kind == xPunct && p.src[p.tok.start] == c
}

// describe names a token for messages: 'x', end of file.
func (p *xtaParser) describe(t xtoken) string {
	if t.kind == xEOF {
		return "end of file"
	}
	s := p.text(t)
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	q := strconv.Quote(s) // escapes control and invalid bytes
	return q[1 : len(q)-1]
}

// expected reports "expected X, found 'y'" at the current token.
func (p *xtaParser) expected(what string) {
	t := p.tok
	if t.kind == xEOF {
		p.errorf(t, "expected %s, found end of file", what)
		return
	}
	p.errorf(t, "expected %s, found '%s'", what, p.describe(t))
}

// atEnd reports whether the current token ends whatever is being read:
// end of file or the reserved word process.
func (p *xtaParser) atEnd() bool { return p.tok.kind == xEOF || p.is("process") }

// span registers src[lo:hi] trimmed of white space; nil when blank.
func (p *xtaParser) span(lo, hi int) *source.Segment {
	for lo < hi && isSpace(p.src[lo]) {
		lo++
	}
	for hi > lo && isSpace(p.src[hi-1]) {
		hi--
	}
	if lo == hi {
		return nil
	}
	return p.fs.AddSpan(p.f, lo, hi)
}

// file reads the top level: declarations and processes in any order, then
// the system section, then optional query blocks.
func (p *xtaParser) file() {
	var pieces [][2]int // global declaration text between processes
	pieceStart, queryStart, depth := bomLen(p.src), -1, 0
	for p.tok.kind != xEOF {
		switch {
		case p.is("process"):
			pieces = append(pieces, [2]int{pieceStart, p.tok.start})
			p.process()
			pieceStart, queryStart, depth = p.prev.end, -1, 0
		case depth == 0 && p.is("query") && p.peekPunct('{'):
			if queryStart < 0 {
				queryStart = p.tok.start
			}
			p.queryBlock()
		default:
			if queryStart >= 0 {
				p.expected("query")
			}
			depth = max(depth+bracketDelta(p.tok, p.src), 0)
			p.advance()
		}
	}
	if len(pieces) > 0 {
		p.doc.Declaration = p.joined(pieces)
	}
	end := len(p.src)
	if queryStart >= 0 {
		end = queryStart
	}
	p.doc.System = p.rawSpan(pieceStart, end)
}

// bracketDelta is +1 for an opening bracket, -1 for a closing one.
func bracketDelta(t xtoken, src []byte) int {
	if t.kind != xPunct {
		return 0
	}
	switch src[t.start] {
	case '(', '[', '{':
		return 1
	case ')', ']', '}':
		return -1
	}
	return 0
}

// peekPunct reports whether the token after the current one is c. The
// scanner's complaints are silenced: they will be made when the token is
// read for real.
func (p *xtaParser) peekPunct(c byte) bool {
	save, report := p.sc.off, p.sc.report
	p.sc.report = func(int, string) {}
	t := p.sc.next()
	p.sc.off, p.sc.report = save, report
	return t.kind == xPunct && p.src[t.start] == c
}

// rawSpan registers src[lo:hi] as it is, or nil when it is blank.
func (p *xtaParser) rawSpan(lo, hi int) *source.Segment {
	if blankBytes(p.src[lo:hi]) {
		return nil
	}
	return p.fs.AddSpan(p.f, lo, hi)
}

// joined makes one segment of the non-blank pieces, joined by newlines;
// each joining newline maps to the end of the piece before it.
func (p *xtaParser) joined(pieces [][2]int) *source.Segment {
	var keep [][2]int
	for _, pc := range pieces {
		if !blankBytes(p.src[pc[0]:pc[1]]) {
			keep = append(keep, pc)
		}
	}
	switch len(keep) {
	case 0:
		return nil
	case 1:
		return p.fs.AddSpan(p.f, keep[0][0], keep[0][1])
	}
	tb := newTextBuilder(keep[len(keep)-1][1])
	for i, pc := range keep {
		if i > 0 {
			tb.emit('\n', keep[i-1][1])
		}
		for j := pc[0]; j < pc[1]; j++ {
			tb.emit(p.src[j], j)
		}
	}
	return tb.segment(p.fs, p.f)
}

func blankBytes(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// queryBlock reads `query { formula }`.
func (p *xtaParser) queryBlock() {
	p.advance() // query
	open := p.tok
	p.advance()
	close, _ := p.group(open)
	if f := p.span(open.end, close.start); f != nil {
		addQuery(&p.doc.Queries, &p.dropped, &Query{Formula: f}, p.diags)
	}
}

// group reads tokens after the opening bracket open through its matching
// closing bracket, which it returns (an EOF token if there is none). It also
// returns the offset of the first ';' directly inside, or -1. A group never
// runs past the reserved word process, which cannot occur inside one.
func (p *xtaParser) group(open xtoken) (close xtoken, semi int) {
	depth, semi := 0, -1
	for {
		if p.atEnd() {
			p.errorf(open, "'%c' is not closed", p.src[open.start])
			return xtoken{xEOF, p.tok.start, p.tok.start}, semi
		}
		d := bracketDelta(p.tok, p.src)
		if d < 0 && depth == 0 {
			close = p.tok
			p.advance()
			return close, semi
		}
		if depth == 0 && semi < 0 && p.isPunct(';') {
			semi = p.tok.start
		}
		depth += d
		p.advance()
	}
}

// skipStatement skips to just after the next ';' at this level, or to a
// '}' closing this level (not consumed), or to the end.
func (p *xtaParser) skipStatement() {
	depth := 0
	for !p.atEnd() {
		d := bracketDelta(p.tok, p.src)
		if depth == 0 && (p.isPunct(';') || (d < 0 && p.isPunct('}'))) {
			if p.isPunct(';') {
				p.advance()
			}
			return
		}
		depth = max(depth+d, 0)
		p.advance()
	}
}

// process reads `process Name(params) { body }`.
func (p *xtaParser) process() {
	t := &Template{Pos: p.pos(p.tok.start)}
	p.doc.Templates = append(p.doc.Templates, t)
	p.locs = map[string]*Location{}
	p.advance()
	if p.tok.kind == xIdent && !p.is("process") {
		t.Name = p.fs.AddSpan(p.f, p.tok.start, p.tok.end)
		p.advance()
	} else {
		p.expected("process name")
		t.Name = p.fs.AddSpan(p.f, p.tok.start, p.tok.start)
	}
	if p.isPunct('(') {
		open := p.tok
		p.advance()
		close, _ := p.group(open)
		t.Parameter = p.span(open.end, close.start)
	}
	if !p.isPunct('{') {
		p.expected("'{'")
		for !p.atEnd() {
			p.advance()
		}
		return
	}
	p.body(t)
}

// sectionWords are the reserved words that start the parts of a process
// body after its local declarations.
var sectionWords = []string{"state", "branchpoint", "commit", "urgent", "init", "trans"}

// isName reports whether the current token can name a location: an
// identifier that is not one of the reserved words that structure a file.
func (p *xtaParser) isName() bool {
	return p.tok.kind == xIdent && !p.atSection() && !p.is("process")
}

func (p *xtaParser) atSection() bool {
	for _, w := range sectionWords {
		if p.is(w) {
			return true
		}
	}
	return false
}

// body reads a process body: local declarations up to `state`, then the
// state, branchpoint, commit, urgent, init and trans parts.
func (p *xtaParser) body(t *Template) {
	open := p.tok
	p.advance()
	declEnd, closed := p.localDecls()
	t.Declaration = p.rawSpan(open.end, declEnd)
	var flags []flagRef
	for !closed {
		switch {
		case p.atEnd():
			p.errorf(open, "'{' of process %s is not closed", t.Name.Text())
			closed = true
		case p.isPunct('}'):
			p.advance()
			closed = true
		case p.is("state"):
			p.states(t)
		case p.is("branchpoint"):
			p.branchpoints(t)
		case p.is("commit"), p.is("urgent"):
			flags = p.flagList(flags)
		case p.is("init"):
			p.initStmt(t)
		case p.is("trans"):
			p.transitions(t)
		default:
			p.expected("'state', 'commit', 'urgent', 'init', 'trans' or '}'")
			p.skipStatement()
		}
	}
	p.setFlags(flags)
}

// localDecls skips the local declarations and returns where they end and
// whether the body's closing '}' was reached (and consumed) already.
func (p *xtaParser) localDecls() (end int, closed bool) {
	depth := 0
	for {
		switch {
		case p.atEnd():
			return p.tok.start, false
		case p.is("state") || (depth == 0 && p.atSection() && !p.is("urgent")):
			return p.tok.start, false
		case depth == 0 && p.isPunct('}'):
			end = p.tok.start
			p.advance()
			return end, true
		}
		depth = max(depth+bracketDelta(p.tok, p.src), 0)
		p.advance()
	}
}

// states reads `state a, b { invariant }, c { invariant; rate };`.
func (p *xtaParser) states(t *Template) {
	p.advance() // state
	wantName := true
	for {
		switch {
		case p.isName():
			if !wantName {
				p.expected("',' or ';'")
			}
			p.stateDecl(t)
			wantName = false
		case p.isPunct(','):
			if wantName {
				p.expected("location name")
			}
			wantName = true
			p.advance()
		case p.isPunct(';'):
			if wantName {
				p.expected("location name")
			}
			p.advance()
			return
		case p.atEnd() || p.atSection() || p.isPunct('}'):
			p.expected("';'")
			return
		case p.tok.kind == xPunct:
			// A stray operator in a state list (one real benchmark has
			// "error, =") cannot change what the list declares.
			if room(p.diags, p.pos(p.tok.start)) {
				p.diags.Warnf(p.pos(p.tok.start), p.pos(p.tok.end), "unexpected '%s' in state list ignored", p.describe(p.tok))
			}
			p.advance()
		default:
			p.expected("location name")
			p.advance()
		}
	}
}

func (p *xtaParser) stateDecl(t *Template) {
	name := p.tok
	p.advance()
	seg := p.fs.AddSpan(p.f, name.start, name.end)
	l := &Location{Pos: p.pos(name.start), ID: seg.Text(), Name: seg}
	t.Locations = append(t.Locations, l)
	if p.locs[l.ID] != nil {
		p.errorf(name, "duplicate location %q", l.ID)
	} else {
		p.locs[l.ID] = l
	}
	if !p.isPunct('{') {
		return
	}
	open := p.tok
	p.advance()
	close, semi := p.group(open)
	invEnd := close.start
	if semi >= 0 {
		invEnd = semi
		if rate := p.span(semi+1, close.start); rate != nil {
			l.Other = append(l.Other, &Label{Kind: "exponentialrate", Pos: p.pos(semi), Text: rate})
		}
	}
	if inv := p.span(open.end, invEnd); inv != nil {
		l.Invariant = &Label{Kind: "invariant", Pos: p.pos(open.start), Text: inv}
	}
}

// nameList reads `a, b, c;` after a keyword and returns the name tokens.
func (p *xtaParser) nameList() []xtoken {
	p.advance() // the keyword
	var names []xtoken
	for {
		switch {
		case p.isName():
			names = append(names, p.tok)
			p.advance()
		case p.isPunct(','):
			p.advance()
		case p.isPunct(';'):
			p.advance()
			return names
		default:
			p.expected("';'")
			if p.atEnd() || p.atSection() || p.isPunct('}') {
				return names
			}
			p.advance()
		}
	}
}

func (p *xtaParser) branchpoints(t *Template) {
	for _, n := range p.nameList() {
		t.Branchpoints = append(t.Branchpoints, &Branchpoint{Pos: p.pos(n.start), ID: p.text(n)})
	}
}

// flagRef is a name in a commit or urgent list, resolved after the body.
type flagRef struct {
	name   xtoken
	commit bool
}

func (p *xtaParser) flagList(flags []flagRef) []flagRef {
	commit := p.is("commit")
	for _, n := range p.nameList() {
		flags = append(flags, flagRef{n, commit})
	}
	return flags
}

func (p *xtaParser) setFlags(flags []flagRef) {
	for _, fr := range flags {
		l := p.locs[p.text(fr.name)]
		switch {
		case l == nil:
			p.errorf(fr.name, "undeclared location %q", p.text(fr.name))
		case fr.commit:
			l.Committed = true
		default:
			l.Urgent = true
		}
	}
}

func (p *xtaParser) initStmt(t *Template) {
	kw := p.tok
	p.advance()
	if !p.isName() {
		p.expected("initial location name")
		p.skipStatement()
		return
	}
	if t.InitPos.IsValid() {
		p.errorf(kw, "duplicate init")
	} else {
		t.Init, t.InitPos = p.text(p.tok), p.pos(p.tok.start)
	}
	p.advance()
	if !p.isPunct(';') {
		p.expected("';'")
		return
	}
	p.advance()
}

// transitions reads `trans a -> b { ... }, -> c { ... }, d -> e { ... };`,
// where an edge starting with an arrow has the source of the edge before.
func (p *xtaParser) transitions(t *Template) {
	p.advance() // trans
	var source *xtoken
	for {
		if !p.edge(t, &source) {
			p.skipStatement()
			return
		}
		switch {
		case p.isPunct(','):
			p.advance()
		case p.isPunct(';'):
			p.advance()
			return
		default:
			p.expected("',' or ';'")
			if !p.isPunct('}') {
				p.skipStatement()
			}
			return
		}
	}
}

// edge reads one edge; false when it is too malformed to go on.
func (p *xtaParser) edge(t *Template, source **xtoken) bool {
	e := &Edge{Pos: p.pos(p.tok.start)}
	if p.isName() {
		src := p.tok
		*source = &src
		p.advance()
	} else if *source == nil || (p.tok.kind != xArrow && p.tok.kind != xUArrow) {
		p.expected("source location")
		return false
	}
	if p.tok.kind != xArrow && p.tok.kind != xUArrow {
		p.expected("'->'")
		return false
	}
	// An edge written "-> c" has the source of the edge before it; its Pos
	// is the arrow, its SourcePos that source's name.
	e.Source, e.SourcePos = p.text(**source), p.pos((*source).start)
	e.Uncontrollable = p.tok.kind == xUArrow
	p.advance()
	if !p.isName() {
		p.expected("target location")
		return false
	}
	e.Target, e.TargetPos = p.text(p.tok), p.pos(p.tok.start)
	p.advance()
	t.Edges = append(t.Edges, e)
	if !p.isPunct('{') {
		p.expected("'{'")
		return false
	}
	p.edgeBody(e)
	return true
}

// edgeLabelKinds maps xta label keywords to the kinds of XML labels.
var edgeLabelKinds = map[string]string{
	"select":      "select",
	"guard":       "guard",
	"sync":        "synchronisation",
	"assign":      "assignment",
	"probability": "probability",
}

// edgeBody reads `{ select ...; guard ...; sync ...; assign ...; }`.
func (p *xtaParser) edgeBody(e *Edge) {
	open := p.tok
	p.advance()
	for {
		switch {
		case p.isPunct('}'):
			p.advance()
			return
		case p.atEnd():
			p.errorf(open, "'{' of edge is not closed")
			return
		case p.tok.kind == xIdent && edgeLabelKinds[p.text(p.tok)] != "":
			p.edgeLabel(e)
		default:
			p.expected("'select', 'guard', 'sync', 'assign' or '}'")
			p.skipStatement()
		}
	}
}

// edgeLabel reads one `keyword text;` of an edge body; the text runs to the
// ';' (or the edge's '}') at this level.
func (p *xtaParser) edgeLabel(e *Edge) {
	kw := p.tok
	kind := edgeLabelKinds[p.text(kw)]
	p.advance()
	depth := 0
	for !p.atEnd() {
		d := bracketDelta(p.tok, p.src)
		if depth == 0 && (p.isPunct(';') || (d < 0 && p.isPunct('}'))) {
			break
		}
		depth = max(depth+d, 0)
		p.advance()
	}
	text := p.span(kw.end, p.tok.start)
	if p.isPunct(';') {
		p.advance()
	}
	if text == nil {
		return
	}
	p.setEdgeLabel(e, &Label{Kind: kind, Pos: p.pos(kw.start), Text: text}, kw)
}

func (p *xtaParser) setEdgeLabel(e *Edge, lab *Label, kw xtoken) {
	slot := e.labelSlot(lab.Kind)
	if slot == nil {
		e.Other = append(e.Other, lab)
		return
	}
	if *slot != nil {
		p.errorf(kw, "duplicate %s", p.text(kw))
		return
	}
	*slot = lab
}
