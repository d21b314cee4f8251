package lang

import (
	"fmt"
	"strings"
	"testing"
)

func TestDeclarationErrors(t *testing.T) {
	d := ParseDeclarations
	expectErrors(t, "int x = 1\nint y = 2;", d, "1:10: expected ';', found newline")
	expectErrors(t, "int x = 1 int y = 2;", d, "1:11: expected ';', found 'int'")
	expectErrors(t, "int x = ;", d, "1:9: expected expression, found ';'")
	expectErrors(t, "int[0,3 x;", d, "1:9: expected ']', found 'x'")
	expectErrors(t, "typedef int;", d, "1:12: expected identifier, found ';'")
	expectErrors(t, "void f() { x = 1 }", d, "1:18: expected ';', found '}'")
	expectErrors(t, "void f() { if x { } }", d, "1:15: expected '(', found 'x'")
	expectErrors(t, "void f(int x) return x;", d, "1:15: expected '{', found 'return'")
	expectErrors(t, "struct { int a } s;", d, "1:16: expected ';', found '}'")
	expectErrors(t, "system A B;", d, "1:10: expected ';', found 'B'")
	expectErrors(t, "chan priority a b;", d, "1:17: expected ';', found 'b'")
	expectErrors(t, "chan priority;", d, "1:14: expected a channel or 'default' after 'chan priority', found ';'") // issue 29
	expectErrors(t, "P(int x = T();", d, "1:9: expected ')', found '='")
	expectErrors(t, "}\nint x;", d, "1:1: expected declaration, found '}'")
	expectErrors(t, "int x = 1 +\n\n", d, "3:1: expected expression, found end of text")
	expectErrors(t, "const const int x;", d, "1:7: duplicate qualifier const")
	expectErrors(t, "int f(int &&x) { }", d, "1:11: expected '&', found '&&'")
	expectErrors(t, "int a[3] = {1, 2, };", d, "1:19: expected expression, found '}'")
	expectErrors(t, "while (x) {}", d, "1:1: expected declaration, found 'while'")
	expectErrors(t, "int é;", d, "1:5: illegal character U+00E9 'é'")
	expectErrors(t, "int a\xff;", d, "1:6: invalid byte 0xff in text")
	expectErrors(t, "int a; /* open", d, "1:8: comment not terminated")
	expectErrors(t, `const string s = "open;`, d, "1:18: string literal not terminated")
	// A comma list is UPPAAL's ExprList in for clauses and conditions, not
	// in an expression statement.
	expectErrors(t, "void f() { i = 0, j = 0; }", d, "1:17: expected ';', found ','")
}

func TestLabelErrors(t *testing.T) {
	expectErrors(t, "x <", ParseExpr, "1:4: expected expression, found end of text")
	expectErrors(t, "(a", ParseExpr, "1:3: expected ')', found end of text")
	expectErrors(t, "a[1", ParseExpr, "1:4: expected ']', found end of text")
	expectErrors(t, "a ? b", ParseExpr, "1:6: expected ':', found end of text")
	expectErrors(t, "forall (i int) x", ParseExpr, "1:11: expected ':', found 'int'")
	expectErrors(t, "sum (i : ) x", ParseExpr, "1:10: expected type, found ')'")
	expectErrors(t, "a.1", ParseExpr, "1:3: expected identifier, found '1'")
	expectErrors(t, "1 +* 2", ParseExpr, "1:4: expected expression, found '*'")
	expectErrors(t, "a b c", ParseExpr, "1:3: expected end of expression, found 'b'")
	expectErrors(t, "x > 1 -->", ParseExpr, "1:7: expected end of expression, found '-->'")
	expectErrors(t, "a", ParseSync, "1:1: synchronisation without '!' or '?' (CSP style) is not supported")
	expectErrors(t, "c[i][j]", ParseSync, "1:1: synchronisation without '!' or '?' (CSP style) is not supported")
	expectErrors(t, "a b", ParseSync, "1:3: expected '!' or '?', found 'b'")
	expectErrors(t, "a!b", ParseSync, "1:3: expected end of synchronisation, found 'b'")
	expectErrors(t, "a[1!", ParseSync, "1:4: expected ']', found '!'")
	expectErrors(t, "i", ParseSelect, "1:2: expected ':', found end of text")
	expectErrors(t, "i : int[0,3],", ParseSelect, "1:14: expected identifier, found end of text")
	expectErrors(t, "x = 1,", ParseUpdate, "1:7: expected expression, found end of text")
	expectErrors(t, "x = 1 y = 2", ParseUpdate, "1:7: expected end of update, found 'y'")
	expectErrors(t, "int", ParseParameters, "1:4: expected identifier, found end of text")
	expectErrors(t, "int x y", ParseParameters, "1:7: expected ',' or end of parameters, found 'y'")
	expectErrors(t, "&x", ParseParameters, "1:1: expected type, found '&'")
	expectErrors(t, "x > 5", ParseQuery, "1:1: expected 'E<>', 'E[]', 'A<>', 'A[]' or a leads-to formula (p --> q)")
	expectErrors(t, "E<>", ParseQuery, "1:4: expected expression, found end of text")
	expectErrors(t, "E<> x y", ParseQuery, "1:7: expected end of query, found 'y'")
	expectErrors(t, "A[] x -->", ParseQuery, "1:7: expected end of query, found '-->'")
}

func TestRecovery(t *testing.T) {
	// Every broken declaration is reported, in order, and the good ones
	// around them survive.
	src := "int a = ;\n" +
		"int b\n" +
		"bool c;\n" +
		"clock d = 3 +;\n" +
		"void f() { int g; g = ; h++; if (g { } return 1 }\n" +
		"int w;\n" +
		"typedef struct { int x } S;\n" +
		"S s;\n"
	decls, errs := parseText(src, ParseDeclarations)
	want := []string{
		"1:9: expected expression, found ';'",
		"2:6: expected ';', found newline",
		"4:14: expected expression, found ';'",
		"5:23: expected expression, found ';'", // the other errors on line 5 are dropped
		"7:24: expected ';', found '}'",
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(errs, "\n  "), strings.Join(want, "\n  "))
	}
	var names []string
	for _, d := range decls {
		switch d := d.(type) {
		case *VarDecl:
			names = append(names, d.Vars[0].Name.Name)
		case *FuncDecl:
			names = append(names, d.Name.Name+"()")
		case *TypeDecl:
			names = append(names, d.Names[0].Name.Name)
		default:
			names = append(names, fmt.Sprintf("%T", d))
		}
	}
	if got := strings.Join(names, " "); got != "a b c d f() w S s" {
		t.Errorf("declarations after recovery: %s", got)
	}
}

func TestStatementRecovery(t *testing.T) {
	src := "void f() {\n  x = ;\n  y++;\n  z = (1;\n  return w;\n}\nint after;"
	decls, errs := parseText(src, ParseDeclarations)
	want := "2:7: expected expression, found ';'\n4:9: expected ')', found ';'"
	if got := strings.Join(errs, "\n"); got != want {
		t.Errorf("errors:\n  %s\nwant:\n  %s", got, want)
	}
	if len(decls) != 2 {
		t.Fatalf("got %d declarations, want 2", len(decls))
	}
	if got := DeclString(decls[0]); got != "void f() { x = _; y++; z = (1); return w; }" {
		t.Errorf("body after recovery: %s", got)
	}
}

func TestErrorLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "int x%d = ;\n", i)
	}
	decls, errs := parseText(b.String(), ParseDeclarations)
	if len(errs) != maxErrors {
		t.Errorf("got %d errors, want %d", len(errs), maxErrors)
	}
	if !strings.HasPrefix(errs[maxErrors-1], "10:") {
		t.Errorf("last error %q, want one on line 10", errs[maxErrors-1])
	}
	if len(decls) < maxErrors-1 {
		t.Errorf("kept %d declarations before giving up, want at least %d", len(decls), maxErrors-1)
	}
}

func TestOneErrorPerLine(t *testing.T) {
	expectErrors(t, "int a = ; int b = ; int c = ;\nint d = ;", ParseDeclarations,
		"1:9: expected expression, found ';'",
		"2:9: expected expression, found ';'")
}

func TestDeepNesting(t *testing.T) {
	src := strings.Repeat("(", 100000) + "x" + strings.Repeat(")", 100000)
	e, errs := parseText(src, ParseExpr)
	if len(errs) != 1 || !strings.Contains(errs[0], "nested too deeply") {
		t.Errorf("errors = %v", errs)
	}
	if _, ok := e.(*BadExpr); !ok {
		t.Errorf("abandoned expression is %T, want *BadExpr", e)
	}
	q, _ := parseText("E<> "+strings.Repeat("?", 1000), ParseQuery)
	if q == nil || q.Prop == nil || q.Stop < q.KindPos {
		t.Errorf("abandoned query = %+v, want a query with a formula", q)
	}
	s, _ := parseText(strings.Repeat("-", 1000)+"c!", ParseSync)
	if s == nil || s.Chan == nil {
		t.Errorf("abandoned sync = %+v, want one with a channel", s)
	}
	src = "void f() " + strings.Repeat("{", 100000)
	_, errs = parseText(src, ParseDeclarations)
	if len(errs) != 1 || !strings.Contains(errs[0], "nested too deeply") {
		t.Errorf("errors = %v", errs)
	}
	// Moderate nesting is fine.
	expectParens(t, strings.Repeat("(", 100)+"x"+strings.Repeat(")", 100), "x")
}

// TestLongChains checks the bound on chains of operators (issue 14): a
// chain of maxHeight operators parses, one more is refused at that
// operator, in every form that builds one, and chains stacked inside one
// another are measured as a whole.
func TestLongChains(t *testing.T) {
	chain := func(first, op string, n int) string { return first + strings.Repeat(op, n) }
	for _, tc := range []struct {
		name  string
		first string
		op    string
		mark  string // where in op the error is
		parse func(string) []string
	}{
		{"sum", "1", " + 1", "+", func(s string) []string { _, e := parseText(s, ParseExpr); return e }},
		{"guard commas", "a", ", a", ",", func(s string) []string { _, e := parseText(s, ParseExpr); return e }},
		{"indices", "a", "[0]", "[", func(s string) []string { _, e := parseText(s, ParseUpdate); return e }},
		{"channel", "c", "[0]", "[", func(s string) []string { _, e := parseText(s+"!", ParseSync); return e }},
		{"query", "E<> a", " && a", "&", func(s string) []string { _, e := parseText(s, ParseQuery); return e }},
		{"else if", "void f() { if (a) b = 1;", " else if (a) b = 1;", "if", func(s string) []string { _, e := parseText(s+" }", ParseDeclarations); return e }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if errs := tc.parse(chain(tc.first, tc.op, maxHeight)); len(errs) != 0 {
				t.Errorf("%d operators: %v", maxHeight, errs)
			}
			src := chain(tc.first, tc.op, maxHeight+1)
			errs := tc.parse(src)
			at := fmt.Sprintf("1:%d: ", len(tc.first)+maxHeight*len(tc.op)+strings.Index(tc.op, tc.mark)+1)
			if len(errs) != 1 || !strings.HasPrefix(errs[0], at) || !strings.Contains(errs[0], "more than 10000") {
				t.Errorf("%d operators: errors %v, want one at %s", maxHeight+1, errs, at)
			}
		})
	}
	// Chains of 9000 and 120 operators, 200 deep in parentheses: no
	// chain is too long, but the tree is.
	src := strings.Repeat("(", 200) + chain("a", " + a", 9000) + strings.Repeat(chain("", " + a", 120)+")", 200)
	x, errs := parseText(src, ParseExpr)
	if _, bad := x.(*BadExpr); !bad || len(errs) != 1 || !strings.HasSuffix(errs[0], "expression too long: a chain of more than 10000 operators") {
		t.Errorf("stacked chains: %T, %v", x, errs)
	}
}
