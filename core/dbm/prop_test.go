// Property tests: every operation against brute force on grids of points, on
// seeded random zones.

package dbm

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var seedFlag = flag.Uint64("dbm.seed", 20240601, "seed of the random DBM tests")

// config is one shape of random test: dimension, largest constant, and the
// grid the zones are compared on. Half-integer grids catch strictness; the
// quarter grid for two clocks separates the regions 0 < {x} < {y} < 1.
type config struct {
	name   string
	dim    int
	c      int32
	g      grid
	trials int
}

var configs = []config{
	{"1clock", 2, 4, grid{2, 2, 2 * 7}, 300},
	{"2clocks", 3, 3, grid{3, 4, 4 * 6}, 250},
	{"3clocks", 4, 3, grid{4, 2, 2 * 5}, 120},
}

// trials runs f on every configuration with a reproducible generator per
// trial; a failure names the seed and trial to replay with -dbm.seed.
func trials(t *testing.T, f func(t *testing.T, r *rand.Rand, cf config)) {
	t.Helper()
	for ci, cf := range configs {
		t.Run(cf.name, func(t *testing.T) {
			for k := 0; k < cf.trials; k++ {
				r := rand.New(rand.NewPCG(*seedFlag, uint64(ci)<<32|uint64(k)))
				f(t, r, cf)
				if t.Failed() {
					t.Fatalf("failed at -dbm.seed=%d, %s trial %d", *seedFlag, cf.name, k)
				}
			}
		})
	}
}

// zoneSet is the grid membership of d under the reference semantics.
func (g grid) zone(d *DBM) []bool {
	if d.IsEmpty() {
		return g.set(func([]int64) bool { return false })
	}
	r := toRef(d)
	return g.set(func(v []int64) bool { return refContains(r, v, g.den) })
}

// expectSet fails unless d is valid and holds exactly the grid points want.
func expectSet(t *testing.T, g grid, what string, d *DBM, want []bool, inputs ...*DBM) {
	t.Helper()
	if err := d.Check(); err != nil {
		t.Errorf("%s: %v%s", what, err, dump(inputs...))
		return
	}
	if s := g.diff(g.zone(d), want); s != "" {
		t.Errorf("%s: %s\nresult %v\n%s%s", what, s, d, d.matrix(), dump(inputs...))
	}
}

func dump(ds ...*DBM) string {
	s := ""
	for k, d := range ds {
		s += fmt.Sprintf("\ninput %d: %v\n%s", k, d, d.matrix())
	}
	return s
}

// exists reports whether some step s in [0, steps] puts point(s) in z, with
// points on the doubled grid 2·den.
func exists(z ref, den int64, steps int64, point func(s int64, w []int64) bool) bool {
	w := make([]int64, z.n)
	for s := int64(0); s <= steps; s++ {
		if point(s, w) && refContains(z, w, 2*den) {
			return true
		}
	}
	return false
}

// far is a delay, in doubled-grid units, beyond which nothing new happens.
func far(g grid, c int32) int64 { return 2 * (g.max + g.den*int64(c+1)) }

func TestCloseMatchesReference(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		raw, _ := randomRaw(r, cf.dim, cf.c)
		want := toRef(raw)
		nonEmpty := refClose(want)
		d := raw.Copy()
		if got := d.Close(); got != nonEmpty {
			t.Fatalf("Close = %v, reference says non-empty = %v%s", got, nonEmpty, dump(raw))
		}
		if !nonEmpty {
			if !d.IsEmpty() {
				t.Errorf("empty zone not marked%s", dump(raw))
			}
			return
		}
		if !d.Equal(fromRef(want)) {
			t.Errorf("Close differs from reference\ngot\n%swant\n%s%s", d.matrix(), fromRef(want).matrix(), dump(raw))
		}
		rawRef := toRef(raw)
		expectSet(t, cf.g, "Close", d, cf.g.set(func(v []int64) bool { return refContains(rawRef, v, cf.g.den) }), raw)
		again := d.Copy()
		if !again.Close() || !again.Equal(d) {
			t.Errorf("Close is not idempotent%s", dump(d))
		}
	})
}

func TestIncrementalClose(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		// Tighten entries among a random set of touched clocks.
		var set []int
		for k := 0; k < cf.dim; k++ {
			if r.IntN(2) == 0 {
				set = append(set, k)
			}
		}
		if len(set) < 2 {
			set = []int{0, cf.dim - 1}
		}
		raw := z.Copy()
		changes := 1 + r.IntN(3)
		lastI, lastJ := 0, 0
		for c := 0; c < changes; c++ {
			i, j := set[r.IntN(len(set))], set[r.IntN(len(set))]
			if i == j {
				continue
			}
			b := LE(r.Int32N(2*cf.c+1) - cf.c)
			if b < raw.At(i, j) {
				raw.Set(i, j, b)
				lastI, lastJ = i, j
			}
		}
		full := raw.Copy()
		fullOK := full.Close()
		inc := raw.Copy()
		incOK := true
		for _, k := range set {
			incOK = incOK && inc.Close1(k)
		}
		if fullOK != incOK || fullOK && !full.Equal(inc) {
			t.Errorf("Close1 over %v: %v %v, Close: %v %v%s", set, incOK, inc, fullOK, full, dump(z, raw))
		}
		// One change: CloseIJ.
		one := z.Copy()
		b := LT(r.Int32N(2*cf.c+1) - cf.c)
		if lastI == lastJ {
			lastI, lastJ = 0, cf.dim-1
		}
		if b >= one.At(lastI, lastJ) {
			return
		}
		one.Set(lastI, lastJ, b)
		ref := one.Copy()
		refOK := ref.Close()
		if ok := one.CloseIJ(lastI, lastJ); ok != refOK || ok && !one.Equal(ref) {
			t.Errorf("CloseIJ(%d,%d) after %v: %v %v, Close: %v %v%s", lastI, lastJ, b, ok, one, refOK, ref, dump(z))
		}
	})
}

func TestConstrain(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		i, j := r.IntN(cf.dim), r.IntN(cf.dim)
		b := LE(r.Int32N(2*cf.c+3) - cf.c - 1)
		if r.IntN(2) == 0 {
			b = LT(b.Value())
		}
		zr := toRef(z)
		br := rbOf(b)
		want := cf.g.set(func(v []int64) bool {
			return refContains(zr, v, cf.g.den) && br.holds(v[i]-v[j], cf.g.den)
		})
		got := z.Copy()
		ok := got.Constrain(i, j, b)
		// The reference decides emptiness exactly, independently of the grid.
		rr := zr.clone()
		rr.m[i*cf.dim+j] = rbMin(rr.m[i*cf.dim+j], br)
		if refOK := refClose(rr); ok != refOK {
			t.Fatalf("Constrain(%d,%d,%v) = %v, reference %v%s", i, j, b, ok, refOK, dump(z))
		}
		if !ok {
			return
		}
		expectSet(t, cf.g, fmt.Sprintf("Constrain(%d,%d,%v)", i, j, b), got, want, z)
		if !z.Includes(got) {
			t.Errorf("Constrain grew the zone%s", dump(z, got))
		}
		all := z.Copy()
		if !all.ConstrainAll([]Constraint{{i, j, b}}) || !all.Equal(got) {
			t.Errorf("ConstrainAll differs from Constrain%s", dump(z, got, all))
		}
	})
}

func TestConstrainAll(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		cs := make([]Constraint, r.IntN(4))
		for k := range cs {
			cs[k] = Constraint{r.IntN(cf.dim), r.IntN(cf.dim), LE(r.Int32N(2*cf.c+1) - cf.c)}
		}
		all := z.Copy()
		okAll := all.ConstrainAll(cs)
		seq := z.Copy()
		okSeq := true
		for _, c := range cs {
			okSeq = okSeq && seq.Constrain(c.I, c.J, c.B)
		}
		if okAll != okSeq || okAll && !all.Equal(seq) {
			t.Errorf("ConstrainAll(%v) = %v %v, one by one %v %v%s", cs, okAll, all, okSeq, seq, dump(z))
		}
		if okAll {
			if err := all.Check(); err != nil {
				t.Error(err)
			}
		}
	})
}

func TestUp(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		zr := toRef(z)
		want := cf.g.set(func(v []int64) bool {
			low := v[1]
			for _, x := range v[1:] {
				low = min(low, x)
			}
			return exists(zr, cf.g.den, 2*low, func(s int64, w []int64) bool {
				for i := 1; i < len(v); i++ {
					w[i] = 2*v[i] - s
				}
				return true
			})
		})
		got := z.Copy()
		got.Up()
		expectSet(t, cf.g, "Up", got, want, z)
		twice := got.Copy()
		twice.Up()
		if !twice.Equal(got) || !got.Includes(z) {
			t.Errorf("Up is not idempotent and extensive%s", dump(z, got))
		}
	})
}

func TestDown(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		zr := toRef(z)
		want := cf.g.set(func(v []int64) bool {
			return exists(zr, cf.g.den, far(cf.g, cf.c), func(s int64, w []int64) bool {
				for i := 1; i < len(v); i++ {
					w[i] = 2*v[i] + s
				}
				return true
			})
		})
		got := z.Copy()
		got.Down()
		expectSet(t, cf.g, "Down", got, want, z)
		twice := got.Copy()
		twice.Down()
		if !twice.Equal(got) || !got.Includes(z) {
			t.Errorf("Down is not idempotent and extensive%s", dump(z, got))
		}
	})
}

// existsClock reports whether v with clock x replaced by some value is in z.
func existsClock(z ref, g grid, c int32, v []int64, x int) bool {
	return exists(z, g.den, far(g, c), func(s int64, w []int64) bool {
		for i := 1; i < len(v); i++ {
			w[i] = 2 * v[i]
		}
		w[x] = s
		return true
	})
}

func TestResetFreeAssign(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		zr := toRef(z)
		x := 1 + r.IntN(cf.dim-1)
		val := r.Int32N(cf.c + 1)
		got := z.Copy()
		got.Reset(x, val)
		expectSet(t, cf.g, fmt.Sprintf("Reset(%d,%d)", x, val), got, cf.g.set(func(v []int64) bool {
			return v[x] == int64(val)*cf.g.den && existsClock(zr, cf.g, cf.c, v, x)
		}), z)

		got = z.Copy()
		got.Free(x)
		expectSet(t, cf.g, fmt.Sprintf("Free(%d)", x), got, cf.g.set(func(v []int64) bool {
			return existsClock(zr, cf.g, cf.c, v, x)
		}), z)

		y := r.IntN(cf.dim)
		got = z.Copy()
		got.AssignClock(x, y)
		expectSet(t, cf.g, fmt.Sprintf("AssignClock(%d,%d)", x, y), got, cf.g.set(func(v []int64) bool {
			if x == y { // x := x changes nothing
				return refContains(zr, v, cf.g.den)
			}
			return v[x] == v[y] && existsClock(zr, cf.g, cf.c, v, x)
		}), z)
	})
}

func TestIntersect(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		a, b := randomZone(r, cf.dim, cf.c), randomZone(r, cf.dim, cf.c)
		ar, br := toRef(a), toRef(b)
		want := cf.g.set(func(v []int64) bool {
			return refContains(ar, v, cf.g.den) && refContains(br, v, cf.g.den)
		})
		both := ar.clone()
		for k := range both.m {
			both.m[k] = rbMin(both.m[k], br.m[k])
		}
		refOK := refClose(both)
		got := a.Copy()
		ok := got.Intersect(b)
		if ok != refOK {
			t.Fatalf("Intersect = %v, reference %v%s", ok, refOK, dump(a, b))
		}
		if !ok {
			return
		}
		expectSet(t, cf.g, "Intersect", got, want, a, b)
		if !got.Equal(fromRef(both)) {
			t.Errorf("Intersect differs from reference%s", dump(a, b, got))
		}
	})
}

// refRelation compares two non-empty zones exactly with refSubset.
func refRelation(a, b ref) Relation {
	r := Different
	if refSubset(a, b) {
		r |= Subset
	}
	if refSubset(b, a) {
		r |= Superset
	}
	return r
}

func TestRelationIncludesEqualHash(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		a := randomZone(r, cf.dim, cf.c)
		var b *DBM
		switch r.IntN(4) {
		case 0:
			b = a.Copy()
		case 1: // a subset of a, possibly empty
			b = a.Copy()
			b.Constrain(r.IntN(cf.dim), r.IntN(cf.dim), LE(r.Int32N(cf.c+1)))
		case 2:
			b = a.Copy()
			b.Up()
		default:
			b = randomZone(r, cf.dim, cf.c)
		}
		rel := a.Relation(b)
		want := Superset
		if !b.IsEmpty() {
			want = refRelation(toRef(a), toRef(b))
		}
		if rel != want {
			t.Errorf("Relation = %v, reference %v%s", rel, want, dump(a, b))
		}
		ga, gb := cf.g.zone(a), cf.g.zone(b)
		for k := range ga {
			if rel&Subset != 0 && ga[k] && !gb[k] || rel&Superset != 0 && gb[k] && !ga[k] {
				t.Errorf("Relation %v contradicted on the grid%s", rel, dump(a, b))
				break
			}
		}
		if a.Includes(b) != (rel&Superset != 0) || b.Includes(a) != (rel&Subset != 0) {
			t.Errorf("Includes disagrees with Relation %v%s", rel, dump(a, b))
		}
		if a.Equal(b) != (rel == Equal) || b.Relation(a) != (rel&Subset)>>1|(rel&Superset)<<1 {
			t.Errorf("Equal or reverse Relation disagrees with %v%s", rel, dump(a, b))
		}
		if rel == Equal && a.Hash() != b.Hash() {
			t.Errorf("equal zones hash differently%s", dump(a, b))
		}
	})
}

func TestContainsMatchesReference(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		zr := toRef(z)
		cf.g.each(func(v []int64) bool {
			if z.Contains(v, cf.g.den) != refContains(zr, v, cf.g.den) {
				t.Errorf("Contains(%s) = %v%s", cf.g.format(v), !refContains(zr, v, cf.g.den), dump(z))
				return false
			}
			return true
		})
	})
}

func TestPoint(t *testing.T) {
	trials(t, func(t *testing.T, r *rand.Rand, cf config) {
		z := randomZone(r, cf.dim, cf.c)
		if r.IntN(3) == 0 { // strict chains between integers need finer points
			for i := 1; i+1 < cf.dim; i++ {
				z.Constrain(i, i+1, LTZero)
			}
			z.Constrain(cf.dim-1, 0, LT(1+r.Int32N(2)))
			if z.IsEmpty() {
				return
			}
		}
		v := make([]int64, cf.dim)
		den, ok := z.Point(v)
		if !ok || den != PointDen(cf.dim) {
			t.Fatalf("Point = %v, %v%s", den, ok, dump(z))
		}
		if !z.Contains(v, den) || !refContains(toRef(z), v, den) {
			t.Fatalf("Point %v/%d is not in the zone%s", v, den, dump(z))
		}
		if cf.dim > 3 {
			return
		}
		// Lexicographically least on the grid of multiples of 1/den.
		g := grid{cf.dim, den, den * int64(cf.c+1) * int64(cf.dim)}
		var best []int64
		g.each(func(w []int64) bool {
			if z.Contains(w, den) && (best == nil || lexLess(w, best)) {
				best = append([]int64(nil), w...)
			}
			return true
		})
		if best == nil || lexLess(best, v) || lexLess(v, best) {
			t.Errorf("Point %v, least grid point %v (den %d)%s", v, best, den, dump(z))
		}
	})
}

func lexLess(a, b []int64) bool {
	for i := 1; i < len(a); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func TestHashSpreads(t *testing.T) {
	r := rand.New(rand.NewPCG(*seedFlag, 99))
	seen := map[uint64]*DBM{}
	collisions := 0
	for k := 0; k < 2000; k++ {
		z := randomZone(r, 4, 5)
		h := z.Hash()
		if o, ok := seen[h]; ok && !o.Equal(z) {
			collisions++
		}
		seen[h] = z
	}
	if collisions > 0 {
		t.Errorf("%d hash collisions among distinct random zones", collisions)
	}
}
