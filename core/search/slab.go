// Chunked slabs: the growable arrays behind the store.

package search

import "unsafe"

// A slab's chunks hold at most chunkRecords records and at most
// chunkBytes bytes (but at least one record), a power of two of them:
// 1024 nodes of 16 bytes, 1024 keys of 64 words, 128 keys of 512 words.
// The zone heap (zones.go) keeps its chunks to chunkBytes too.
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
		s.chunks = appendChunk(s.chunks, make([]T, 0, size*s.width))
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
// bytes: a new chunk (and a larger chunk index), or a larger first chunk
// (0 when it allocates nothing).
func (s *slab[T]) growth(size int) int64 {
	per := int(s.per())
	c := int(s.n >> s.shift)
	switch {
	case c == 0 && len(s.chunks) == 0:
		return int64(min(firstRecords, per)*s.width)*int64(size) + indexGrowth(s.chunks)
	case c == len(s.chunks):
		return int64(per*s.width)*int64(size) + indexGrowth(s.chunks)
	case c == 0 && len(s.chunks[0])+s.width > cap(s.chunks[0]):
		return int64(min(2*cap(s.chunks[0]), per*s.width)) * int64(size)
	}
	return 0
}

// minChunkIndex is the capacity of a chunk index when its first chunk is
// added.
const minChunkIndex = 4

// appendChunk appends c to a chunk index, doubling it by hand when it is
// full rather than by append, whose growth depends on size classes, so
// that indexGrowth can tell what it allocates.
func appendChunk[T any](chunks [][]T, c []T) [][]T {
	if len(chunks) == cap(chunks) {
		chunks = append(make([][]T, 0, 2*cap(chunks)+minChunkIndex), chunks...)
	}
	return append(chunks, c)
}

// indexGrowth returns the bytes appendChunk allocates to append one more
// chunk to chunks (a slice header is 24 bytes): 0 unless it is full.
func indexGrowth[T any](chunks [][]T) int64 {
	if len(chunks) < cap(chunks) {
		return 0
	}
	return int64(2*cap(chunks)+minChunkIndex) * 24
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
// chunk<<16 | offset. The first chunk starts small and grows by doubling.
// longest is the longest label added, which growth takes for the next.
type labels struct {
	chunks  [][]int32
	held    int64
	longest int
}

// firstLabels is the capacity in words of the first chunk of labels.
const firstLabels = 64

// add stores a label of at most labelChunk words and returns its position.
func (l *labels) add(v []int32) int32 {
	c := len(l.chunks) - 1
	if c < 0 || len(l.chunks[c])+len(v) > labelChunk {
		size := l.chunkSize()
		l.chunks = appendChunk(l.chunks, make([]int32, 0, size))
		l.held += int64(size)
		c++
	}
	o := len(l.chunks[c])
	if o+len(v) > cap(l.chunks[c]) { // only the first chunk grows
		grown := make([]int32, o, l.grownCap(len(v)))
		copy(grown, l.chunks[c])
		l.held += int64(cap(grown) - cap(l.chunks[c]))
		l.chunks[c] = grown
	}
	l.chunks[c] = append(l.chunks[c], v...)
	l.longest = max(l.longest, len(v))
	return int32(c<<16 | o)
}

// chunkSize returns the capacity of the next new chunk.
func (l *labels) chunkSize() int {
	if len(l.chunks) == 0 {
		return firstLabels
	}
	return labelChunk
}

// grownCap returns the capacity the first chunk grows to for a label of
// n more words.
func (l *labels) grownCap(n int) int {
	c := l.chunks[0]
	return min(labelChunk, max(2*cap(c), len(c)+n))
}

// growth returns the bytes that adding a label of n words allocates: a
// new chunk (and a larger chunk index), or a larger first chunk.
func (l *labels) growth(n int) int64 {
	c := len(l.chunks) - 1
	switch {
	case c < 0 || len(l.chunks[c])+n > labelChunk:
		g := int64(l.chunkSize())*4 + indexGrowth(l.chunks)
		if c < 0 && n > firstLabels {
			g += int64(min(labelChunk, max(2*firstLabels, n))) * 4
		}
		return g
	case len(l.chunks[c])+n > cap(l.chunks[c]):
		return int64(l.grownCap(n)) * 4
	}
	return 0
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
