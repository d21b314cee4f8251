// Tests of the cache of decoded zones.

package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"beeline/core/dbm"
)

// TestDecodedCache stores zones, reads them through caches of several
// limits (none, a few slots, all), and checks every read against the
// zone stored, the cache's growth against what fit allocates, and that
// it stays within its limit.
func TestDecodedCache(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const dim = 5
	h := newZoneHeap(dim)
	var zones []*dbm.DBM
	var pos []int32
	for range 300 {
		z := randomClosedZone(r, dim, 20)
		zones = append(zones, z)
		pos = append(pos, h.add(z.Raw()))
	}
	scratch := make([]dbm.Bound, dim*dim)
	for _, limit := range []int64{0, 16 * dim * dim * 4, maxDecodedBytes} {
		c := decodedCache{zsize: dim * dim, limit: limit}
		hits := 0
		grew := 0
		for k := range 3000 {
			n := int32(r.IntN(len(zones)))
			live := min(k+1, len(zones))
			want, before := c.growth(live, 0), c.bytes()
			c.fit(live, 0)
			if want != 0 {
				grew++
			}
			if after := c.bytes(); (after != before) != (want != 0) || after != before && after != want {
				t.Fatalf("limit %d: fit went from %d to %d bytes, growth said %d", limit, before, after, want)
			}
			if int64(len(c.m))*4 > max(limit, 0) {
				t.Fatalf("limit %d: %d bytes of matrices", limit, len(c.m)*4)
			}
			if len(c.tags) > 0 && c.tags[int(n)&(len(c.tags)-1)] == n {
				hits++
			}
			if got := c.get(&h, n, pos[n], scratch); !slices.Equal(got, zones[n].Raw()) {
				t.Fatalf("limit %d: node %d reads %v, want %v", limit, n, got, zones[n].Raw())
			}
		}
		if (limit == 0) != (hits == 0) || (limit == 0) != (grew == 0) {
			t.Errorf("limit %d: %d hits, grew %d times", limit, hits, grew)
		}
	}
}

// TestDecodedCacheRoom checks the cache's bound: 2 MiB while the sweeps
// compare at most two zones on average, the zone heap if larger once they
// compare more, and never more than the limit.
func TestDecodedCacheRoom(t *testing.T) {
	const heap = 64 << 20
	c := decodedCache{zsize: 100, limit: 1 << 40}
	c.sweeps, c.gets = 10, 20
	if got := c.room(heap); got != maxDecodedBytes {
		t.Errorf("two zones per sweep: room %d, want %d", got, maxDecodedBytes)
	}
	c.gets = 21
	if got := c.room(heap); got != heap {
		t.Errorf("more than two zones per sweep: room %d, want the heap's %d", got, heap)
	}
	if got := c.room(1 << 20); got != maxDecodedBytes {
		t.Errorf("a heap of 1 MiB: room %d, want %d", got, maxDecodedBytes)
	}
	c.limit = 1 << 10
	if got := c.room(heap); got != 1<<10 {
		t.Errorf("limit 1 KiB: room %d", got)
	}
}
