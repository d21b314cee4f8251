package relax_test

import (
	"context"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/relax"
	"beeline/core/internal/testmodel"
)

// fig2 follows Fig. 2 of Kupferschmid et al.: automaton i reaches its top
// location only after automaton i-1 reached its own and sent go_i; each
// automaton past the first may also take a wrong branch into a dead end.
const fig2 = `
chan go2, go3, go4;
process A1 { state bot, top; init bot; trans bot -> top { sync go2!; }; }
process A2 { state bot, top, wrong; init bot; trans bot -> top { sync go2?; }, top -> top { sync go3!; }, bot -> wrong {}; }
process A3 { state bot, top, wrong; init bot; trans bot -> top { sync go3?; }, top -> top { sync go4!; }, bot -> wrong {}; }
process A4 { state bot, top, wrong; init bot; trans bot -> top { sync go4?; }, bot -> wrong {}; }
system A1, A2, A3, A4;
`

func TestFigure2(t *testing.T) {
	n := testmodel.Source(t, "fig2.xta", fig2)
	target := heuristic.TargetOf(n, testmodel.Query(t, n, "E<> A4.top"))
	hl := relax.New(n, target, relax.Lower)
	hu := relax.New(n, target, relax.Upper)
	expect := func(d []int32, want int32, deadEnd bool) {
		t.Helper()
		for _, h := range []*relax.Heuristic{hl, hu} {
			got, inf := h.Estimate(d, nil)
			if inf != deadEnd || (!deadEnd && got != want) {
				t.Errorf("%s%v = %d (inf %v), want %d (dead end %v)", h.Info().Name, d, got, inf, want, deadEnd)
			}
		}
	}
	expect([]int32{0, 0, 0, 0}, 3, false) // the exact distance, as in the paper
	expect([]int32{1, 1, 0, 0}, 2, false)
	expect([]int32{1, 1, 1, 1}, 0, false)
	expect([]int32{1, 2, 0, 0}, 0, true) // A2 took the wrong branch: go3 never comes
}

// counters: a variable counted up by one, and a flag set by a guard on it.
const counters = `
int[0,10] n;
int[0,100] m;
bool f;
process P { state a; init a; trans a -> a { guard n < 10; assign n := n + 1; },
                                   a -> a { guard n == 7; assign f := true; },
                                   a -> a { guard f; assign m := m + 10; }; }
system P;
`

func TestCountersAndShortcut(t *testing.T) {
	n := testmodel.Source(t, "counters.xta", counters)
	for _, tc := range []struct {
		query  string
		hl, hu int32
		inf    bool
	}{
		{"E<> n == 5", 1, 1, false},  // v := v+1 reaches the whole range in one layer
		{"E<> f", 2, 2, false},       // n == 7 at layer 1, then f
		{"E<> m >= 20", 4, 4, false}, // m := m + 10 is no shortcut: 10 at layer 3, 20 at layer 4
		{"E<> n > 10", 0, 0, true},   // out of range: a dead end
	} {
		target := heuristic.TargetOf(n, testmodel.Query(t, n, tc.query))
		d := []int32{0, 0, 0, 0}
		for mode, want := range []int32{tc.hl, tc.hu} {
			h := relax.New(n, target, relax.Mode(mode))
			got, inf := h.Estimate(d, nil)
			if inf != tc.inf || (!inf && got != want) {
				t.Errorf("%s: %s = %d (inf %v), want %d (inf %v)", tc.query, h.Info().Name, got, inf, want, tc.inf)
			}
		}
	}
}

func TestNoPrecomputation(t *testing.T) {
	n := testmodel.Source(t, "counters.xta", counters)
	h := relax.New(n, heuristic.TargetOf(n, testmodel.Query(t, n, "E<> f")), relax.Lower)
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if tab, err := h.Table(); tab != nil || err != nil {
		t.Errorf("table %v, %v; want none", tab, err)
	}
	if !h.Info().Admissible || h.Info().Consistent {
		t.Errorf("hL info %+v, want admissible and not consistent", h.Info())
	}
}
