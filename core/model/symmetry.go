// Symmetry: the scalar sets whose permutations are automorphisms of the
// network, and what a permutation moves.

package model

import (
	"cmp"
	"fmt"
	"slices"

	"beeline/core/ir"
)

// Symmetry describes the scalar sets of a network whose value
// permutations are automorphisms: permuting the values of such a set —
// moving its processes, the entries of arrays indexed by it, and
// relabelling the variables holding its values — maps every transition
// to a transition and every state formula of a query to itself (scalar
// values have no literals, so a query names the set's processes only
// through quantifiers). Symmetry reduction (core/zone) keeps one state
// of each orbit.
//
// A transposition (v w) of a set S acts on a state as follows: the
// processes instantiated with v and with w for the one free parameter of
// type S of their template exchange their locations, local variables and
// local clocks; every array indexed by S exchanges its entries at v and
// at w (clocks included); every variable holding a value of S has v and
// w swapped. The network is symmetric under it when nothing else tells
// v from w; the checks are in Network.Symmetry.
type Symmetry struct {
	// Sets are the scalar sets reduced.
	Sets []*ScalarSet
	// Off says, for each scalar set left unreduced that the state
	// depends on, why (plain words, naming the set and the construct).
	// Reduction stays sound: an unreduced set is simply not permuted.
	Off []string
}

// ScalarSet is a scalar set whose value permutations are automorphisms
// of the network.
type ScalarSet struct {
	Name string // the typedef's name, or "scalar[n]"
	Size int32
	// Procs[v] are the processes value v owns: those instantiated with v
	// for their template's parameter of the set. Every value owns as
	// many, in matching order: Procs[v][k] and Procs[w][k] are instances
	// of one template that (v w) exchanges.
	Procs [][]int32
	// Values are the state slots (indices into Network.Vars) holding
	// values of the set, which a permutation relabels.
	Values []int32
	// Pointers are the Values that belong to no value of the set (a
	// global variable of the set, say): which value each one holds
	// orders the values.
	Pointers []int32
	// KeyVars[v] are the state slots, not holding values of the set,
	// that belong to v alone (locals of its processes, entries at v of
	// arrays indexed by the set), and KeyValues[v] those that hold
	// values of the set; KeyClocks[v] likewise for clocks. Each list is
	// aligned across values: (v w) exchanges KeyVars[v][k] and
	// KeyVars[w][k]. They order the values when states are brought to a
	// representative of their orbit.
	KeyVars, KeyValues, KeyClocks [][]int32
	// Swaps[v] is what the transposition (v v+1) exchanges; these
	// generate every permutation of the set.
	Swaps []Swap
	// selects[p][e] lists, per select binding of edge e of process p, 1
	// when it ranges over this set, 0 otherwise (nil when the edge has
	// no binding of the set).
	selects [][][]bool
}

// Swap is what a transposition of a scalar set's values exchanges: pairs
// of processes (their locations), of state slots and of clocks. The
// relabelling of ScalarSet.Values comes on top.
type Swap struct {
	Procs  [][2]int32
	Vars   [][2]int32
	Clocks [][2]int32
}

// SelectSet reports whether select binding k of edge e of process p
// ranges over s: a permutation relabels its value in a transition.
func (s *ScalarSet) SelectSet(p, e, k int) bool {
	sel := s.selects[p][e]
	return sel != nil && sel[k]
}

// Symmetry works out the scalar sets of n that symmetry reduction may
// permute (see the type's documentation). It is computed anew on each
// call. A projection (Network.Project) keeps no declarations to read and
// has none.
func (n *Network) Symmetry() *Symmetry {
	sym := &Symmetry{}
	if n.global == nil || slices.ContainsFunc(n.Processes, func(p *Process) bool { return p.scope == nil }) {
		return sym
	}
	a := newSymAnalysis(n)
	for _, set := range a.sets {
		s, why := a.scalarSet(set)
		if why != "" {
			sym.Off = append(sym.Off, fmt.Sprintf("scalar set %s: %s", setName(set), why))
			continue
		}
		if s != nil {
			sym.Sets = append(sym.Sets, s)
		}
	}
	return sym
}

// symObject is one object of the model that takes storage: a variable,
// clock or channel (arrays and structs whole), or a constant aggregate.
type symObject struct {
	name  string
	t     *typ
	space ir.Space
	off   int32
	owner int32 // process index; −1 for a global object
}

// symAnalysis is what every set's analysis reads: the objects in a
// fixed order, the processes' sets, the scalar constants.
type symAnalysis struct {
	n       *Network
	objects []symObject
	// local[p] maps a name of process p's own objects and constants to
	// its symbol.
	procSet []*procSet // the set each process comes from (nil: none)
	procIdx []int      // its index in that set
	sets    []*scalarSet
	// constScalars are global scalar constants: fixed values.
	constScalars []*symbol
}

func newSymAnalysis(n *Network) *symAnalysis {
	a := &symAnalysis{n: n, procSet: make([]*procSet, len(n.Processes)), procIdx: make([]int, len(n.Processes))}
	seen := map[*scalarSet]bool{}
	note := func(t *typ) {
		for _, s := range setsOf(t, nil) {
			if !seen[s] {
				seen[s] = true
				a.sets = append(a.sets, s)
			}
		}
	}
	for sc := n.global; sc != nil; sc = sc.parent {
		for _, s := range sortedSymbols(sc) {
			switch {
			case s.kind == symVar && s.addr != nil && s.addr.Static():
				a.objects = append(a.objects, symObject{s.name, s.t, s.addr.Space, s.addr.Off, -1})
				note(s.t)
			case s.kind == symConst && s.addr != nil:
				a.objects = append(a.objects, symObject{s.name, s.t, ir.Pool, s.addr.Off, -1})
				note(s.t)
			case s.kind == symConst && s.t.kind == kScalar:
				a.constScalars = append(a.constScalars, s)
			}
		}
	}
	names := make([]string, 0, len(n.sets))
	for name := range n.sets {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		ps := n.sets[name]
		for _, t := range ps.dims {
			note(t)
		}
		for i, p := range ps.procs {
			if p != nil {
				a.procSet[p.Index], a.procIdx[p.Index] = ps, i
			}
		}
	}
	for _, p := range n.Processes {
		for _, s := range sortedSymbols(p.scope) {
			if s.kind == symVar && !s.param && s.addr != nil && s.addr.Static() {
				a.objects = append(a.objects, symObject{s.name, s.t, s.addr.Space, s.addr.Off, int32(p.Index)})
				note(s.t)
			}
		}
	}
	slices.SortStableFunc(a.objects, func(x, y symObject) int {
		return cmp.Or(cmp.Compare(x.space, y.space), cmp.Compare(x.off, y.off))
	})
	return a
}

// sortedSymbols returns the symbols of sc in the order of their names.
func sortedSymbols(sc *scope) []*symbol {
	out := make([]*symbol, 0, len(sc.syms))
	for _, s := range sc.syms {
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y *symbol) int { return cmp.Compare(x.name, y.name) })
	return out
}

// setsOf appends the scalar sets t mentions (values and indices).
func setsOf(t *typ, out []*scalarSet) []*scalarSet {
	switch t.kind {
	case kScalar:
		return append(out, t.set)
	case kArray:
		if t.index.kind == kScalar {
			out = append(out, t.index.set)
		}
		return setsOf(t.elem, out)
	case kStruct:
		for _, f := range t.fields {
			out = setsOf(f.t, out)
		}
	}
	return out
}

// setName names a scalar set for messages.
func setName(s *scalarSet) string {
	if s.name != "" {
		return s.name
	}
	return "scalar[…]"
}

// maxSymmetric bounds the values of a reduced set: a state's
// representative is found by sorting its values, and a trace records
// the permutation with every transition.
const maxSymmetric = 1024

// scalarSet analyses one set: nil when it has fewer than two values,
// else the set or why it stays unreduced.
func (a *symAnalysis) scalarSet(set *scalarSet) (*ScalarSet, string) {
	size := a.sizeOf(set)
	switch {
	case size < 2:
		return nil, ""
	case size > maxSymmetric:
		return nil, fmt.Sprintf("more than %d values", maxSymmetric)
	}
	for _, c := range a.constScalars {
		if c.t.set == set {
			return nil, fmt.Sprintf("the constant '%s' holds one value of the set", c.name)
		}
	}
	s := &ScalarSet{Name: setName(set), Size: size}
	w := &symWalk{a: a, set: set, s: s}
	if why := w.owners(); why != "" {
		return nil, why
	}
	s.Swaps = make([]Swap, size-1)
	for v := range size - 1 {
		m, why := w.transposition(v, v+1)
		if why != "" {
			return nil, why
		}
		s.Swaps[v] = m.swap()
	}
	w.values()
	if why := w.keys(); why != "" {
		return nil, why
	}
	w.selectSets()
	if why := w.receivers(); why != "" {
		return nil, why
	}
	return s, ""
}

// sizeOf returns the number of values of set, read from a type that
// mentions it.
func (a *symAnalysis) sizeOf(set *scalarSet) int32 {
	var size int32
	var find func(t *typ)
	find = func(t *typ) {
		switch t.kind {
		case kScalar:
			if t.set == set {
				size = t.hi + 1
			}
		case kArray:
			find(t.index)
			find(t.elem)
		case kStruct:
			for _, f := range t.fields {
				find(f.t)
			}
		}
	}
	for _, o := range a.objects {
		find(o.t)
	}
	for _, ps := range a.n.sets {
		for _, t := range ps.dims {
			find(t)
		}
	}
	return size
}
