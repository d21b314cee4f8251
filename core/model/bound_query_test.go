// sup and inf queries: the condition and the list of clocks and integers.

package model

import (
	"strings"
	"testing"

	"beeline/core/lang"
	"beeline/core/source"
)

const boundModel = `typedef int[0,2] id_t; int g = 1; int a[3] = {4, 5, 6}; clock x; clock cs[3];
process P(const id_t i) { clock c; int v = i; state idle, busy; init idle; trans idle -> busy { assign v = 2; }; }
system P;`

func TestBoundQueryCompile(t *testing.T) {
	n := mustLoad(t, boundModel)
	env := n.NewEnv()
	env.Locs, env.Vars = n.InitialState()
	clockNamed := func(name string) int32 {
		for i, c := range n.Clocks {
			if c.Name == name {
				return int32(i)
			}
		}
		t.Fatalf("no clock %s in %v", name, n.Clocks)
		return -1
	}

	f, errs := compileQuery(t, n, "sup: x, P(1).c, g + 1, P(2).v, a[g]")
	if f == nil {
		t.Fatalf("sup: %v", errs)
	}
	if f.Kind != lang.QuerySup || f.Prop == nil || f.Prop.Op != PropTrue || len(f.Exprs) != 5 {
		t.Fatalf("sup: kind %v, condition %+v, %d expressions", f.Kind, f.Prop, len(f.Exprs))
	}
	for k, want := range []struct {
		text  string
		clock string // "" for an integer
		value int32  // an integer's value on the initial state
	}{
		{"x", "x", 0}, {"P(1).c", "P(1).c", 0}, {"g + 1", "", 2}, {"P(2).v", "", 2}, {"a[g]", "", 5},
	} {
		e := f.Exprs[k]
		if e.Text != want.text || !e.Pos.IsValid() {
			t.Errorf("expression %d: %q at %v, want %q", k, e.Text, e.Pos, want.text)
		}
		switch {
		case want.clock != "":
			if !e.Clock || e.IndexFn != nil || e.Index != clockNamed(want.clock) {
				t.Errorf("%s: clock %v, index %d, want clock %d", e.Text, e.Clock, e.Index, clockNamed(want.clock))
			}
		case e.Clock || e.Int == nil:
			t.Errorf("%s: not compiled as an integer: %+v", e.Text, e)
		default:
			if v := e.Int(env); v != want.value || env.Err != nil {
				t.Errorf("%s = %d (%v), want %d", e.Text, v, env.Err, want.value)
			}
		}
	}

	// The condition may have clock constraints; a clock array element
	// chosen by a variable is computed from the state.
	f, errs = compileQuery(t, n, "inf{P(0).busy && x > 2}: cs[g], cs[2]")
	if f == nil {
		t.Fatalf("inf: %v", errs)
	}
	if f.Kind != lang.QueryInf || f.Prop.Op != PropAnd || len(f.Prop.Args) != 2 || f.Prop.Args[1].Op != PropClock {
		t.Errorf("inf condition: %+v", f.Prop)
	}
	if e := f.Exprs[0]; !e.Clock || e.IndexFn == nil || e.IndexFn(env) != clockNamed("cs[1]") {
		t.Errorf("cs[g]: %+v, want the clock computed as cs[1]", e)
	}
	if e := f.Exprs[1]; !e.Clock || e.IndexFn != nil || e.Index != clockNamed("cs[2]") {
		t.Errorf("cs[2]: %+v", e)
	}
	if f.Text != "inf{P(0).busy && x > 2}: cs[g], cs[2]" {
		t.Errorf("text %q", f.Text)
	}
}

func TestBoundQueryErrors(t *testing.T) {
	n := mustLoad(t, boundModel)
	for _, c := range []struct{ q, want string }{
		{"sup: x > 3", "'x > 3' is a clock constraint: the list of a sup query takes clocks and integer expressions"},
		{"inf: g, x == P(0).c", "'x == P(0).c' is a clock constraint: the list of an inf query"},
		{"sup: x + 1", "'x + 1' is a clock expression: the list of a sup query takes a clock alone or an integer expression"},
		{"sup: x - P(1).c", "'x - P(1).c' is a clock expression"},
		{"sup: g++", "side effects are not allowed in a query"},
		{"sup: g = 2", "side effects are not allowed in a query"},
		{"sup{g++ > 0}: g", "side effects are not allowed in a query"},
		{"sup: h", `undeclared identifier "h"`},
		{"inf: a", "array 'a' used in an integer expression"},
		{"sup{deadlock + 1}: g", "'deadlock' may only be combined"},
		{"inf: g, deadlock", "'deadlock' is not a value: the list of an inf query takes clocks and integer expressions"},
		{"sup: P(1)", "process 'P(1)' used as a value"},
		{"sup: g, 1/0", "division by zero"},
	} {
		f, errs := compileQuery(t, n, c.q)
		if f != nil {
			t.Errorf("%s: compiled, want error %q", c.q, c.want)
			continue
		}
		if len(errs) == 0 || !strings.Contains(errs[0].Msg, c.want) || !errs[0].Pos.IsValid() {
			t.Errorf("%s: errors %v, want %q", c.q, errs, c.want)
		}
	}
	// A list the parser could not read compiles to nothing (the parser
	// reported the error).
	for _, text := range []string{"sup:", "sup{", "sup: g,", "inf{P(0).idle}: g, (h"} {
		seg := n.FS.AddText("query", text)
		var errs source.List
		q := lang.ParseQuery(seg.Text(), seg.Pos(0), &errs)
		if f := n.CompileQuery(q, &errs); f != nil || !errs.HasErrors() {
			t.Errorf("%q: compiled to %+v, errors %v", text, f, errs)
		}
	}
	// The error points at the expression in the list.
	_, errs := compileQuery(t, n, "sup{P(0).idle}: g,\n  x >= 1")
	if len(errs) != 1 {
		t.Fatalf("errors %v, want one", errs)
	}
	if p := n.FS.Position(errs[0].Pos); p.Line != 2 || p.Column != 3 {
		t.Errorf("error at %v, want line 2, column 3", p)
	}
}
