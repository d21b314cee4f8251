// Unit tests on hand-computed examples: bounds, operations, printing, checking.

package dbm

import (
	"strings"
	"testing"
)

func TestBoundEncoding(t *testing.T) {
	tests := []struct {
		b      Bound
		raw    int32
		value  int32
		strict bool
		str    string
	}{
		{LE(5), 11, 5, false, "<=5"},
		{LT(3), 6, 3, true, "<3"},
		{LEZero, 1, 0, false, "<=0"},
		{LTZero, 0, 0, true, "<0"},
		{LE(-3), -5, -3, false, "<=-3"},
		{LT(-3), -6, -3, true, "<-3"},
		{LTInfinity, 1<<31 - 2, Infinity, true, "<inf"},
		{LE(MaxConstant), 1<<31 - 3, MaxConstant, false, "<=1073741822"},
	}
	for _, tt := range tests {
		if int32(tt.b) != tt.raw || tt.b.Value() != tt.value || tt.b.IsStrict() != tt.strict || tt.b.String() != tt.str {
			t.Errorf("%v: raw %d value %d strict %v, want %d %d %v %q",
				tt.b, int32(tt.b), tt.b.Value(), tt.b.IsStrict(), tt.raw, tt.value, tt.strict, tt.str)
		}
	}
}

func TestBoundOrderIsTightness(t *testing.T) {
	// LT(c) < LE(c) < LT(c+1) for every c in a window, and infinity above all.
	for c := int32(-20); c < 20; c++ {
		if !(LT(c) < LE(c) && LE(c) < LT(c+1) && LE(c) < LTInfinity) {
			t.Errorf("order broken at %d", c)
		}
	}
}

func TestBoundAdd(t *testing.T) {
	tests := []struct{ a, b, want Bound }{
		{LE(2), LE(3), LE(5)},
		{LE(2), LT(3), LT(5)},
		{LT(2), LT(-3), LT(-1)},
		{LE(-4), LE(4), LEZero},
		{LT(7), LTInfinity, LTInfinity},
		{LTInfinity, LE(-7), LTInfinity},
		{LE(MaxConstant), LE(1), LTInfinity},                   // saturates up
		{LT(-MaxConstant), LT(-MaxConstant), minBound},         // saturates down
		{LE(MaxConstant - 1), LE(1), LE(MaxConstant)},          // still representable
		{LE(-MaxConstant), LE(-MaxConstant), minBound},         // below the range
		{LE(MaxConstant), LE(-MaxConstant), LEZero},            // no wrap-around
		{LT(MaxConstant), LT(MaxConstant), LTInfinity},         // no wrap-around
		{LT(-MaxConstant), LE(MaxConstant), LTZero},            // mixed signs
		{LE(1 << 20), LE(1 << 20), LE(1 << 21)},                // large but fine
		{LT(-(1 << 29)), LT(-(1 << 29) + 2), LT(-MaxConstant)}, // at the limit
	}
	for _, tt := range tests {
		if got := tt.a.Add(tt.b); got != tt.want {
			t.Errorf("%v + %v = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	// Exhaustive against the definition on a window.
	for x := int32(-6); x <= 6; x++ {
		for y := int32(-6); y <= 6; y++ {
			for _, sx := range []bool{false, true} {
				for _, sy := range []bool{false, true} {
					a, b := mk(x, sx), mk(y, sy)
					if got, want := a.Add(b), mk(x+y, sx || sy); got != want {
						t.Errorf("%v + %v = %v, want %v", a, b, got, want)
					}
				}
			}
		}
	}
}

func mk(c int32, strict bool) Bound {
	if strict {
		return LT(c)
	}
	return LE(c)
}

func TestBoundNegate(t *testing.T) {
	tests := []struct{ b, want Bound }{
		{LE(5), LT(-5)},
		{LT(5), LE(-5)},
		{LEZero, LTZero},
		{LTZero, LEZero},
		{LE(-3), LT(3)},
	}
	for _, tt := range tests {
		if got := tt.b.Negate(); got != tt.want {
			t.Errorf("%v.Negate() = %v, want %v", tt.b, got, tt.want)
		}
		if tt.b.Negate().Negate() != tt.b {
			t.Errorf("%v: Negate is not an involution", tt.b)
		}
	}
}

// zone builds a closed DBM from constraints, failing the test if empty.
func zone(t *testing.T, dim int, cs ...Constraint) *DBM {
	t.Helper()
	d := New(dim)
	d.Unconstrained()
	if !d.ConstrainAll(cs) {
		t.Fatalf("zone %v is empty", cs)
	}
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	return d
}

// expectZone compares the printed form of d.
func expectZone(t *testing.T, d *DBM, want string) {
	t.Helper()
	if err := d.Check(); err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != want {
		t.Errorf("got  %s\nwant %s\n%s", got, want, d.matrix())
	}
}

func TestNewAndUnconstrained(t *testing.T) {
	d := New(3)
	expectZone(t, d, "x1==0, x2==0")
	d.Unconstrained()
	expectZone(t, d, "true")
	one := New(1)
	expectZone(t, one, "true")
	one.Up()
	expectZone(t, one, "true")
}

func TestHandExamples(t *testing.T) {
	// x ≤ 5 and y − x < 3 imply y < 8.
	d := zone(t, 3, Constraint{1, 0, LE(5)}, Constraint{2, 1, LT(3)})
	expectZone(t, d, "x1<=5, x2<8, x1-x2>-3")
	if d.At(2, 0) != LT(8) {
		t.Errorf("closure missed y < 8: %v", d.At(2, 0))
	}
	// Delay from the origin keeps clocks equal; a reset breaks the tie.
	d = New(3)
	d.Up()
	expectZone(t, d, "x1-x2==0")
	d.Constrain(1, 0, LE(4))
	expectZone(t, d, "x1<=4, x2<=4, x1-x2==0")
	d.Reset(2, 1)
	expectZone(t, d, "x1<=4, x2==1")
	d.Up()
	expectZone(t, d, "x2>=1, -1<=x1-x2<=3")
	d.Down()
	expectZone(t, d, "-1<=x1-x2<=3")
	if d.Constrain(1, 2, LT(-1)) || !d.IsEmpty() {
		t.Errorf("x1 − x2 < −1 should empty the zone, got %v", d)
	}
	// Free and assignment.
	d = zone(t, 3, Constraint{1, 0, LE(2)}, Constraint{0, 2, LT(-3)})
	expectZone(t, d, "x1<=2, x2>3")
	d.Free(2)
	expectZone(t, d, "x1<=2")
	d.AssignClock(2, 1)
	expectZone(t, d, "x1<=2, x2<=2, x1-x2==0")
}

func TestFormatNames(t *testing.T) {
	d := zone(t, 3, Constraint{1, 0, LE(5)}, Constraint{0, 1, LT(-1)}, Constraint{2, 1, LE(0)})
	if got, want := d.Format([]string{"", "x", "y"}), "1<x<=5, y<=5, x-y>=0"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	d.SetEmpty()
	if got := d.Format(nil); got != "false" {
		t.Errorf("empty zone prints %q", got)
	}
}

func TestConstrainEmptyStaysEmpty(t *testing.T) {
	d := zone(t, 2, Constraint{1, 0, LT(2)})
	if d.Constrain(0, 1, LE(-2)) || !d.IsEmpty() {
		t.Fatalf("x < 2 and x ≥ 2 is not empty: %v", d)
	}
	if d.Constrain(1, 0, LE(10)) || d.ConstrainAll(nil) {
		t.Errorf("constraining an empty zone succeeded")
	}
	d.Up()
	d.Reset(1, 3)
	d.Free(1)
	if !d.IsEmpty() {
		t.Errorf("operations revived an empty zone")
	}
	if !d.Equal(func() *DBM { e := New(2); e.SetEmpty(); return e }()) || d.Hash() != func() uint64 { e := New(2); e.SetEmpty(); return e.Hash() }() {
		t.Errorf("empty zones differ in Equal or Hash")
	}
	if d.Constrain(1, 1, LTZero) {
		t.Errorf("x − x < 0 satisfiable")
	}
	z := New(2)
	if !z.Constrain(1, 1, LEZero) || z.Constrain(1, 1, LE(-1)) {
		t.Errorf("diagonal constraints mishandled")
	}
}

func TestFromRawSharesSlab(t *testing.T) {
	slab := make([]Bound, 2*9)
	a, b := FromRaw(3, slab[:9]), FromRaw(3, slab[9:])
	a.Unconstrained()
	b.Zero()
	a.Constrain(1, 0, LE(3))
	if slab[3] != LE(3) || !a.Includes(&b) || b.Includes(&a) {
		t.Errorf("slab views: %v, %v, %v", a.String(), b.String(), slab)
	}
	c := New(3)
	c.CopyFrom(&a)
	if !c.Equal(&a) || c.Hash() != a.Hash() {
		t.Errorf("CopyFrom: %v vs %v", c, &a)
	}
}

func TestAllocationFree(t *testing.T) {
	a, b := New(6), New(6)
	a.Unconstrained()
	l, u := []int32{0, 3, 4, NoBound, 2, 5}, []int32{0, 5, NoBound, 1, 2, 5}
	allocs := testing.AllocsPerRun(100, func() {
		b.Zero()
		b.Up()
		b.Constrain(1, 0, LE(7))
		b.Constrain(2, 3, LT(-1))
		b.ConstrainAll([]Constraint{{3, 0, LE(9)}, {0, 4, LT(-1)}})
		b.Reset(2, 0)
		b.Free(4)
		b.Down()
		b.ExtrapolateLU(l, u)
		_ = b.IsIncludedLU(a, l, u)
		_ = a.Includes(b)
		_ = a.Relation(b)
		_ = b.Hash()
		a.CopyFrom(b)
		_ = a.Intersect(b)
		_ = a.Close()
	})
	if allocs != 0 {
		t.Errorf("hot operations allocate: %v allocations per run", allocs)
	}
}

func TestPointExamples(t *testing.T) {
	tests := []struct {
		dim  int
		cs   []Constraint
		want []int64
		den  int64
	}{
		{2, []Constraint{{0, 1, LT(-2)}}, []int64{0, 5}, 2},                                 // x > 2 → 5/2
		{2, []Constraint{{0, 1, LE(-2)}}, []int64{0, 4}, 2},                                 // x ≥ 2 → 2
		{3, []Constraint{{0, 1, LT(0)}, {1, 2, LT(0)}, {2, 0, LT(1)}}, []int64{0, 1, 2}, 4}, // 0<x<y<1
		{3, []Constraint{{0, 1, LE(-1)}, {2, 1, LE(-3)}}, []int64{0, 12, 0}, 4},             // y ≤ x−3, x ≥ 1 → x = 3, y = 0
	}
	for _, tt := range tests {
		d := zone(t, tt.dim, tt.cs...)
		v := make([]int64, tt.dim)
		den, ok := d.Point(v)
		if !ok || den != tt.den || !equalInts(v, scale(tt.want, tt.den, den)) {
			t.Errorf("Point(%v) = %v/%d, want %v/%d", d, v, den, tt.want, tt.den)
		}
	}
	e := New(2)
	e.SetEmpty()
	if _, ok := e.Point(make([]int64, 2)); ok {
		t.Errorf("Point of the empty zone")
	}
}

func scale(v []int64, from, to int64) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = x * to / from
	}
	return out
}

func equalInts(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func TestExtrapolateExamples(t *testing.T) {
	// 5 ≤ x ≤ 7 with L = U = 3: x > 3 remains.
	d := zone(t, 2, Constraint{0, 1, LE(-5)}, Constraint{1, 0, LE(7)})
	d.ExtrapolateLU([]int32{0, 3}, []int32{0, 3})
	expectZone(t, d, "x1>3")
	// x ≤ 2 with no lower-bound guard (L = −∞): the upper bound goes.
	d = zone(t, 2, Constraint{1, 0, LE(2)})
	d.ExtrapolateLU([]int32{0, NoBound}, []int32{0, 5})
	expectZone(t, d, "true")
	// x ≥ 4 with no upper-bound guard (U = −∞): the lower bound goes.
	d = zone(t, 2, Constraint{0, 1, LE(-4)})
	d.ExtrapolateLU([]int32{0, 5}, []int32{0, NoBound})
	expectZone(t, d, "true")
	// Regression for a closure shortcut: with x1 ∈ [1,3], x2 ≤ 2, x1 − x2 ≤ 1,
	// L = (1, 2), U = (0, 2), x1's upper bound goes but comes back as 3 by the
	// round through x2, whose row keeps only its upper bound.
	d = zone(t, 3, Constraint{0, 1, LE(-1)}, Constraint{2, 0, LE(2)}, Constraint{1, 2, LE(1)})
	d.ExtrapolateLU([]int32{0, 1, 2}, []int32{0, 0, 2})
	expectZone(t, d, "0<x1<=3, x2<=2, x1-x2<=1")
	// Extra_M: x − y ≤ −5 with M = 2 becomes x − y < −2.
	d = zone(t, 3, Constraint{1, 2, LE(-5)}, Constraint{1, 0, LE(1)})
	d.ExtrapolateM([]int32{0, 2, 2})
	expectZone(t, d, "x1<=1, x2>2, x1-x2<-2")
}

func TestIsIncludedLUExamples(t *testing.T) {
	// Z: x = 5; Z': x = 6. With U(x) = 4 both are "above U", and with
	// L(x) = 4 the larger value simulates the smaller: Z ⊆ aLU(Z').
	z := zone(t, 2, Constraint{0, 1, LE(-5)}, Constraint{1, 0, LE(5)})
	zp := zone(t, 2, Constraint{0, 1, LE(-6)}, Constraint{1, 0, LE(6)})
	l, u := []int32{0, 4}, []int32{0, 4}
	if !z.IsIncludedLU(zp, l, u) {
		t.Errorf("x=5 should be included in aLU(x=6) with L=U=4")
	}
	// With U(x) = 5, simulating x=5 by the larger x=6 needs 5 > U: it fails.
	if z.IsIncludedLU(zp, l, []int32{0, 5}) {
		t.Errorf("x=5 should not be included in aLU(x=6) with U=5")
	}
	// Smaller values are simulated only above L: x=6 by x=5 needs 5 > L.
	if !zp.IsIncludedLU(z, []int32{0, 4}, u) || zp.IsIncludedLU(z, []int32{0, 5}, u) {
		t.Errorf("x=6 in aLU(x=5) should hold for L=4 and fail for L=5")
	}
}

func TestCheckReports(t *testing.T) {
	tests := []struct {
		name string
		edit func(d *DBM)
		want string
	}{
		{"diagonal", func(d *DBM) { d.Set(1, 1, LE(1)) }, "diagonal entry (1,1)"},
		{"negative clock", func(d *DBM) { d.Set(0, 2, LE(1)) }, "may be negative"},
		{"not closed", func(d *DBM) { d.Set(1, 0, LE(3)); d.Set(2, 1, LE(1)) }, "not closed"},
		{"overflow", func(d *DBM) { d.Set(1, 2, minBound) }, "overflow"},
		{"weak infinity", func(d *DBM) { d.Set(1, 0, LTInfinity|1) }, "overflow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := New(3)
			d.Unconstrained()
			tt.edit(d)
			err := d.Check()
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "<inf") {
				t.Errorf("Check() = %v, want %q and the matrix", err, tt.want)
			}
		})
	}
	d := New(3)
	d.SetEmpty()
	if err := d.Check(); err != nil {
		t.Errorf("empty marker rejected: %v", err)
	}
}

func TestRelationNames(t *testing.T) {
	for r, want := range map[Relation]string{Different: "different", Superset: "superset", Subset: "subset", Equal: "equal", 7: "Relation(7)"} {
		if r.String() != want {
			t.Errorf("%d prints %q, want %q", r, r.String(), want)
		}
	}
}

func TestOverflowSaturates(t *testing.T) {
	// x1 − x2 ≤ −Max and x2 − x3 ≤ −Max imply x1 − x3 ≤ −2·Max, which int32
	// cannot hold: the sum must saturate, not wrap to a positive bound.
	d := New(4)
	d.Unconstrained()
	d.Set(1, 2, LE(-MaxConstant))
	d.Set(2, 3, LE(-MaxConstant))
	if !d.Close() {
		t.Fatalf("a satisfiable chain was found empty")
	}
	if d.At(1, 3) != minBound || d.At(0, 3) != minBound {
		t.Errorf("x1 − x3 bound %v, lower bound of x3 %v: want the overflow marker", d.At(1, 3), d.At(0, 3))
	}
	if err := d.Check(); err == nil || !strings.Contains(err.Error(), "overflow") {
		t.Errorf("Check() = %v, want an overflow report", err)
	}
	// x3 − x1 ≤ Max contradicts x1 − x3 ≤ −2·Max: the saturated entry still
	// says so.
	if d.Constrain(3, 1, LE(MaxConstant)) {
		t.Errorf("contradiction at the range limit not detected")
	}
}
