// Precomputed heuristics and their tables, for the tests of the
// heuristics that precompute.

package reachtest

import (
	"bytes"
	"context"
	"math/rand/v2"
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

// TableCase is a heuristic's table made on a small problem, with what
// the table checks need: its format, the heuristic it came from, a
// loader that reads bytes into a fresh heuristic, and the states whose
// estimates are compared.
type TableCase struct {
	Format heuristic.TableFormat
	Table  []byte
	Want   heuristic.Heuristic
	Load   func(b []byte) (heuristic.Heuristic, error)
	States []State
}

// NewTableCase precomputes the heuristic mk makes for p and returns its
// table case in format f; Load makes a fresh heuristic with mk.
func NewTableCase[H heuristic.Heuristic](t testing.TB, p *Problem, f heuristic.TableFormat, mk func(p *Problem) H) TableCase {
	t.Helper()
	h := Precomputed(t, mk(p), "precompute")
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	load := func(b []byte) (heuristic.Heuristic, error) {
		h := mk(p)
		return h, h.Load(b)
	}
	return TableCase{Format: f, Table: b, Want: h, Load: load, States: p.SampleWithSuccessors(t, 1, 20)}
}

// ExpectTableRoundTrip checks that a and b, two precomputations of one
// heuristic (what names it in messages), encode to the same table, and that c, once it loads that
// table, estimates as a does on samples states of p (seeded alike on
// every call) and their successors. It returns the table.
func (p *Problem) ExpectTableRoundTrip(t *testing.T, what string, a, b, c heuristic.Heuristic, samples int) []byte {
	t.Helper()
	ta, err := a.Table()
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := b.Table()
	if !bytes.Equal(ta, tb) {
		t.Fatalf("%s: two precomputations encode to different tables (%d and %d bytes)", what, len(ta), len(tb))
	}
	if err := c.Load(ta); err != nil {
		t.Fatal(err)
	}
	x := p.G.NewExpander()
	for _, s := range p.Sample(t, rand.New(rand.NewPCG(3, 5)), samples) {
		for _, s2 := range append(p.Successors(t, x, s), s) {
			h1, i1 := a.Estimate(s2.D, s2.Z)
			h2, i2 := c.Estimate(s2.D, s2.Z)
			if h1 != h2 || i1 != i2 {
				t.Fatalf("loaded table: %d/%v, computed %d/%v at %s", h2, i2, h1, i1, p.Describe(s2))
			}
		}
	}
	return ta
}
