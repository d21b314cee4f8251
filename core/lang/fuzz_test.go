package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/source"
)

// modelSeeds returns the texts of the given kinds from the shared models,
// or nothing when they are absent.
func modelSeeds(f *testing.F, kinds ...string) []string {
	dir := os.Getenv("BEELINE_MODELS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "models")
	}
	want := map[string]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var seeds []string
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || filepath.Ext(path) != ".xml" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		texts, _ := xmlTexts(strings.NewReader(string(src)))
		for _, mt := range texts {
			if want[mt.kind] {
				seeds = append(seeds, mt.text)
			}
		}
		return nil
	})
	return seeds
}

// parseFuzz parses text at a fixed base and returns the error count.
func parseFuzz[T any](text string, parse func(string, Pos, *source.List) T) (T, int) {
	var errs source.List
	v := parse(text, 1, &errs)
	return v, len(errs)
}

// checkExprSpan checks that e and its operands lie within [lo, hi] with
// Pos <= End.
func checkExprSpan(t *testing.T, e Expr, lo, hi Pos) {
	if e == nil {
		return
	}
	if e.Pos() < lo || e.End() > hi || e.Pos() > e.End() {
		t.Fatalf("%T %q spans [%d,%d), outside [%d,%d]", e, ExprString(e), e.Pos(), e.End(), lo, hi)
	}
	switch e := e.(type) {
	case *ParenExpr:
		checkExprSpan(t, e.X, lo, hi)
	case *IndexExpr:
		checkExprSpan(t, e.X, lo, hi)
		checkExprSpan(t, e.Index, lo, hi)
	case *SelectorExpr:
		checkExprSpan(t, e.X, lo, hi)
	case *CallExpr:
		checkExprSpan(t, e.Fun, lo, hi)
		for _, a := range e.Args {
			checkExprSpan(t, a, lo, hi)
		}
	case *UnaryExpr:
		checkExprSpan(t, e.X, lo, hi)
	case *PostfixExpr:
		checkExprSpan(t, e.X, lo, hi)
	case *BinaryExpr:
		checkExprSpan(t, e.X, lo, hi)
		checkExprSpan(t, e.Y, lo, hi)
	case *AssignExpr:
		checkExprSpan(t, e.X, lo, hi)
		checkExprSpan(t, e.Y, lo, hi)
	case *CondExpr:
		checkExprSpan(t, e.Cond, lo, hi)
		checkExprSpan(t, e.X, lo, hi)
		checkExprSpan(t, e.Y, lo, hi)
	case *QuantExpr:
		checkExprSpan(t, e.Body, lo, hi)
	}
}

// checkRoundTrip checks that a cleanly parsed expression prints to text
// that parses cleanly to the same print and the same tree shape.
func checkRoundTrip(t *testing.T, e Expr) {
	printed := ExprString(e)
	again, n := parseFuzz(printed, ParseExpr)
	if n > 0 {
		t.Fatalf("printed %q does not parse", printed)
	}
	if got := ExprString(again); got != printed {
		t.Fatalf("print not stable: %q then %q", printed, got)
	}
	if a, b := FormatExpr(e, PrintParens), FormatExpr(again, PrintParens); a != b {
		t.Fatalf("tree changed through printing: %s became %s", a, b)
	}
}

func FuzzParseExpr(f *testing.F) {
	for _, s := range []string{
		"a + b * c", "x < 5, y > 3", "forall (i : id_t) a[i] && b || c", "a ? b : c = 5",
		"- -x", "f(1,2).x[3]++", "x := y = 2", "sum(i:T) x[i] <= 1", "not a && b",
		"x' == 0", "(x)", "a <? b >? c << 2", "-2147483648", "1.5e3", `"s"`, "{", "x =< 1",
	} {
		f.Add(s)
	}
	for _, s := range modelSeeds(f, "guard", "invariant", "assignment") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e, n := parseFuzz(text, ParseExpr)
		checkExprSpan(t, e, 1, Pos(1+len(text)))
		if n == 0 && e != nil {
			checkRoundTrip(t, e)
		}
		ParseUpdate(text, 1, nil)
		ParseSync(text, 1, nil)
		ParseSelect(text, 1, nil)
		ParseParameters(text, 1, nil)
	})
}

func FuzzParseDeclarations(f *testing.F) {
	for _, s := range []string{
		"const int N = 5; typedef int[0,N-1] id_t; int a[N][id_t] = {{1,2},{3}};",
		"chan priority a, b[0] < default < c;",
		"void f(int &x, const id_t i) { int j; for (j = 0; j < 3; j++) { x += j; } for (k : id_t) if (k) break; else continue; do x--; while (x > 0); return; }",
		"progress { x; } gantt { a: b -> 1; } import \"l\" { int f(); }; dynamic T(int x);",
		"P1 = T(1, 2); Q(int &x) = P(x); K := T(); system P1, Q < K;",
		"struct { int a; bool b[2]; } s = { a: 1, b: {true, false} }; hybrid clock h;",
		"int x = ;\nint y\nvoid f() { if (x { }",
	} {
		f.Add(s)
	}
	for _, s := range modelSeeds(f, "declaration", "system") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		decls, n := parseFuzz(text, ParseDeclarations)
		for _, d := range decls {
			if d.Pos() < 1 || d.End() > Pos(1+len(text)) || d.Pos() > d.End() {
				t.Fatalf("%T spans [%d,%d) outside the text", d, d.Pos(), d.End())
			}
		}
		if n > 0 {
			return
		}
		// A clean parse prints to declarations that parse to the same print.
		var b strings.Builder
		for _, d := range decls {
			if _, ok := d.(*UnsupportedDecl); ok {
				return
			}
			b.WriteString(DeclString(d) + "\n")
		}
		again, n := parseFuzz(b.String(), ParseDeclarations)
		if n > 0 {
			t.Fatalf("printed declarations do not parse:\n%s", b.String())
		}
		var b2 strings.Builder
		for _, d := range again {
			b2.WriteString(DeclString(d) + "\n")
		}
		if b.String() != b2.String() {
			t.Fatalf("declaration print not stable:\n%s\nthen\n%s", b.String(), b2.String())
		}
	})
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		"E<> P(1).cs", "A[] not deadlock", "E <> x", "p --> q", "A[ p U q ]", "E[<=10;5](max: x)",
		"Pr[# <= 20]([] x) >= 0.98", "sup{x}: y", "A[] x under S", "//c", "E<> control: A[] x",
		"inf: a, b[i] + 1", "sup{P.l && x < 3}: x, n = 1", "sup --> inf",
	} {
		f.Add(s)
	}
	for _, s := range modelSeeds(f, "formula") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		q, n := parseFuzz(text, ParseQuery)
		if q == nil {
			return
		}
		if q.Pos() < 1 || q.End() > Pos(1+len(text)) || q.Pos() > q.End() {
			t.Fatalf("query spans [%d,%d) outside the text", q.Pos(), q.End())
		}
		checkExprSpan(t, q.Prop, 1, Pos(1+len(text)))
		checkExprSpan(t, q.Right, 1, Pos(1+len(text)))
		for _, e := range q.List {
			checkExprSpan(t, e, 1, Pos(1+len(text)))
		}
		if n > 0 || q.Kind == QueryUnsupported {
			return
		}
		printed := QueryString(q)
		again, n := parseFuzz(printed, ParseQuery)
		if n > 0 || again == nil || QueryString(again) != printed || again.Kind != q.Kind {
			t.Fatalf("query %q prints as %q, which does not read back", text, printed)
		}
	})
}
