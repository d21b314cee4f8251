// Package verify decides UPPAAL queries on a compiled network: it turns a
// query into a reachability problem on the zone graph, runs the search, and
// turns the search's outcome into UPPAAL's verdict with a diagnostic trace.
//
// # From queries to reachability
//
//	E<> φ          satisfied iff a state where φ holds is reachable; the trace
//	               is a witness.
//	A[] φ          satisfied iff no state where ¬φ holds is reachable; the
//	               trace of a violation is a counterexample.
//	A[] not deadlock
//	               A[] φ with φ = ¬deadlock: a reachable deadlock state is the
//	               counterexample.
//
// φ is a state formula over locations, integer expressions and clock
// constraints; the zone package evaluates it as a set of valuations inside
// each symbolic state, so "a state where φ holds" means a symbolic state
// whose zone meets φ. Liveness queries (E[], A<>, -->) and the statistical
// and strategy queries are recognised and answered "unknown" with the reason
// in plain words; they are never mis-checked.
//
// # Verdicts
//
// Satisfied and NotSatisfied are exact: the zone graph with LU extrapolation
// (M extrapolation when deadlock is involved) is a finite abstraction that
// preserves reachability of the states φ describes. Unknown carries the
// reason: a budget stopped the search, the search was cancelled, the query
// kind is not supported, or the model hit a run-time error (an out-of-range
// assignment, say), which UPPAAL also treats as the end of verification.
//
// # Where the search meets the zone graph
//
// This package is the one place that joins core/zone and core/search;
// zone sits below search and does not import it. Check builds one
// zone.Graph for the network and the target (the target's clock constants
// are part of its extrapolation bounds), and hands search.Run a fresh
// zone.Expander as the Space and the Holds method of a zone.Goal as the
// Goal: both fit search's interfaces by their method sets alone. A trace
// goes back the same way, as zone.SymbolicSteps (labels and discrete
// parts) for Graph.Concretize. The Graph does not change during the
// search, so it formats the result afterwards (Result.Graph), and several
// searches could share it, each with its own Expander and Goal.
//
// # Directed search
//
// Options.Heuristic builds a distance heuristic (dL, dU from
// core/heuristic/graphdist; hL, hU from core/heuristic/relax; package
// core/options names them and makes the builders) for the target of the
// search — φ for E<> φ, ¬φ for A[] φ, read by heuristic.TargetOf. It is
// precomputed and wrapped in a bounded table of estimates
// (heuristic.Cache) unless NoHeuristicCache. It orders A* and greedy
// search and prunes dead ends in any order; verdicts stay exact because
// every heuristic says "infinite" only where the target is truly
// unreachable. With TraceShortest, A* is kept when the heuristic is
// admissible (its traces are shortest); other orders become BFS.
//
// # Traces
//
// With TraceSome the search keeps parent pointers and the trace found by the
// search order in use is returned; TraceShortest forces breadth-first
// search, whose trace has the fewest transitions. The symbolic trace is
// replayed without extrapolation and turned into a concrete one (delays and
// clock values at every step) by zone.Graph.Concretize.
package verify
