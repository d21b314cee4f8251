// SwapClocks against brute force: a point is in the swapped zone exactly
// when the point with the two values exchanged is in the zone.

package dbm

import (
	"math/rand/v2"
	"testing"
)

func TestSwapClocks(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		if cf.dim < 3 {
			return
		}
		z := randomZone(r, cf.dim, cf.c)
		i, j := 1+r.IntN(cf.dim-1), 1+r.IntN(cf.dim-1)
		d := z.Copy()
		d.SwapClocks(i, j)
		zr := toRef(z)
		want := cf.g.set(func(v []int64) bool {
			w := append([]int64(nil), v...)
			w[i], w[j] = w[j], w[i]
			return refContains(zr, w, cf.g.den)
		})
		expectSet(t, cf.g, "SwapClocks", d, want, z)
		d.SwapClocks(j, i)
		if !d.Equal(z) {
			t.Errorf("swapping twice does not give the zone back%s", dump(z))
		}
	})
}
