// The invariant checker: what every DBM handed out by this package satisfies.

package dbm

import "fmt"

// Check verifies the invariants of a DBM and returns an error describing the
// first violation, followed by the matrix, or nil. It costs O(dim³) and is
// meant for tests and for a CheckInvariants debug mode, not for the search.
//
// A DBM is valid when its matrix has dim² entries, dim ≥ 1, and either it is
// marked empty (entry (0,0) below LEZero; nothing else is required) or:
//   - every diagonal entry is LEZero;
//   - row 0 is at most LEZero (clocks are non-negative);
//   - every entry is LTInfinity or a finite bound with |c| ≤ MaxConstant
//     (no weak infinity, no overflow marker);
//   - it is closed: m[i][j] ≤ m[i][k] + m[k][j] for all i, j, k.
func (d *DBM) Check() error {
	n := d.dim
	if n < 1 || len(d.m) != n*n {
		return fmt.Errorf("dbm: %d entries for dimension %d", len(d.m), n)
	}
	if d.IsEmpty() {
		return nil
	}
	if err := d.checkEntries(); err != nil {
		return err
	}
	return d.checkClosed()
}

// checkEntries checks the diagonal, row 0 and the range of every entry.
func (d *DBM) checkEntries() error {
	n := d.dim
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b := d.m[i*n+j]
			switch {
			case i == j && b != LEZero:
				return d.errorf("diagonal entry (%d,%d) is %v, not <=0", i, j, b)
			case i == 0 && b > LEZero:
				return d.errorf("entry (0,%d) is %v: clock x%d may be negative", j, b, j)
			case b == LTInfinity:
			case b > LE(MaxConstant) || b < LT(-MaxConstant):
				return d.errorf("entry (%d,%d) is %v: out of range (overflow)", i, j, b)
			}
		}
	}
	return nil
}

// checkClosed looks for a triangle i, k, j that tightens m[i][j].
func (d *DBM) checkClosed() error {
	n := d.dim
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			bik := d.m[i*n+k]
			for j := 0; j < n; j++ {
				if s := bik.Add(d.m[k*n+j]); s < d.m[i*n+j] {
					return d.errorf("not closed: entry (%d,%d) is %v but (%d,%d)+(%d,%d) is %v",
						i, j, d.m[i*n+j], i, k, k, j, s)
				}
			}
		}
	}
	return nil
}

func (d *DBM) errorf(format string, args ...any) error {
	return fmt.Errorf("dbm: "+format+"\n%s", append(args, d.matrix())...)
}
