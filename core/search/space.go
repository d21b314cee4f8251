// The interface between the search and the symbolic state space it explores.

package search

import "beeline/core/dbm"

// Space is a symbolic state space. A state is a discrete part — a slice of
// fixed length DiscreteLen: process locations, then variables, as the
// implementation lays them out — and a zone, a closed non-empty DBM of
// dimension Dim. core/zone implements Space for a network of timed
// automata; the tests implement small ones.
type Space interface {
	// DiscreteLen returns the length of every discrete part.
	DiscreteLen() int

	// Dim returns the DBM dimension: the number of clocks plus one for
	// the reference clock.
	Dim() int

	// Initial writes the initial state into d (of length DiscreteLen) and
	// z (of dimension Dim). It returns ok=false when the initial state is
	// empty (its invariant fails); then the state space is empty.
	Initial(d []int32, z *dbm.DBM) (ok bool, err error)

	// Successors calls yield once for each successor of (d, z), stopping
	// early when yield returns false. d and z belong to the caller and
	// must not be modified. The arguments of yield are only valid during
	// that call: the search copies what it keeps. label is an opaque
	// description of the transition (core/zone encodes processes, edges
	// and select values in it); the search only stores it for traces.
	// Successor zones must be closed; an empty one (dbm's IsEmpty) is
	// ignored.
	//
	// A non-nil error (for example a run-time error of the model on some
	// path) stops the search, which reports it.
	Successors(d []int32, z *dbm.DBM, yield func(label []int32, d2 []int32, z2 *dbm.DBM) bool) error
}

// Goal tells target states, as for E<> φ. It reports whether (d, z)
// intersects the target: the zone may lie partly inside φ, and the query
// layer decides how to test that. Goal must be monotone under inclusion —
// if it holds for (d, z) it holds for (d, z') whenever z ⊆ z' — because the
// search checks only the states it stores, and a discarded state's zone is
// included in a stored one that was checked. Intersection is monotone. The
// arguments are only valid during the call.
type Goal func(d []int32, z *dbm.DBM) bool

// Interrupter is implemented by a Space whose computations may run long
// by themselves: core/zone's, whose guards and updates call the model's
// functions, loops and all. Run hands it stop before searching (and nil
// after): the Space calls stop now and then during a long computation
// and, when it reports true, abandons the computation and returns an
// error from Initial or Successors. Run then ends with the reason stop
// saw (ReasonTime, ReasonCancelled), not with that error.
//
// stop is also how the search's memory budget reaches into the
// computation: it reports true when the memory counted (the Space's
// scratch included, see Scratcher) passes Options.MaxMemory, and Run
// then ends with ReasonMemory.
type Interrupter interface {
	SetInterrupt(stop func() bool)
}

// Scratcher is implemented by a Space whose scratch of successor
// computation may grow large (core/zone's, for a state with many
// enabled edges or, under priorities, many transitions): ScratchBytes
// returns the memory it holds now, which a memory budget counts.
type Scratcher interface {
	ScratchBytes() int64
}
