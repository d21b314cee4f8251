// The dL and dU heuristics: tables of graph distances per process.

package graphdist

import (
	"context"
	"fmt"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
)

// Mode selects dL (Max) or dU (Sum).
type Mode uint8

const (
	// Max is dL: the largest distance of a process to its target.
	Max Mode = iota
	// Sum is dU: the sum of the distances.
	Sum
)

// Heuristic is dL or dU for a network and a target.
type Heuristic struct {
	mode   Mode
	net    *model.Network
	target *heuristic.Target
	tab    *Table
}

// Table is the precomputed data: per conjunct of the target, per
// constrained process, the distance from each location (-1: none).
type Table struct {
	Fingerprint string        `msgpack:"fingerprint"`
	Conjuncts   []ConjunctRow `msgpack:"conjuncts"`
}

// ConjunctRow holds the distance tables of one conjunct.
type ConjunctRow struct {
	Procs []int32   `msgpack:"procs"`
	Dist  [][]int32 `msgpack:"dist"` // Dist[k][loc] for process Procs[k]
}

// New returns dL (Max) or dU (Sum) for target t of n. Precompute or Load
// must run before Estimate.
func New(n *model.Network, t *heuristic.Target, mode Mode) *Heuristic {
	return &Heuristic{mode: mode, net: n, target: t}
}

// Info names the heuristic.
func (h *Heuristic) Info() heuristic.Info {
	if h.mode == Sum {
		return heuristic.Info{Name: "du", AnyState: true}
	}
	return heuristic.Info{Name: "dl", Admissible: true, Consistent: true, AnyState: true}
}

// Precompute computes the distance tables.
func (h *Heuristic) Precompute(ctx context.Context, progress func(done, total int64)) error {
	tab := &Table{Fingerprint: fingerprint(h.net, h.target)}
	total := int64(len(h.target.Conjuncts))
	for i, c := range h.target.Conjuncts {
		if err := ctx.Err(); err != nil {
			return err
		}
		var row ConjunctRow
		for _, ls := range c.Locs {
			row.Procs = append(row.Procs, ls.Proc)
			row.Dist = append(row.Dist, distances(h.net.Processes[ls.Proc], ls.Locs))
		}
		tab.Conjuncts = append(tab.Conjuncts, row)
		if progress != nil {
			progress(int64(i+1), total)
		}
	}
	h.tab = tab
	return nil
}

// distances is a backward breadth-first search from the locations in
// targets over the edges of p: the number of edges from each location to
// the nearest target, -1 where there is no path.
func distances(p *model.Process, targets []int32) []int32 {
	in := make([][]int32, len(p.Locations)) // predecessors
	for _, e := range p.Edges {
		in[e.Dst] = append(in[e.Dst], e.Src)
	}
	dist := make([]int32, len(p.Locations))
	for i := range dist {
		dist[i] = -1
	}
	q := make([]int32, 0, len(dist))
	for _, l := range targets {
		if dist[l] < 0 {
			dist[l] = 0
			q = append(q, l)
		}
	}
	for i := 0; i < len(q); i++ {
		v := q[i]
		for _, u := range in[v] {
			if dist[u] < 0 {
				dist[u] = dist[v] + 1
				q = append(q, u)
			}
		}
	}
	return dist
}

// fingerprint identifies a network's automata and a target, so that a
// table made for others is refused.
func fingerprint(n *model.Network, t *heuristic.Target) string {
	hash := uint64(len(n.Processes))
	for _, p := range n.Processes {
		w := []int32{int32(len(p.Locations)), int32(len(p.Edges))}
		for _, e := range p.Edges {
			w = append(w, e.Src, e.Dst)
		}
		hash = hash*31 + heuristic.Hash(w)
	}
	for _, c := range t.Conjuncts {
		for _, l := range c.Locs {
			hash = hash*31 + heuristic.Hash(append([]int32{l.Proc}, l.Locs...))
		}
		hash = hash*31 + 7
	}
	return fmt.Sprintf("graphdist/%d/%016x", len(t.Conjuncts), hash)
}

// FormatVersion is the version of the table encoding; a table of another
// version is refused. Version 1 is the first in heuristic's envelope.
const FormatVersion = 1

// Format is the format of the distance tables.
var Format = heuristic.TableFormat{Kind: "graphdist", What: "the distance tables", Version: FormatVersion}

// Table returns the distance tables encoded with msgpack.
func (h *Heuristic) Table() ([]byte, error) {
	if h.tab == nil {
		return nil, fmt.Errorf("the distance tables are not computed")
	}
	return Format.Encode(h.tab)
}

// Load reads tables encoded by Table, for the same network and target. A
// table damaged, cut short or not consistent in itself is refused.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := Format.Decode(b, &t); err != nil {
		return err
	}
	if t.Fingerprint != fingerprint(h.net, h.target) || len(t.Conjuncts) != len(h.target.Conjuncts) {
		return fmt.Errorf("the distance tables were made for another network or query")
	}
	for i := range t.Conjuncts {
		if err := h.checkRow(&t.Conjuncts[i], h.target.Conjuncts[i]); err != nil {
			return Format.Damaged("conjunct %d: %v", i, err)
		}
	}
	h.tab = &t
	return nil
}

// checkRow checks one conjunct's tables against its constrained
// processes: one table per process, one distance per location, each −1
// or non-negative, 0 at the target locations.
func (h *Heuristic) checkRow(row *ConjunctRow, c heuristic.Conjunct) error {
	if len(row.Procs) != len(c.Locs) || len(row.Dist) != len(c.Locs) {
		return fmt.Errorf("%d processes with %d tables, not %d", len(row.Procs), len(row.Dist), len(c.Locs))
	}
	for k, ls := range c.Locs {
		p, dist := row.Procs[k], row.Dist[k]
		if p != ls.Proc || len(dist) != len(h.net.Processes[p].Locations) {
			return fmt.Errorf("the table of process %d does not fit it", p)
		}
		if slices.ContainsFunc(dist, func(d int32) bool { return d < -1 }) {
			return fmt.Errorf("process %d has a negative distance", p)
		}
		for _, l := range ls.Locs {
			if dist[l] != 0 {
				return fmt.Errorf("process %d is %d from its target location %d", p, dist[l], l)
			}
		}
	}
	return nil
}

// Estimate returns the least value over the conjuncts of max (dL) or sum
// (dU) of the distances of the constrained processes; inf when every
// conjunct has a process that cannot reach its target locations. It
// panics if neither Precompute nor Load has run.
func (h *Heuristic) Estimate(d []int32, _ *dbm.DBM) (int32, bool) {
	best, found := int32(0), false
	for _, row := range h.tab.Conjuncts {
		v, ok := h.conjunct(&row, d)
		if ok && (!found || v < best) {
			best, found = v, true
		}
	}
	return best, !found
}

// conjunct aggregates one conjunct's distances; ok is false when some
// process has no path.
func (h *Heuristic) conjunct(row *ConjunctRow, d []int32) (int32, bool) {
	v := int32(0)
	for k, p := range row.Procs {
		x := row.Dist[k][d[p]]
		if x < 0 {
			return 0, false
		}
		if h.mode == Sum {
			v += x
		} else {
			v = max(v, x)
		}
	}
	return v, true
}
