// A cache of decoded zones for the sweep.

package search

import "beeline/core/dbm"

// decodedCache keeps the matrices of recently decoded stored zones,
// direct-mapped by node index. A stored zone never changes while its node
// is live, and the sweep reads only live nodes, so an entry is valid as
// long as its tag is the node's index: covering a node needs no
// invalidation, only recycling its record does (forget). Where a
// discrete part has many live zones, every new zone of that part is
// compared with each of them, and without the cache each comparison
// decodes its zone: on FDDI with 10 stations (32 clocks) that made the
// search four times slower than with matrices stored whole (0.83 s
// against 0.20 s; 0.26 s with the cache).
//
// The cache grows with the live zones, doubling while its matrices stay
// within maxDecodedBytes (2 MiB), or, where the sweeps compare more than
// two stored zones on average, within the size of the zone heap if that
// is larger. 2 MiB holds the working set of the FDDI search. The
// traffic-light controller (69,093 states of 23 clocks in 1,565 discrete
// parts; a sweep compares 74 zones on average) needs more: it spent a
// third of its time decoding with 2 MiB (12.4 s; 9.1 s with a larger
// cache), and 4% more with half the heap than with the whole heap. Where
// a discrete part has one live zone, as on Fischer's protocol (a sweep
// compares one zone), a third of the lookups hit with 2 MiB and the
// search is barely faster than without a cache, while a cache of half the
// heap took 31 bytes per state of the passed list with 10 processes.
// Under a memory budget the cache takes at most a 256th of the budget
// besides, so that its doubling never stops a search far below it (a
// 64th stopped a search of 10 MB under js/wasm 0.77 MB short of its
// budget).
type decodedCache struct {
	zsize int
	limit int64
	tags  []int32     // node index per slot, NoNode when empty
	m     []dbm.Bound // zsize bounds per slot
	// sweeps counts the sweeps (fit) and gets the stored zones they
	// compared (get).
	sweeps, gets int64
}

// maxDecodedBytes bounds the cache's matrices.
const maxDecodedBytes = 2 << 20

// get returns the matrix of node n's zone at pos, decoding it on a miss,
// into scratch when the cache has no slot (its limit is below one).
func (c *decodedCache) get(h *zoneHeap, n, pos int32, scratch []dbm.Bound) []dbm.Bound {
	c.gets++
	if len(c.tags) == 0 {
		h.decode(pos, scratch)
		return scratch
	}
	slot := int(n) & (len(c.tags) - 1)
	m := c.m[slot*c.zsize:][:c.zsize]
	if c.tags[slot] != n {
		h.decode(pos, m)
		c.tags[slot] = n
	}
	return m
}

// forget drops the decoding of node n, whose record is recycled.
func (c *decodedCache) forget(n int32) {
	if len(c.tags) > 0 && c.tags[int(n)&(len(c.tags)-1)] == n {
		c.tags[int(n)&(len(c.tags)-1)] = NoNode
	}
}

// fit is called at the start of each sweep. It grows the cache to about
// one slot per live zone, within its bound for a zone heap of heap bytes,
// keeping a power of two of slots. Growing empties it.
func (c *decodedCache) fit(live int, heap int64) {
	c.sweeps++
	if !c.grows(live, heap) {
		return
	}
	n := max(16, 2*len(c.tags))
	c.tags = make([]int32, n)
	for i := range c.tags {
		c.tags[i] = NoNode
	}
	c.m = make([]dbm.Bound, n*c.zsize)
}

// growth returns the bytes fit(live, heap) would allocate.
func (c *decodedCache) growth(live int, heap int64) int64 {
	if !c.grows(live, heap) {
		return 0
	}
	n := int64(max(16, 2*len(c.tags)))
	return n*4 + n*int64(c.zsize)*4
}

// grows reports whether fit(live, heap) grows the cache: it has fewer
// slots than live zones, and twice its slots stay within its bounds.
func (c *decodedCache) grows(live int, heap int64) bool {
	n := int64(max(16, 2*len(c.tags)))
	return live > len(c.tags) && n*int64(c.zsize)*4 <= c.room(heap)
}

// room returns the bytes the cache's matrices may take with a zone heap
// of heap bytes.
func (c *decodedCache) room(heap int64) int64 {
	r := int64(maxDecodedBytes)
	if c.gets > 2*c.sweeps {
		r = max(r, heap)
	}
	return min(c.limit, r)
}

// bytes returns the memory the cache holds.
func (c *decodedCache) bytes() int64 { return int64(cap(c.tags))*4 + int64(cap(c.m))*4 }
