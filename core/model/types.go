// The semantic types: integers with ranges, booleans, scalar sets, clocks,
// channels, arrays and structs, with their flattened sizes.

package model

import (
	"fmt"
	"strings"
)

// kind is the kind of a semantic type.
type kind uint8

const (
	kBad    kind = iota // an erroneous expression: suppresses follow-up errors
	kInt                // int[lo,hi]
	kBool               // bool, [0,1]
	kScalar             // scalar[n], [0,n-1]
	kClock              // clock, or a clock plus an integer (lin set)
	kDiff               // difference of two clocks plus an integer (lin set)
	kGuard              // conjunction of clock constraints and an integer condition
	kChan               // channel
	kArray              // array
	kStruct             // struct
	kVoid               // void function result
	kNeq                // clock disequality: only in queries
)

// The default range of int.
const (
	defaultIntMin = -32768
	defaultIntMax = 32767
)

// typ is a semantic type. Types are immutable once built; qualifiers make
// copies.
type typ struct {
	kind   kind
	lo, hi int32      // kInt, kBool, kScalar
	ranged bool       // kInt written with an explicit range
	set    *scalarSet // kScalar: identity of the set
	name   string     // typedef name, for messages

	konst, meta       bool
	urgent, broadcast bool // kChan

	elem   *typ     // kArray: element type
	index  *typ     // kArray: index type (kInt range or kScalar); length hi-lo+1
	fields []*field // kStruct

	size int32 // flattened size: data slots, clocks or channels
}

type field struct {
	name string
	t    *typ
	off  int32
}

// scalarSet gives a scalar type its identity: two scalar types compare only
// when they come from the same scalar[n] occurrence.
type scalarSet struct{ name string }

var (
	tBad  = &typ{kind: kBad, size: 1}
	tInt  = &typ{kind: kInt, lo: defaultIntMin, hi: defaultIntMax, size: 1}
	tBool = &typ{kind: kBool, lo: 0, hi: 1, size: 1}
	tVoid = &typ{kind: kVoid}
	// tWide is the type of intermediate integer results: any int32.
	tWide  = &typ{kind: kInt, lo: -1 << 31, hi: 1<<31 - 1, size: 1}
	tClock = &typ{kind: kClock, size: 1}
	tDiff  = &typ{kind: kDiff, size: 1}
	tGuard = &typ{kind: kGuard, size: 1}
	tNeq   = &typ{kind: kNeq, size: 1}
	tChan  = &typ{kind: kChan, size: 1}
)

func newRange(lo, hi int32) *typ {
	return &typ{kind: kInt, lo: lo, hi: hi, ranged: true, size: 1}
}

func newArray(elem, index *typ) *typ {
	n := index.hi - index.lo + 1
	return &typ{kind: kArray, elem: elem, index: index, size: n * elem.size,
		konst: elem.konst, meta: elem.meta}
}

// with returns a copy of t with the qualifiers of q added.
func (t *typ) with(konst, meta bool) *typ {
	if (!konst || t.konst) && (!meta || t.meta) {
		return t
	}
	c := *t
	c.konst = c.konst || konst
	c.meta = c.meta || meta
	if c.kind == kArray {
		c.elem = c.elem.with(konst, meta)
	}
	if c.kind == kStruct {
		c.fields = make([]*field, len(t.fields))
		for i, f := range t.fields {
			c.fields[i] = &field{name: f.name, t: f.t.with(konst, meta), off: f.off}
		}
	}
	return &c
}

// isIntegral reports whether values of t are single integers (int, bool,
// scalar).
func (t *typ) isIntegral() bool {
	return t.kind == kInt || t.kind == kBool || t.kind == kScalar
}

// isData reports whether t is made of integral slots only (what lives in
// Vars, Meta, frames and the constant pool).
func (t *typ) isData() bool {
	switch t.kind {
	case kInt, kBool, kScalar:
		return true
	case kArray:
		return t.elem.isData()
	case kStruct:
		return true // fields are checked to be data when the struct is built
	}
	return false
}

// leaf returns the element type under all array dimensions.
func (t *typ) leaf() *typ {
	for t.kind == kArray {
		t = t.elem
	}
	return t
}

// isClocky reports whether t is a clock expression, a difference or a
// constraint: something only the zone can evaluate.
func (t *typ) isClocky() bool {
	switch t.kind {
	case kClock, kDiff, kGuard, kNeq:
		return true
	}
	return false
}

// leafRanges appends the range of every data slot of t in layout order.
func (t *typ) leafRanges(out [][2]int32) [][2]int32 {
	switch t.kind {
	case kArray:
		n := t.index.hi - t.index.lo + 1
		for i := int32(0); i < n; i++ {
			out = t.elem.leafRanges(out)
		}
	case kStruct:
		for _, f := range t.fields {
			out = f.t.leafRanges(out)
		}
	default:
		out = append(out, [2]int32{t.lo, t.hi})
	}
	return out
}

// equivalent reports whether a reference of type p may bind an object of
// type a: same shape, same ranges, same scalar sets.
func equivalent(p, a *typ) bool {
	if p.kind == kBad || a.kind == kBad {
		return true
	}
	switch p.kind {
	case kInt:
		return a.kind == kInt && a.lo == p.lo && a.hi == p.hi
	case kBool:
		return a.kind == kBool
	case kScalar:
		return a.kind == kScalar && a.set == p.set
	case kClock:
		return a.kind == kClock
	case kChan:
		return a.kind == kChan
	case kArray:
		return a.kind == kArray && a.index.hi-a.index.lo == p.index.hi-p.index.lo && equivalent(p.elem, a.elem)
	case kStruct:
		if a.kind != kStruct || len(a.fields) != len(p.fields) {
			return false
		}
		for i, f := range p.fields {
			if a.fields[i].name != f.name || !equivalent(f.t, a.fields[i].t) {
				return false
			}
		}
		return true
	}
	return false
}

// String spells t the way a user would write it.
func (t *typ) String() string {
	if t.name != "" {
		return t.name
	}
	var b strings.Builder
	if t.konst {
		b.WriteString("const ")
	}
	if t.meta {
		b.WriteString("meta ")
	}
	switch t.kind {
	case kBad:
		b.WriteString("invalid type")
	case kInt:
		if t.lo == defaultIntMin && t.hi == defaultIntMax && !t.ranged {
			b.WriteString("int")
		} else {
			fmt.Fprintf(&b, "int[%d,%d]", t.lo, t.hi)
		}
	case kBool:
		b.WriteString("bool")
	case kScalar:
		fmt.Fprintf(&b, "scalar[%d]", t.hi+1)
	case kClock:
		b.WriteString("clock")
	case kDiff:
		b.WriteString("clock difference")
	case kGuard, kNeq:
		b.WriteString("clock constraint")
	case kChan:
		if t.urgent {
			b.WriteString("urgent ")
		}
		if t.broadcast {
			b.WriteString("broadcast ")
		}
		b.WriteString("chan")
	case kArray:
		dims := ""
		for t.kind == kArray {
			dims += fmt.Sprintf("[%d]", t.index.hi-t.index.lo+1)
			t = t.elem
		}
		return b.String() + t.String() + dims
	case kStruct:
		b.WriteString("struct {")
		for _, f := range t.fields {
			fmt.Fprintf(&b, " %s %s;", f.t, f.name)
		}
		b.WriteString(" }")
	case kVoid:
		b.WriteString("void")
	}
	return b.String()
}
