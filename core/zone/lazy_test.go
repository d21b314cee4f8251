// Lazy expanders: zones left unextrapolated but for inactive clocks,
// compared by aLU subsumption alone.

package zone

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/search"
)

// TestLazySameVerdicts checks, on the package's models and on Fischer's
// protocol, every location of every process (E<> P.L) and deadlock
// freedom, with a lazy expander and with an extrapolating one: the same
// answer, every trace of the lazy search replays concretely, and the
// lazy store passes its invariant check.
func TestLazySameVerdicts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.xta")
	files = append(files, "../../testdata/models/fischer.xml", "../../testdata/models/crossing.xta")
	checked, lazier := 0, 0
	for _, file := range files {
		if filepath.Base(file) == "rangeerror.xta" || filepath.Base(file) == "fischer-9.xta" {
			continue
		}
		n := testmodel.File(t, file)
		queries := []string{"A[] not deadlock"}
		for _, p := range n.Processes {
			for _, l := range p.Locations {
				queries = append(queries, fmt.Sprintf("E<> %s.%s", p.Name, l.Name))
			}
		}
		for _, q := range queries {
			f := compileQuery(t, n, q)
			p := target(f)
			g := newGraph(t, n, Options{}, p)
			var res [2]*search.Result
			for k, lazy := range []bool{false, true} {
				e := g.NewExpander()
				if lazy {
					e.Lazy()
				}
				r, err := search.Run(context.Background(), e, g.Goal(p).Holds, search.Options{Trace: true, CheckInvariants: true})
				if err != nil {
					t.Fatalf("%s: %s (lazy %v): %v", file, q, lazy, err)
				}
				res[k] = r
			}
			if res[0].Verdict != res[1].Verdict || res[0].Verdict == search.Stopped {
				t.Errorf("%s: %s: %v extrapolating, %v lazy", file, q, res[0].Verdict, res[1].Verdict)
				continue
			}
			if res[1].Verdict == search.Reached {
				expectTraceOK(t, g, res[1].Trace, p)
			}
			if res[1].Stats.Explored < res[0].Stats.Explored {
				lazier++
			}
			checked++
		}
	}
	t.Logf("%d queries, %d explored fewer states lazily", checked, lazier)
	if checked < 50 {
		t.Errorf("weak test: %d queries", checked)
	}
}

// TestRanges checks the ranges of Fischer's discrete words that the
// search packs its keys with: nine location indices in [0,3], then id in
// [0,9].
func TestRanges(t *testing.T) {
	g := newGraph(t, testmodel.File(t, filepath.Join("testdata", "fischer-9.xta")), Options{})
	lo, hi := g.Ranges()
	wantHi := []int32{3, 3, 3, 3, 3, 3, 3, 3, 3, 9}
	if fmt.Sprint(lo) != fmt.Sprint(make([]int32, 10)) || fmt.Sprint(hi) != fmt.Sprint(wantHi) {
		t.Fatalf("ranges %v to %v, want 0s to %v", lo, hi, wantHi)
	}
}
