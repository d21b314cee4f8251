// Symmetry reduction in a check: when it applies, the space it searches,
// and its traces mapped back to the network.

package verify

import (
	"fmt"
	"strings"

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
}

// String says in a line what Sets and Off say: "pid_t (10 values)",
// "off: liveness queries are checked without it", or "" when the model
// has no scalar set that symmetry reduction could have used.
func (s SymmetryInfo) String() string {
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
func symmetricSpace(g *zone.Graph, opts Options, res *Result) (lazySpace, *zone.Symmetric) {
	if opts.NoSymmetry {
		res.Symmetry = symmetryUnused(g.Network(), "turned off")
		return g.NewExpander(), nil
	}
	sym := g.Network().Symmetry()
	sets, off := g.SymmetricSets(sym)
	res.Symmetry.Off = append(sym.Off, off...)
	if len(sets) == 0 {
		return g.NewExpander(), nil
	}
	for _, s := range sets {
		res.Symmetry.Sets = append(res.Symmetry.Sets, fmt.Sprintf("%s (%d values)", s.Name, s.Size))
	}
	s := g.NewSymmetric(sets)
	return s, s
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
