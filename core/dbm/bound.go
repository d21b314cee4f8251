// Bounds: UPPAAL's packed encoding of a constraint "≤ c" or "< c" in one int32.

package dbm

import "strconv"

// A Bound is the right-hand side of a difference constraint x_i − x_j ≺ c,
// packed as in UDBM: the constant shifted left by one, with the low bit set
// for a weak (≤) bound and clear for a strict (<) one, so LE(c) = 2c+1 and
// LT(c) = 2c.
//
// The encoding makes the natural integer order the order of constraints by
// tightness: a < b as int32 exactly when the constraint a is strictly tighter
// than b (LT(c) < LE(c) < LT(c+1)). The minimum of two bounds is therefore
// their intersection, and no decoding is needed to compare them.
//
// Constants must satisfy |c| ≤ MaxConstant. LTInfinity (<∞) stands for "no
// constraint"; a weak infinity is never formed.
type Bound int32

const (
	// LTZero is the bound "< 0".
	LTZero Bound = 0
	// LEZero is the bound "≤ 0": the diagonal of every non-empty DBM, and the
	// lower bound x_0 − x_i ≤ 0 that keeps clocks non-negative.
	LEZero Bound = 1
	// LTInfinity is the bound "< ∞": no constraint. Its value is Infinity.
	LTInfinity Bound = Bound(Infinity << 1)

	// Infinity is the constant of LTInfinity, 2^30 − 1, as in UDBM.
	Infinity int32 = 1<<30 - 1
	// MaxConstant is the largest absolute value of a finite constant. Sums
	// that exceed it in a positive direction become LTInfinity; sums below
	// −MaxConstant saturate at minBound, which Check reports as an overflow.
	MaxConstant int32 = Infinity - 1
)

// minBound is the floor at which negative sums saturate: "< −Infinity". A DBM
// entry at this value means an arithmetic overflow occurred; the zone is then
// certain to be reported empty (its reverse entry is finite or < ∞).
const minBound = -LTInfinity

// LE returns the weak bound "≤ c". Precondition (unchecked): |c| ≤ MaxConstant.
func LE(c int32) Bound { return Bound(c<<1 | 1) }

// LT returns the strict bound "< c". Precondition (unchecked): |c| ≤ MaxConstant.
func LT(c int32) Bound { return Bound(c << 1) }

// Value returns the constant c of the bound; LTInfinity.Value() is Infinity.
func (b Bound) Value() int32 { return int32(b) >> 1 }

// IsStrict reports whether b is a strict bound "< c". LTInfinity is strict.
func (b Bound) IsStrict() bool { return b&1 == 0 }

// IsInfinity reports whether b is LTInfinity.
func (b Bound) IsInfinity() bool { return b == LTInfinity }

// Add returns the bound of a sum: if x ≺1 a and y ≺2 b then x+y ≺ a+b, weak
// only if both are weak. Adding LTInfinity gives LTInfinity. The sum is formed
// in 64 bits and saturates: above LE(MaxConstant) it is LTInfinity, below
// LT(−MaxConstant) it is the overflow marker that Check reports.
func (b Bound) Add(o Bound) Bound {
	if b == LTInfinity || o == LTInfinity {
		return LTInfinity
	}
	return saturate(sum(b, o))
}

// sum adds two finite bounds in 64 bits without saturation.
func sum(a, b Bound) int64 {
	return int64(a) + int64(b) - int64((a|b)&1)
}

// saturate clamps a 64-bit raw sum into the representable range.
func saturate(s int64) Bound {
	if s > int64(LE(MaxConstant)) {
		return LTInfinity
	}
	if s < int64(minBound) {
		return minBound
	}
	return Bound(s)
}

// Negate returns the bound of the complement constraint read in the other
// direction: not (x_i − x_j ≤ c) is x_j − x_i < −c, and not (x_i − x_j < c) is
// x_j − x_i ≤ −c. Precondition (unchecked): b is finite; the complement of
// "< ∞" is unsatisfiable and has no Bound.
func (b Bound) Negate() Bound { return 1 - b }

// String formats b as "<=5", "<3" or "<inf".
func (b Bound) String() string {
	switch {
	case b == LTInfinity:
		return "<inf"
	case b == LTInfinity|1:
		return "<=inf"
	case b.IsStrict():
		return "<" + strconv.Itoa(int(b.Value()))
	}
	return "<=" + strconv.Itoa(int(b.Value()))
}
