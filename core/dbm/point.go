// Concrete valuations: membership of a point and a deterministic point of a zone.

package dbm

import (
	"fmt"
	"math"
)

// Points are valuations with a common denominator: v[i]/den is the value of
// clock x_i and v[0] is 0. Rationals are needed because a zone such as
// 0 < x < y < 1 holds no integer point; a power-of-two denominator keeps every
// value exact as a float64.

// Contains reports whether the valuation v/den lies in d: for every entry,
// v[i] − v[j] ≺ c_ij·den. O(dim²). It is false for an empty d and for v[0] ≠ 0.
// Preconditions (checked, panics): len(v) ≥ Dim() and den ≥ 1.
func (d *DBM) Contains(v []int64, den int64) bool {
	n := d.dim
	if len(v) < n || den < 1 {
		panic(fmt.Sprintf("dbm: point of %d values over %d for dimension %d", len(v), den, n))
	}
	if d.IsEmpty() || v[0] != 0 {
		return false
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b := d.m[i*n+j]
			if b == LTInfinity || i == j {
				continue
			}
			diff, c := v[i]-v[j], int64(b.Value())*den
			if diff > c || diff == c && b.IsStrict() {
				return false
			}
		}
	}
	return true
}

// PointDen returns the denominator Point uses for dimension dim: the least
// power of two that is at least dim. Every non-empty zone with integer
// constants contains a point whose coordinates are multiples of 1/dim (it
// contains a region, and a region needs at most dim−1 distinct non-zero
// fractional parts), hence also multiples of 1/PointDen(dim).
func PointDen(dim int) int64 {
	den := int64(1)
	for den < int64(dim) {
		den <<= 1
	}
	return den
}

// Point writes into v a valuation of d, as numerators over the returned
// denominator PointDen(Dim()), and reports false if d is empty. The choice is
// deterministic and prefers small values: it is the lexicographically least
// point (x_1 first, then x_2, …) among the points of d on the 1/den grid, so
// weak lower bounds are met exactly and strict ones are exceeded by 1/den.
//
// Method: scale the constants by den, turn each strict bound "< c" into
// "≤ c−1" (the same integer points), close again in 64 bits, then give each
// clock in turn the least value its lower bounds allow given the clocks
// already placed; closure guarantees that choice extends to the rest.
// O(dim³) and it allocates dim² int64s: it is for traces, not for the search.
//
// Preconditions: d closed and non-negative (unchecked); len(v) ≥ Dim()
// (checked, panics). Bounds must be at most 2^62/den in absolute value.
func (d *DBM) Point(v []int64) (den int64, ok bool) {
	n := d.dim
	if len(v) < n {
		panic(fmt.Sprintf("dbm: point of %d values for dimension %d", len(v), n))
	}
	if d.IsEmpty() {
		return 0, false
	}
	den = PointDen(n)
	w := scaledWeak(d, den)
	if !closeInt(w, n) {
		return 0, false // cannot happen for a non-empty closed zone
	}
	v[0] = 0
	for i := 1; i < n; i++ {
		lo := -w[i]
		for j := 1; j < i; j++ {
			if c := w[j*n+i]; c != intInf && v[j]-c > lo {
				lo = v[j] - c
			}
		}
		v[i] = lo
	}
	return den, true
}

// intInf is the "no constraint" entry of the scaled integer matrix.
const intInf = math.MaxInt64 / 4

// scaledWeak returns d with constants multiplied by den and strict bounds
// made weak on the integer grid.
func scaledWeak(d *DBM, den int64) []int64 {
	w := make([]int64, len(d.m))
	for k, b := range d.m {
		switch {
		case b == LTInfinity:
			w[k] = intInf
		case b.IsStrict():
			w[k] = int64(b.Value())*den - 1
		default:
			w[k] = int64(b.Value()) * den
		}
	}
	return w
}

// closeInt is Floyd–Warshall over weak integer bounds; false on a negative
// cycle.
func closeInt(w []int64, n int) bool {
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			wik := w[i*n+k]
			if wik == intInf {
				continue
			}
			for j := 0; j < n; j++ {
				if wkj := w[k*n+j]; wkj != intInf && wik+wkj < w[i*n+j] {
					w[i*n+j] = wik + wkj
				}
			}
			if w[i*n+i] < 0 {
				return false
			}
		}
	}
	return true
}
