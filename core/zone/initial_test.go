package zone

import (
	"testing"

	"beeline/core/dbm"
	"beeline/core/internal/testmodel"
)

// An initial state that violates an invariant has no state at all; the
// graph says which invariant (issue 29).
func TestInitialViolation(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"integer part", `int n = 5; clock x;
process P() { state A { x <= 3 && n < 3 }, B; init A; trans A -> B { }; }
system P;`, "the initial state violates the invariant of P.A (init.xta:2:21)"},
		{"clock part", `clock x;
process Q() { state C { x <= 4 }; init C; }
process P() { state A { x < 0 }; init A; }
system Q, P;`, "the initial state violates the invariant of P.A (init.xta:3:21)"},
		{"a difference", `clock x, y;
process P() { state A { x - y < 0 }; init A; }
system P;`, "the initial state violates the invariant of P.A (init.xta:2:21)"},
		{"none", `clock x; int n;
process P() { state A { x <= 0 && n == 0 }; init A; }
system P;`, ""},
		// A run-time error is the search's to report, not a violation.
		{"error", `int a[2]; int i = 2; clock x;
process P() { state A { x <= a[i] }; init A; }
system P;`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGraph(t, testmodel.Source(t, "init.xta", tc.src), Options{})
			if got := g.InitialViolation(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			ok, _ := g.NewExpander().Initial(make([]int32, g.DiscreteLen()), dbm.New(g.Dim()))
			if ok != (tc.want == "") && tc.name != "error" {
				t.Errorf("Initial says ok=%v", ok)
			}
		})
	}
}
