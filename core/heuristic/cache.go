// A bounded table of estimates keyed by a hash of the discrete part.

package heuristic

import (
	"context"
	"strconv"

	"beeline/core/dbm"
)

// Cache wraps a heuristic whose estimate depends only on the discrete part
// of a state (every heuristic here ignores clocks) with a direct-mapped
// table of size entries keyed by a 64-bit hash of the discrete part: the
// "bitstate" table of Kupferschmid et al. (SPIN 2006, §5). A hit returns
// the stored estimate without calling the heuristic; a miss computes it
// and overwrites the entry. Unlike their table, entries keep the full
// hash, so a wrong answer needs a 64-bit collision. Each entry costs 16
// bytes.
type Cache struct {
	h      Heuristic
	tags   []uint64 // hash | 1 (0 is an empty entry)
	vals   []int32  // estimate, -1 for infinite
	mask   uint64
	Hits   int64
	Misses int64
}

// NewCache wraps h (which must not be Info().UsesZone: the table is keyed
// by the discrete part) with a table of at least size entries (rounded up to a
// power of two).
func NewCache(h Heuristic, size int) *Cache {
	n := 1
	for n < size {
		n <<= 1
	}
	return &Cache{h: h, tags: make([]uint64, n), vals: make([]int32, n), mask: uint64(n - 1)}
}

// Info is the wrapped heuristic's, with the cache size as a parameter.
func (c *Cache) Info() Info {
	in := c.h.Info()
	p := map[string]string{"cache": strconv.Itoa(len(c.tags))}
	for k, v := range in.Params {
		p[k] = v
	}
	in.Params = p
	return in
}

// Precompute runs the wrapped heuristic's precomputation.
func (c *Cache) Precompute(ctx context.Context, progress func(done, total int64)) error {
	return c.h.Precompute(ctx, progress)
}

// Table returns the wrapped heuristic's table.
func (c *Cache) Table() ([]byte, error) { return c.h.Table() }

// Load loads the wrapped heuristic's table.
func (c *Cache) Load(t []byte) error { return c.h.Load(t) }

// Estimate looks the discrete part up in the table, or asks the wrapped
// heuristic.
func (c *Cache) Estimate(d []int32, z *dbm.DBM) (int32, bool) {
	hash := Hash(d) | 1
	i := hash & c.mask
	if c.tags[i] == hash {
		c.Hits++
		v := c.vals[i]
		return max(v, 0), v < 0
	}
	c.Misses++
	h, inf := c.h.Estimate(d, z)
	c.tags[i] = hash
	if inf {
		c.vals[i] = -1
	} else {
		c.vals[i] = h
	}
	return h, inf
}

// Hash is a 64-bit hash of a discrete part (a multiply-rotate mix over
// int32 words, cheap under js/wasm).
func Hash(d []int32) uint64 {
	h := uint64(0x27D4EB2F165667C5) + uint64(len(d))
	for _, w := range d {
		h ^= uint64(uint32(w)) * 0xC2B2AE3D27D4EB4F
		h = (h<<31 | h>>33) * 0x9E3779B185EBCA87
	}
	h ^= h >> 29
	h *= 0x165667B19E3779F9
	h ^= h >> 32
	return h
}
