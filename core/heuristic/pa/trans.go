// The system regression runs through: the network's labels, its
// clocks, the values each slot may take, and the helpers that read
// predicates and clock constraints on a valuation.

package pa

import (
	"context"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/fire"
	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// system is a network as the regression sees it: its labels, clocks
// numbered as its compiled constraints are (back maps them to the
// document's), and the values each slot may take. Its Firer evaluates
// transitions with their source invariants as guards.
type system struct {
	*fire.Firer
	net    *model.Network
	labels []labels.Label
	keep   []bool  // processes abstracted (all for the whole network)
	back   []int32 // compiled clock → document clock
	fwd    []int32 // document clock → compiled clock (−1: not kept)
	dom    []fire.Domain
}

func newSystem(ctx context.Context, n *model.Network, keep []bool, docClocks int) (*system, error) {
	s := &system{Firer: fire.New(ctx, n), net: n, keep: keep}
	s.SourceInvariants = true
	s.fwd = make([]int32, docClocks)
	s.back = make([]int32, len(n.Clocks))
	for c := range s.fwd {
		s.fwd[c] = int32(c)
		if n.ClockMap != nil {
			s.fwd[c] = n.ClockMap[c]
		}
		if k := s.fwd[c]; k >= 0 {
			s.back[k] = int32(c)
		}
	}
	ls, err := labels.Build(n)
	if err != nil {
		return nil, err
	}
	for _, l := range ls {
		if slices.ContainsFunc(l.Edges, func(r labels.EdgeRef) bool { return keep[r.Proc] }) ||
			slices.ContainsFunc(l.Recv, func(r labels.EdgeRef) bool { return keep[r.Proc] }) {
			s.labels = append(s.labels, l)
		}
	}
	if s.dom, err = s.Domains(s.labels); err != nil {
		return nil, err
	}
	return s, nil
}

// locsOf returns the initial locations with the edges' processes at
// their sources (before) or targets.
func (s *system) locsOf(edges []labels.EdgeRef, before bool) []int32 {
	locs := slices.Clone(s.InitLocs)
	for _, r := range edges {
		e := s.net.Processes[r.Proc].Edges[r.Edge]
		locs[r.Proc] = e.Dst
		if before {
			locs[r.Proc] = e.Src
		}
	}
	return locs
}

// litTo sets in bits the literal of predicate i that holds on (locs,
// vars), both when it cannot be evaluated.
func (s *system) litTo(bits []uint64, i int, e *heuristic.Expr, locs, vars []int32) {
	v, ok := heuristic.Eval(e, locs, vars)
	switch {
	case !ok:
	case v != 0:
		setLit(bits, 2*i)
	default:
		setLit(bits, 2*i+1)
	}
}

// clockCons appends the clock constraints cs, evaluated in s.Env, to
// dst; it reports false when one can never hold (an evaluation error).
func (s *system) clockCons(dst *[]dbm.Constraint, cs []model.ClockConstraint) bool {
	for k := range cs {
		c := &cs[k]
		i, j := c.Index(s.Env)
		v := c.Value(s.Env)
		if s.Env.Err != nil {
			return false
		}
		b := dbm.LE(v)
		if c.Strict {
			b = dbm.LT(v)
		}
		*dst = append(*dst, dbm.Constraint{I: int(i), J: int(j), B: b})
	}
	return true
}

// compiledClocks maps document clocks to the system's, dropping those
// it does not keep.
func (s *system) compiledClocks(cs []int32) []int32 {
	var out []int32
	for _, c := range cs {
		if k := s.fwd[c]; k > 0 {
			out = append(out, k)
		}
	}
	return fire.SortedUnion(out)
}

func intersects(a, b []int32) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

func setLit(b []uint64, k int)      { b[k>>6] |= 1 << (k & 63) }
func hasLit(b []uint64, k int) bool { return b[k>>6]&(1<<(k&63)) != 0 }
