package verify

import (
	"context"
	"testing"

	"beeline/core/internal/testmodel"
)

// A model whose initial state violates an invariant has no state: each
// query gets the verdict of an empty state space, as in UPPAAL, and the
// result says why (issue 29).
func TestInitialViolationReported(t *testing.T) {
	const src = `int n = 5; clock x;
process P() { state A { x <= 3 && n < 3 }, B; init A; trans A -> B { }; }
system P;`
	const why = "the initial state violates the invariant of P.A (init.xta:2:21)"
	n := testmodel.Source(t, "init.xta", src)
	for _, tc := range []struct {
		query string
		want  Verdict
	}{
		{"E<> P.B", NotSatisfied},
		{"A[] P.A", Satisfied},
		{"A[] not deadlock", Satisfied},
		{"E[] P.A", NotSatisfied},
		{"A<> P.B", Satisfied},
		{"sup: n", Satisfied},
	} {
		res, err := Check(context.Background(), n, testmodel.Query(t, n, tc.query), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tc.want || res.Initial != why {
			t.Errorf("%s: %v (%q), want %v (%q)", tc.query, res.Verdict, res.Initial, tc.want, why)
		}
	}
	ok := testmodel.Source(t, "ok.xta", "clock x;\nprocess P() { state A { x <= 3 }; init A; }\nsystem P;")
	if res, err := Check(context.Background(), ok, testmodel.Query(t, ok, "E<> P.A"), Options{}); err != nil || res.Initial != "" {
		t.Errorf("a model with an initial state: %v, initial %q", err, res.Initial)
	}
}
