package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKeyCodec packs and unpacks random discrete parts within random
// ranges, and checks the width each range gets and that packing is
// one-to-one.
func TestKeyCodec(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		lo, span  int32
		width     int
		wantWords func(n int) int
	}{
		{0, 3, 1, func(n int) int { return (n + 3) / 4 }},
		{-128, 255, 1, func(n int) int { return (n + 3) / 4 }},
		{-5, 256, 2, func(n int) int { return (n + 1) / 2 }},
		{math.MinInt16, math.MaxUint16, 2, func(n int) int { return (n + 1) / 2 }},
		{0, math.MaxUint16 + 1, 4, func(n int) int { return n }},
		{math.MinInt32, math.MaxInt32, 4, func(n int) int { return n }},
	} {
		for _, n := range []int{1, 3, 4, 5, 11} {
			t.Run(fmt.Sprintf("%d+%d/%d", c.lo, c.span, n), func(t *testing.T) {
				lo, hi := make([]int32, n), make([]int32, n)
				for i := range n {
					lo[i], hi[i] = c.lo, c.lo+c.span
					if i%2 == 1 && c.width < 4 {
						hi[i] = c.lo + c.span/2 // a narrower word
					}
				}
				k := newKeyCodec(n, lo, hi)
				if k.width != c.width || k.words != c.wantWords(n) {
					t.Fatalf("width %d, %d words; want %d, %d", k.width, k.words, c.width, c.wantWords(n))
				}
				seen := map[string]string{}
				for range 200 {
					d := make([]int32, n)
					for i := range d {
						d[i] = lo[i] + int32(r.Int64N(int64(hi[i])-int64(lo[i])+1))
					}
					key := slices.Clone(k.pack(d))
					if got := k.unpack(key, make([]int32, n)); !slices.Equal(got, d) {
						t.Fatalf("%v packs as %v, which unpacks as %v", d, key, got)
					}
					if prev, ok := seen[fmt.Sprint(key)]; ok && prev != fmt.Sprint(d) {
						t.Fatalf("%v and %s both pack as %v", d, prev, key)
					}
					seen[fmt.Sprint(key)] = fmt.Sprint(d)
				}
			})
		}
	}
}

// TestKeyCodecOutOfRange expects pack to panic on a value that does not
// fit the width, and to pack one that fits it although it lies outside
// its word's range.
func TestKeyCodecOutOfRange(t *testing.T) {
	k := newKeyCodec(2, []int32{0, 0}, []int32{3, 9})
	if got := k.unpack(k.pack([]int32{200, 1}), make([]int32, 2)); !slices.Equal(got, []int32{200, 1}) {
		t.Fatalf("200 outside [0,3] but within a byte unpacks as %v", got)
	}
	for _, d := range [][]int32{{256, 0}, {0, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("pack(%v) did not panic", d)
				}
			}()
			k.pack(d)
		}()
	}
}

// BenchmarkKeyPack packs and unpacks discrete parts of 35 words, two
// bytes each (the shape of the Bang & Olufsen protocol's), and of 11
// words, one byte each (Fischer's protocol's).
func BenchmarkKeyPack(b *testing.B) {
	for _, c := range []struct {
		n    int
		span int32
	}{{35, 65535}, {11, 9}} {
		lo, hi := make([]int32, c.n), make([]int32, c.n)
		d := make([]int32, c.n)
		for i := range hi {
			lo[i], hi[i] = -c.span/2, c.span-c.span/2
			d[i] = int32(i) % 7
		}
		k := newKeyCodec(c.n, lo, hi)
		out := make([]int32, c.n)
		b.Run(fmt.Sprintf("pack/%dx%d", c.n, k.width), func(b *testing.B) {
			for range b.N {
				k.pack(d)
			}
		})
		key := slices.Clone(k.pack(d))
		b.Run(fmt.Sprintf("unpack/%dx%d", c.n, k.width), func(b *testing.B) {
			for range b.N {
				k.unpack(key, out)
			}
		})
	}
}
