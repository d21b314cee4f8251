package lang

import (
	"fmt"
	"strings"
	"testing"

	"beeline/core/source"
)

// parseText runs parse on src as a text of its own and returns the errors
// as "line:col: msg".
func parseText[T any](src string, parse func(string, Pos, *source.List) T) (T, []string) {
	fs := source.NewFileSet()
	seg := fs.AddText("t", src)
	var errs source.List
	v := parse(src, seg.Pos(0), &errs)
	msgs := make([]string, len(errs))
	for i, d := range errs {
		p := fs.Position(d.Pos)
		msgs[i] = fmt.Sprintf("%d:%d: %s", p.Line, p.Column, d.Msg)
	}
	return v, msgs
}

// expectParens parses src as a guard and checks its fully parenthesised
// print.
func expectParens(t *testing.T, src, want string) {
	t.Helper()
	e, errs := parseText(src, ParseExpr)
	if len(errs) > 0 {
		t.Errorf("ParseExpr(%q): unexpected errors:\n%s", src, strings.Join(errs, "\n"))
		return
	}
	if got := FormatExpr(e, PrintParens); got != want {
		t.Errorf("ParseExpr(%q) = %s, want %s", src, got, want)
	}
	expectRoundTrip(t, e)
}

// expectRoundTrip checks that printing e and parsing the text back gives
// the same print.
func expectRoundTrip(t *testing.T, e Expr) {
	t.Helper()
	printed := ExprString(e)
	again, errs := parseText(printed, ParseExpr)
	if len(errs) > 0 {
		t.Errorf("reparsing %q: %s", printed, strings.Join(errs, "; "))
		return
	}
	if got := ExprString(again); got != printed {
		t.Errorf("round trip: %q prints as %q", printed, got)
	}
	if a, b := FormatExpr(e, PrintParens), FormatExpr(again, PrintParens); a != b {
		t.Errorf("round trip changed the tree: %s became %s", a, b)
	}
}

// expectErrors checks the errors of parsing src, as "line:col: msg".
func expectErrors[T any](t *testing.T, src string, parse func(string, Pos, *source.List) T, want ...string) {
	t.Helper()
	_, errs := parseText(src, parse)
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("parsing %q:\n got errors:\n  %s\n want:\n  %s", src, strings.Join(errs, "\n  "), strings.Join(want, "\n  "))
	}
}

// expectDecls parses src as declarations and checks their prints, one per
// line.
func expectDecls(t *testing.T, src string, want ...string) {
	t.Helper()
	decls, errs := parseText(src, ParseDeclarations)
	if len(errs) > 0 {
		t.Errorf("ParseDeclarations(%q): unexpected errors:\n  %s", src, strings.Join(errs, "\n  "))
	}
	got := make([]string, len(decls))
	for i, d := range decls {
		got[i] = DeclString(d)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ParseDeclarations(%q):\n got:\n  %s\n want:\n  %s", src, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestPrecedence(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a * b + c", "((a * b) + c)"},
		{"a - b - c", "((a - b) - c)"},
		{"a / b % c * d", "(((a / b) % c) * d)"},
		{"a << 1 + 2", "(a << (1 + 2))"},
		{"a << b >> c", "((a << b) >> c)"},
		{"a << b <? c", "((a << b) <? c)"},
		{"a <? b >? c", "((a <? b) >? c)"},
		{"a <? b < c", "((a <? b) < c)"},
		{"a < b == c >= d", "((a < b) == (c >= d))"},
		{"a == b != c", "((a == b) != c)"},
		{"a == b & c", "((a == b) & c)"},
		{"a & b ^ c | d", "(((a & b) ^ c) | d)"},
		{"a | b ^ c & d", "(a | (b ^ (c & d)))"},
		{"a | b && c", "((a | b) && c)"},
		{"a && b || c && d", "((a && b) || (c && d))"},
		{"a and b or c and d", "((a and b) or (c and d))"},
		{"a && b and c", "((a && b) and c)"},
		{"a imply b || c", "((a imply b) || c)"},
		{"a || b imply c", "((a || b) imply c)"},
		{"a && b imply c", "((a && b) imply c)"},
		{"a imply b imply c", "((a imply b) imply c)"},
		{"not a && b", "((not a) && b)"},
		{"!a == b", "((!a) == b)"},
		{"-a * b", "((-a) * b)"},
		{"- -a", "(-(-a))"},
		{"+a - -b", "((+a) - (-b))"},
		{"!!a", "(!(!a))"},
		{"a ? b : c ? d : e", "(a ? b : (c ? d : e))"},
		{"a ? b ? c : d : e", "(a ? (b ? c : d) : e)"},
		{"a || b ? c : d", "((a || b) ? c : d)"},
		{"a ? b : c = 5", "(a ? b : (c = 5))"},
		{"x = y = 1", "(x = (y = 1))"},
		{"x += a ? b : c", "(x += (a ? b : c))"},
		{"x := 0", "(x := 0)"},
		{"x -= 1", "(x -= 1)"},
		{"x *= 2", "(x *= 2)"},
		{"x /= 2", "(x /= 2)"},
		{"x %= 2", "(x %= 2)"},
		{"x &= 1", "(x &= 1)"},
		{"x |= 1", "(x |= 1)"},
		{"x ^= 1", "(x ^= 1)"},
		{"x <<= 1", "(x <<= 1)"},
		{"x >>= 1", "(x >>= 1)"},
		{"a + b = c", "((a + b) = c)"},
		{"forall (i : T) a && b", "(forall (i : T) (a && b))"},
		{"a && forall (i : T) b || c", "(a && (forall (i : T) (b || c)))"},
		{"exists (i : int[0,3]) a[i]", "(exists (i : int[0,3]) a[i])"},
		{"sum (i : T) x[i] <= 1", "(sum (i : T) (x[i] <= 1))"},
		{"(sum (i : T) x[i]) <= 1", "((sum (i : T) x[i]) <= 1)"},
		{"forall (i : T) forall (j : T) i != j imply a", "(forall (i : T) (forall (j : T) ((i != j) imply a)))"},
		{"sum(1, 2)", "sum(1, 2)"}, // a function named sum
		{"sum + 1", "(sum + 1)"},   // a variable named sum
		{"x++ + ++y", "(x++ + (++y))"},
		{"x-- - --y", "(x-- - (--y))"},
		{"x' == 2", "(x' == 2)"},
		{"P(1).x[2]", "P(1).x[2]"},
		{"a.b.c(1)(2)[3].d", "a.b.c(1)(2)[3].d"},
		{"f()", "f()"},
		{"-f(x)[1]", "(-f(x)[1])"},
		{"(a)", "a"},
		{"((a + b)) * c", "((a + b) * c)"},
		{"true && !false", "(true && (!false))"},
		{"-2147483648", "(-2147483648)"},
		{"x < 1.5", "(x < 1.5)"},
		{`s == "a"`, `(s == "a")`},
		{"init + state + select", "((init + state) + select)"}, // context keywords are names
		{"deadlock", "deadlock"},                               // a name outside queries
		{"x < 5, y > 3", "((x < 5) && (y > 3))"},               // UPPAAL 3.x conjunction
		{"x=<5", "(x <= 5)"},                                   // UPPAAL 3.x spelling
		{"a - b\n+ c /* note */ * d // end", "((a - b) + (c * d))"},
	} {
		expectParens(t, tt.src, tt.want)
	}
}

func TestEmptyLabels(t *testing.T) {
	for _, src := range []string{"", "  \n\t", "// only a comment", "/* c */"} {
		if e, errs := parseText(src, ParseExpr); e != nil || len(errs) > 0 {
			t.Errorf("ParseExpr(%q) = %v, %v; want nil, no error", src, e, errs)
		}
		if u, errs := parseText(src, ParseUpdate); u != nil || len(errs) > 0 {
			t.Errorf("ParseUpdate(%q) = %v, %v; want nil, no error", src, u, errs)
		}
		if s, errs := parseText(src, ParseSync); s != nil || len(errs) > 0 {
			t.Errorf("ParseSync(%q) = %v, %v; want nil, no error", src, s, errs)
		}
		if s, errs := parseText(src, ParseSelect); s != nil || len(errs) > 0 {
			t.Errorf("ParseSelect(%q) = %v, %v; want nil, no error", src, s, errs)
		}
		if q, errs := parseText(src, ParseQuery); q != nil || len(errs) > 0 {
			t.Errorf("ParseQuery(%q) = %v, %v; want nil, no error", src, q, errs)
		}
		if d, errs := parseText(src, ParseDeclarations); d != nil || len(errs) > 0 {
			t.Errorf("ParseDeclarations(%q) = %v, %v; want nil, no error", src, d, errs)
		}
		if p, errs := parseText(src, ParseParameters); p != nil || len(errs) > 0 {
			t.Errorf("ParseParameters(%q) = %v, %v; want nil, no error", src, p, errs)
		}
	}
}

func TestPrinterAddsParens(t *testing.T) {
	id := func(n string) *Ident { return &Ident{Name: n} }
	bin := func(x Expr, op Token, y Expr) Expr { return &BinaryExpr{X: x, Op: op, Y: y} }
	quant := &QuantExpr{Op: KwForall, Name: id("i"), Type: &TypeSpec{Kind: TNamed, Name: id("T")}, Body: id("p")}
	for _, tt := range []struct {
		e    Expr
		want string
	}{
		{bin(bin(id("a"), ADD, id("b")), MUL, id("c")), "(a + b) * c"},
		{bin(id("a"), SUB, bin(id("b"), SUB, id("c"))), "a - (b - c)"},
		{bin(id("a"), SUB, bin(id("b"), MUL, id("c"))), "a - b * c"},
		{bin(quant, LAND, id("q")), "(forall (i : T) p) && q"},
		{bin(id("q"), LAND, quant), "q && forall (i : T) p"},
		{bin(bin(id("q"), LAND, quant), LOR, id("r")), "q && (forall (i : T) p) || r"},
		{&UnaryExpr{Op: SUB, X: &UnaryExpr{Op: SUB, X: id("x")}}, "- -x"},
		{&UnaryExpr{Op: SUB, X: &UnaryExpr{Op: DEC, X: id("x")}}, "- --x"},
		{&UnaryExpr{Op: KwNot, X: bin(id("a"), LAND, id("b"))}, "not (a && b)"},
		{&IndexExpr{X: bin(id("a"), ADD, id("b")), Index: &IntLit{Lit: "1"}}, "(a + b)[1]"},
		{&AssignExpr{X: &AssignExpr{X: id("a"), Op: ASSIGN, Y: id("b")}, Op: ASSIGN, Y: id("c")}, "(a = b) = c"},
		{&CondExpr{Cond: &CondExpr{Cond: id("a"), X: id("b"), Y: id("c")}, X: id("d"), Y: id("e")}, "(a ? b : c) ? d : e"},
		{&InitList{Elems: []Expr{&IntLit{Lit: "1"}, &InitList{Elems: []Expr{id("x")}, Names: []*Ident{id("f")}}}, Names: []*Ident{nil, nil}}, "{1, {f: x}}"},
		{nil, ""},
	} {
		if got := ExprString(tt.e); got != tt.want {
			t.Errorf("ExprString = %q, want %q", got, tt.want)
		}
		if tt.e != nil {
			if _, ok := tt.e.(*InitList); !ok {
				expectRoundTrip(t, tt.e)
			}
		}
	}
}

func TestPositions(t *testing.T) {
	fs := source.NewFileSet()
	var src string
	var base Pos
	check := func(n Node, text string) {
		t.Helper()
		from, to := int(n.Pos()-base), int(n.End()-base)
		if from < 0 || to > len(src) || from > to || src[from:to] != text {
			t.Errorf("%T spans [%d,%d), want %q", n, from, to, text)
		}
	}
	src = "  a[i] + f(x, 2)'"
	base = fs.AddText("expr", src).Pos(0)
	var errs source.List
	b := ParseExpr(src, base, &errs).(*BinaryExpr)
	check(b, "a[i] + f(x, 2)'")
	check(b.X, "a[i]")
	check(b.Y, "f(x, 2)'")
	check(b.Y.(*PostfixExpr).X, "f(x, 2)")
	check(b.X.(*IndexExpr).Index, "i")

	src = "const int N = 3;\nvoid f(int &x[2]) { return; }\nsystem A < B;"
	base = fs.AddText("decls", src).Pos(0)
	decls := ParseDeclarations(src, base, &errs)
	check(decls[0], "const int N = 3;")
	check(decls[0].(*VarDecl).Type, "const int")
	check(decls[0].(*VarDecl).Vars[0], "N = 3")
	check(decls[1], "void f(int &x[2]) { return; }")
	check(decls[1].(*FuncDecl).Params[0], "int &x[2]")
	check(decls[1].(*FuncDecl).Body.List[0], "return;")
	check(decls[2], "system A < B;")

	src = "E<> P(1).cs // done"
	base = fs.AddText("query", src).Pos(0)
	check(ParseQuery(src, base, &errs), "E<> P(1).cs")
	src = " Pr[<=5](<> x) "
	base = fs.AddText("query", src).Pos(0)
	check(ParseQuery(src, base, &errs), "Pr[<=5](<> x)")
	src = "A[] x > 1 under Safe "
	base = fs.AddText("query", src).Pos(0)
	check(ParseQuery(src, base, &errs), "A[] x > 1 under Safe")
	src = "c[i + 1]!"
	base = fs.AddText("sync", src).Pos(0)
	check(ParseSync(src, base, &errs), "c[i + 1]!")
	if len(errs) > 0 {
		t.Errorf("unexpected errors: %v", errs)
	}
}

func TestIntLiterals(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want int64
	}{{"0", 0}, {"007", 7}, {"2147483647", 2147483647}, {"2147483648", 2147483648}} {
		e, errs := parseText(tt.src, ParseExpr)
		if len(errs) > 0 || e.(*IntLit).Value != tt.want {
			t.Errorf("ParseExpr(%q) = %#v, %v; want value %d", tt.src, e, errs, tt.want)
		}
	}
	expectErrors(t, "x < 2147483649", ParseExpr, "1:5: integer literal 2147483649 overflows int32")
	expectErrors(t, "99999999999999999999999", ParseExpr, "1:1: integer literal 99999999999999999999999 overflows int32")
}
