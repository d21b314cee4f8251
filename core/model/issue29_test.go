// Regressions of issue 29 at load time: 32-bit overflow in constants (at
// run time see evalCases), a second channel priority declaration.

package model

import "testing"

func TestOverflowConstants(t *testing.T) {
	for _, tc := range []struct{ decl, want string }{
		{"const int C = 65536 * 65536;", "test.xta:1:15: global declarations: integer overflow: 65536 * 65536 does not fit in 32 bits"},
		{"const int C = 2147483647 + 1;", "test.xta:1:15: global declarations: integer overflow: 2147483647 + 1 does not fit in 32 bits"},
		{"const int C = -2147483647 - 2;", "test.xta:1:15: global declarations: integer overflow: -2147483647 - 2 does not fit in 32 bits"},
		{"const int C = (-2147483647 - 1) / -1;", "test.xta:1:15: global declarations: integer overflow: -2147483648 / -1 does not fit in 32 bits"},
		{"const int C = (-2147483647 - 1) % -1;", "test.xta:1:15: global declarations: integer overflow: -2147483648 % -1 does not fit in 32 bits"},
		{"const int C = -(-2147483647 - 1);", "test.xta:1:15: global declarations: integer overflow: -(-2147483648) does not fit in 32 bits"},
		{"const int C = abs(-2147483647 - 1);", "test.xta:1:15: global declarations: integer overflow: abs(-2147483648) does not fit in 32 bits"},
		{"const int C = 1 << 31;", "test.xta:1:15: global declarations: integer overflow: 1 << 31 does not fit in 32 bits"},
		{"const int C = 1 << 32;", "test.xta:1:15: global declarations: shift by 32: the count must be below 32"},
		{"const int C = 1 >> 40;", "test.xta:1:15: global declarations: shift by 40: the count must be below 32"},
		{"const int C = 3 ** 21;", "test.xta:1:15: global declarations: integer overflow: 3 ** 21 does not fit in 32 bits"},
		{"int[-2147483648,2147483647] f() { return 65536; }\nconst int C = f() * f();", "test.xta:2:15: global declarations: integer overflow: 65536 * 65536 does not fit in 32 bits"},
		{"int x[65536 * 65536];", "test.xta:1:7: global declarations: integer overflow: 65536 * 65536 does not fit in 32 bits"},
	} {
		t.Run(tc.decl, func(t *testing.T) { expectError(t, tiny(tc.decl, "", "", ""), tc.want) })
	}
	// What fits still folds.
	expectValue(t, "const int C = -2147483647 - 1; int[-2147483648,0] v;", "v = C / 2 + (1 << 30) / 2 * 2", "v", -(1<<30)+(1<<30))
}

// A system has one channel priority declaration (issue 29): a second is
// refused at its position, naming where the first is.
func TestSecondChanPriority(t *testing.T) {
	src := tiny("chan a, b;\nchan priority a < b;\nchan priority b < a;", "", "", "")
	expectError(t, src, "test.xta:3:1: global declarations: a second channel priority declaration: a system has one, and the first is at line 2, column 1")
}
