// Zone operations: constrain, delay, past, reset, free, intersection, inclusion.

package dbm

import "fmt"

// A Constraint is x_I − x_J ≺ B, the unit ConstrainAll works on.
type Constraint struct {
	I, J int
	B    Bound
}

// String formats c as "x1-x2<=3", with x0 for the reference clock.
func (c Constraint) String() string {
	return fmt.Sprintf("x%d-x%d%v", c.I, c.J, c.B)
}

// Constrain intersects d with x_i − x_j ≺ b and restores closed form with
// CloseIJ, O(dim²) when the bound is tightened and O(1) when it is not. It
// reports whether the result is non-empty and marks it empty otherwise.
//
// Preconditions: d is closed (unchecked); i, j < Dim() (checked by the
// runtime). An empty d stays empty and gives false (checked). i == j is
// allowed: the zone becomes empty if b < LEZero and is unchanged otherwise.
// Postcondition: d is closed or marked empty.
func (d *DBM) Constrain(i, j int, b Bound) bool {
	n, m := d.dim, d.m
	if m[0] < LEZero {
		return false
	}
	ij := i*n + j
	if b >= m[ij] {
		return true
	}
	m[ij] = b
	return d.CloseIJ(i, j) // tests m[i][j] + m[j][i] < LEZero first
}

// ConstrainAll intersects d with every constraint in cs and closes once at
// the end: with CloseIJ if one entry was tightened, with one Close1 round per
// touched clock otherwise (full Close above 64 clocks). It reports whether
// the result is non-empty. It stops at the first constraint that contradicts
// its reverse entry. Same preconditions and postcondition as Constrain.
func (d *DBM) ConstrainAll(cs []Constraint) bool {
	n, m := d.dim, d.m
	if m[0] < LEZero {
		return false
	}
	var t tightened
	for _, c := range cs {
		ij := c.I*n + c.J
		if c.B >= m[ij] {
			continue
		}
		if bji := m[c.J*n+c.I]; bji != LTInfinity && sum(c.B, bji) < int64(LEZero) {
			d.SetEmpty()
			return false
		}
		m[ij] = c.B
		t.note(c.I, c.J)
	}
	return d.closeTightened(&t)
}

// Up lets time elapse: it removes the upper bounds of all clocks (the future,
// or delay, operator), O(dim). Precondition: d is closed (unchecked).
// Postcondition: d is closed; an empty d stays empty.
func (d *DBM) Up() {
	n, m := d.dim, d.m
	for i := n; i < len(m); i += n {
		m[i] = LTInfinity
	}
}

// Down computes the past of d: every valuation from which some delay leads
// into d, O(dim²). The lower bound of x_j becomes min(LEZero, m[i][j] over
// clocks i), the tightest lower bound that survives moving back in time until
// some clock reaches 0. Precondition: d is closed and non-negative
// (unchecked). Postcondition: d is closed; an empty d stays empty.
func (d *DBM) Down() {
	n, m := d.dim, d.m
	for j := 1; j < n; j++ {
		if m[j] >= LEZero {
			continue
		}
		b := LEZero
		for i := 1; i < n; i++ {
			if x := m[i*n+j]; x < b {
				b = x
			}
		}
		m[j] = b
	}
}

// Reset assigns x := v, O(dim): row and column x are rebuilt from row and
// column 0 shifted by v. Preconditions: d is closed (unchecked);
// 1 ≤ x < Dim() (checked, panics); 0 ≤ v ≤ MaxConstant (checked, panics).
// Postcondition: d is closed; an empty d stays empty.
func (d *DBM) Reset(x int, v int32) {
	n, m := d.dim, d.m
	if x < 1 || x >= n || v < 0 || v > MaxConstant {
		panic(fmt.Sprintf("dbm: reset of clock %d to %d out of range (dimension %d)", x, v, n))
	}
	up, lo := LE(v), LE(-v)
	rx, r0 := m[x*n:x*n+n], m[:n]
	rx = rx[:len(r0)]
	for j, b := range r0 {
		rx[j] = up.Add(b)
		m[j*n+x] = m[j*n].Add(lo)
	}
	rx[x] = LEZero
}

// Free removes every constraint on clock x except x ≥ 0, O(dim). Preconditions:
// d is closed (unchecked); 1 ≤ x < Dim() (checked, panics). Postcondition: d
// is closed; an empty d stays empty.
func (d *DBM) Free(x int) {
	n, m := d.dim, d.m
	if x < 1 || x >= n {
		panic(fmt.Sprintf("dbm: free of clock %d out of range (dimension %d)", x, n))
	}
	for j := 0; j < n; j++ {
		if j != x {
			m[x*n+j] = LTInfinity
			m[j*n+x] = m[j*n]
		}
	}
}

// AssignClock assigns x := y, O(dim): x takes over y's row and column.
// y == 0 is x := 0. Preconditions: d is closed (unchecked); 1 ≤ x < Dim() and
// 0 ≤ y < Dim() (checked, panics). Postcondition: d is closed; an empty d
// stays empty.
func (d *DBM) AssignClock(x, y int) {
	n, m := d.dim, d.m
	if x < 1 || x >= n || y < 0 || y >= n {
		panic(fmt.Sprintf("dbm: assignment of clock %d to clock %d out of range (dimension %d)", x, y, n))
	}
	if x == y {
		return
	}
	for k := 0; k < n; k++ {
		if k != x {
			m[x*n+k] = m[y*n+k]
			m[k*n+x] = m[k*n+y]
		}
	}
}

// Intersect replaces d by d ∩ o and reports whether it is non-empty. Entries
// are lowered to o's, then the matrix is closed with CloseIJ (one change),
// with one Close1 round per touched clock, or with Close above 64 clocks.
// Preconditions: both closed (unchecked); same dimension (checked, panics).
// Postcondition: d is closed or marked empty.
func (d *DBM) Intersect(o *DBM) bool {
	if o.dim != d.dim {
		panic(fmt.Sprintf("dbm: intersection of dimensions %d and %d", d.dim, o.dim))
	}
	if d.IsEmpty() || o.IsEmpty() {
		d.SetEmpty()
		return false
	}
	n, m, om := d.dim, d.m, o.m
	var t tightened
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b := om[i*n+j]
			if b >= m[i*n+j] {
				continue
			}
			m[i*n+j] = b
			if bji := m[j*n+i]; bji != LTInfinity && sum(b, bji) < int64(LEZero) {
				d.SetEmpty()
				return false
			}
			t.note(i, j)
		}
	}
	return d.closeTightened(&t)
}

// Relation says how two zones compare as sets of valuations.
type Relation uint8

// The relations are bit sets as in UDBM: Equal is Subset|Superset.
const (
	// Different: neither zone includes the other.
	Different Relation = 0
	// Superset: the receiver includes the argument.
	Superset Relation = 1
	// Subset: the receiver is included in the argument.
	Subset Relation = 2
	// Equal: both inclusions hold.
	Equal Relation = 3
)

// String returns the relation's name: "different", "superset", "subset"
// or "equal".
func (r Relation) String() string {
	switch r {
	case Different:
		return "different"
	case Superset:
		return "superset"
	case Subset:
		return "subset"
	case Equal:
		return "equal"
	}
	return fmt.Sprintf("Relation(%d)", uint8(r))
}

// Relation compares d with o entry by entry, O(dim²) with an early exit once
// neither inclusion can hold. For closed DBMs this is exactly set inclusion.
// The empty zone is a subset of every zone. Preconditions: both closed or
// empty (unchecked); same dimension (checked, panics).
func (d *DBM) Relation(o *DBM) Relation {
	if o.dim != d.dim {
		panic(fmt.Sprintf("dbm: relation of dimensions %d and %d", d.dim, o.dim))
	}
	de, oe := d.IsEmpty(), o.IsEmpty()
	switch {
	case de && oe:
		return Equal
	case de:
		return Subset
	case oe:
		return Superset
	}
	r := Equal
	a, b := d.m, o.m[:len(d.m)]
	for k, x := range a {
		switch {
		case x > b[k]:
			r &^= Subset
		case x < b[k]:
			r &^= Superset
		default:
			continue
		}
		if r == Different {
			return r
		}
	}
	return r
}

// Includes reports whether o ⊆ d, O(dim²) with an early exit; for closed DBMs
// this is exact. Preconditions: both closed or empty (unchecked); same
// dimension (checked, panics).
func (d *DBM) Includes(o *DBM) bool {
	if o.dim != d.dim {
		panic(fmt.Sprintf("dbm: inclusion of dimensions %d and %d", o.dim, d.dim))
	}
	if o.IsEmpty() {
		return true
	}
	if d.IsEmpty() {
		return false
	}
	a, b := o.m, d.m[:len(o.m)]
	for k, x := range a {
		if x > b[k] {
			return false
		}
	}
	return true
}

// tightened records the entries a bulk operation tightened, so that it can
// restore closed form at the cheapest cost.
type tightened struct {
	count, i, j int    // how many entries, and the last one
	clocks      uint64 // bit k set when clock k (mod 64) was touched
}

func (t *tightened) note(i, j int) {
	t.count++
	t.i, t.j = i, j
	t.clocks |= 1<<uint(i&63) | 1<<uint(j&63)
}

// closeTightened restores closed form after the entries in t were
// tightened: nothing to do for none, CloseIJ for one, one Close1 round per
// touched clock up to 64 clocks, full Close above.
func (d *DBM) closeTightened(t *tightened) bool {
	switch {
	case t.count == 0:
		return true
	case t.count == 1:
		return d.CloseIJ(t.i, t.j)
	case d.dim <= 64:
		return d.closeTouched(t.clocks)
	}
	return d.Close()
}

// Unbounded reports whether no clock has an upper bound in d. A zone
// closed under delay (Up) then lets every valuation delay forever.
func (d *DBM) Unbounded() bool {
	for i := 1; i < d.dim; i++ {
		if d.At(i, 0) != LTInfinity {
			return false
		}
	}
	return true
}
