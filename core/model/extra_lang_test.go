// Constructs found in real models beyond the shared corpus.

package model

import "testing"

func TestPowerOperator(t *testing.T) {
	const d = "int x; int y = 3; const int ISIZE = 2 ** 5; int[0, ISIZE - 1] r;"
	expectValue(t, d, "x = 2 ** 10", "x", 1024)
	expectValue(t, d, "x = y ** 2", "x", 9)
	expectValue(t, d, "x = 2 ** y ** 2", "x", 512) // right associative
	expectValue(t, d, "x = 1 + 2 * 3 ** 2", "x", 19)
	expectValue(t, d, "x = y ** 0", "x", 1)
	expectValue(t, d, "x = ISIZE", "x", 32)
	expectValue(t, d, "r = 31", "r", 31)
	expectUpdateError(t, d, "x = 2 ** -1", "negative exponent in integer power")
	expectRuntimeError(t, d, "x = 2 ** (y - 4)", "negative exponent in integer power")
}

func TestCommaExpressionLists(t *testing.T) {
	const d = `int x; int a[5];
int rev() {
    int i, j, n = 0;
    for (i = 0, j = 4; i < j; i++, j--) {
        a[i] = j; a[j] = i; n++;
    }
    return n;
}
int count() {
    int k = 0;
    while (k++, k < 3) { }
    return k;
}`
	expectValue(t, d, "x = rev()", "x", 2)
	expectValue(t, d, "x = rev(), x = a[0] * 10 + a[4]", "x", 40)
	expectValue(t, d, "x = count()", "x", 3)
}

func TestInlineIfAsAssignmentTarget(t *testing.T) {
	const d = "int x; int y; int a[2]; bool b = true;"
	expectValue(t, d, "(b ? x : y) = 5", "x", 5)
	expectValue(t, d, "(b ? x : y) = 5", "y", 0)
	expectValue(t, d, "(!b ? x : y) = 5", "y", 5)
	expectValue(t, d, "x = 2, (x > 1 ? a[0] : a[1]) += 7", "a[0]", 7)
	expectValue(t, d, "(true ? x : y) = 3", "x", 3)
	expectUpdateError(t, d, "(b ? x : 1) = 5", "cannot assign to constant '1'")
}

func TestLocalConstantsFold(t *testing.T) {
	const d = `int x;
int f() {
    const int n = 3;
    const int m = n * 2;
    int a[m];
    int[0, n] k = n;
    for (i : int[0, m - 1]) a[i] = i;
    return a[m - 1] + k;
}
int g(int p) {
    const int q = p + 1;
    return q;
}`
	expectValue(t, d, "x = f()", "x", 8)
	expectValue(t, d, "x = g(4)", "x", 5)
	expectUpdateError(t, "int x; int f() { const int[0,2] n = 3; return n; }", "x = f()", "outside")
}

func TestBuiltinIntegerNames(t *testing.T) {
	const d = "int x; int8_t s = INT8_MIN; uint16_t u = UINT16_MAX; int32_t w;"
	expectValue(t, d, "x = s", "x", -128)
	expectValue(t, d, "x = INT16_MAX", "x", 32767)
	expectValue(t, d, "w = INT32_MAX", "w", 2147483647)
	expectValue(t, d, "u = 0", "u", 0)
	expectRuntimeError(t, d, "s = INT8_MAX + 1", "")
	// A model of its own may define the same names (UPPAAL 4.0 had none).
	expectValue(t, "const int INT8_MAX = 5; typedef int[0,3] int8_t; int x; int8_t y = 3;", "x = INT8_MAX + y", "x", 8)
}
