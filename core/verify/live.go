// Liveness: E[] φ, A<> φ and p --> q.

package verify

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unsafe"

	"beeline/core/dbm"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// checkLiveness decides E[] φ, A<> φ (as not E[] not φ) and p --> q (as
// A[] (p imply A<> q): no reachable state where p holds starts a maximal
// path on which q never holds). See the package documentation for the
// algorithm and its sources.
func checkLiveness(ctx context.Context, n *model.Network, f *model.Formula, opts Options, res *Result) (*Result, error) {
	start, within := LivenessPaths(f)
	goals := []*model.Prop{within}
	if start != nil {
		goals = append(goals, start)
	}
	g, err := zone.New(n, zone.Options{Extrapolation: zone.ExtraM}, goals...)
	if err != nil {
		return nil, err
	}
	res.Graph = g
	ls := newLiveSearch(ctx, g, within, opts)
	var w *witness
	var prefix []search.Step
	depth := int32(0)
	if start == nil {
		w, err = ls.fromInitial()
	} else {
		w, prefix, depth, err = ls.leadsTo(start)
	}
	res.Stats = ls.stats()
	if err != nil && ls.stop == "" && ls.budget.stopped != "" {
		ls.stop = ls.budget.stopped
	}
	switch {
	case ls.stop != "":
		res.Reason = ls.stop
		return res, nil
	case err != nil:
		res.Reason = err.Error()
		return res, nil
	}
	found := w != nil
	res.Verdict = verdictOf(found == (f.Kind == lang.QueryEG))
	if !found {
		return res, nil
	}
	res.Depth = depth + int32(len(w.steps)-1)
	if opts.Trace == TraceNone {
		return res, nil
	}
	// The witness starts in the last state of the prefix (the whole
	// state there, cut to where start holds on the witness's side).
	from := 0
	steps := w.steps
	if len(prefix) > 0 {
		from = len(prefix) - 1
		root := w.steps[0]
		root.Label = prefix[from].Label
		steps = append(append(prefix[:from:from], root), w.steps[1:]...)
	}
	loop := -1
	if w.end == zone.EndLoop {
		loop = from + w.loop
	}
	res.Symbolic = steps
	stop := &ls.budget
	if stop.interrupt() {
		res.Reason = TraceNotBuilt + stop.stopped
		return res, nil
	}
	tr, err := g.ConcretizeLive(symbolicPath(steps), from, start, within, w.end, loop, stop.interrupt)
	switch {
	case stop.stopped != "":
		res.Reason = TraceNotBuilt + stop.stopped
	case err != nil:
		return nil, fmt.Errorf("building the concrete trace: %w", err)
	default:
		res.Concrete = tr
	}
	return res, nil
}

// LivenessPaths returns what a witness of a liveness query is made of: a
// maximal path on which within holds throughout, starting (for -->) in a
// reachable state where start holds (nil: the initial state). E[] φ has
// within = φ; A<> φ is refuted by within = not φ; p --> q by start = p
// and within = not q.
func LivenessPaths(f *model.Formula) (start, within *model.Prop) {
	switch f.Kind {
	case lang.QueryEG:
		return nil, f.Prop
	case lang.QueryAF:
		return nil, notProp(f.Prop)
	case lang.QueryLeadsTo:
		return f.Prop, notProp(f.Right)
	}
	return nil, nil
}

// notProp returns not p.
func notProp(p *model.Prop) *model.Prop {
	return &model.Prop{Op: model.PropNot, Args: []*model.Prop{p}}
}

// witness is a maximal path of the restricted graph: its states from the
// root, and how it ends (for EndLoop, steps[loop] is the loop head and
// the last step is the head again).
type witness struct {
	steps []search.Step
	end   zone.TraceEnd
	loop  int
}

// liveSearch looks for maximal paths in the zone graph restricted to a
// formula, by a depth-first search that keeps its states (see the package
// documentation): a state is grey while on the stack and black once all
// its successors are done; a successor whose zone includes a grey state's
// of the same discrete part closes a cycle, and one that a black state
// subsumes is skipped (a black state starts no maximal path).
type liveSearch struct {
	ctx  context.Context
	x    *zone.Expander
	sub  func(d []int32, z, stored *dbm.DBM) bool
	opts Options

	nodes map[string][]*lnode
	stack []*lframe

	// outer is the enclosing reachability search's last snapshot, for
	// -->; seen the states it has stored so far.
	outer search.Stats
	seen  int64
	// own are this search's counters: Explored, Stored, Included,
	// MemoryBytes.
	own search.Stats
	// base is the program's memory at the start, with a memory budget
	// (search.Options.MaxMemory).
	base                int64
	begin, lastProgress time.Time
	budget              budget // stops x's computations too
	pace                search.Pacer
	stop                string // the budget or cancellation that stopped the search
}

// lnode is a state of the restricted graph.
type lnode struct {
	z    *dbm.DBM
	grey bool
	at   int // index on the stack while grey
}

// lframe is a state on the stack, with its successors.
type lframe struct {
	node  *lnode
	label []int32
	d     []int32
	succ  []lsucc
	next  int
}

type lsucc struct {
	label, d []int32
	z        *dbm.DBM
}

func newLiveSearch(ctx context.Context, g *zone.Graph, within *model.Prop, opts Options) *liveSearch {
	x := g.Within(within)
	ls := &liveSearch{ctx: ctx, x: x, sub: x.Subsumption(), opts: opts, nodes: map[string][]*lnode{}, begin: time.Now()}
	ls.budget.deadline = search.NewDeadline(ctx, ls.begin, opts.Timeout)
	x.SetInterrupt(ls.budget.interrupt)
	return ls
}

// stats are the search's counters, with the enclosing search's for -->.
func (ls *liveSearch) stats() search.Stats {
	st := ls.outer
	st.Stored = max(st.Stored, ls.seen)
	st = st.Plus(ls.own)
	st.MemoryBytes += ls.own.MemoryBytes + ls.base
	st.Timed(time.Since(ls.begin))
	return st
}

// fromInitial searches from the initial state (E[] and A<>).
func (ls *liveSearch) fromInitial() (*witness, error) {
	if ls.opts.MaxMemory > 0 { // for -->, the enclosing search counts it
		base, overhead := search.Baseline()
		ls.base = base + overhead
	}
	g := ls.x
	d := make([]int32, g.DiscreteLen())
	z := dbm.New(g.Dim())
	ok, err := g.Initial(d, z)
	if err != nil || !ok {
		return nil, err
	}
	return ls.from(d, z)
}

// leadsTo runs a reachability search of the whole graph and, at every
// state where start holds, searches for a maximal path restricted to the
// formula from the valuations where start holds. It returns the witness
// and the path of the reachability search to its root.
func (ls *liveSearch) leadsTo(start *model.Prop) (*witness, []search.Step, int32, error) {
	g := ls.x.Graph
	var w *witness
	var failed error
	goal := func(d []int32, z *dbm.DBM) bool {
		ls.seen++
		roots, err := ls.x.Enter(d, z, start)
		if err != nil {
			failed = err
			return true
		}
		for _, r := range roots {
			w, err = ls.from(append([]int32(nil), d...), r)
			if err != nil || w != nil {
				failed = err
				return true
			}
		}
		return false
	}
	sopts := search.Options{
		Order:         search.BFS,
		MaxStates:     ls.opts.MaxStates,
		MaxMemory:     ls.opts.MaxMemory,
		Timeout:       ls.opts.Timeout,
		ProgressEvery: ls.opts.ProgressEvery,
		Trace:         ls.opts.Trace != TraceNone,
		Progress: func(st search.Stats) {
			ls.outer = st
			if ls.opts.Progress != nil {
				ls.opts.Progress(ls.stats())
			}
		},
	}
	if ls.opts.Order == search.DFS || ls.opts.Order == search.RandomDFS {
		sopts.Order, sopts.Seed = ls.opts.Order, ls.opts.Seed
	}
	sres, err := search.Run(ls.ctx, g.NewExpander(), goal, sopts)
	if sres != nil {
		ls.outer = sres.Stats
	}
	switch {
	case failed != nil:
		return nil, nil, 0, failed
	case err != nil:
		return nil, nil, 0, err
	case sres.Verdict == search.Stopped:
		ls.stop = sres.Reason
		return nil, nil, 0, nil
	case sres.Verdict == search.NotReached:
		return nil, nil, 0, nil
	}
	return w, sres.Trace, sres.Depth, nil
}

// from searches from the root (d, z) of the restricted graph.
func (ls *liveSearch) from(d []int32, z *dbm.DBM) (*witness, error) {
	if _, covered := ls.lookup(d, z); covered {
		return nil, nil
	}
	if w, err := ls.push(nil, d, z); w != nil || err != nil {
		return w, err
	}
	for len(ls.stack) > 0 {
		if err := ls.checkpoint(); err != nil {
			return nil, err
		}
		top := ls.stack[len(ls.stack)-1]
		if top.next == len(top.succ) {
			ls.blacken(top)
			continue
		}
		t := top.succ[top.next]
		top.next++
		head, covered := ls.lookup(t.d, t.z)
		if head >= 0 {
			return ls.lasso(head, t)
		}
		if covered {
			ls.own.Included++
			continue
		}
		if w, err := ls.push(t.label, t.d, t.z); w != nil || err != nil {
			return w, err
		}
	}
	return nil, nil
}

// blacken pops the top of the stack: its state starts no maximal path,
// and the black states of its discrete part that it subsumes are
// forgotten (it prunes whatever they would).
func (ls *liveSearch) blacken(top *lframe) {
	top.node.grey = false
	top.succ = nil
	ls.stack = ls.stack[:len(ls.stack)-1]
	k := key(top.d)
	list := ls.nodes[k]
	kept := list[:0]
	for _, e := range list {
		if e != top.node && !e.grey && ls.subsumes(top.d, e.z, top.node.z) {
			ls.own.MemoryBytes -= ls.nodeBytes(top.d, e.z)
			continue
		}
		kept = append(kept, e)
	}
	clear(list[len(kept):])
	ls.nodes[k] = kept
}

// subsumes reports whether the state (d, big) simulates (d, z).
func (ls *liveSearch) subsumes(d []int32, z, big *dbm.DBM) bool {
	if ls.sub != nil {
		return ls.sub(d, z, big)
	}
	return big.Includes(z)
}

// nodeBytes estimates the memory of a stored state.
func (ls *liveSearch) nodeBytes(d []int32, z *dbm.DBM) int64 {
	return int64(len(d))*4 + int64(z.Dim()*z.Dim())*4 + 96
}

// lookup compares (d, z) with the stored states of d: head is the stack
// index of a grey state whose zone z includes (a cycle closes; -1 if
// none), and covered says that a black state subsumes z. Both cannot
// hold: a black state simulating a state that includes a grey one would
// start an infinite path itself.
func (ls *liveSearch) lookup(d []int32, z *dbm.DBM) (head int, covered bool) {
	for _, e := range ls.nodes[key(d)] {
		switch {
		case e.grey:
			if z.Includes(e.z) {
				return e.at, false
			}
		case ls.sub != nil:
			if ls.sub(d, z, e.z) {
				return -1, true
			}
		case e.z.Includes(z):
			return -1, true
		}
	}
	return -1, false
}

// push stores (d, z) as a grey state on the stack with its successors, or
// returns the witness ending in it.
func (ls *liveSearch) push(label, d []int32, z *dbm.DBM) (*witness, error) {
	node := &lnode{z: z, grey: true, at: len(ls.stack)}
	k := key(d)
	ls.nodes[k] = append(ls.nodes[k], node)
	ls.own.Stored++
	ls.own.MemoryBytes += ls.nodeBytes(d, z)
	f := &lframe{node: node, label: label, d: d}
	ls.stack = append(ls.stack, f)
	end, err := ls.x.Ending(d, z)
	if err != nil {
		return nil, err
	}
	if end != zone.EndGoal {
		return &witness{steps: ls.path(), end: end}, nil
	}
	ls.own.Explored++
	err = ls.x.Successors(d, z, func(label, d2 []int32, z2 *dbm.DBM) bool {
		f.succ = append(f.succ, lsucc{label: append([]int32(nil), label...), d: append([]int32(nil), d2...), z: z2.Copy()})
		return true
	})
	return nil, err
}

// path returns the states on the stack as a trace from the root.
func (ls *liveSearch) path() []search.Step {
	steps := make([]search.Step, len(ls.stack))
	for i, f := range ls.stack {
		steps[i] = search.Step{Label: f.label, Discrete: f.d, Zone: f.node.z}
	}
	return steps
}

// maxRounds bounds the rounds of a loop that lasso repeats until its
// zones stop growing.
const maxRounds = 64

// lasso returns the witness of the cycle from the stack's state at head
// to t, whose zone includes the head's. Going round the loop again from t
// gives zones that include the previous round's; after finitely many
// rounds (the graph is finite) a round ends in the zone it started from,
// and that round is the loop of the trace.
func (ls *liveSearch) lasso(head int, t lsucc) (*witness, error) {
	steps := ls.path()
	labels := make([][]int32, 0, len(steps)-head)
	for _, s := range steps[head+1:] {
		labels = append(labels, s.Label)
	}
	labels = append(labels, t.label)
	steps = append(steps, search.Step{Label: t.label, Discrete: t.d, Zone: t.z})
	loop := head
	for range maxRounds {
		last := len(steps) - 1
		if steps[last].Zone.Equal(steps[loop].Zone) {
			return &witness{steps: steps, end: zone.EndLoop, loop: loop}, nil
		}
		old := loop
		loop = last
		for k, l := range labels {
			next, err := ls.follow(steps[len(steps)-1], l, steps[old+k+1].Zone)
			if err != nil {
				return nil, err
			}
			steps = append(steps, next)
		}
	}
	return nil, fmt.Errorf("the loop of the witness did not close after %d rounds", maxRounds)
}

// follow takes the transition label from s and returns the successor
// whose zone includes prev (the same state one round earlier).
func (ls *liveSearch) follow(s search.Step, label []int32, prev *dbm.DBM) (search.Step, error) {
	var out search.Step
	found := false
	err := ls.x.Successors(s.Discrete, s.Zone, func(l, d2 []int32, z2 *dbm.DBM) bool {
		if !slices.Equal(l, label) || !z2.Includes(prev) {
			return true
		}
		out = search.Step{Label: label, Discrete: append([]int32(nil), d2...), Zone: z2.Copy()}
		found = true
		return false
	})
	if err == nil && !found {
		err = fmt.Errorf("the loop of the witness cannot be followed again")
	}
	return out, err
}

// checkpoint reports progress and stops the search on a budget or a
// cancellation, at the pace of search.Pacer (every few milliseconds).
func (ls *liveSearch) checkpoint() error {
	if ls.opts.MaxStates > 0 && max(ls.outer.Stored, ls.seen)+ls.own.Stored >= ls.opts.MaxStates {
		ls.stop = search.ReasonStates
		return fmt.Errorf("%s", ls.stop)
	}
	if !ls.pace.Add(1) && ls.own.Stored > 1 {
		return nil
	}
	now := time.Now()
	ls.pace.Checked(now)
	st := ls.stats()
	switch r := ls.budget.deadline.Reason(now); {
	case r != "":
		ls.stop = r
	case ls.opts.MaxStates > 0 && st.Stored >= ls.opts.MaxStates:
		ls.stop = search.ReasonStates
	case ls.opts.MaxMemory > 0 && st.MemoryBytes >= ls.opts.MaxMemory:
		ls.stop = search.ReasonMemory
	}
	if ls.stop != "" {
		return fmt.Errorf("%s", ls.stop)
	}
	every := ls.opts.ProgressEvery
	if every <= 0 {
		every = 250 * time.Millisecond
	}
	if ls.opts.Progress != nil && now.Sub(ls.lastProgress) >= every {
		ls.lastProgress = now
		ls.opts.Progress(st)
	}
	return nil
}

// key is the map key of a discrete part.
func key(d []int32) string {
	if len(d) == 0 {
		return ""
	}
	return string(unsafe.Slice((*byte)(unsafe.Pointer(&d[0])), len(d)*4))
}
