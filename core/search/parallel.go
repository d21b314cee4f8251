// A parallel search in one process: one goroutine per worker, batches
// passed through queues in memory (Local).

package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Worker is what one worker of RunParallel searches with: its own Space
// and Goal (neither is shared between goroutines), and what the goal's
// errors are read from (PartOptions.GoalErr; nil: none).
type Worker struct {
	Space   Space
	Goal    Goal
	GoalErr func() error
}

// RunParallel searches as Run does, with k workers on k goroutines (k ≥
// 1), each with its own Space and Goal from newWorker (called once per
// worker, from the caller's goroutine, before the search starts): the
// states are partitioned between them by the hash of their discrete parts
// (see the package documentation, "Many workers"). Order must be BFS,
// DFS or RandomDFS. MaxStates and MaxMemory bound the sum of the
// workers'; Progress receives the merged statistics, on a goroutine of
// its own. The trace, with Options.Trace, is gathered from the workers'
// stores; the Result's Goal is a global number (Global).
func RunParallel(ctx context.Context, k int, newWorker func(w int) Worker, opts Options) (*Result, error) {
	if k < 1 {
		return nil, fmt.Errorf("a parallel search needs at least one worker, not %d", k)
	}
	workers := make([]Worker, k)
	for w := range k {
		workers[w] = newWorker(w)
	}
	ex := NewLocal(k)
	parts := make([]*Partition, k)
	errs := make([]error, k)
	prog := newMerger(k, opts)
	var wg sync.WaitGroup
	for w := range k {
		o := opts
		o.Progress = prog.part(w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					parts[w], errs[w] = nil, fmt.Errorf("worker %d failed: %v\n%s", w, v, debug.Stack())
				}
				// A worker that ends has passed the last barrier, unless
				// the run failed: then nobody waits for it any more.
				ex.fail(errWorkerEnded)
			}()
			po := PartOptions{Me: w, Workers: k, Exchange: ex.Worker(w), Sharing: k, GoalErr: workers[w].GoalErr}
			parts[w], errs[w] = RunPartition(ctx, workers[w].Space, workers[w].Goal, o, po)
		}()
	}
	wg.Wait()
	prog.stop()
	for _, p := range parts {
		if p == nil {
			return nil, errors.Join(errs...)
		}
	}
	res := parts[0].Result
	err := errs[0] // every worker reports the run's error

	if res.Verdict == Reached && opts.Trace {
		res.Trace, err = gatherTrace(parts, res.Goal)
	}
	return res, err
}

// gatherTrace rebuilds the path to the goal state g from the workers'
// stores.
func gatherTrace(parts []*Partition, g int32) ([]Step, error) {
	k := len(parts)
	var rev []Step
	for g != NoNode {
		w, n := Split(g, k)
		parent, step, ok := parts[w].Step(g)
		if !ok {
			return nil, fmt.Errorf("trace: no state %d in worker %d", n, w)
		}
		rev = append(rev, step)
		g = parent
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}

// merger merges the workers' progress snapshots and hands the sum to
// Options.Progress every ProgressEvery, on a goroutine of its own.
type merger struct {
	mu    sync.Mutex
	stats []Stats
	done  chan struct{}
	wg    sync.WaitGroup
}

// newMerger starts the merging goroutine when opts asks for progress.
func newMerger(k int, opts Options) *merger {
	m := &merger{stats: make([]Stats, k), done: make(chan struct{})}
	if opts.Progress == nil {
		return m
	}
	every := opts.ProgressEvery
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	start := time.Now()
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-m.done:
				return
			case now := <-t.C:
				m.mu.Lock()
				var sum Stats
				for _, s := range m.stats {
					sum = sum.Sum(s)
				}
				m.mu.Unlock()
				sum.Timed(now.Sub(start))
				opts.Progress(sum)
			}
		}
	}()
	return m
}

// part returns worker w's progress callback: it records the snapshot.
func (m *merger) part(w int) func(Stats) {
	return func(s Stats) {
		m.mu.Lock()
		m.stats[w] = s
		m.mu.Unlock()
	}
}

// stop ends the merging goroutine and waits for it.
func (m *merger) stop() {
	close(m.done)
	m.wg.Wait()
}

// errWorkerEnded is what waits of a Local return when a worker ended
// while others still wait for it.
var errWorkerEnded = errors.New("a worker ended early")

// Local is the Exchange of workers in one process: a queue of batches
// per worker and a barrier, in memory.
type Local struct {
	inbox  []inbox
	halted atomic.Bool

	mu     sync.Mutex
	gen    *generation
	failed error // a worker ended without a partition: every wait fails
}

// inbox is a worker's queue of batches.
type inbox struct {
	mu      sync.Mutex
	batches [][]int32
	ready   chan struct{} // holds a token while batches is not empty
}

// generation is one barrier: the reports so far, and once all are in,
// the merged one.
type generation struct {
	reports []Report
	n       int
	merged  Report
	done    chan struct{}
}

// NewLocal returns the Exchange of k workers in one process.
func NewLocal(k int) *Local {
	l := &Local{inbox: make([]inbox, k)}
	for i := range l.inbox {
		l.inbox[i].ready = make(chan struct{}, 1)
	}
	l.gen = l.newGeneration()
	return l
}

func (l *Local) newGeneration() *generation {
	return &generation{reports: make([]Report, len(l.inbox)), done: make(chan struct{})}
}

// Worker returns worker w's side of the Exchange.
func (l *Local) Worker(w int) Exchange { return &localWorker{l: l, me: w} }

// fail makes every wait of the Exchange return err: a worker ended
// without reaching the barrier.
func (l *Local) fail(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.failed == nil {
		l.failed = err
		close(l.gen.done)
		for i := range l.inbox {
			select {
			case l.inbox[i].ready <- struct{}{}:
			default:
			}
		}
	}
	l.halted.Store(true)
}

// localWorker is one worker's side of a Local.
type localWorker struct {
	l  *Local
	me int
}

func (w *localWorker) Send(to int, batch []int32) error {
	in := &w.l.inbox[to]
	in.mu.Lock()
	in.batches = append(in.batches, batch)
	in.mu.Unlock()
	select {
	case in.ready <- struct{}{}:
	default:
	}
	return nil
}

func (w *localWorker) Poll() ([]int32, bool, error) {
	in := &w.l.inbox[w.me]
	in.mu.Lock()
	defer in.mu.Unlock()
	if len(in.batches) == 0 {
		return nil, false, nil
	}
	b := in.batches[0]
	in.batches[0] = nil
	in.batches = in.batches[1:]
	if len(in.batches) > 0 {
		select {
		case in.ready <- struct{}{}:
		default:
		}
	}
	return b, true, nil
}

func (w *localWorker) Receive(ctx context.Context) ([]int32, error) {
	in := &w.l.inbox[w.me]
	for {
		if b, ok, _ := w.Poll(); ok {
			return b, nil
		}
		w.l.mu.Lock()
		failed := w.l.failed
		w.l.mu.Unlock()
		if failed != nil {
			return nil, failed
		}
		select {
		case <-in.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (w *localWorker) Reduce(ctx context.Context, r Report) (Report, error) {
	l := w.l
	l.mu.Lock()
	if l.failed != nil {
		l.mu.Unlock()
		return Report{}, l.failed
	}
	g := l.gen
	g.reports[w.me] = r
	g.n++
	if g.n == len(g.reports) {
		g.merged = MergeReports(g.reports)
		l.gen = l.newGeneration()
		close(g.done)
		l.mu.Unlock()
		return g.merged, nil
	}
	l.mu.Unlock()
	select {
	case <-g.done:
	case <-ctx.Done():
		return Report{}, ctx.Err()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if g.n < len(g.reports) {
		return Report{}, l.failed
	}
	return g.merged, nil
}

func (w *localWorker) Halt()        { w.l.halted.Store(true) }
func (w *localWorker) Halted() bool { return w.l.halted.Load() }
