// Tests of the abstractions against the papers' definitions and the aLU
// simulation checked point by point.

package dbm

import (
	"math/rand/v2"
	"testing"
)

func TestExtrapolateLUMatchesReference(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c+2)
		l, u := randomLU(r, cf.dim, cf.c)
		got := z.Copy()
		got.ExtrapolateLU(l, u)
		if err := got.Check(); err != nil {
			t.Fatalf("ExtrapolateLU(%v, %v): %v%s", l, u, err, dump(z))
		}
		if want := fromRef(refExtraLUPlus(toRef(z), l, u)); !got.Equal(want) {
			t.Errorf("ExtrapolateLU(%v, %v) = %v, reference %v%s", l, u, got, want, dump(z))
		}
		if !got.Includes(z) {
			t.Errorf("ExtrapolateLU(%v, %v) lost points%s", l, u, dump(z, got))
		}
		again := got.Copy()
		again.ExtrapolateLU(l, u)
		if !again.Equal(got) {
			t.Errorf("ExtrapolateLU(%v, %v) is not idempotent: %v then %v%s", l, u, got, again, dump(z))
		}
		// Extra+_LU(Z) ⊆ aLU(Z), so the aLU test must accept it.
		if !got.IsIncludedLU(z, l, u) {
			t.Errorf("Extra+_LU(Z) not included in aLU(Z) for L=%v U=%v%s", l, u, dump(z, got))
		}
	})
}

func TestExtrapolateMMatchesReference(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c+2)
		_, m := randomLU(r, cf.dim, cf.c)
		got := z.Copy()
		got.ExtrapolateM(m)
		if err := got.Check(); err != nil {
			t.Fatalf("ExtrapolateM(%v): %v%s", m, err, dump(z))
		}
		if want := fromRef(refExtraM(toRef(z), m)); !got.Equal(want) {
			t.Errorf("ExtrapolateM(%v) = %v, reference %v%s", m, got, want, dump(z))
		}
		lu := z.Copy()
		lu.ExtrapolateLU(m, m)
		if !got.Includes(z) || !lu.Includes(got) {
			t.Errorf("want Z ⊆ Extra_M(Z) ⊆ Extra+_LU(Z) with L=U=%v%s", m, dump(z, got, lu))
		}
	})
}

func TestExtrapolateLargeBoundsIsIdentity(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		big := make([]int32, cf.dim)
		for i := range big {
			big[i] = maxConstant(z) + r.Int32N(3)
		}
		got := z.Copy()
		got.ExtrapolateLU(big, big)
		m := z.Copy()
		m.ExtrapolateM(big)
		if !got.Equal(z) || !m.Equal(z) {
			t.Errorf("extrapolation with bounds %v above every constant changed the zone: LU %v, M %v%s", big, got, m, dump(z))
		}
	})
}

// aluConfigs use grids fine enough (denominator ≥ dim) and wide enough (past
// twice the largest constant) to find a witness of non-inclusion.
var aluConfigs = []config{
	{"1clock", 2, 3, grid{2, 2, 2 * 8}, 300},
	{"2clocks", 3, 3, grid{3, 4, 4 * 8}, 200},
	{"3clocks", 4, 2, grid{4, 4, 4 * 6}, 40},
}

func TestExtrapolateLUWithinALUOnGrid(t *testing.T) {
	for ci, cf := range aluConfigs {
		t.Run(cf.name, func(t *testing.T) {
			for k := 0; k < cf.trials/2; k++ {
				r := rand.New(rand.NewPCG(*seedFlag, 1<<40|uint64(ci)<<32|uint64(k)))
				z := randomZone(r, cf.dim, cf.c)
				l, u := randomLU(r, cf.dim, cf.c)
				x := z.Copy()
				x.ExtrapolateLU(l, u)
				zr := toRef(z)
				cf.g.each(func(v []int64) bool {
					if x.Contains(v, cf.g.den) && !inALU(zr, v, cf.g.den, l, u) {
						t.Errorf("point %s of Extra+_LU(Z) is not in aLU(Z), L=%v U=%v%s", cf.g.format(v), l, u, dump(z, x))
						return false
					}
					return true
				})
				if t.Failed() {
					t.Fatalf("failed at -dbm.seed=%d trial %d", *seedFlag, k)
				}
			}
		})
	}
}

// aluPair returns two zones whose aLU inclusion is worth asking about: often
// related by extrapolation, delay or a constraint.
func aluPair(r *rand.Rand, cf config, l, u []int32) (z, zp *DBM) {
	z = randomZone(r, cf.dim, cf.c)
	switch r.IntN(4) {
	case 0:
		zp = randomZone(r, cf.dim, cf.c)
	case 1:
		zp = z.Copy()
		zp.Constrain(r.IntN(cf.dim), r.IntN(cf.dim), LT(r.Int32N(cf.c+1)))
	case 2:
		zp = z.Copy()
		zp.ExtrapolateLU(l, u)
		z, zp = zp, z // extrapolated ⊆ aLU(original)
		z.Constrain(r.IntN(cf.dim), r.IntN(cf.dim), LE(r.Int32N(2*cf.c+2)))
	default:
		zp = z.Copy()
		zp.Free(1 + r.IntN(cf.dim-1))
		z.Up()
	}
	return z, zp
}

func TestIsIncludedLUOnGrid(t *testing.T) {
	for ci, cf := range aluConfigs {
		t.Run(cf.name, func(t *testing.T) {
			for k := 0; k < cf.trials; k++ {
				r := rand.New(rand.NewPCG(*seedFlag, 2<<40|uint64(ci)<<32|uint64(k)))
				l, u := randomLU(r, cf.dim, cf.c)
				z, zp := aluPair(r, cf, l, u)
				if z.IsEmpty() || zp.IsEmpty() {
					continue
				}
				got := z.IsIncludedLU(zp, l, u)
				zpr := toRef(zp)
				witness := ""
				cf.g.each(func(v []int64) bool {
					if z.Contains(v, cf.g.den) && !inALU(zpr, v, cf.g.den, l, u) {
						witness = cf.g.format(v)
						return false
					}
					return true
				})
				if got != (witness == "") {
					t.Fatalf("IsIncludedLU = %v, grid witness %q, L=%v U=%v, -dbm.seed=%d trial %d%s",
						got, witness, l, u, *seedFlag, k, dump(z, zp))
				}
				if zp.Includes(z) && !got {
					t.Fatalf("Z ⊆ Z' but IsIncludedLU false%s", dump(z, zp))
				}
			}
		})
	}
}

func TestIsIncludedLULaws(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z, zp := randomZone(r, cf.dim, cf.c), randomZone(r, cf.dim, cf.c)
		l, u := randomLU(r, cf.dim, cf.c)
		if !z.IsIncludedLU(z, l, u) {
			t.Errorf("Z not included in aLU(Z)%s", dump(z))
		}
		none := make([]int32, cf.dim)
		for i := range none {
			none[i] = NoBound
		}
		if !z.IsIncludedLU(zp, none, none) {
			t.Errorf("with no bounds aLU(Z') is everything, but the test failed%s", dump(z, zp))
		}
		// With bounds above every constant, aLU inclusion is plain inclusion
		// on these zones (no clock is ever above its bounds).
		big := make([]int32, cf.dim)
		for i := range big {
			big[i] = 4*cf.c + 4
		}
		if z.IsIncludedLU(zp, big, big) != zp.Includes(z) && bounded(z, 4*cf.c+4) {
			t.Errorf("with large bounds IsIncludedLU = %v, Includes = %v%s", !zp.Includes(z), zp.Includes(z), dump(z, zp))
		}
	})
}

// maxConstant returns the largest absolute constant of z's finite entries.
func maxConstant(z *DBM) int32 {
	c := int32(0)
	for _, b := range z.Raw() {
		if b != LTInfinity {
			c = max(c, b.Value(), -b.Value())
		}
	}
	return c
}

// bounded reports whether every clock of z has a finite upper bound ≤ c.
func bounded(z *DBM, c int32) bool {
	for i := 1; i < z.Dim(); i++ {
		if b := z.At(i, 0); b == LTInfinity || b.Value() > c {
			return false
		}
	}
	return true
}
