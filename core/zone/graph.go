// The zone graph: options, construction, the initial state and successors.

package zone

import (
	"fmt"

	"beeline/core/dbm"
	"beeline/core/model"
	"beeline/core/source"
)

// Extrapolation selects the abstraction applied to every successor zone.
type Extrapolation uint8

const (
	// ExtraLU is Extra+_LU with lower and upper bounds per clock and
	// discrete state (Behrmann et al. 2006; see the package
	// documentation). It preserves reachability of discrete states and of
	// clock constraints whose constants are in the bounds.
	ExtraLU Extrapolation = iota
	// ExtraM is Extra+_LU with L = U = M, the largest constant compared
	// with each clock. It preserves deadlocks, which ExtraLU does not.
	ExtraM
	// ExtraNone applies no abstraction. The zone graph may be infinite.
	ExtraNone
)

var extrapolationNames = [...]string{ExtraLU: "lu", ExtraM: "m", ExtraNone: "none"}

// String returns "lu", "m" or "none".
func (e Extrapolation) String() string {
	if int(e) < len(extrapolationNames) {
		return extrapolationNames[e]
	}
	return fmt.Sprintf("Extrapolation(%d)", e)
}

// Options configures a Graph. The zero value uses ExtraLU.
type Options struct {
	// Extrapolation is the abstraction. A goal mentioning deadlock turns
	// ExtraLU into ExtraM (see New and the package documentation).
	Extrapolation Extrapolation
	// GlobalBounds uses one L and U bound per clock for every state and
	// plain zone inclusion in the passed list, instead of bounds per
	// process location and aLU subsumption (see the package
	// documentation). It is there for comparison.
	GlobalBounds bool
	// SkipErrors leaves out a transition whose evaluation fails instead of
	// stopping with the error. Abstractions explore this way: in an
	// over-approximation a failing abstract transition is the image of no
	// concrete transition that succeeds. A concrete failure ends the
	// concrete search as a target does, so an abstraction counts what it
	// skipped (Expander.Skipped) and never calls such a state a dead end.
	SkipErrors bool
}

// Graph is the symbolic state space of a network for a set of goals: the
// model facts New checked, the extrapolation bounds and the goals' clock
// constraints. It does not change after New, so any number of searches,
// on as many goroutines, may share one Graph; each explores it through
// its own Expander and evaluates its goal through its own Goal.
type Graph struct {
	net   *model.Network
	np    int // number of processes
	nd    int // discrete length: np + len(net.Vars)
	dim   int
	extra Extrapolation
	b     bounds
	// global is Options.GlobalBounds.
	global bool
	// skip is Options.SkipErrors.
	skip bool

	hasUrgentChan bool
	hasCommitted  bool
	// invs[p] is, per location of process p, its invariant (nil for
	// none), for processes with an invariant somewhere; invProcs lists
	// those processes. Invariants are applied several times per
	// successor, and most processes of most models have none.
	invs     [][]*model.Guard
	invProcs []int32

	queries []*model.Prop           // the goals given to New
	query   []model.ClockConstraint // their clock constraints
	// queryErr is the refusal of a goal's clock constraints (the bounds
	// then leave the goal out); every Goal reports it through Err.
	queryErr error

	// env is the evaluation environment of the bounds analysis while New
	// runs, nil afterwards: an Expander's own env shadows it.
	env *model.Env
}

// Expander computes initial states, successors and goals in a Graph for
// one search. It holds the scratch of those computations — an evaluation
// environment, the enabled edges of the state being expanded, DBMs — and
// reuses it from call to call, so it allocates nothing once the buffers
// have grown, and it must not be used by two goroutines at once.
//
// Expander implements core/search's Space and Subsumer. Its methods name
// the receiver g, as the Graph's do: an Expander is the graph as one
// search sees it, and the semantics read the same on either.
type Expander struct {
	*Graph

	lb, ub []int32 // the bounds of the successor being abstracted
	sub    subsumption

	// exact turns off extrapolation and the delay after a transition; the
	// trace reconstruction sets it while it replays a path.
	exact bool
	// lazy is set by Lazy: only inactive clocks are freed.
	lazy  bool
	trace *traceRecorder
	// skipped counts the failures Options.SkipErrors forgot (Skipped).
	skipped int64

	// within is the formula the states are cut to (see Graph.Within);
	// withinZone says it has clock constraints or deadlock. aux evaluates
	// it, and the endings of paths, with its own scratch.
	within     *model.Prop
	withinZone bool
	aux        *Expander

	env    *model.Env
	en     enabled // the enabled edges of the state being expanded
	urg    enabled // scratch for the urgency test of a target state
	combo  []int32 // indices into en.parts of the current transition
	label  []int32
	d2     []int32
	z2     *dbm.DBM
	zs     *dbm.DBM // the source zone within its invariants
	split  []*dbm.DBM
	pool   []*dbm.DBM // zones for splitDiagonals
	dlPre  *dbm.DBM   // scratch of deadlock
	dlPost *dbm.DBM
	prio   *priorityState

	yield   func(label, d2 []int32, z2 *dbm.DBM) bool
	stopped bool
	err     error

	// work counts the units of successor computation since the last
	// poll of the interrupt (spend); halted is that poll's answer.
	work   int
	halted bool
}

// New builds the zone graph of n for the state formulas goals: their
// clock constants join the extrapolation bounds, and a goal mentioning
// deadlock turns ExtraLU into ExtraM (see the package documentation). It
// fails with a plain-words error on features of the model the symbolic
// semantics cannot handle (see the package documentation for the list).
// A goal whose clock constraints are refused (a difference of clocks
// chosen at run time, say) does not fail New: the bounds leave it out and
// every Goal's Err reports the refusal, as it reports the goal's run-time
// errors.
func New(n *model.Network, opts Options, goals ...*model.Prop) (*Graph, error) {
	g := &Graph{
		net:    n,
		np:     len(n.Processes),
		dim:    len(n.Clocks),
		extra:  opts.Extrapolation,
		global: opts.GlobalBounds,
		skip:   opts.SkipErrors,
		env:    n.NewEnv(),
	}
	g.nd = g.np + len(n.Vars)
	if g.dim < 1 {
		g.dim = 1
	}
	if err := g.checkModel(); err != nil {
		return nil, err
	}
	g.indexInvariants()
	if err := g.computeBounds(); err != nil {
		return nil, err
	}
	for _, p := range goals {
		g.addQuery(p)
	}
	g.env = nil
	return g, nil
}

// NewExpander returns a fresh Expander of g, with its own scratch.
func (g *Graph) NewExpander() *Expander {
	x := &Expander{
		Graph: g,
		lb:    make([]int32, g.dim),
		ub:    make([]int32, g.dim),
		env:   g.net.NewEnv(),
		d2:    make([]int32, g.nd),
		z2:    dbm.New(g.dim),
		zs:    dbm.New(g.dim),
	}
	if g.net.HasPriorities {
		x.prio = &priorityState{}
	}
	return x
}

// Network returns the network the graph was built from.
func (g *Graph) Network() *model.Network { return g.net }

// Extrapolation returns the abstraction in use (after a deadlock goal
// may have turned ExtraLU into ExtraM).
func (g *Graph) Extrapolation() Extrapolation { return g.extra }

// DiscreteLen returns the length of a discrete part: one location index
// per process, then the state variables as laid out in Network.Vars.
func (g *Graph) DiscreteLen() int { return g.nd }

// Ranges returns the least and the greatest value of each word of a
// discrete part: a process's location indices, and a variable's declared
// range, which the model enforces on every write (an assignment out of
// range is a run-time error). core/search packs its keys with them
// (search.Ranger).
func (g *Graph) Ranges() (lo, hi []int32) {
	lo, hi = make([]int32, g.nd), make([]int32, g.nd)
	for i, p := range g.net.Processes {
		hi[i] = int32(len(p.Locations) - 1)
	}
	for i, v := range g.net.Vars {
		lo[g.np+i], hi[g.np+i] = v.Lo, v.Hi
	}
	return lo, hi
}

// Dim returns the DBM dimension, len(Network.Clocks).
func (g *Graph) Dim() int { return g.dim }

// checkModel refuses what the symbolic semantics does not cover, and
// records which features are present.
func (g *Graph) checkModel() error {
	for _, p := range g.net.Processes {
		for _, l := range p.Locations {
			if l.Committed {
				g.hasCommitted = true
			}
		}
		for _, e := range p.Edges {
			if e.Sync == nil || e.Guard == nil || len(e.Guard.Clocks) == 0 {
				if e.Sync != nil && e.Sync.Urgent {
					g.hasUrgentChan = true
				}
				continue
			}
			if e.Sync.Urgent {
				return g.errorAt(e.Pos, "clock guards are not allowed on edges synchronising over urgent channels")
			}
			if e.Sync.Broadcast && !e.Sync.Send {
				return g.errorAt(e.Pos, "clock guards are not allowed on edges receiving on broadcast channels")
			}
		}
	}
	return nil
}

// errorAt returns a plain error prefixed with the position p.
func (g *Graph) errorAt(p source.Pos, msg string) error {
	return &Error{Pos: g.position(p), Msg: msg}
}

// Initial writes the initial state into d and z: the initial locations and
// variable values, all clocks zero, then the invariants, the delay (unless
// time is frozen), the invariants again, and the extrapolation. It reports
// ok=false when the initial valuation violates an invariant.
func (g *Expander) Initial(d []int32, z *dbm.DBM) (ok bool, err error) {
	locs, vars := g.net.InitialState()
	copy(d, locs)
	copy(d[g.np:], vars)
	z.Zero()
	g.env.Reset()
	g.setState(d)
	ok, err = g.finish(d, z, nil)
	if !ok || err != nil {
		return false, err
	}
	// All clocks are equal in the initial zone, so it lies on one side of
	// every difference constraint and abstraction yields one zone.
	g.split = g.abstract(d, z, g.split[:0])
	if len(g.split) != 1 {
		return false, &Error{Msg: "the initial zone does not lie on one side of every clock difference constraint"}
	}
	z.CopyFrom(g.split[0])
	return true, nil
}

// Successors calls yield for every successor of (d, z); see search.Space.
// A run-time error of the model (an assignment out of range, an index out
// of range, a division by zero, a negative clock value) stops the
// enumeration and is returned as an *Error naming its position, the
// transition and the source state.
func (g *Expander) Successors(d []int32, z *dbm.DBM, yield func(label, d2 []int32, z2 *dbm.DBM) bool) error {
	g.yield, g.stopped, g.err = yield, false, nil
	g.combo = g.combo[:0]
	defer func() { g.yield = nil }()
	g.env.Reset()
	if err := g.collect(d, &g.en); err != nil {
		return err
	}
	if len(g.en.parts) == 0 {
		return nil
	}
	// A stored zone may have lost the source invariants to extrapolation;
	// they are put back once here rather than for every transition.
	z, ok, err := g.withinInvariants(d, z)
	if err != nil {
		g.fail(err)
		return g.err
	}
	if !ok {
		return nil
	}
	if g.prio != nil {
		return g.prioritised(d, z)
	}
	err = g.transitions(d, func() bool {
		g.fire(d, z, z)
		return g.err == nil && !g.stopped
	})
	if g.err != nil {
		return g.err
	}
	return err
}

// setState points the environment at the discrete state d.
func (g *Expander) setState(d []int32) {
	g.env.Locs = d[:g.np]
	g.env.Vars = d[g.np:g.nd]
}

// location returns the current location of process p in d.
func (g *Graph) location(d []int32, p int) *model.Location {
	return g.net.Processes[p].Locations[d[p]]
}

// indexInvariants fills invs and invProcs.
func (g *Graph) indexInvariants() {
	g.invs = make([][]*model.Guard, g.np)
	for pi, p := range g.net.Processes {
		for _, l := range p.Locations {
			if l.Invariant == nil {
				continue
			}
			if g.invs[pi] == nil {
				g.invs[pi] = make([]*model.Guard, len(p.Locations))
				g.invProcs = append(g.invProcs, int32(pi))
			}
			g.invs[pi][l.Index] = l.Invariant
		}
	}
}

// withinInvariants returns z intersected with the invariants of the
// locations in d, in g.zs, and whether it is non-empty.
func (g *Expander) withinInvariants(d []int32, z *dbm.DBM) (*dbm.DBM, bool, error) {
	g.zs.CopyFrom(z)
	ok, err := g.invariants(d, g.zs, d)
	return g.zs, ok, err
}

// fire computes the successor of (d, z) by the transition in g.combo,
// starting from the valuations in src (z itself, or a part of it that
// no higher-priority transition blocks), and yields it. z and src lie
// within the source invariants (Successors). Errors go to g.err.
func (g *Expander) fire(d []int32, z, src *dbm.DBM) {
	z2 := g.z2
	z2.CopyFrom(src)
	g.setState(d)
	ok, err := g.edgeGuards(d, z2)
	if err != nil || !ok {
		g.fail(err)
		return
	}
	g.post(d, z2)
}

// post applies the updates of g.combo to d (into g.d2) and the resets to
// z2 (already constrained by the guards), then finishes the target state
// and yields it.
func (g *Expander) post(d []int32, z2 *dbm.DBM) {
	d2 := g.d2
	copy(d2, d)
	if err := g.update(d, d2); err != nil {
		g.fail(err)
		return
	}
	var src *dbm.DBM
	if g.trace != nil {
		src = z2.Copy()
	}
	if err := g.applyResets(d, z2); err != nil {
		g.fail(err)
		return
	}
	ok, err := g.finish(d2, z2, d)
	if err != nil || !ok {
		g.fail(err)
		return
	}
	g.encodeLabel()
	if g.trace != nil {
		g.trace.record(g, src, d2, z2)
		return
	}
	g.split = g.abstract(d2, z2, g.split[:0])
	for _, piece := range g.split {
		if !g.yield(g.label, d2, piece) {
			g.stopped = true
			return
		}
	}
}

// fail records the error of the transition being fired, or under
// Options.SkipErrors forgets it: the transition is left out.
func (g *Expander) fail(err error) {
	if err != nil && g.skip && err != ErrInterrupted {
		g.env.Err = nil
		g.skipped++
		return
	}
	g.err = err
}

// Skipped counts the transitions that Options.SkipErrors has left out
// because their evaluation failed, over the expander's life. An
// abstraction reads it around Successors: a failure in the abstract may
// stand for a concrete run-time error, which ends a concrete search, so
// the state is no dead end.
func (g *Expander) Skipped() int64 { return g.skipped }

// finish completes a target state (d2, z2): the invariants of d2, then,
// unless time is frozen or the expander is exact, the delay and the
// invariants again. It reports false when the state does not exist. src
// is the source state for error messages (nil for the initial state).
func (g *Expander) finish(d2 []int32, z2 *dbm.DBM, src []int32) (bool, error) {
	ok, err := g.invariants(d2, z2, src)
	if err == nil && ok {
		ok, err = g.restrict(d2, z2)
	}
	if err != nil || !ok || g.exact {
		return ok, err
	}
	frozen, err := g.frozen(d2)
	if err != nil || frozen {
		return ok, err
	}
	z2.Up()
	ok, err = g.invariants(d2, z2, src)
	if err == nil && ok {
		ok, err = g.restrict(d2, z2)
	}
	return ok, err
}

// invariants intersects z with the invariants of the locations in d and
// reports whether the result is non-empty and every integer part holds.
func (g *Expander) invariants(d []int32, z *dbm.DBM, src []int32) (bool, error) {
	g.setState(d)
	for _, p := range g.invProcs {
		inv := g.invs[p][d[p]]
		if inv == nil {
			continue
		}
		if inv.Int != nil {
			v := inv.Int(g.env)
			if g.env.Err != nil {
				return false, g.runtimeError(src, "invariant")
			}
			if v == 0 {
				return false, nil
			}
		}
		for k := range inv.Clocks {
			ok, err := g.constrain(z, &inv.Clocks[k])
			if err != nil {
				return false, g.runtimeError(src, "invariant")
			}
			if !ok {
				return false, nil
			}
		}
	}
	return true, nil
}

// frozen reports whether time may not pass in the discrete state d: a
// process is in an urgent or committed location, or a synchronisation
// over an urgent channel is enabled.
func (g *Expander) frozen(d []int32) (bool, error) {
	for p := range g.np {
		l := g.location(d, p)
		if l.Urgent || l.Committed {
			return true, nil
		}
	}
	if !g.hasUrgentChan {
		return false, nil
	}
	return g.urgentEnabled(d)
}
