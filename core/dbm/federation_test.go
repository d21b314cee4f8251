// Property tests of federations against a brute-force model: a federation is
// compared, point by point, with the set of grid valuations it should hold.

package dbm

import (
	"math/rand"
	"testing"
)

// fedGrid is a finite grid of valuations with coordinates k/den, 0 ≤ k/den ≤
// max, used as the reference model. With den = PointDen(dim) every region of
// constants up to (max−1)/2 has a point on it (see PointDen), so two unions of
// such zones are equal exactly when they agree on the grid.
type fedGrid struct {
	dim      int
	den, max int64
	points   [][]int64
}

func newFedGrid(dim int, max int64) *fedGrid {
	g := &fedGrid{dim: dim, den: PointDen(dim), max: max}
	v := make([]int64, dim)
	var rec func(i int)
	rec = func(i int) {
		if i == dim {
			g.points = append(g.points, append([]int64(nil), v...))
			return
		}
		for k := int64(0); k <= max*g.den; k++ {
			v[i] = k
			rec(i + 1)
		}
	}
	rec(1)
	return g
}

// fedContains reports whether the point v/den lies in some zone of f.
func fedContains(f *Federation, v []int64, den int64) bool {
	for _, z := range f.Zones() {
		if z.Contains(v, den) {
			return true
		}
	}
	return false
}

// set returns the grid points in f.
func (g *fedGrid) set(f *Federation) []bool {
	s := make([]bool, len(g.points))
	for k, p := range g.points {
		s[k] = fedContains(f, p, g.den)
	}
	return s
}

// fedRandomZone returns a random closed non-empty zone with constants in
// [−k, k] on the differences and [0, k] on the clocks.
func fedRandomZone(r *rand.Rand, dim int, k int32) *DBM {
	for {
		z := New(dim)
		z.Unconstrained()
		ok := true
		for n := r.Intn(2*dim) + 1; n > 0 && ok; n-- {
			i, j := r.Intn(dim), r.Intn(dim)
			if i == j {
				continue
			}
			c := r.Int31n(k + 1)
			if i != 0 && j != 0 {
				c = r.Int31n(2*k+1) - k
			} else if i == 0 {
				c = -c
			}
			b := LE(c)
			if r.Intn(2) == 0 {
				b = LT(c)
			}
			ok = z.Constrain(i, j, b)
		}
		if ok && !z.IsEmpty() {
			return z
		}
	}
}

func fedRandom(r *rand.Rand, dim, zones int, k int32) *Federation {
	f := NewFederation(dim)
	for range zones {
		f.Add(fedRandomZone(r, dim, k))
	}
	return f
}

// fedCheckZones fails when a zone of f is empty or not closed.
func fedCheckZones(t *testing.T, what string, f *Federation) {
	t.Helper()
	for _, z := range f.Zones() {
		if z.IsEmpty() {
			t.Fatalf("%s: federation holds an empty zone", what)
		}
		if err := z.Check(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
}

// fedExpectSet fails when f differs from the point set want.
func fedExpectSet(t *testing.T, g *fedGrid, what string, f *Federation, want []bool) {
	t.Helper()
	fedCheckZones(t, what, f)
	got := g.set(f)
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("%s: point %v/%d: got %v, want %v\nresult: %v", what, g.points[k], g.den, got[k], want[k], f)
		}
	}
}

// fedDownRef is the brute-force past: p is in it when p+δ ∈ f for some
// δ ≥ 0. δ runs over a grid twice as fine as the points, far enough to
// pass every constant: an open interval of delays with endpoints on the
// 1/den grid holds a point of the 1/(2den) grid.
func fedDownRef(g *fedGrid, f *Federation, k int32) []bool {
	s := make([]bool, len(g.points))
	q := make([]int64, g.dim)
	limit := (int64(k) + g.max + 1) * 2 * g.den
	for n, p := range g.points {
		for d := int64(0); d <= limit && !s[n]; d++ {
			for i := 1; i < g.dim; i++ {
				q[i] = 2*p[i] + d
			}
			s[n] = fedContains(f, q, 2*g.den)
		}
	}
	return s
}

func TestFederationAgainstGrid(t *testing.T) {
	for _, tc := range []struct {
		dim    int
		k      int32
		trials int
	}{{2, 3, 200}, {3, 3, 200}, {4, 2, 25}} {
		r := rand.New(rand.NewSource(int64(tc.dim)))
		g := newFedGrid(tc.dim, int64(2*tc.k+1))
		for trial := range tc.trials {
			fedTrial(t, r, g, tc.dim, tc.k, trial)
		}
	}
}

func fedTrial(t *testing.T, r *rand.Rand, g *fedGrid, dim int, k int32, trial int) {
	a := fedRandom(r, dim, 1+r.Intn(3), k)
	b := fedRandom(r, dim, 1+r.Intn(3), k)
	z := fedRandomZone(r, dim, k)
	sa, sb, sz := g.set(a), g.set(b), g.set(FederationOf(z))
	want := func(op func(x, y bool) bool, s, u []bool) []bool {
		w := make([]bool, len(s))
		for i := range s {
			w[i] = op(s[i], u[i])
		}
		return w
	}
	andNot := func(x, y bool) bool { return x && !y }
	and := func(x, y bool) bool { return x && y }
	or := func(x, y bool) bool { return x || y }

	d := a.Copy()
	d.Subtract(z)
	fedExpectSet(t, g, "subtract zone", d, want(andNot, sa, sz))
	d = a.Copy()
	d.SubtractFederation(b)
	fedExpectSet(t, g, "subtract federation", d, want(andNot, sa, sb))
	d = a.Copy()
	d.Intersect(z)
	fedExpectSet(t, g, "intersect zone", d, want(and, sa, sz))
	d = a.Copy()
	d.IntersectFederation(b)
	fedExpectSet(t, g, "intersect federation", d, want(and, sa, sb))
	d = a.Copy()
	d.Union(b)
	fedExpectSet(t, g, "union", d, want(or, sa, sb))
	if trial%4 == 0 {
		d = a.Copy()
		d.Down()
		fedExpectSet(t, g, "down", d, fedDownRef(g, a, k))
	}

	inc := true
	for i := range sz {
		if sz[i] && !sa[i] {
			inc = false
		}
	}
	if got := a.Includes(z); got != inc {
		t.Fatalf("includes: got %v, want %v\nf = %v\nz = %v", got, inc, a, z)
	}
	// An inclusion that holds only through several zones: z ⊆ a ∪ (z − a).
	d = FederationOf(z)
	d.SubtractFederation(a)
	d.Union(a)
	if !d.Includes(z) {
		t.Fatalf("z is not included in a ∪ (z − a)\na = %v\nz = %v", a, z)
	}
	if got := d.IncludesFederation(a); !got {
		t.Fatalf("a is not included in a ∪ (z − a)")
	}
}

func TestFederationSplitNeedsSeveralZones(t *testing.T) {
	// [0,4] minus [1,2] on one clock leaves [0,1) ∪ (2,4]: two zones.
	a := New(2)
	a.Unconstrained()
	a.Constrain(1, 0, LE(4))
	b := New(2)
	b.Unconstrained()
	b.Constrain(1, 0, LE(2))
	b.Constrain(0, 1, LE(-1))
	f := FederationOf(a)
	f.Subtract(b)
	if f.Len() != 2 {
		t.Fatalf("got %d zones, want 2: %v", f.Len(), f)
	}
	if f.Includes(b) || !f.Includes(f.Zones()[0]) {
		t.Fatalf("inclusion wrong on %v", f)
	}
	// Adding [1,2] back covers [0,4] only as a union of three zones.
	f.Add(b)
	if f.Len() != 3 || !f.Includes(a) {
		t.Fatalf("union %v should hold [0,4] in three zones", f)
	}
	f.Subtract(a)
	if !f.IsEmpty() {
		t.Fatalf("got %v, want empty", f)
	}
}

func TestFederationAddDropsIncluded(t *testing.T) {
	small := New(2)
	small.Unconstrained()
	small.Constrain(1, 0, LE(1))
	big := New(2)
	big.Unconstrained()
	big.Constrain(1, 0, LE(3))
	f := NewFederation(2)
	f.Add(small)
	f.Add(big)
	if f.Len() != 1 || !f.Zones()[0].Equal(big) {
		t.Fatalf("got %v, want only the big zone", f)
	}
	f.Add(small)
	if f.Len() != 1 {
		t.Fatalf("adding an included zone grew the federation: %v", f)
	}
	empty := New(2)
	empty.SetEmpty()
	f.Add(empty)
	if f.Len() != 1 || NewFederation(2).String() != "∅" {
		t.Fatalf("empty zone handling wrong: %v", f)
	}
}

// The hull of two boxes is the box around both; an unbounded zone has no
// clock bounded from above.
func TestFederationHullAndUnbounded(t *testing.T) {
	a := New(3)
	a.Unconstrained()
	a.Constrain(1, 0, LE(1))
	a.Constrain(2, 0, LT(2))
	b := New(3)
	b.Unconstrained()
	b.Constrain(0, 1, LE(-4)) // x ≥ 4
	b.Constrain(1, 0, LE(5))
	b.Constrain(2, 0, LE(2))
	f := NewFederation(3)
	f.Add(a)
	f.Add(b)
	h := f.Hull()
	if h.At(1, 0) != LE(5) || h.At(2, 0) != LE(2) || h.At(0, 1) != LE(0) || !h.Includes(a) || !h.Includes(b) {
		t.Errorf("hull %v", h)
	}
	if f.IncludesFederation(FederationOf(h)) {
		t.Errorf("the hull of two separate boxes is in their union")
	}
	if h.Unbounded() {
		t.Errorf("%v is bounded", h)
	}
	u := New(3)
	u.Zero()
	u.Up()
	if !u.Unbounded() {
		t.Errorf("%v after delay is unbounded", u)
	}
	u.Constrain(2, 0, LE(7))
	if u.Unbounded() {
		t.Errorf("%v bounds the second clock", u)
	}
}
