// Firer: loading a valuation into an Env, guard and channel agreement,
// and the updates of a label's edges.

package fire

import (
	"context"
	"slices"

	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// A Firer evaluates the edges of a network's labels in one Env, and
// tells when to stop (its Poller, which the Env's Interrupt asks).
type Firer struct {
	Poller
	Net *model.Network
	// Env is where valuations are loaded and evaluated. Its Vars and
	// Locs are the Firer's own.
	Env                *model.Env
	InitLocs, InitVars []int32
	// SourceInvariants makes the integer part of each edge's source
	// invariant a guard of the edge too.
	SourceInvariants bool
	// enum is the enumeration Enum hands out, its buffers reused.
	enum Enum
}

// New returns a Firer of n that stops when ctx says so.
func New(ctx context.Context, n *model.Network) *Firer {
	f := &Firer{Poller: NewPoller(ctx), Net: n, Env: n.NewEnv()}
	// A guard or update that runs long stops with the precomputation.
	f.Env.Interrupt = func() bool { return f.Stop() != nil }
	f.InitLocs, f.InitVars = n.InitialState()
	f.Env.Locs, f.Env.Vars = slices.Clone(f.InitLocs), slices.Clone(f.InitVars)
	return f
}

// Outcome is how an evaluation of a transition ends.
type Outcome int8

// The outcomes.
const (
	Disabled Outcome = iota // a guard is false or the channels differ
	Enabled                 // every guard holds (and, for Fire, every update ran)
	Failed                  // an evaluation failed (a run-time error)
)

// Init puts the initial state into Env's Vars and Locs.
func (f *Firer) Init() {
	copy(f.Env.Vars, f.InitVars)
	copy(f.Env.Locs, f.InitLocs)
}

// AtSources puts the processes of edges at the edges' sources in Env.
func (f *Firer) AtSources(edges []labels.EdgeRef) {
	for _, r := range edges {
		f.Env.Locs[r.Proc] = f.Net.Processes[r.Proc].Edges[r.Edge].Src
	}
}

// Load is Init, en's slot values into Env.Vars, and AtSources.
func (f *Firer) Load(en *Enum, edges []labels.EdgeRef) {
	f.Init()
	en.Load(f.Env.Vars)
	f.AtSources(edges)
}

// Guards evaluates, on Env, the integer guards of edges with select
// values sels (and their source invariants, under SourceInvariants)
// and, for a synchronisation, that every edge names the same channel.
func (f *Firer) Guards(edges []labels.EdgeRef, sels [][]int32) Outcome {
	env := f.Env
	ch := int32(-1)
	for i, r := range edges {
		e := f.Net.Processes[r.Proc].Edges[r.Edge]
		copy(env.Sel, sels[i])
		env.Reset()
		if o := f.Check(e.Guard); o != Enabled {
			return o
		}
		if f.SourceInvariants {
			if o := f.Check(f.Net.Processes[r.Proc].Locations[e.Src].Invariant); o != Enabled {
				return o
			}
		}
		if e.Sync != nil && len(edges) > 1 {
			c := e.Sync.Chan
			if e.Sync.ChanFn != nil {
				if c = e.Sync.ChanFn(env); env.Err != nil {
					return Failed
				}
			}
			if i > 0 && c != ch {
				return Disabled
			}
			ch = c
		}
	}
	return Enabled
}

// Check evaluates the integer part of guard g (nil: none) on Env.
func (f *Firer) Check(g *model.Guard) Outcome {
	if g == nil || g.Int == nil {
		return Enabled
	}
	f.Env.Err = nil
	v := g.Int(f.Env)
	switch {
	case f.Env.Err != nil:
		return Failed
	case v == 0:
		return Disabled
	}
	return Enabled
}

// Updates runs the updates of edges in order, with select values sels,
// on Env, and reports whether they all succeeded. Env.Resets then holds
// the clock resets they made; after a failure, those made before it.
func (f *Firer) Updates(edges []labels.EdgeRef, sels [][]int32) bool {
	env := f.Env
	env.Reset()
	for i, r := range edges {
		e := f.Net.Processes[r.Proc].Edges[r.Edge]
		if e.Update == nil {
			continue
		}
		copy(env.Sel, sels[i])
		keep := env.Resets
		env.Err = nil
		if e.Update(env); env.Err != nil {
			env.Resets = keep
			return false
		}
	}
	return true
}

// Fire is Guards then, when they hold, Updates: Enabled when every
// guard held and every update ran.
func (f *Firer) Fire(edges []labels.EdgeRef, sels [][]int32) Outcome {
	if o := f.Guards(edges, sels); o != Enabled {
		return o
	}
	if !f.Updates(edges, sels) {
		return Failed
	}
	return Enabled
}
