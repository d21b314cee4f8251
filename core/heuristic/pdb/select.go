// Pattern selection: downward pattern refinement with clocks (dprc) and
// the Russian doll.

package pdb

import (
	"context"
	"errors"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/relax"
	"beeline/core/ir"
	"beeline/core/model"
)

// selectPattern chooses the pattern of Options.Select. dprc returns the
// database of the pattern too, when its trials built it.
func (h *Heuristic) selectPattern(ctx context.Context, report func(heuristic.Progress)) (model.Pattern, *db, error) {
	switch h.opts.Select {
	case Full:
		return model.FullPattern(h.net), nil, nil
	case RussianDoll:
		return h.russianDoll(), nil, nil
	}
	return h.dprc(ctx, report)
}

// dprc is the paper's Fig. 3. From the full pattern it drops the clocks
// that occur only in lower bounds (Proposition 4) and the safe processes
// and variables (Proposition 6); if a trial finds the abstract error
// distance within the trial work, it drops each clock whose removal keeps
// that distance (Proposition 3). Otherwise it drops every process and
// variable whose removal keeps hU of the initial state (relatively
// accurate abstractions, Definition 4, with the paper's choice of hU),
// keeps the sources of the assignments to what is left (closeSources),
// and, where the paper drops clocks again, refines the pattern upwards
// from the counterexamples of its abstraction (refine): the relaxed test
// drops parts that the error trace needs (on the single-tracked line
// segment, the control unit that grants the permissions).
//
// A trial here explores the abstraction exhaustively, where the paper
// searches for the error only: the database needs the whole abstract
// state space, and an abstraction whose error is near but whose space is
// huge would pass the paper's test and then exhaust the budget.
//
// The paper's patience is a time; here it is work (Options.TrialWork),
// and the clock refinements stop when the trials have spent
// SelectionRounds times as much, so that the pattern depends on the
// network, the target and the options only.
func (h *Heuristic) dprc(ctx context.Context, report func(heuristic.Progress)) (model.Pattern, *db, error) {
	h.spent = 0
	p := model.FullPattern(h.net)
	h.dropLowerBoundClocks(p)
	h.dropSafe(p)
	if b, ok, err := h.trial(ctx, p); err != nil || ok {
		if err != nil {
			return p, nil, err
		}
		b, err = h.dropClocks(ctx, p, b)
		return p, b, err
	}
	// The patterns of hU, then of hL (which keeps less: what hL's layers
	// need, not what hU's plan mentions).
	var small model.Pattern
	for _, mode := range []relax.Mode{relax.Upper, relax.Lower} {
		q := p.Clone()
		if err := h.dropRelativelyAccurate(ctx, q, mode, report); err != nil {
			return q, nil, err
		}
		h.closeSources(q)
		if small.Procs != nil && samePattern(q, small) {
			continue // the trial of the same pattern ran out already
		}
		b, ok, err := h.trial(ctx, q)
		if err != nil {
			return q, nil, err
		}
		if ok {
			b, err = h.refine(ctx, q, b)
			return q, b, err
		}
		small = q
	}
	// Still too large: without clocks, then adding back those that make
	// the abstraction better informed.
	q := small.Clone()
	clear(q.Clocks[1:])
	if b, ok, err := h.trial(ctx, q); err != nil || ok {
		if err != nil {
			return q, nil, err
		}
		if b, err = h.addClocks(ctx, q, small.Clocks, b); err != nil {
			return q, nil, err
		}
		b, err = h.refine(ctx, q, b)
		return q, b, err
	}
	return h.russianDoll(), nil, nil
}

// samePattern reports whether p and q keep the same parts.
func samePattern(p, q model.Pattern) bool {
	return slices.Equal(p.Procs, q.Procs) && slices.Equal(p.Vars, q.Vars) && slices.Equal(p.Clocks, q.Clocks)
}

// addClocks adds back, one at a time, each clock of candidates whose
// abstraction still builds within the trial work and has a larger error
// distance from the initial state, and returns the database of the final
// pattern.
func (h *Heuristic) addClocks(ctx context.Context, p model.Pattern, candidates []bool, b *db) (*db, error) {
	d := initialDistance(b)
	for x := 1; x < len(p.Clocks); x++ {
		if !candidates[x] || p.Clocks[x] || h.selectionSpent() {
			continue
		}
		q := p.Clone()
		q.Clocks[x] = true
		b2, ok, err := h.trial(ctx, q)
		if err != nil {
			return nil, err
		}
		if !ok || initialDistance(b2) <= d || d == Inf {
			continue
		}
		p.CopyFrom(q)
		b, d = b2, initialDistance(b2)
	}
	return b, nil
}

// SelectionRounds bounds the work of dprc's refinements: once its trials
// have spent that many times the trial work, dprc keeps the pattern it
// has.
const SelectionRounds = 10

// trialWork is dprc's c.
func (h *Heuristic) trialWork() int64 {
	if h.opts.TrialWork > 0 {
		return h.opts.TrialWork
	}
	return DefaultTrialWork
}

// selectionSpent reports whether dprc's trials have spent the
// selection's work.
func (h *Heuristic) selectionSpent() bool {
	return h.spent >= SelectionRounds*h.trialWork()
}

// trial builds the database of p within the trial work; ok is false when
// the work or the budget ran out. When ok, p becomes the pattern the
// projection used, the database's own. A caller that may reject the
// database tries a clone: undoing its one change by hand left p's other
// parts as the projection had set them, and a table then recorded a
// pattern whose clocks were not its zones' (refused on load).
func (h *Heuristic) trial(ctx context.Context, p model.Pattern) (*db, bool, error) {
	b, q, work, err := h.buildPattern(ctx, p, h.report, "trial", h.trialWork())
	h.spent += work
	if h.report != nil {
		h.report(heuristic.Progress{Step: "trial", Pattern: q.String(), States: int64(trialStates(b))})
	}
	if err := heuristic.Done(ctx); err != nil {
		return nil, false, err
	}
	if err != nil && (errors.Is(err, errWork) || errors.Is(err, ErrBudget)) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	p.CopyFrom(q)
	return b, true, nil
}

func trialStates(b *db) int {
	if b == nil {
		return -1
	}
	return len(b.dist)
}

// initialDistance is the abstract error distance of the initial state
// (state 0 of a database), Inf when the target is unreachable.
func initialDistance(b *db) int32 {
	if len(b.dist) == 0 {
		return Inf
	}
	return b.dist[0]
}

// dropClocks drops, one at a time, each kept clock whose removal keeps
// the abstract error distance of b (Proposition 3: the result stays as
// informed as the abstraction it came from), and returns the database of
// the final pattern.
func (h *Heuristic) dropClocks(ctx context.Context, p model.Pattern, b *db) (*db, error) {
	d := initialDistance(b)
	for x := 1; x < len(p.Clocks); x++ {
		if !p.Clocks[x] || h.selectionSpent() {
			continue
		}
		q := p.Clone()
		q.Clocks[x] = false
		b2, ok, err := h.trial(ctx, q)
		if err != nil {
			return nil, err
		}
		if !ok || initialDistance(b2) != d {
			continue
		}
		p.CopyFrom(q)
		b = b2
	}
	return b, nil
}

// dropRelativelyAccurate drops processes and variables whose removal
// keeps the relaxation's estimate (hL or hU) of the initial state, until
// none does.
func (h *Heuristic) dropRelativelyAccurate(ctx context.Context, p model.Pattern, mode relax.Mode, report func(heuristic.Progress)) error {
	init := h.initial()
	want, inf := relax.New(h.net, h.target, mode).Estimate(init, nil)
	// What the target reads stays: without it the abstract target is
	// trivial for that part, whatever the relaxation says.
	need := h.targetPattern()
	owner := h.clockOwners()
	same := func() bool {
		m, q := h.net.Project(p)
		got, ginf := relax.New(m, projectTarget(h.target, q, len(h.net.Processes)), mode).Estimate(projectState(h.net, q, init), nil)
		return got == want && ginf == inf
	}
	for changed := true; changed; {
		changed = false
		for k, set := range [][]bool{p.Procs, p.Vars} {
			needed := [][]bool{need.Procs, need.Vars}[k]
			for i := range set {
				if err := heuristic.Done(ctx); err != nil {
					return err
				}
				if !set[i] || needed[i] {
					continue
				}
				set[i] = false
				if same() {
					changed = true
					if k == 0 { // its own clocks only time its self-loops now
						for c := 1; c < len(owner); c++ {
							if owner[c] == i {
								p.Clocks[c] = false
							}
						}
					}
					continue
				}
				set[i] = true
			}
		}
		if report != nil {
			report(heuristic.Progress{Step: "selecting"})
		}
	}
	return nil
}

// clockOwners returns, per clock, the process that alone constrains or
// resets it; −1 when none does, −2 when several do.
func (h *Heuristic) clockOwners() []int {
	owner := make([]int, len(h.net.Clocks))
	for c := range owner {
		owner[c] = -1
	}
	note := func(proc int, cs []int32) {
		for _, c := range cs {
			switch owner[c] {
			case -1:
				owner[c] = proc
			case proc:
			default:
				owner[c] = -2
			}
		}
	}
	for q := range h.net.Processes {
		for _, d := range h.net.Deps.Invariants[q] {
			note(q, d.Clocks)
		}
		for _, d := range h.net.Deps.Edges[q] {
			note(q, d.Guard.Clocks)
			note(q, d.Update.Resets)
		}
	}
	return owner
}

// targetPattern returns the processes and slots the target reads (and the
// reference clock).
func (h *Heuristic) targetPattern() model.Pattern {
	q := model.Pattern{Procs: make([]bool, len(h.net.Processes)), Vars: make([]bool, len(h.net.Vars)), Clocks: make([]bool, len(h.net.Clocks))}
	if len(q.Clocks) > 0 {
		q.Clocks[0] = true
	}
	for _, c := range h.target.Conjuncts {
		for _, l := range c.Locs {
			q.Procs[l.Proc] = true
		}
		for _, e := range c.Conds {
			markExpr(q, e)
		}
	}
	return q
}

// initial returns the initial discrete state of the network.
func (h *Heuristic) initial() []int32 {
	locs, vars := h.net.InitialState()
	return append(locs, vars...)
}

// dropLowerBoundClocks drops the clocks of Proposition 4: clock x occurs
// only in lower bounds x > n or x >= n of guards, in no invariant, and no
// clock has an upper bound y < m, y <= m or y == m with m <= n.
func (h *Heuristic) dropLowerBoundClocks(p model.Pattern) {
	c := collectConstraints(h.net)
	for x := 1; x < len(p.Clocks); x++ {
		n, simple := c.lowerOnly(int32(x))
		if c.kinds[x] == 0 || simple && c.minUpper > n {
			p.Clocks[x] = false
		}
	}
}

// constraints summarises the clock constraints of a network.
type constraints struct {
	// kinds[x] has bit 1 for a lower bound of x in a guard, 2 for any
	// other use of x (upper bounds, differences, invariants, clocks
	// chosen at run time).
	kinds    []uint8
	maxLower []int32 // the largest lower-bound constant of each clock
	minUpper int32   // the smallest upper-bound constant of any clock
}

func collectConstraints(n *model.Network) *constraints {
	c := &constraints{kinds: make([]uint8, len(n.Clocks)), maxLower: make([]int32, len(n.Clocks)), minUpper: dbm.MaxConstant}
	for _, proc := range n.Processes {
		for _, l := range proc.Locations {
			if l.Invariant != nil {
				c.add(l.Invariant.Src, true)
			}
		}
		for _, e := range proc.Edges {
			if e.Guard != nil {
				c.add(e.Guard.Src, false)
			}
		}
	}
	return c
}

// add records the constraints of a guard or invariant.
func (c *constraints) add(g *ir.Guard, invariant bool) {
	for _, k := range g.Clocks {
		i, iok := staticClock(k.I)
		j, jok := staticClock(k.J)
		b, bok := k.Bound.(*ir.Const)
		switch {
		case !iok || !jok || !bok:
			for _, x := range ir.ConstraintDeps(k).Clocks {
				c.kinds[x] |= 2
			}
			c.minUpper = 0
		case i == 0 && !invariant: // −x_j ≺ b: a lower bound x_j ≻ −b
			c.kinds[j] |= 1
			c.maxLower[j] = max(c.maxLower[j], -b.V)
		case i == 0:
			c.kinds[j] |= 2
		case j == 0: // x_i ≺ b: an upper bound
			c.kinds[i] |= 2
			c.minUpper = min(c.minUpper, b.V)
		default:
			c.kinds[i] |= 2
			c.kinds[j] |= 2
		}
	}
}

// staticClock returns the fixed clock r names (0 for nil).
func staticClock(r *ir.Ref) (int32, bool) {
	if r == nil {
		return 0, true
	}
	return r.Off, r.Static()
}

// lowerOnly returns x's largest lower-bound constant and whether x occurs
// in lower bounds of guards only.
func (c *constraints) lowerOnly(x int32) (int32, bool) {
	return c.maxLower[x], c.kinds[x]&2 == 0
}

// dropSafe drops the processes and variables that safe abstraction
// (Wehrle and Helmert) removes, in a conservative form: a variable that
// nothing reads, and a process that nothing depends on — its edges are
// internal, unguarded and write nothing, its locations have no
// invariant, none is urgent, committed or in the target, and its
// location graph is strongly connected.
func (h *Heuristic) dropSafe(p model.Pattern) {
	read := h.readSlots()
	for s := range p.Vars {
		if !read[s] {
			p.Vars[s] = false
		}
	}
	inTarget := map[int32]bool{}
	for _, c := range h.target.Conjuncts {
		for _, l := range c.Locs {
			inTarget[l.Proc] = true
		}
		for _, e := range c.Conds {
			for _, q := range e.Procs(nil) {
				inTarget[q] = true
			}
		}
	}
	for i, proc := range h.net.Processes {
		if !inTarget[int32(i)] && safeProcess(h.net.Deps.Edges[i], proc) {
			p.Procs[i] = false
		}
	}
}

// readSlots marks every slot some guard, invariant, synchronisation,
// update or the target reads.
func (h *Heuristic) readSlots() []bool {
	read := make([]bool, len(h.net.Vars))
	mark := func(d ir.Deps) {
		for _, s := range d.ReadVars {
			read[s] = true
		}
	}
	for p := range h.net.Processes {
		for _, d := range h.net.Deps.Invariants[p] {
			mark(d)
		}
		for _, d := range h.net.Deps.Edges[p] {
			mark(d.Guard)
			mark(d.Sync)
			mark(d.Update)
		}
	}
	for _, c := range h.target.Conjuncts {
		for _, e := range c.Conds {
			for _, s := range e.Slots(nil) {
				read[s] = true
			}
		}
	}
	return read
}

// safeProcess checks the conditions of dropSafe for one process.
func safeProcess(deps []model.EdgeDeps, proc *model.Process) bool {
	for _, l := range proc.Locations {
		if l.Invariant != nil || l.Urgent || l.Committed {
			return false
		}
	}
	for k, e := range proc.Edges {
		d := deps[k].Update
		if e.Sync != nil || e.Guard != nil || len(d.WriteVars) > 0 || len(d.WriteMeta) > 0 || len(d.Resets) > 0 {
			return false
		}
	}
	return stronglyConnected(proc)
}

// stronglyConnected reports whether every location reaches every other.
func stronglyConnected(proc *model.Process) bool {
	n := len(proc.Locations)
	reach := func(forward bool) int {
		seen := make([]bool, n)
		q := []int32{0}
		seen[0] = true
		for i := 0; i < len(q); i++ {
			for _, e := range proc.Edges {
				from, to := e.Src, e.Dst
				if !forward {
					from, to = to, from
				}
				if from == q[i] && !seen[to] {
					seen[to] = true
					q = append(q, to)
				}
			}
		}
		return len(q)
	}
	return reach(true) == n && reach(false) == n
}

// russianDoll keeps what a relaxed plan of hU from the initial state
// mentions: the processes whose edges it takes and the target's, the
// slots those edges and the target read or write, and the clocks their
// guards, invariants and updates use.
func (h *Heuristic) russianDoll() model.Pattern {
	p := h.targetPattern()
	edges, _ := relax.New(h.net, h.target, relax.Upper).PlanEdges(h.initial())
	for _, pe := range edges {
		h.markEdge(p, pe[0], pe[1])
	}
	return p
}

// markExpr keeps what a target condition reads.
func markExpr(p model.Pattern, e *heuristic.Expr) {
	for _, s := range e.Slots(nil) {
		p.Vars[s] = true
	}
	for _, q := range e.Procs(nil) {
		p.Procs[q] = true
	}
}

// markEdge keeps an edge's process, the slots it touches and the clocks
// of its guard, update and source invariant.
func (h *Heuristic) markEdge(p model.Pattern, proc, edge int32) {
	p.Procs[proc] = true
	d := h.net.Deps.Edges[proc][edge]
	src := h.net.Processes[proc].Edges[edge].Src
	for _, x := range []ir.Deps{d.Guard, d.Sync, d.Update, h.net.Deps.Invariants[proc][src]} {
		for _, s := range append(x.ReadVars, x.WriteVars...) {
			p.Vars[s] = true
		}
		for _, c := range append(x.Clocks, x.Resets...) {
			p.Clocks[c] = true
		}
	}
}
