// Enum: the odometer over slot values and open select bindings.

package fire

import (
	"slices"

	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// An Enum walks the valuations of some slots over their domains and of
// the select bindings that a label leaves open, the last dimension
// turning fastest. Build it with Firer.Enum, then Slot and Selects in
// the order the dimensions should turn; walk it with Next.
type Enum struct {
	// Sels holds, per edge, its select values in the current
	// valuation: the label's when it fixes them, else the enumerated
	// ones.
	Sels  [][]int32
	edges []*model.Edge
	dims  []dim
	pick  []int
	size  int64  // valuations so far: the product of the dimensions' sizes
	open  []bool // per edge: its label leaves its select values open
	empty bool   // an open binding has an empty range: nothing fires
	begun bool
	// selBuf holds the select values of the open edges, Sels's backing.
	selBuf []int32
}

// dim is one dimension: a slot (pos ≥ 0, loaded at dst[pos]) over vals,
// or select binding bind of edge edge over lo, lo+1, …, lo+n−1.
type dim struct {
	pos        int32
	vals       []int32
	edge, bind int
	lo         int32
	n          int
}

// Enum returns the enumeration of edges with no dimension yet: their
// select values are the label's (Sel) or, for an edge whose label
// leaves them open, to be added by Selects. The Firer hands out one
// enumeration, its buffers reused: it is valid until the next call of
// Enum (the enumerations of a precomputation never nest).
func (f *Firer) Enum(edges []labels.EdgeRef) *Enum {
	en := &f.enum
	open := 0
	for _, r := range edges {
		if r.Sel == nil {
			open += len(f.Net.Processes[r.Proc].Edges[r.Edge].Select)
		}
	}
	*en = Enum{Sels: en.Sels[:0], edges: en.edges[:0], dims: en.dims[:0], pick: en.pick[:0],
		open: en.open[:0], selBuf: slices.Grow(en.selBuf[:0], open)[:open], size: 1}
	clear(en.selBuf)
	next := 0
	for _, r := range edges {
		e := f.Net.Processes[r.Proc].Edges[r.Edge]
		en.edges = append(en.edges, e)
		sel := r.Sel
		if sel == nil {
			sel = en.selBuf[next : next+len(e.Select) : next+len(e.Select)]
			next += len(e.Select)
		}
		en.Sels = append(en.Sels, sel)
		en.open = append(en.open, r.Sel == nil)
	}
	return en
}

// Slot adds a dimension: the value at position pos (a slot, loaded into
// Env.Vars, or any index of the slice Load fills) over vals. It reports
// false when vals is wide (nil) or the enumeration would pass MaxEnum
// valuations; the caller then follows the transition coarsely. On an
// empty enumeration it does nothing and reports true.
func (en *Enum) Slot(pos int32, vals Domain) bool {
	if en.empty {
		return true
	}
	if vals == nil || !en.grow(int64(len(vals))) {
		return false
	}
	en.dims = append(en.dims, dim{pos: pos, vals: vals, n: len(vals)})
	return true
}

// Selects adds a dimension per open select binding of edge i, in order;
// an edge whose label fixes its select values adds none. It reports
// false when the enumeration would pass MaxEnum valuations. A binding
// with an empty range makes the enumeration empty: the edge never
// fires, Next reports false at once, and further dimensions are not
// added.
func (en *Enum) Selects(i int) bool {
	if en.empty || !en.open[i] {
		return true
	}
	for k, b := range en.edges[i].Select {
		n := int64(b.Hi) - int64(b.Lo) + 1
		if n <= 0 {
			en.empty = true
			return true
		}
		if !en.grow(n) {
			return false
		}
		en.Sels[i][k] = b.Lo
		en.dims = append(en.dims, dim{pos: -1, edge: i, bind: k, lo: b.Lo, n: int(n)})
	}
	return true
}

// grow multiplies the size by n, reporting false past MaxEnum. The size
// saturates just past MaxEnum, so that a long product never wraps round
// to a small number (256 values in each of 8 dimensions make 2^64).
func (en *Enum) grow(n int64) bool {
	en.size = min(en.size*n, MaxEnum+1)
	return en.size <= MaxEnum
}

// Empty reports whether an open binding's empty range leaves nothing to
// enumerate.
func (en *Enum) Empty() bool { return en.empty }

// Next advances to the next valuation, the first on the first call; it
// reports false after the last. Between calls Sels holds the
// valuation's select values and Load writes its slot values.
func (en *Enum) Next() bool {
	switch {
	case en.empty:
		return false
	case !en.begun:
		en.begun = true
		en.pick = slices.Grow(en.pick[:0], len(en.dims))[:len(en.dims)]
		clear(en.pick)
		return true
	}
	for k := len(en.dims) - 1; k >= 0; k-- {
		d := &en.dims[k]
		en.pick[k]++
		if en.pick[k] < d.n {
			d.selectAt(en, en.pick[k])
			return true
		}
		en.pick[k] = 0
		d.selectAt(en, 0)
	}
	return false
}

// selectAt puts the k-th value of a select dimension into Sels.
func (d *dim) selectAt(en *Enum, k int) {
	if d.pos < 0 {
		en.Sels[d.edge][d.bind] = d.lo + int32(k)
	}
}

// Load writes the current value of each slot dimension at its position
// in dst.
func (en *Enum) Load(dst []int32) {
	for k := range en.dims {
		if d := &en.dims[k]; d.pos >= 0 {
			dst[d.pos] = d.vals[en.pick[k]]
		}
	}
}
