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
// Options.Select (the parameter select=, default dprc) picks dprc, the
// Russian doll (rd: what a relaxed plan of hU from the initial state
// mentions) or the full pattern (full: the exact distance, for tests and
// small models). dprc (Heuristic.dprc, the paper's Fig. 3) starts from
// the full pattern less the clocks that occur only in lower bounds
// (Proposition 4) and the safe processes and variables (Proposition 6).
// If a trial builds that database within its work it drops, one at a
// time, each clock whose removal keeps the initial state's abstract
// distance (Proposition 3). Otherwise it drops every process and variable
// whose removal keeps hU of the initial state (relatively accurate
// abstractions, Definition 4) and keeps the sources of the assignments to
// what is left; failing a trial, the same with hL; failing that, the
// pattern without clocks, adding back one at a time those that raise the
// initial distance; and last the Russian doll. A trial explores the
// abstraction exhaustively, where the paper searches for the error only:
// the database needs the whole abstract state space.
//
// Where the relaxed test drops parts that the error trace needs, dprc
// grows the pattern again from its abstraction's counterexamples
// (Heuristic.refine, after Rovner, Sievers and Helmert, ICAPS 2019): a
// greedy search of the network guided by the trial database, of at most
// 20,000 states, shows which dropped processes, variables and clocks the
// abstraction wrongly ignores, and a larger pattern is kept when its
// database builds within a trial's work. It refines every pattern but the
// first and the Russian doll.
//
// # Limits
//
// dprc's patience is work, not time: a trial may spend Options.TrialWork
// work units (DefaultTrialWork; StepWork says what a unit counts), and
// the clock refinements and the pattern refinement stop, keeping what
// they have, once the trials together spent SelectionRounds times as
// much. The pattern, and so the table, depends on the network, the
// target and the options only, never on the machine's speed or load.
// Every database, trial or final, stops at Options.Limits
// (DefaultMaxStates abstract states, DefaultMaxBytes of memory) with
// ErrBudget, and at the context's deadline, which fails the
// precomputation (never leaving a smaller table); the exploration and the
// refinement's walk look at it every few milliseconds and the model's
// long computations poll it (reading the clock, since under js/wasm the
// context's timer cannot fire meanwhile). An abstract state that reaches no target
// but a failing transition gets a large finite distance, never infinity.
//
// # The table
//
// Table encodes the database with msgpack in heuristic's envelope
// (Format, kind "pdb"), groups sorted by their key so that equal inputs
// give equal bytes, with the fingerprints of the network and the target
// (heuristic.NetworkPrint, TargetPrint) and the selection; Load refuses a
// table made for anything else and checks every group's key, zones and
// distances. Estimates read the zone (Info.UsesZone), so heuristic.Cache
// never holds them.
package pdb
