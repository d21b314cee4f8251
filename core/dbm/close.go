// Closure: full Floyd–Warshall and the incremental variants after local changes.

package dbm

// Close puts d in canonical (closed) form: every entry becomes the tightest
// bound implied by the others, by the Floyd–Warshall shortest-path algorithm,
// O(dim³). It reports whether the zone is non-empty; an empty zone is marked
// (see IsEmpty) and the search stops at the first negative diagonal entry,
// which also keeps the arithmetic from running away on negative cycles.
//
// Precondition: the diagonal is LEZero (unchecked). Postcondition: if Close
// returns true, d is closed and denotes the same set of valuations.
func (d *DBM) Close() bool {
	for k := 0; k < d.dim; k++ {
		if !d.pivot(k) {
			return false
		}
	}
	return true
}

// Close1 runs one Floyd–Warshall round with clock k as the intermediate node:
// m[i][j] = min(m[i][j], m[i][k] + m[k][j]) for all i, j, O(dim²). It reports
// whether the zone is still non-empty (checking the diagonal) and marks it
// empty otherwise.
//
// Contract: if d was closed and then only entries (i,j) with both i and j in
// a set T of clocks were tightened, calling Close1(k) once for every k in T,
// in any order, closes d again: a shortest path that uses a changed entry can
// be shortcut to one whose intermediate nodes all lie in T. After tightening
// a single entry (i,j), CloseIJ is cheaper.
func (d *DBM) Close1(k int) bool {
	return d.pivot(k)
}

// pivot is one Floyd–Warshall round through k. Entries are added in 64 bits:
// in a matrix whose finite entries are within ±MaxConstant the sum cannot
// wrap, and a sum below minBound (only possible on a negative cycle) is
// clamped to it.
func (d *DBM) pivot(k int) bool {
	n, m := d.dim, d.m
	rk := m[k*n : k*n+n]
	for i := 0; i < n; i++ {
		if i == k {
			continue
		}
		ri := m[i*n : i*n+n]
		ri = ri[:len(rk)]
		bik := ri[k]
		if bik == LTInfinity {
			continue
		}
		ik := int64(bik)
		for j, bkj := range rk {
			if bkj == LTInfinity {
				continue
			}
			s := ik + int64(bkj) - int64((bik|bkj)&1)
			if s < int64(ri[j]) {
				if s < int64(minBound) {
					s = int64(minBound)
				}
				ri[j] = Bound(s)
			}
		}
		if ri[i] < LEZero {
			d.SetEmpty()
			return false
		}
	}
	return true
}

// CloseIJ restores closed form after the single entry (i,j) was tightened in
// a closed DBM, in O(dim²): every m[a][b] becomes min(m[a][b], m[a][i] +
// m[i][j] + m[j][b]). It reports whether the zone is non-empty; the zone is
// empty exactly when m[i][j] + m[j][i] < LEZero, which is tested first.
//
// Preconditions (unchecked): d was closed before m[i][j] was lowered and no
// other entry changed; i != j. Postcondition: d is closed or marked empty.
func (d *DBM) CloseIJ(i, j int) bool {
	n, m := d.dim, d.m
	bij, bji := m[i*n+j], m[j*n+i]
	if bij == LTInfinity {
		return true
	}
	if bji != LTInfinity && sum(bij, bji) < int64(LEZero) {
		d.SetEmpty()
		return false
	}
	rj := m[j*n : j*n+n]
	for a := 0; a < n; a++ {
		ra := m[a*n : a*n+n]
		ra = ra[:len(rj)]
		bai := ra[i]
		if bai == LTInfinity {
			continue
		}
		t := sum(bai, bij)
		if t < int64(minBound) {
			t = int64(minBound)
		}
		// Row a improves only if a→i→j beats a→j; for a == i the test is
		// skipped because the entry (i,j) itself is the change.
		if a != i {
			if t >= int64(ra[j]) {
				continue
			}
			ra[j] = Bound(t)
		}
		tb := Bound(t)
		for b, bjb := range rj {
			if bjb == LTInfinity {
				continue
			}
			s := int64(tb) + int64(bjb) - int64((tb|bjb)&1)
			if s < int64(ra[b]) {
				if s < int64(minBound) {
					s = int64(minBound)
				}
				ra[b] = Bound(s)
			}
		}
	}
	return true
}

// closeTouched closes d after entries among the clocks in the bit set touched
// changed, using one Close1 round per touched clock. It needs dim ≤ 64; callers
// fall back to Close otherwise.
func (d *DBM) closeTouched(touched uint64) bool {
	for k := 0; touched != 0; k++ {
		if touched&1 != 0 && !d.pivot(k) {
			return false
		}
		touched >>= 1
	}
	return true
}
