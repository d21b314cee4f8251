// Printing: zones as readable constraint lists and as raw matrices.

package dbm

import (
	"strconv"
	"strings"
)

// String formats d as a constraint list with clocks named x1, x2, …; see
// Format.
func (d *DBM) String() string { return d.Format(nil) }

// Format writes the constraints of d, one per clock and one per pair of
// clocks, joined by ", ": "x==3", "1<=x<5", "y>2", "x-y<=1", "-2<x-y<3",
// "x-y==1". Left out are the bounds that only restate non-negativity (x>=0),
// infinite bounds, and a difference bound that follows from the two clocks'
// own bounds (x-y<=5 next to x<=5); the rest of a closed DBM is printed as is,
// so the list is complete but not always minimal. The unconstrained zone
// prints "true" and the empty zone "false". Clock i is named names[i] when
// names has such an entry, else "x<i>"; names[0] is not used.
func (d *DBM) Format(names []string) string {
	if d.IsEmpty() {
		return "false"
	}
	var parts []string
	n, m := d.dim, d.m
	for i := 1; i < n; i++ {
		if s := interval(m[i], m[i*n], clockName(names, i), false); s != "" {
			parts = append(parts, s)
		}
	}
	for i := 1; i < n; i++ {
		for j := i + 1; j < n; j++ {
			hi, neg := m[i*n+j], m[j*n+i]
			if hi == m[i*n].Add(m[j]) {
				hi = LTInfinity
			}
			if neg == m[j*n].Add(m[i]) {
				neg = LTInfinity
			}
			if s := interval(neg, hi, clockName(names, i)+"-"+clockName(names, j), true); s != "" {
				parts = append(parts, s)
			}
		}
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, ", ")
}

// interval formats lo ≺ term ≺ hi, where the lower bound comes as the reverse
// entry neg (term ≥ −neg.Value(), strict if neg is). For a clock (diff false)
// a lower bound of "≥ 0" only restates non-negativity and is left out unless
// it makes an equality.
func interval(neg, hi Bound, term string, diff bool) string {
	if neg != LTInfinity && hi != LTInfinity && !neg.IsStrict() && !hi.IsStrict() && neg.Value() == -hi.Value() {
		return term + "==" + itoa(hi.Value())
	}
	hasLo := neg != LTInfinity && (diff || neg != LEZero)
	hasHi := hi != LTInfinity
	switch {
	case hasLo && hasHi:
		return itoa(-neg.Value()) + cmp(neg) + term + cmp(hi) + itoa(hi.Value())
	case hasLo:
		return term + ">" + eq(neg) + itoa(-neg.Value())
	case hasHi:
		return term + cmp(hi) + itoa(hi.Value())
	}
	return ""
}

func cmp(b Bound) string {
	if b.IsStrict() {
		return "<"
	}
	return "<="
}

func eq(b Bound) string {
	if b.IsStrict() {
		return ""
	}
	return "="
}

func itoa(c int32) string { return strconv.Itoa(int(c)) }

func clockName(names []string, i int) string {
	if i < len(names) && names[i] != "" {
		return names[i]
	}
	return "x" + strconv.Itoa(i)
}

// matrix formats the raw matrix as a table, one row per line, for error
// messages and test failures.
func (d *DBM) matrix() string {
	var b strings.Builder
	n := d.dim
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(d.m[i*n+j].String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}
