// Value sets of the monotonicity abstraction and the abstract evaluation
// of expressions over them.

package relax

import (
	"math"
	"math/bits"

	"beeline/core/heuristic"
	"beeline/core/ir"
	"beeline/core/ir/absint"
)

// aval is a set of integers: exactly {base + i : bit i of mask} when exact
// (a span of at most 64 values), else the interval [lo, hi]. The empty set
// is exact with mask 0.
type aval struct {
	exact  bool
	base   int64
	mask   uint64
	lo, hi int64
}

// The bounds of "any value".
const (
	minVal = math.MinInt32
	maxVal = math.MaxInt32
)

var anyVal = aval{lo: minVal, hi: maxVal}

func constVal(c int64) aval { return aval{exact: true, base: c, mask: 1} }

// rangeVal is [lo, hi], exact when narrow enough.
func rangeVal(lo, hi int64) aval {
	switch {
	case lo > hi:
		return aval{exact: true}
	case hi-lo < 64:
		return aval{exact: true, base: lo, mask: spanMask(hi - lo + 1)}
	}
	return aval{lo: lo, hi: hi}
}

// spanMask has the low n bits set (n ≤ 64).
func spanMask(n int64) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

func (a aval) empty() bool { return a.exact && a.mask == 0 }

// bounds returns the least and greatest element (of a non-empty set).
func (a aval) bounds() (int64, int64) {
	if !a.exact {
		return a.lo, a.hi
	}
	return a.base + int64(bits.TrailingZeros64(a.mask)), a.base + 63 - int64(bits.LeadingZeros64(a.mask))
}

// has reports whether v is in the set.
func (a aval) has(v int64) bool {
	if !a.exact {
		return a.lo <= v && v <= a.hi
	}
	d := v - a.base
	return d >= 0 && d < 64 && a.mask>>uint(d)&1 != 0
}

// canZero and canNonZero tell which truth values the set holds.
func (a aval) canZero() bool { return a.has(0) }

func (a aval) canNonZero() bool {
	if a.empty() {
		return false
	}
	lo, hi := a.bounds()
	return lo != 0 || hi != 0
}

// truth is the subset of {0, 1} given by two possibilities.
func truth(canFalse, canTrue bool) aval {
	var m uint64
	if canFalse {
		m |= 1
	}
	if canTrue {
		m |= 2
	}
	return aval{exact: true, base: 0, mask: m}
}

// union returns a ∪ b, exact when both are exact and fit in 64 values.
func union(a, b aval) aval {
	switch {
	case a.empty():
		return b
	case b.empty():
		return a
	}
	alo, ahi := a.bounds()
	blo, bhi := b.bounds()
	if a.exact && b.exact && max(ahi, bhi)-min(alo, blo) < 64 {
		lo := min(alo, blo)
		return aval{exact: true, base: lo, mask: shift(a, lo) | shift(b, lo)}
	}
	return aval{lo: min(alo, blo), hi: max(ahi, bhi)}
}

// shift returns a's mask rebased at lo ≤ a's least element.
func shift(a aval, lo int64) uint64 {
	first := a.base + int64(bits.TrailingZeros64(a.mask))
	return (a.mask >> uint(first-a.base)) << uint(first-lo)
}

// clamp intersects a with [lo, hi].
func clamp(a aval, lo, hi int64) aval {
	if a.empty() {
		return a
	}
	if !a.exact {
		return rangeVal(max(a.lo, lo), min(a.hi, hi))
	}
	out := aval{exact: true, base: a.base}
	for m := a.mask; m != 0; m &= m - 1 {
		v := a.base + int64(bits.TrailingZeros64(m))
		if lo <= v && v <= hi {
			out.mask |= 1 << uint(v-a.base)
		}
	}
	return out
}

// maxPairs bounds the pairs of values enumerated for an operator on two
// exact sets; beyond it the interval rules apply.
const maxPairs = 256

// binary evaluates x op y over sets: exactly by enumeration when both are
// small, else with interval rules that over-approximate. fails reports
// that the operation may fail at run time for some pair of values
// (division by zero, overflow, a shift out of range).
func binary(op ir.Op, x, y aval) (v aval, fails bool) {
	if x.empty() || y.empty() {
		return aval{exact: true}, false
	}
	if x.exact && y.exact && bits.OnesCount64(x.mask)*bits.OnesCount64(y.mask) <= maxPairs {
		return enumerate(op, x, y)
	}
	_, f := absint.ApplyInterval(op, interval(x), interval(y))
	return intervalRule(op, x, y), f != absint.NoFail
}

// interval is the least 32-bit interval holding a non-empty set.
func interval(a aval) absint.Interval {
	lo, hi := a.bounds()
	return absint.Interval{Lo: int32(max(lo, minVal)), Hi: int32(min(hi, maxVal))}
}

// intervalRule evaluates x op y over non-empty sets by interval rules.
func intervalRule(op ir.Op, x, y aval) aval {
	xl, xh := x.bounds()
	yl, yh := y.bounds()
	switch op {
	case ir.Add:
		return rangeVal(xl+yl, xh+yh)
	case ir.Sub:
		return rangeVal(xl-yh, xh-yl)
	case ir.Mul:
		a, b, c, d := xl*yl, xl*yh, xh*yl, xh*yh
		return rangeVal(min(a, b, c, d), max(a, b, c, d))
	case ir.Min:
		return rangeVal(min(xl, yl), min(xh, yh))
	case ir.Max:
		return rangeVal(max(xl, yl), max(xh, yh))
	case ir.Eql, ir.Neq:
		overlap := xl <= yh && yl <= xh
		single := xl == xh && yl == yh && xl == yl
		if op == ir.Eql {
			return truth(!single, overlap)
		}
		return truth(overlap, !single)
	case ir.Lss:
		return truth(xh >= yl, xl < yh)
	case ir.Leq:
		return truth(xh > yl, xl <= yh)
	case ir.Gtr:
		return truth(xl <= yh, xh > yl)
	case ir.Geq:
		return truth(xl < yh, xh >= yl)
	case ir.LAnd:
		return truth(x.canZero() || y.canZero(), x.canNonZero() && y.canNonZero())
	case ir.LOr:
		return truth(x.canZero() && y.canZero(), x.canNonZero() || y.canNonZero())
	}
	return anyVal
}

// enumerate applies op to every pair of values of two exact sets; fails
// reports that some pair fails.
func enumerate(op ir.Op, x, y aval) (aval, bool) {
	var vals [maxPairs]int64
	n, fails := 0, false
	for mx := x.mask; mx != 0; mx &= mx - 1 {
		a := x.base + int64(bits.TrailingZeros64(mx))
		for my := y.mask; my != 0; my &= my - 1 {
			b := y.base + int64(bits.TrailingZeros64(my))
			if v, msg := ir.Apply(op, int32(a), int32(b)); msg == "" {
				vals[n] = int64(v)
				n++
			} else {
				fails = true
			}
		}
	}
	return fromValues(vals[:n]), fails
}

// fromValues is the set of the given values (exact when they span < 64).
func fromValues(vs []int64) aval {
	if len(vs) == 0 {
		return aval{exact: true}
	}
	lo, hi := vs[0], vs[0]
	for _, v := range vs[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo >= 64 {
		return aval{lo: lo, hi: hi}
	}
	out := aval{exact: true, base: lo}
	for _, v := range vs {
		out.mask |= 1 << uint(v-lo)
	}
	return out
}

// unary evaluates -x or !x over a set; fails reports that it may fail
// at run time (the negation of the least 32-bit value).
func unary(op ir.Op, x aval) (aval, bool) {
	if x.empty() {
		return x, false
	}
	_, f := absint.ApplyUnaryInterval(op, interval(x))
	return unaryRule(op, x), f != absint.NoFail
}

// unaryRule evaluates -x or !x over a non-empty set.
func unaryRule(op ir.Op, x aval) aval {
	switch op {
	case ir.Not:
		return truth(x.canNonZero(), x.canZero())
	case ir.Neg:
		lo, hi := x.bounds()
		if !x.exact {
			return rangeVal(-hi, -lo)
		}
		var vals [64]int64
		n := 0
		for m := x.mask; m != 0; m &= m - 1 {
			vals[n] = -(x.base + int64(bits.TrailingZeros64(m)))
			n++
		}
		return fromValues(vals[:n])
	}
	return anyVal
}

// world gives the abstract state an expression is evaluated in.
type world interface {
	slot(s int32) aval
	loc(p, l int32) (in, other bool) // l may be in L(p); L(p) has another location
	fail()                           // an operation may fail at run time
}

// eval evaluates e over the sets of w.
func eval(e *heuristic.Expr, w world) aval {
	switch e.Op {
	case heuristic.OpConst:
		return constVal(int64(e.Lo))
	case heuristic.OpVar:
		return w.slot(e.Lo)
	case heuristic.OpAny:
		v := aval{exact: true}
		for s := e.Lo; s <= e.Hi; s++ {
			v = union(v, w.slot(s))
		}
		return v
	case heuristic.OpRange:
		return rangeVal(int64(e.Lo), int64(e.Hi))
	case heuristic.OpLoc:
		in, other := w.loc(e.Proc, e.Lo)
		return truth(other, in)
	case heuristic.OpUnary:
		v, fails := unary(e.Fn, eval(e.Args[0], w))
		if fails {
			w.fail()
		}
		return v
	case heuristic.OpBinary:
		v, fails := binary(e.Fn, eval(e.Args[0], w), eval(e.Args[1], w))
		if fails {
			w.fail()
		}
		return v
	case heuristic.OpCond:
		c := eval(e.Args[0], w)
		out := aval{exact: true}
		if c.canNonZero() {
			out = union(out, eval(e.Args[1], w))
		}
		if c.canZero() {
			out = union(out, eval(e.Args[2], w))
		}
		return out
	}
	return anyVal
}
