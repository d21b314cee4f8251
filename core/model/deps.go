// The dependency table: what every label of the network may read and
// write, computed once from the resolved form.

package model

import "beeline/core/ir"

// Deps is the dependency table of a network (see ir.Deps for what one
// entry says). Analyses read it instead of walking labels themselves:
// the static bounds of the zone graph, the relaxation heuristics and the
// abstractions.
type Deps struct {
	// Edges[p][e] are the dependencies of edge e of process p.
	Edges [][]EdgeDeps
	// Invariants[p][l] are those of the invariant of location l of
	// process p (empty when it has none).
	Invariants [][]ir.Deps
}

// EdgeDeps are the dependencies of one edge's labels.
type EdgeDeps struct {
	Guard  ir.Deps // the integer condition and the clock constraints
	Sync   ir.Deps // the channel expression: Chans, and what its index reads
	Update ir.Deps // the assignments, with the clocks surely reset
}

func newDeps(n *Network) *Deps {
	d := &Deps{Edges: make([][]EdgeDeps, len(n.Processes)), Invariants: make([][]ir.Deps, len(n.Processes))}
	for p, proc := range n.Processes {
		d.Invariants[p] = make([]ir.Deps, len(proc.Locations))
		for l, loc := range proc.Locations {
			if loc.Invariant != nil {
				d.Invariants[p][l] = ir.GuardDeps(loc.Invariant.Src)
			}
		}
		d.Edges[p] = make([]EdgeDeps, len(proc.Edges))
		for k, e := range proc.Edges {
			ed := &d.Edges[p][k]
			if e.Guard != nil {
				ed.Guard = ir.GuardDeps(e.Guard.Src)
			}
			if e.Sync != nil {
				ed.Sync = ir.RefDeps(e.Sync.Src)
			}
			ed.Update = ir.UpdateDeps(e.Assign)
		}
	}
	return d
}
