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
// whose zone meets φ. The statistical and strategy queries are recognised
// and answered "unknown" with the reason in plain words; they are never
// mis-checked. sup and inf queries (bounds.go) explore every reachable
// state where their condition holds and give the bounds of their clocks
// and integers.
//
// # Liveness: E[], A<> and -->
//
// UPPAAL's meaning (its "Semantics of the Symbolic Queries"): E[] φ holds
// when some maximal path keeps φ in every state, delays included; a path
// is maximal when it is infinite, or ends in a state where time can pass
// forever with φ and the invariants holding, or ends in a state with no
// outgoing transition at all (no action, and no delay: an invariant's
// bound is reached or time is frozen by an urgent or committed location
// or an enabled urgent channel). A<> φ is not E[] not φ, and p --> q is
// A[] (p imply A<> q): no reachable state where p holds starts a maximal
// path on which q never holds. As in UPPAAL, Zeno runs (infinitely many
// transitions in finite time) are infinite paths: a cycle of transitions
// that lets no time pass is a witness of E[] and a counterexample of A<>
// and -->; time-locks and deadlocks end maximal paths. A strict invariant
// bound x < c is never reached, so it does not end a path there.
//
// The search runs on the zone graph restricted to φ (zone.Graph.Within:
// every state cut to φ on entering and while time passes, which needs φ
// to be a conjunction of clock constraints in each discrete state) with M
// extrapolation, which is a time-abstract bisimulation (regions of the
// largest constants), so deadlocks, time-locks and cycles of the finite
// graph are those of the model. It is a depth-first search that keeps
// its states (the cycle detection of Tarjan's depth-first search, as in
// the SCC-based emptiness checks of Couvreur and of Herbreteau,
// Srivathsan and Walukiewicz's timed Büchi automata work): a state is
// grey while on the stack and black once done. A successor whose zone
// includes a grey state's closes a cycle — sound with inclusion because
// going round again from the larger zone gives larger zones still, which
// stabilise in the finite graph (Laarman, Olesen, Dalsgaard, Larsen and
// van de Pol, CAV 2013, use the same subsumption direction); a successor
// that a black state simulates (zone.Expander.Subsumption, else
// inclusion) is skipped, because that state starts no maximal path. A
// state where time can pass forever or where some valuation is stuck
// (zone.Expander.Ending) ends a maximal path. For --> a breadth-first
// reachability search visits the whole graph and, at each state where p
// holds, starts this search from the valuations where p holds
// (zone.Expander.Enter); black states are shared by all these searches.
// Heuristics are not used for liveness (there is no single target to
// aim at); the search is a blind depth-first search.
//
// A witness of E[] (a counterexample of A<> and -->) is a lasso or a
// maximal path: for a cycle, the loop is followed again until a round
// ends in exactly the zone it started from, so that the trace's last
// state is its loop head again (zone.Trace's End and Loop). The concrete
// trace keeps φ throughout (zone.Graph.ConcretizeLive).
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
// goes back the same way, as []zone.SymbolicStep (labels and discrete
// parts) for Graph.Concretize. The Graph does not change during the
// search, so it formats the result afterwards (Result.Graph), and several
// searches could share it, each with its own Expander and Goal.
//
// # Directed search
//
// Options.Heuristic builds a distance heuristic (dL, dU from
// core/heuristic/graphdist; hL, hU from core/heuristic/relax; pattern
// databases, merge-and-shrink and predicate abstraction from pdb, mas and
// pa; package core/options names them and makes the builders) for the
// target of the search — φ for E<> φ, ¬φ for A[] φ, read by
// heuristic.TargetOf. It is precomputed, or its table read from
// Options.Table, and, unless NoHeuristicCache or its estimate reads the
// zone, wrapped in a bounded table of estimates (heuristic.Cache,
// DefaultHeuristicCache entries; heuristic.go). It orders A* and greedy
// search and prunes dead ends in any order; verdicts stay exact because
// every heuristic says "infinite" only where the target is truly
// unreachable. With TraceShortest, A* is kept when the heuristic is
// admissible (its traces are shortest) and refused with an inadmissible
// one; other orders become BFS.
//
// # Symmetry
//
// E<> and A[] queries (deadlock included) on a model whose processes are
// instantiated over scalar sets are searched with symmetry reduction, as
// UPPAAL does, unless Options.NoSymmetry: the Space is a zone.Symmetric
// over the sets that core/model's Network.Symmetry and the graph's
// bounds admit, which keeps one state per orbit under the permutations
// of each set's values. Every query's goal is invariant under them —
// scalar values have no literals, so a formula reaches the processes of
// a set only through quantifiers — hence the verdict is the one without
// reduction; the search orders and heuristics run on representatives
// unchanged (a heuristic's estimate at a representative is its estimate
// of a state of the same distance to the goal). A heuristic whose
// guarantees hold only on states reachable from the initial state (pdb,
// mas, pa: heuristic.Info.AnyState unset) estimates a representative by
// the least of its estimates over the initial state's orbit; with more
// than 256 states in that orbit, reduction is turned off and
// Result.Symmetry says why. A trace comes back as a
// path of representatives whose labels carry the permutations applied;
// zone.Unfolder maps it to the network's processes and values before it
// is concretized. Liveness and sup/inf queries are not reduced.
// Result.Symmetry names the sets reduced and says why others, or all,
// were not.
//
// # Traces
//
// With TraceSome the search keeps parent pointers and the trace found by the
// search order in use is returned; TraceShortest runs breadth-first search,
// whose trace has the fewest transitions, unless the order is A* with an
// admissible heuristic. The symbolic trace is
// replayed without extrapolation and turned into a concrete one (delays and
// clock values at every step) by zone.Graph.Concretize.
package verify
