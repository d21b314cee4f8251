// Symmetry reduction in a check: when it applies, the space it searches,
// and its traces mapped back to the network.

package verify

import (
	"fmt"
	"slices"
	"strings"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// SymmetryInfo says how symmetry reduction took part in a check.
type SymmetryInfo struct {
	// Sets are the scalar sets reduced, as "pid_t (10 values)".
	Sets []string
	// Off says why scalar sets of the model were not reduced: the
	// option, the query's kind, or what tells a set's values apart.
	Off []string
	// Orbit is, when more than 1, the number of states of the initial
	// state's orbit over which the heuristic's estimate was taken (see
	// orbitEstimate).
	Orbit int
}

// String says in a line what Sets, Off and Orbit say: "pid_t (10
// values)", "id_t (4 values), estimates over the initial state's 4
// images", "off: liveness queries are checked without it", or "" when
// the model has no scalar set that symmetry reduction could have used.
func (s SymmetryInfo) String() string {
	if s.Orbit > 1 {
		t := s
		t.Orbit = 0
		t.Sets = slices.Clone(s.Sets)
		t.Sets[len(t.Sets)-1] += fmt.Sprintf(", estimates over the initial state's %d images", s.Orbit)
		return t.String()
	}
	switch {
	case len(s.Sets) > 0 && len(s.Off) > 0:
		return fmt.Sprintf("%s; not %s", strings.Join(s.Sets, ", "), strings.Join(s.Off, ", "))
	case len(s.Sets) > 0:
		return strings.Join(s.Sets, ", ")
	case len(s.Off) > 0:
		return "off: " + strings.Join(s.Off, ", ")
	}
	return ""
}

// symmetryUnused says why the scalar sets of n, if it has any, are not
// used by a check.
func symmetryUnused(n *model.Network, why string) SymmetryInfo {
	sym := n.Symmetry()
	if len(sym.Sets) == 0 && len(sym.Off) == 0 {
		return SymmetryInfo{}
	}
	return SymmetryInfo{Off: []string{why}}
}

// symmetricSpace returns the space a reachability check searches: g's
// Expander, or, unless opts turn it off, one that keeps a representative
// of each orbit under the permutations of the model's scalar sets
// (nil when there are none to permute). The goal of a query is
// invariant under them: scalar values have no literals, so a formula
// names the processes of a set only through quantifiers.
//
// With a heuristic h (nil for none) whose estimates hold only on states
// reachable from the initial state, it also replaces sopts.Heuristic by
// the least estimate over the initial state's orbit (orbitEstimate), or
// leaves symmetry reduction off when that orbit has more than
// maxInitialOrbit states.
func symmetricSpace(g *zone.Graph, opts Options, h heuristic.Heuristic, sopts *search.Options, res *Result) (lazySpace, *zone.Symmetric, error) {
	if opts.NoSymmetry {
		res.Symmetry = symmetryUnused(g.Network(), "turned off")
		return g.NewExpander(), nil, nil
	}
	sym := g.Network().Symmetry()
	sets, off := g.SymmetricSets(sym)
	res.Symmetry.Off = append(sym.Off, off...)
	if len(sets) == 0 {
		return g.NewExpander(), nil, nil
	}
	if h != nil && !h.Info().AnyState {
		orbit, err := g.InitialOrbit(sets, maxInitialOrbit)
		switch {
		case err != nil:
			return nil, nil, err
		case orbit == nil:
			why := fmt.Sprintf("the initial state has more than %d images under the permutations of the scalar sets, too many to take %s's estimate over", maxInitialOrbit, h.Info().Name)
			res.Symmetry = SymmetryInfo{Off: append(res.Symmetry.Off, why)}
			return g.NewExpander(), nil, nil
		case orbit.Len() > 1:
			sopts.Heuristic = newOrbitEstimate(g, orbit, sopts.Heuristic).estimate
			res.Symmetry.Orbit = orbit.Len()
		}
	}
	for _, s := range sets {
		res.Symmetry.Sets = append(res.Symmetry.Sets, fmt.Sprintf("%s (%d values)", s.Name, s.Size))
	}
	s := g.NewSymmetric(sets)
	return s, s, nil
}

// maxInitialOrbit bounds the states of the initial state's orbit over
// which an estimate is taken: each estimate costs that many.
const maxInitialOrbit = 256

// orbitEstimate is the estimate of a heuristic whose guarantees hold
// only on states reachable from the initial state s0 (pdb, mas, pa:
// heuristic.Info.AnyState unset), for the representatives of a
// symmetric search: the least of its estimates on π⁻¹(c) over the
// states π(s0) of s0's orbit (zone.InitialOrbit).
//
// Why: a representative c of a state reachable from s0 is reachable
// from some π(s0), not always from s0 itself, and the heuristic, which
// explored or collected values from s0 alone, calls most such states
// dead ends (issue 29: on the scalar train-gate every one of the 384
// representatives outside what s0 reaches). For the right π, π⁻¹(c) is
// reachable from s0 and its estimate holds; its distance to the goal is
// c's, the goal being invariant. The least over the orbit is then
// admissible where the heuristic is, and infinite only when every
// preimage's estimate is, that π⁻¹(c)'s included: c is a dead end. It
// need not be consistent: core/search's A* reopens states and needs
// admissibility only.
//
// Every directed order prunes on an infinite estimate, so greedy search
// was no safer than A*: on the train-gate it too pruned 4
// representatives that reach the goal. Whether a search still meets a
// parent of a goal state with a finite estimate (the goal is checked
// when a state is generated, before its estimate) depends on the states
// it keeps: the zones (A*'s depth proviso, CoverRequiresSmallerDepth,
// keeps others than greedy search) and the representatives, which are
// not unique and depend on the zone (zone.Symmetric's sort reads clock
// bounds). Greedy search met one; A* pruned 16 and exhausted the rest:
// "not satisfied". BFS and DFS read no estimate.
type orbitEstimate struct {
	orbit *zone.InitialOrbit
	h     func(d []int32, z *dbm.DBM) (int32, bool)
	d     []int32
	z     *dbm.DBM
}

func newOrbitEstimate(g *zone.Graph, orbit *zone.InitialOrbit, h func([]int32, *dbm.DBM) (int32, bool)) *orbitEstimate {
	return &orbitEstimate{orbit: orbit, h: h, d: make([]int32, g.DiscreteLen()), z: dbm.New(g.Dim())}
}

// estimate returns the least estimate over the orbit's preimages of
// (d, z); see search.Options.Heuristic.
func (o *orbitEstimate) estimate(d []int32, z *dbm.DBM) (int32, bool) {
	best, inf := int32(0), true
	for k := range o.orbit.Len() {
		copy(o.d, d)
		o.z.CopyFrom(z)
		o.orbit.Preimage(k, o.d, o.z)
		h, hinf := o.h(o.d, o.z)
		if !hinf && (inf || h < best) {
			best, inf = h, false
			if h == 0 {
				break
			}
		}
	}
	return best, inf
}

// unfold maps a trace of representatives back to the processes and
// values of the network (see zone.Unfolder); the steps are rewritten in
// place.
func unfold(s *zone.Symmetric, trace []search.Step) error {
	u := s.Unfolder()
	for k := range trace {
		st := &trace[k]
		label, err := u.Step(st.Label, st.Discrete, st.Zone)
		if err != nil {
			return err
		}
		st.Label = label
	}
	return nil
}
