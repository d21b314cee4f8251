// The abstraction as bytes: msgpack, deterministic, with what it was
// made for, in heuristic's envelope; loading checks every field.

package mas

import (
	"fmt"
	"slices"

	"beeline/core/heuristic"
	"beeline/core/model"
)

// Format is the merge-and-shrink table format; a table of another
// version is refused. Version 2 put the table in heuristic's envelope,
// with a checksum.
var Format = heuristic.TableFormat{Kind: "mas", What: "the merge-and-shrink table", Version: 2}

// Table is the encoded form of the abstraction.
type Table struct {
	heuristic.TableHeader
	// Bound is N.
	Bound int32       `msgpack:"bound"`
	Atoms []AtomTable `msgpack:"atoms"`
	Nodes []NodeTable `msgpack:"nodes"`
	Dist  []int32     `msgpack:"dist"`
}

// AtomTable is one atom: its process (−1 for none) and slots, and per
// concrete state met, its values (location first) and abstract state,
// sorted by values.
type AtomTable struct {
	Proc   int32   `msgpack:"proc"`
	Slots  []int32 `msgpack:"slots"`
	Values []int32 `msgpack:"values"`
	States []int32 `msgpack:"states"`
}

// NodeTable is one node of the abstraction tree.
type NodeTable struct {
	Atom  int32   `msgpack:"atom"`
	Left  int32   `msgpack:"left"`
	Right int32   `msgpack:"right"`
	NR    int32   `msgpack:"nr"`
	Table []int32 `msgpack:"table"`
}

// Table returns the abstraction encoded with msgpack.
func (h *Heuristic) Table() ([]byte, error) {
	if h.abs == nil {
		return nil, fmt.Errorf("the merge-and-shrink abstraction is not computed")
	}
	t := Table{TableHeader: Format.Header(h.net, h.target), Bound: h.bound, Dist: h.abs.dist}
	for _, a := range h.abs.atoms {
		at := AtomTable{Proc: a.proc, Slots: a.slots}
		keys := make([]string, 0, len(a.keys))
		for k := range a.keys {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			at.Values = append(at.Values, heuristic.DecodeKey(k)...)
			at.States = append(at.States, a.keys[k])
		}
		t.Atoms = append(t.Atoms, at)
	}
	for _, n := range h.abs.nodes {
		t.Nodes = append(t.Nodes, NodeTable{Atom: n.atom, Left: n.left, Right: n.right, NR: n.nr, Table: n.table})
	}
	return Format.Encode(&t)
}

// Load reads a table made by Table for the same network, target and
// bound. A table damaged, cut short or not consistent in itself is
// refused and nothing of it is kept.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := Format.DecodeFor(b, &t, &t.TableHeader, h.net, h.target); err != nil {
		return err
	}
	if t.Bound != h.bound {
		return fmt.Errorf("the merge-and-shrink table was made with bound %d, not %d", t.Bound, h.bound)
	}
	abs, err := t.abstraction(h.net)
	if err != nil {
		return err
	}
	h.abs = abs
	return nil
}

// abstraction rebuilds the lookup structure, checking every field first,
// so that no lookup can index out of range nor read a value the
// abstraction never held: atoms against the network, nodes in tree order
// with tables of their children's sizes, distances inf or non-negative
// and one per state of the root.
func (t *Table) abstraction(n *model.Network) (*abstraction, error) {
	a := &abstraction{dist: t.Dist}
	for i := range t.Atoms {
		idx, err := t.atom(n, i)
		if err != nil {
			return nil, err
		}
		a.atoms = append(a.atoms, idx)
	}
	size := make([]int32, len(t.Nodes)) // states of each node
	for i, nd := range t.Nodes {
		states, err := t.node(a, size, i)
		if err != nil {
			return nil, err
		}
		for _, s := range states {
			if s < -1 {
				return nil, Format.Damaged("node %d has state %d", i, s)
			}
			size[i] = max(size[i], s+1)
		}
		a.nodes = append(a.nodes, node{atom: nd.Atom, left: nd.Left, right: nd.Right, nr: nd.NR, table: nd.Table})
	}
	if err := t.checkDist(size); err != nil {
		return nil, err
	}
	return a, nil
}

// atom checks atom i and returns its index: a process of n (or −1) and
// slots of n, one key of values in range per state, no key twice.
func (t *Table) atom(n *model.Network, i int) (atomIndex, error) {
	at := &t.Atoms[i]
	w := len(at.Slots)
	if at.Proc >= 0 {
		w++
	}
	switch {
	case at.Proc < -1 || at.Proc >= int32(len(n.Processes)):
		return atomIndex{}, Format.Damaged("atom %d names process %d", i, at.Proc)
	case w == 0 && (len(at.States) != 1 || len(at.Values) != 0), w > 0 && len(at.Values) != w*len(at.States):
		return atomIndex{}, Format.Damaged("atom %d has %d values for %d states of %d positions", i, len(at.Values), len(at.States), w)
	}
	for _, s := range at.Slots {
		if s < 0 || int(s) >= len(n.Vars) {
			return atomIndex{}, Format.Damaged("atom %d names slot %d", i, s)
		}
	}
	idx := atomIndex{proc: at.Proc, slots: at.Slots, keys: make(map[string]int32, len(at.States))}
	var key []byte
	for k, st := range at.States {
		vals := at.Values[k*w : (k+1)*w]
		if !inRange(n, at, vals) {
			return atomIndex{}, Format.Damaged("atom %d has values %v outside their ranges", i, vals)
		}
		key = heuristic.AppendKey(key[:0], vals...)
		idx.keys[string(key)] = st
	}
	if len(idx.keys) != len(at.States) {
		return atomIndex{}, Format.Damaged("atom %d has a state twice", i)
	}
	return idx, nil
}

// inRange reports whether vals, an atom's location then slot values, are
// in their ranges.
func inRange(n *model.Network, at *AtomTable, vals []int32) bool {
	if at.Proc >= 0 {
		if vals[0] < 0 || int(vals[0]) >= len(n.Processes[at.Proc].Locations) {
			return false
		}
		vals = vals[1:]
	}
	for k, s := range at.Slots {
		if v := n.Vars[s]; vals[k] < v.Lo || vals[k] > v.Hi {
			return false
		}
	}
	return true
}

// node checks node i against the atoms and the sizes of the nodes before
// it, and returns the states it may give: a leaf reads an atom, an inner
// node two earlier nodes through a table of their sizes' product.
func (t *Table) node(a *abstraction, size []int32, i int) ([]int32, error) {
	nd := &t.Nodes[i]
	if nd.Atom >= 0 {
		if int(nd.Atom) >= len(a.atoms) || nd.Left != -1 || nd.Right != -1 || nd.NR != 0 || len(nd.Table) != 0 {
			return nil, Format.Damaged("leaf %d is malformed", i)
		}
		var states []int32
		for _, s := range a.atoms[nd.Atom].keys {
			states = append(states, s)
		}
		return states, nil
	}
	if nd.Atom != -1 || nd.Left < 0 || nd.Right < 0 || int(nd.Left) >= i || int(nd.Right) >= i || nd.NR != size[nd.Right] ||
		int64(len(nd.Table)) != int64(size[nd.Left])*int64(nd.NR) {
		return nil, Format.Damaged("node %d does not fit its children", i)
	}
	return nd.Table, nil
}

// checkDist checks the distances: one per state of the root (the one
// distance of an abstraction without nodes), each inf or non-negative.
func (t *Table) checkDist(size []int32) error {
	switch {
	case len(size) > 0 && int(size[len(size)-1]) > len(t.Dist):
		return Format.Damaged("%d distances for %d states", len(t.Dist), size[len(size)-1])
	case len(size) == 0 && len(t.Dist) != 1:
		return Format.Damaged("%d distances without nodes, not 1", len(t.Dist))
	}
	for k, d := range t.Dist {
		if d < 0 || len(size) == 0 && d == inf {
			return Format.Damaged("state %d has distance %d", k, d)
		}
	}
	return nil
}
