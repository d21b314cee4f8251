// Package pdb is the pattern database heuristic for networks of timed
// automata (Wehrle and Kupferschmid, "Downward pattern refinement for
// timed automata", STTT; ../shared/papers/downward-pattern-refinement.txt).
//
// # The abstraction
//
// A pattern P keeps some processes, state slots and clocks. The
// projection M|P (model.Network.Project) rewrites the network on its
// resolved form so that every concrete transition has an abstract image:
// guard conjuncts that read dropped slots and constraints on dropped
// clocks go, assignments of kept slots from dropped ones become "any value
// of the range", dropped processes shrink to one location whose self-loops
// keep their effects on P, and features whose blocking a relaxed guard
// would strengthen (urgent channels, priorities, committed locations of
// dropped processes) are turned off. M|P keeps n's layout, so projecting
// a concrete state means reading its kept positions.
//
// # The database
//
// Precompute explores M|P exhaustively with the engine's own zone graph
// (zone.Options.SkipErrors: a failing abstract transition is the image of
// no successful concrete one, but may be that of a concrete run-time
// error, which ends the concrete search, so a state with one is never a
// dead end: it gets a large finite distance when it reaches no target),
// storing each abstract state once per
// inclusion-maximal zone, restricted to the kept clocks (the projection
// never constrains the others and extrapolation frees them), with the
// transitions backwards. A breadth-first search from the abstract target
// states — the target's conjuncts without what P drops — gives every
// abstract state its distance. Estimate(d, z) is the largest distance
// among the abstract states with d's projected discrete part whose zone
// includes z's restriction (the paper's Definition 2), infinite when one
// of them cannot reach the target; when none includes it, the least
// distance of those that intersect it, and infinite when none does. h is
// admissible (and consistent where a stored zone includes the concrete
// one, Proposition 1), so A* finds shortest traces, and an infinite
// estimate marks a dead end that the search may prune.
//
// # Choosing the pattern
//
// Options.Select picks dprc (the paper's Fig. 3, with exhaustive trials:
// see Heuristic.dprc), the Russian doll (what a relaxed plan of hU from
// the initial state mentions) or the full pattern. Where the paper's
// relaxed test drops parts that the error trace needs, dprc grows the
// pattern again from its abstraction's counterexamples (Heuristic.refine:
// a greedy search of the network guided by the trial database shows
// which dropped processes, variables and clocks the abstraction
// wrongly ignores). A trial's patience is work, not time: it stops at
// Options.TrialWork work units (StepWork), and the trials together at
// SelectionRounds times as much, so that the pattern and the table
// depend on the network, the target and the options only, never on the
// machine's speed or load. Trials and the final database stop at
// Options.Limits, with ErrBudget, and at the context's deadline, which
// fails the precomputation (never leaving a smaller table); the
// exploration and the refinement's walk look at it every few
// milliseconds and the model's long computations poll it (reading the
// clock, since under js/wasm the context's timer cannot fire meanwhile).
//
// # The table
//
// Table encodes the database with msgpack, groups sorted by their key so
// that equal inputs give equal bytes, with a format version and
// fingerprints of the network and the target; Load refuses a table made
// for anything else.
package pdb
