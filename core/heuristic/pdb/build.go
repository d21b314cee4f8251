// The database: the abstract zone graph of M|P explored exhaustively,
// and the distances to the abstract target computed backwards.

package pdb

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// Inf is the distance of an abstract state with no path to the target.
const Inf = -1

// db is a pattern database: the abstract states, grouped by projected
// discrete part, with their zones and distances.
type db struct {
	// dim is the dimension of the stored zones: the reference clock and
	// the clocks the pattern keeps, listed in clocks. The projection
	// never constrains the other clocks and extrapolation frees them, so
	// a stored zone is the abstract zone restricted to the kept clocks.
	dim    int
	clocks []int32
	keep   []int32 // positions of the discrete vector the pattern keeps
	// index maps a projected discrete part (encoded by key) to the
	// abstract states with that part.
	index map[string][]int32
	zones []dbm.Bound // dim*dim per state
	dist  []int32     // per state; Inf for none
}

// key encodes the kept positions of d.
func (b *db) key(d []int32, buf []byte) []byte {
	buf = buf[:0]
	for _, k := range b.keep {
		buf = heuristic.AppendKey(buf, d[k])
	}
	return buf
}

// restrict writes z's restriction to the kept clocks into r (for closed
// DBMs, the projection of the zone onto those clocks).
func (b *db) restrict(z, r *dbm.DBM) { restrict(b.clocks, z, r) }

// restrict writes the restriction of z to the clocks listed into r.
func restrict(clocks []int32, z, r *dbm.DBM) {
	for i, ci := range clocks {
		for j, cj := range clocks {
			r.Set(i, j, z.At(int(ci), int(cj)))
		}
	}
}

// extend writes into z the zone whose restriction to the clocks listed is
// r and whose other clocks are free.
func extend(clocks []int32, r, z *dbm.DBM) {
	z.Unconstrained()
	for i, ci := range clocks {
		for j, cj := range clocks {
			z.Set(int(ci), int(cj), r.At(i, j))
		}
	}
	z.Close()
}

// keptClocks lists the reference clock and the clocks p keeps.
func keptClocks(p []bool) []int32 {
	out := []int32{0}
	for c := 1; c < len(p); c++ {
		if p[c] {
			out = append(out, int32(c))
		}
	}
	return out
}

// abstractClocks lists the kept clocks (keptClocks) in the numbering of
// the projection m: the original numbers, or 0..k−1 when m numbers its
// clocks densely (Network.ClockMap).
func abstractClocks(m *model.Network, clocks []int32) []int32 {
	if m.ClockMap == nil {
		return clocks
	}
	out := make([]int32, len(clocks))
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// covering returns the first state stored under key whose zone includes
// r (a zone restricted to the kept clocks); −1 when there is none. The
// exploration maps a successor to that state.
func (b *db) covering(key []byte, r *dbm.DBM) int32 {
	id, _ := b.covers(key, r)
	return id
}

// covers is covering that also returns how many zones it compared.
func (b *db) covers(key []byte, r *dbm.DBM) (int32, int) {
	for k, id := range b.index[string(key)] {
		if zz := b.zone(id); zz.Includes(r) {
			return id, k + 1
		}
	}
	return -1, len(b.index[string(key)])
}

// zone returns the zone of state id as a DBM view (not a copy).
func (b *db) zone(id int32) dbm.DBM {
	n := b.dim * b.dim
	return dbm.FromRaw(b.dim, b.zones[int(id)*n:int(id+1)*n])
}

// Limits bound a precomputation.
type Limits struct {
	// MaxStates bounds the abstract states (0: DefaultMaxStates).
	MaxStates int
	// MaxBytes bounds the table's memory (0: DefaultMaxBytes).
	MaxBytes int64
}

// The default limits.
const (
	DefaultMaxStates = 2_000_000
	DefaultMaxBytes  = 512 << 20
)

// ErrBudget is wrapped by the error of a precomputation a limit stopped.
var ErrBudget = fmt.Errorf("the pattern database exceeds its budget")

// errWork is the error of an exploration that exceeded its work: a
// trial's abstraction too large for the trial work.
var errWork = errors.New("the abstraction takes more work than a trial may spend")

// bounds are the limits of one exploration: the options' and, for a
// trial, the work it may spend (0: no bound).
type bounds struct {
	Limits
	work int64
}

// StepWork is the work, in work units, that the exploration of an
// abstraction whose zones have dimension dim (the reference clock and
// the kept clocks) counts for each abstract state it expands and each
// transition it follows; each stored zone that a successor's zone is
// compared with (to find one that includes it) counts one unit more.
// The weights follow the time measured natively: a fixed cost (the
// discrete part's evaluation) plus zone operations quadratic in dim,
// and cheap but, on models with many zones per discrete state,
// numerous inclusion tests; a unit is about a tenth of a microsecond.
// Counting work instead of time makes a precomputation build the same
// table on a quiet or a busy machine, natively or under js/wasm.
func StepWork(dim int) int64 {
	d := int64(dim)
	return 4 + d*d/6
}

// builder explores M|P.
type builder struct {
	b     *db
	x     *zone.Expander
	nd    int
	disc  []int32 // nd per state: the discrete parts, for expansion
	preds [][]int32
	// fails lists the states with a transition whose evaluation failed
	// (zone.Expander.Skipped): the failure may be a concrete run-time
	// error, which ends the concrete search, so these states and those
	// that reach them are never dead ends (failsAt).
	fails  []int32
	target *heuristic.Target
	np     int
	lim    bounds
	// work is the work done (StepWork per expansion and transition, one
	// unit per zone compared), step the work of one step.
	work, step int64
	report     func(heuristic.Progress)
	pace       search.Pacer // of the checks: states expanded, successors
	buf        []byte
	scr        *dbm.DBM
	// abs lists the kept clocks in the projection's own numbering: the
	// original numbers, or 0..k−1 when it numbers its clocks densely.
	abs []int32
	// visit is told of every transition from → to of the exploration
	// (from −1 for the initial state), fresh when it stored to; it stops
	// the exploration by returning false.
	visit func(from, to int32, fresh bool) bool
}

// newBuilder prepares the exploration of the projection m.
func newBuilder(m *model.Network, p model.Pattern, keep []int32, t *heuristic.Target, lim bounds, report func(heuristic.Progress)) (*builder, error) {
	g, err := zone.New(m, zone.Options{SkipErrors: true})
	if err != nil {
		return nil, err
	}
	clocks := keptClocks(p.Clocks)
	bl := &builder{
		b:   &db{dim: len(clocks), clocks: clocks, keep: keep, index: map[string][]int32{}},
		abs: abstractClocks(m, clocks),
		x:   g.NewExpander(),
		nd:  g.DiscreteLen(),
		np:  len(m.Processes),
		lim: lim, target: t, report: report,
		scr: dbm.New(len(clocks)),
	}
	bl.step = StepWork(bl.x.Dim())
	if bl.lim.MaxStates <= 0 {
		bl.lim.MaxStates = DefaultMaxStates
	}
	if bl.lim.MaxBytes <= 0 {
		bl.lim.MaxBytes = DefaultMaxBytes
	}
	return bl, nil
}

// build explores the projection m (kept positions keep) exhaustively and
// computes every abstract state's distance to t. It returns the work the
// exploration did, also when it failed.
func build(ctx context.Context, m *model.Network, p model.Pattern, keep []int32, t *heuristic.Target, lim bounds, report func(heuristic.Progress)) (*db, int64, error) {
	bl, err := newBuilder(m, p, keep, t, lim, report)
	if err != nil {
		return nil, 0, err
	}
	bl.visit = func(from, to int32, _ bool) bool {
		if from >= 0 {
			bl.preds[to] = append(bl.preds[to], from)
		}
		return true
	}
	// A guard or update that computes for long stops with the context:
	// an error the expander skips, then the next check's.
	bl.x.SetInterrupt(func() bool { return heuristic.Done(ctx) != nil })
	if err := bl.explore(ctx); err != nil {
		return nil, bl.work, err
	}
	bl.distances()
	return bl.b, bl.work, nil
}

// explore enumerates the abstract states breadth-first. A successor
// included in a stored zone with the same discrete part leads to that
// state; others are stored.
func (bl *builder) explore(ctx context.Context) error {
	d := make([]int32, bl.nd)
	z := dbm.New(bl.x.Dim())
	ok, err := bl.x.Initial(d, z)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	if to, fresh := bl.add(d, z); !bl.visit(-1, to, fresh) {
		return nil
	}
	stopped := false
	for id := int32(0); int(id) < len(bl.b.dist) && !stopped; id++ {
		if bl.lim.work > 0 && bl.work > bl.lim.work {
			return errWork
		}
		bl.work += bl.step
		if bl.pace.Add(1) {
			if err := bl.check(ctx); err != nil {
				return err
			}
		}
		copy(d, bl.disc[int(id)*bl.nd:])
		extend(bl.abs, ptr(bl.b.zone(id)), z)
		skipped := bl.x.Skipped()
		err := bl.x.Successors(d, z, func(_, d2 []int32, z2 *dbm.DBM) bool {
			bl.pace.Add(1)
			bl.work += bl.step
			to, fresh := bl.add(d2, z2)
			stopped = !bl.visit(id, to, fresh)
			return !stopped
		})
		if err != nil {
			if cerr := heuristic.Done(ctx); cerr != nil {
				return cerr // the interrupt stopped the enumeration: say why
			}
			return err
		}
		if bl.x.Skipped() != skipped {
			bl.fails = append(bl.fails, id)
		}
	}
	return bl.check(ctx)
}

func ptr(z dbm.DBM) *dbm.DBM { return &z }

// check stops on cancellation, at the deadline and on the limits, and
// reports progress. The exploration calls it every few milliseconds
// (search.Pacer: the clock paces the checks only; the limits are counts
// that the last check, at the end, sees too).
func (bl *builder) check(ctx context.Context) error {
	bl.pace.Checked(time.Now())
	if err := heuristic.Done(ctx); err != nil {
		return err
	}
	n := len(bl.b.dist)
	bytes := bl.bytes()
	if bl.report != nil {
		bl.report(heuristic.Progress{Step: "exploring", States: int64(n), Bytes: bytes})
	}
	switch {
	case n > bl.lim.MaxStates:
		return fmt.Errorf("%w: more than %d abstract states", ErrBudget, bl.lim.MaxStates)
	case bytes > bl.lim.MaxBytes:
		return fmt.Errorf("%w: more than %d MiB", ErrBudget, bl.lim.MaxBytes>>20)
	}
	return nil
}

// bytes estimates the memory of the states so far.
func (bl *builder) bytes() int64 {
	n := int64(len(bl.b.dist))
	per := int64(bl.b.dim*bl.b.dim*4 + bl.nd*4 + 4 + 24 + len(bl.b.keep)*4 + 8)
	return n * per
}

// add returns the state covering (d, z), storing it (fresh) when none
// does.
func (bl *builder) add(d []int32, z *dbm.DBM) (int32, bool) {
	bl.buf = bl.b.key(d, bl.buf)
	restrict(bl.abs, z, bl.scr)
	id, compared := bl.b.covers(bl.buf, bl.scr)
	bl.work += int64(compared)
	if id >= 0 {
		return id, false
	}
	id = int32(len(bl.b.dist))
	bl.b.index[string(bl.buf)] = append(bl.b.index[string(bl.buf)], id)
	bl.b.zones = append(bl.b.zones, bl.scr.Raw()...)
	bl.b.dist = append(bl.b.dist, Inf)
	bl.disc = append(bl.disc, d...)
	bl.preds = append(bl.preds, nil)
	return id, true
}

// distances runs a breadth-first search backwards from the target states.
func (bl *builder) distances() {
	var q []int32
	for id := range bl.b.dist {
		if bl.isTarget(bl.disc[id*bl.nd : (id+1)*bl.nd]) {
			bl.b.dist[id] = 0
			q = append(q, int32(id))
		}
	}
	layers, failed := 0, false
	for i := 0; ; i++ {
		if i == len(q) && !failed {
			q, failed = bl.failsAt(q), true
		}
		if i == len(q) {
			break
		}
		v := q[i]
		if dv := bl.b.dist[v]; int(dv) > layers && dv < failBase {
			layers = int(dv)
			if bl.report != nil {
				bl.report(heuristic.Progress{Step: "distances", States: int64(len(bl.b.dist)), Layers: layers, Bytes: bl.bytes()})
			}
		}
		for _, u := range bl.preds[v] {
			if bl.b.dist[u] == Inf {
				bl.b.dist[u] = bl.b.dist[v] + 1
				q = append(q, u)
			}
		}
	}
	bl.preds, bl.disc = nil, nil
	runtime.GC()
}

// failBase is the distance of a state that reaches no target state but
// one with a failed transition (fails). Its real distance to the target
// is infinite when the abstraction reaches no target from it, so any
// finite estimate is admissible; a large one keeps the search on the
// paths to the target first.
const failBase = 1 << 20

// failsAt gives the states of bl.fails that reach no target the
// distance failBase and appends them to the queue q, whose search from
// the targets is over.
func (bl *builder) failsAt(q []int32) []int32 {
	for _, id := range bl.fails {
		if bl.b.dist[id] == Inf {
			bl.b.dist[id] = failBase
			q = append(q, id)
		}
	}
	return q
}

// isTarget reports whether the abstract discrete part d satisfies the
// abstract target: some conjunct whose location sets contain d's
// locations and whose conditions hold (the target was projected, so its
// parts read only what the pattern keeps).
func (bl *builder) isTarget(d []int32) bool {
	for _, c := range bl.target.Conjuncts {
		if holds(c, d, bl.np) {
			return true
		}
	}
	return false
}
