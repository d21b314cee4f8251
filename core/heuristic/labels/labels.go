// Package labels lists the kinds of global transition of a network:
// internal edges, binary synchronisations and broadcasts, with select
// values made part of the label where an edge has few combinations.
// The abstractions that synchronise components on them (merge-and-shrink)
// or regress through them (predicate abstraction) read this list.
package labels

import (
	"fmt"
	"slices"

	"beeline/core/model"
)

// EdgeRef is one edge, with its select values when they are part of the
// label (ground) and nil when each component tries every value itself.
type EdgeRef struct {
	Proc, Edge int32
	Sel        []int32
}

// Label is one kind of global transition: an internal edge, a binary
// synchronisation of a sender and a receiver, or a broadcast sender
// that the processes of Recv may join.
type Label struct {
	Edges []EdgeRef // the edges that take part: internal or sender first, then a binary receiver
	Recv  []EdgeRef // a broadcast's possible receivers (select values never ground)
	// Reads and Writes are the slots that any edge of the label, fixed
	// or possible receiver, may read and write (sorted).
	Reads, Writes []int32
	Meta          bool // an edge reads or writes meta variables (TouchesMeta)
}

// Limits on how finely labels are told apart. Coarser labels are sound:
// a component then tries every value itself.
const (
	// maxGround is the most select combinations of an edge that become
	// labels of their own.
	maxGround = 64
	// maxLabels bounds the labels of a network.
	maxLabels = 1 << 18
)

// instance is an edge with ground select values (or none), with the
// channels its synchronisation may name.
type instance struct {
	ref   EdgeRef
	chans []int32 // sorted; nil for an internal edge
	send  bool
	bcast bool
}

// Build lists the labels of n.
func Build(n *model.Network) ([]Label, error) {
	env := n.NewEnv()
	env.Locs, env.Vars = n.InitialState()
	var insts []instance
	for p, proc := range n.Processes {
		for _, e := range proc.Edges {
			insts = edgeInstances(n, env, int32(p), e, insts)
		}
	}
	receivers := map[int32][]int32{} // channel → binary receiving instances
	bcastRecv := map[int32][]int32{} // channel → broadcast receiving edges (one instance per edge)
	for i, in := range insts {
		if in.chans == nil || in.send {
			continue
		}
		for _, c := range in.chans {
			if in.bcast {
				bcastRecv[c] = append(bcastRecv[c], int32(i))
			} else {
				receivers[c] = append(receivers[c], int32(i))
			}
		}
	}
	var out []Label
	add := func(l Label) error {
		if len(out) >= maxLabels {
			return fmt.Errorf("the model has more than %d kinds of transition, too many for an abstraction", maxLabels)
		}
		out = append(out, finish(n, l))
		return nil
	}
	for _, in := range insts {
		switch {
		case in.chans == nil:
			if err := add(Label{Edges: []EdgeRef{in.ref}}); err != nil {
				return nil, err
			}
		case !in.send:
		case in.bcast:
			l := Label{Edges: []EdgeRef{in.ref}}
			for _, r := range matching(in.chans, bcastRecv) {
				rr := insts[r].ref
				if rr.Proc != in.ref.Proc && !slices.ContainsFunc(l.Recv, func(x EdgeRef) bool { return x.Proc == rr.Proc && x.Edge == rr.Edge }) {
					l.Recv = append(l.Recv, EdgeRef{Proc: rr.Proc, Edge: rr.Edge})
				}
			}
			if err := add(l); err != nil {
				return nil, err
			}
		default:
			for _, r := range matching(in.chans, receivers) {
				if insts[r].ref.Proc == in.ref.Proc {
					continue
				}
				if err := add(Label{Edges: []EdgeRef{in.ref, insts[r].ref}}); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// matching returns the instances of by that listen on one of chans, each
// once, in order.
func matching(chans []int32, by map[int32][]int32) []int32 {
	var out []int32
	for _, c := range chans {
		out = append(out, by[c]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// edgeInstances appends the instances of edge e of process p: one per
// select combination when there are few, else one standing for all.
func edgeInstances(n *model.Network, env *model.Env, p int32, e *model.Edge, out []instance) []instance {
	combos := 1
	for _, s := range e.Select {
		if s.Lo > s.Hi {
			return out // an empty range: the edge never fires
		}
		combos *= int(s.Hi - s.Lo + 1)
		if combos > maxGround {
			break
		}
	}
	deps := n.Deps.Edges[p][e.Index]
	base := instance{ref: EdgeRef{Proc: p, Edge: e.Index}}
	if e.Sync != nil {
		base.send, base.bcast = e.Sync.Send, e.Sync.Broadcast
		base.chans = slices.Clone(deps.Sync.Chans)
		if e.Sync.ChanFn == nil {
			base.chans = []int32{e.Sync.Chan}
		}
	}
	if len(e.Select) == 0 || combos > maxGround {
		return append(out, base)
	}
	// The channel is known per combination when its index reads no state.
	static := e.Sync != nil && e.Sync.ChanFn != nil && len(deps.Sync.ReadVars) == 0 && len(deps.Sync.ReadMeta) == 0
	sel := make([]int32, len(e.Select))
	for k, s := range e.Select {
		sel[k] = s.Lo
	}
	for {
		in := base
		in.ref.Sel = slices.Clone(sel)
		if static {
			copy(env.Sel, sel)
			env.Reset()
			c := e.Sync.ChanFn(env)
			if env.Err == nil {
				in.chans = []int32{c}
				out = append(out, in)
			}
		} else {
			out = append(out, in)
		}
		if !model.NextSelect(sel, e.Select) {
			return out
		}
	}
}

// TouchesMeta reports whether edge r writes a meta variable or reads
// one (ReadsMeta).
func TouchesMeta(n *model.Network, r EdgeRef) bool {
	return len(n.Deps.Edges[r.Proc][r.Edge].Update.WriteMeta) > 0 || ReadsMeta(n, r)
}

// ReadsMeta reports whether edge r, or the invariant of its source or
// target location, reads a meta variable. A meta variable is no part of
// the state, so what such an edge does from a state depends on what the
// search fired before: an abstraction follows it coarsely. (The
// invariants count: issue 29, where pa evaluated an invariant reading a
// meta variable with the variable's initial value and proved unreachable
// a location that breadth-first search reaches.)
func ReadsMeta(n *model.Network, r EdgeRef) bool {
	d := &n.Deps.Edges[r.Proc][r.Edge]
	if len(d.Guard.ReadMeta)+len(d.Update.ReadMeta)+len(d.Sync.ReadMeta) > 0 {
		return true
	}
	e := n.Processes[r.Proc].Edges[r.Edge]
	inv := n.Deps.Invariants[r.Proc]
	return len(inv[e.Src].ReadMeta)+len(inv[e.Dst].ReadMeta) > 0
}

// finish fills in what l's edges may read and write.
func finish(n *model.Network, l Label) Label {
	var reads, writes []int32
	note := func(r EdgeRef) {
		d := &n.Deps.Edges[r.Proc][r.Edge]
		for _, x := range []*[]int32{&d.Guard.ReadVars, &d.Sync.ReadVars, &d.Update.ReadVars} {
			reads = append(reads, *x...)
		}
		writes = append(append(writes, d.Update.WriteVars...), d.Guard.WriteVars...)
		l.Meta = l.Meta || TouchesMeta(n, r)
	}
	for _, r := range l.Edges {
		note(r)
	}
	for _, r := range l.Recv {
		note(r)
	}
	slices.Sort(reads)
	slices.Sort(writes)
	l.Reads, l.Writes = slices.Compact(reads), slices.Compact(writes)
	return l
}
