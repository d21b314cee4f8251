// The hL and hU heuristics.

package relax

import (
	"cmp"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
)

// Mode selects hL or hU.
type Mode uint8

const (
	// Lower is hL: the number of ATG layers until the target holds.
	Lower Mode = iota
	// Upper is hU: the length of a relaxed plan extracted from the ATG.
	Upper
)

// Heuristic is hL or hU for a network and a target. It has no
// precomputation (the abstract network is compiled by New).
type Heuristic struct {
	heuristic.NoTable
	mode    Mode
	trivial bool
	g       *atg
	pl      *planner
}

// New returns hL (Lower) or hU (Upper) for target t of n.
func New(n *model.Network, t *heuristic.Target, mode Mode) *Heuristic {
	h := &Heuristic{mode: mode, trivial: t.Trivial()}
	h.g = newATG(compileNet(n), t)
	if mode == Upper {
		h.pl = newPlanner(h.g)
	}
	return h
}

// Info names the heuristic.
func (h *Heuristic) Info() heuristic.Info {
	if h.mode == Upper {
		return heuristic.Info{Name: "hu", AnyState: true}
	}
	return heuristic.Info{Name: "hl", Admissible: true, AnyState: true}
}

// PlanEdges returns the model edges, as (process, edge index) pairs, of
// a relaxed plan from d to the target (Upper only: hU's plan); ok is
// false when the relaxation does not reach the target.
func (h *Heuristic) PlanEdges(d []int32) (edges [][2]int32, ok bool) {
	if h.pl == nil {
		return nil, false
	}
	k, conj, ok := h.g.build(d)
	if !ok || conj < 0 || k == 0 {
		return nil, ok
	}
	h.pl.extract(conj)
	seen := map[[2]int32]bool{}
	for key := range h.pl.selected {
		e, partner := unpack(key.sup)
		for _, ei := range [2]int32{e, partner} {
			if ei < 0 {
				continue
			}
			ed := &h.g.a.edges[ei]
			seen[[2]int32{ed.proc, ed.index}] = true
		}
	}
	for k := range seen {
		edges = append(edges, k)
	}
	slices.SortFunc(edges, func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return edges, true
}

// Estimate builds the ATG from d (clocks are ignored) and returns its
// layer count (hL) or the length of a relaxed plan (hU, at least the
// layer count); inf when the ATG reaches a fixpoint without the target.
func (h *Heuristic) Estimate(d []int32, _ *dbm.DBM) (int32, bool) {
	if h.trivial {
		return 0, false
	}
	k, conj, ok := h.g.build(d)
	switch {
	case !ok:
		return 0, true
	case h.mode == Lower || conj < 0 || k == 0:
		return k, false
	}
	return max(h.pl.extract(conj), k), false
}
