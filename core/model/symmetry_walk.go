// The analysis of one scalar set: its processes, the images of every
// object under a transposition, and the checks that make it an
// automorphism.

package model

import (
	"fmt"
	"slices"

	"beeline/core/ir"
)

// symWalk analyses one scalar set.
type symWalk struct {
	a   *symAnalysis
	set *scalarSet
	s   *ScalarSet
	// owner[p] is the value that owns process p, −1 for none; stride[p]
	// is the distance in its process set between the processes of
	// consecutive values.
	owner, stride []int32
}

// owners finds the processes the set's values own: those of a process
// set with one free parameter of the set.
func (w *symWalk) owners() string {
	n := w.a.n
	w.owner = make([]int32, len(n.Processes))
	w.stride = make([]int32, len(n.Processes))
	for p := range n.Processes {
		w.owner[p] = -1
		ps := w.a.procSet[p]
		if ps == nil {
			continue
		}
		k := -1
		for i, t := range ps.dims {
			if t.kind == kScalar && t.set == w.set {
				if k >= 0 {
					return fmt.Sprintf("'%s' has two free parameters of the set", ps.name)
				}
				k = i
			}
		}
		if k < 0 {
			continue
		}
		stride := int32(1)
		for _, t := range ps.dims[k+1:] {
			stride *= t.hi - t.lo + 1
		}
		w.owner[p] = int32(w.a.procIdx[p]) / stride % w.s.Size
		w.stride[p] = stride
	}
	w.s.Procs = make([][]int32, w.s.Size)
	for p, v := range w.owner {
		if v >= 0 {
			w.s.Procs[v] = append(w.s.Procs[v], int32(p))
		}
	}
	return ""
}

// symMap is the image of every process, state slot, clock and channel
// under one permutation of the set.
type symMap struct {
	pi                         []int32 // the permutation of the values
	procs, vars, clocks, chans []int32
}

// identity returns an identity map of length n.
func identity(n int) []int32 {
	m := make([]int32, n)
	for i := range m {
		m[i] = int32(i)
	}
	return m
}

// transposition computes the images under (v x) and checks that it is
// an automorphism: processes exchanged agree in structure, constants and
// references follow the permutation, channels exchanged have the same
// priority, and every slot is accounted for.
func (w *symWalk) transposition(v, x int32) (*symMap, string) {
	n := w.a.n
	pi := identity(int(w.s.Size))
	pi[v], pi[x] = x, v
	m := &symMap{pi: pi, procs: identity(len(n.Processes)), vars: identity(len(n.Vars)), clocks: identity(len(n.Clocks)), chans: identity(len(n.Channels))}
	for p, o := range w.owner {
		if o >= 0 {
			ps := w.a.procSet[p]
			m.procs[p] = int32(ps.procs[int32(w.a.procIdx[p])+(pi[o]-o)*w.stride[p]].Index)
		}
	}
	for p, q := range m.procs {
		if why := w.sameProcess(n.Processes[p], n.Processes[q]); why != "" {
			return nil, why
		}
	}
	covered := map[ir.Space][]int32{ir.Var: make([]int32, len(n.Vars)), ir.Clock: make([]int32, len(n.Clocks)), ir.Chan: make([]int32, len(n.Channels))}
	for _, o := range w.a.objects {
		img, why := w.imageBase(o, m)
		if why != "" {
			return nil, why
		}
		why = ""
		w.leaves(o.t, o.off, img, pi, 0, 0, func(t *typ, off, img int32, _, _ int32) {
			switch o.space {
			case ir.Var:
				m.vars[off] = img
			case ir.Clock:
				m.clocks[off] = img
			case ir.Chan:
				m.chans[off] = img
			case ir.Pool:
				if why == "" {
					why = w.samePool(o.name, t, off, img, pi)
				}
				return
			}
			covered[o.space][off]++
		})
		if why != "" {
			return nil, why
		}
	}
	for sp, c := range covered {
		for i, k := range c {
			if k != 1 && !(sp == ir.Clock && i == 0) {
				return nil, "the state has parts no declaration accounts for"
			}
		}
	}
	if why := m.check(n); why != "" {
		return nil, why
	}
	for p := range n.Processes {
		if why := w.sameConstants(n.Processes[p], n.Processes[m.procs[p]], m); why != "" {
			return nil, why
		}
	}
	return m, ""
}

// imageBase returns where the image of object o starts: o itself for a
// global object, the object of the same name in the image process for
// a local one.
func (w *symWalk) imageBase(o symObject, m *symMap) (int32, string) {
	if o.owner < 0 || m.procs[o.owner] == o.owner {
		return o.off, ""
	}
	p, q := w.a.n.Processes[o.owner], w.a.n.Processes[m.procs[o.owner]]
	s := q.scope.syms[o.name]
	if s == nil || s.addr == nil || !s.addr.Static() || s.addr.Space != o.space || s.t.size != o.t.size {
		return 0, fmt.Sprintf("'%s' of %s has no counterpart in %s", o.name, p.Name, q.Name)
	}
	return s.addr.Off, ""
}

// leaves calls f on every slot of an object of type t at off whose image
// starts at img under the permutation pi of the set: arrays indexed by
// the set take their entries to the permuted index. nS counts the
// indices of the set on the path to the slot and c is the last one.
func (w *symWalk) leaves(t *typ, off, img int32, pi []int32, nS, c int32, f func(t *typ, off, img, nS, c int32)) {
	switch t.kind {
	case kArray:
		es := t.elem.size
		byS := t.index.kind == kScalar && t.index.set == w.set
		for i := range t.index.hi - t.index.lo + 1 {
			j, n, ci := i, nS, c
			if byS {
				j, n, ci = pi[i], nS+1, i
			}
			w.leaves(t.elem, off+i*es, img+j*es, pi, n, ci, f)
		}
	case kStruct:
		for _, fd := range t.fields {
			w.leaves(fd.t, off+fd.off, img+fd.off, pi, nS, c, f)
		}
	default:
		f(t, off, img, nS, c)
	}
}

// holdsSet reports whether t is a scalar of the set.
func (w *symWalk) holdsSet(t *typ) bool { return t.kind == kScalar && t.set == w.set }

// samePool checks a constant aggregate's slot off against its image img:
// the same value, relabelled for a scalar of the set.
func (w *symWalk) samePool(name string, t *typ, off, img int32, pi []int32) string {
	pool := w.a.n.consts
	want := pool[off]
	if w.holdsSet(t) && want >= 0 && int(want) < len(pi) {
		want = pi[want]
	}
	if pool[img] != want {
		return fmt.Sprintf("the constant '%s' tells values of the set apart", name)
	}
	return ""
}

// check verifies that m is an involution on every space (a transposition
// is one) and that channels exchanged have the same priority.
func (m *symMap) check(n *Network) string {
	for _, img := range [][]int32{m.procs, m.vars, m.clocks, m.chans} {
		for i, j := range img {
			if img[j] != int32(i) {
				return "the permutation of its values does not permute the state"
			}
		}
	}
	for c, d := range m.chans {
		if n.Channels[c].Priority != n.Channels[d].Priority {
			return fmt.Sprintf("channels %s and %s have different priorities", n.Channels[c].Name, n.Channels[d].Name)
		}
	}
	return ""
}

// sameProcess checks that q can stand for p: the same template,
// priority, locations and edges.
func (w *symWalk) sameProcess(p, q *Process) string {
	if p == q {
		return ""
	}
	differ := fmt.Sprintf("processes %s and %s differ", p.Name, q.Name)
	if p.Template != q.Template || p.Priority != q.Priority || len(p.Locations) != len(q.Locations) || len(p.Edges) != len(q.Edges) {
		return differ
	}
	for i, l := range p.Locations {
		if k := q.Locations[i]; k.Urgent != l.Urgent || k.Committed != l.Committed {
			return differ
		}
	}
	for i, e := range p.Edges {
		f := q.Edges[i]
		if e.Src != f.Src || e.Dst != f.Dst || len(e.Select) != len(f.Select) || (e.Sync == nil) != (f.Sync == nil) {
			return differ
		}
		if e.Sync != nil && (e.Sync.Send != f.Sync.Send || e.Sync.Broadcast != f.Sync.Broadcast || e.Sync.Urgent != f.Sync.Urgent) {
			return differ
		}
	}
	return ""
}

// sameConstants checks that the constants, value parameters and
// reference parameters of q are those of p moved by m: scalars of the
// set relabelled, everything else equal, references to the images.
func (w *symWalk) sameConstants(p, q *Process, m *symMap) string {
	for _, s := range sortedSymbols(p.scope) {
		if s.kind != symConst && !(s.kind == symVar && s.param) {
			continue
		}
		r := q.scope.syms[s.name]
		differ := fmt.Sprintf("'%s' of %s does not follow the permutation to %s", s.name, p.Name, q.Name)
		if r == nil || r.kind != s.kind || (r.addr == nil) != (s.addr == nil) || r.t.size != s.t.size {
			return differ
		}
		if s.addr == nil {
			want := s.val
			if w.holdsSet(s.t) {
				want = m.pi[want]
			}
			if r.val != want {
				return differ
			}
			continue
		}
		if !s.addr.Static() || !r.addr.Static() || s.addr.Space != r.addr.Space {
			return differ
		}
		why := ""
		w.leaves(s.t, s.addr.Off, r.addr.Off, m.pi, 0, 0, func(t *typ, off, img, _, _ int32) {
			if why != "" {
				return
			}
			var ok bool
			switch s.addr.Space {
			case ir.Pool:
				ok = w.samePool(s.name, t, off, img, m.pi) == ""
			case ir.Var:
				ok = m.vars[off] == img
			case ir.Clock:
				ok = m.clocks[off] == img
			case ir.Chan:
				ok = m.chans[off] == img
			}
			if !ok {
				why = differ
			}
		})
		if why != "" {
			return why
		}
	}
	return ""
}

// swap lists the pairs m exchanges.
func (m *symMap) swap() Swap {
	var s Swap
	pairs := func(img []int32, skip int) [][2]int32 {
		var out [][2]int32
		for i := skip; i < len(img); i++ {
			if j := img[i]; int32(i) < j {
				out = append(out, [2]int32{int32(i), j})
			}
		}
		return out
	}
	s.Procs, s.Vars, s.Clocks = pairs(m.procs, 0), pairs(m.vars, 0), pairs(m.clocks, 1)
	return s
}

// values lists the state slots holding values of the set, and those of
// them that belong to no value.
func (w *symWalk) values() {
	pi := identity(int(w.s.Size))
	for _, o := range w.a.objects {
		if o.space != ir.Var {
			continue
		}
		owned := int32(0)
		if o.owner >= 0 && w.owner[o.owner] >= 0 {
			owned = 1
		}
		w.leaves(o.t, o.off, o.off, pi, owned, 0, func(t *typ, off, _, nS, _ int32) {
			if w.holdsSet(t) {
				w.s.Values = append(w.s.Values, off)
				if nS == 0 {
					w.s.Pointers = append(w.s.Pointers, off)
				}
			}
		})
	}
}

// keys lists, for each value, the slots and clocks that belong to it
// alone, aligned across values by the transpositions (0 v).
func (w *symWalk) keys() string {
	size := w.s.Size
	w.s.KeyVars = make([][]int32, size)
	w.s.KeyValues = make([][]int32, size)
	w.s.KeyClocks = make([][]int32, size)
	pi := identity(int(size))
	for _, o := range w.a.objects {
		nS, c := int32(0), int32(0)
		if o.owner >= 0 && w.owner[o.owner] >= 0 {
			nS, c = 1, w.owner[o.owner]
		}
		w.leaves(o.t, o.off, o.off, pi, nS, c, func(t *typ, off, _, nS, c int32) {
			if nS != 1 || c != 0 {
				return
			}
			switch {
			case o.space == ir.Clock:
				w.s.KeyClocks[0] = append(w.s.KeyClocks[0], off)
			case o.space == ir.Var && w.holdsSet(t):
				w.s.KeyValues[0] = append(w.s.KeyValues[0], off)
			case o.space == ir.Var:
				w.s.KeyVars[0] = append(w.s.KeyVars[0], off)
			}
		})
	}
	for v := int32(1); v < size; v++ {
		m, why := w.transposition(0, v)
		if why != "" {
			return why
		}
		w.s.KeyVars[v] = mapAll(w.s.KeyVars[0], m.vars)
		w.s.KeyValues[v] = mapAll(w.s.KeyValues[0], m.vars)
		w.s.KeyClocks[v] = mapAll(w.s.KeyClocks[0], m.clocks)
		w.s.Procs[v] = mapAll(w.s.Procs[0], m.procs)
	}
	return ""
}

// mapAll returns the images of xs under img.
func mapAll(xs, img []int32) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = img[x]
	}
	return out
}

// selectSets records which select bindings range over the set.
func (w *symWalk) selectSets() {
	n := w.a.n
	w.s.selects = make([][][]bool, len(n.Processes))
	for p, proc := range n.Processes {
		w.s.selects[p] = make([][]bool, len(proc.Edges))
		for k, e := range proc.Edges {
			var sets []bool
			for _, b := range e.Select {
				sets = append(sets, b.set == w.set)
			}
			if slices.Contains(sets, true) {
				w.s.selects[p][k] = sets
			}
		}
	}
}

// receivers checks that receivers of a broadcast whose relative order a
// permutation changes do not depend on it: UPPAAL runs the receivers'
// updates in process order, and of two processes of one process set
// owned by different values, a permutation may reverse the order. Their
// updates must then commute: neither writes what the other reads or
// writes, and they reset different clocks. By symmetry the processes of
// values 0 and 1 stand for every pair.
func (w *symWalk) receivers() string {
	n := w.a.n
	for _, p := range w.s.Procs[0] {
		for _, q := range w.s.Procs[1] {
			if w.a.procSet[p] != w.a.procSet[q] {
				continue
			}
			for i, e := range n.Processes[p].Edges {
				if !receivesBroadcast(e) {
					continue
				}
				for j, f := range n.Processes[q].Edges {
					if receivesBroadcast(f) && !commute(&n.Deps.Edges[p][i].Update, &n.Deps.Edges[q][j].Update) {
						return fmt.Sprintf("%s and %s may receive one broadcast with updates whose order matters", n.Processes[p].Name, n.Processes[q].Name)
					}
				}
			}
		}
	}
	return ""
}

// receivesBroadcast reports whether e receives on a broadcast channel.
func receivesBroadcast(e *Edge) bool { return e.Sync != nil && e.Sync.Broadcast && !e.Sync.Send }

// commute reports whether two updates give the same result in either
// order.
func commute(a, b *ir.Deps) bool {
	meets := func(x, y []int32) bool {
		for _, v := range x {
			if slices.Contains(y, v) {
				return true
			}
		}
		return false
	}
	return !meets(a.WriteVars, b.WriteVars) && !meets(a.WriteVars, b.ReadVars) && !meets(b.WriteVars, a.ReadVars) && !meets(a.Resets, b.Resets)
}
