package job

import (
	"context"
	"os"
	"strings"
	"testing"

	"beeline/core/verify"
)

func file(t *testing.T, path string) File {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return File{Name: path, Data: b}
}

func TestLoadNumbersQueries(t *testing.T) {
	l := Load(file(t, "../../testdata/models/crossing.xta"), file(t, "../../testdata/models/crossing.q"))
	if l.Net == nil || l.Diags.HasErrors() {
		t.Fatalf("crossing did not load: %v", l.FS.Err(l.Diags))
	}
	n := len(l.Queries)
	if n == 0 {
		t.Fatal("no queries from crossing.q")
	}
	for i, q := range l.Queries {
		if q.Index != i {
			t.Errorf("query %d has index %d", i, q.Index)
		}
	}
	qs, err := l.Pick([]int{0}, []string{"E<> true", "E<> nope"})
	if err != nil || len(qs) != 3 || qs[1].Index != n || qs[2].Index != n+1 {
		t.Fatalf("Pick: %v, %d queries", err, len(qs))
	}
	if ok, why := qs[2].Supported(); ok || !qs[2].Failed || why != "the formula has errors" {
		t.Errorf("bad formula: supported %v, %q", ok, why)
	}
	d := l.Diags[len(l.Diags)-1]
	if i, ok := d.Query(); !ok || i != n+1 || d.Context != "" {
		t.Errorf("the bad formula's error is about query %d (%v), context %q; want query %d", i, ok, d.Context, n+1)
	}
	if _, err := l.Pick([]int{n + 5}, nil); err == nil || !strings.Contains(err.Error(), "numbered from 0") {
		t.Errorf("out of range: %v", err)
	}
	if _, err := l.Pick(nil, []string{"  "}); err == nil {
		t.Error("an empty formula was accepted")
	}
}

func TestCheckOutcomes(t *testing.T) {
	l := Load(file(t, "../../testdata/models/fischer-broken.xml"))
	ctx := context.Background()
	o := l.Check(ctx, l.Queries[0], verify.Options{Trace: verify.TraceSome})
	if o.Verdict != verify.NotSatisfied || o.Failed || o.Result == nil || o.Result.Concrete == nil || len(o.Result.Concrete.Steps) != 6 {
		t.Errorf("query 0: %+v", o)
	}
	o = l.Check(ctx, l.AddFormula("E[] true"), verify.Options{})
	if o.Verdict != verify.Satisfied || o.Failed || o.Budget || o.Reason != "" {
		t.Errorf("E[]: %+v", o)
	}
	o = l.Check(ctx, l.AddFormula("E<> false"), verify.Options{MaxStates: 3})
	if o.Verdict != verify.Unknown || o.Failed || !o.Budget || o.Reason != "state limit" {
		t.Errorf("budget: %+v", o)
	}
	o = l.Check(ctx, l.AddFormula("E<> undefined_name"), verify.Options{})
	if !o.Failed || o.Verdict != verify.Unknown || !o.Skipped || o.Result != nil {
		t.Errorf("bad formula: %+v", o)
	}
}

func TestLoadBrokenModel(t *testing.T) {
	l := Load(File{Name: "bad.xta", Data: []byte("int x = ;\nsystem;")})
	if l.Net != nil || !l.Diags.HasErrors() {
		t.Fatalf("a broken model loaded: %v", l.Diags)
	}
}

func TestTraceStopped(t *testing.T) {
	for _, tc := range []struct {
		reason string
		want   bool
	}{
		{"trace not built: time limit", true},
		{"trace not built: cancelled", true},
		{"time limit", false},
		{"trace not built: something else", false},
		{"", false},
	} {
		if got := TraceStopped(tc.reason); got != tc.want {
			t.Errorf("TraceStopped(%q) = %v, want %v", tc.reason, got, tc.want)
		}
	}
}
