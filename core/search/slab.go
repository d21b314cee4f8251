// Chunked slabs: the growable arrays behind the store.

package search

import "unsafe"

// A slab's chunks hold at most chunkRecords records and at most
// chunkBytes bytes (but at least one record), a power of two of them:
// 1024 nodes of 32 bytes, 512 zones of 10 clocks, 8 zones of 64 clocks.
const (
	chunkRecords = 1024
	chunkBytes   = 256 << 10
	firstRecords = 16 // capacity of a slab's first chunk when it is created
)

// slab is a growable array of fixed-width records of T (width values per
// record), kept in chunks of a power of two of records.
//
// Why chunks rather than one slice grown by append: append doubles the
// array and copies it, so a slice of 1 GiB of zones briefly needs 3 GiB,
// and under js/wasm (at most 4 GiB, never returned to the browser) that
// peak, not the budget, decides when the tab dies. A chunked slab grows by
// one chunk at a time, never copies a full chunk, and its Bytes is the
// memory it really holds. The price is one more indexing step per access.
// The first chunk starts small and grows by append, so a small search
// stays small.
//
// Why chunks of at most 256 KiB: the heap of js/wasm is one linear memory
// that never shrinks, so a chunk that fits none of the free runs the
// garbage of successor computations leaves grows it. Chunks of 2 MiB
// (1024 zones of 22 clocks) grew it by a quarter past the budget on
// sr-22; small chunks fit the holes.
type slab[T any] struct {
	width  int
	shift  uint8 // log2 of the records per chunk, set by the first add
	mask   int32 // records per chunk − 1
	chunks [][]T
	n      int32 // records in use
	held   int64 // values the chunks can hold (their capacities)
}

// per returns the records per chunk, choosing them on first use.
func (s *slab[T]) per() int32 {
	if s.shift == 0 && len(s.chunks) == 0 {
		var zero T
		rec := max(1, s.width*int(unsafe.Sizeof(zero)))
		sh := uint8(0)
		for 2<<sh <= chunkRecords && (2<<sh)*rec <= chunkBytes {
			sh++
		}
		s.shift, s.mask = sh, 1<<sh-1
	}
	return 1 << s.shift
}

// at returns record i. The slice aliases the slab.
func (s *slab[T]) at(i int32) []T {
	c := s.chunks[i>>s.shift]
	o := int(i&s.mask) * s.width
	return c[o : o+s.width : o+s.width]
}

// item returns a pointer to record i of a slab of width 1.
func (s *slab[T]) item(i int32) *T {
	return &s.chunks[i>>s.shift][i&s.mask]
}

// add appends a record, v followed by zero values up to the width
// (len(v) ≤ width), and returns its index.
func (s *slab[T]) add(v ...T) int32 {
	i := s.n
	c := int(i >> s.shift) // 0 until the first add sets the shift
	if c == len(s.chunks) {
		size := int(s.per())
		if c == 0 {
			size = min(firstRecords, size)
		}
		s.chunks = append(s.chunks, make([]T, 0, size*s.width))
		s.held += int64(size * s.width)
	}
	rec := s.chunks[c]
	if len(rec)+s.width > cap(rec) { // only the first chunk grows
		grown := make([]T, len(rec), min(2*cap(rec), int(s.per())*s.width))
		copy(grown, rec)
		s.held += int64(cap(grown) - cap(rec))
		rec = grown
	}
	rec = rec[:len(rec)+s.width]
	clear(rec[len(rec)-s.width+copy(rec[len(rec)-s.width:], v):])
	s.chunks[c] = rec
	s.n++
	return i
}

// growth returns the bytes the next add allocates, for values of size
// bytes: a new chunk, or a larger first chunk (0 when it allocates
// nothing).
func (s *slab[T]) growth(size int) int64 {
	per := int(s.per())
	c := int(s.n >> s.shift)
	switch {
	case c == 0 && len(s.chunks) == 0:
		return int64(min(firstRecords, per)*s.width) * int64(size)
	case c == len(s.chunks):
		return int64(per*s.width) * int64(size)
	case c == 0 && len(s.chunks[0])+s.width > cap(s.chunks[0]):
		return int64(min(2*cap(s.chunks[0]), per*s.width)) * int64(size)
	}
	return 0
}

// len returns the number of records.
func (s *slab[T]) len() int32 { return s.n }

// bytes returns the memory held by the chunks, for values of size bytes,
// and by the chunk index (a slice header per chunk).
func (s *slab[T]) bytes(size int) int64 {
	return s.held*int64(size) + int64(cap(s.chunks))*24
}

// labelChunk is the size in words of a chunk of labels, and so the longest
// label the store accepts (MaxLabel).
const labelChunk = 1 << 16

// MaxLabel is the longest transition label, in int32 words, that a store
// keeps for traces.
const MaxLabel = labelChunk

// labels holds variable-length labels in chunks of labelChunk words; a
// label never straddles two chunks, so a label's position is one int32:
// chunk<<16 | offset. The first chunk starts small and grows by append.
type labels struct {
	chunks [][]int32
	held   int64
}

// add stores a label of at most labelChunk words and returns its position.
func (l *labels) add(v []int32) int32 {
	c := len(l.chunks) - 1
	if c < 0 || len(l.chunks[c])+len(v) > labelChunk {
		size := labelChunk
		if c < 0 {
			size = 64
		}
		l.chunks = append(l.chunks, make([]int32, 0, size))
		l.held += int64(size)
		c++
	}
	o := len(l.chunks[c])
	old := cap(l.chunks[c])
	l.chunks[c] = append(l.chunks[c], v...)
	l.held += int64(cap(l.chunks[c]) - old)
	return int32(c<<16 | o)
}

// at returns the label of length n at position p. The slice aliases the store.
func (l *labels) at(p, n int32) []int32 {
	if n == 0 {
		return nil
	}
	c, o := l.chunks[p>>16], p&(labelChunk-1)
	return c[o : o+n : o+n]
}

// bytes returns the memory held by the labels.
func (l *labels) bytes() int64 { return l.held*4 + int64(cap(l.chunks))*24 }
