// The system section: instantiations, partial instantiation, automatic
// binding of free parameters, the system line and priorities.

package model

import (
	"fmt"
	"strings"

	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// tmplDef is something the system line can list: a template, or an
// instantiation `Name(params) = Parent(args);` whose args are evaluated in
// sc with Name's params bound.
type tmplDef struct {
	name   string
	pos    source.Pos
	params []*lang.Param
	tmpl   *template // a template itself (parent == nil)
	parent *tmplDef
	args   []lang.Expr
	sc     *scope // where the params' types and args resolve
	listed bool
}

// procSet is a def listed with free parameters: one process per
// combination of values, P(0), P(1), ... in order of the values (the last
// parameter varies fastest).
type procSet struct {
	name  string
	dims  []*typ
	procs []*Process // nil entries when a process could not be built
}

// systemSection elaborates the instantiation and system texts and creates
// the processes, not yet compiled.
func (c *compiler) systemSection(doc *uppaal.Document, tmpls []*template) []*Process {
	for _, t := range tmpls {
		if t.name == "" {
			c.errs.Addf(t.pos, source.NoPos, "template without a name")
			continue
		}
		def := &tmplDef{name: t.name, pos: t.pos, params: t.params, tmpl: t, sc: c.global}
		c.in("template "+t.name, func() {
			c.declare(c.system, &symbol{name: t.name, kind: symTemplate, pos: t.pos, def: def})
		})
	}
	var decls []lang.Decl
	for _, seg := range []*source.Segment{doc.Instantiation, doc.System} {
		if seg != nil {
			decls = append(decls, c.parse("system declarations", func(l *source.List) []lang.Decl {
				return lang.ParseSystem(seg.Text(), seg.Pos(0), l)
			})...)
		}
	}
	var procs []*Process
	c.in("system declarations", func() {
		sx := &cx{c: c, sc: c.system, mode: modeConst}
		sx.declarations(decls, true)
		var sys *lang.SystemDecl
		for _, d := range decls {
			if s, ok := d.(*lang.SystemDecl); ok {
				if sys != nil {
					c.errs.Addf(s.Pos(), s.End(), "more than one system line")
					continue
				}
				sys = s
			}
		}
		if sys == nil {
			pos := source.NoPos
			if doc.System != nil {
				pos = doc.System.Pos(0)
			} else if doc.File != nil {
				pos = doc.File.Pos(0)
			}
			c.errs.Addf(pos, source.NoPos, "missing system line (system P, Q;)")
			return
		}
		procs = c.systemLine(sys)
	})
	return procs
}

// instantiation declares `Name(params) = Template(args);`.
func (c *compiler) instantiation(x *cx, d *lang.InstantiationDecl) {
	sym := x.sc.lookup(d.Template.Name)
	if sym == nil || sym.kind != symTemplate {
		x.errorf(d.Template, "'%s' is not a template", d.Template.Name)
		return
	}
	parent := sym.def
	if len(d.Args) != len(parent.params) {
		x.errorf(d, "template '%s' takes %d arguments, got %d", parent.name, len(parent.params), len(d.Args))
		return
	}
	def := &tmplDef{name: d.Name.Name, pos: d.Name.Pos(), params: d.Params, parent: parent, args: d.Args, sc: x.sc}
	c.declare(x.sc, &symbol{name: def.name, kind: symTemplate, pos: def.pos, def: def})
}

// systemLine creates the processes of `system A < B, C;`.
func (c *compiler) systemLine(sys *lang.SystemDecl) []*Process {
	var procs []*Process
	for level, ids := range sys.Levels {
		for _, id := range ids {
			sym := c.system.lookup(id.Name)
			if sym == nil || sym.kind != symTemplate {
				c.errs.Addf(id.Pos(), id.End(), "'%s' is not a template", id.Name)
				continue
			}
			def := sym.def
			if def.listed {
				c.errs.Addf(id.Pos(), id.End(), "'%s' is listed twice in the system line", id.Name)
				continue
			}
			def.listed = true
			procs = c.instances(def, id, int32(level), procs)
		}
	}
	if len(sys.Levels) > 1 {
		c.net.HasPriorities = true
	}
	return procs
}

// maxProcesses bounds automatic binding (see also limits.go).
const maxProcesses = 1 << 16

// instances creates the processes of one def: one, or one per combination
// of its free parameters.
func (c *compiler) instances(def *tmplDef, id *lang.Ident, level int32, procs []*Process) []*Process {
	if len(def.params) == 0 {
		if p := c.newProcess(def.name, def, newScope(def.sc), id, level, len(procs)); p != nil {
			procs = append(procs, p)
			c.net.sets[def.name] = &procSet{name: def.name, procs: []*Process{p}}
		}
		return procs
	}
	set := &procSet{name: def.name}
	px := &cx{c: c, sc: newScope(def.sc), mode: modeConst}
	total := int64(1)
	for _, p := range def.params {
		t := px.dims(px.typeSpec(p.Type), p.Dims)
		if t.kind == kBad {
			return procs
		}
		if p.Ref || (t.kind != kScalar && !(t.kind == kInt && t.ranged)) {
			c.errs.Addf(p.Name.Pos(), p.Name.End(), "free parameter '%s' of '%s' must be a bounded integer or a scalar passed by value", p.Name.Name, def.name)
			return procs
		}
		set.dims = append(set.dims, t)
		total *= int64(t.hi) - int64(t.lo) + 1
	}
	if total > maxProcesses {
		c.errs.Addf(id.Pos(), id.End(), "'%s' would create %d processes, at most %d are supported", def.name, total, maxProcesses)
		return procs
	}
	vals := make([]int32, len(set.dims))
	for i, t := range set.dims {
		vals[i] = t.lo
	}
	for k := int64(0); k < total; k++ {
		bound := newScope(def.sc)
		strs := make([]string, len(vals))
		for i, p := range def.params {
			c.declare(bound, &symbol{name: p.Name.Name, kind: symConst, pos: p.Name.Pos(), t: set.dims[i].with(true, false), val: vals[i], param: true})
			strs[i] = fmt.Sprint(vals[i])
		}
		name := def.name + "(" + strings.Join(strs, ",") + ")"
		p := c.newProcess(name, def, bound, id, level, len(procs))
		if c.size.reported {
			break
		}
		set.procs = append(set.procs, p)
		if p != nil {
			procs = append(procs, p)
		}
		for i := len(vals) - 1; i >= 0; i-- { // next combination
			if vals[i] < set.dims[i].hi {
				vals[i]++
				break
			}
			vals[i] = set.dims[i].lo
		}
	}
	c.net.sets[def.name] = set
	return procs
}

// newProcess resolves a def with its parameters bound in bound down to a
// template and creates the process (compiled later).
func (c *compiler) newProcess(name string, def *tmplDef, bound *scope, id *lang.Ident, level int32, index int) *Process {
	for def.parent != nil {
		next := newScope(def.parent.sc)
		argx := &cx{c: c, sc: bound, mode: modeConst}
		if !c.bindArgs(def.parent, def.args, argx, next) {
			return nil
		}
		def, bound = def.parent, next
	}
	t := def.tmpl
	if !t.usable || t.init < 0 || !c.size.add(c, t, id) {
		return nil
	}
	return &Process{Index: index, Name: name, Template: t.name, Priority: level, Pos: id.Pos(), scope: bound, tmpl: t}
}

// bindArgs binds the parameters of def to args (evaluated by argx) in into.
func (c *compiler) bindArgs(def *tmplDef, args []lang.Expr, argx *cx, into *scope) bool {
	ok := true
	for i, p := range def.params {
		var pt *typ
		px := &cx{c: c, sc: into, mode: modeConst}
		if def.tmpl != nil {
			c.in("template "+def.name+", parameters", func() { pt = px.dims(px.typeSpec(p.Type), p.Dims) })
		} else {
			pt = px.dims(px.typeSpec(p.Type), p.Dims)
		}
		sym := c.bindOne(p, pt, args[i], argx, def.name)
		if sym == nil {
			ok = false
			continue
		}
		c.declare(into, sym)
	}
	return ok
}

// bindOne binds one template parameter: by value to a constant, by
// reference to a uniquely determined object.
func (c *compiler) bindOne(p *lang.Param, pt *typ, arg lang.Expr, argx *cx, tname string) *symbol {
	if pt.kind == kBad {
		return nil
	}
	o := argx.expr(arg)
	if o.isBad() {
		return nil
	}
	sym := &symbol{name: p.Name.Name, pos: p.Name.Pos(), t: pt, param: true}
	leaf := pt.leaf().kind
	switch {
	case !p.Ref && (leaf == kClock || leaf == kChan):
		argx.errorf(arg, "%s parameter '%s' of '%s' must be passed by reference", pt.leaf(), p.Name.Name, tname)
		return nil
	case !p.Ref || (pt.konst && (o.known || o.addr == nil || o.addr.Space == spConst)):
		return c.bindValue(sym, o, arg, argx, tname)
	case !pt.konst && leaf != kChan && (o.known || o.t.konst || (o.addr != nil && (o.addr.Space == spConst || o.addr.Space == spSel))):
		argx.errorf(arg, "cannot pass constant '%s' to reference parameter '%s'", exprString(arg), p.Name.Name)
		return nil
	case o.addr == nil || !o.addr.Static():
		argx.errorf(arg, "argument '%s' for reference parameter '%s' must be a variable with constant indices", exprString(arg), p.Name.Name)
		return nil
	case leaf == kChan:
		if o.t.leaf().kind != kChan || !sameShape(pt, o.t) {
			argx.errorf(arg, "'%s' is not a channel", exprString(arg))
			return nil
		}
		sym.kind, sym.t, sym.addr = symVar, o.t, o.addr
		return sym
	case !equivalent(pt, o.t):
		argx.errorf(arg, "argument '%s' of type %s does not match reference parameter '%s' of type %s", exprString(arg), o.t, p.Name.Name, pt)
		return nil
	}
	sym.kind, sym.addr = symVar, o.addr
	return sym
}

// sameShape reports whether two channel types have the same array shape.
func sameShape(p, a *typ) bool {
	for p.kind == kArray {
		if a.kind != kArray || a.index.hi-a.index.lo != p.index.hi-p.index.lo {
			return false
		}
		p, a = p.elem, a.elem
	}
	return a.kind != kArray
}

// bindValue binds a by-value (or const reference) parameter to a constant.
func (c *compiler) bindValue(sym *symbol, o *operand, arg lang.Expr, argx *cx, tname string) *symbol {
	pt := sym.t
	sym.kind = symConst
	sym.t = pt.with(true, false)
	if pt.isIntegral() {
		if !argx.fits(o, pt, "parameter '"+sym.name+"'") {
			return nil
		}
		if !o.known {
			argx.errorf(arg, "argument '%s' for parameter '%s' of '%s' must be a constant", exprString(arg), sym.name, tname)
			return nil
		}
		if (o.val < pt.lo || o.val > pt.hi) && !(pt.kind == kInt && !pt.ranged) {
			argx.errorf(arg, "argument %d for parameter '%s' of '%s' is outside [%d,%d]", o.val, sym.name, tname, pt.lo, pt.hi)
			return nil
		}
		sym.val = o.val
		return sym
	}
	if o.addr == nil || o.addr.Space != spConst || !o.addr.Static() || !equivalent(pt, o.t) {
		argx.errorf(arg, "argument '%s' for parameter '%s' of '%s' must be a constant of type %s", exprString(arg), sym.name, tname, pt)
		return nil
	}
	sym.addr = o.addr
	return sym
}

// finish computes the network-wide facts once every process is compiled.
func (c *compiler) finish() {
	for _, ch := range c.net.Channels {
		if ch.Priority != 0 {
			c.net.HasPriorities = true
		}
	}
	qs := newScope(c.system)
	for name, set := range c.net.sets {
		if len(set.dims) == 0 {
			if len(set.procs) == 1 && set.procs[0] != nil {
				qs.syms[name] = &symbol{name: name, kind: symProcess, proc: set.procs[0]}
			}
			continue
		}
		qs.syms[name] = &symbol{name: name, kind: symProcSet, set: set}
	}
	c.net.global = qs
	if c.net.maxStack < 256 {
		c.net.maxStack = 256
	}
}
