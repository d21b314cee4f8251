// Package heuristic defines what every distance heuristic of Beeline's
// directed search provides, the targets heuristics aim at, and the pieces
// the heuristic families share. The families live in sub-packages, each
// with its design in its doc.go:
//
//   - graphdist: dL and dU, graph distances in each automaton;
//   - relax: hL and hU, the monotonicity relaxation solved from every state;
//   - pdb: pattern databases over projections of the network, with zones;
//   - mas: the distance-preserving abstraction (merge-and-shrink);
//   - pa: predicate abstraction, with relaxation refinement;
//
// and labels lists the kinds of global transition that mas and pa
// synchronise on or regress through.
//
// # The interface
//
// A Heuristic estimates, for a symbolic state (discrete part and zone),
// the number of transitions to the nearest target state: h, or "infinite"
// when no target state is reachable at all. core/search orders A* by
// g + h and greedy best-first search by h, and never expands a state whose
// estimate is infinite (a dead end, counted as pruned). Info tells whether
// h is admissible (never above the true distance: A* then returns shortest
// traces) and consistent (A* then never reopens a state). Every heuristic
// must say "infinite" only of true dead ends, or verdicts would be wrong.
// Those guarantees are owed on the states reachable from the initial
// state; Info.AnyState says they hold on every state. It matters under
// symmetry reduction, whose representatives may be reachable only from
// a permutation of the initial state (core/verify then takes the least
// estimate over the initial state's orbit).
//
// Meta variables are no part of the state, so no abstract state says
// what one holds when a transition reads it. No abstraction may keep
// them: a guard that reads one is relaxed, an assignment from one gives
// any value (model.Network.Project, labels.ReadsMeta).
//
// Precompute is the optional expensive step (a pattern database, a
// distance table) run once per query, with progress and cancellation.
// Table encodes its result with msgpack, and Load reads it back instead of
// precomputing, so that the page can cache tables between runs. Every
// table travels in one envelope (TableFormat: kind, format version, body,
// SHA-256), checked before the body is decoded; each heuristic then
// checks every field of the body against the network before a lookup can
// read it, so that a damaged table is refused and never estimates.
//
// Cache wraps a heuristic with a direct-mapped table of estimates keyed
// by a hash of the discrete part: the "bitstate" table that Kupferschmid
// et al. use for their greedy configurations (SPIN 2006, §5). It is
// used only for a heuristic whose estimate is a function of the discrete
// part (Info.UsesZone unset), so it returns exact values up to 64-bit
// hash collisions; one whose estimate reads the zone (pdb, and pa with
// clock predicates) is never cached.
//
// # Targets
//
// A search for E<> φ looks for φ; for A[] φ it looks for ¬φ. TargetOf
// reads the compiled formula's resolved form (model.Formula.Prop), pushes
// negation to the leaves and expands it into disjunctive normal form: a
// Target is a disjunction of Conjuncts, each a set of allowed locations
// per process and a list of integer conditions.
//
//	A[] not (P(1).cs && P(2).cs)      →  P(1) ∈ {cs} ∧ P(2) ∈ {cs}
//	A[] forall (i:id_t) forall (j:id_t) i != j imply not (P(i).cs && P(j).cs)
//	                                  →  ⋁_{i≠j} P(i) ∈ {cs} ∧ P(j) ∈ {cs}
//	E<> not P.a                       →  P ∈ L(P) ∖ {a}
//	E<> x > 3 && n == 2 (x a clock)   →  n == 2
//
// forall and exists over bounded ranges are expanded; a negated location
// test becomes the other locations of its process. What a heuristic cannot
// use — clock constraints, deadlock, function calls, meta variables — is
// dropped, which makes the target a superset of the true one: estimates
// can only get smaller, so admissible heuristics stay admissible. A form
// of more than MaxConjuncts conjuncts gives the trivial target (h = 0).
//
// # Expressions
//
// Expr is an integer expression of a guard, an update or a query,
// translated from the model's resolved form (core/ir, where every name is
// already bound): variables are slots of the state vector, location tests
// (process, location) pairs, select bindings their ranges, and everything
// that cannot be followed "any value" (OpTop). Operators are ir.Op, whose
// one table of meanings is ir.Apply. An array read at an index the
// heuristic does not track reads any element of the array (OpAny).
// Constants are folded.
package heuristic
