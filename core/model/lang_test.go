// One test per language construct: the value it computes or the error it
// reports.

package model

import "testing"

func TestOperators(t *testing.T) {
	const d = "int x; int y = 7; int z = -7; bool b;"
	for _, c := range []struct {
		update string
		want   int32
	}{
		{"x = 2 + 3 * 4", 14},
		{"x = (2 + 3) * 4", 20},
		{"x = 10 - 4 - 3", 3},
		{"x = y / 2", 3},
		{"x = z / 2", -3}, // toward zero
		{"x = z % 3", -1}, // C remainder: sign of the dividend
		{"x = y % -3", 1},
		{"x = 1 << 4", 16},
		{"x = 16 >> 2", 4},
		{"x = z >> 1", -4},
		{"x = 1 << 2 + 1", 8}, // + binds tighter than <<
		{"x = 8 <? 12", 8},
		{"x = 8 >? 12", 12},
		{"x = 3 <? 4 + 5", 3},
		{"x = 6 & 3", 2},
		{"x = 6 | 3", 7},
		{"x = 6 ^ 3", 5},
		{"x = 1 | 2 ^ 3 & 4", 3},
		{"x = -y", -7},
		{"x = +y", 7},
		{"x = !y", 0},
		{"x = not 0", 1},
		{"x = y > 3 && y < 10", 1},
		{"x = y > 3 and y > 10", 0},
		{"x = y < 3 || y == 7", 1},
		{"x = y < 3 or y == 8", 0},
		{"x = false imply false", 1},
		{"x = true imply false", 0},
		{"x = y == 7 ? 1 : 2", 1},
		{"x = y != 7 ? 1 : y > 0 ? 2 : 3", 2},
		{"x = 5 == true", 0}, // true is 1
		{"x = 1 == true", 1},
		{"x = y >= 7", 1},
		{"x = y <= 6", 0},
		{"x = 2 + 3 == 5", 1},
		{"x = (x = 4) + 2", 6},
	} {
		expectValue(t, d, c.update, "x", c.want)
	}
}

func TestAssignments(t *testing.T) {
	const d = "int x = 10; int y; int a[3];"
	for _, c := range []struct {
		update, name string
		want         int32
	}{
		{"x += 5", "x", 15},
		{"x -= 5", "x", 5},
		{"x *= 3", "x", 30},
		{"x /= 3", "x", 3},
		{"x %= 3", "x", 1},
		{"x &= 6", "x", 2},
		{"x |= 5", "x", 15},
		{"x ^= 3", "x", 9},
		{"x <<= 2", "x", 40},
		{"x >>= 2", "x", 2},
		{"x := 4", "x", 4},
		{"y = x++", "y", 10},
		{"y = x++", "x", 11},
		{"y = ++x", "y", 11},
		{"y = x--", "y", 10},
		{"y = --x", "y", 9},
		{"y = --x", "x", 9},
		{"x = y = 3", "x", 3},
		{"x = 1, y = 2 * x", "y", 2}, // updates run left to right
		{"a[1] = 5, a[2] = a[1] + 1", "a[2]", 6},
		{"y = 2, a[y] += 7", "a[2]", 7},
	} {
		expectValue(t, d, c.update, c.name, c.want)
	}
}

func TestBoolAndRanges(t *testing.T) {
	expectValue(t, "bool b;", "b = true", "b", 1)
	expectValue(t, "bool b = true;", "b = !b", "b", 0)
	expectValue(t, "int[2,5] r;", "", "r", 2) // default clamped into the range
	expectValue(t, "int[-5,-2] r;", "", "r", -2)
	expectValue(t, "int r = -32768;", "", "r", -32768)
	expectUpdateError(t, "int[0,3] r = 4;", "", "initial value 4 of 'r' is outside [0,3]")
	expectUpdateError(t, "const int N = 3;", "N = 4", "cannot assign to constant 'N'")
	err := expectRuntimeError(t, "int[0,3] r;", "r = 5", "assignment out of range: r = 5 is outside [0,3]")
	if !err.Pos.IsValid() {
		t.Errorf("runtime error without position")
	}
	expectRuntimeError(t, "bool b;", "b = 3", "b = 3 is outside [0,1]")
	expectRuntimeError(t, "int x;", "x = 40000", "outside [-32768,32767]")
	expectRuntimeError(t, "int[0,3] r = 3;", "r++", "r = 4 is outside [0,3]")
	expectRuntimeError(t, "int x; int y;", "x = 1 / y", "division by zero")
	expectRuntimeError(t, "int x; int y;", "x = 1 % y", "division by zero")
	expectRuntimeError(t, "int x; int y = -1;", "x = 1 << y", "shift by a negative count")
	expectUpdateError(t, "int x;", "x = 1 / 0", "division by zero")
	expectUpdateError(t, "int x;", "x = 1 << -1", "shift by a negative count")
}

func TestRuntimeErrorPosition(t *testing.T) {
	// Line 6 of the tiny model holds the edge; the '=' is at column 25.
	src := tiny("int[0,3] r;", "", "", "r = 5")
	n := mustLoad(t, src)
	env, _ := runUpdate(t, n)
	if env.Err == nil {
		t.Fatal("no runtime error")
	}
	got := n.FS.Position(env.Err.Pos).String()
	if got != "test.xta:6:25" {
		t.Errorf("position %s, want test.xta:6:25\n%s", got, src)
	}
}

func TestArrays(t *testing.T) {
	expectValue(t, "int a[3] = {1, 2, 3}; int x;", "x = a[0] + a[1] + a[2]", "x", 6)
	expectValue(t, "int a[2][3] = {{1, 2, 3}, {4, 5, 6}}; int x;", "x = a[1][2]", "x", 6)
	expectValue(t, "int a[2][3]; int i = 1;", "a[i][i + 1] = 9", "a[1][2]", 9)
	expectValue(t, "const int N = 4; int a[N * 2]; int x;", "x = 7, a[7] = x", "a[7]", 7)
	expectValue(t, "typedef int[1,3] id_t; int a[id_t]; int x;", "a[3] = 5, x = a[3]", "x", 5)
	expectValue(t, "typedef int[1,3] id_t; int a[id_t];", "a[1] = 2", "a[1]", 2)
	// A constant index outside the array fails when the edge fires, as
	// in UPPAAL (a template parameter may make it so for one process
	// whose guard keeps the edge from firing); in a declaration, at once.
	expectRuntimeError(t, "int a[3];", "a[3] = 1", "array index 3 out of range [0,2]")
	// A constant computed by declared functions when loading, as UPPAAL
	// does; one that reads the state is not a constant.
	expectValue(t, "int f(int x) { int s = 0; for (i : int[0,3]) s += x; return s + 1; } const int p = f(13); int a[p]; int x;", "x = p, a[p-1] = 2", "a[52]", 2)
	expectUpdateError(t, "int g = 1; int f(int x) { return x + g; } const int p = f(13);", "", "initialiser must be a constant expression")
	expectUpdateError(t, "int f(int x) { return 10 / x; } const int p = f(0);", "", "division by zero")
	expectUpdateError(t, "int f() { int s; for (i : int[0,100000]) for (j : int[0,100000]) s = i; return s; } const int p = f();", "", "did not end after")
	expectUpdateError(t, "int a[3]; int b = a[3];", "", "array index 3 out of range [0,2]")
	expectUpdateError(t, "const int k = 5; int a[3]; int b[a[k]];", "", "array index 5 out of range [0,2]")
	expectUpdateError(t, "int a[3] = {1, 2};", "", "has 2 elements, expected 3")
	expectUpdateError(t, "int n = 3; int a[n];", "", "an array size must be a constant expression")
	expectRuntimeError(t, "int a[3]; int i = 3;", "a[i] = 1", "array index 3 out of range [0,2]")
	expectRuntimeError(t, "int a[3]; int i = -1; int x;", "x = a[i]", "array index -1 out of range [0,2]")
	expectValue(t, "int a[3] = {1, 2, 3}; int b[3];", "b = a", "b[2]", 3)
	expectValue(t, "int a[3] = {1, 2, 3}; int b[3] = {1, 2, 3}; int x;", "x = a == b", "x", 1)
	expectValue(t, "int a[3] = {1, 2, 3}; int b[3] = {1, 0, 3}; int x;", "x = a != b", "x", 1)
}

func TestStructs(t *testing.T) {
	const d = "typedef struct { int a; bool b; int c[2]; } S; S s = { 2, true, {3, 4} }; S u; int x;"
	expectValue(t, d, "x = s.a + s.c[1]", "x", 6)
	expectValue(t, d, "u = s", "u.c[0]", 3)
	expectValue(t, d, "s.c[0] = 9", "s.c[0]", 9)
	expectValue(t, "struct { int a; int b; } s = { b: 5, a: 1 }; int x;", "x = s.b", "x", 5)
	expectValue(t, "const struct { int a; int b; } k[2] = {{1, 2}, {3, 4}}; int x;", "x = k[1].b", "x", 4)
	expectUpdateError(t, d, "x = s.d", "'s' has no field 'd'")
	expectUpdateError(t, "struct { int a; int b; } s = { 1 };", "", "misses field 'b'")
	expectUpdateError(t, d, "x = s", "struct 's' used in an integer expression")
}

func TestTypedefsAndScalars(t *testing.T) {
	expectValue(t, "typedef int[0,5] small; small s = 5;", "", "s", 5)
	expectValue(t, "typedef int time_t; const time_t k = 3; int x;", "x = k", "x", 3)
	expectValue(t, "typedef scalar[3] S; S a; S b; int v[S]; int x;", "v[a] = 4, x = v[b]", "x", 4)
	expectValue(t, "typedef scalar[3] S; S a; S b; int x;", "x = (a == b)", "x", 1)
	expectUpdateError(t, "typedef scalar[3] S; typedef scalar[3] T; S a; T b; int x;", "x = (a == b)", "cannot compare values of different scalar sets")
	expectUpdateError(t, "typedef scalar[3] S; int v[S]; int x;", "x = v[1]", "the index must be of that scalar set")
	expectUpdateError(t, "typedef int[0,3] r_t; r_t q; int v[q];", "", "an array size must be a constant expression")
}

func TestMeta(t *testing.T) {
	n := mustLoad(t, tiny("meta int m; int a; int b = 2;", "", "", "m = b, a = m + 1"))
	if len(n.Meta) != 0 || len(n.Vars) != 3 || !n.Vars[varIndex(t, n, "m")].Meta || n.Vars[varIndex(t, n, "a")].Meta {
		t.Fatalf("a meta variable has a state slot marked meta: vars %+v, meta %+v", n.Vars, n.Meta)
	}
	_, vars := runUpdate(t, n)
	if a, m := vars[varIndex(t, n, "a")], vars[varIndex(t, n, "m")]; a != 3 || m != 2 {
		t.Errorf("a = %d, m = %d", a, m)
	}
	if s := n.Summary(); s.Variables != 2 || s.Meta != 1 {
		t.Errorf("summary: %d variables, %d meta", s.Variables, s.Meta)
	}
}

func TestFunctions(t *testing.T) {
	const f = `int x; int a[3] = {1, 2, 3};
int add(int p, int q) { return p + q; }
int sum3(int v[3]) { int s = 0; for (i : int[0,2]) s += v[i]; return s; }
void inc(int &r) { r++; }
void zero(int &v[3]) { for (i : int[0,2]) v[i] = 0; }
void clobber(int v[3]) { v[0] = 100; }
int loops() { int i = 0; int s = 0; while (i < 5) { i++; if (i == 2) continue; if (i == 4) break; s += i; } return s; }
int dowhile() { int i = 0; do { i += 3; } while (i < 10); return i; }
int forloop() { int s = 0; int i; for (i = 0; i < 4; i++) s += i; return s; }
int early(int p) { if (p > 0) return 1; else return -1; }
int nested() { return add(add(1, 2), add(3, 4)); }
`
	for _, c := range []struct {
		update, name string
		want         int32
	}{
		{"x = add(2, 3)", "x", 5},
		{"x = sum3(a)", "x", 6},
		{"inc(x), inc(x)", "x", 2},
		{"inc(a[1])", "a[1]", 3},
		{"zero(a)", "a[2]", 0},
		{"clobber(a)", "a[0]", 1}, // arrays by value are copied
		{"x = loops()", "x", 4},   // 1 + 3
		{"x = dowhile()", "x", 12},
		{"x = forloop()", "x", 6},
		{"x = early(5) + early(-5)", "x", 0},
		{"x = nested()", "x", 10},
	} {
		expectValue(t, f, c.update, c.name, c.want)
	}
	expectUpdateError(t, "int f(int n) { return n > 0 ? f(n - 1) : 0; } int x;", "x = f(3)", "recursion is not supported")
	expectUpdateError(t, "int f(int n) { return n; } int x;", "x = f(1, 2)", "takes 1 arguments, got 2")
	expectUpdateError(t, "void f(int &r) { r = 1; } const int K = 1;", "f(K)", "cannot assign to constant 'K'")
	expectRuntimeError(t, "int f(int[0,3] p) { return p; } int x = 7;", "x = f(x)", "argument out of range: p = 7")
	expectRuntimeError(t, "int[0,3] f(int p) { return p; } int x = 7;", "x = f(x)", "return value out of range")
	expectRuntimeError(t, "int f() { while (true) { } return 0; } int x;", "x = f()", "loop did not end")
}

func TestReferenceStructParam(t *testing.T) {
	const d = `typedef struct { int a; int b; } S; S s; int x;
void set(S &m, int v) { m.a = v; m.b = v + 1; }
int get(const S &m) { return m.b; }`
	expectValue(t, d, "set(s, 4), x = get(s)", "x", 5)
}

func TestUserAbs(t *testing.T) {
	// UPPAAL 4 models define abs themselves: theirs is used.
	expectValue(t, "int abs(int v) { return v < 0 ? -v + 100 : v; } int x;", "x = abs(-1)", "x", 101)
	expectValue(t, "int x;", "x = abs(-4)", "x", 4)
}

func TestQuantifiers(t *testing.T) {
	const d = "int a[4] = {1, 2, 3, 4}; int x;"
	expectValue(t, d, "x = forall (i : int[0,3]) a[i] > 0", "x", 1)
	expectValue(t, d, "x = forall (i : int[0,3]) a[i] > 1", "x", 0)
	expectValue(t, d, "x = exists (i : int[0,3]) a[i] == 3", "x", 1)
	expectValue(t, d, "x = sum (i : int[0,3]) a[i]", "x", 10)
	expectValue(t, "const int S = sum (i : int[1,4]) i; int x;", "x = S", "x", 10)
	expectUpdateError(t, d, "x = forall (i : int[0,3]) a[i]++", "must not have side effects")
	expectUpdateError(t, d, "x = sum (i : int) i", "expected a bounded integer type")
}

func TestUndeclared(t *testing.T) {
	expectUpdateError(t, "int x;", "x = foo", `undeclared identifier "foo"`)
	expectUpdateError(t, "int x;", "y = 1", `undeclared identifier "y"`)
}

func TestRefusals(t *testing.T) {
	expectUpdateError(t, "double d;", "", "type double is not supported")
	expectUpdateError(t, "hybrid clock h;", "", "hybrid clocks are not supported")
	expectUpdateError(t, "int x;", "x = 1.5", "fractional constants are not supported")
	expectError(t, "clock x;\nprocess P() { state A { x' == 0 }; init A; }\nsystem P;", "stopwatches (clock rates) are not supported")
	expectError(t, "before_update { }\nprocess P() { state A; init A; }\nsystem P;", "before_update block is not supported")
	// utap's CSP-style synchronisation and the IO declarations that go with it.
	csp := "chan a;\nprocess P() { state A; init A; trans A -> A { sync a; }; }\nsystem P;\nIO P { a }\n"
	expectError(t, csp, ":2:52: template P, synchronisation of edge A -> A: synchronisation without '!' or '?' (CSP style) is not supported")
	expectError(t, csp, ":4:1: system declarations: IO declaration is not supported")
	n, fs, diags := loadText(t, "progress { }\nprocess P() { state A; init A; }\nsystem P;")
	_ = fs
	if diags.HasErrors() || n == nil {
		t.Errorf("progress section should only warn: %v", diags)
	} else if len(diags) != 1 || diags[0].Msg != "progress measure ignored" {
		t.Errorf("diagnostics %v", diags)
	}
}
