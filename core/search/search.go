// The search driver: Run, its options and its main loop.

package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"beeline/core/dbm"
)

// Order is a search order.
type Order uint8

const (
	// BFS expands states in order of depth. With
	// CoverRequiresSmallerDepth it finds a trace with the fewest
	// transitions; without, usually but not always one (see the package
	// documentation).
	BFS Order = iota
	// DFS expands the most recently generated state first, successors in
	// the order the Space produced them.
	DFS
	// RandomDFS is DFS with the successors of each state shuffled by a
	// PCG generator seeded from Options.Seed.
	RandomDFS
	// AStar expands states in order of g + h, g the depth and h
	// Options.Heuristic, ties broken towards larger g, then insertion
	// order. It implies CoverRequiresSmallerDepth, and checks the goal
	// when a state is popped, so that with an admissible heuristic the
	// trace found has the fewest transitions.
	AStar
	// GBFS (greedy best-first search) expands states in order of h, ties
	// broken towards larger g, then insertion order: on the plateaus of
	// a coarse heuristic it dives rather than widens. The goal is checked
	// when a state is generated, as for BFS.
	GBFS
)

var orderNames = [...]string{BFS: "bfs", DFS: "dfs", RandomDFS: "random-dfs", AStar: "astar", GBFS: "gbfs"}

// String returns "bfs", "dfs", "random-dfs", "astar" or "gbfs".
func (o Order) String() string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", o)
}

// Options configures Run. The zero value is a breadth-first search without
// budgets, trace or progress reports.
type Options struct {
	Order Order  // search order; the zero value is BFS
	Seed  uint64 // seed of RandomDFS

	MaxStates int64 // stop after storing this many states; ≤ 0: no limit
	// MaxMemory bounds, in bytes, the memory of the program while the
	// search runs (≤ 0: no limit): what it held when the search started
	// (InUse after a collection), the store, the waiting list, and what
	// their next growth would allocate. The search stops before that sum
	// passes MaxMemory. Garbage is not counted: a process that runs one
	// search at a time should give the Go runtime the same limit
	// (debug.SetMemoryLimit), so that it collects before the garbage
	// matters; the CLI and the worker do.
	MaxMemory int64
	Timeout   time.Duration // stop after this long; ≤ 0: no limit

	// Progress, if set, receives a statistics snapshot about every
	// ProgressEvery (default 250ms). It runs on the search's goroutine,
	// so it is also the place to yield to other work under js/wasm.
	Progress      func(Stats)
	ProgressEvery time.Duration

	// Trace keeps what is needed to return the trace to a goal state.
	Trace bool

	// PassTransient passes through the states a Transient Space calls
	// transient instead of storing them (see Transient): they are
	// expanded within the expansion that generates them, counted by
	// Stats.Passed and not by Explored or Stored. It applies only
	// without Trace and in the orders that do not promise shortest
	// traces (not A*): a stored state's parent must be the state it was
	// generated from.
	PassTransient bool

	// CoverRequiresSmallerDepth is StoreOptions.CoverRequiresSmallerDepth.
	CoverRequiresSmallerDepth bool

	// Heuristic estimates the distance (in transitions) from a state to
	// the nearest goal state, for AStar and GBFS (nil means 0 everywhere).
	// inf means no goal state is reachable from the state: it is stored
	// but never expanded (Stats.Pruned), in every order. It is called
	// once per stored state, on the search's goroutine; its arguments are
	// only valid during the call. A* finds a shortest trace when h never
	// exceeds the true distance (admissible) and says infinite only of
	// dead ends.
	Heuristic func(d []int32, z *dbm.DBM) (h int32, inf bool)

	// CheckInvariants runs Store.Check at every checkpoint and at the end,
	// and stops the search with an error if it fails. It is slow.
	CheckInvariants bool
}

// maxNodes bounds the store's node count: node indices are int32.
const maxNodes = math.MaxInt32 - 1

// Run searches sp from its initial state for a state on which goal holds
// (a nil goal never holds: the search explores the whole state space).
// The goal is checked on the initial state and on every state when it is
// stored, so a search stops as soon as a goal state is generated.
//
// Run returns a Result in every case but one: invalid input (a Space with
// a negative discrete length or dimension < 1, an unknown Order) returns
// only an error. When
// the Space reports an error, Run returns the partial Result (Stopped,
// ReasonError) and that error. Budgets and cancellation are not errors:
// they give a Stopped result with the reason and the statistics so far.
func Run(ctx context.Context, sp Space, goal Goal, opts Options) (*Result, error) {
	if sp.DiscreteLen() < 0 || sp.Dim() < 1 {
		return nil, fmt.Errorf("invalid state space: discrete length %d, dimension %d", sp.DiscreteLen(), sp.Dim())
	}
	if int(opts.Order) >= len(orderNames) {
		return nil, fmt.Errorf("unknown search order %v", opts.Order)
	}
	s := newSearcher(sp, goal, opts)
	if in, ok := sp.(Interrupter); ok {
		in.SetInterrupt(s.interrupted)
		defer in.SetInterrupt(nil)
	}
	s.run(ctx)
	return s.result()
}

// searcher is the state of one Run.
type searcher struct {
	sp    Space
	goal  Goal
	opts  Options
	store *Store
	wait  waiting
	rng   *rand.Rand // RandomDFS only

	start        time.Time
	base         int64 // the program's memory at the start, with a memory budget (measure)
	overhead     int64 // under js/wasm, the mapped memory that holds no object (remeasure)
	deadline     Deadline
	nextProgress time.Time
	// pace counts the work since the last checkpoint: states popped and
	// successors generated (paced of them so far).
	pace  Pacer
	paced int64
	stats Stats

	cur  int32    // node being expanded
	curD []int32  // its discrete part, copied out of the store
	curZ *dbm.DBM // its zone, copied out of the store
	// depth is that of the state whose successors are being generated:
	// cur's, or a transient state's reached from it.
	depth int32
	// With Options.PassTransient: the Space's test, the transient states
	// of the current expansion, and the one being expanded.
	tr    Transient
	clo   *closure
	trD   []int32
	trZ   *dbm.DBM
	succ  []int32 // nodes added by the current expansion
	yield func(label, d2 []int32, z2 *dbm.DBM) bool

	// part is this worker's share of a parallel search (RunPartition);
	// nil for a search on its own.
	part *partition

	goals map[int32]bool // A*: goal states generated, found when popped
	found int32          // goal node, or NoNode
	// stop is why the search ended without a goal (going while it runs);
	// err is the Space's error when stop is stopError.
	stop stopReason
	err  error
}

// newSearcher prepares a search.
func newSearcher(sp Space, goal Goal, opts Options) *searcher {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 250 * time.Millisecond
	}
	if opts.Order == AStar {
		opts.CoverRequiresSmallerDepth = true
	}
	sto := StoreOptions{
		CoverRequiresSmallerDepth: opts.CoverRequiresSmallerDepth,
		KeepTrace:                 opts.Trace,
		Subsumes:                  subsumesOf(sp),
	}
	if r, ok := sp.(Ranger); ok {
		sto.Lo, sto.Hi = r.Ranges()
	}
	s := &searcher{
		sp:    sp,
		goal:  goal,
		opts:  opts,
		store: NewStore(sp.DiscreteLen(), sp.Dim(), sto),
		cur:   NoNode,
		pace:  Pacer{Target: max(min(DefaultPace, opts.ProgressEvery/8), time.Nanosecond)},
		curD:  make([]int32, sp.DiscreteLen()),
		curZ:  dbm.New(sp.Dim()),
		found: NoNode,
	}
	switch opts.Order {
	case DFS:
		s.wait = &lifo{}
	case RandomDFS:
		s.wait = &lifo{}
		s.rng = rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9E3779B97F4A7C15))
	case AStar:
		s.wait = &pqueue{useG: true, deep: true}
		s.goals = map[int32]bool{}
	case GBFS:
		s.wait = &pqueue{deep: true}
	default:
		s.wait = &fifo{}
	}
	if opts.MaxMemory > 0 {
		s.store.dec.limit = opts.MaxMemory / 256
	}
	if tr, ok := sp.(Transient); ok && opts.PassTransient && !opts.Trace && opts.Order != AStar {
		s.tr, s.clo = tr, newClosure(sp.DiscreteLen(), sp.Dim())
		s.trD, s.trZ = make([]int32, sp.DiscreteLen()), dbm.New(sp.Dim())
	}
	s.yield = s.onSuccessor
	return s
}

// run is the main loop: pop, skip if covered, expand, until a goal is
// found, the waiting list is empty or the search is stopped.
func (s *searcher) run(ctx context.Context) {
	s.begin(ctx)
	if s.checkpoint() || !s.initial() {
		return
	}
	for s.found == NoNode && s.stop == going {
		// The work since the last round: this state and the successors
		// generated (counted here rather than one by one).
		units := 1 + s.stats.Generated - s.paced
		s.paced = s.stats.Generated
		if s.pace.Add(units) && s.checkpoint() {
			return
		}
		n, ok := s.wait.pop()
		if !ok {
			s.stop = exhausted
			return
		}
		if s.store.IsCovered(n) {
			s.stats.Skipped++
			delete(s.goals, n) // n may be recycled: it is no goal any more
			s.store.done(n)
			continue
		}
		if s.goals[n] {
			s.found = n
			return
		}
		s.expand(n)
	}
}

// begin starts the search's clock: its baseline memory (with a memory
// budget), its start, deadline and first progress report.
func (s *searcher) begin(ctx context.Context) {
	if s.opts.MaxMemory > 0 {
		s.measure()
	}
	s.start = time.Now()
	s.deadline = NewDeadline(ctx, s.start, s.opts.Timeout)
	s.nextProgress = s.start.Add(s.opts.ProgressEvery)
}

// initial stores the initial state and checks the goal on it. It reports
// whether the search should go on.
func (s *searcher) initial() bool {
	ok, err := s.sp.Initial(s.curD, s.curZ)
	if err != nil {
		s.fail(err)
		return false
	}
	if !ok {
		s.stop = exhausted
		return false
	}
	return s.storeInitial()
}

// storeInitial stores the initial state, computed into s.curD and
// s.curZ, checks the goal on it and queues it. It reports whether the
// search should go on.
func (s *searcher) storeInitial() bool {
	n, _ := s.store.Add(s.curD, s.curZ, NoNode, nil)
	if s.goal != nil && s.goal(s.curD, s.curZ) {
		s.found = n
		return false
	}
	if !s.push(n, s.curD, s.curZ) {
		s.stop = exhausted
		return false
	}
	s.pushSuccessors()
	return true
}

// push evaluates the heuristic on the stored state n = (d, z) and puts it
// in the waiting list, or prunes it when the heuristic says it is a dead
// end. It reports whether n was kept. The priority queue takes n at once;
// for the blind orders n joins s.succ, which pushSuccessors orders.
func (s *searcher) push(n int32, d []int32, z *dbm.DBM) bool {
	h := int32(0)
	if s.opts.Heuristic != nil {
		var inf bool
		if h, inf = s.opts.Heuristic(d, z); inf {
			s.stats.Pruned++
			s.store.done(n)
			return false
		}
		if !s.stats.HasEstimate || h < s.stats.BestEstimate {
			s.stats.BestEstimate, s.stats.HasEstimate = h, true
		}
	}
	if q, ok := s.wait.(*pqueue); ok {
		q.pushPrio(n, h, s.store.Depth(n))
	} else {
		s.succ = append(s.succ, n)
	}
	return true
}

// expand computes the successors of node n and pushes the stored ones.
// The state is copied out of the store first: Add may release or reuse
// the zone slot of n if a successor covers it.
func (s *searcher) expand(n int32) {
	copy(s.curD, s.store.Discrete(n))
	s.store.Zone(n, s.curZ)
	s.cur = n
	s.depth = s.store.Depth(n)
	s.succ = s.succ[:0]
	s.stats.Explored++
	s.store.MarkExpanded(n)
	s.store.done(n)
	if err := s.sp.Successors(s.curD, s.curZ, s.yield); err != nil && s.found == NoNode {
		s.fail(err)
		return
	}
	if s.clo != nil && !s.passThrough() {
		return
	}
	s.pushSuccessors()
}

// passThrough expands the transient states generated by the current
// expansion, and those they generate, until none is left. It reports
// whether the search goes on.
func (s *searcher) passThrough() bool {
	defer s.clo.reset()
	for i := 0; i < s.clo.len() && s.found == NoNode && s.stop == going; i++ {
		s.depth = s.clo.state(i, s.trD, s.trZ)
		s.stats.Passed++
		if err := s.sp.Successors(s.trD, s.trZ, s.yield); err != nil && s.found == NoNode {
			s.fail(err)
			return false
		}
	}
	return true
}

// pushSuccessors pushes the states added by the last expansion: in
// generation order for BFS, reversed for DFS so that the first generated
// is expanded first, shuffled for RandomDFS.
func (s *searcher) pushSuccessors() {
	switch s.opts.Order {
	case DFS:
		for i := len(s.succ) - 1; i >= 0; i-- {
			s.wait.push(s.succ[i])
		}
		return
	case RandomDFS:
		s.rng.Shuffle(len(s.succ), func(i, j int) { s.succ[i], s.succ[j] = s.succ[j], s.succ[i] })
	}
	for _, n := range s.succ {
		s.wait.push(n)
	}
}

// onSuccessor is the yield function given to Space.Successors.
// An empty successor zone is no state and is ignored.
func (s *searcher) onSuccessor(label, d2 []int32, z2 *dbm.DBM) bool {
	if z2.IsEmpty() {
		return true
	}
	s.stats.Generated++
	if len(d2) != s.store.DiscreteLen() || z2.Dim() != s.store.Dim() {
		s.fail(fmt.Errorf("successor has discrete length %d and dimension %d, want %d and %d",
			len(d2), z2.Dim(), s.store.DiscreteLen(), s.store.Dim()))
		return false
	}
	if s.opts.Trace && len(label) > MaxLabel {
		s.fail(fmt.Errorf("transition label of %d words is longer than %d", len(label), MaxLabel))
		return false
	}
	if s.tr != nil && s.tr.Transient(d2) {
		if !s.clo.add(d2, z2, s.depth+1) {
			s.stats.Included++
			return true
		}
		if s.goal == nil || !s.goal(d2, z2) {
			return true
		}
		// A goal state is stored, for the result's depth.
	}
	parent := s.cur
	if s.part != nil {
		if s.route(label, d2, z2) {
			return s.stop == going
		}
		parent = Global(s.part.Me, s.part.Workers, s.cur)
	}
	n, added := s.store.addAt(d2, z2, parent, s.depth+1, label)
	if !added {
		s.stats.Included++
		return true
	}
	if s.goal != nil && s.goal(d2, z2) {
		if s.goals == nil {
			s.found = n
			return false
		}
		// A* stops when a goal state is popped, not generated: a goal
		// generated now may lie deeper than one reached later through
		// a state of equal g + h. A goal's distance to itself is 0.
		s.goals[n] = true
		s.wait.(*pqueue).pushPrio(n, 0, s.store.Depth(n))
		return !s.overBudget()
	}
	s.push(n, d2, z2)
	return !s.overBudget()
}

// overBudget checks the state and memory budgets after a state is stored,
// and the limits of the store: node indices are int32, and zone positions
// address 8 GiB of zones (a full zone heap stops the search as its memory
// budget would).
func (s *searcher) overBudget() bool {
	stored := int64(s.store.Len())
	if p := s.part; p != nil {
		stored = p.storedAll + (stored-p.storedHere)*int64(p.Workers)
	}
	switch {
	case s.opts.MaxStates > 0 && stored >= s.opts.MaxStates, s.store.nodes.len() >= maxNodes:
		s.stop = stopStates
	case s.store.zones.full(), s.opts.MaxMemory > 0 && s.peak() > s.opts.MaxMemory:
		s.stop = stopMemory
	}
	return s.stop != going
}

// checkpoint checks cancellation and the time budget, runs the invariant
// checker if asked, and reports progress. It reports whether to stop.
//
// It first yields the processor (runtime.Gosched). Under js/wasm there is
// one thread and no preemption, so without this a search would starve every
// other goroutine, including any goroutine that would cancel its
// context. Natively it costs well under a microsecond per checkpoint.
func (s *searcher) checkpoint() bool {
	runtime.Gosched()
	now := time.Now()
	s.pace.Checked(now)
	if s.opts.MaxMemory > 0 {
		s.remeasure()
	}
	if r := s.deadline.stop(now); r != going {
		s.stop = r
		return true
	}
	if s.opts.CheckInvariants {
		if err := s.store.Check(); err != nil {
			s.fail(fmt.Errorf("store invariant: %w", err))
			return true
		}
	}
	if s.part != nil {
		s.poll()
	}
	if s.opts.Progress != nil && !now.Before(s.nextProgress) {
		s.opts.Progress(s.snapshot(now))
		s.nextProgress = now.Add(s.opts.ProgressEvery)
	}
	return false
}

// interrupted is what an Interrupter Space polls during a long
// computation: whether the search's context, time budget or memory
// budget stops it now. It records the stop in s.stop, so that the error
// the computation then returns (Interrupter's contract) is read as that
// stop, and the search ends when the Space returns.
func (s *searcher) interrupted() bool {
	r := s.deadline.stop(time.Now())
	if r == going && s.opts.MaxMemory > 0 && s.peak() > s.opts.MaxMemory {
		r = stopMemory
	}
	if r != going {
		s.stop = r
	}
	return r != going
}

// fail stops the search with an error, or leaves the stop that
// interrupted recorded when the error comes from the computation it
// stopped.
func (s *searcher) fail(err error) {
	if s.stop.interrupts() {
		return
	}
	s.err = err
	s.stop = stopError
}

// snapshot returns the statistics as of now.
func (s *searcher) snapshot(now time.Time) Stats {
	st := s.stats
	st.Stored = int64(s.store.Len())
	st.Covered = int64(s.store.NumCovered())
	st.Reopened = s.store.Reopened()
	st.Waiting = int64(s.wait.len())
	st.MemoryBytes = s.memory()
	st.StoreBytes = s.store.Bytes()
	st.Timed(now.Sub(s.start))
	return st
}

// result assembles the Result of the search.
func (s *searcher) result() (*Result, error) {
	if s.opts.CheckInvariants && s.err == nil {
		// A broken store is an error whatever stopped the search.
		if err := s.store.Check(); err != nil {
			s.err, s.stop = fmt.Errorf("store invariant: %w", err), stopError
		}
	}
	r := &Result{Stats: s.snapshot(time.Now()), Goal: s.found, Depth: -1}
	switch {
	case s.err != nil:
		r.Verdict, r.Reason = Stopped, ReasonError
	case s.found != NoNode:
		r.Verdict = Reached
		r.Depth = s.store.Depth(s.found)
		if s.opts.Trace {
			r.Trace = s.store.Path(s.found)
		}
	case s.stop.stopped():
		r.Verdict, r.Reason = Stopped, s.stop.String()
	default:
		r.Verdict = NotReached
	}
	return r, s.err
}
