package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beeline/core/internal/testmodel"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// boundsModel: P works in A for 2 to 5 time units (x), rests in B for
// less than 3 (y, a strict invariant), three times (n counts the rests),
// then stops in C, where time passes for ever.
const boundsModel = `clock x, y;
int[0,10] n = 0;
int a[3] = {7, 8, 9};
clock c[2];
process P() {
	state A { x <= 5 }, B { y < 3 }, C;
	init A;
	trans A -> B { guard x >= 2; assign y = 0, n = n + 1; },
	      B -> A { guard n < 3; assign x = 0, c[n % 2] = 0; },
	      B -> C { guard n == 3; };
}
system P;`

// expectValues checks the answers of a sup or inf query, as printed.
func expectValues(t *testing.T, res *Result, err error, formula string, want ...string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", formula, err)
	}
	if res.Verdict != Satisfied {
		t.Fatalf("%s: verdict %v (%s), want satisfied", formula, res.Verdict, res.Reason)
	}
	var got []string
	for _, v := range res.Values {
		got = append(got, v.Expr+" "+v.Text())
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("%s = %s, want %s", formula, strings.Join(got, ", "), strings.Join(want, ", "))
	}
}

// The values below follow from the model by hand: x is at most 5 in A
// (the invariant) and at least 2 when A is left; in B, y < 3 and x − y
// is x's value on leaving A, in [2, 5], so x < 8 there; C lets time pass.
// c[k] is reset on B -> A when n % 2 == k after the increment.
func TestBoundValues(t *testing.T) {
	n := testmodel.Source(t, "bounds.xta", boundsModel)
	for _, tc := range []struct {
		formula string
		want    []string
	}{
		{"sup: n", []string{"n 3"}},
		{"inf: n", []string{"n 0"}},
		{"sup{P.A && n == 2}: n, n * 10 + 1", []string{"n 2", "n * 10 + 1 21"}},
		{"sup: a[n % 3]", []string{"a[n % 3] 9"}},
		{"sup{P.A}: x", []string{"x ≤ 5"}}, // the invariant x <= 5
		{"sup{P.B}: y", []string{"y < 3"}}, // the strict invariant y < 3
		// x < 8 is above every constant: found after raising K.
		{"sup{P.B}: x, y, n", []string{"x < 8", "y < 3", "n 3"}},
		{"sup{P.C}: x", []string{"x ∞"}}, // time passes for ever in C
		{"sup: y, n", []string{"y ∞", "n 3"}},
		{"inf{P.B}: x", []string{"x ≥ 2"}},
		{"inf{P.C}: y", []string{"y ≥ 0"}},
		// A clock constraint in the condition, which may bound the
		// supremum, and need not.
		{"inf{P.C && y > 1}: y", []string{"y > 1"}},
		{"sup{P.C && x < 4}: x", []string{"x < 4"}},
		{"sup{P.A && x >= 2 && n == 1}: x", []string{"x ≤ 5"}},
		{"inf{P.A && not (x <= 3)}: x", []string{"x > 3"}},
		{"sup{n > 5}: n, x", []string{"n none", "x none"}}, // the condition never holds
		{"sup{P.A && x > 5}: x", []string{"x none"}},       // not even with a clock
		// In B with n == 2, c[n % 2] is c[0], never reset yet: the time
		// of two stays in A (2 to 5 each) and two in B (under 3 each).
		{"sup{P.B && n == 2}: c[n % 2]", []string{"c[n % 2] < 16"}},
		{"inf{P.B && n == 2}: c[n % 2], c[0], c[1]", []string{"c[n % 2] ≥ 4", "c[0] ≥ 4", "c[1] ≥ 2"}},
	} {
		t.Run(tc.formula, func(t *testing.T) {
			f := testmodel.Query(t, n, tc.formula)
			res, err := Check(context.Background(), n, f, Options{})
			expectValues(t, res, err, tc.formula, tc.want...)
		})
	}
}

// TestBoundValuesAgreeWithReachability checks suprema of the crossing
// model against E<> queries around them: a supremum ≤ c is exact when
// x > c is unreachable and x ≥ c reachable (x > c−1 for < c).
func TestBoundValuesAgreeWithReachability(t *testing.T) {
	crossing := filepath.Join(ownModels, "crossing.xta")
	n := testmodel.File(t, crossing)
	for _, tc := range []struct {
		cond, clock string
		want        string
		above, at   string // E<> cond && above: not satisfied; E<> cond && at: satisfied
	}{
		// Train(0) stopped waits while two trains ahead of it cross: the
		// first approached before it and crosses within 20 + 5, the next
		// then starts within 15 and crosses within 5.
		{"Train(0).Stop", "Train(0).x", "≤ 45", "Train(0).x > 45", "Train(0).x >= 45"},
		{"Train(1).Appr", "Train(1).x", "≤ 20", "Train(1).x > 20", "Train(1).x >= 20"},
		{"Train(2).Cross", "Train(2).x", "≤ 5", "Train(2).x > 5", "Train(2).x >= 5"},
	} {
		formula := "sup{" + tc.cond + "}: " + tc.clock
		f := testmodel.Query(t, n, formula)
		res, err := Check(context.Background(), n, f, Options{})
		expectValues(t, res, err, formula, tc.clock+" "+tc.want)
		expectVerdict(t, crossing, "E<> "+tc.cond+" && "+tc.above, NotSatisfied, Options{})
		expectVerdict(t, crossing, "E<> "+tc.cond+" && "+tc.at, Satisfied, Options{})
	}
	f := testmodel.Query(t, n, "sup: Train(1).x, q.len")
	res, err := Check(context.Background(), n, f, Options{})
	expectValues(t, res, err, "sup: Train(1).x, q.len", "Train(1).x ∞", "q.len 3")
	f = testmodel.Query(t, n, "inf{G.Occ}: q.len")
	res, err = Check(context.Background(), n, f, Options{})
	expectValues(t, res, err, "inf{G.Occ}: q.len", "q.len 1")
}

// TestBoundOpen: a clock that is never reset grows without bound through
// ever more transitions, with an invariant in every state. Beeline does
// not prove such a supremum infinite: it answers unknown, with what it
// knows.
func TestBoundOpen(t *testing.T) {
	n := testmodel.Source(t, "tick.xta", `clock x, t;
process Q() { state L { x <= 1 }; init L; trans L -> L { guard x == 1; assign x = 0; }; }
system Q;`)
	f := testmodel.Query(t, n, "sup: t, x")
	res, err := Check(context.Background(), n, f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != Unknown || !strings.Contains(res.Reason, "the supremum of t is more than 256") || len(res.Values) != 2 {
		t.Fatalf("verdict %v (%s), values %+v", res.Verdict, res.Reason, res.Values)
	}
	if v := res.Values[0]; !v.Above || v.Value != 256 || v.Text() != "> 256 (exact value not found)" {
		t.Errorf("t: %+v %q", v, v.Text())
	}
	if v := res.Values[1]; v.Above || v.Text() != "≤ 1" {
		t.Errorf("x: %+v %q", v, v.Text())
	}
}

func TestBoundBudgetsAndErrors(t *testing.T) {
	n := testmodel.Source(t, "bounds.xta", boundsModel)
	f := testmodel.Query(t, n, "sup{P.B}: x")
	res, err := Check(context.Background(), n, f, Options{MaxStates: 3})
	if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonStates || res.Stats.Stored != 3 || res.Values != nil {
		t.Errorf("state budget: %v, %+v", err, res)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = Check(ctx, n, f, Options{})
	if err != nil || res.Verdict != Unknown || res.Reason != search.ReasonCancelled {
		t.Errorf("cancelled: %v, %+v", err, res)
	}
	// Two explorations (the supremum 8 is above the first bound, 5): the
	// statistics and the progress reports add them up.
	var last search.Stats
	calls := 0
	res, err = Check(context.Background(), n, f, Options{ProgressEvery: time.Nanosecond, Progress: func(st search.Stats) {
		if st.Stored < last.Stored {
			t.Errorf("progress went back from %d to %d stored states", last.Stored, st.Stored)
		}
		last, calls = st, calls+1
	}})
	expectValues(t, res, err, "sup{P.B}: x", "x < 8")
	if res.Stats.Stored != 14 || res.Stats.Explored != 14 {
		t.Errorf("statistics of two explorations of 7 states: %+v", res.Stats)
	}
	if calls == 0 || last.Stored <= 7 {
		t.Errorf("%d progress reports, the last with %d states stored", calls, last.Stored)
	}

	// A run-time error of the list is the verdict's reason, positioned.
	f = testmodel.Query(t, n, "sup: a[n]")
	res, err = Check(context.Background(), n, f, Options{})
	if err != nil || res.Verdict != Unknown || !strings.Contains(res.Reason, "query:1:8: array index 3 out of range") {
		t.Errorf("index out of range: %v, %+v", err, res)
	}
	ok, why := Supported(f)
	if !ok || why != "" {
		t.Errorf("Supported(sup) = %v, %q", ok, why)
	}
}

// TestScheduling4 reads the sup and inf queries of UPPAAL's scheduling
// demo. The model uses stopwatches (wcrt'==0, ax'==0), which Beeline
// refuses, so it gives no values: the test checks the queries parse as
// they should and that the refusal names the stopwatches.
func TestScheduling4(t *testing.T) {
	path := testmodel.Shared(t, "uppaal-demos/scheduling4.xml")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, "scheduling4.xml", src)
	if diags.HasErrors() {
		t.Fatal(fs.Err(diags))
	}
	var got []string
	for _, uq := range doc.Queries {
		var errs source.List
		q := lang.ParseQuery(uq.Formula.Text(), uq.Formula.Pos(0), &errs)
		if errs.HasErrors() {
			t.Errorf("%q: %v", uq.Formula.Text(), fs.Err(errs))
		}
		if q.Kind == lang.QuerySup || q.Kind == lang.QueryInf {
			got = append(got, lang.QueryString(q))
		}
	}
	want := []string{
		"inf{Task(0).EndPeriod}: Task(0).wcrt",
		"inf{Task(1).EndPeriod}: Task(1).wcrt",
		"inf{Task(2).EndPeriod}: Task(2).wcrt",
		"inf{Task(3).EndPeriod}: Task(3).wcrt",
		"sup: Task(0).wcrt, Task(1).wcrt, Task(2).wcrt, Task(3).wcrt",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sup and inf queries:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, diags := model.Load(doc); !diags.HasErrors() || !strings.Contains(fs.Err(diags).Error(), "stopwatches") {
		t.Errorf("scheduling4 loads, or is refused for another reason than stopwatches: %v", fs.Err(diags))
	}
}
