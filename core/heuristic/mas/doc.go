// Package mas is the distance-preserving abstraction heuristic (Dräger,
// Finkbeiner and Podelski, "Directed model checking with
// distance-preserving abstractions", STTT;
// ../shared/papers/distance-preserving-abstraction.txt), the ancestor
// of merge-and-shrink: the processes are composed two at a time, and
// each product is shrunk to at most N abstract states, identifying only
// states of equal error distance, so that the estimate sees chains of
// synchronisations that the monotonicity relaxation (hL) and the other
// per-process estimates miss.
//
// # Components
//
// Clocks are ignored, as in the paper. The discrete state is split into
// atoms, each a labelled transition system over its own part with the
// flat encoding of values:
//
//   - every process, over its location and the slots that only it
//     writes: its local variables, and the global ones it alone assigns
//     (a gate's queue, a process's own flag), so that a process keeps
//     the data its own behaviour depends on;
//   - every slot that several processes write (Fischer's id, a shared
//     counter) as an atom of its own: it belongs to none of its writers
//     more than to the others, and the composition strategy merges it
//     with the writers whose interaction matters near the target;
//   - slots no edge writes are constants; slots that nothing reads (no
//     edge, no target condition) are not tracked.
//
// The values a slot may take are found by exploring every atom from the
// initial state, each reading the other atoms' slots over the values
// found so far, until nothing new is found (values only grow). A slot
// with more than fire.MaxDomain (256) values, or that makes its atom too
// large (past maxAtomStates, the widest of its slots goes), is dropped:
// nobody tracks it, and a transition reading it tries every value of its
// range. Transitions are found by firing labels over enumerated
// valuations with core/heuristic/fire, the enumeration predicate
// abstraction uses too: the slots a transition reads from other atoms
// (over their domains, or their declared range for a slot nobody tracks)
// and the select values its label leaves open. A transition that would
// need more than fire.MaxEnum (4096) evaluations from one state, or reads
// a slot with a range wider than fire.MaxDomain, or touches a
// meta variable, is not evaluated (coarse): its process moves along the
// edge and the atom's slots it may write take every value of their
// ranges, at most maxFanOut successors, else the widest is dropped.
//
// # Labels
//
// The atoms synchronise on labels, the kinds of global transition: an
// internal edge, a binary synchronisation (sender and receiver), or a
// broadcast sender, with ground select values when an edge has at most
// 64 combinations (labels.Build). An atom is concerned with a label when the
// label moves its process or reads or writes its slots; for the atom,
// a label that does not concern it is a self-loop everywhere. The arcs
// of a label from an atom's state are computed with the model's own
// compiled guards and updates, trying every value the atom does not hold
// (every guard on the state before, then the updates in order); a
// broadcast's receivers may join or not. Committed locations, urgency,
// priorities and invariants only remove transitions, so leaving them
// out keeps every concrete transition. A transition that fails (a
// run-time error such as an index out of range) leads to a sink state
// that counts as a goal: the concrete search ends there too, so such a
// state is never a dead end.
//
// # The abstraction
//
// The synchronised product of two systems moves both on a label that
// concerns both and one on a label that concerns one. The paper's
// AbstractSystem (composer.run) composes the atoms two at a time,
// choosing the pair with the paper's ranking (composer.pick): the pair whose shared labels are taken closest to the target
// (the least over shared labels of the larger of the two ranks r(P, a),
// the least distance of a state an a-arc enters), among pairs where
// one part's target condition is not trivial; ties go to the smaller
// product. Each product loses the states that cannot reach the target
// (dead ends) and is shrunk by the paper's AbstractProcess (lts.shrink): states start in buckets by distance (min(d, N−1)),
// and each bucket, lowest distance first, is split by its states' arcs
// (label and class of the destination) while the total stays within N,
// until no bucket splits. The last product is kept whole. When a product
// would have more than maxProduct (2^22) pairs, its larger factor is
// shrunk to N first.
//
// The target is a disjunction of conjuncts; each state carries the set
// of conjuncts whose part on its components may hold (location sets of
// its processes, conditions reading only its slots), a product the
// intersection, a class the union; a goal state is one with a conjunct
// left. What no component decides is taken as true.
//
// # The estimate
//
// Every concrete transition is an arc of every atom (or leaves it where
// it is), so of every product, and of every quotient: the abstraction
// simulates the network, and the distance of a state's abstract state
// is admissible and consistent (A* finds shortest traces and never
// reopens). A state whose abstract state was pruned cannot reach the
// target: its estimate is infinite, and the search prunes it. The map
// from concrete to abstract states is the paper's tree of binary tables:
// a leaf reads an atom's values, an inner node maps the pair of its
// children's states to its own. A lookup costs one map access per atom
// and one table read per composition, whatever N.
//
// A concrete state with values the exploration never met (only a gap in
// the over-approximation could give one) gets 0.
//
// # Bound, budgets and the table
//
// N is the bound (Options.Bound, `--bound N`, `--heuristic mas:bound=N`,
// 1 to MaxBound, 2048); DefaultBound is the paper's 100, where the
// measurements on the shared models and the Hanoi and arbiter families
// stop paying for more. The precomputation has no state budget beyond
// the limits above: it stops at the context's deadline or cancellation,
// polled every 256 evaluations and reading the clock, since under js/wasm
// the context's timer cannot fire meanwhile.
//
// Table encodes the atoms' maps, the tree and the distances with msgpack
// in heuristic's envelope (Format, kind "mas"), with the fingerprints of
// the network and the target and N; Load refuses a table made for
// anything else and checks every index before a lookup can use it. The
// estimate reads the discrete part only, so heuristic.Cache may hold it.
package mas
