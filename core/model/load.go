// Load: parsing every declaration and label of a document with its
// diagnostic context, then checking, instantiating and compiling.

package model

import (
	"fmt"
	"strings"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// template is a parsed template: the syntax of its parameters,
// declarations and labels, ready to be compiled once per process.
type template struct {
	doc    *uppaal.Template
	name   string
	pos    source.Pos
	params []*lang.Param
	decls  []lang.Decl
	locs   []*parsedLoc
	edges  []*parsedEdge
	byID   map[string]int32
	init   int32
	usable bool // no refused feature: processes may be built from it
	text   int  // bytes of declarations and labels compiled per process
}

type parsedLoc struct {
	doc  *uppaal.Location
	name string
	inv  lang.Expr
	ctx  string // "template P, invariant of location cs"
}

type parsedEdge struct {
	doc      *uppaal.Edge
	src, dst int32
	sel      []*lang.SelectBinding
	guard    lang.Expr
	sync     *lang.Sync
	update   []lang.Expr
	what     string // "edge id5" or "edge A -> B"
}

// Load parses, checks, instantiates and compiles doc. It returns every
// diagnostic found (unsorted; sort with FileSet.Sort) and a nil Network
// when any of them is an error.
func Load(doc *uppaal.Document) (*Network, source.List) {
	var errs source.List
	c := &compiler{net: &Network{FS: doc.FS, Clocks: []Clock{{Name: "0"}}, sets: map[string]*procSet{}, bodies: map[*ir.Func]func(*Env) ctl{}}, errs: &errs}
	c.global = newScope(builtinScope())
	c.system = newScope(c.global)
	c.net.global = c.system
	c.net.Templates = len(doc.Templates)

	if !c.size.global(c, doc) {
		return nil, errs
	}
	gx := &cx{c: c, sc: c.global, mode: modeConst}
	if doc.Declaration != nil {
		decls := c.parse("global declarations", func(l *source.List) []lang.Decl {
			return lang.ParseDeclarations(doc.Declaration.Text(), doc.Declaration.Pos(0), l)
		})
		c.in("global declarations", func() { gx.declarations(decls, false) })
	}
	var tmpls []*template
	for _, t := range doc.Templates {
		tmpls = append(tmpls, c.parseTemplate(t))
	}
	procs := c.systemSection(doc, tmpls)
	if c.size.reported {
		procs = nil // too large to compile
	}
	c.net.Processes = procs
	for _, p := range procs {
		c.compileProcess(p)
	}
	c.finish()
	errs = dedupe(errs)
	if errs.HasErrors() {
		return nil, errs
	}
	c.net.Deps = newDeps(c.net)
	return c.net, errs
}

// parse runs a parser and gives its diagnostics a context.
func (c *compiler) parse(ctx string, f func(*source.List) []lang.Decl) []lang.Decl {
	n := len(*c.errs)
	d := f(c.errs)
	c.errs.SetContext(n, ctx)
	return d
}

// in runs f and gives the diagnostics it adds the context ctx.
func (c *compiler) in(ctx string, f func()) {
	n := len(*c.errs)
	f()
	c.errs.SetContext(n, ctx)
}

// dedupe drops exact repeats (a template error is found once per process).
func dedupe(l source.List) source.List {
	type key struct {
		pos      source.Pos
		msg, ctx string
	}
	seen := map[key]bool{}
	out := l[:0]
	for _, d := range l {
		k := key{d.Pos, d.Msg, d.Context}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, d)
	}
	return out
}

// declarations elaborates global, template-local or system declarations.
func (x *cx) declarations(decls []lang.Decl, system bool) {
	for _, d := range decls {
		switch d := d.(type) {
		case *lang.VarDecl:
			x.varDecl(d)
		case *lang.TypeDecl:
			x.typeDecl(d)
		case *lang.FuncDecl:
			x.funcDecl(d)
		case *lang.ChanPriorityDecl:
			x.chanPriority(d)
		case *lang.UnsupportedDecl:
			x.unsupported(d)
		case *lang.InstantiationDecl:
			if system {
				x.c.instantiation(x, d)
			} else {
				x.errorf(d, "an instantiation belongs in the system declarations")
			}
		case *lang.SystemDecl:
			if !system {
				x.errorf(d, "the system line belongs in the system declarations")
			}
		case *lang.BadDecl:
		}
	}
}

// unsupported refuses (or, for progress measures and Gantt charts, skips
// with a warning) a construct the parser recognised by name.
func (x *cx) unsupported(d *lang.UnsupportedDecl) {
	switch {
	case strings.Contains(d.What, "progress"), strings.Contains(d.What, "gantt"):
		x.c.errs.Warnf(d.From, d.To, "%s ignored", d.What)
	case strings.Contains(d.What, "dynamic"):
		x.c.errs.Addf(d.From, d.To, "dynamic templates (spawn/exit) are not supported")
	default:
		x.c.errs.Addf(d.From, d.To, "%s is not supported", d.What)
	}
}

// parseTemplate parses everything a template holds and refuses the
// features Beeline does not check.
func (c *compiler) parseTemplate(t *uppaal.Template) *template {
	tp := &template{doc: t, pos: t.Pos, byID: map[string]int32{}, usable: true, init: -1}
	if t.Name != nil {
		tp.name = strings.TrimSpace(t.Name.Text())
		tp.pos = t.Name.Pos(0)
	}
	n := len(*c.errs)
	tp.refuse(c)
	if t.Parameter != nil {
		c.parse("template "+tp.name+", parameters", func(l *source.List) []lang.Decl {
			tp.params = lang.ParseParameters(t.Parameter.Text(), t.Parameter.Pos(0), l)
			return nil
		})
	}
	if t.Declaration != nil {
		tp.decls = c.parse("template "+tp.name+", declarations", func(l *source.List) []lang.Decl {
			return lang.ParseDeclarations(t.Declaration.Text(), t.Declaration.Pos(0), l)
		})
	}
	for _, l := range t.Locations {
		tp.addLocation(c, l)
	}
	tp.findInit(c)
	for _, e := range t.Edges {
		tp.addEdge(c, e)
	}
	if (*c.errs)[n:].HasErrors() {
		tp.usable = false
	}
	tp.text = templateText(t)
	return tp
}

// refuse reports the template-level features that are not supported.
func (tp *template) refuse(c *compiler) {
	t := tp.doc
	ctx := "template " + tp.name
	c.in(ctx, func() {
		if t.LSC {
			c.errs.Addf(t.LSCPos, source.NoPos, "live sequence charts (LSC templates) are not supported")
		}
		for _, b := range t.Branchpoints {
			c.errs.Addf(b.Pos, source.NoPos, "probabilistic branches are not supported")
			break
		}
	})
}

func (tp *template) addLocation(c *compiler, l *uppaal.Location) {
	pl := &parsedLoc{doc: l}
	if l.Name != nil {
		pl.name = strings.TrimSpace(l.Name.Text())
	}
	label := pl.name
	if label == "" {
		label = l.ID
	}
	ctx := fmt.Sprintf("template %s, location %s", tp.name, label)
	if _, dup := tp.byID[l.ID]; dup {
		c.in(ctx, func() { c.errs.Addf(l.Pos, source.NoPos, "duplicate location id %q", l.ID) })
	}
	tp.byID[l.ID] = int32(len(tp.locs))
	pl.ctx = fmt.Sprintf("template %s, invariant of location %s", tp.name, label)
	if l.Invariant != nil && l.Invariant.Text != nil {
		seg := l.Invariant.Text
		n := len(*c.errs)
		pl.inv = lang.ParseExpr(seg.Text(), seg.Pos(0), c.errs)
		c.errs.SetContext(n, pl.ctx)
	}
	for _, o := range l.Other {
		if o.Kind == "exponentialrate" {
			c.in(ctx, func() {
				c.errs.Addf(o.Pos, source.NoPos, "exponential rates are not supported (statistical model checking)")
			})
		}
	}
	tp.locs = append(tp.locs, pl)
}

func (tp *template) findInit(c *compiler) {
	t := tp.doc
	if t.Init == "" {
		pos := t.InitPos
		if !pos.IsValid() {
			pos = tp.pos
		}
		c.in("template "+tp.name, func() { c.errs.Addf(pos, source.NoPos, "template %s has no initial location", tp.name) })
		return
	}
	i, ok := tp.byID[t.Init]
	if !ok {
		c.in("template "+tp.name, func() {
			c.errs.Addf(t.InitPos, source.NoPos, "initial location %q does not exist", t.Init)
		})
		return
	}
	tp.init = i
}

// endpoint resolves an edge end; probabilistic branch points are refused.
func (tp *template) endpoint(c *compiler, id string, pos source.Pos, ctx string) int32 {
	if i, ok := tp.byID[id]; ok {
		return i
	}
	for _, b := range tp.doc.Branchpoints {
		if b.ID == id {
			return -1 // reported once by refuse
		}
	}
	c.in(ctx, func() { c.errs.Addf(pos, source.NoPos, "edge refers to unknown location %q", id) })
	return -1
}

func (tp *template) locLabel(i int32, id string) string {
	if i >= 0 && tp.locs[i].name != "" {
		return tp.locs[i].name
	}
	return id
}

func (tp *template) addEdge(c *compiler, e *uppaal.Edge) {
	pe := &parsedEdge{doc: e}
	pe.what = "edge " + e.ID
	if e.ID == "" {
		pe.what = fmt.Sprintf("edge %s -> %s", tp.locLabel(idx(tp.byID, e.Source), e.Source), tp.locLabel(idx(tp.byID, e.Target), e.Target))
	}
	ctx := "template " + tp.name + ", " + pe.what
	pe.src = tp.endpoint(c, e.Source, e.SourcePos, ctx)
	pe.dst = tp.endpoint(c, e.Target, e.TargetPos, ctx)
	label := func(l *uppaal.Label, kind string, f func(text string, base source.Pos, errs *source.List)) {
		if l == nil || l.Text == nil {
			return
		}
		n := len(*c.errs)
		f(l.Text.Text(), l.Text.Pos(0), c.errs)
		c.errs.SetContext(n, fmt.Sprintf("template %s, %s of %s", tp.name, kind, pe.what))
	}
	label(e.Select, "select", func(s string, b source.Pos, l *source.List) { pe.sel = lang.ParseSelect(s, b, l) })
	label(e.Guard, "guard", func(s string, b source.Pos, l *source.List) { pe.guard = lang.ParseExpr(s, b, l) })
	label(e.Sync, "synchronisation", func(s string, b source.Pos, l *source.List) { pe.sync = lang.ParseSync(s, b, l) })
	label(e.Assign, "update", func(s string, b source.Pos, l *source.List) { pe.update = lang.ParseUpdate(s, b, l) })
	for _, o := range e.Other {
		if o.Kind == "probability" {
			c.in(ctx, func() { c.errs.Addf(o.Pos, source.NoPos, "probabilistic branches are not supported") })
		}
	}
	tp.edges = append(tp.edges, pe)
}

func idx(m map[string]int32, id string) int32 {
	if i, ok := m[id]; ok {
		return i
	}
	return -1
}

// edgeCtx names a label of an edge for diagnostics.
func (tp *template) edgeCtx(pe *parsedEdge, kind string) string {
	return fmt.Sprintf("template %s, %s of %s", tp.name, kind, pe.what)
}
