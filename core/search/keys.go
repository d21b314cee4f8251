// Packed keys: discrete parts stored in as few bytes per value as their
// ranges allow.

package search

import "fmt"

// Ranger is implemented by a Space that knows the range of every word of
// its discrete parts: core/zone's, where a word is a process's location
// index or a variable, which the model keeps within its declared type (an
// assignment out of range is a run-time error, and no state gets the
// value). Run hands the ranges to the store (StoreOptions.Lo and Hi),
// which then packs the keys.
type Ranger interface {
	// Ranges returns the least and the greatest value of each word of a
	// discrete part, DiscreteLen of each.
	Ranges() (lo, hi []int32)
}

// keyCodec packs discrete parts into the keys of the store: each value
// less the least value of its word, in as many bytes (1, 2 or 4) as the
// widest range needs, four, two or one to an int32 word, the first in the
// low bits. The packed form is what the store hashes, compares and keeps.
// Without ranges, or when one needs 4 bytes, a key is the discrete part
// itself.
//
// On Fischer's protocol with 9 processes (nine location indices in
// [0,3] and id in [0,9]) a key takes 3 words instead of 10: with the head
// of its list of zones, 16 bytes instead of 44 per discrete part, which
// there is one per state of the passed list. One width for all words
// keeps the packing a loop without a branch; a model with a single int
// variable (declared range [−32768, 32767]) pays 2 bytes per word.
//
// A value outside its word's range is packed all the same when the
// difference fits the width, so the packing stays one-to-one; a value
// that does not fit is a broken promise of the Space, and pack panics.
type keyCodec struct {
	n     int     // discrete length
	width int     // bytes per value: 1, 2 or 4
	words int     // int32 words of a packed key
	lo    []int32 // the least value of each word (width < 4)
	buf   []int32 // the last key packed (width < 4)
	out   []int32 // the last discrete part unpacked (width < 4)
}

// newKeyCodec returns the codec for discrete parts of length n whose words
// lie in [lo[i], hi[i]]; lo and hi nil means unknown ranges.
func newKeyCodec(n int, lo, hi []int32) keyCodec {
	c := keyCodec{n: n, width: 4, words: n}
	if lo == nil || hi == nil || n == 0 {
		return c
	}
	span := uint32(0)
	for i := range n {
		if hi[i] < lo[i] {
			panic(fmt.Sprintf("search: empty range [%d, %d] of discrete word %d", lo[i], hi[i], i))
		}
		span = max(span, uint32(int64(hi[i])-int64(lo[i])))
	}
	switch {
	case span <= 0xff:
		c.width = 1
	case span <= 0xffff:
		c.width = 2
	default:
		return c
	}
	per := 4 / c.width
	c.words = (n + per - 1) / per
	c.lo = append([]int32(nil), lo[:n]...)
	c.buf = make([]int32, c.words)
	c.out = make([]int32, n)
	return c
}

// pack returns the key of the discrete part d (len(d) ≥ n): d itself when
// keys are not packed, else c.buf, valid until the next call. It panics
// when a value does not fit (see keyCodec).
func (c *keyCodec) pack(d []int32) []int32 {
	if c.width == 4 {
		return d[:c.n]
	}
	d = d[:len(c.lo)]
	var high uint32
	if c.width == 1 {
		high = pack8(c.buf, d, c.lo) >> 8
	} else {
		high = pack16(c.buf, d, c.lo) >> 16
	}
	if high != 0 {
		panic(fmt.Sprintf("search: discrete part %v has a value outside the ranges the space declared (from %v)", d, c.lo))
	}
	return c.buf
}

// pack8 writes the values of d less lo to buf, four to a word, and
// returns the or of those differences. A whole word at a time: with a
// shift by a variable amount and an or into the word for each value,
// packing took half as long again.
func pack8(buf, d, lo []int32) uint32 {
	lo = lo[:len(d)]
	var high uint32
	i := 0
	for ; i+4 <= len(d); i += 4 {
		u0, u1 := uint32(d[i]-lo[i]), uint32(d[i+1]-lo[i+1])
		u2, u3 := uint32(d[i+2]-lo[i+2]), uint32(d[i+3]-lo[i+3])
		high |= u0 | u1 | u2 | u3
		buf[i>>2] = int32(u0 | u1<<8 | u2<<16 | u3<<24)
	}
	if i < len(d) {
		var w uint32
		for j := i; j < len(d); j++ {
			u := uint32(d[j] - lo[j])
			high |= u
			w |= u << ((j - i) << 3)
		}
		buf[i>>2] = int32(w)
	}
	return high
}

// pack16 is pack8 with two values to a word.
func pack16(buf, d, lo []int32) uint32 {
	lo = lo[:len(d)]
	var high uint32
	i := 0
	for ; i+2 <= len(d); i += 2 {
		u0, u1 := uint32(d[i]-lo[i]), uint32(d[i+1]-lo[i+1])
		high |= u0 | u1
		buf[i>>1] = int32(u0 | u1<<16)
	}
	if i < len(d) {
		u := uint32(d[i] - lo[i])
		high |= u
		buf[i>>1] = int32(u)
	}
	return high
}

// unpack writes the discrete part of key k into out (of length n) and
// returns out.
func (c *keyCodec) unpack(k, out []int32) []int32 {
	out = out[:c.n]
	switch c.width {
	case 4:
		copy(out, k)
	case 1:
		lo := c.lo[:len(out)]
		i := 0
		for ; i+4 <= len(out); i += 4 {
			w := k[i>>2]
			out[i], out[i+1] = int32(uint8(w))+lo[i], int32(uint8(w>>8))+lo[i+1]
			out[i+2], out[i+3] = int32(uint8(w>>16))+lo[i+2], int32(uint8(w>>24))+lo[i+3]
		}
		for ; i < len(out); i++ {
			out[i] = int32(uint8(k[i>>2]>>(i&3<<3))) + lo[i]
		}
	default:
		lo := c.lo[:len(out)]
		for j, w := range k[:c.words] {
			out[2*j] = int32(uint16(w)) + lo[2*j]
			if 2*j+1 < len(out) {
				out[2*j+1] = int32(uint16(w>>16)) + lo[2*j+1]
			}
		}
	}
	return out
}

// bytes returns the memory of the codec's tables.
func (c *keyCodec) bytes() int64 { return int64(cap(c.lo)+cap(c.buf)+cap(c.out)) * 4 }
