// Declarations: types, typedefs, constants, variables, clocks and channels,
// with their initialisers and their place in the state layout.

package model

import (
	"fmt"
	"slices"
	"strconv"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
)

// constInt folds the number e to a constant, reporting "<what> must be a
// constant".
func (x *cx) constInt(e lang.Expr, what string) (int32, bool) {
	o := x.expr(e)
	if o.isBad() || !x.number(o) {
		return 0, false
	}
	return x.fold(o, e, what)
}

// fold folds the integral operand o of e to a constant, reporting
// "<what> must be a constant".
func (x *cx) fold(o *operand, e lang.Expr, what string) (int32, bool) {
	if !o.known {
		if v, ok, computable := x.compute(o); computable {
			return v, ok
		}
		x.errorf(e, "%s must be a constant expression", what)
		return 0, false
	}
	return o.val, true
}

// compute evaluates, with the reference interpreter, an expression that
// is computable when loading though it does not fold: one that calls
// declared functions on constants (`const int p = f(13);`, which UPPAAL
// accepts). computable is false when it reads or writes the state; ok is
// false when it computed an error, which is then reported at e.
func (x *cx) compute(o *operand) (v int32, ok, computable bool) {
	if o.code == nil {
		return 0, false, false
	}
	d := ir.ExprDeps(o.code)
	if len(d.ReadVars)+len(d.WriteVars)+len(d.ReadMeta)+len(d.WriteMeta)+len(d.Clocks)+len(d.Resets)+len(d.Procs)+len(d.Chans) > 0 {
		return 0, false, false
	}
	left := computeRounds - x.c.computed
	if left <= 1 {
		x.errorf(o.node, "the computations of constants did not end after %d loop rounds and calls", computeRounds)
		return 0, false, true
	}
	env := &Env{consts: x.c.net.consts, stack: make([]int32, 256), Rounds: left} // calls grow the stack
	v = x.c.net.Eval(o.code, env)
	x.c.computed += left - env.Rounds
	if env.Err != nil {
		x.errorf(o.node, "%s", env.Err.Msg)
		return 0, false, true
	}
	return v, true, true
}

// computeRounds bounds the loop rounds and calls of the computations of
// constants when loading, all of them together: each is cheap in a real
// model, and a budget per constant would let many of them add up.
const computeRounds = 1 << 22

// typeSpec resolves a type as written.
func (x *cx) typeSpec(ts *lang.TypeSpec) *typ {
	if ts == nil {
		return tBad
	}
	if ts.Qual&lang.QHybrid != 0 {
		x.errorf(ts, "hybrid clocks are not supported")
		return tBad
	}
	t := x.baseType(ts)
	if t.kind == kBad {
		return t
	}
	q := ts.Qual
	if q&(lang.QUrgent|lang.QBroadcast) != 0 {
		if t.kind != kChan {
			x.errorf(ts, "'urgent' and 'broadcast' only apply to channels")
			return tBad
		}
		c := *t
		c.urgent = c.urgent || q&lang.QUrgent != 0
		c.broadcast = c.broadcast || q&lang.QBroadcast != 0
		t = &c
	}
	if q&(lang.QConst|lang.QMeta) != 0 {
		if k := t.leaf().kind; k == kClock || k == kChan {
			x.errorf(ts, "a %s cannot be const or meta", t.leaf())
			return tBad
		}
		t = t.with(q&lang.QConst != 0, q&lang.QMeta != 0)
	}
	return t
}

func (x *cx) baseType(ts *lang.TypeSpec) *typ {
	switch ts.Kind {
	case lang.TInt:
		if !ts.Ranged {
			return tInt
		}
		lo, hi := int32(defaultIntMin), int32(defaultIntMax)
		ok := true
		if ts.Lo != nil {
			lo, ok = x.rangeBound(ts.Lo)
		}
		if ts.Hi != nil && ok {
			hi, ok = x.rangeBound(ts.Hi)
		}
		if !ok {
			return tBad
		}
		if lo > hi {
			x.errorf(ts, "invalid range [%d,%d]", lo, hi)
			return tBad
		}
		return newRange(lo, hi)
	case lang.TBool:
		return tBool
	case lang.TClock:
		return tClock
	case lang.TChan:
		return tChan
	case lang.TDouble:
		x.errorf(ts, "type double is not supported")
	case lang.TString:
		x.errorf(ts, "type string is not supported")
	case lang.TVoid:
		return tVoid
	case lang.TScalar:
		n, ok := x.constInt(ts.Size, "the size of a scalar set")
		if !ok {
			return tBad
		}
		if n < 1 {
			x.errorf(ts.Size, "the size of a scalar set must be positive, not %d", n)
			return tBad
		}
		return &typ{kind: kScalar, lo: 0, hi: n - 1, set: &scalarSet{}, size: 1}
	case lang.TStruct:
		return x.structType(ts)
	case lang.TNamed:
		sym := x.sc.lookup(ts.Name.Name)
		if sym == nil {
			x.errorf(ts.Name, "undeclared type %q", ts.Name.Name)
			return tBad
		}
		if sym.kind != symType {
			x.errorf(ts.Name, "'%s' is not a type", ts.Name.Name)
			return tBad
		}
		return sym.t
	}
	return tBad
}

// rangeBound folds a bound of int[l,u]. Bounds beyond int32 (UPPAAL 4
// models write int[0,2147483648]) are clamped to the int32 range.
func (x *cx) rangeBound(e lang.Expr) (int32, bool) {
	if lit, ok := e.(*lang.IntLit); ok && lit.Value > 1<<31-1 {
		return 1<<31 - 1, true
	}
	return x.constInt(e, "a range bound")
}

func (x *cx) structType(ts *lang.TypeSpec) *typ {
	t := &typ{kind: kStruct}
	seen := map[string]bool{}
	for _, fd := range ts.Fields {
		ft := x.typeSpec(fd.Type)
		for _, v := range fd.Vars {
			vt := x.dims(ft, v.Dims)
			if vt.kind == kBad {
				continue
			}
			if !vt.isData() {
				x.errorf(v.Name, "struct field '%s' must be an integer, boolean, scalar, array or struct, not %s", v.Name.Name, vt)
				continue
			}
			if seen[v.Name.Name] {
				x.errorf(v.Name, "duplicate field '%s'", v.Name.Name)
				continue
			}
			seen[v.Name.Name] = true
			t.fields = append(t.fields, &field{name: v.Name.Name, t: vt, off: t.size})
			t.size += vt.size
		}
	}
	return t
}

// dims wraps t in the array dimensions of a declaration (the first
// dimension is the outermost).
func (x *cx) dims(t *typ, dims []*lang.ArrayDim) *typ {
	if t.kind == kBad {
		return t
	}
	for i := len(dims) - 1; i >= 0; i-- {
		it := x.indexType(dims[i])
		if it.kind == kBad {
			return tBad
		}
		if t.kind == kVoid {
			x.errorf(dims[i], "array of void")
			return tBad
		}
		if n := (int64(it.hi) - int64(it.lo) + 1) * int64(max(t.size, 1)); n > maxObject {
			x.errorf(dims[i], "array too large: %d elements, at most %d are supported", n, maxObject)
			return tBad
		}
		t = newArray(t, it)
	}
	return t
}

// indexType resolves one array dimension: a size, or a bounded integer or
// scalar type.
func (x *cx) indexType(d *lang.ArrayDim) *typ {
	var t *typ
	switch {
	case d.Type != nil:
		t = x.typeSpec(d.Type)
	case d.Size != nil:
		if id, ok := d.Size.(*lang.Ident); ok {
			if sym := x.sc.lookup(id.Name); sym != nil && sym.kind == symType {
				t = sym.t
				break
			}
		}
		n, ok := x.constInt(d.Size, "an array size")
		if !ok {
			return tBad
		}
		if n < 1 {
			x.errorf(d.Size, "array size must be positive, not %d", n)
			return tBad
		}
		return newRange(0, n-1)
	default:
		x.errorf(d, "array size missing")
		return tBad
	}
	if t.kind == kBad {
		return t
	}
	if t.kind != kScalar && !(t.kind == kInt && t.ranged) {
		x.errorf(d, "an array must be indexed by a size, a bounded integer type or a scalar set, not %s", t)
		return tBad
	}
	if n := int64(t.hi) - int64(t.lo) + 1; n > maxObject {
		x.errorf(d, "array too large: %d elements, at most %d are supported", n, maxObject)
		return tBad
	}
	return t
}

// typeDecl declares typedef names.
func (x *cx) typeDecl(d *lang.TypeDecl) {
	base := x.typeSpec(d.Type)
	for _, v := range d.Names {
		t := x.dims(base, v.Dims)
		if t.kind != kBad {
			c := *t
			c.name = v.Name.Name
			t = &c
		}
		if t.kind == kScalar && t.set.name == "" {
			t.set.name = v.Name.Name
		}
		x.c.declare(x.sc, &symbol{name: v.Name.Name, kind: symType, pos: v.Name.Pos(), t: t})
	}
}

// varDecl declares global or template-local variables, constants, clocks
// and channels (function locals are handled by localDecl).
func (x *cx) varDecl(d *lang.VarDecl) {
	base := x.typeSpec(d.Type)
	for _, v := range d.Vars {
		t := x.dims(base, v.Dims)
		sym := &symbol{name: v.Name.Name, pos: v.Name.Pos(), t: t, kind: symVar}
		switch {
		case t.kind == kBad:
			sym.kind = symConst
		case t.kind == kVoid:
			x.errorf(v.Name, "variable '%s' cannot be void", v.Name.Name)
			t, sym.t, sym.kind = tBad, tBad, symConst
		case !x.c.room(v.Name, t):
			t, sym.t, sym.kind = tBad, tBad, symConst
		case t.konst:
			x.constDecl(sym, v)
		case t.leaf().kind == kClock || t.leaf().kind == kChan:
			if v.Init != nil {
				x.errorf(v.Init, "a %s cannot have an initialiser", t.leaf())
			}
			sym.addr = x.c.allocObjects(v.Name.Name, t, v.Name.Pos())
		default:
			init := x.initValues(t, v.Init, v.Name.Name)
			sym.addr = x.c.allocData(v.Name.Name, t, init, v.Name.Pos())
		}
		x.c.declare(x.sc, sym)
	}
}

// constDecl gives a constant its value.
func (x *cx) constDecl(sym *symbol, v *lang.VarSpec) {
	sym.kind = symConst
	if v.Init == nil {
		x.errorf(v.Name, "constant '%s' has no value", v.Name.Name)
		sym.t = tBad
		return
	}
	vals := x.initValues(sym.t, v.Init, v.Name.Name)
	if sym.t.isIntegral() {
		sym.val = vals[0]
		return
	}
	pool := &x.c.net.consts
	sym.addr = staticRef(spConst, int32(len(*pool)), sym.t.size)
	*pool = append(*pool, vals...)
}

// initValues computes the initial slot values of a data object: the
// initialiser folded to constants, or the defaults (0, false, clamped into
// the range).
func (x *cx) initValues(t *typ, init lang.Expr, name string) []int32 {
	ranges := t.leafRanges(make([][2]int32, 0, t.size))
	out := make([]int32, 0, len(ranges))
	if init == nil {
		for _, r := range ranges {
			out = append(out, defaultValue(r[0], r[1]))
		}
		return out
	}
	out = x.flatInit(t, init, name, out)
	for len(out) < len(ranges) { // after an error
		out = append(out, 0)
	}
	return out[:len(ranges)]
}

// unboundedConst reports whether t is a constant plain int: UPPAAL does not
// range-check constants (`const int TS = 1000000;`).
func unboundedConst(t *typ) bool { return t.konst && t.kind == kInt && !t.ranged }

func defaultValue(lo, hi int32) int32 {
	switch {
	case lo > 0:
		return lo
	case hi < 0:
		return hi
	}
	return 0
}

// flatInit appends the constant values of init for an object of type t.
func (x *cx) flatInit(t *typ, init lang.Expr, name string, out []int32) []int32 {
	list, isList := init.(*lang.InitList)
	switch {
	case t.kind == kBad:
		return out
	case t.isIntegral():
		if isList {
			x.errorf(init, "'%s' is not an array or struct: its initialiser cannot be a list", name)
			return append(out, 0)
		}
		o := x.expr(init)
		if o.isBad() || !x.fits(o, t, "'"+name+"'") {
			return append(out, 0)
		}
		v, ok := x.fold(o, init, "an initialiser")
		if ok && (v < t.lo || v > t.hi) && !unboundedConst(t) {
			x.errorf(init, "initial value %d of '%s' is outside [%d,%d]", v, name, t.lo, t.hi)
		}
		return append(out, v)
	case !isList:
		o := x.expr(init)
		if o.isBad() {
			return out
		}
		if o.addr == nil || o.addr.Space != spConst || !o.addr.Static() || !equivalent(t, o.t) {
			x.errorf(init, "invalid initialiser for '%s' of type %s", name, t)
			return out
		}
		return append(out, x.c.net.consts[o.addr.Off:o.addr.Off+t.size]...)
	case t.kind == kArray:
		n := int(t.index.hi - t.index.lo + 1)
		if len(list.Elems) != n {
			x.errorf(init, "initialiser of '%s' has %d elements, expected %d", name, len(list.Elems), n)
			return out
		}
		for i, el := range list.Elems {
			if i < len(list.Names) && list.Names[i] != nil {
				x.errorf(list.Names[i], "field name in an array initialiser")
			}
			out = x.flatInit(t.elem, el, fmt.Sprintf("%s[%d]", name, int(t.index.lo)+i), out)
		}
		return out
	case t.kind == kStruct:
		return x.structInit(t, list, name, out)
	}
	x.errorf(init, "'%s' of type %s cannot have an initialiser", name, t)
	return out
}

func (x *cx) structInit(t *typ, list *lang.InitList, name string, out []int32) []int32 {
	vals := make([][]int32, len(t.fields))
	cur := 0
	for i, el := range list.Elems {
		if i < len(list.Names) && list.Names[i] != nil {
			cur = -1
			for j, f := range t.fields {
				if f.name == list.Names[i].Name {
					cur = j
				}
			}
			if cur < 0 {
				x.errorf(list.Names[i], "'%s' has no field '%s'", name, list.Names[i].Name)
				return out
			}
		}
		if cur >= len(t.fields) {
			x.errorf(el, "too many elements in the initialiser of '%s'", name)
			return out
		}
		if vals[cur] != nil {
			x.errorf(el, "field '%s' initialised twice", t.fields[cur].name)
			return out
		}
		f := t.fields[cur]
		vals[cur] = x.flatInit(f.t, el, name+"."+f.name, []int32{})
		cur++
	}
	for j, v := range vals {
		if v == nil {
			x.errorf(list, "initialiser of '%s' misses field '%s'", name, t.fields[j].name)
			return out
		}
		out = append(out, v...)
	}
	return out
}

// flatNames lists the slot names of an object of type t called name.
func flatNames(name string, t *typ, out []string) []string {
	switch t.kind {
	case kArray:
		for i := t.index.lo; ; i++ {
			out = flatNames(name+"["+strconv.Itoa(int(i))+"]", t.elem, out)
			if i == t.index.hi {
				break
			}
		}
	case kStruct:
		for _, f := range t.fields {
			out = flatNames(name+"."+f.name, f.t, out)
		}
	default:
		out = append(out, name)
	}
	return out
}

// allocData allocates the state slots of a data object. A meta
// variable gets state slots too (see "Meta variables" in doc.go): its
// value is carried from a state to its successors, as UPPAAL carries it.
func (c *compiler) allocData(name string, t *typ, init []int32, pos source.Pos) *address {
	names := flatNames(c.prefix+name, t, make([]string, 0, t.size))
	ranges := t.leafRanges(make([][2]int32, 0, t.size))
	list := &c.net.Vars
	*list = slices.Grow(*list, len(names))
	a := staticRef(spVar, int32(len(*list)), t.size)
	for i, n := range names {
		*list = append(*list, Var{Name: n, Lo: ranges[i][0], Hi: ranges[i][1], Init: init[i], Pos: pos, Meta: t.meta})
	}
	return a
}

// allocObjects allocates the clocks or channels of a declaration.
func (c *compiler) allocObjects(name string, t *typ, pos source.Pos) *address {
	names := flatNames(c.prefix+name, t, nil)
	leaf := t.leaf()
	if leaf.kind == kClock {
		a := staticRef(spClock, int32(len(c.net.Clocks)), t.size)
		for _, n := range names {
			c.net.Clocks = append(c.net.Clocks, Clock{Name: n, Pos: pos})
		}
		return a
	}
	a := staticRef(spChan, int32(len(c.net.Channels)), t.size)
	for _, n := range names {
		c.net.Channels = append(c.net.Channels, Channel{Name: n, Urgent: leaf.urgent, Broadcast: leaf.broadcast, Pos: pos})
	}
	return a
}

// chanPriority applies `chan priority a, b[0] < default < c;`. A system
// has one such declaration (UPPAAL's Language Reference, "Priorities"):
// a second one is refused rather than merged or left to override.
func (x *cx) chanPriority(d *lang.ChanPriorityDecl) {
	if first := x.c.priority; first != nil {
		at := x.c.net.FS.Position(first.Pos())
		x.errorf(d, "a second channel priority declaration: a system has one, and the first is at line %d, column %d", at.Line, at.Column)
		return
	}
	x.c.priority = d
	def := 0
	for i, level := range d.Levels {
		for _, e := range level {
			if e == nil {
				def = i
			}
		}
	}
	for i, level := range d.Levels {
		for _, e := range level {
			if e == nil {
				continue
			}
			o := x.expr(e)
			if o.isBad() {
				continue
			}
			if o.t.leaf().kind != kChan || o.addr == nil || !o.addr.Static() {
				x.errorf(e, "'%s' is not a channel", exprString(e))
				continue
			}
			for k := o.addr.Off; k < o.addr.Off+o.t.size; k++ {
				x.c.net.Channels[k].Priority = int32(i - def)
			}
		}
	}
}
