// Abstractions: Extra+_LU and Extra_M extrapolation, and the aLU simulation test.

package dbm

import "fmt"

// NoBound is the L or U bound of a clock that no guard bounds from that side
// (−∞ in the papers). Every negative value is read as NoBound: a clock is
// never negative, so comparing it with a negative constant says nothing.
const NoBound int32 = -1

// ExtrapolateLU applies Extra+_LU of Behrmann, Bouyer, Larsen and Pelánek
// ("Lower and upper bounds in zone-based abstractions of timed automata",
// STTT 8(3), 2006, section 5) and closes the result. With (c_ij, ≺) the
// entry for x_i − x_j and comparisons on the constants only, as in the paper:
//
//	c'_ij = <∞        if c_ij > L(x_i)
//	        <∞        if −c_0i > L(x_i)
//	        <∞        if −c_0j > U(x_j), i ≠ 0
//	        < −U(x_j) if −c_0j > U(x_j), i = 0
//	        c_ij      otherwise
//
// The diagonal is left alone and x_0 has L = U = 0. A clock whose bound is
// NoBound loses every constraint the corresponding cases touch; on row 0,
// "< −U" with U = −∞ means no lower bound other than x ≥ 0, so it becomes
// LEZero. The result includes d, is included in aLU(d) (see IsIncludedLU),
// and Close runs only if an entry changed other than by wiping a whole
// row: O(dim²), plus O(dim³) then.
//
// Preconditions: d closed and non-negative (unchecked); len(l), len(u) ≥
// Dim() (checked, panics); l[0] and u[0] are ignored; every bound ≤
// MaxConstant (unchecked). An empty d is left empty. Postcondition: d is
// closed and non-empty (if it was).
func (d *DBM) ExtrapolateLU(l, u []int32) {
	n, m := d.dim, d.m
	if len(l) < n || len(u) < n {
		panic(fmt.Sprintf("dbm: %d lower and %d upper bounds for dimension %d", len(l), len(u), n))
	}
	if d.IsEmpty() {
		return
	}
	// A row wiped whole leaves the matrix closed: every path out of that
	// clock is now infinite, and no other entry was loosened. Only the
	// other changes need the closure.
	changed := false
	for i := 1; i < n; i++ {
		ri := m[i*n : i*n+n]
		li := l[i]
		if li < 0 || -m[i].Value() > li { // second case: the whole row goes
			for j := range ri {
				if j != i {
					ri[j] = LTInfinity
				}
			}
			continue
		}
		for j, b := range ri {
			if j == i || b == LTInfinity {
				continue
			}
			if b.Value() > li || j != 0 && (u[j] < 0 || -m[j].Value() > u[j]) {
				ri[j] = LTInfinity
				changed = true
			}
		}
	}
	// Row 0 last: the cases above read its original lower bounds.
	for j := 1; j < n; j++ {
		if uj := u[j]; uj < 0 {
			if m[j] != LEZero {
				m[j] = LEZero
				changed = true
			}
		} else if -m[j].Value() > uj {
			m[j] = LT(-uj)
			changed = true
		}
	}
	if changed {
		d.closeLU()
	}
}

// closeLU is Close after ExtrapolateLU, skipping the rounds through clocks
// whose row is all LTInfinity off the diagonal (the second case, or L = −∞,
// wiped it): a path through such a clock cannot leave it, so the round would
// change nothing. UDBM's dbm_closeLU skips similarly. The zone cannot become
// empty: it only grew.
func (d *DBM) closeLU() {
	n, m := d.dim, d.m
	for k := 0; k < n; k++ {
		if k > 0 && rowFree(m[k*n:k*n+n], k) {
			continue
		}
		d.pivot(k)
	}
}

// rowFree reports whether every entry of row but the diagonal k is LTInfinity.
func rowFree(row []Bound, k int) bool {
	for j, b := range row {
		if b != LTInfinity && j != k {
			return false
		}
	}
	return true
}

// ExtrapolateM applies the classic maximal-constant extrapolation Extra_M
// (Bengtsson and Yi 2004, section 4.4; Behrmann et al. 2006 call it Extra_M)
// and closes the result:
//
//	c'_ij = <∞        if c_ij > M(x_i)
//	        < −M(x_j) if −c_ij > M(x_j)
//	        c_ij      otherwise
//
// with M(x_0) = 0, and M = NoBound (any negative value) read as −∞: then the
// second case gives "< ∞", or LEZero on row 0. Its result is included in
// that of ExtrapolateLU(max, max); it is kept as the textbook reference point
// for tests and comparisons. Preconditions and postcondition as
// ExtrapolateLU, with len(max) ≥ Dim().
func (d *DBM) ExtrapolateM(max []int32) {
	n, m := d.dim, d.m
	if len(max) < n {
		panic(fmt.Sprintf("dbm: %d maximal constants for dimension %d", len(max), n))
	}
	if d.IsEmpty() {
		return
	}
	changed := false
	for i := 0; i < n; i++ {
		mi := int32(0)
		if i > 0 {
			mi = max[i]
		}
		ri := m[i*n : i*n+n]
		for j, b := range ri {
			if j == i || b == LTInfinity {
				continue
			}
			nb := b
			switch {
			case b.Value() > mi || i > 0 && mi < 0:
				nb = LTInfinity
			case j == 0:
			case max[j] < 0 && i == 0:
				nb = LEZero
			case max[j] < 0:
				nb = LTInfinity
			case -b.Value() > max[j]:
				nb = LT(-max[j])
			}
			if nb != b {
				ri[j] = nb
				changed = true
			}
		}
	}
	if changed {
		d.Close()
	}
}

// IsIncludedLU reports whether d ⊆ aLU(o), the abstraction of o by the LU
// simulation of Herbreteau, Srivathsan and Walukiewicz ("Better abstractions
// for timed automata", LICS 2012; Information and Computation 251, 2016,
// theorem on the O(dim²) inclusion test). With Z = d and Z' = o, the
// inclusion fails exactly when there are clocks x ≠ y (x_0 included, with
// L(x_0) = U(x_0) = 0) such that
//
//	Z_0x ≥ (≤, −U(x))  and  Z'_yx < Z_yx  and  Z'_yx + (<, −L(y)) < Z_0x
//
// where Z_ij bounds x_i − x_j. A clock with U = NoBound cannot be x and one
// with L = NoBound cannot be y. aLU(o) is not convex in general, but the test
// needs only the two matrices: O(dim²), no allocation.
//
// Preconditions: d and o closed and non-negative (unchecked); same dimension
// and len(l), len(u) ≥ Dim() (checked, panics). The empty zone is included in
// everything; nothing non-empty is included in aLU of the empty zone.
func (d *DBM) IsIncludedLU(o *DBM, l, u []int32) bool {
	n := d.dim
	if o.dim != n || len(l) < n || len(u) < n {
		panic(fmt.Sprintf("dbm: aLU inclusion of dimensions %d and %d with %d lower and %d upper bounds", n, o.dim, len(l), len(u)))
	}
	if d.IsEmpty() {
		return true
	}
	if o.IsEmpty() {
		return false
	}
	z, zp := d.m, o.m[:len(d.m)]
	for x := 0; x < n; x++ {
		ux := int32(0)
		if x > 0 {
			ux = u[x]
		}
		z0x := z[x]
		if ux < 0 || z0x < LE(-ux) {
			continue
		}
		for y := 0; y < n; y++ {
			ly := int32(0)
			if y > 0 {
				ly = l[y]
			}
			if y == x || ly < 0 {
				continue
			}
			p := zp[y*n+x]
			if p < z[y*n+x] && sum(p, LT(-ly)) < int64(z0x) {
				return false
			}
		}
	}
	return true
}
