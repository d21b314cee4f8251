// One worker's share of a parallel search: the partition of the store it
// owns, the batches it sends to the owners of the states it generates,
// and the rounds that keep the workers in step.

package search

import (
	"context"
	"fmt"
	"math"
	"time"
	"unsafe"

	"beeline/core/dbm"
)

// Round sizes and batch sizes of a parallel search.
const (
	// DFSRound is how many states a worker expands in a round of a
	// depth-first parallel search before the barrier.
	DFSRound = 4096
	// batchWords is the size, in int32 words, past which a batch is
	// sent.
	batchWords = 16 << 10
)

// PartOptions places one worker in a parallel search.
type PartOptions struct {
	// Me is this worker's number, Workers the number of workers.
	Me, Workers int
	// Exchange carries the batches and barriers.
	Exchange Exchange
	// Sharing is the number of workers whose memory one budget covers
	// (those in one process; 0 means 1): the worker counts its store
	// that many times against Options.MaxMemory, as if the others held
	// as much.
	Sharing int
	// GoalErr, if set, returns the error the goal met, if any (a
	// run-time error of the model in the query's formula): a goal
	// reports none by itself, so the worker asks at each barrier and
	// ends the run with it.
	GoalErr func() error
}

// partition is a searcher's share of a parallel search.
type partition struct {
	PartOptions
	out      [][]int32 // per worker: the batch being filled
	sent     []int64   // per worker: batches sent so far
	received int64     // batches received so far
	level    int32     // BFS: the depth this round expands
	round    int       // DFS: states expanded this round
	halted   bool      // Exchange.Halted seen: end the round
	entry    int       // the most words of one state in a batch
	// The states stored by all workers at the last barrier, and by
	// this one then: the state budget is read between barriers as if
	// the others stored as fast as this one.
	storedAll, storedHere int64
	// free holds the arrays of batches received and stored, for the
	// batches to send: sending allocates nothing once the first have
	// come back.
	free  [][]int32
	recvZ *dbm.DBM
	recvD []int32
}

// Partition is what a worker keeps of a parallel search when it ends:
// the run's outcome as all workers learn it, and the store of its
// partition, which holds the steps of traces.
type Partition struct {
	// Result is the run's verdict and merged statistics. Goal names
	// the goal state by its global number (Global); Trace is nil: the
	// coordinator asks each step of it from its owner (Step).
	Result *Result
	store  *Store
	k      int
}

// Step returns the stored state numbered g (a global number, see
// Global), owned by this worker: its parent's global number (NoNode
// for the initial state) and the step (label, discrete part, zone).
// ok is false when g is not this worker's or not a node of its store.
func (p *Partition) Step(g int32) (parent int32, step Step, ok bool) {
	_, n := Split(g, p.k)
	if g == NoNode || g < 0 || n >= p.store.nodes.len() {
		return NoNode, Step{}, false
	}
	z := dbm.New(p.store.Dim())
	p.store.Zone(n, z)
	step = Step{Discrete: append([]int32(nil), p.store.Discrete(n)...), Zone: z}
	if p.store.opts.KeepTrace {
		parent = p.store.Parent(n)
		if parent != NoNode {
			step.Label = append([]int32{}, p.store.Label(n)...)
		}
	} else {
		parent = NoNode
	}
	return parent, step, true
}

// Depth returns the depth of the state numbered g, owned by this worker.
func (p *Partition) Depth(g int32) int32 {
	_, n := Split(g, p.k)
	return p.store.Depth(n)
}

// RunPartition runs worker po.Me's share of a parallel search of
// po.Workers workers: each explores the states whose discrete parts it
// owns (by the hash of their discrete parts) and sends the others theirs, in rounds
// ended by barriers (see the package documentation, "Many workers").
// Every worker is given the same space (its own copy), goal and
// options; Order must be BFS, DFS or RandomDFS, and PassTransient
// applies. It returns the worker's Partition: the run's outcome, the
// same for every worker, and what traces need.
//
// An error of the Exchange (a lost worker) ends the run: Stopped, its
// text as the reason, and no error returned.
func RunPartition(ctx context.Context, sp Space, goal Goal, opts Options, po PartOptions) (*Partition, error) {
	if sp.DiscreteLen() < 0 || sp.Dim() < 1 {
		return nil, fmt.Errorf("invalid state space: discrete length %d, dimension %d", sp.DiscreteLen(), sp.Dim())
	}
	switch {
	case opts.Order != BFS && opts.Order != DFS && opts.Order != RandomDFS:
		return nil, fmt.Errorf("a parallel search runs breadth-first or depth-first, not %v", opts.Order)
	case po.Workers < 1 || po.Me < 0 || po.Me >= po.Workers || po.Exchange == nil:
		return nil, fmt.Errorf("invalid worker %d of %d", po.Me, po.Workers)
	}
	if opts.Order == RandomDFS {
		// Each worker shuffles with its own stream.
		opts.Seed += uint64(po.Me) * 0x9E3779B97F4A7C15
	}
	s := newSearcher(sp, goal, opts)
	if opts.Order == BFS {
		s.wait = &levels{st: s.store}
	}
	s.part = &partition{
		PartOptions: po,
		out:         make([][]int32, po.Workers),
		sent:        make([]int64, po.Workers),
		recvZ:       dbm.New(sp.Dim()),
		recvD:       make([]int32, sp.DiscreteLen()),
	}
	if s.part.Sharing < 1 {
		s.part.Sharing = 1
	}
	// An entry's words: parent, depth, label length, label (most are
	// short), discrete part, matrix.
	s.part.entry = 3 + 64 + sp.DiscreteLen() + sp.Dim()*sp.Dim()
	if in, ok := sp.(Interrupter); ok {
		in.SetInterrupt(s.interrupted)
		defer in.SetInterrupt(nil)
	}
	r := s.rounds(ctx)
	res, err := s.partResult(r)
	if res == nil {
		return nil, err
	}
	return &Partition{Result: res, store: s.store, k: po.Workers}, err
}

// owner returns the worker that owns the discrete part d: a hash of d,
// mixed again so that the owner is independent of the slot the store's
// own hash gives d, scaled to the number of workers.
func owner(d []int32, k int) int {
	if k == 1 {
		return 0
	}
	h := hashKey(d) ^ prime4
	h *= prime2
	h ^= h >> 31
	return int((h >> 32) * uint64(k) >> 32)
}

// rounds is a worker's main loop: rounds of expansion, each ended by
// two barriers. At the first, the workers learn how many batches were
// sent to each, and each receives all of its own; at the second, they
// learn the states waiting, a goal stored, a stop, and so whether the
// run goes on. It returns the last merged report.
func (s *searcher) rounds(ctx context.Context) Report {
	p := s.part
	s.begin(ctx)
	if !s.checkpoint() {
		s.initialPart()
	}
	for {
		if s.found == NoNode && s.stop == going {
			s.work()
		}
		if s.found != NoNode || s.stop != going {
			p.Exchange.Halt()
		}
		s.flush()
		r, err := p.Exchange.Reduce(ctx, Report{Sent: p.sent, Front: math.MaxInt32, Found: NoNode})
		if err == nil {
			err = s.drain(ctx, r.Sent[p.Me])
		}
		if err == nil {
			r, err = p.Exchange.Reduce(ctx, s.report())
		}
		if err != nil {
			return s.lost(ctx, err)
		}
		p.storedAll, p.storedHere = r.Stats.Stored, int64(s.store.Len())
		if r.Stop != "" || r.Found != NoNode || r.Waiting == 0 {
			return r
		}
		p.level, p.round = r.Front, 0
	}
}

// initialPart stores the initial state in the worker that owns it.
func (s *searcher) initialPart() {
	ok, err := s.sp.Initial(s.curD, s.curZ)
	switch {
	case err != nil:
		s.fail(err)
	case ok && owner(s.curD, s.part.Workers) == s.part.Me:
		s.storeInitial()
		if s.stop == exhausted {
			s.stop = going
		}
	}
}

// work expands the states of this round: for BFS those of the round's
// depth, for DFS up to DFSRound of them. Batches that arrive meanwhile
// are stored at checkpoints.
func (s *searcher) work() {
	p := s.part
	for s.found == NoNode && s.stop == going && !p.halted {
		units := 1 + s.stats.Generated - s.paced
		s.paced = s.stats.Generated
		if s.pace.Add(units) && s.checkpoint() {
			return
		}
		if !s.roundGoesOn() {
			return
		}
		n, _ := s.wait.pop()
		if s.store.IsCovered(n) {
			s.stats.Skipped++
			s.store.done(n)
			continue
		}
		p.round++
		s.expand(n)
	}
}

// roundGoesOn reports whether the round has a state left to expand.
func (s *searcher) roundGoesOn() bool {
	switch q := s.wait.(type) {
	case *levels:
		return q.front() <= s.part.level
	default:
		return s.wait.len() > 0 && s.part.round < DFSRound
	}
}

// front returns the least depth in the waiting list, the next round's
// depth under BFS (math.MaxInt32 when it is empty).
func (s *searcher) front() int32 {
	if q, ok := s.wait.(*levels); ok {
		return q.front()
	}
	if s.wait.len() > 0 {
		return 0
	}
	return math.MaxInt32
}

// route sends the successor (label, d, z) of the state being expanded to
// the worker that owns d, unless that is this one. It reports whether
// it sent it.
func (s *searcher) route(label, d []int32, z *dbm.DBM) bool {
	p := s.part
	w := owner(d, p.Workers)
	if w == p.Me {
		return false
	}
	b := p.out[w]
	if b == nil {
		b = p.batch()
	}
	parent := Global(p.Me, p.Workers, s.cur)
	if !s.opts.Trace {
		label, parent = nil, NoNode
	}
	b = append(b, parent, s.depth+1, int32(len(label)))
	b = append(b, label...)
	b = append(b, d...)
	b = append(b, words(z.Raw())...)
	p.out[w] = b
	if len(b) >= batchWords {
		s.send(w)
	}
	return true
}

// bytes returns the memory of the batches being filled and of the
// arrays kept for the next ones, counted twice: as many again may be
// on their way to this worker or held by the Exchange.
func (p *partition) bytes() int64 {
	n := 0
	for _, b := range p.out {
		n += cap(b)
	}
	for _, b := range p.free {
		n += cap(b)
	}
	return int64(n) * 8
}

// batch returns an empty batch: a received one's array, or a new one
// that holds a batch's words and one more state.
func (p *partition) batch() []int32 {
	if n := len(p.free); n > 0 {
		b := p.free[n-1]
		p.free = p.free[:n-1]
		return b[:0]
	}
	return make([]int32, 0, batchWords+p.entry)
}

// send hands worker w's batch to the Exchange.
func (s *searcher) send(w int) {
	p := s.part
	if len(p.out[w]) == 0 {
		return
	}
	b := p.out[w]
	p.out[w] = nil
	p.sent[w]++
	if err := p.Exchange.Send(w, b); err != nil && s.stop == going {
		s.err, s.stop = err, stopError
	}
}

// flush sends every batch being filled.
func (s *searcher) flush() {
	for w := range s.part.out {
		s.send(w)
	}
}

// poll stores the batches that have arrived; at checkpoints it also
// notes a halt.
func (s *searcher) poll() {
	p := s.part
	for s.stop == going {
		b, ok, err := p.Exchange.Poll()
		if err != nil {
			s.err, s.stop = err, stopError
			return
		}
		if !ok {
			break
		}
		p.received++
		s.receive(b)
	}
	if p.Exchange.Halted() {
		p.halted = true
	}
}

// drain waits for and stores the batches sent to this worker until it
// has received want of them since the run began.
func (s *searcher) drain(ctx context.Context, want int64) error {
	p := s.part
	for p.received < want {
		b, err := p.Exchange.Receive(ctx)
		if err != nil {
			return err
		}
		p.received++
		s.receive(b)
	}
	return nil
}

// receive stores the states of a batch, checks the goal on the new ones
// and puts them in the waiting list.
func (s *searcher) receive(batch []int32) {
	p := s.part
	b := batch
	defer func() {
		if cap(batch) >= batchWords && len(p.free) < 2*p.Workers {
			p.free = append(p.free, batch)
		}
	}()
	klen, dd := s.store.DiscreteLen(), s.store.Dim()*s.store.Dim()
	raw := p.recvZ.Raw()
	for len(b) > 0 {
		parent, depth, ll := b[0], b[1], int(b[2])
		label := b[3 : 3+ll]
		b = b[3+ll:]
		copy(p.recvD, b[:klen])
		copy(words(raw), b[klen:klen+dd])
		b = b[klen+dd:]
		if s.found != NoNode || s.stop.stopped() {
			continue // the run ends; the batch is only counted
		}
		n, added := s.store.addAt(p.recvD, p.recvZ, parent, depth, label)
		if !added {
			s.stats.Included++
			continue
		}
		if s.goal != nil && s.goal(p.recvD, p.recvZ) {
			s.found = n
			continue
		}
		s.succ = s.succ[:0]
		s.push(n, p.recvD, p.recvZ)
		s.pushSuccessors()
		s.overBudget()
	}
}

// report is what this worker tells the others at the second barrier of
// a round.
func (s *searcher) report() Report {
	if ge := s.part.GoalErr; ge != nil && !s.stop.stopped() {
		if err := ge(); err != nil {
			s.err, s.stop = err, stopError
		}
	}
	r := Report{Waiting: int64(s.wait.len()), Front: s.front(), Found: NoNode, Stats: s.snapshot(time.Now())}
	if s.found != NoNode {
		r.Found, r.FoundDepth = Global(s.part.Me, s.part.Workers, s.found), s.store.Depth(s.found)
	}
	if s.stop.stopped() {
		r.Stop = s.stop.String()
		if s.err != nil {
			r.Err = s.err.Error()
		}
	}
	return r
}

// lost ends the run when the Exchange fails: a lost worker, or ctx done
// while waiting. The reason is the context's when it is done, else the
// Exchange's error.
func (s *searcher) lost(ctx context.Context, err error) Report {
	r := s.report()
	r.Found = NoNode
	switch {
	case ctx.Err() != nil:
		r.Stop, r.Err = s.deadline.stop(time.Now()).String(), ""
		if r.Stop == "going" {
			r.Stop = ReasonCancelled
		}
	default:
		r.Stop, r.Err = err.Error(), ""
	}
	return r
}

// partResult turns the last merged report into the worker's Result.
func (s *searcher) partResult(r Report) (*Result, error) {
	st := r.Stats
	st.Timed(time.Since(s.start))
	res := &Result{Stats: st, Goal: NoNode, Depth: -1}
	switch {
	case r.Stop == ReasonError:
		res.Verdict, res.Reason = Stopped, ReasonError
		return res, fmt.Errorf("%s", r.Err)
	case r.Stop != "":
		res.Verdict, res.Reason = Stopped, r.Stop
	case r.Found != NoNode:
		res.Verdict, res.Goal, res.Depth = Reached, r.Found, r.FoundDepth
	default:
		res.Verdict = NotReached
	}
	return res, nil
}

// words returns the bounds of a matrix as the int32 words they are
// (dbm.Bound is an int32), for copying in and out of batches in one go.
func words(m []dbm.Bound) []int32 {
	return unsafe.Slice((*int32)(unsafe.SliceData(m)), len(m))
}
