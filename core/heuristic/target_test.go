package heuristic_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
)

// procs is a small network: two processes of a template with locations
// idle, wait, cs, a bounded counter n and a clock x.
const procs = `
typedef int[1,2] id_t;
int[0,3] n;
clock x;
process P(const id_t pid) {
state idle, wait, cs;
init idle;
trans idle -> wait { guard n < 3; assign n := n + 1; },
      wait -> cs { guard x > 2; },
      cs -> idle { assign n := 0; };
}
system P;
`

// describe prints a target as "P(1)∈{cs} P(2)∈{cs} [1 conds] | ...",
// conjuncts sorted.
func describe(n *model.Network, t *heuristic.Target) string {
	var cs []string
	for _, c := range t.Conjuncts {
		var parts []string
		for _, l := range c.Locs {
			var names []string
			for _, x := range l.Locs {
				names = append(names, n.Processes[l.Proc].Locations[x].Name)
			}
			parts = append(parts, fmt.Sprintf("%s∈{%s}", n.Processes[l.Proc].Name, strings.Join(names, ",")))
		}
		slices.Sort(parts)
		if len(c.Conds) > 0 {
			parts = append(parts, fmt.Sprintf("[%d conds]", len(c.Conds)))
		}
		cs = append(cs, strings.Join(parts, " "))
	}
	slices.Sort(cs)
	return strings.Join(cs, " | ")
}

func TestTargetOf(t *testing.T) {
	n := testmodel.Source(t, "procs.xta", procs)
	for _, tc := range []struct{ query, want string }{
		{"A[] not (P(1).cs && P(2).cs)", "P(1)∈{cs} P(2)∈{cs}"},
		{"E<> P(1).cs || P(2).wait", "P(1)∈{cs} | P(2)∈{wait}"},
		{"E<> not P(1).cs", "P(1)∈{idle,wait}"},
		{"A[] forall (i : id_t) forall (j : id_t) i != j imply not (P(i).cs && P(j).cs)", "P(1)∈{cs} P(2)∈{cs} | P(1)∈{cs} P(2)∈{cs}"},
		{"E<> P(1).cs && n == 2 && x > 3", "P(1)∈{cs} [1 conds]"},
		{"E<> P(1).cs && (P(1).idle || n == 1)", "P(1)∈{cs} [1 conds]"}, // cs ∧ idle is impossible
		{"A[] P(1).idle imply n <= 3", "P(1)∈{idle} [1 conds]"},
		{"E<> (sum (i : id_t) P(i).cs) >= 2", "[1 conds]"},
		{"E<> false", ""},
		{"A[] not deadlock", ""},
		{"E<> x > 5", ""},
	} {
		got := heuristic.TargetOf(n, testmodel.Query(t, n, tc.query))
		if d := describe(n, got); d != tc.want {
			t.Errorf("%s: target %q, want %q", tc.query, d, tc.want)
		}
		trivial := tc.want == "" && tc.query != "E<> false"
		if got.Trivial() != trivial {
			t.Errorf("%s: trivial %v, want %v", tc.query, got.Trivial(), trivial)
		}
	}
}

// countingHeuristic counts its calls.
type countingHeuristic struct {
	heuristic.NoTable
	calls int
}

func (c *countingHeuristic) Info() heuristic.Info { return heuristic.Info{Name: "count"} }

func (c *countingHeuristic) Estimate(d []int32, _ *dbm.DBM) (int32, bool) {
	c.calls++
	return max(d[0], 0), d[0] < 0
}

// TestCache: repeated states hit the table and get the same answers,
// infinity included.
func TestCache(t *testing.T) {
	inner := &countingHeuristic{}
	c := heuristic.NewCache(inner, 60000)
	if got := c.Info().Params["cache"]; got != "65536" {
		t.Errorf("cache size %s, want 65536 (rounded up)", got)
	}
	for round := range 3 {
		for v := int32(-3); v < 40; v++ {
			h, inf := c.Estimate([]int32{v, 7}, nil)
			if inf != (v < 0) || (!inf && h != v) {
				t.Fatalf("round %d: estimate of %d is %d, %v", round, v, h, inf)
			}
		}
	}
	if inner.calls != 43 || c.Hits != 86 {
		t.Errorf("%d calls and %d hits, want 43 and 86", inner.calls, c.Hits)
	}
}
