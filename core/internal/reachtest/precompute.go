// Precomputed heuristics and their tables, for the tests of the
// heuristics that precompute.

package reachtest

import (
	"context"
	"testing"

	"beeline/core/heuristic"
)

// Precomputed runs h's precomputation and returns h; an error fails t,
// naming what (the options h was made with).
func Precomputed[H heuristic.Heuristic](t testing.TB, h H, what any) H {
	t.Helper()
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatalf("%v: %v", what, err)
	}
	return h
}

// TableCase precomputes the heuristic mk makes and returns its table,
// the heuristic, a loader that reads bytes into a fresh heuristic of mk,
// and the states estimates are compared on: what ExpectTableIntegrity
// and FuzzTable take.
func (p *Problem) TableCase(t testing.TB, mk func() heuristic.Heuristic) ([]byte, heuristic.Heuristic, func([]byte) (heuristic.Heuristic, error), []State) {
	t.Helper()
	h := Precomputed(t, mk(), "precompute")
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	load := func(b []byte) (heuristic.Heuristic, error) {
		h := mk()
		return h, h.Load(b)
	}
	return b, h, load, p.SampleWithSuccessors(t, 1, 20)
}
