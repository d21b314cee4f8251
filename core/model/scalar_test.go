// The typing rules of scalar sets: identity testing, assignment and
// indexing only.

package model

import (
	"strings"
	"testing"
)

const scalarDecls = "typedef scalar[3] S; typedef scalar[3] T; S a; S b; T c; int v[S]; int w[3]; int x; bool f;"

func TestScalarsAllowed(t *testing.T) {
	expectValue(t, scalarDecls, "a = b, x = (a == b)", "x", 1)
	expectValue(t, scalarDecls, "x = (a != b)", "x", 0)
	expectValue(t, scalarDecls, "v[a] = 2, x = v[b] + 1", "x", 3)
	expectValue(t, scalarDecls, "x = f ? 1 : 2, b = f ? a : b", "x", 2)
	expectValue(t, scalarDecls+" S q[2];", "q[1] = a, x = (q[1] == b)", "x", 1)
	expectValue(t, scalarDecls+" S id(S s) { return s; }", "x = (id(a) == b)", "x", 1)
	expectValue(t, scalarDecls+" int z(S s) { return v[s]; }", "v[b] = 5, x = z(a)", "x", 5)
	expectValue(t, scalarDecls+" S g(S s) { S r = s; return r; }", "a = g(b), x = (a == b)", "x", 1)
	expectValue(t, scalarDecls, "x = sum(i : S) v[i] + 1", "x", 3)
	expectValue(t, scalarDecls, "x = forall(i : S) v[i] == 0", "x", 1)
}

func TestScalarsRefused(t *testing.T) {
	for _, c := range []struct{ update, want string }{
		{"x = a + 1", "'a' is a scalar of S: a scalar may only be assigned, compared with == or != and used as an array index"},
		{"x = -a", "'a' is a scalar of S"},
		{"x = (a < b)", "'a' is a scalar of S"},
		{"x = !a", "'a' is a scalar of S"},
		{"x = a && f", "'a' is a scalar of S"},
		{"x = a", "'a' is a scalar of S, and 'x' is not a scalar: a scalar is no number"},
		{"a = 1", "'1' is not a scalar, and 'a' is a scalar of S: scalar values have no literals"},
		{"a = x", "'x' is not a scalar"},
		{"a += b", "'a' is a scalar of S"},
		{"x = (a == 0)", "cannot compare a scalar of S with '0', which is not one"},
		{"x = (0 != a)", "cannot compare a scalar of S with '0', which is not one"},
		{"x = (a == c)", "cannot compare values of different scalar sets (S and T)"},
		{"a = c", "cannot assign T to 'a' of scalar set S"},
		{"x = w[a]", "array 'w' is indexed by integers: 'a' is a scalar of S"},
		{"x = v[0]", "the index must be of that scalar set"},
		{"b = f ? a : 0", "the branches of ?: mix a scalar of S and '0', which is not one"},
		{"b = f ? a : c", "the branches of ?: are scalars of different sets (S and T)"},
		{"x = f ? a : b", "'f ? a : b' is a scalar of S"},
		{"x = abs(a)", "'a' is a scalar of S"},
		{"x = sum(i : S) i", "'i' is a scalar of S"},
	} {
		expectUpdateError(t, scalarDecls, c.update, c.want)
	}
}

func TestScalarsRefusedInDeclarations(t *testing.T) {
	expectUpdateError(t, scalarDecls+" S d = 0;", "", "'0' is not a scalar, and 'd' is a scalar of S")
	expectUpdateError(t, scalarDecls+" const S k = 1;", "", "'1' is not a scalar")
	expectUpdateError(t, scalarDecls+" int r[a];", "", "'a' is a scalar of S")
	expectUpdateError(t, scalarDecls+" int z(int i) { return i; }", "x = z(a)", "'a' is a scalar of S, and parameter 'i' is not a scalar")
	expectUpdateError(t, scalarDecls+" int z(S s) { return s; }", "", "'s' is a scalar of S, and the return type is not a scalar")
	expectUpdateError(t, scalarDecls+" S z(int i) { return i; }", "", "'i' is not a scalar, and the return type is a scalar of S")
	expectUpdateError(t, scalarDecls+" void z() { if (a) { x = 1; } }", "", "'a' is a scalar of S")
	expectUpdateError(t, scalarDecls+" void z() { S s = 2; }", "", "'2' is not a scalar, and 's' is a scalar of S")
	expectUpdateError(t, scalarDecls+" void z() { int i = a; }", "", "'a' is a scalar of S, and 'i' is not a scalar")
	expectUpdateError(t, scalarDecls+" void z(S s) { }", "z(1)", "'1' is not a scalar, and parameter 's' is a scalar of S")
}

func TestScalarProcessParameters(t *testing.T) {
	const tmpl = "typedef scalar[2] S; S id;\nprocess P(const S pid) {\nconst S me = pid; int k = 1;\nstate A, B;\ninit A;\ntrans A -> B { guard id == me; assign id = pid; };\n}\n"
	n := mustLoad(t, tmpl+"system P;\n")
	if len(n.Processes) != 2 {
		t.Fatalf("%d processes, want 2", len(n.Processes))
	}
	expectError(t, tmpl+"P0 = P(0);\nsystem P0;\n", "'0' is not a scalar, and parameter 'pid' is a scalar of S")
	expectError(t, "typedef scalar[2] S;\nprocess P(const S pid) {\nint k = pid;\nstate A;\ninit A;\n}\nsystem P;\n", "'pid' is a scalar of S, and 'k' is not a scalar")
	expectError(t, "typedef scalar[2] S;\nprocess P(const S pid) {\nclock y;\nstate A { y <= pid };\ninit A;\n}\nsystem P;\n", "'pid' is a scalar of S")
}

func TestScalarsInQueries(t *testing.T) {
	n := mustLoad(t, "typedef scalar[2] S; S id;\nprocess P(const S pid) {\nstate A, B;\ninit A;\ntrans A -> B { guard id == pid; };\n}\nsystem P;\n")
	expectQuery(t, n, "E<> exists (i : S) P(i).B && id == i")
	expectQuery(t, n, "A[] (sum (i : S) P(i).B) <= 1")
	expectQueryError(t, n, "E<> P(0).B", "'0' is not a scalar, and parameter 1 of P is a scalar of S")
	expectQueryError(t, n, "E<> id == 1", "cannot compare a scalar of S with '1'")
	expectQueryError(t, n, "E<> exists (i : S) P(i).B && i > 0", "'i' is a scalar of S")
}

// expectQuery checks that text compiles on n.
func expectQuery(t *testing.T, n *Network, text string) {
	t.Helper()
	if f, errs := compileQuery(t, n, text); f == nil || errs.HasErrors() {
		t.Errorf("%s: %v", text, n.FS.Err(errs))
	}
}

// expectQueryError checks that text fails to compile on n with an error
// containing want.
func expectQueryError(t *testing.T, n *Network, text, want string) {
	t.Helper()
	f, errs := compileQuery(t, n, text)
	if f != nil || !errs.HasErrors() {
		t.Fatalf("%s: compiled, want an error %q", text, want)
	}
	if msg := n.FS.Err(errs).Error(); !strings.Contains(msg, want) {
		t.Errorf("%s: %s, want %q", text, msg, want)
	}
}
