package reachtest

import (
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
)

// Cases are shared models with reachable and unreachable targets, chosen
// for their synchronisation (binary and broadcast channels, channel
// arrays, select), shared variables, clocks and small state spaces: the
// abstraction heuristics' tests run on them.
var Cases = []struct{ Model, Query string }{
	{"ticktac-fork/arbiter_tree.xml", "E<> Client_1.work and Client_2.work"},
	{"ticktac/fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) i != j imply not (P(i).cs and P(j).cs)"},
	{"uppaal-demos/2doors.xml", "E<> Door1.open"},
	{"uppaal-demos/2doors.xml", "A[] not (Door1.open and Door2.open)"},
	{"uppaal-demos/bridge.xml", "E<> Viking1.safe and Viking2.safe and Viking3.safe and Viking4.safe"},
	{"uppaal-demos/train-gate.xml", "E<> Train(0).Cross and Train(1).Stop"},
	{"xtabench/critical/critical-3-25-50.xta", "E<> ProdCell(1).error"},
	{"xtabench/fischer/fischer-4-32-64.xta", "A[] not (P(1).cs && P(2).cs)"},
	{"xtabench/csma/csma-4.xta", "E<> Station(1).retry && Station(2).transm"},
	{"rra-fmics21/Fischer/fischer-10N.xml", "E<> P(1).cs && P(2).cs"},
}

// Inline is a model written for a test, named for messages, and a
// query.
type Inline struct{ Name, Src, Query string }

// Problem reads c's model and query.
func (c Inline) Problem(t testing.TB) *Problem {
	t.Helper()
	return New(t, testmodel.Source(t, c.Name, c.Src), c.Query)
}

// Counters are two processes that exchange a token through a shared
// variable, whose values make the distances, with two queries: one
// reachable, one not. With synced, each hands the token back over a
// channel, so that the processes synchronise too.
func Counters(synced bool) []Inline {
	back, give, take := "", "", ""
	if synced {
		back, give, take = "chan c;\n", "sync c!; ", "sync c?; "
	}
	src := `
int[0,8] tok;
` + back + `process P {
    int[0,4] m;
    state A, B;
    init A;
    trans
        A -> B { guard tok % 2 == 0 && tok < 8; assign tok = tok + 1, m = (m + 1) % 5; },
        B -> A { ` + give + `};
}
process Q {
    state A, B;
    init A;
    trans
        A -> B { guard tok % 2 == 1; assign tok = tok + 1; },
        B -> A { ` + take + `};
}
system P, Q;`
	return []Inline{
		{Name: "counters.xta", Src: src, Query: "E<> tok == 7 && P.m == 4"},
		{Name: "counters.xta", Src: src, Query: "E<> tok == 7 && P.m == 2"},
	}
}

// ForEach runs f as a subtest on every case of Cases, the models read
// from dir (skipped when dir is missing), and on every inline model.
func ForEach(t *testing.T, dir string, inline []Inline, f func(t *testing.T, p *Problem)) {
	for _, c := range Cases {
		t.Run(filepath.Base(c.Model)+" "+c.Query, func(t *testing.T) {
			n := testmodel.File(t, testmodel.Shared(t, filepath.Join(dir, c.Model)))
			f(t, New(t, n, c.Query))
		})
	}
	for _, c := range inline {
		t.Run(c.Name+" "+c.Query, func(t *testing.T) {
			f(t, c.Problem(t))
		})
	}
}

// CheckRefusals checks that a table of p is refused for another query
// (process 0 at its location 0), with the message saying so, and when
// cut short at four lengths. load builds a fresh heuristic of p's
// network for the target and loads the bytes into it.
func (p *Problem) CheckRefusals(t *testing.T, table []byte, load func(target *heuristic.Target, b []byte) error) {
	t.Helper()
	other := &heuristic.Target{Conjuncts: []heuristic.Conjunct{{Locs: []heuristic.LocSet{{Proc: 0, Locs: []int32{0}}}}}}
	if err := load(other, table); err == nil || !strings.Contains(err.Error(), "another query") {
		t.Errorf("a table of another query: %v", err)
	}
	for _, cut := range []int{0, 1, len(table) / 2, len(table) - 1} {
		if err := load(p.Target, table[:cut]); err == nil {
			t.Errorf("a table cut to %d of %d bytes was accepted", cut, len(table))
		}
	}
}
