// The abstraction as bytes: msgpack, deterministic, with what it was
// made for.

package mas

import (
	"fmt"
	"slices"
	"strconv"

	"beeline/core/heuristic"
	"beeline/core/unpack"
)

// FormatVersion is the version of the table encoding; a table of another
// version is refused.
const FormatVersion = 1

// Table is the encoded form of the abstraction.
type Table struct {
	Version int `msgpack:"version"`
	// Network and Target fingerprint what the table was made for; Bound
	// is N.
	Network string      `msgpack:"network"`
	Target  string      `msgpack:"target"`
	Bound   int32       `msgpack:"bound"`
	Atoms   []AtomTable `msgpack:"atoms"`
	Nodes   []NodeTable `msgpack:"nodes"`
	Dist    []int32     `msgpack:"dist"`
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
	t := Table{Version: FormatVersion, Network: heuristic.NetworkPrint(h.net), Target: heuristic.TargetPrint(h.target),
		Bound: h.bound, Dist: h.abs.dist}
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
	return heuristic.EncodeTable(&t)
}

// Load reads a table made by Table for the same network, target and
// bound.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := unpack.Unmarshal(b, &t, 0); err != nil {
		return fmt.Errorf("reading the merge-and-shrink table: %v", err)
	}
	if err := heuristic.MadeFor("the merge-and-shrink table", t.Version, FormatVersion, t.Network, t.Target, h.net, h.target); err != nil {
		return err
	}
	if t.Bound != h.bound {
		return fmt.Errorf("the merge-and-shrink table was made with bound %d, not %d", t.Bound, h.bound)
	}
	abs, err := t.abstraction(len(h.net.Processes), len(h.net.Vars))
	if err != nil {
		return err
	}
	h.abs = abs
	return nil
}

// abstraction rebuilds the lookup structure, checking its shapes, so
// that no lookup can index out of range.
func (t *Table) abstraction(np, nv int) (*abstraction, error) {
	bad := func(why string) error { return fmt.Errorf("the merge-and-shrink table is malformed: %s", why) }
	a := &abstraction{dist: t.Dist}
	for _, at := range t.Atoms {
		w := len(at.Slots)
		if at.Proc >= 0 {
			w++
		}
		if at.Proc >= int32(np) || w == 0 && len(at.States) != 1 || w > 0 && len(at.Values) != w*len(at.States) {
			return nil, bad("atom shape")
		}
		for _, s := range at.Slots {
			if s < 0 || int(s) >= nv {
				return nil, bad("slot " + strconv.Itoa(int(s)))
			}
		}
		idx := atomIndex{proc: at.Proc, slots: at.Slots, keys: make(map[string]int32, len(at.States))}
		var key []byte
		for i, st := range at.States {
			key = heuristic.AppendKey(key[:0], at.Values[i*w:(i+1)*w]...)
			idx.keys[string(key)] = st
		}
		a.atoms = append(a.atoms, idx)
	}
	size := make([]int32, len(t.Nodes)) // states of each node
	for i, n := range t.Nodes {
		var states []int32
		if n.Atom >= 0 {
			if int(n.Atom) >= len(a.atoms) {
				return nil, bad("atom index")
			}
			for _, s := range a.atoms[n.Atom].keys {
				states = append(states, s)
			}
		} else {
			if n.Left < 0 || n.Right < 0 || int(n.Left) >= i || int(n.Right) >= i || n.NR != size[n.Right] ||
				len(n.Table) != int(size[n.Left])*int(n.NR) {
				return nil, bad("node " + strconv.Itoa(i))
			}
			states = n.Table
		}
		for _, s := range states {
			if s < -1 {
				return nil, bad("state")
			}
			size[i] = max(size[i], s+1)
		}
		a.nodes = append(a.nodes, node{atom: n.Atom, left: n.Left, right: n.Right, nr: n.NR, table: n.Table})
	}
	if len(a.nodes) > 0 && int(size[len(a.nodes)-1]) > len(a.dist) || len(a.nodes) == 0 && len(a.dist) != 1 {
		return nil, bad("distances")
	}
	return a, nil
}
