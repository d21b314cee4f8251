// What precomputed tables share: fingerprints of what a table was made
// for and keys of int32 values (the envelope is in envelope.go).

package heuristic

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"

	"beeline/core/model"
)

// AppendKey appends the little-endian bytes of vals to k: the map key of
// some values of a state.
func AppendKey(k []byte, vals ...int32) []byte {
	for _, v := range vals {
		k = binary.LittleEndian.AppendUint32(k, uint32(v))
	}
	return k
}

// DecodeKey turns a key of AppendKey back into its values.
func DecodeKey(k string) []int32 {
	out := make([]int32, len(k)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32([]byte(k[4*i : 4*i+4])))
	}
	return out
}

// MadeFor checks the header of a table, what (as messages name it: "the
// pattern database") in format version, made for network and target,
// against the version this Beeline reads and the network and target it
// is loaded for.
func MadeFor(what string, version, reads int, network, target string, n *model.Network, t *Target) error {
	switch {
	case version != reads:
		return fmt.Errorf("%s has format version %d, this Beeline reads version %d: compute it again", what, version, reads)
	case network != NetworkPrint(n):
		return fmt.Errorf("%s was made for another model", what)
	case target != TargetPrint(t):
		return fmt.Errorf("%s was made for another query", what)
	}
	return nil
}

// Reports returns the report function of a precomputation: it passes
// each Progress to report and its abstract states to progress (total 0:
// unknown), each when set.
func Reports(report func(Progress), progress func(done, total int64)) func(Progress) {
	return func(p Progress) {
		if report != nil {
			report(p)
		}
		if progress != nil {
			progress(p.States, 0)
		}
	}
}

// NetworkPrint fingerprints a network, for the tables made for it: the
// model file's bytes (two models may differ in a guard's constant only),
// processes, locations, edges, slots with their ranges, clocks.
func NetworkPrint(n *model.Network) string {
	text := fnv.New64a()
	if n.FS != nil && len(n.Processes) > 0 {
		if f := n.FS.File(n.Processes[0].Pos); f != nil {
			text.Write(f.Source())
		}
	}
	w := []int32{int32(len(n.Processes)), int32(len(n.Vars)), int32(len(n.Clocks)), int32(len(n.Channels))}
	for _, p := range n.Processes {
		w = append(w, int32(len(p.Locations)), int32(len(p.Edges)), p.Initial)
		for _, e := range p.Edges {
			w = append(w, e.Src, e.Dst, int32(len(e.Select)))
		}
	}
	for _, v := range n.Vars {
		w = append(w, v.Lo, v.Hi, v.Init)
	}
	return fmt.Sprintf("%016x-%016x", text.Sum64(), Hash(w))
}

// TargetPrint fingerprints a target, for tables made for it.
func TargetPrint(t *Target) string {
	var w []int32
	for _, c := range t.Conjuncts {
		w = append(w, -1)
		for _, l := range c.Locs {
			w = append(append(w, l.Proc, int32(len(l.Locs))), l.Locs...)
		}
		for _, e := range c.Conds {
			w = exprPrint(e, w)
		}
	}
	return fmt.Sprintf("%d/%016x", len(t.Conjuncts), Hash(w))
}

func exprPrint(e *Expr, w []int32) []int32 {
	w = append(w, int32(e.Op), e.Lo, e.Hi, e.Proc, int32(e.Fn), int32(len(e.Args)))
	for _, a := range e.Args {
		w = exprPrint(a, w)
	}
	return w
}

// TableHeader opens the body of a heuristic's table: the format version
// and fingerprints of the network and target it was made for. A table
// embeds it first, so that its fields are encoded first, inline.
type TableHeader struct {
	Version int    `msgpack:"version"`
	Network string `msgpack:"network"`
	Target  string `msgpack:"target"`
}

// Header returns the header of a table in format f made for network n
// and target t.
func (f TableFormat) Header(n *model.Network, t *Target) TableHeader {
	return TableHeader{Version: f.Version, Network: NetworkPrint(n), Target: TargetPrint(t)}
}

// Check checks header h of a table in format f against the version f
// reads and the network and target the table is loaded for (MadeFor).
func (f TableFormat) Check(h TableHeader, n *model.Network, t *Target) error {
	return MadeFor(f.What, h.Version, f.Version, h.Network, h.Target, n, t)
}

// DecodeFor decodes b into v, a table in format f whose header is *h
// (a field of v), and checks that header (Check) for network n and
// target t.
func (f TableFormat) DecodeFor(b []byte, v any, h *TableHeader, n *model.Network, t *Target) error {
	if err := f.Decode(b, v); err != nil {
		return err
	}
	return f.Check(*h, n, t)
}
