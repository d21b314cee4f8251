// The memory a search counts against Options.MaxMemory.

package search

import (
	"runtime"
	"runtime/metrics"
)

// InUse returns the memory the Go runtime holds for the program: its heap
// objects (live or not yet collected), the unused parts of its heap
// spans, goroutine stacks and the runtime's own structures, but not the
// free and released pages it would hand out again. Right after a
// collection it is what the program needs; the resident size of the
// process adds the program's code and whatever is not Go's. It works
// alike natively and under js/wasm, where the linear memory grows to the
// largest InUse plus free pages and never shrinks.
func InUse() int64 {
	v := readMetrics("/memory/classes/total:bytes", "/memory/classes/heap/free:bytes", "/memory/classes/heap/released:bytes")
	return v[0] - v[1] - v[2]
}

// readMetrics reads the runtime's byte counts of the given names (0 for
// one this Go does not know).
func readMetrics(names ...string) []int64 {
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	v := make([]int64, len(s))
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = int64(s[i].Value.Uint64())
		}
	}
	return v
}

// linearMemory says whether the program's memory is a wasm linear
// memory. There everything the Go runtime ever mapped stays in it, which
// never shrinks: free and released pages and the pieces of the heap the
// garbage of successor computations leaves too small for the store's next
// chunk, which the heap then grows past. A search counts all of that
// there (overhead), not only what the program holds.
const linearMemory = runtime.GOOS == "js"

// readMemory returns the memory the Go runtime has mapped and the part of
// it that holds heap objects, live or not yet collected.
func readMemory() (total, objects int64) {
	v := readMetrics("/memory/classes/total:bytes", "/memory/classes/heap/objects:bytes")
	return v[0], v[1]
}

// measure sets the search's baseline when it starts (Baseline): what the
// program holds, and under js/wasm the mapped memory that holds no
// object.
func (s *searcher) measure() {
	s.base, s.overhead = Baseline()
}

// Baseline returns what the program holds now, as a computation with a
// memory budget counts it at its start: InUse (natively) or the heap's
// objects with the rest of the mapped memory apart as overhead (under
// js/wasm, see linearMemory). The garbage of what ran before (loading,
// earlier queries) should not count against the budget, so it collects
// first, but only when the heap has grown by a quarter of its live size
// (and at least MiB) since the last collection; otherwise that garbage,
// at most so much, is counted as held.
//
// A collection costs time in proportion to the live heap, and a request
// of n formulas holds all of them: a collection before each search would
// make the request's cost grow as n², 31 ms a formula at 10,000 formulas
// against 8 ms at 100. Collecting only after allocations of a quarter of
// the live heap keeps it to a constant share of what was allocated, as
// the garbage collector's own pacing does.
func Baseline() (base, overhead int64) {
	v := readMetrics("/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes")
	if live, objects := v[0], v[1]; objects-live > max(live/4, 1<<20) {
		runtime.GC()
	}
	if !linearMemory {
		return InUse(), 0
	}
	total, objects := readMemory()
	return objects, total - objects
}

// remeasure updates, under js/wasm, the mapped memory that holds no
// object (free, released and unused pages, the runtime's metadata); the
// search calls it at checkpoints.
func (s *searcher) remeasure() {
	if linearMemory {
		total, objects := readMemory()
		s.overhead = total - objects
	}
}

// memory returns the bytes the search counts against its budget: the
// baseline (and under js/wasm the overhead), the store, the waiting list
// and the Space's scratch (Scratcher). See Options.MaxMemory.
func (s *searcher) memory() int64 {
	m := s.base + s.overhead + s.store.Bytes() + s.wait.bytes() + int64(cap(s.succ)+cap(s.curD))*4
	if sc, ok := s.sp.(Scratcher); ok {
		m += sc.ScratchBytes()
	}
	if s.part != nil {
		m += s.part.bytes()
	}
	return m
}

// peak returns memory plus what the next growth of the store and of the
// waiting list would allocate (the waiting list's while its old array is
// still held): the budget must hold at that moment too. Both may grow
// before the next check: the last state stored by an expansion is
// checked before its successors join the waiting list, and the next
// check comes after the next state is stored.
func (s *searcher) peak() int64 {
	m := s.memory() + s.store.growth() + s.wait.growth(len(s.succ))
	if p := s.part; p != nil && p.Sharing > 1 {
		// The other workers of this process are taken to hold as much.
		m += (m - s.base - s.overhead) * int64(p.Sharing-1)
	}
	return m
}

// growth returns the bytes the next Add may allocate: a new chunk of
// nodes, zones, keys and labels (for a label as long as the longest so
// far: a model's labels are about as long as one another), the zone
// heap's free lists, and a doubled table (the old one is held while the
// keys move).
func (s *Store) growth() int64 {
	// The cache's bound grows with the heap: ask with the heap grown.
	zg := s.zones.growth(!s.opts.KeepTrace)
	g := s.nodes.growth(16) + zg + s.keys.growth(4) + s.dec.growth(s.live, s.zones.bytes()+zg)
	if s.opts.KeepTrace {
		g += s.trail.growth(12) + s.text.growth(s.text.longest)
	}
	if (int(s.keys.len())+2)*8 > len(s.slots)*5 {
		g += int64(len(s.slots)) * 2 * 8
	}
	return g
}

// sliceGrowth returns the bytes of the array that pushing n more nodes onto q
// would allocate, given its element size (0 when they fit).
func sliceGrowth[T any](q []T, n int, size int64) int64 {
	if len(q)+n <= cap(q) {
		return 0
	}
	// append grows large slices by about a quarter (runtime.growslice).
	return int64(cap(q)+max(cap(q)/4, n, 256)) * size
}
