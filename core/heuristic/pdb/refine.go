// Counterexample-guided refinement of a pattern: what the abstraction's
// shortest error trace does that the network cannot, and which dropped
// processes, variables and clocks make the difference.

package pdb

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"time"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/ir"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// refine grows p while its abstraction misleads. A greedy search of the
// network, ordered by the estimates of b, follows the abstraction's
// shortest traces as far as the network can (see lowest). Where it gets
// stuck, the abstraction has a transition that the network cannot take
// there, and the dropped parts that explain it (a process elsewhere, a
// false guard conjunct on dropped variables, an assignment from dropped
// variables, a dropped clock's constraint) join the pattern (explain).
// Where it reaches the target through steps that kept the estimate, the
// dropped variables and processes those steps changed for later steps
// join it (detours). A larger pattern is kept if its abstraction builds
// within the trial work (grow). Refinement stops when nothing dropped
// explains the difference, when no larger pattern builds, and when the
// selection's trials have spent their work (selectionSpent); it returns
// the database of the final pattern.
//
// This is counterexample-guided abstraction refinement for pattern
// selection (after Rovner, Sievers and Helmert, ICAPS 2019) over the
// paper's projections: it grows the pattern where downward refinement's
// test (equal relaxed estimates of the initial state) dropped too much.
func (h *Heuristic) refine(ctx context.Context, p model.Pattern, b *db) (*db, error) {
	w, err := h.newWalker()
	if err != nil {
		return b, nil // the network's own errors surface in the search
	}
	for !h.selectionSpent() {
		add, err := w.flaw(ctx, p, b)
		if err != nil || len(add) == 0 {
			return b, heuristic.Done(ctx)
		}
		q, b2, err := h.grow(ctx, p, add)
		if err != nil {
			return nil, err
		}
		if b2 == nil {
			return b, nil
		}
		copyPattern(p, q)
		b = b2
	}
	return b, nil
}

// grow returns p with the parts add and its database, if it builds
// within the trial work and keeps more than p; failing that, p with the
// one part of add whose database builds and has the largest distance
// from the initial state (then the fewest states). The database is nil
// when none builds.
func (h *Heuristic) grow(ctx context.Context, p model.Pattern, add []part) (model.Pattern, *db, error) {
	try := func(parts []part) (model.Pattern, *db, error) {
		q := p.Clone()
		for _, x := range parts {
			x.set(q)
		}
		b, ok, err := h.trial(ctx, q)
		// q keeps all p keeps (the projection drops a clock only when
		// an assignment to it reads a dropped variable, and q drops
		// fewer): unless it kept the parts, it is p again.
		if !ok || samePattern(p, q) {
			b = nil
		}
		return q, b, err
	}
	q, b, err := try(add)
	if err != nil || b != nil || len(add) == 1 {
		return q, b, err
	}
	for _, x := range add {
		if h.selectionSpent() {
			break
		}
		q1, b1, err := try([]part{x})
		if err != nil {
			return q, nil, err
		}
		if b1 != nil && (b == nil || reach(b1) > reach(b) || reach(b1) == reach(b) && len(b1.dist) < len(b.dist)) {
			q, b = q1, b1
		}
	}
	return q, b, nil
}

// closeSources adds to p, until none is left, the dropped variables
// that assignments to kept variables read: without them such an
// assignment gives every value of the variable's range, which multiplies
// the abstract states and blurs the distances.
func (h *Heuristic) closeSources(p model.Pattern) {
	var flows []ir.Deps
	for _, proc := range h.net.Processes {
		for _, e := range proc.Edges {
			if e.Assign == nil {
				continue
			}
			for _, x := range ir.Elements(e.Assign.List) {
				if d := ir.ExprDeps(x); len(d.ReadVars) > 0 && len(d.WriteVars) > 0 {
					flows = append(flows, d)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, u := range flows {
			if !slices.ContainsFunc(u.WriteVars, func(s int32) bool { return p.Vars[s] }) {
				continue
			}
			for _, s := range u.ReadVars {
				if !p.Vars[s] {
					p.Vars[s], changed = true, true
				}
			}
		}
	}
}

// reach is the distance of the initial state of b for comparisons: Inf
// (the target unreachable) above every other.
func reach(b *db) int64 {
	if d := initialDistance(b); d != Inf {
		return int64(d)
	}
	return math.MaxInt64
}

// part is one process, variable or clock of a pattern.
type part struct {
	kind int8 // partProc, partVar or partClock
	i    int32
}

const (
	partProc int8 = iota
	partVar
	partClock
)

func (x part) set(p model.Pattern) {
	[][]bool{p.Procs, p.Vars, p.Clocks}[x.kind][x.i] = true
}

func copyPattern(dst, src model.Pattern) {
	copy(dst.Procs, src.Procs)
	copy(dst.Vars, src.Vars)
	copy(dst.Clocks, src.Clocks)
}

// walker follows abstract traces in the network.
type walker struct {
	h   *Heuristic
	g   *zone.Graph
	x   *zone.Expander
	env *model.Env
	np  int
}

func (h *Heuristic) newWalker() (*walker, error) {
	g, err := zone.New(h.net, zone.Options{SkipErrors: true})
	if err != nil {
		return nil, err
	}
	return &walker{h: h, g: g, x: g.NewExpander(), env: h.net.NewEnv(), np: len(h.net.Processes)}, nil
}

// flaw returns the dropped parts that explain where the network leaves
// the shortest abstract trace of b (pattern p); none when it follows the
// trace to the target or nothing dropped explains the difference. It
// stops with ctx's error when ctx is done.
func (w *walker) flaw(ctx context.Context, p model.Pattern, b *db) ([]part, error) {
	stop := func() bool { return heuristic.Done(ctx) != nil }
	w.x.SetInterrupt(stop)
	w.env.Interrupt = stop
	look := &Heuristic{net: w.h.net, target: w.h.target}
	look.setDB(p, b)
	d := make([]int32, w.g.DiscreteLen())
	z := dbm.New(w.g.Dim())
	if ok, err := w.x.Initial(d, z); err != nil || !ok {
		return nil, err
	}
	low, path, err := w.lowest(ctx, look, d, z)
	switch {
	case err != nil:
		return nil, err
	case path != nil:
		return w.detours(p, path), nil
	case low != nil:
		return w.explain(p, look, low.d, low.z)
	}
	return nil, nil
}

// walkStates bounds the states lowest visits.
const walkStates = 20000

// node is a state of lowest's search, with the transition that reached
// it.
type node struct {
	d      []int32
	z      *dbm.DBM
	h      int32
	label  []int32
	parent *node
}

// lowest runs a greedy best-first search of the network from (d, z),
// ordered by the estimate of look, for at most walkStates states. When it
// meets the abstract target it returns the path there (from the initial
// state); otherwise the first state it met with the least estimate:
// where the network, following the abstraction's shortest traces as far
// as it can and with the freedom of what the pattern drops (an
// environment may choose the values that a later guard tests), leaves
// them.
func (w *walker) lowest(ctx context.Context, look *Heuristic, d []int32, z *dbm.DBM) (*node, []*node, error) {
	_, dist := look.lookup(d, z)
	if dist == Inf {
		return nil, nil, nil
	}
	buckets := make([][]*node, dist+1)
	low := &node{d: d, z: z, h: dist}
	buckets[dist] = []*node{low}
	seen := map[string][]*dbm.DBM{}
	var key []byte
	visit := func(d []int32, z *dbm.DBM) bool {
		key = key[:0]
		for _, v := range d {
			key = binary.LittleEndian.AppendUint32(key, uint32(v))
		}
		for _, y := range seen[string(key)] {
			if y.Includes(z) {
				return false
			}
		}
		seen[string(key)] = append(seen[string(key)], z)
		return true
	}
	visit(d, z)
	var pace search.Pacer
	for n := 0; n < walkStates; n++ {
		if pace.Add(1) {
			pace.Checked(time.Now())
			if err := heuristic.Done(ctx); err != nil {
				return nil, nil, err
			}
		}
		h := 0
		for h < len(buckets) && len(buckets[h]) == 0 {
			h++
		}
		if h == len(buckets) {
			break
		}
		s := buckets[h][0]
		buckets[h] = buckets[h][1:]
		var reached *node
		err := w.x.Successors(s.d, s.z, func(l, d2 []int32, z2 *dbm.DBM) bool {
			_, dv := look.lookup(d2, z2)
			if dv == Inf || int(dv) >= len(buckets) {
				return true
			}
			c := &node{d: slices.Clone(d2), z: z2.Copy(), h: dv, label: slices.Clone(l), parent: s}
			if dv == 0 {
				reached = c
				return false
			}
			if !visit(c.d, c.z) {
				return true
			}
			buckets[dv] = append(buckets[dv], c)
			if dv < low.h {
				low = c
			}
			return true
		})
		if err != nil {
			return nil, nil, err
		}
		if reached != nil {
			var path []*node
			for x := reached; x != nil; x = x.parent {
				path = append(path, x)
			}
			slices.Reverse(path)
			return nil, path, nil
		}
	}
	return low, nil, nil
}

// detours returns the dropped parts through which the network's path to
// the target needs steps the abstraction does not see: a step that keeps
// the estimate and writes a dropped variable (or moves a dropped process)
// that a later step reads (or moves on from). Each is a cause the
// abstraction skips, so its distances fall short by such steps.
func (w *walker) detours(p model.Pattern, path []*node) []part {
	deps := w.h.net.Deps.Edges
	var out []part
	for i := 1; i < len(path); i++ {
		if path[i].h < path[i-1].h {
			continue
		}
		var wrote []part
		for _, e := range w.g.DecodeLabel(path[i].label).Edges {
			for _, s := range deps[e.Process][e.Edge].Update.WriteVars {
				if !p.Vars[s] {
					wrote = appendPart(wrote, part{partVar, s})
				}
			}
			if q := int32(e.Process); !p.Procs[q] && path[i].d[q] != path[i-1].d[q] {
				wrote = appendPart(wrote, part{partProc, q})
			}
		}
		for j := i + 1; j < len(path) && len(wrote) > 0; j++ {
			var read []part
			for _, e := range w.g.DecodeLabel(path[j].label).Edges {
				d := deps[e.Process][e.Edge]
				for _, x := range []ir.Deps{d.Guard, d.Sync, d.Update} {
					read = appendDropped(read, p, x)
				}
				if q := int32(e.Process); !p.Procs[q] {
					read = appendPart(read, part{partProc, q})
				}
			}
			for _, x := range wrote {
				if slices.Contains(read, x) {
					out = appendPart(out, x)
				}
			}
		}
	}
	return out
}

// explain finds the abstract transition that the concrete state (d, z)
// cannot take and the dropped parts responsible.
func (w *walker) explain(p model.Pattern, look *Heuristic, d []int32, z *dbm.DBM) ([]part, error) {
	id, dist := look.lookup(d, z)
	if id < 0 || dist <= 0 {
		return nil, nil
	}
	m, q := w.h.net.Project(p)
	ag, err := zone.New(m, zone.Options{SkipErrors: true})
	if err != nil {
		return nil, err
	}
	ax := ag.NewExpander()
	abs := abstractClocks(m, keptClocks(q.Clocks))
	ad := projectState(w.h.net, q, d)
	az := dbm.New(ax.Dim())
	extend(abs, ptr(look.db.zone(id)), az)
	var label, ad2 []int32
	r := dbm.New(len(abs))
	err = ax.Successors(ad, az, func(l, d2 []int32, z2 *dbm.DBM) bool {
		restrict(abs, z2, r)
		look.buf = look.db.key(d2, look.buf)
		if to := look.db.covering(look.buf, r); to >= 0 && look.db.dist[to] == dist-1 {
			label, ad2 = slices.Clone(l), slices.Clone(d2)
			return false
		}
		return true
	})
	if err != nil || label == nil {
		return nil, err
	}
	steps := originalSteps(ag, m, label)
	if out := w.disabled(p, d, steps); len(out) > 0 {
		return out, nil
	}
	return w.diverged(p, q, d, z, steps, ad2), nil
}

// step is one edge of a transition of the network, with the values of
// its own select bindings.
type step struct {
	proc, edge int32
	sel        []int32
}

// originalSteps maps an abstract label to the edges of the network its
// edges stand for (no-op twins left out).
func originalSteps(ag *zone.Graph, m *model.Network, label []int32) []step {
	var out []step
	for _, s := range ag.DecodeLabel(label).Edges {
		e := m.Processes[s.Process].Edges[s.Edge]
		if e.Origin < 0 {
			continue
		}
		out = append(out, step{proc: int32(s.Process), edge: e.Origin, sel: s.Select})
	}
	return out
}

// disabled returns the dropped parts that disable the steps in the
// discrete state d: a dropped process elsewhere than the edge's source,
// a false conjunct of a guard reading dropped variables or locations.
func (w *walker) disabled(p model.Pattern, d []int32, steps []step) []part {
	var out []part
	w.env.Locs, w.env.Vars = d[:w.np], d[w.np:]
	for _, s := range steps {
		e := w.h.net.Processes[s.proc].Edges[s.edge]
		moved := !p.Procs[s.proc] && d[s.proc] != e.Src
		if moved {
			out = appendPart(out, part{partProc, s.proc})
		}
		if e.Guard == nil || e.Guard.Src == nil {
			continue
		}
		if moved {
			out = appendDropped(out, p, w.h.net.Deps.Edges[s.proc][s.edge].Guard)
			continue
		}
		copy(w.env.Sel, s.sel[:len(e.Select)])
		for _, c := range ir.Conjuncts(e.Guard.Src.Cond, nil) {
			deps := ir.ExprDeps(c)
			if !readsDropped(p, deps) {
				continue
			}
			w.env.Err = nil
			if v := w.h.net.Eval(c, w.env); v != 0 || w.env.Err != nil {
				continue
			}
			out = appendDropped(out, p, deps)
		}
	}
	return out
}

// diverged returns the dropped parts that explain why the network, with
// the steps enabled on its discrete part, has no successor through them
// like the abstract one (d2): the clocks of their guards and of the
// invariants around them when no successor through them exists, the
// variables their assignments read when one exists with other values of
// the kept variables, and the clocks otherwise.
func (w *walker) diverged(p, q model.Pattern, d []int32, z *dbm.DBM, steps []step, ad2 []int32) []part {
	found, same := false, false
	_ = w.x.Successors(d, z, func(l, d2 []int32, _ *dbm.DBM) bool {
		if !sameSteps(w.g.DecodeLabel(l), steps, w.h.net) {
			return true
		}
		found = true
		same = keptEqual(w.h.net, q, d2, ad2)
		return !same
	})
	var out []part
	deps := w.h.net.Deps.Edges
	if found && !same {
		for _, s := range steps {
			out = appendDropped(out, p, deps[s.proc][s.edge].Update)
		}
		if len(out) > 0 {
			return out
		}
	}
	for _, s := range steps {
		e := w.h.net.Processes[s.proc].Edges[s.edge]
		out = appendClocks(out, p, deps[s.proc][s.edge].Guard.Clocks)
		out = appendClocks(out, p, w.h.net.Deps.Invariants[s.proc][e.Src].Clocks)
		out = appendClocks(out, p, w.h.net.Deps.Invariants[s.proc][e.Dst].Clocks)
		if !found {
			out = appendDropped(out, p, deps[s.proc][s.edge].Sync)
		}
	}
	if !found {
		// A dropped process in a committed location keeps the others
		// waiting; the projection ignores committed locations then.
		for i, proc := range w.h.net.Processes {
			if !p.Procs[i] && proc.Locations[d[i]].Committed {
				out = appendPart(out, part{partProc, int32(i)})
			}
		}
	}
	return out
}

// sameSteps reports whether the network's transition t takes the edges
// of steps (and, for a broadcast, maybe more receivers).
func sameSteps(t zone.Transition, steps []step, n *model.Network) bool {
	if len(t.Edges) < len(steps) || len(steps) == 0 {
		return false
	}
	for _, s := range steps {
		if !slices.ContainsFunc(t.Edges, func(e zone.EdgeStep) bool {
			k := len(n.Processes[e.Process].Edges[e.Edge].Select)
			return int32(e.Process) == s.proc && int32(e.Edge) == s.edge && slices.Equal(e.Select, s.sel[:k])
		}) {
			return false
		}
	}
	return true
}

// keptEqual reports whether two discrete states agree on what q keeps.
func keptEqual(n *model.Network, q model.Pattern, a, b []int32) bool {
	for _, k := range keptPositions(n, q) {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func readsDropped(p model.Pattern, d ir.Deps) bool {
	for _, s := range d.ReadVars {
		if !p.Vars[s] {
			return true
		}
	}
	for _, q := range d.Procs {
		if !p.Procs[q] {
			return true
		}
	}
	return false
}

// appendDropped adds the variables and locations d reads that p drops.
func appendDropped(out []part, p model.Pattern, d ir.Deps) []part {
	for _, s := range d.ReadVars {
		if !p.Vars[s] {
			out = appendPart(out, part{partVar, s})
		}
	}
	for _, q := range d.Procs {
		if !p.Procs[q] {
			out = appendPart(out, part{partProc, q})
		}
	}
	return out
}

// appendClocks adds the clocks of cs that p drops.
func appendClocks(out []part, p model.Pattern, cs []int32) []part {
	for _, c := range cs {
		if c > 0 && !p.Clocks[c] {
			out = appendPart(out, part{partClock, c})
		}
	}
	return out
}

func appendPart(out []part, x part) []part {
	if slices.Contains(out, x) {
		return out
	}
	return append(out, x)
}
