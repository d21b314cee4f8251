// The waiting list: the stored states not yet expanded, in search order.

package search

import "math"

// waiting is the waiting list of a search: nodes of the store that were
// added but not yet expanded. The order of pop is the search order. A node
// may be covered while it waits; the search skips it when popped. A
// priority queue for A* or greedy search implements this interface too,
// computing a node's priority from the store when it is pushed.
type waiting interface {
	push(n int32)
	pop() (n int32, ok bool)
	len() int
	bytes() int64 // memory held, for the memory budget
	// growth is the memory that pushing n more nodes would allocate
	// while the old array is still held (0 when they fit).
	growth(n int) int64
}

// fifo is a first-in first-out queue: breadth-first search. The slice is
// consumed from head; when the consumed prefix is at least half of the
// slice it is shifted out, so memory stays within twice the queue length
// and each node is moved at most a constant number of times on average.
type fifo struct {
	q    []int32
	head int
}

func (f *fifo) push(n int32) { f.q = append(f.q, n) }

func (f *fifo) pop() (int32, bool) {
	if f.head == len(f.q) {
		f.q, f.head = f.q[:0], 0
		return NoNode, false
	}
	n := f.q[f.head]
	f.head++
	if f.head >= 1024 && 2*f.head >= len(f.q) {
		f.q = f.q[:copy(f.q, f.q[f.head:])]
		f.head = 0
	}
	return n, true
}

func (f *fifo) len() int { return len(f.q) - f.head }

func (f *fifo) bytes() int64 { return int64(cap(f.q)) * 4 }

func (f *fifo) growth(n int) int64 { return sliceGrowth(f.q, n, 4) }

// lifo is a stack: depth-first search.
type lifo struct{ q []int32 }

func (l *lifo) push(n int32) { l.q = append(l.q, n) }

func (l *lifo) pop() (int32, bool) {
	m := len(l.q)
	if m == 0 {
		return NoNode, false
	}
	n := l.q[m-1]
	l.q = l.q[:m-1]
	return n, true
}

func (l *lifo) len() int { return len(l.q) }

func (l *lifo) bytes() int64 { return int64(cap(l.q)) * 4 }

func (l *lifo) growth(n int) int64 { return sliceGrowth(l.q, n, 4) }

// pqueue is a binary min-heap of nodes with priorities: A* (useG: key g+h)
// and greedy best-first search (key h), ties towards larger g (deep).
// Remaining ties go to the node pushed first, so a search is
// deterministic. The order of pushes is the order of storing, but node
// numbers do not follow it when the store recycles records (Store.done),
// so each entry carries its own number. The priority is computed by the searcher
// when it pushes (pushPrio); push alone gives priority 0.
type pqueue struct {
	useG bool // key g+h (A*), else h
	deep bool // among equal keys, larger g first
	q    []pqItem
	seq  uint32 // entries pushed
}

// pqItem is one heap entry: 16 bytes.
type pqItem struct {
	key int32  // g+h for A*, h for greedy search
	g   int32  // depth; larger first among equal keys (A* only)
	n   int32  // the node
	seq uint32 // the order of pushes; smaller first among equal keys and g
}

// less orders heap entries.
func (p *pqueue) less(a, b pqItem) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	if p.deep && a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

func (p *pqueue) push(n int32) { p.pushPrio(n, 0, 0) }

// pushPrio pushes node n with heuristic value h at depth g.
func (p *pqueue) pushPrio(n, h, g int32) {
	key := h
	if p.useG {
		key = satAdd(g, h)
	}
	p.q = append(p.q, pqItem{key: key, g: g, n: n, seq: p.seq})
	p.seq++
	i := len(p.q) - 1
	for i > 0 {
		up := (i - 1) / 2
		if !p.less(p.q[i], p.q[up]) {
			break
		}
		p.q[i], p.q[up] = p.q[up], p.q[i]
		i = up
	}
}

func (p *pqueue) pop() (int32, bool) {
	m := len(p.q)
	if m == 0 {
		return NoNode, false
	}
	top := p.q[0].n
	p.q[0] = p.q[m-1]
	p.q = p.q[:m-1]
	p.down(0)
	return top, true
}

// down restores the heap order below position i.
func (p *pqueue) down(i int) {
	m := len(p.q)
	for {
		l := 2*i + 1
		if l >= m {
			return
		}
		c := l
		if r := l + 1; r < m && p.less(p.q[r], p.q[l]) {
			c = r
		}
		if !p.less(p.q[c], p.q[i]) {
			return
		}
		p.q[i], p.q[c] = p.q[c], p.q[i]
		i = c
	}
}

func (p *pqueue) len() int { return len(p.q) }

func (p *pqueue) bytes() int64 { return int64(cap(p.q)) * 16 }

func (p *pqueue) growth(n int) int64 { return sliceGrowth(p.q, n, 16) }

// satAdd adds two non-negative int32 without overflow.
func satAdd(a, b int32) int32 {
	if s := int64(a) + int64(b); s < 1<<31-1 {
		return int32(s)
	}
	return 1<<31 - 1
}

// levels is the waiting list of a worker of a parallel breadth-first
// search: a FIFO queue per depth, popped from the least depth. A round
// expands the states of one depth, and states reached through transient
// ones that were passed through lie deeper than the next depth, so one
// FIFO queue would not hold them in order of depth.
type levels struct {
	st   *Store
	q    []fifo // q[d]: the waiting states of depth d
	lo   int    // no state waits at a depth below lo
	n    int
	held int64 // the queues' arrays, in bytes (they never shrink)
	last int   // the queue pushed last
}

func (l *levels) push(n int32) {
	d := int(l.st.Depth(n))
	if d >= len(l.q) {
		l.q = append(l.q, make([]fifo, d+1-len(l.q))...)
	}
	c := cap(l.q[d].q)
	l.q[d].push(n)
	l.held += int64(cap(l.q[d].q)-c) * 4
	l.lo = min(l.lo, d)
	l.n++
	l.last = d
}

func (l *levels) pop() (int32, bool) {
	for ; l.lo < len(l.q); l.lo++ {
		if n, ok := l.q[l.lo].pop(); ok {
			l.n--
			return n, true
		}
	}
	return NoNode, false
}

// front returns the least depth of a waiting state, math.MaxInt32 when
// none waits.
func (l *levels) front() int32 {
	for ; l.lo < len(l.q); l.lo++ {
		if l.q[l.lo].len() > 0 {
			return int32(l.lo)
		}
	}
	return math.MaxInt32
}

func (l *levels) len() int { return l.n }

func (l *levels) bytes() int64 { return l.held + int64(cap(l.q))*24 }

func (l *levels) growth(n int) int64 {
	if l.last < len(l.q) {
		return l.q[l.last].growth(n)
	}
	return 0
}
