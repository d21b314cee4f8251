// The zone heap: stored zones without their diagonal and unbounded entries.

package search

import (
	"fmt"
	"math/bits"
	"slices"
	"unsafe"

	"beeline/core/dbm"
)

// Zone heap geometry. A zone's position counts units of two halfwords (4
// bytes) from the start of the heap, so the non-negative int32 of a node
// reaches 8 GiB of zones.
const (
	heapUnits   = 1 << 31        // units a position can address
	chunkUnits  = chunkBytes / 4 // units of a chunk unless one zone needs more
	firstHeap   = 512            // halfwords of the first chunk when it is created
	wideZone    = uint16(1)      // header bit: bounds are int32
	byteZone    = uint16(2)      // header bit: bounds are int8 (unless wideZone)
	halfPerUnit = 2
)

// zoneHeap holds the zones of a store, each a variable-length record of
// halfwords (uint16):
//
//	header   1 halfword   bit 0: the bounds are wide (int32); else bit 1:
//	                      they are bytes (int8); else narrow (int16); the
//	                      other bits are 0
//	bitmap   ⌈n(n−1)/16⌉  bit p%16 of halfword p/16 is set when off-diagonal
//	                      entry p is finite (not dbm.LTInfinity); entries
//	                      are numbered row-major with the diagonal skipped,
//	                      and the bits past n(n−1) are 0
//	bounds   the finite entries in that order, one byte each, in the
//	         order of memory (bytes), one halfword each (narrow) or two,
//	         low half first (wide)
//	padding  to an even number of halfwords, 0 (and the byte after the
//	         last bound, when bytes are odd in number)
//
// The diagonal of a closed non-empty zone is dbm.LEZero and is not stored.
// A zone is stored as bytes when every finite bound fits in int8, and
// narrow when every one fits in int16, which are the common cases: bounds
// are (c<<1)|weak with small constants. On Fischer's protocol with 9
// processes 26 of the 90 off-diagonal entries are finite on average
// (extrapolated zones; 47 with lazy ones), so a zone takes 44 bytes
// (lazy: 64) instead of the 400 of its matrix; as halfwords, 68 (108).
// The byte class saves 40% of the zone heap of a lazy search of
// Fischer's protocol. Its bounds are read and written through a view of
// the halfwords as bytes (asBytes), so that decoding them is the loop that
// decodes halfwords: reading them out of halfwords with a shift per bound
// made decoding half as fast again, and a search of the traffic-light
// controller (23 clocks, where decoding is a fifth of the time) 6% slower.
// The view reads the bytes as they lie in memory, whatever the byte order
// of the machine, which encode and decode agree on.
//
// The records lie in chunks of 2^shift units that never move: like a slab
// (see slab.go for why chunks, and why at most 256 KiB), the heap grows a
// chunk at a time and its bytes are what it holds. A chunk holds 256 KiB
// unless one zone needs more, and then as many of the largest zones as
// fit in its 2^shift units. The first chunk starts small and grows by
// doubling. A zone never straddles two chunks: a zone that does not fit in
// the rest of the last chunk starts a new one, and the rest stays unused.
//
// A released zone goes to the free list of its size (in units), linked
// through its first two halfwords; a new zone takes a released record of
// its size or else the front of the smallest larger one, the rest being
// released on its own (see alloc). The free lists cost one int32 and one
// bit per size, not a word per released record.
type zoneHeap struct {
	dim   int
	words int         // bitmap halfwords per zone
	most  int32       // units of the largest zone: wide, every entry finite
	offs  int         // off-diagonal entries: dim(dim−1)
	off   []int32     // matrix index of off-diagonal entry p, padded with 0s to a multiple of 64
	blank []dbm.Bound // dim×dim: dbm.LEZero on the diagonal, dbm.LTInfinity elsewhere

	// The last zone encoded (encode): its bitmap in words of 64 bits, its
	// record (room for the largest) and its number of finite bounds.
	bm    []uint64
	rec   []uint16
	count int

	shift  uint8 // log2 of the units per chunk
	room   int   // halfwords a chunk holds when full
	chunks [][]uint16
	held   int64 // halfwords the chunks can hold (their capacities)
	// limit is the number of units positions may address: no zone ends
	// past it. It is heapUnits; tests lower it.
	limit int64

	// free is, per size in units, the first released record of that size
	// or −1; it stays nil until the first release. sizes has bit u set
	// when free[u] is not empty.
	free  []int32
	sizes []uint64
}

// newZoneHeap returns an empty heap for zones of dimension dim.
func newZoneHeap(dim int) zoneHeap {
	offs := dim * (dim - 1)
	h := zoneHeap{dim: dim, words: (offs + 15) / 16, offs: offs, limit: heapUnits}
	h.most = h.units(offs, wideZone)
	h.bm = make([]uint64, (offs+63)/64)
	h.off = make([]int32, 64*len(h.bm))
	h.blank = make([]dbm.Bound, dim*dim)
	p := 0
	for i := range dim * dim {
		if i%(dim+1) == 0 {
			h.blank[i] = dbm.LEZero
			continue
		}
		h.blank[i] = dbm.LTInfinity
		h.off[p] = int32(i)
		p++
	}
	h.rec = make([]uint16, int(h.most)*halfPerUnit)
	h.shift, h.room = 16, halfPerUnit*chunkUnits
	for int32(1)<<h.shift < h.most {
		h.shift++
	}
	if h.shift > 16 { // the largest zone needs more than 256 KiB
		h.room = halfPerUnit * int(h.most) * ((1 << h.shift) / int(h.most))
	}
	return h
}

// units returns the size in units of a zone with count finite bounds
// and the given header.
func (h *zoneHeap) units(count int, header uint16) int32 {
	return int32((1 + h.words + boundHalves(count, header) + 1) / halfPerUnit)
}

// boundHalves returns the halfwords that count finite bounds take in a
// record with the given header.
func boundHalves(count int, header uint16) int {
	switch {
	case header&wideZone != 0:
		return 2 * count
	case header&byteZone != 0:
		return (count + 1) / 2
	}
	return count
}

// at returns the halfwords from position pos to the end of its chunk.
func (h *zoneHeap) at(pos int32) []uint16 {
	return h.chunks[pos>>h.shift][int(pos&(1<<h.shift-1))*halfPerUnit:]
}

// add stores the closed non-empty zone m (a dim×dim matrix) and returns
// its position. Precondition: !full() (checked, panics: a search checks
// it after every stored state, and stops).
func (h *zoneHeap) add(m []dbm.Bound) int32 {
	h.encode(m)
	return h.addEncoded()
}

// addEncoded stores the zone last encoded and returns its position.
// Precondition: !full().
func (h *zoneHeap) addEncoded() int32 {
	n := int(h.units(h.count, h.rec[0])) * halfPerUnit
	pos := h.alloc(int32(n / halfPerUnit))
	copy(h.at(pos)[:n], h.rec[:n])
	return pos
}

// encode sets h.rec to the record of the closed non-empty zone m and
// h.count to its number of finite bounds: the bitmap (scan), then the
// finite bounds gathered by its set bits, as halfwords, packed two to a
// halfword if they all fit in a byte, or gathered again as pairs of
// halfwords if one of them does not fit in a halfword.
func (h *zoneHeap) encode(m []dbm.Bound) {
	h.scan(m)
	p := h.rec
	for w := range h.words {
		p[1+w] = uint16(h.bm[w>>2] >> (w & 3 * 16))
	}
	n := 1 + h.words
	k, header := h.gatherNarrow(m, p[n:])
	switch header {
	case byteZone:
		packBytes(asBytes(p[n:]), p[n:], k)
	case wideZone:
		h.gatherWide(m, p[n:])
	}
	p[0], n = header, n+boundHalves(k, header)
	h.count = k
	if n%halfPerUnit != 0 {
		p[n] = 0
	}
}

// gatherNarrow writes the low halves of the finite entries of m, by the
// bitmap h.bm, to out; it returns their number and the header of the
// narrowest class they all fit in: byteZone, 0 (int16) or wideZone.
func (h *zoneHeap) gatherNarrow(m []dbm.Bound, out []uint16) (int, uint16) {
	m = m[:len(h.blank)]
	var high, high8 uint32
	k := 0
	for w, b := range h.bm {
		base := h.off[w<<6:][:64]
		for ; b != 0; b &= b - 1 {
			x := m[base[bits.TrailingZeros64(b)&63]]
			high |= (uint32(x) + 0x8000) >> 16
			high8 |= (uint32(x) + 0x80) >> 8
			out[k] = uint16(x)
			k++
		}
	}
	switch {
	case high8 == 0:
		return k, byteZone
	case high == 0:
		return k, 0
	}
	return k, wideZone
}

// packBytes writes the low bytes of the first k halfwords of in to out,
// a view of in as bytes (asBytes), followed by a 0 when k is odd. Byte i
// lies at or before halfword i, whose low byte is read before it is
// overwritten, so the packing can be done in place.
func packBytes(out []byte, in []uint16, k int) {
	out = out[:k+k&1]
	for i, v := range in[:k] {
		out[i] = byte(v)
	}
	if k&1 != 0 {
		out[k] = 0
	}
}

// asBytes views halfwords as bytes, in the order of memory.
func asBytes(h []uint16) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(h))), 2*len(h))
}

// gatherWide writes the finite entries of m, by the bitmap h.bm, to out
// as pairs of halfwords, low half first, and returns the number of
// halfwords written.
func (h *zoneHeap) gatherWide(m []dbm.Bound, out []uint16) int {
	m = m[:len(h.blank)]
	k := 0
	for w, b := range h.bm {
		base := h.off[w<<6:][:64]
		for ; b != 0; b &= b - 1 {
			x := m[base[bits.TrailingZeros64(b)&63]]
			out[k], out[k+1] = uint16(x), uint16(uint32(x)>>16)
			k += 2
		}
	}
	return k
}

// scan sets h.bm to the bitmap of m, 64 entries to a word. Each entry's
// bit is shifted into the word, so that the first ends in the highest
// bit, and the word is reversed: a comparison that sets a bit rather than
// a branch (finite entries follow no pattern a branch predictor could
// learn), and no shift by a variable amount, which needs a register of
// its own on amd64.
func (h *zoneHeap) scan(m []dbm.Bound) {
	m = m[:len(h.blank)]
	for w := range h.bm {
		run := h.off[w<<6 : min(w<<6+64, h.offs)]
		var acc uint64
		for _, i := range run {
			acc = acc<<1 | isFinite(m[i])
		}
		h.bm[w] = bits.Reverse64(acc) >> (64 - len(run))
	}
}

// isFinite returns 1 if b is finite, else 0.
func isFinite(b dbm.Bound) uint64 {
	if b != dbm.LTInfinity {
		return 1
	}
	return 0
}

// decode writes the zone at pos into out, a dim×dim matrix. It copies the
// blank matrix and scatters the finite bounds over it: the copy is a
// memmove, and the scatter touches only the finite entries, 64 bits of
// the bitmap at a time (with 16, the unpredictable end of each word's
// loop made decoding a zone of 10 clocks twice as slow).
func (h *zoneHeap) decode(pos int32, out []dbm.Bound) {
	z := h.at(pos)
	copy(out, h.blank)
	out = out[:len(h.blank)]
	bm, bnd := z[1:1+h.words], z[1+h.words:]
	header := z[0]
	for w, k := 0, 0; w < len(bm); w += 4 {
		b, base := word64(bm[w:]), h.off[w<<4:][:64]
		switch {
		case header&wideZone != 0:
			k = scatterWide(out, base, b, bnd, k)
		case header&byteZone != 0:
			k = scatterBytes(out, base, b, asBytes(bnd), k)
		default:
			k = scatterNarrow(out, base, b, bnd, k)
		}
	}
}

// word64 returns the first four halfwords of bm (fewer at its end) as
// one word, the first in the low bits.
func word64(bm []uint16) uint64 {
	switch len(bm) {
	case 1:
		return uint64(bm[0])
	case 2:
		return uint64(bm[0]) | uint64(bm[1])<<16
	case 3:
		return uint64(bm[0]) | uint64(bm[1])<<16 | uint64(bm[2])<<32
	}
	return uint64(bm[0]) | uint64(bm[1])<<16 | uint64(bm[2])<<32 | uint64(bm[3])<<48
}

// scatterNarrow writes the narrow bounds from bnd[k] on, one for each set
// bit of b, to the entries of out that base names at those bits, and
// returns the next k.
func scatterNarrow(out []dbm.Bound, base []int32, b uint64, bnd []uint16, k int) int {
	for ; b != 0; b &= b - 1 {
		out[base[bits.TrailingZeros64(b)&63]] = dbm.Bound(int16(bnd[k]))
		k++
	}
	return k
}

// scatterBytes is scatterNarrow for bounds stored as bytes.
func scatterBytes(out []dbm.Bound, base []int32, b uint64, bnd []byte, k int) int {
	for ; b != 0; b &= b - 1 {
		out[base[bits.TrailingZeros64(b)&63]] = dbm.Bound(int8(bnd[k]))
		k++
	}
	return k
}

// scatterWide is scatterNarrow for wide bounds, two halfwords each.
func scatterWide(out []dbm.Bound, base []int32, b uint64, bnd []uint16, k int) int {
	for ; b != 0; b &= b - 1 {
		out[base[bits.TrailingZeros64(b)&63]] = dbm.Bound(uint32(bnd[k]) | uint32(bnd[k+1])<<16)
		k += 2
	}
	return k
}

// sizeAt returns the size in units of the zone at pos.
func (h *zoneHeap) sizeAt(pos int32) int32 {
	z := h.at(pos)
	count := 0
	for _, b := range z[1 : 1+h.words] {
		count += bits.OnesCount16(b)
	}
	return h.units(count, z[0])
}

// alloc returns the position of u free units: a released record of that
// size, else the front of the smallest larger one, whose rest is released
// as a record of its own (best fit), else fresh units. Zones of one
// discrete part shrink as the search goes on (a zone that covers others
// tends to have fewer finite bounds), so with exact sizes only, nearly
// half of the heap of Fischer's protocol with 9 processes stayed released
// and unused; splitting reuses it.
func (h *zoneHeap) alloc(u int32) int32 {
	if h.free == nil {
		return h.fresh(u)
	}
	s := h.fit(u)
	if s < 0 {
		return h.fresh(u)
	}
	pos := h.pop(s)
	if s > u {
		h.push(pos+u, s-u)
	}
	return pos
}

// fit returns the smallest size ≥ u with a released record, or −1.
func (h *zoneHeap) fit(u int32) int32 {
	w := int(u >> 6)
	b := h.sizes[w] &^ (1<<(u&63) - 1)
	for b == 0 {
		w++
		if w == len(h.sizes) {
			return -1
		}
		b = h.sizes[w]
	}
	return int32(w<<6 + bits.TrailingZeros64(b))
}

// pop takes the first released record of size u, which exists.
func (h *zoneHeap) pop(u int32) int32 {
	pos := h.free[u]
	h.free[u] = h.link(pos)
	if h.free[u] < 0 {
		h.sizes[u>>6] &^= 1 << (u & 63)
	}
	return pos
}

// push releases the u units at pos.
func (h *zoneHeap) push(pos, u int32) {
	z := h.at(pos)
	z[0], z[1] = uint16(h.free[u]), uint16(uint32(h.free[u])>>16)
	h.free[u] = pos
	h.sizes[u>>6] |= 1 << (u & 63)
}

// fresh returns the position of u units past the last zone, in the last
// chunk or a new one.
func (h *zoneHeap) fresh(u int32) int32 {
	c, pos := h.nextFresh(u)
	if pos+int64(u) > h.limit {
		panic("search: zone heap full (a search stops before, see zoneHeap.full)")
	}
	if c == len(h.chunks) {
		h.newChunk()
	}
	z := h.chunks[c]
	n := len(z) + int(u)*halfPerUnit
	if n > cap(z) { // only the first chunk grows
		grown := make([]uint16, len(z), min(2*cap(z), h.room))
		copy(grown, z)
		h.held += int64(cap(grown) - cap(z))
		z = grown
	}
	h.chunks[c] = z[:n]
	return int32(pos)
}

// newChunk appends an empty chunk.
func (h *zoneHeap) newChunk() {
	size := h.chunkSize()
	h.chunks = appendChunk(h.chunks, make([]uint16, 0, size))
	h.held += int64(size)
}

// chunkSize returns the capacity in halfwords of the next new chunk: the
// first starts small.
func (h *zoneHeap) chunkSize() int {
	if len(h.chunks) == 0 {
		return min(h.room, max(firstHeap, int(h.most)*halfPerUnit))
	}
	return h.room
}

// nextFresh returns the chunk and position that fresh(u) would use.
func (h *zoneHeap) nextFresh(u int32) (chunk int, pos int64) {
	c := len(h.chunks) - 1
	if c < 0 || len(h.chunks[c])+int(u)*halfPerUnit > h.room {
		c++
		return c, int64(c) << h.shift
	}
	return c, int64(c)<<h.shift + int64(len(h.chunks[c])/halfPerUnit)
}

// full reports whether the heap may not have room for the next zone: the
// largest zone would pass the units positions can address.
func (h *zoneHeap) full() bool {
	_, pos := h.nextFresh(h.most)
	return pos+int64(h.most) > h.limit
}

// release puts the zone at pos on the free list of its size.
func (h *zoneHeap) release(pos int32) {
	u := h.sizeAt(pos)
	if h.free == nil {
		h.free = make([]int32, h.most+1)
		for i := range h.free {
			h.free[i] = -1
		}
		h.sizes = make([]uint64, (h.most+64)/64)
	}
	h.push(pos, u)
}

// link returns the next released zone after the one at pos, or −1.
func (h *zoneHeap) link(pos int32) int32 {
	z := h.at(pos)
	return int32(uint32(z[0]) | uint32(z[1])<<16)
}

// bytes returns the memory held by the heap: its chunks and their index,
// the free lists and the tables of the encoding.
func (h *zoneHeap) bytes() int64 {
	return h.held*2 + int64(cap(h.chunks))*24 + int64(cap(h.free))*4 + int64(cap(h.sizes))*8 +
		int64(cap(h.off)+cap(h.blank))*4 + int64(cap(h.rec))*2 + int64(cap(h.bm))*8
}

// growth returns the bytes that adding a zone and releasing zones may
// allocate: a new or larger chunk for the largest zone and a larger chunk
// index, and the free lists on the first release (reuse says whether
// zones are released).
func (h *zoneHeap) growth(reuse bool) int64 {
	var g int64
	c, _ := h.nextFresh(h.most)
	switch {
	case c == len(h.chunks):
		g = int64(h.chunkSize())*2 + indexGrowth(h.chunks)
	case len(h.chunks[c])+int(h.most)*halfPerUnit > cap(h.chunks[c]):
		g = int64(min(2*cap(h.chunks[c]), h.room)) * 2
	}
	if reuse && h.free == nil {
		g += int64(h.most+1)*4 + int64((h.most+64)/64)*8
	}
	return g
}

// released calls f with the position and size of every released zone,
// following the free lists. It fails on a position outside the used heap
// and on a list longer than the heap can hold (a cycle).
func (h *zoneHeap) released(f func(pos, units int32)) error {
	used := h.used()
	for u, pos := range h.free {
		for n := int64(0); pos >= 0; n++ {
			if n > used || !h.inUse(pos, int32(u)) {
				return fmt.Errorf("free list of zones of %d units: position %d is out of range or the list loops", u, pos)
			}
			f(pos, int32(u))
			pos = h.link(pos)
		}
	}
	return nil
}

// used returns the halfwords of the chunks in use, zones and gaps.
func (h *zoneHeap) used() int64 {
	var n int64
	for _, c := range h.chunks {
		n += int64(len(c))
	}
	return n
}

// inUse reports whether u units at pos lie in the used part of a chunk.
func (h *zoneHeap) inUse(pos, u int32) bool {
	c := int(pos >> h.shift)
	o := int(pos&(1<<h.shift-1)) * halfPerUnit
	return pos >= 0 && u > 0 && c < len(h.chunks) && o+int(u)*halfPerUnit <= len(h.chunks[c])
}

// checkZone checks that the zone at pos is in the heap, decodes to a
// closed non-empty DBM, and is in canonical form: the record encode
// makes of its decoding. It decodes it into out and returns its size.
func (h *zoneHeap) checkZone(pos int32, out []dbm.Bound) (int32, error) {
	if !h.inUse(pos, int32(2+h.words)/halfPerUnit) {
		return 0, fmt.Errorf("zone position %d is outside the heap", pos)
	}
	u := h.sizeAt(pos)
	if !h.inUse(pos, u) {
		return 0, fmt.Errorf("zone at %d of %d units passes the end of its chunk", pos, u)
	}
	z := h.at(pos)[:u*halfPerUnit]
	h.decode(pos, out)
	if v := dbm.FromRaw(h.dim, out); v.Check() != nil || v.IsEmpty() {
		return 0, fmt.Errorf("zone at %d is not closed and non-empty (%v): %s", pos, v.Check(), formatRaw(out, h.dim))
	}
	h.encode(out)
	if !slices.Equal(z, h.rec[:len(z)]) {
		return 0, fmt.Errorf("zone at %d is not in canonical form: %x encodes as %x", pos, z, h.rec[:len(z)])
	}
	return u, nil
}

// includes reports whether the zone at pos includes m, a closed
// non-empty dim×dim matrix: whether each finite bound of the zone is at
// least the entry of m it stands for (where the zone is unbounded, it
// includes anything). It reads a third of the matrix on Fischer's
// protocol, where it settles three comparisons in four: the new zone is
// equal to a stored one or inside it. Only the other cases need the
// decoded zone.
func (h *zoneHeap) includes(pos int32, m []dbm.Bound) bool {
	z := h.at(pos)
	m = m[:len(h.blank)]
	bm, bnd := z[1:1+h.words], z[1+h.words:]
	header := z[0]
	ok := true
	for w, k := 0, 0; w < len(bm) && ok; w += 4 {
		b, base := word64(bm[w:]), h.off[w<<4:][:64]
		switch {
		case header&wideZone != 0:
			k, ok = atMostWide(m, base, b, bnd, k)
		case header&byteZone != 0:
			k, ok = atMostBytes(m, base, b, asBytes(bnd), k)
		default:
			k, ok = atMostNarrow(m, base, b, bnd, k)
		}
	}
	return ok
}

// atMostNarrow reports whether the entries of m that base names at the
// set bits of b are at most the narrow bounds from bnd[k] on, one for
// each bit, and returns the next k.
func atMostNarrow(m []dbm.Bound, base []int32, b uint64, bnd []uint16, k int) (int, bool) {
	for ; b != 0; b &= b - 1 {
		if m[base[bits.TrailingZeros64(b)&63]] > dbm.Bound(int16(bnd[k])) {
			return k, false
		}
		k++
	}
	return k, true
}

// atMostBytes is atMostNarrow for bounds stored as bytes.
func atMostBytes(m []dbm.Bound, base []int32, b uint64, bnd []byte, k int) (int, bool) {
	for ; b != 0; b &= b - 1 {
		if m[base[bits.TrailingZeros64(b)&63]] > dbm.Bound(int8(bnd[k])) {
			return k, false
		}
		k++
	}
	return k, true
}

// atMostWide is atMostNarrow for wide bounds, two halfwords each.
func atMostWide(m []dbm.Bound, base []int32, b uint64, bnd []uint16, k int) (int, bool) {
	for ; b != 0; b &= b - 1 {
		if m[base[bits.TrailingZeros64(b)&63]] > dbm.Bound(uint32(bnd[k])|uint32(bnd[k+1])<<16) {
			return k, false
		}
		k += 2
	}
	return k, true
}
