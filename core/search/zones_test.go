package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"beeline/core/dbm"
)

// randomClosedZone returns a random closed non-empty zone of dimension dim
// whose constants are below c: resets, delays and constraints between
// random clocks, each undone if it empties the zone.
func randomClosedZone(r *rand.Rand, dim int, c int32) *dbm.DBM {
	z := dbm.New(dim)
	z.Zero()
	if dim == 1 {
		return z
	}
	try := dbm.New(dim)
	for range 3 * dim {
		try.CopyFrom(z)
		x := 1 + r.IntN(dim-1)
		switch r.IntN(4) {
		case 0:
			try.Reset(x, r.Int32N(c))
		case 1:
			try.Up()
		case 2:
			try.Constrain(x, 0, dbm.LE(r.Int32N(c)))
		default:
			y := r.IntN(dim)
			if y != x && !try.Constrain(x, y, dbm.LT(r.Int32N(2*c)-c)) {
				continue
			}
		}
		if !try.IsEmpty() {
			z.CopyFrom(try)
		}
	}
	return z
}

// pointZone returns the zone of dimension dim where clock x is v(x): every
// entry is finite.
func pointZone(dim int, v func(x int) int32) *dbm.DBM {
	z := dbm.New(dim)
	z.Zero()
	for x := 1; x < dim; x++ {
		z.Reset(x, v(x))
	}
	return z
}

// expectRoundTrip stores z in h, and checks that it decodes to z, that
// its record is canonical, that it is wide exactly when a finite bound
// does not fit in int16, and stored as bytes exactly when every one fits
// in int8.
func expectRoundTrip(t *testing.T, h *zoneHeap, z *dbm.DBM) {
	t.Helper()
	pos := h.add(z.Raw())
	out := make([]dbm.Bound, len(z.Raw()))
	h.decode(pos, out)
	if !slices.Equal(out, z.Raw()) {
		t.Fatalf("dim %d: zone %s decodes as %s", z.Dim(), formatRaw(z.Raw(), z.Dim()), formatRaw(out, z.Dim()))
	}
	if _, err := h.checkZone(pos, out); err != nil {
		t.Fatal(err)
	}
	wide, small := false, true
	for _, b := range z.Raw() {
		wide = wide || b != dbm.LTInfinity && b != dbm.Bound(int16(b))
		small = small && (b == dbm.LTInfinity || b == dbm.Bound(int8(b)))
	}
	want := uint16(0)
	switch {
	case wide:
		want = wideZone
	case small:
		want = byteZone
	}
	if got := h.at(pos)[0]; got != want {
		t.Fatalf("dim %d: zone %s stored with header %d, want %d", z.Dim(), formatRaw(z.Raw(), z.Dim()), got, want)
	}
}

func TestZoneRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, dim := range []int{1, 2, 3, 10, 33, 70} {
		t.Run(fmt.Sprint(dim), func(t *testing.T) {
			h := newZoneHeap(dim)
			for _, c := range []int32{5, 60, 1 << 14, 1 << 20, dbm.MaxConstant / 4} {
				for range 20 {
					expectRoundTrip(t, &h, randomClosedZone(r, dim, c))
				}
			}
			expectRoundTrip(t, &h, pointZone(dim, func(x int) int32 { return int32(x) }))
			expectRoundTrip(t, &h, pointZone(dim, func(x int) int32 { return int32(x) << 20 }))
			all := pointZone(dim, func(x int) int32 { return int32(x) << 20 })
			if dim > 1 {
				all.Up() // no upper bounds: wide, with unbounded entries
			}
			expectRoundTrip(t, &h, all)
		})
	}
}

// TestZoneWidthEdges stores bounds at and just past the ends of int8
// and int16: raw bounds −128 (x > 64) and 127 (x ≤ 63) are bytes, −129
// and 129 narrow, and so are −32768 (x > 16384) and 32767 (x ≤ 16383);
// −32769 (x ≥ 16385) and 32769 (x ≤ 16384) are wide.
func TestZoneWidthEdges(t *testing.T) {
	h := newZoneHeap(3)
	for _, c := range []struct {
		i, j int
		b    dbm.Bound
	}{
		{0, 1, -128}, {1, 0, 127}, {0, 1, -129}, {1, 0, 129},
		{1, 2, 127}, {2, 1, -128}, {1, 2, 129}, {2, 1, -129},
		{0, 1, -32768}, {1, 0, 32767}, {0, 1, -32769}, {1, 0, 32769},
		{1, 2, 32767}, {2, 1, -32768}, {1, 2, 32769}, {2, 1, -32769},
	} {
		z := dbm.New(3)
		z.Unconstrained()
		if !z.Constrain(c.i, c.j, c.b) || z.At(c.i, c.j) != c.b {
			t.Fatalf("constraint (%d,%d) %d: zone %s", c.i, c.j, c.b, formatRaw(z.Raw(), 3))
		}
		expectRoundTrip(t, &h, z)
	}
}

// TestZoneSizes checks the record sizes: the largest zone is wide with
// every entry finite, and a zone of Fischer's protocol's shape (dimension
// 10, 26 finite bounds) takes 68 bytes narrow and 40 as bytes.
func TestZoneSizes(t *testing.T) {
	for _, dim := range []int{1, 2, 10, 70} {
		h := newZoneHeap(dim)
		pos := h.add(pointZone(dim, func(x int) int32 { return int32(x) << 20 }).Raw())
		if got := h.sizeAt(pos); got != h.most {
			t.Errorf("dim %d: largest zone takes %d units, want %d", dim, got, h.most)
		}
	}
	h := newZoneHeap(10)
	if got := h.units(26, 0) * 4; got != 68 {
		t.Errorf("a narrow zone of dimension 10 with 26 finite bounds takes %d bytes, want 68", got)
	}
	if got := h.units(26, byteZone) * 4; got != 40 {
		t.Errorf("a zone of bytes of dimension 10 with 26 finite bounds takes %d bytes, want 40", got)
	}
}

// TestZoneHeapBigZones stores zones of 260 clocks, whose largest takes
// more than the 256 KiB of a chunk: each chunk then holds one of them,
// and smaller zones share one.
func TestZoneHeapBigZones(t *testing.T) {
	const dim = 260
	h := newZoneHeap(dim)
	if h.shift <= 16 || h.room != int(h.most)*halfPerUnit {
		t.Fatalf("largest zone of %d units: chunks of 2^%d units holding %d halfwords", h.most, h.shift, h.room)
	}
	big := pointZone(dim, func(x int) int32 { return int32(x) << 20 })
	small := dbm.New(dim)
	small.Unconstrained()
	for _, z := range []*dbm.DBM{big, big, small, small, big} {
		expectRoundTrip(t, &h, z)
	}
	if len(h.chunks) != 4 {
		t.Fatalf("%d chunks, want 4: one per largest zone, and one for both small zones", len(h.chunks))
	}
}

// TestZoneHeapReuse releases zones and checks where the next ones go: a
// released record of their size (the last released first), else the
// front of the smallest larger one, whose rest is released in turn, else
// past the used heap. Every zone still held decodes as stored.
func TestZoneHeapReuse(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	h := newZoneHeap(6)
	held := map[int32]*dbm.DBM{}
	for range 200 {
		z := randomClosedZone(r, 6, 20)
		held[h.add(z.Raw())] = z
	}
	free := map[int32][]int32{} // size → positions, last released last
	released := 0
	for p := range held {
		if released == 100 {
			break
		}
		u := h.sizeAt(p)
		free[u] = append(free[u], p)
		h.release(p)
		delete(held, p)
		released++
	}
	fits, splits, fresh := 0, 0, 0
	for range 300 {
		z := randomClosedZone(r, 6, 20)
		h.encode(z.Raw())
		u := h.units(h.count, h.rec[0])
		used := h.used()
		best := int32(-1)
		for s, ps := range free {
			if s >= u && len(ps) > 0 && (best < 0 || s < best) {
				best = s
			}
		}
		p := h.addEncoded()
		switch {
		case best < 0:
			if int64(p)*halfPerUnit < used {
				t.Fatalf("zone of %d units stored at %d, inside the used heap, with no released record that fits", u, p)
			}
			fresh++
		default:
			ps := free[best]
			if want := ps[len(ps)-1]; p != want {
				t.Fatalf("zone of %d units stored at %d, want the released %d of %d units", u, p, want, best)
			}
			free[best] = ps[:len(ps)-1]
			if best > u {
				free[best-u] = append(free[best-u], p+u)
				splits++
			} else {
				fits++
			}
		}
		held[p] = z
	}
	out := make([]dbm.Bound, 36)
	for p, z := range held {
		h.decode(p, out)
		if !slices.Equal(out, z.Raw()) {
			t.Fatalf("zone at %d decodes as %s, want %s", p, formatRaw(out, 6), formatRaw(z.Raw(), 6))
		}
	}
	if fits == 0 || splits == 0 || fresh == 0 {
		t.Fatalf("weak test: %d exact fits, %d splits, %d fresh", fits, splits, fresh)
	}
}

// TestZoneHeapFull lowers the heap's limit and fills it: full turns true
// before a zone would pass the limit, across chunk boundaries, and an add
// past it panics rather than wrapping.
func TestZoneHeapFull(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, limit := range []int64{100, chunkUnits + 37, 3*chunkUnits - 1} {
		h := newZoneHeap(10)
		h.limit = limit
		n := 0
		for ; !h.full(); n++ {
			pos := h.add(randomClosedZone(r, 10, 20).Raw())
			if end := int64(pos) + int64(h.sizeAt(pos)); end > limit {
				t.Fatalf("limit %d: zone %d ends at %d", limit, n, end)
			}
		}
		if _, pos := h.nextFresh(h.most); pos+int64(h.most) <= limit || n == 0 {
			t.Fatalf("limit %d: full after %d zones with room for the largest at %d", limit, n, pos)
		}
		h.limit = int64(len(h.chunks)) << h.shift // no room past the last chunk
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("limit %d: adding past the limit did not panic", limit)
				}
			}()
			for range 1 << 16 {
				h.add(pointZone(10, func(x int) int32 { return int32(x) << 20 }).Raw())
			}
		}()
	}
}

// TestZoneLimitStopsSearch runs a search into a lowered zone limit: it
// stops with the memory reason, having stored what fits.
func TestZoneLimitStopsSearch(t *testing.T) {
	s := newSearcher(&counter{}, nil, Options{})
	s.store.zones.limit = 5000 // zones of dimension 1 take a unit each
	s.run(context.Background())
	r, err := s.result()
	if err != nil {
		t.Fatal(err)
	}
	expectStopped(t, r, ReasonMemory)
	if n := s.store.Len(); n < 4000 || n > 5000 {
		t.Fatalf("stopped with %d states stored, want about 5000", n)
	}
}

// TestStoreBytesGrowth checks that no Add allocates more than growth
// announced, and that Bytes never shrinks.
func TestStoreBytesGrowth(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, keep := range []bool{false, true} {
		for _, dim := range []int{2, 4, 12, 40} {
			s := NewStore(2, dim, StoreOptions{KeepTrace: keep})
			pool := zonePool(r, dim, 30)
			d := make([]int32, 2)
			grew := 0
			for i := range 20000 {
				d[0], d[1] = r.Int32N(50), r.Int32N(50)
				before, g := s.Bytes(), s.growth()
				s.Add(d, pool[r.IntN(len(pool))], NoNode, []int32{int32(i)})
				after := s.Bytes()
				if after < before || after-before > g {
					t.Fatalf("keep=%v dim %d add %d: bytes %d → %d, growth said %d", keep, dim, i, before, after, g)
				}
				if after > before {
					grew++
				}
			}
			if grew == 0 {
				t.Fatalf("keep=%v dim %d: weak test, the store never grew", keep, dim)
			}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestZoneCheckDetects corrupts zone records and expects checkZone to
// notice each.
func TestZoneCheckDetects(t *testing.T) {
	narrow := dbm.New(3) // x1 − x2 ≤ 100: 3 finite bounds, a halfword of padding
	narrow.Unconstrained()
	narrow.Constrain(1, 2, dbm.LE(100))
	small := dbm.New(3) // x1 − x2 ≤ 3: 3 bytes, a byte of padding
	small.Unconstrained()
	small.Constrain(1, 2, dbm.LE(3))
	wide := dbm.New(3) // x1 ≤ 5, x2 ≥ 2^20: finite (0,1), (0,2), (1,0), (1,2)
	wide.Unconstrained()
	wide.Constrain(1, 0, dbm.LE(5))
	wide.Constrain(0, 2, dbm.LE(-1<<20))
	inf := uint32(dbm.LTInfinity)
	corruptions := []struct {
		name, want string
		z          *dbm.DBM
		f          func(rec []uint16)
	}{
		{"header", "canonical", narrow, func(rec []uint16) { rec[0] |= 4 }},
		{"wide flag", "zone at", narrow, func(rec []uint16) { rec[0] |= wideZone }},
		{"narrow flag", "closed", wide, func(rec []uint16) { rec[0] &^= wideZone }},
		{"bitmap padding", "zone at", narrow, func(rec []uint16) { rec[1] |= 1 << 15 }},
		{"infinite bound", "canonical", wide, func(rec []uint16) { rec[6], rec[7] = uint16(inf), uint16(inf>>16) }},
		{"padding", "canonical", narrow, func(rec []uint16) { rec[len(rec)-1] = 1 }},
		{"narrow bytes", "zone at", small, func(rec []uint16) { rec[0] &^= byteZone }},
		{"byte padding", "canonical", small, func(rec []uint16) { b := asBytes(rec); b[len(b)-1] = 1 }},
	}
	for _, c := range corruptions {
		t.Run(c.name, func(t *testing.T) {
			h := newZoneHeap(3)
			pos := h.add(c.z.Raw())
			u := h.sizeAt(pos)
			c.f(h.at(pos)[:u*halfPerUnit])
			_, err := h.checkZone(pos, make([]dbm.Bound, 9))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("checkZone = %v, want an error containing %q", err, c.want)
			}
		})
	}
}
