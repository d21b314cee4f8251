// The waiting list: the stored states not yet expanded, in search order.

package search

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
