package ir

import (
	"math"
	"testing"
)

// Every operator reports a result past 32 bits, never wraps (issue 29).
func TestApplyOverflow(t *testing.T) {
	const lo, hi = math.MinInt32, math.MaxInt32
	for _, tc := range []struct {
		o    Op
		a, b int32
		v    int32
		msg  string
	}{
		{Add, hi, 1, 0, "integer overflow: 2147483647 + 1 does not fit in 32 bits"},
		{Add, hi, -1, hi - 1, ""},
		{Sub, lo, 1, 0, "integer overflow: -2147483648 - 1 does not fit in 32 bits"},
		{Sub, 0, lo, 0, "integer overflow: 0 - -2147483648 does not fit in 32 bits"},
		{Mul, 65536, 65536, 0, "integer overflow: 65536 * 65536 does not fit in 32 bits"},
		{Mul, lo, -1, 0, "integer overflow: -2147483648 * -1 does not fit in 32 bits"},
		{Mul, 65536, -32768, lo, ""},
		{Quo, lo, -1, 0, "integer overflow: -2147483648 / -1 does not fit in 32 bits"},
		{Quo, lo, 1, lo, ""},
		{Rem, lo, -1, 0, "integer overflow: -2147483648 % -1 does not fit in 32 bits"},
		{Rem, lo, 3, -2, ""},
		{Pow, 2, 31, 0, "integer overflow: 2 ** 31 does not fit in 32 bits"},
		{Pow, -2, 31, lo, ""},
		{Pow, 46341, 2, 0, "integer overflow: 46341 ** 2 does not fit in 32 bits"},
		{Pow, 3, 40, 0, "integer overflow: 3 ** 40 does not fit in 32 bits"},
		{Pow, -1, hi, -1, ""},
		{Pow, 0, hi, 0, ""},
		{Shl, 1, 31, 0, "integer overflow: 1 << 31 does not fit in 32 bits"},
		{Shl, -1, 31, lo, ""},
		{Shl, 1, 32, 0, "shift by 32: the count must be below 32"},
		{Shl, 1, -1, 0, "shift by a negative count"},
		{Shr, lo, 31, -1, ""},
		{Shr, 1, 32, 0, "shift by 32: the count must be below 32"},
	} {
		v, msg := Apply(tc.o, tc.a, tc.b)
		if v != tc.v || msg != tc.msg {
			t.Errorf("%d %v %d = %d %q, want %d %q", tc.a, tc.o, tc.b, v, msg, tc.v, tc.msg)
		}
	}
	for _, tc := range []struct {
		o   Op
		a   int32
		msg string
	}{
		{Neg, lo, "integer overflow: -(-2147483648) does not fit in 32 bits"},
		{Abs, lo, "integer overflow: abs(-2147483648) does not fit in 32 bits"},
		{Neg, hi, ""},
	} {
		if _, msg := ApplyUnary(tc.o, tc.a); msg != tc.msg {
			t.Errorf("%v %d: %q, want %q", tc.o, tc.a, msg, tc.msg)
		}
	}
}
