package lang

import "testing"

// Syntax found in real models beyond the shared corpus: UPPAAL 5's power
// operator, expression lists in for loops and statements, and UPPAAL 3.x
// constants.

func TestPowerOperator(t *testing.T) {
	expectParens(t, "a ** b", "(a ** b)")
	expectParens(t, "a + b ** c", "(a + (b ** c))")
	expectParens(t, "a * b ** c", "(a * (b ** c))")
	expectParens(t, "a ** b ** c", "(a ** (b ** c))") // right associative
	expectParens(t, "-a ** b", "((-a) ** b)")
	expectParens(t, "(a ** b) ** c", "((a ** b) ** c)")
	expectDecls(t, "const int ISIZE = IBASE ** IPOWER;", "const int ISIZE = IBASE ** IPOWER;")
	e, _ := parseText("(a ** b) ** c", ParseExpr)
	if got := ExprString(e); got != "(a ** b) ** c" {
		t.Errorf("print = %q, want the parentheses kept", got)
	}
}

func TestCommaExpressions(t *testing.T) {
	expectDecls(t, "void f() { for (i = 0, j = 5; i < j; i++, j--) { } }",
		"void f() { for (i = 0, j = 5; i < j; i++, j--) { } }")
	expectDecls(t, "void f() { while (i++, i < 3) { } }", "void f() { while (i++, i < 3) { } }")
	expectDecls(t, "void f() { if (a = 1, b) { } }", "void f() { if (a = 1, b) { } }")
	expectErrors(t, "void f() { for (i = 0, ; ; ) { } }", ParseDeclarations, "1:24: expected expression, found ';'")
	// An expression statement is a single expression, as in UPPAAL.
	expectErrors(t, "void f() { a = 1, b = 2; }", ParseDeclarations, "1:17: expected ';', found ','")
}

func TestOldConstants(t *testing.T) {
	expectDecls(t, "const N = 5;", "const int N = 5;")
	expectDecls(t, "const N := 5, M[2] = {1, 2};", "const int N = 5, M[2] = {1, 2};")
	expectDecls(t, "const N 5, M -1;", "const int N = 5, M = -1;")
	expectDecls(t, "const T x = 1;", "const T x = 1;") // a typedef name still works
}
