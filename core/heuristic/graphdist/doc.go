// Package graphdist implements the graph-distance heuristics dL and dU of
// Edelkamp, Leue and Lluch-Lafuente ("Directed explicit-state model
// checking in the validation of communication protocols", STTT 2004), as
// Kupferschmid, Hoffmann, Dierks and Behrmann use them for timed automata
// ("Adapting an AI Planning Heuristic for Directed Model Checking", SPIN
// 2006, §1).
//
// For a process i with target locations T(i), d(i) is the number of edges
// on a shortest path of i's automaton from its current location to a
// location of T(i), with all guards, synchronisations and clocks ignored;
// d(i) = 0 when the target says nothing about i. Then
//
//	dL = max_i d(i)    admissible and consistent: a transition moves each
//	                   process at most one edge, so no d(i) drops by more
//	                   than one;
//	dU = Σ_i d(i)      not admissible (a synchronisation moves two
//	                   processes at once), often a sharper guide.
//
// A target in disjunctive normal form (heuristic.Target) takes the least
// value over its conjuncts. When some d(i) is infinite — the automaton has
// no path to T(i) at all — no transition sequence reaches the conjunct, so
// an infinite estimate is a true dead end for both heuristics.
//
// # Precomputation and its table
//
// Precompute runs one backward breadth-first search per (conjunct, process)
// over the reversed edges of the process, O(L + E) each, and stores the
// distances as int32 per location (-1: unreachable). Estimate is then a
// table lookup per constrained process. The table is encoded with msgpack
// in heuristic's envelope (Format, kind "graphdist") together with a
// fingerprint of what the distances depend on: each automaton's locations
// and edges, and the target's location sets. Load refuses a table whose
// fingerprint differs and checks every row (one distance per location,
// 0 at the target locations). Both estimates hold on any state
// (Info.AnyState), read the discrete part only, and are cached by
// heuristic.Cache in core/verify.
package graphdist
