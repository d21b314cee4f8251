// The database as bytes: msgpack, deterministic, with what it was made
// for, in heuristic's envelope; loading checks every field.

package pdb

import (
	"fmt"
	"slices"
	"strings"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
)

// FormatVersion is the version of the table encoding; a table of another
// version is refused. Version 2 puts the table in heuristic's envelope,
// with a checksum.
const FormatVersion = 2

// Format is the pattern database's table format.
var Format = heuristic.TableFormat{Kind: "pdb", What: "the pattern database", Version: FormatVersion}

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
	return Format.Encode(&t)
}

// Load reads a table made by Table for the same network, target and
// options. A table damaged, cut short or not consistent in itself is
// refused and nothing of it is kept.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := Format.Decode(b, &t); err != nil {
		return err
	}
	if err := heuristic.MadeFor(Format.What, t.Version, FormatVersion, t.Network, t.Target, h.net, h.target); err != nil {
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

// database rebuilds the lookup structure, checking every field first:
// the pattern against the network, each group's key against the kept
// positions' ranges, its zones as closed non-empty DBMs of the kept
// clocks, its distances as Inf or non-negative.
func (t *Table) database(n *model.Network) (*db, error) {
	if err := t.checkPattern(n); err != nil {
		return nil, err
	}
	b := &db{dim: t.Dim, clocks: keptClocks(t.Clocks), keep: t.Keep, index: make(map[string][]int32, len(t.Groups))}
	sq := t.Dim * t.Dim
	var key []byte
	for i := range t.Groups {
		g := &t.Groups[i]
		if err := t.checkGroup(n, i, g); err != nil {
			return nil, err
		}
		key = heuristic.AppendKey(key[:0], g.Key...)
		for k, dv := range g.Dist {
			b.index[string(key)] = append(b.index[string(key)], int32(len(b.dist)))
			b.zones = append(b.zones, g.Zones[k*sq:(k+1)*sq]...)
			b.dist = append(b.dist, dv)
		}
	}
	return b, nil
}

// checkPattern checks the pattern's shape against n's, the kept
// positions against the pattern and the dimension against its clocks.
func (t *Table) checkPattern(n *model.Network) error {
	switch {
	case len(t.Procs) != len(n.Processes) || len(t.Vars) != len(n.Vars) || len(t.Clocks) != len(n.Clocks):
		return Format.Damaged("its pattern names %d processes, %d variables and %d clocks, the model has %d, %d and %d",
			len(t.Procs), len(t.Vars), len(t.Clocks), len(n.Processes), len(n.Vars), len(n.Clocks))
	case t.Dim != len(keptClocks(t.Clocks)):
		return Format.Damaged("its zones have dimension %d, its pattern keeps %d clocks", t.Dim, len(keptClocks(t.Clocks))-1)
	case !slices.Equal(t.Keep, keptPositions(n, model.Pattern{Procs: t.Procs, Vars: t.Vars})):
		return Format.Damaged("its kept positions do not match its pattern")
	}
	return nil
}

// checkGroup checks group i: its key (in order after the previous one,
// each value in its position's range), its zones and its distances.
func (t *Table) checkGroup(n *model.Network, i int, g *Group) error {
	sq := t.Dim * t.Dim
	switch {
	case len(g.Key) != len(t.Keep):
		return Format.Damaged("group %d has a key of %d values, not %d", i, len(g.Key), len(t.Keep))
	case len(g.Dist) == 0 || len(g.Zones) != sq*len(g.Dist):
		return Format.Damaged("group %d has %d bounds for %d zones of dimension %d", i, len(g.Zones), len(g.Dist), t.Dim)
	case i > 0 && slices.Compare(t.Groups[i-1].Key, g.Key) >= 0:
		return Format.Damaged("group %d is out of order or repeated", i)
	}
	for k, v := range g.Key {
		if lo, hi := positionRange(n, t.Keep[k]); v < lo || v > hi {
			return Format.Damaged("group %d has value %d at position %d, outside %d..%d", i, v, t.Keep[k], lo, hi)
		}
	}
	for k, dv := range g.Dist {
		if dv < 0 && dv != Inf {
			return Format.Damaged("group %d has distance %d", i, dv)
		}
		z := dbm.FromRaw(t.Dim, g.Zones[k*sq:(k+1)*sq])
		if z.IsEmpty() {
			return Format.Damaged("group %d has an empty zone", i)
		}
		if err := z.Check(); err != nil {
			why, _, _ := strings.Cut(strings.TrimPrefix(err.Error(), "dbm: "), "\n")
			return Format.Damaged("group %d has a zone that is not a valid DBM: %s", i, why)
		}
	}
	return nil
}

// positionRange returns the values position k of a discrete vector may
// hold: a process's locations, or a slot's range.
func positionRange(n *model.Network, k int32) (lo, hi int32) {
	if int(k) < len(n.Processes) {
		return 0, int32(len(n.Processes[k].Locations)) - 1
	}
	v := n.Vars[int(k)-len(n.Processes)]
	return v.Lo, v.Hi
}
