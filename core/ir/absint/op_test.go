package absint

import (
	"math"
	"testing"

	"beeline/core/ir"
)

// The interval operators say a pair whose result leaves 32 bits may or
// must fail (issue 29), as Apply reports it for each pair.
func TestApplyIntervalOverflow(t *testing.T) {
	const lo, hi = math.MinInt32, math.MaxInt32
	for _, tc := range []struct {
		o    ir.Op
		x, y Interval
		want Fail
	}{
		{ir.Add, Interval{hi - 1, hi}, Point(1), MayFail},
		{ir.Add, Point(hi), Interval{1, 9}, MustFail},
		{ir.Mul, Interval{0, 1 << 20}, Interval{0, 1 << 20}, MayFail},
		{ir.Quo, Interval{lo, 0}, Interval{-3, -1}, MayFail},
		{ir.Rem, Interval{lo, 0}, Interval{-1, 5000}, MayFail},
		{ir.Shl, Interval{0, 1 << 20}, Interval{0, 1000}, MayFail},
		{ir.Shr, Interval{0, 1 << 20}, Interval{32, 1000}, MustFail},
		{ir.Pow, Interval{-1000, 1000}, Interval{0, 1000}, MayFail},
		{ir.Pow, Interval{-1000, -10}, Interval{20, 1000}, MustFail},
	} {
		if _, f := ApplyInterval(tc.o, tc.x, tc.y); f != tc.want {
			t.Errorf("%v %v %v: %v, want %v", tc.x, tc.o, tc.y, f, tc.want)
		}
	}
	if _, f := ApplyUnaryInterval(ir.Neg, Interval{lo, 0}); f != MayFail {
		t.Errorf("-[min,0]: %v, want may fail", f)
	}
}
