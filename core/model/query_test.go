// Queries: state formulas compiled to proposition trees.

package model

import (
	"strings"
	"testing"

	"beeline/core/lang"
	"beeline/core/source"
)

const queryModel = `typedef int[0,2] id_t; int g = 1; clock x;
process P(const id_t i) { clock c; int v = i; state idle, cs; init idle; trans idle -> cs { assign v = 2; }; }
process Gate() { state free, busy; init free; }
system P, Gate;`

func compileQuery(t *testing.T, n *Network, text string) (*Formula, source.List) {
	t.Helper()
	seg := n.FS.AddText("query", text)
	var errs source.List
	q := lang.ParseQuery(seg.Text(), seg.Pos(0), &errs)
	if errs.HasErrors() {
		t.Fatalf("%s: parse errors %v", text, errs)
	}
	return n.CompileQuery(q, &errs), errs
}

func evalProp(p *Prop, e *Env) bool {
	switch p.Op {
	case PropTrue:
		return true
	case PropFalse:
		return false
	case PropAnd:
		for _, a := range p.Args {
			if !evalProp(a, e) {
				return false
			}
		}
		return true
	case PropOr:
		for _, a := range p.Args {
			if evalProp(a, e) {
				return true
			}
		}
		return false
	case PropNot:
		return !evalProp(p.Args[0], e)
	case PropAtom:
		return p.Atom(e) != 0
	}
	panic("clock or deadlock in a discrete test")
}

func TestQueries(t *testing.T) {
	n := mustLoad(t, queryModel)
	env := n.NewEnv()
	env.Locs, env.Vars = n.InitialState()
	for _, c := range []struct {
		q    string
		kind lang.QueryKind
		want bool // on the initial state
	}{
		{"E<> Gate.free", lang.QueryEF, true},
		{"E<> P(1).cs", lang.QueryEF, false},
		{"A[] forall (i : id_t) forall (j : id_t) P(i).cs && P(j).cs imply i == j", lang.QueryAG, true},
		{"E<> exists (i : id_t) P(i).v == 2", lang.QueryEF, true},
		{"E<> (sum (i : id_t) P(i).idle) == 3", lang.QueryEF, true},
		{"E<> sum (i : id_t) P(i).idle == 3", lang.QueryEF, false}, // sum binds loosest,
		{"E<> g == 1 && not Gate.busy", lang.QueryEF, true},
		{"E<> P(2).v > 1 or g > 5", lang.QueryEF, true},
		{"A<> Gate.busy", lang.QueryAF, false},
		{"E[] Gate.free", lang.QueryEG, true},
		{"Gate.free --> Gate.busy", lang.QueryLeadsTo, true},
	} {
		f, errs := compileQuery(t, n, c.q)
		if f == nil {
			t.Errorf("%s: %v", c.q, errs)
			continue
		}
		if f.Kind != c.kind {
			t.Errorf("%s: kind %v, want %v", c.q, f.Kind, c.kind)
		}
		if got := evalProp(f.Prop, env); got != c.want {
			t.Errorf("%s: %v on the initial state, want %v", c.q, got, c.want)
		}
	}
}

func TestQueryClocksAndDeadlock(t *testing.T) {
	n := mustLoad(t, queryModel)
	f, errs := compileQuery(t, n, "A[] not deadlock")
	if f == nil || f.Prop.Op != PropNot || f.Prop.Args[0].Op != PropDeadlock {
		t.Fatalf("not deadlock: %+v %v", f, errs)
	}
	f, _ = compileQuery(t, n, "E<> P(1).c > 3 && x - P(1).c <= 2")
	if f == nil || f.Prop.Op != PropAnd || len(f.Prop.Args) != 2 {
		t.Fatalf("clock query: %+v", f)
	}
	// P(1).c is clock 3 (after the reference clock, x and P(0).c).
	if c := f.Prop.Args[0].Clock; f.Prop.Args[0].Op != PropClock || c.I != 0 || c.J != 3 || !c.Strict || c.Bound != -3 {
		t.Errorf("P(1).c > 3: %+v", f.Prop.Args[0])
	}
	f, _ = compileQuery(t, n, "E<> (forall (i : id_t) P(i).c >= 1) || deadlock")
	if f == nil || f.Prop.Op != PropOr {
		t.Fatalf("expanded forall: %+v", f)
	}
	if a := f.Prop.Args[0]; a.Op != PropAnd || len(a.Args) != 3 {
		t.Errorf("forall over clocks not expanded: %+v", a)
	}
	f, _ = compileQuery(t, n, "E<> x != 3")
	if f == nil || f.Prop.Op != PropOr {
		t.Errorf("x != 3: %+v", f)
	}
}

func TestQueryErrors(t *testing.T) {
	n := mustLoad(t, queryModel)
	for _, c := range []struct{ q, want string }{
		{"E<> P.cs", "'P' names a template with several processes"},
		{"E<> Gate.open", "process 'Gate' has no location or variable 'open'"},
		{"E<> P(3).cs", "process P(3) does not exist"},
		{"E<> h > 0", `undeclared identifier "h"`},
		{"E<> g++ > 0", "side effects are not allowed in a query"},
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
}
