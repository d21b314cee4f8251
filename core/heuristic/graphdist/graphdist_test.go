package graphdist_test

import (
	"context"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/internal/testmodel"
)

// chain: P goes a -> b -> c -> d, and d is a sink; Q toggles u <-> v and
// may fall into the dead end w.
const chain = `
process P { state a, b, c, d; init a; trans a -> b {}, b -> c {}, c -> d {}; }
process Q { state u, v, w; init u; trans u -> v {}, v -> u {}, u -> w {}; }
system P, Q;
`

func estimate(t *testing.T, h *graphdist.Heuristic, p, q int32) (int32, bool) {
	t.Helper()
	return h.Estimate([]int32{p, q}, nil)
}

func TestDistances(t *testing.T) {
	n := testmodel.Source(t, "chain.xta", chain)
	target := heuristic.TargetOf(n, testmodel.Query(t, n, "E<> P.d && Q.v"))
	dl := graphdist.New(n, target, graphdist.Max)
	du := graphdist.New(n, target, graphdist.Sum)
	for _, h := range []*graphdist.Heuristic{dl, du} {
		if err := h.Precompute(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		p, q    int32
		dl, du  int32
		deadEnd bool
	}{
		{0, 0, 3, 4, false}, // a: 3 to d; u: 1 to v
		{2, 1, 1, 1, false},
		{3, 1, 0, 0, false},
		{1, 2, 0, 0, true}, // w has no way back
	} {
		h1, inf1 := estimate(t, dl, tc.p, tc.q)
		h2, inf2 := estimate(t, du, tc.p, tc.q)
		if inf1 != tc.deadEnd || inf2 != tc.deadEnd || (!tc.deadEnd && (h1 != tc.dl || h2 != tc.du)) {
			t.Errorf("state (%d,%d): dL %d/%v dU %d/%v, want %d %d dead end %v", tc.p, tc.q, h1, inf1, h2, inf2, tc.dl, tc.du, tc.deadEnd)
		}
	}
}

// TestTableRoundTrip encodes the tables with msgpack, loads them into a
// fresh heuristic and expects the same estimates everywhere; a table for
// another target is refused.
func TestTableRoundTrip(t *testing.T) {
	n := testmodel.File(t, testmodel.Shared(t, "xtabench/fischer/fischer-4-32-64.xta"))
	target := heuristic.TargetOf(n, testmodel.Query(t, n, "A[] forall (i : int[1,4]) forall (j : int[1,4]) i != j imply not (P(i).cs && P(j).cs)"))
	if len(target.Conjuncts) != 12 {
		t.Fatalf("%d conjuncts, want 12", len(target.Conjuncts))
	}
	a := graphdist.New(n, target, graphdist.Max)
	var calls int64
	if err := a.Precompute(context.Background(), func(done, total int64) { calls = done }); err != nil {
		t.Fatal(err)
	}
	if calls != 12 {
		t.Errorf("progress reached %d, want 12", calls)
	}
	data, err := a.Table()
	if err != nil {
		t.Fatal(err)
	}
	b := graphdist.New(n, target, graphdist.Max)
	if err := b.Load(data); err != nil {
		t.Fatal(err)
	}
	d := make([]int32, len(n.Processes)+len(n.Vars))
	for code := range 1 << (2 * len(n.Processes)) {
		for p := range n.Processes {
			d[p] = int32(code>>(2*p)&3) % int32(len(n.Processes[p].Locations))
		}
		ha, ia := a.Estimate(d, nil)
		hb, ib := b.Estimate(d, nil)
		if ha != hb || ia != ib {
			t.Fatalf("state %v: %d/%v before the round trip, %d/%v after", d, ha, ia, hb, ib)
		}
	}
	other := heuristic.TargetOf(n, testmodel.Query(t, n, "E<> P(1).cs"))
	if err := graphdist.New(n, other, graphdist.Max).Load(data); err == nil {
		t.Error("a table for another target was accepted")
	}
	if err := b.Load(data[:len(data)/2]); err == nil {
		t.Error("a truncated table was accepted")
	}
}

func TestCancelledPrecompute(t *testing.T) {
	n := testmodel.Source(t, "chain.xta", chain)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	h := graphdist.New(n, heuristic.TargetOf(n, testmodel.Query(t, n, "E<> P.d")), graphdist.Max)
	if err := h.Precompute(ctx, nil); err == nil {
		t.Error("precomputation ran on a cancelled context")
	}
}
