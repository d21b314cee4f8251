// The heuristic: options, the precomputation's steps, and the lookup.

package mas

import (
	"context"
	"strconv"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// DefaultBound is N when Options.Bound is 0, chosen from measurements
// (see the package documentation).
const DefaultBound = 100

// MaxBound is the largest N accepted: a product of two abstractions
// has at most N² states.
const MaxBound = 2048

// Options configure the abstraction.
type Options struct {
	// Bound is N, the most states an intermediate abstraction keeps
	// (0: DefaultBound).
	Bound int
}

// Heuristic is the distance-preserving abstraction heuristic for a
// network and a target. It is admissible and consistent, and says inf of
// states from which the abstraction reaches no target state (dead ends).
type Heuristic struct {
	net    *model.Network
	target *heuristic.Target
	bound  int32
	abs    *abstraction
	vals   []int32
	key    []byte
	report func(heuristic.Progress) // see ReportTo
}

// ReportTo makes the precomputation report its progress to f: Step is
// "exploring the processes", then "composing: k of n", then "table
// built"; States counts the abstract states built so far (atoms and
// products), and at the end those of the final abstraction.
func (h *Heuristic) ReportTo(f func(heuristic.Progress)) { h.report = f }

// New returns the heuristic for target t of n. It does not precompute.
func New(n *model.Network, t *heuristic.Target, opts Options) *Heuristic {
	b := int32(opts.Bound)
	if b <= 0 {
		b = DefaultBound
	}
	return &Heuristic{net: n, target: t, bound: b}
}

// Info describes the heuristic and, once computed, its abstraction.
func (h *Heuristic) Info() heuristic.Info {
	p := map[string]string{"bound": strconv.Itoa(int(h.bound))}
	if h.abs != nil {
		p["states"] = strconv.Itoa(len(h.abs.dist))
	}
	return heuristic.Info{Name: "mas", Params: p, Admissible: true, Consistent: true}
}

// States returns the number of states of the final abstraction (after
// Precompute or Load).
func (h *Heuristic) States() int {
	if h.abs == nil {
		return 0
	}
	return len(h.abs.dist)
}

// abstraction is the result: the atoms' state indices, the tree of
// binary tables, and the distances of the final abstract states.
type abstraction struct {
	atoms []atomIndex
	nodes []node
	dist  []int32
}

// atomIndex maps an atom's concrete values to its abstract state.
type atomIndex struct {
	proc  int32
	slots []int32
	keys  map[string]int32 // −1: pruned
}

// node is a node of the abstraction tree: a leaf reads atom Atom, an
// inner node maps the states of its children Left and Right to
// Table[left·NR+right] (−1: no abstract state, a dead end).
type node struct {
	atom        int32 // −1 for an inner node
	left, right int32
	nr          int32
	table       []int32
}

// Precompute builds the abstraction. progress gets the abstract states
// built so far (total 0: unknown).
func (h *Heuristic) Precompute(ctx context.Context, progress func(done, total int64)) error {
	report := heuristic.Reports(h.report, progress)
	if h.target.Trivial() {
		h.abs = &abstraction{dist: []int32{0}}
		return nil
	}
	labels, err := labels.Build(h.net)
	if err != nil {
		return err
	}
	b := newBuilder(ctx, h.net, h.target, labels)
	report(heuristic.Progress{Step: "exploring the processes"})
	spaces, err := b.explore()
	if err != nil {
		return err
	}
	c := &composer{b: b, target: h.target, bound: h.bound, report: report, words: goalWords(h.target), unit: -1}
	abs, err := c.run(spaces)
	if err == nil {
		err = b.Stop() // an interrupted evaluation may have gone unnoticed
	}
	if err != nil {
		return err
	}
	h.abs = abs
	report(heuristic.Progress{Step: "table built", States: int64(h.States())})
	return nil
}

// Estimate returns the distance of d's abstract state, inf when the
// abstraction has none (no target state is reachable from d).
func (h *Heuristic) Estimate(d []int32, _ *dbm.DBM) (int32, bool) {
	a := h.abs
	if a == nil || len(a.nodes) == 0 {
		if a != nil && len(a.dist) == 1 {
			return a.dist[0], false
		}
		return 0, false
	}
	if len(h.vals) < len(a.nodes) {
		h.vals = make([]int32, len(a.nodes))
	}
	np := int32(len(h.net.Processes))
	for i := range a.nodes {
		nd := &a.nodes[i]
		v := int32(-1)
		if nd.atom >= 0 {
			at := &a.atoms[nd.atom]
			h.key = h.key[:0]
			if at.proc >= 0 {
				h.key = heuristic.AppendKey(h.key, d[at.proc])
			}
			for _, s := range at.slots {
				h.key = heuristic.AppendKey(h.key, d[np+s])
			}
			var ok bool
			if v, ok = at.keys[string(h.key)]; !ok {
				v = unknown
			}
		} else {
			l, r := h.vals[nd.left], h.vals[nd.right]
			switch {
			case l == -1 || r == -1:
			case l == unknown || r == unknown:
				v = unknown
			default:
				v = nd.table[l*nd.nr+r]
			}
		}
		h.vals[i] = v
	}
	root := h.vals[len(a.nodes)-1]
	switch {
	case root == unknown:
		return 0, false
	case root < 0 || a.dist[root] == inf:
		return 0, true
	}
	return a.dist[root], false
}
