// A cache of decoded zones for the sweep.

package search

import "beeline/core/dbm"

// decodedCache keeps the matrices of recently decoded stored zones,
// direct-mapped by node index. A stored zone never changes while its node
// is live, and the sweep reads only live nodes, so an entry is valid as
// long as its tag is the node's index: covering a node needs no
// invalidation. Where a discrete part has many live zones, every new zone
// of that part is compared with each of them, and without the cache each
// comparison decodes its zone: on FDDI with 10 stations (32 clocks) that
// made the search four times slower than with matrices stored whole
// (0.83 s against 0.20 s; 0.26 s with the cache).
//
// The cache grows with the live zones, doubling while its matrices stay
// within maxDecodedBytes (2 MiB) or half the zone heap, whichever is
// larger: 2 MiB holds the working set of the FDDI search; the
// traffic-light controller (69,093 states of 23 clocks, with many live
// zones per discrete part) needs more, and spent a third of its time
// decoding with 2 MiB (12.4 s; 9.1 s with a larger cache). Under a memory
// budget the cache takes at most a 256th of the budget besides, so that
// its doubling never stops a search far below it (a 64th stopped a
// search of 10 MB under js/wasm 0.77 MB short of its budget).
type decodedCache struct {
	zsize int
	limit int64
	tags  []int32     // node index per slot, NoNode when empty
	m     []dbm.Bound // zsize bounds per slot
}

// maxDecodedBytes bounds the cache's matrices.
const maxDecodedBytes = 2 << 20

// get returns the matrix of node n's zone at pos, decoding it on a miss,
// into scratch when the cache has no slot (its limit is below one).
func (c *decodedCache) get(h *zoneHeap, n, pos int32, scratch []dbm.Bound) []dbm.Bound {
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

// fit grows the cache to about one slot per live zone, within its bound
// for a zone heap of heap bytes, keeping a power of two of slots. Growing
// empties it.
func (c *decodedCache) fit(live int, heap int64) {
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
	room := min(c.limit, max(maxDecodedBytes, heap/2))
	return live > len(c.tags) && n*int64(c.zsize)*4 <= room
}

// bytes returns the memory the cache holds.
func (c *decodedCache) bytes() int64 { return int64(cap(c.tags))*4 + int64(cap(c.m))*4 }
