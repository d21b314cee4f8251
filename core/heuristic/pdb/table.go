// The database as bytes: msgpack, deterministic, with what it was made
// for.

package pdb

import (
	"fmt"
	"slices"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/unpack"
)

// FormatVersion is the version of the table encoding; a table of another
// version is refused.
const FormatVersion = 1

// Table is the encoded form of a pattern database. Groups are sorted by
// key, so that the same network, target and options give the same bytes.
type Table struct {
	Version int `msgpack:"version"`
	// Network and Target fingerprint what the table was made for;
	// Options says how (the selection).
	Network string `msgpack:"network"`
	Target  string `msgpack:"target"`
	Options string `msgpack:"options"`
	// Pattern is the kept processes, slots and clocks.
	Procs  []bool  `msgpack:"procs"`
	Vars   []bool  `msgpack:"vars"`
	Clocks []bool  `msgpack:"clocks"`
	Dim    int     `msgpack:"dim"`
	Keep   []int32 `msgpack:"keep"`
	Groups []Group `msgpack:"groups"`
}

// Group is the abstract states of one projected discrete part: Key holds
// its kept positions' values, Zones the zones (dim² bounds each), Dist
// their distances (Inf for none).
type Group struct {
	Key   []int32     `msgpack:"k"`
	Zones []dbm.Bound `msgpack:"z"`
	Dist  []int32     `msgpack:"d"`
}

// Table returns the database encoded with msgpack.
func (h *Heuristic) Table() ([]byte, error) {
	if h.db == nil {
		return nil, fmt.Errorf("the pattern database is not computed")
	}
	t := Table{
		Version: FormatVersion, Network: heuristic.NetworkPrint(h.net), Target: heuristic.TargetPrint(h.target),
		Options: h.opts.Select.String(),
		Procs:   h.pattern.Procs, Vars: h.pattern.Vars, Clocks: h.pattern.Clocks,
		Dim: h.db.dim, Keep: h.db.keep,
	}
	n := h.db.dim * h.db.dim
	for k, ids := range h.db.index {
		g := Group{Key: heuristic.DecodeKey(k)}
		for _, id := range ids {
			g.Zones = append(g.Zones, h.db.zones[int(id)*n:int(id+1)*n]...)
			g.Dist = append(g.Dist, h.db.dist[id])
		}
		t.Groups = append(t.Groups, g)
	}
	slices.SortFunc(t.Groups, func(a, b Group) int { return slices.Compare(a.Key, b.Key) })
	return heuristic.EncodeTable(&t)
}

// Load reads a table made by Table for the same network, target and
// options.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := unpack.Unmarshal(b, &t, 0); err != nil {
		return fmt.Errorf("reading the pattern database: %v", err)
	}
	if err := heuristic.MadeFor("the pattern database", t.Version, FormatVersion, t.Network, t.Target, h.net, h.target); err != nil {
		return err
	}
	if t.Options != h.opts.Select.String() {
		return fmt.Errorf("the pattern database was made with pattern selection %s, not %s", t.Options, h.opts.Select)
	}
	db, err := t.database(h.net)
	if err != nil {
		return err
	}
	h.setDB(model.Pattern{Procs: t.Procs, Vars: t.Vars, Clocks: t.Clocks}, db)
	return nil
}

// database rebuilds the lookup structure, checking the shapes.
func (t *Table) database(n *model.Network) (*db, error) {
	bad := fmt.Errorf("the pattern database is malformed")
	if len(t.Procs) != len(n.Processes) || len(t.Vars) != len(n.Vars) || len(t.Clocks) != len(n.Clocks) {
		return nil, bad
	}
	clocks := keptClocks(t.Clocks)
	if t.Dim != len(clocks) {
		return nil, bad
	}
	b := &db{dim: t.Dim, clocks: clocks, keep: t.Keep, index: map[string][]int32{}}
	nd := int32(len(n.Processes) + len(n.Vars))
	for _, k := range t.Keep {
		if k < 0 || k >= nd {
			return nil, bad
		}
	}
	sq := t.Dim * t.Dim
	var key []byte
	for _, g := range t.Groups {
		if len(g.Key) != len(t.Keep) || len(g.Zones) != sq*len(g.Dist) {
			return nil, bad
		}
		key = heuristic.AppendKey(key[:0], g.Key...)
		for i, dv := range g.Dist {
			b.index[string(key)] = append(b.index[string(key)], int32(len(b.dist)))
			b.zones = append(b.zones, g.Zones[i*sq:(i+1)*sq]...)
			b.dist = append(b.dist, dv)
		}
	}
	return b, nil
}
