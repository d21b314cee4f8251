package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// TestParallelExpectedVerdicts checks the queries of EXPECTED.tsv that a
// breadth-first search decides within a small budget, with 1, 2 and 4
// workers (the budget of 20,000 states bounds the split searches too, so
// one that stores more than 2% more fails); BEELINE_CORPUS=1 runs them
// all without a budget: the verdict expected, on proofs the states stored within 2%
// of the search on its own, and on reached targets a trace that
// replays (Concrete is built by replaying the symbolic one).
func TestParallelExpectedVerdicts(t *testing.T) {
	rows := testmodel.Expected(t, sharedModels)
	full := os.Getenv("BEELINE_CORPUS") != ""
	if testing.Short() && !full {
		t.Skip("corpus sweep skipped in -short mode")
	}
	budget := int64(20000)
	if full {
		budget = 0
	}
	for _, e := range rows {
		t.Run(e.Model+": "+e.Query, func(t *testing.T) {
			if e.Disagree != "" {
				t.Skip(e.Disagree)
			}
			n, q := load(t, filepath.Join(sharedModels, e.Model), e.Query)
			var seq *Result
			for _, jobs := range []int{1, 2, 4} {
				res, err := Check(context.Background(), n, q, Options{Jobs: jobs, MaxStates: budget, Trace: TraceSome})
				if err != nil {
					t.Fatal(err)
				}
				if seq == nil {
					if res.Verdict == Unknown {
						t.Skipf("not decided within the budget: %s", res.Reason)
					}
					seq = res
				}
				what := fmt.Sprintf("%d workers", jobs)
				if res.Verdict.String() != e.Want {
					t.Fatalf("%s: verdict %v (%s), want %s", what, res.Verdict, res.Reason, e.Want)
				}
				if jobs > 1 && res.Workers != jobs || jobs == 1 && res.Workers != 0 {
					t.Fatalf("%s: result says %d workers", what, res.Workers)
				}
				if res.Depth >= 0 {
					if res.Concrete == nil {
						t.Fatalf("%s: no trace (%s)", what, res.Reason)
					}
					continue
				}
				live, want := res.Stats.Stored-res.Stats.Covered, seq.Stats.Stored-seq.Stats.Covered
				if d := live - want; d*50 > want || -d*50 > want {
					t.Errorf("%s: %d states stored, %d by the search on its own", what, live, want)
				}
			}
		})
	}
}

// TestParallelShortestTrace expects a split breadth-first search to find
// a trace as short as the search on its own, on the project's models.
func TestParallelShortestTrace(t *testing.T) {
	path := "../../testdata/models/hanoi/hanoi-4.xml"
	n, q := load(t, path, "E<> Disk(0).on2 && Disk(1).on2 && Disk(2).on2 && Disk(3).on2")
	seq, err := Check(context.Background(), n, q, Options{Trace: TraceShortest})
	if err != nil || seq.Verdict != Satisfied {
		t.Fatalf("on its own: %v (%s), %v", seq.Verdict, seq.Reason, err)
	}
	for _, jobs := range []int{2, 3} {
		res, err := Check(context.Background(), n, q, Options{Jobs: jobs, Trace: TraceShortest})
		if err != nil || res.Verdict != Satisfied || res.Concrete == nil {
			t.Fatalf("%d workers: %v (%s), %v", jobs, res.Verdict, res.Reason, err)
		}
		if res.Depth != seq.Depth {
			t.Fatalf("%d workers: trace of %d transitions, %d on its own", jobs, res.Depth, seq.Depth)
		}
	}
	if seq.Stats.Explored == 0 || search.DFSRound <= 0 {
		t.Fatal("nothing explored")
	}
}
