// Benchmarks of the hot operations at the dimensions real models have.

package dbm

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchDims = []int{3, 6, 11, 21}

// benchZone returns a closed zone with constants up to 20 in which every
// clock has a lower and an upper bound, as after a few guards and resets.
func benchZone(dim int) *DBM {
	r := rand.New(rand.NewPCG(1, uint64(dim)))
	for {
		d := New(dim)
		d.Up()
		ok := true
		for x := 1; x < dim && ok; x++ {
			if r.IntN(2) == 0 {
				d.Reset(x, 0)
				d.Up()
			}
			ok = d.Constrain(x, 0, LE(10+r.Int32N(10)))
		}
		if ok && !d.IsEmpty() {
			return d
		}
	}
}

func benchLU(dim int) (l, u []int32) {
	l, u = make([]int32, dim), make([]int32, dim)
	for i := 1; i < dim; i++ {
		l[i], u[i] = int32(3+i%5), int32(2+i%7)
	}
	return l, u
}

func bench(b *testing.B, name string, f func(b *testing.B, dim int)) {
	for _, dim := range benchDims {
		b.Run(fmt.Sprintf("%s/dim=%d", name, dim), func(b *testing.B) { f(b, dim) })
	}
}

func BenchmarkDBM(b *testing.B) {
	bench(b, "CopyFrom", func(b *testing.B, dim int) {
		z, d := benchZone(dim), New(dim)
		for b.Loop() {
			d.CopyFrom(z)
		}
	})
	bench(b, "Close", func(b *testing.B, dim int) {
		d := benchZone(dim)
		for b.Loop() {
			d.Close()
		}
	})
	bench(b, "Close1", func(b *testing.B, dim int) {
		d := benchZone(dim)
		for b.Loop() {
			d.Close1(dim / 2)
		}
	})
	bench(b, "Constrain", func(b *testing.B, dim int) { // includes a CopyFrom
		z, d := benchZone(dim), New(dim)
		bnd := z.At(1, 0).Add(LT(-1))
		for b.Loop() {
			d.CopyFrom(z)
			d.Constrain(1, 0, bnd)
		}
	})
	bench(b, "Up", func(b *testing.B, dim int) {
		d := benchZone(dim)
		for b.Loop() {
			d.Up()
		}
	})
	bench(b, "Reset", func(b *testing.B, dim int) {
		d := benchZone(dim)
		for b.Loop() {
			d.Reset(dim-1, 0)
		}
	})
	bench(b, "Includes", func(b *testing.B, dim int) { // worst case: equal zones
		z := benchZone(dim)
		d := z.Copy()
		for b.Loop() {
			_ = d.Includes(z)
		}
	})
	bench(b, "IsIncludedLU", func(b *testing.B, dim int) {
		z := benchZone(dim)
		d := z.Copy()
		l, u := benchLU(dim)
		for b.Loop() {
			_ = d.IsIncludedLU(z, l, u)
		}
	})
	bench(b, "ExtrapolateLU", func(b *testing.B, dim int) { // includes a CopyFrom and the closure
		z, d := benchZone(dim), New(dim)
		l, u := benchLU(dim)
		for b.Loop() {
			d.CopyFrom(z)
			d.ExtrapolateLU(l, u)
		}
	})
	bench(b, "Hash", func(b *testing.B, dim int) {
		d := benchZone(dim)
		for b.Loop() {
			_ = d.Hash()
		}
	})
}
