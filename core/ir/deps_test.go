// Tests of the dependency walker on hand-built resolved forms.

package ir

import (
	"fmt"
	"testing"
)

func v(off int32) *Ref { return &Ref{Space: Var, Off: off, Span: 1, Lo: 0, Hi: 9} }

func load(r *Ref) Expr { return &Load{Ref: r} }

func k(x int32) Expr { return &Const{V: x} }

// expectDeps compares the fields of d named in want, printed.
func expectDeps(t *testing.T, name string, d Deps, want map[string]string) {
	t.Helper()
	got := map[string]string{
		"read": fmt.Sprint(d.ReadVars), "write": fmt.Sprint(d.WriteVars),
		"clocks": fmt.Sprint(d.Clocks), "resets": fmt.Sprint(d.Resets),
		"sure": fmt.Sprint(d.SureResets), "chans": fmt.Sprint(d.Chans),
		"procs": fmt.Sprint(d.Procs), "calls": fmt.Sprint(len(d.Calls)),
	}
	for f, w := range want {
		if got[f] != w {
			t.Errorf("%s: %s = %s, want %s", name, f, got[f], w)
		}
	}
}

// TestDepsDynamic: an array read at an unknown index reads every slot it
// may reach, plus what the index reads.
func TestDepsDynamic(t *testing.T) {
	a := &Ref{Space: Var, Off: 3, Span: 4, Index: &Offset{X: load(v(0)), Lo: 0, Hi: 3, Stride: 1}}
	e := &Assign{Dst: v(1), X: &Binary{Op: Add, X: load(a), Y: &LocIs{Proc: 2}}}
	expectDeps(t, "x = a[i] + P.l", ExprDeps(e), map[string]string{
		"read": "[0 3 4 5 6]", "write": "[1]", "procs": "[2]",
	})
	cp := &Copy{Dst: &Ref{Space: Var, Off: 10, Span: 2}, Src: &Ref{Space: Var, Off: 20, Span: 2}, Ranges: [][2]int32{{0, 1}, {0, 1}}}
	expectDeps(t, "s = t", ExprDeps(cp), map[string]string{"read": "[20 21]", "write": "[10 11]"})
}

// TestDepsCall: a function's accesses through reference parameters count
// for the objects passed, and its straight-line clock resets are sure.
func TestDepsCall(t *testing.T) {
	x := &Ref{Space: Local, Off: 0, Param: true, Span: 1, Name: "x"}
	c := &Ref{Space: Clock, Off: 1, Param: true, Span: 1, Name: "c"}
	f := &Func{Name: "f", Params: []*Param{{Name: "x", Ref: true, Off: 0, Size: 1}, {Name: "c", Ref: true, Off: 1, Space: Clock, Size: 1}},
		Body: &Block{List: []Stmt{
			&Do{X: &ClockSet{Clock: c, X: k(0)}},
			&Do{X: &IncDec{Dst: x, Delta: 1}},
			&If{C: load(v(7)), Then: &Return{}},
			&Do{X: &ClockSet{Clock: &Ref{Space: Clock, Off: 5, Span: 1}, X: k(0)}},
		}}}
	call := &Call{Fn: f, Args: []*Arg{{Kind: ArgRef, Src: v(4)}, {Kind: ArgRef, Src: &Ref{Space: Clock, Off: 3, Span: 1}}}}
	expectDeps(t, "f(v4, c3)", UpdateDeps(&Update{List: []Expr{call}}), map[string]string{
		"read": "[4 7]", "write": "[4]", "resets": "[3 5]", "sure": "[3]", "calls": "1",
	})
	// Without a call binding them, the parameters' objects are unknown.
	expectDeps(t, "f alone", FuncDeps(f), map[string]string{"read": "[7]", "write": "[]", "resets": "[5]", "sure": "[]"})
}

// TestDepsSureBranches: a conditional surely resets what both branches
// reset; one that may return ends the straight-line start.
func TestDepsSureBranches(t *testing.T) {
	clk := func(off int32) Stmt { return &Do{X: &ClockSet{Clock: &Ref{Space: Clock, Off: off, Span: 1}, X: k(0)}} }
	both := &If{C: load(v(1)),
		Then: &Block{List: []Stmt{clk(1), clk(2)}},
		Else: &Block{List: []Stmt{clk(2), clk(3)}}}
	oneSided := &If{C: load(v(1)), Then: clk(4)}
	leaving := &If{C: load(v(2)), Then: &Block{List: []Stmt{clk(5), &Return{}}}, Else: clk(5)}
	f := &Func{Name: "f", Body: &Block{List: []Stmt{both, oneSided, clk(6), leaving, clk(7)}}}
	call := &Call{Fn: f}
	expectDeps(t, "f()", UpdateDeps(&Update{List: []Expr{call}}), map[string]string{
		"resets": "[1 2 3 4 5 6 7]", "sure": "[2 6]",
	})
}

// TestDepsGuard: clock constraints read their clocks and bounds.
func TestDepsGuard(t *testing.T) {
	g := &Guard{Cond: &Binary{Op: Eql, X: load(v(2)), Y: k(1)}, Clocks: []Constraint{
		{I: &Ref{Space: Clock, Off: 1, Span: 1}, Bound: load(v(8))},
		{J: &Ref{Space: Clock, Off: 2, Span: 1}, Bound: k(-3)},
	}}
	expectDeps(t, "guard", GuardDeps(g), map[string]string{"read": "[2 8]", "clocks": "[1 2]", "write": "[]"})
	ch := &Ref{Space: Chan, Off: 4, Span: 3, Index: &Offset{X: load(v(1)), Lo: 0, Hi: 2, Stride: 1}}
	expectDeps(t, "c[i]!", RefDeps(ch), map[string]string{"read": "[1]", "chans": "[4 5 6]"})
}

// Accesses to a large object cost one record each, not one per slot
// (issue 29: 3,000 uses of a 400k-slot array took minutes); overlapping
// and repeated ones list each slot once.
func TestDepsLargeObjects(t *testing.T) {
	const n = 400000
	big := &Ref{Space: Var, Off: 0, Span: n}
	g := &Func{Name: "g", Params: []*Param{{Size: n}}, Body: &Return{X: k(0)}}
	var sum Expr = k(0)
	for range 3000 {
		sum = &Binary{Op: Add, X: sum, Y: &Call{Fn: g, Args: []*Arg{{Kind: ArgCopy, Src: big}}}}
		sum = &Binary{Op: LAnd, X: sum, Y: &Equal{X: big, Y: &Ref{Space: Var, Off: n, Span: n}, N: n}}
	}
	d := ExprDeps(sum)
	if len(d.ReadVars) != 2*n || d.ReadVars[0] != 0 || d.ReadVars[2*n-1] != 2*n-1 {
		t.Errorf("read %d slots, want %d", len(d.ReadVars), 2*n)
	}
	cp := &Seq{List: []Expr{
		&Copy{Dst: &Ref{Space: Var, Off: 2, Span: 4}, Src: v(9), Ranges: make([][2]int32, 4)},
		&Copy{Dst: &Ref{Space: Var, Off: 4, Span: 3}, Src: v(9), Ranges: make([][2]int32, 3)},
	}}
	expectDeps(t, "overlapping copies", ExprDeps(cp), map[string]string{"write": "[2 3 4 5 6]"})
}

// A chain of calls without a loop (issue 29): f1 calls f2 four times, f2
// calls f3 four times, and so on; the walk visits each function once,
// not 4^59 times.
func TestDepsCallChain(t *testing.T) {
	next := &Func{Name: "f60", Body: &Return{X: k(1)}}
	for i := 59; i >= 1; i-- {
		var sum Expr = &Call{Fn: next}
		for range 3 {
			sum = &Binary{Op: Min, X: sum, Y: &Call{Fn: next}}
		}
		next = &Func{Name: fmt.Sprintf("f%d", i), Body: &Return{X: sum}}
	}
	if d := ExprDeps(&Call{Fn: next}); len(d.Calls) != 60 {
		t.Errorf("deps of the chain: %d functions, want 60", len(d.Calls))
	}
}
