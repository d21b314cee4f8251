// Refinement: predicates chosen by refining abstract error paths
// backwards through guards, invariants and updates (Smaus and Hoffmann,
// "Relaxation refinement", Fig. 3), from the initial abstractions 1abs,
// 2abs and seeded ones.

package pa

import (
	"context"
	"fmt"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/ir"
	"beeline/core/model"
)

// Limits of refinement.
const (
	// maxPreds bounds the predicates of one abstraction.
	maxPreds = 96
	// maxRounds bounds the refinement rounds of one abstraction.
	maxRounds = 64
	// maxSeeds bounds the seeded abstractions per target predicate.
	maxSeeds = 6
	// maxPaths bounds the abstract paths tried in one round until one
	// adds a predicate.
	maxPaths = 16
	// hardFactor: a regression past hardFactor times the state
	// threshold is abandoned, and the previous round's abstraction kept.
	hardFactor = 4
)

// targetPreds returns the predicates of the target: each location set
// and each condition of each conjunct.
func targetPreds(t *heuristic.Target) *predSet {
	ps := newPredSet()
	for _, c := range t.Conjuncts {
		for _, l := range c.Locs {
			ps.add(locPred(l.Proc, l.Locs))
		}
		for _, x := range c.Conds {
			ps.add(Pred{Expr: x})
		}
	}
	return ps
}

// refinement builds the abstractions of the 1abs, 2abs and seed modes
// over the whole network.
func (h *Heuristic) refinement(ctx context.Context, report func(heuristic.Progress)) error {
	keep := make([]bool, len(h.net.Processes))
	for i := range keep {
		keep[i] = true
	}
	s, err := newSystem(ctx, h.net, keep, len(h.net.Clocks))
	if err != nil {
		return err
	}
	tp := targetPreds(h.target)
	var starts []*predSet
	switch {
	case h.opts.Mode == OneAbs || len(h.target.Conjuncts) > 1:
		// A predicate of one disjunct says nothing of the others: an
		// abstraction with it alone would count every state a target.
		starts = []*predSet{tp}
	default:
		for _, p := range tp.list {
			starts = append(starts, newPredSet(p))
		}
	}
	r := &refiner{h: h, s: s, report: report}
	for k, start := range starts {
		if h.opts.Mode != Seed {
			r.name = fmt.Sprintf("abstraction %d of %d", k+1, len(starts))
			a, err := r.loop(start, -1)
			if err != nil {
				return err
			}
			h.abs = append(h.abs, a)
			continue
		}
		if err := r.seeds(start, k, len(starts)); err != nil {
			return err
		}
	}
	return nil
}

// refiner runs refinement loops.
type refiner struct {
	h      *Heuristic
	s      *system
	report func(heuristic.Progress)
	name   string
}

// seeds builds the seeded abstractions of one target predicate: for
// each process in turn, its locations are tried as a seed until one
// gives an abstraction where the seed is decided somewhere; at most
// maxSeeds of them. With none, the target predicate's own abstraction.
func (r *refiner) seeds(start *predSet, k, of int) error {
	n := r.h.net
	found := 0
	for p := range n.Processes {
		for l := range n.Processes[p].Locations {
			if found >= maxSeeds {
				break
			}
			ps := start.clone()
			if !ps.add(locPred(int32(p), []int32{int32(l)})) {
				continue
			}
			r.name = fmt.Sprintf("target predicate %d of %d, seed %s", k+1, of, ps.list[len(ps.list)-1].String(n))
			a, err := r.loop(ps, len(ps.list)-1)
			if err != nil {
				return err
			}
			if a != nil {
				r.h.abs = append(r.h.abs, a)
				found++
				break
			}
		}
	}
	if found == 0 {
		r.name = fmt.Sprintf("target predicate %d of %d", k+1, of)
		a, err := r.loop(start, -1)
		if err != nil {
			return err
		}
		r.h.abs = append(r.h.abs, a)
	}
	return nil
}

// loop refines from the predicates ps until the abstraction passes a
// threshold, refinement adds nothing, or the rounds run out. With seed ≥
// 0 it gives nil when the first abstraction never decides predicate
// seed.
func (r *refiner) loop(ps *predSet, seed int) (*abstraction, error) {
	o := r.h.opts
	var prev *abstraction
	for round := 1; ; round++ {
		r.h.rounds++
		step := fmt.Sprintf("refining %s: round %d", r.name, round)
		sp, ts, err := r.s.build(ps.list, r.h.target.Conjuncts, hardFactor*o.States, max(o.Layers, 1)*hardFactor, true, func(states, layers int) {
			r.report(heuristic.Progress{Step: step, States: int64(states), Layers: layers})
		})
		if err == errTooBig && prev != nil {
			return prev, nil
		}
		if err == errTooBig {
			// The first abstraction is too large: keep what the
			// thresholds allow.
			sp, _, err = r.s.build(ps.list, r.h.target.Conjuncts, hardFactor*o.States, o.Layers, false, nil)
			if err != nil {
				return nil, err
			}
			return finished(sp), nil
		}
		if err != nil {
			return nil, err
		}
		a := finished(sp)
		r.report(heuristic.Progress{Step: step, States: int64(a.states), Layers: int(a.layers)})
		if seed >= 0 && round == 1 && !decides(sp, seed) {
			return nil, nil
		}
		if a.states > o.States || int(a.layers) > o.Layers || round >= maxRounds || len(ps.list) >= maxPreds {
			return a, nil
		}
		// A longest path first; when it adds nothing, the paths from
		// other states, latest first.
		next := ps.clone()
		for k, tries := len(sp.dist)-1, 0; k >= 0 && tries < maxPaths && len(next.list) == len(ps.list); k, tries = k-1, tries+1 {
			r.refinePath(next, sp, ts, int32(k), false)
		}
		if len(next.list) == len(ps.list) {
			// Every path is location-wise consistent and its
			// guards are in: the abstraction then cannot tell where
			// the processes are when the longest path starts, so
			// their locations join (the paper's early convergence,
			// which its seeds address otherwise).
			r.refinePath(next, sp, ts, int32(len(sp.dist)-1), true)
		}
		if len(next.list) == len(ps.list) {
			return a, nil
		}
		prev, ps = a, next
	}
}

// decides reports whether some abstract state has a literal of
// predicate i.
func decides(sp *space, i int) bool {
	for k := range sp.dist {
		b := sp.state(k)
		if hasLit(b, 2*i) || hasLit(b, 2*i+1) {
			return true
		}
	}
	return false
}

// refinePath adds to ps the predicates that refine the abstract path of
// sp from state from to the error (Fig. 3): its transitions are taken backwards from the
// error state; a process whose edge does not end where the later one
// starts gets the location predicate that tells them apart, and the
// walk stops; otherwise the targets' invariants join, the predicates
// are regressed through the assignments (weakest preconditions by
// substitution), and the guards and the sources' invariants join. With
// start set, a walk that reaches the path's start adds the location
// predicates of where its processes then are.
func (r *refiner) refinePath(ps *predSet, sp *space, ts []*trans, from int32, start bool) {
	n := r.h.net
	var path []*trans
	for k := from; k >= 0 && sp.parent[k] >= 0; k = sp.parent[k] {
		path = append(path, ts[sp.via[k]])
	}
	curloc := map[int32]int32{}
	for i := len(path) - 1; i >= 0; i-- {
		t := path[i]
		for _, m := range t.moves {
			e := n.Processes[m.Proc].Edges[m.Edge]
			if l, ok := curloc[m.Proc]; ok && e.Dst != l {
				r.add(ps, locPred(m.Proc, []int32{l}))
				return
			}
			curloc[m.Proc] = e.Src
		}
		for _, m := range t.moves {
			e := n.Processes[m.Proc].Edges[m.Edge]
			r.addAll(ps, guardPreds(n.Processes[m.Proc].Locations[e.Dst].Invariant, r.s.back))
		}
		for k := len(t.moves) - 1; k >= 0; k-- {
			m := t.moves[k]
			as := assignments(n.Processes[m.Proc].Edges[m.Edge])
			for j := len(as) - 1; j >= 0; j-- {
				for _, p := range slices.Clone(ps.list) {
					if q, ok := as[j].apply(p); ok {
						r.add(ps, q)
					}
				}
			}
		}
		for _, m := range t.moves {
			e := n.Processes[m.Proc].Edges[m.Edge]
			r.addAll(ps, guardPreds(e.Guard, r.s.back))
			r.addAll(ps, guardPreds(n.Processes[m.Proc].Locations[e.Src].Invariant, r.s.back))
		}
		if len(ps.list) >= maxPreds {
			return
		}
	}
	if start {
		procs := make([]int32, 0, len(curloc))
		for p := range curloc {
			procs = append(procs, p)
		}
		slices.Sort(procs)
		for _, p := range procs {
			r.add(ps, locPred(p, []int32{curloc[p]}))
		}
	}
}

func (r *refiner) addAll(ps *predSet, preds []Pred) {
	for _, p := range preds {
		r.add(ps, p)
	}
}

// add adds p to ps unless ps is full or p is constant over the values
// its slots may take.
func (r *refiner) add(ps *predSet, p Pred) {
	if len(ps.list) >= maxPreds || r.s.constant(p) {
		return
	}
	ps.add(p)
}

// assignment is x := value for a slot (clock < 0), or the reset of
// clock to reset.
type assignment struct {
	slot  int32
	value *heuristic.Expr
	clock int32
	reset int32
}

// assignments lists the assignments of e's update that substitution
// can follow: to a slot named statically, of an expression of the
// state, and resets of a clock named statically to a constant.
func assignments(e *model.Edge) []assignment {
	if e.Assign == nil {
		return nil
	}
	var t heuristic.Translator
	var out []assignment
	for _, x := range ir.Elements(e.Assign.List) {
		switch x := x.(type) {
		case *ir.Assign:
			if x.Dst.Space != ir.Var || !x.Dst.Static() {
				continue
			}
			v := t.Expr(x.X)
			if x.Op != ir.Nop {
				v = &heuristic.Expr{Op: heuristic.OpBinary, Fn: x.Op, Args: []*heuristic.Expr{{Op: heuristic.OpVar, Lo: x.Dst.Off}, v}}
			}
			out = append(out, assignment{slot: x.Dst.Off, value: v, clock: -1})
		case *ir.IncDec:
			if x.Dst.Space != ir.Var || !x.Dst.Static() {
				continue
			}
			v := &heuristic.Expr{Op: heuristic.OpBinary, Fn: ir.Add, Args: []*heuristic.Expr{{Op: heuristic.OpVar, Lo: x.Dst.Off}, heuristic.Const(x.Delta)}}
			out = append(out, assignment{slot: x.Dst.Off, value: v, clock: -1})
		case *ir.ClockSet:
			c, ok := x.X.(*ir.Const)
			if !ok || x.Clock.Space != ir.Clock || !x.Clock.Static() {
				continue
			}
			out = append(out, assignment{clock: x.Clock.Off, reset: c.V})
		}
	}
	return out
}

// apply returns p with the assignment substituted, ok false when p does
// not mention what it assigns or the result is no predicate.
func (a assignment) apply(p Pred) (Pred, bool) {
	if a.clock >= 0 {
		if !p.IsClock() || (p.I != a.clock && p.J != a.clock) {
			return Pred{}, false
		}
		i, j, v := p.I, p.J, p.Bound.Value()
		switch {
		case i == a.clock && j == a.clock:
			return Pred{}, false
		case i == a.clock:
			i, v = 0, v-a.reset
		default:
			j, v = 0, v+a.reset
		}
		b := dbm.LE(v)
		if p.Bound.IsStrict() {
			b = dbm.LT(v)
		}
		q := clockPred(i, j, b)
		if q == nil {
			return Pred{}, false
		}
		return *q, true
	}
	if p.IsClock() || !slices.Contains(p.Expr.Slots(nil), a.slot) {
		return Pred{}, false
	}
	e := simplify(substitute(p.Expr, a.slot, a.value))
	if !stateExpr(e) {
		return Pred{}, false
	}
	return Pred{Expr: e}, true
}

// substitute replaces slot by v in e, folding constants.
func substitute(e *heuristic.Expr, slot int32, v *heuristic.Expr) *heuristic.Expr {
	if e.Op == heuristic.OpVar && e.Lo == slot {
		return v
	}
	if len(e.Args) == 0 {
		return e
	}
	out := *e
	out.Args = make([]*heuristic.Expr, len(e.Args))
	constant := true
	for i, a := range e.Args {
		out.Args[i] = substitute(a, slot, v)
		constant = constant && out.Args[i].IsConst()
	}
	if constant {
		if x, ok := heuristic.Eval(&out, nil, nil); ok {
			return heuristic.Const(x)
		}
	}
	return &out
}

// simplify folds the offsets that substitution leaves: (x + a) + b
// becomes x + (a+b), and (x + a) ⋈ b becomes x ⋈ b − a, where the
// constants are small enough not to wrap.
func simplify(e *heuristic.Expr) *heuristic.Expr {
	if e.Op != heuristic.OpBinary {
		return e
	}
	x, y := e.Args[0], e.Args[1]
	small := func(v int32) bool { return v > -1<<20 && v < 1<<20 }
	offset := func(x *heuristic.Expr) (*heuristic.Expr, int32, bool) {
		if x.Op == heuristic.OpBinary && x.Args[1].IsConst() && small(x.Args[1].Lo) {
			switch x.Fn {
			case ir.Add:
				return x.Args[0], x.Args[1].Lo, true
			case ir.Sub:
				return x.Args[0], -x.Args[1].Lo, true
			}
		}
		return nil, 0, false
	}
	switch {
	case (e.Fn == ir.Add || e.Fn == ir.Sub) && y.IsConst() && small(y.Lo):
		if inner, a, ok := offset(x); ok {
			b := y.Lo
			if e.Fn == ir.Sub {
				b = -b
			}
			if a+b == 0 {
				return inner
			}
			return &heuristic.Expr{Op: heuristic.OpBinary, Fn: ir.Add, Args: []*heuristic.Expr{inner, heuristic.Const(a + b)}}
		}
	case e.Fn.IsComparison() && y.IsConst() && small(y.Lo):
		if inner, a, ok := offset(x); ok {
			return &heuristic.Expr{Op: heuristic.OpBinary, Fn: e.Fn, Args: []*heuristic.Expr{inner, heuristic.Const(y.Lo - a)}}
		}
	}
	out := *e
	out.Args = []*heuristic.Expr{simplify(x), simplify(y)}
	if out.Args[0] != x || out.Args[1] != y {
		return simplify(&out)
	}
	return e
}
