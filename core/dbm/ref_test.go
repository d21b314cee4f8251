// An independent reference: unpacked bounds, textbook closure and extrapolation
// straight from the papers, and zones as sets of grid points.

package dbm

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// rb is an unpacked bound: x ≺ c with ≺ strict or not, or no bound at all.
type rb struct {
	c      int64
	strict bool
	inf    bool
}

var rbInf = rb{inf: true}

func rbLess(a, b rb) bool {
	switch {
	case a.inf:
		return false
	case b.inf:
		return true
	case a.c != b.c:
		return a.c < b.c
	}
	return a.strict && !b.strict
}

func rbAdd(a, b rb) rb {
	if a.inf || b.inf {
		return rbInf
	}
	return rb{c: a.c + b.c, strict: a.strict || b.strict}
}

func rbMin(a, b rb) rb {
	if rbLess(b, a) {
		return b
	}
	return a
}

// holds reports whether the difference x (in units of 1/den) satisfies b.
func (b rb) holds(x, den int64) bool {
	switch {
	case b.inf:
		return true
	case b.strict:
		return x < b.c*den
	}
	return x <= b.c*den
}

// ref is a DBM in unpacked form.
type ref struct {
	n int
	m []rb
}

func (r ref) at(i, j int) rb { return r.m[i*r.n+j] }

func (r ref) clone() ref { return ref{r.n, append([]rb(nil), r.m...)} }

func toRef(d *DBM) ref {
	r := ref{n: d.Dim(), m: make([]rb, d.Dim()*d.Dim())}
	for k, b := range d.Raw() {
		r.m[k] = rbOf(b)
	}
	return r
}

// rbOf decodes a packed bound by hand rather than through Value/IsStrict.
func rbOf(b Bound) rb {
	if b == LTInfinity {
		return rbInf
	}
	return rb{c: int64(int32(b) >> 1), strict: int32(b)&1 == 0}
}

// refSubset decides a ⊆ b exactly: for every finite constraint of b, the
// points of a that violate it form an empty zone.
func refSubset(a, b ref) bool {
	n := a.n
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			bij := b.at(i, j)
			if i == j || bij.inf {
				continue
			}
			// not (x_i − x_j ≺ c) is x_j − x_i ≺' −c
			neg := rb{c: -bij.c, strict: !bij.strict}
			z := a.clone()
			z.m[j*n+i] = rbMin(z.m[j*n+i], neg)
			if refClose(z) {
				return false
			}
		}
	}
	return true
}

// fromRef packs r with the package's constructors.
func fromRef(r ref) *DBM {
	d := New(r.n)
	for k, b := range r.m {
		switch {
		case b.inf:
			d.m[k] = LTInfinity
		case b.strict:
			d.m[k] = LT(int32(b.c))
		default:
			d.m[k] = LE(int32(b.c))
		}
	}
	return d
}

// refClose is textbook Floyd–Warshall; false if a diagonal entry is negative.
func refClose(r ref) bool {
	n := r.n
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				r.m[i*n+j] = rbMin(r.m[i*n+j], rbAdd(r.m[i*n+k], r.m[k*n+j]))
			}
		}
	}
	for i := 0; i < n; i++ {
		if rbLess(r.m[i*n+i], rb{}) {
			return false
		}
	}
	return true
}

// refContains tests v/den against every constraint of r, closed or not.
func refContains(r ref, v []int64, den int64) bool {
	for i := 0; i < r.n; i++ {
		for j := 0; j < r.n; j++ {
			if !r.at(i, j).holds(v[i]-v[j], den) {
				return false
			}
		}
	}
	return true
}

// minusInf reports whether an L or U bound means −∞.
func minusInf(b int32) bool { return b < 0 }

// refExtraLUPlus is Extra+_LU of Behrmann et al. 2006 written case by case
// from the definition, on a copy, followed by closure.
func refExtraLUPlus(z ref, l, u []int32) ref {
	n := z.n
	L := func(i int) (int64, bool) { // value, is −∞
		if i == 0 {
			return 0, false
		}
		return int64(l[i]), minusInf(l[i])
	}
	U := func(i int) (int64, bool) {
		if i == 0 {
			return 0, false
		}
		return int64(u[i]), minusInf(u[i])
	}
	gt := func(c int64, bound int64, isMinusInf bool) bool { return isMinusInf || c > bound }
	out := z.clone()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j || z.at(i, j).inf {
				continue
			}
			li, lInf := L(i)
			uj, uInf := U(j)
			switch {
			case gt(z.at(i, j).c, li, lInf):
				out.m[i*n+j] = rbInf
			case gt(-z.at(0, i).c, li, lInf):
				out.m[i*n+j] = rbInf
			case gt(-z.at(0, j).c, uj, uInf) && i != 0:
				out.m[i*n+j] = rbInf
			case gt(-z.at(0, j).c, uj, uInf) && i == 0:
				if uInf {
					out.m[i*n+j] = rb{} // x_j ≥ 0 is all that is left
				} else {
					out.m[i*n+j] = rb{c: -uj, strict: true}
				}
			}
		}
	}
	refClose(out)
	return out
}

// refExtraM is the classic Extra_M on a copy, followed by closure.
func refExtraM(z ref, max []int32) ref {
	n := z.n
	M := func(i int) (int64, bool) {
		if i == 0 {
			return 0, false
		}
		return int64(max[i]), minusInf(max[i])
	}
	out := z.clone()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j || z.at(i, j).inf {
				continue
			}
			c := z.at(i, j).c
			mi, iInf := M(i)
			mj, jInf := M(j)
			switch {
			case iInf || c > mi:
				out.m[i*n+j] = rbInf
			case jInf && i == 0:
				out.m[i*n+j] = rb{}
			case jInf:
				out.m[i*n+j] = rbInf
			case -c > mj:
				out.m[i*n+j] = rb{c: -mj, strict: true}
			}
		}
	}
	refClose(out)
	return out
}

// inALU reports whether the valuation v/den is in aLU(z) by the definition of
// Herbreteau et al.: some v' ∈ z with, for every clock x, v'(x) = v(x), or
// L(x) < v'(x) < v(x), or U(x) < v(x) < v'(x). For one clock these choices
// form a single interval, so the question is whether z meets a box.
func inALU(z ref, v []int64, den int64, l, u []int32) bool {
	n := z.n
	b := ref{n: n, m: make([]rb, n*n)}
	for k, x := range z.m { // scale z to units of 1/den
		b.m[k] = x
		if !x.inf {
			b.m[k].c *= den
		}
	}
	for x := 1; x < n; x++ {
		lo := rb{c: -v[x]} // x ≥ v(x)
		if minusInf(l[x]) {
			lo = rb{} // x ≥ 0
		} else if int64(l[x])*den < v[x] {
			lo = rb{c: -int64(l[x]) * den, strict: true} // x > L(x)
		}
		hi := rb{c: v[x]} // x ≤ v(x)
		if minusInf(u[x]) || v[x] > int64(u[x])*den {
			hi = rbInf
		}
		b.m[x] = rbMin(b.m[x], lo)
		b.m[x*n] = rbMin(b.m[x*n], hi)
	}
	return refClose(b)
}

// grid enumerates the valuations whose coordinates are multiples of 1/den in
// [0, max/den] for dim−1 clocks.
type grid struct {
	dim      int
	den, max int64
}

func (g grid) each(f func(v []int64) bool) bool {
	v := make([]int64, g.dim)
	for {
		if !f(v) {
			return false
		}
		k := 1
		for ; k < g.dim; k++ {
			if v[k] < g.max {
				v[k]++
				break
			}
			v[k] = 0
		}
		if k == g.dim {
			return true
		}
	}
}

// set returns the membership of every grid point, in enumeration order.
func (g grid) set(in func(v []int64) bool) []bool {
	var s []bool
	g.each(func(v []int64) bool { s = append(s, in(v)); return true })
	return s
}

// diff returns the first grid point where two sets differ, formatted.
func (g grid) diff(a, b []bool) string {
	k := 0
	var out string
	g.each(func(v []int64) bool {
		if a[k] != b[k] {
			out = fmt.Sprintf("point %s: got %v, want %v", g.format(v), a[k], b[k])
			return false
		}
		k++
		return true
	})
	return out
}

func (g grid) format(v []int64) string {
	parts := make([]string, 0, len(v))
	for _, x := range v[1:] {
		parts = append(parts, fmt.Sprintf("%d/%d", x, g.den))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// shifted returns v + d·(0,1,…,1) scaled to denominator 2·den, the finer grid
// on which an existential delay is searched.
func shifted(v []int64, d int64, out []int64) []int64 {
	out[0] = 0
	for i := 1; i < len(v); i++ {
		out[i] = 2*v[i] + d
	}
	return out
}

// randomRaw returns an unclosed constraint system: Unconstrained plus up to
// 2·dim random constraints with constants in [−c, c] (lower bounds in [−c, 0],
// upper bounds in [0, c]). Zones in mode 1 start from Zero and delay, so
// clock differences are fixed; mode 2 delays at the end; mode 3 starts from a
// box with both bounds on every clock.
func randomRaw(r *rand.Rand, dim int, c int32) (*DBM, int) {
	d := New(dim)
	mode := r.IntN(4)
	if mode == 1 {
		d.Up()
	} else {
		d.Unconstrained()
	}
	if mode == 3 { // a box: every clock bounded on both sides
		for x := 1; x < dim; x++ {
			lo := r.Int32N(c + 1)
			d.Set(0, x, LE(-lo))
			d.Set(x, 0, LE(lo+r.Int32N(c+1)))
		}
	}
	k := r.IntN(2*dim + 1)
	for t := 0; t < k && dim > 1; t++ {
		i, j := r.IntN(dim), r.IntN(dim)
		if i == j {
			continue
		}
		var v int32
		switch {
		case i == 0:
			v = -r.Int32N(c + 1)
		case j == 0:
			v = r.Int32N(c + 1)
		default:
			v = r.Int32N(2*c+1) - c
		}
		b := LE(v)
		if r.IntN(2) == 0 {
			b = LT(v)
		}
		if b < d.At(i, j) {
			d.Set(i, j, b)
		}
	}
	return d, mode
}

// randomZone returns a closed non-empty zone.
func randomZone(r *rand.Rand, dim int, c int32) *DBM {
	for {
		d, mode := randomRaw(r, dim, c)
		if d.Close() {
			if mode == 2 {
				d.Up()
			}
			return d
		}
	}
}

// randomLU returns L and U bounds in {NoBound, 0, …, c}, with index 0 unused.
func randomLU(r *rand.Rand, dim int, c int32) (l, u []int32) {
	l, u = make([]int32, dim), make([]int32, dim)
	for i := 1; i < dim; i++ {
		l[i], u[i] = r.Int32N(c+2)-1, r.Int32N(c+2)-1
	}
	return l, u
}
