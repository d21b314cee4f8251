// Damaged tables: every bit flipped and every length cut is refused;
// flips behind a checksum that matches are refused or loaded safely.

package reachtest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"beeline/core/heuristic"
)

// maxFlipBytes is the largest table whose every bit ExpectDamageRefused
// flips; of a larger one it flips a sample (flipBits). Such a table is
// refused by its checksum, before decoding, so each try is cheap.
const maxFlipBytes = 4096

// maxBodyFlipBytes is the same for ExpectBodyDamageSafe, whose every try
// decodes a table and estimates with it: under js/wasm, on a busy
// machine, flipping every bit of a 700-byte body took 25 s.
const maxBodyFlipBytes = 64

// ExpectDamageRefused checks that table with one bit flipped or cut
// short is refused by load, which loads bytes into a fresh heuristic,
// with an error saying that the table is damaged. It flips every bit of
// a table of at most maxFlipBytes, of a larger one those of its first
// and last KiB (the envelope's header and checksum) and of a
// sample spread over the rest, and cuts it at every length (a sample as well).
// It returns the number of damaged tables tried.
func ExpectDamageRefused(t *testing.T, table []byte, load func(b []byte) error) int {
	t.Helper()
	n := 0
	for _, bit := range flipBits(len(table), maxFlipBytes) {
		b := flip(table, bit)
		if err := load(b); err == nil || !strings.Contains(err.Error(), "the table is damaged") {
			t.Fatalf("bit %d of %d flipped: %v, want a refusal saying that the table is damaged", bit, 8*len(table), err)
		}
		n++
	}
	for _, cut := range sample(len(table), maxFlipBytes) {
		if err := load(table[:cut]); err == nil || !strings.Contains(err.Error(), "the table is damaged") {
			t.Fatalf("cut to %d of %d bytes: %v, want a refusal saying that the table is damaged", cut, len(table), err)
		}
		n++
	}
	return n
}

// ExpectBodyDamageSafe flips bits of table's body (as flipBits chooses
// them, up to maxBodyFlipBytes) and seals it again with f, so that the checksum matches: load
// must refuse the result or load it, and the heuristic loaded must
// estimate every state without a panic. It returns how many damaged
// tables were loaded and how many of those changed an estimate of want
// (the intact table's heuristic) on states: what only the checksum
// keeps out.
func ExpectBodyDamageSafe(t *testing.T, f heuristic.TableFormat, table []byte, load func(b []byte) (heuristic.Heuristic, error), want heuristic.Heuristic, states []State) (loaded, changed int) {
	t.Helper()
	body, err := f.Open(table)
	if err != nil {
		t.Fatal(err)
	}
	for _, bit := range flipBits(len(body), maxBodyFlipBytes) {
		h, diff := LoadSafely(t, fmt.Sprintf("bit %d of the body flipped", bit), f.Seal(flip(body, bit)), load, want, states)
		if h != nil {
			loaded++
		}
		if diff {
			changed++
		}
	}
	return loaded, changed
}

// LoadSafely loads b with load and, when it is accepted, estimates
// states with the heuristic loaded; a panic fails t with what. It
// reports whether an estimate differs from want's (when want is set).
func LoadSafely(t testing.TB, what string, b []byte, load func(b []byte) (heuristic.Heuristic, error), want heuristic.Heuristic, states []State) (h heuristic.Heuristic, diff bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: panic: %v", what, r)
		}
	}()
	h, err := load(b)
	if err != nil {
		return nil, false
	}
	for _, s := range states {
		v, inf := h.Estimate(s.D, s.Z)
		if want != nil {
			w, winf := want.Estimate(s.D, s.Z)
			diff = diff || v != w || inf != winf
		}
	}
	return h, diff
}

// flip returns a copy of b with bit i flipped.
func flip(b []byte, i int) []byte {
	out := append([]byte(nil), b...)
	out[i/8] ^= 1 << (i % 8)
	return out
}

// flipBits returns the bits to flip in n bytes: all of them up to max
// bytes, else every bit of the bytes sample picks, the same on every
// run.
func flipBits(n, max int) []int {
	var out []int
	for _, i := range sample(n, max) {
		for k := range 8 {
			out = append(out, 8*i+k)
		}
	}
	return out
}

// sample returns byte positions below n: all of them up to max, else the
// first and last max/4 and about max/2 evenly spread over the rest.
func sample(n, max int) []int {
	var out []int
	if n <= max {
		for i := range n {
			out = append(out, i)
		}
		return out
	}
	edge := max / 4
	step := (n-2*edge)/(max-2*edge) + 1
	for i := 0; i < n; i++ {
		if i < edge || i >= n-edge || (i-edge)%step == 0 {
			out = append(out, i)
		}
	}
	return out
}

// ExpectIntegrity runs the checks of c's table: the intact table loads
// with Want's estimates on States, every damage is refused
// (ExpectDamageRefused), and behind a matching checksum every flip of
// the body is refused or loads safely (ExpectBodyDamageSafe).
func (c TableCase) ExpectIntegrity(t *testing.T) {
	t.Helper()
	if h, diff := LoadSafely(t, "the intact table", c.Table, c.Load, c.Want, c.States); h == nil || diff {
		t.Fatalf("the intact table does not load with the same estimates")
	}
	n := ExpectDamageRefused(t, c.Table, func(b []byte) error { _, err := c.Load(b); return err })
	loaded, changed := ExpectBodyDamageSafe(t, c.Format, c.Table, c.Load, c.Want, c.States)
	t.Logf("%d bytes: %d damaged tables refused; behind a matching checksum, %d flips of the body loaded, %d of them changing an estimate on %d states",
		len(c.Table), n, loaded, changed, len(c.States))
}

// Fuzz fuzzes c's Load with bytes as they are and sealed in an envelope
// of c's Format whose checksum matches: each is refused, or the
// heuristic loaded estimates States without a panic. c's table seeds the
// corpus, whole and as its body.
func (c TableCase) Fuzz(fz *testing.F) {
	body, err := c.Format.Open(c.Table)
	if err != nil {
		fz.Fatal(err)
	}
	fz.Add(body)
	fz.Add(c.Table)
	fz.Fuzz(func(t *testing.T, b []byte) {
		LoadSafely(t, "as given", b, c.Load, nil, c.States)
		LoadSafely(t, "sealed", c.Format.Seal(b), c.Load, nil, c.States)
	})
}

// SampleWithSuccessors returns up to max states of random walks (seeded
// by seed) with their successors.
func (p *Problem) SampleWithSuccessors(t testing.TB, seed uint64, max int) []State {
	t.Helper()
	x := p.G.NewExpander()
	var out []State
	for _, s := range p.Sample(t, rand.New(rand.NewPCG(seed, seed+1)), max) {
		out = append(out, append(p.Successors(t, x, s), s)...)
	}
	return out
}
