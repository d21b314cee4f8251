// Package zone implements UPPAAL's symbolic semantics of a network of timed
// automata: the zone graph that core/search explores, the goals of
// reachability queries, and the reconstruction of concrete traces.
//
// # States
//
// A symbolic state is a discrete part and a zone. The discrete part is a
// slice of int32: the current location of each process (an index into
// Process.Locations), then the state variables laid out as Network.Vars.
// The zone is a closed, non-empty DBM over Network.Clocks (dimension
// len(Clocks), clock 0 the reference).
//
// # The graph and its expanders
//
// A Graph is what a network and the goals of a query mean: the model
// facts New checked, the extrapolation bounds (which depend on the goals'
// constants), the goals themselves. It is built once and never changes,
// so searches on several goroutines may share it. An Expander is one
// search's view of a Graph: it owns the scratch that computing successors
// needs — an evaluation environment, the enabled edges of the state at
// hand, target DBMs, the pool of pieces of diagonal splitting — and
// Successors allocates nothing once those buffers have grown. A Goal
// evaluates a state formula with an Expander of its own, since the search
// calls it while its expander is in the middle of Successors.
//
// The package sits below core/search and does not import it. Expander has
// the method set of search.Space and search.Subsumer, and Goal.Holds the
// signature of search.Goal, so core/verify hands them to the search as
// they are; a search's trace comes back as []SymbolicStep.
//
// # Transitions, in the order they are computed
//
// Following UPPAAL's "Semantics" help page (Language Reference) and the
// pages on locations, edges and priorities:
//
//  1. Edge instances. For every process, every edge out of its current
//     location, and every combination of select values (env.Sel), the
//     integer guard is evaluated; the channel expression too for
//     synchronising edges. Those whose integer guard holds are the
//     instances of the state.
//  2. Transitions. An internal edge alone; a binary sender with a receiver
//     of the same channel in another process; a broadcast sender with, for
//     every other process in process order that has enabled receivers, one
//     of them (all combinations). Committed rule: if a process is in a
//     committed location, only transitions in which such a process takes
//     part.
//  3. Zone. The source zone is intersected with the source invariants (an
//     extrapolated zone may have lost them) and the clock guards of the
//     edges, each evaluated with its own select values.
//  4. Updates: sender (or internal edge) first, then receivers in process
//     order, each on the variables left by the previous one. Clock
//     assignments are recorded in that order and applied to the zone after
//     all integer updates.
//  5. Target: the invariants of the target locations (integer part, then
//     clocks); an empty result means the transition does not exist.
//  6. Delay, unless time is frozen in the target: a process in an urgent or
//     committed location, or a synchronisation over an urgent channel
//     enabled by integer guards (UPPAAL forbids clock guards there). Then
//     the invariants again.
//  7. Extrapolation (below).
//
// A run-time error of the model (assignment out of range, index out of
// range, division by zero, a negative clock value) stops Successors with an
// *Error naming the position, the transition and the source state; the
// search reports it, as UPPAAL aborts verification.
//
// Priorities. A transition is blocked at a valuation where a transition of
// strictly higher priority (channel level first, then the highest process
// level among the participants) can be taken: its guards hold and its
// target invariant holds after its updates. The implementation is exact
// also when the higher transitions have clock guards: a transition is fired
// from its guard zone minus the pre-images of the higher ones, a union of
// zones (core/dbm.Federation), each yielding its own successor.
//
// # Extrapolation
//
// L(x) and U(x) are the largest constants that lower and upper bounds on x
// are compared with. The default is Extra+_LU (Behrmann, Bouyer, Larsen
// and Pelánek, "Lower and upper bounds in zone-based abstractions of timed
// automata", STTT 2006), which preserves reachability of discrete states
// and of goal clock constraints.
//
// The bounds are local to the discrete state (Behrmann, Bouyer, Fleury and
// Larsen, "Static guard analysis in timed automata verification", TACAS
// 2003). For each process and location, a static analysis gives per clock
// the largest constant the clock may be compared with before it is next
// reset: the location's invariant and the guards of its outgoing edges,
// then, until nothing changes, the bounds of the target of every outgoing
// edge that does not reset the clock. An edge resets a clock when its
// update surely assigns it (x = e, or x[k] = e with k a literal or a named
// constant): at top level, or in a called function before anything that
// may return, break or continue, a conditional counting when both of its
// branches assign the clock. Other assignments (in loops, in one branch)
// are not counted, which only keeps bounds larger than needed. An assignment
// x = c makes the value of x independent of the source, so nothing flows
// back across it. The bounds of a state are, clock by clock, the largest
// over its processes' locations — a clock shared by several processes
// (global, or passed by reference) is bounded by every process that tests
// it — and over the query's constants, which count on both sides in every
// location since a goal may negate them. A clock bounded by nothing is
// inactive there: Extra+_LU frees it, so in Fischer's protocol a process
// that will reset its clock before testing it again adds no zones.
// Bounds computed from the state (see below) count with their assumed
// maximum at the locations that use them. Options.GlobalBounds turns all
// this off: one vector, the largest over all locations, for every state.
//
// The passed list compares zones of one discrete part by aLU subsumption
// (Herbreteau, Srivathsan and Walukiewicz, "Better abstractions for timed
// automata", LICS 2012): a zone Z is not stored when Z ⊆ aLU(Z') for a
// stored Z', with the bounds of the discrete part (Expander.Subsumption,
// dbm.IsIncludedLU). Every valuation of Z is then LU-simulated by one of
// Z', so the states reachable from Z are simulated by states reachable
// from Z' and goals whose constants are in the bounds are reached as well.
// The simulation, unlike inclusion, also holds between extrapolated zones:
// Extra+_LU(Z') ⊆ aLU(Z'), and aLU is idempotent.
//
// A search that compares zones by this subsumption needs no
// extrapolation at all: aLU subsumption alone keeps the graph finite
// (Herbreteau et al.; TChecker searches this way). Expander.Lazy turns
// the extrapolation off but for the clocks inactive in the target state
// (no bound on either side: they are freed, Daws and Yovine's
// active-clock reduction, which is what Extra+_LU does to them too), so
// states that differ only in dead clocks are stored alike. core/verify's
// reachability searches use it; the explored and stored counts on
// Fischer's protocol and on the traffic-light controller are those of the
// extrapolating search, in a quarter to a third less time.
//
// Deadlock is not preserved by LU abstraction (it adds valuations simulated
// by others that may be unable to act), so a goal mentioning deadlock turns
// it into Extra+_M with M = max(L, U), per discrete state: the added
// valuations are region equivalent, for the local M, to valuations of the
// zone, and local region equivalence is a bisimulation (Behrmann et al.
// 2003), which preserves the ability to act now or after a delay. With
// L = U = M the LU simulation is symmetric (two valuations are related
// when each clock is equal in both or above M in both), so aM subsumption
// preserves deadlock as well. Priorities block a transition where a
// higher one is enabled, which a one-sided simulation does not respect:
// networks with priorities use L = U = M too.
//
// Difference constraints x − y ≺ c in guards or invariants make every
// extrapolation of the classic kind unsound (Bouyer, "Untameable timed
// automata!", STACS 2003). Zones are then split along every difference
// constraint of the model, each piece extrapolated with Extra_M (M counting
// |c| of the difference constraints for both clocks) and intersected again
// with the side of each constraint it lay on, as in Bengtsson and Yi,
// "Timed automata: semantics, algorithms and tools" (2004), section 4.4.
// That construction assumes one M for all states, and the LU simulation
// ignores difference constraints: a model or query with any uses global
// bounds and plain inclusion.
//
// Bounds computed from the state (x <= D[id], x >= i) are bounded by the
// model's constants, the value they take in the initial state, and the
// ranges of the bounded variables and select bindings (plain ints, whose
// range is the whole int16 range, are left out). Every such bound met
// during the search is checked against that assumption, and a larger one
// stops the search with an error rather than giving an unsound answer.
//
// # Goals and deadlock
//
// A Goal evaluates a state formula as the set of valuations of the zone
// where it holds, a union of zones: clock constraints intersect, Not is the
// complement within the zone, And and Or intersect and unite, and a
// discrete atom keeps or empties the zone. The goal holds when the set is
// non-empty (E<> φ); the caller checks A[] φ as not E<> not φ.
//
// A valuation v of (d, Z) is deadlocked when no action transition can be
// taken from v now or after any delay. The set is Z minus the union over
// the transitions t of d of Down(pre(t)) ∩ Z, where pre(t) are the
// valuations of Z from which t can be taken (guards hold, and the target
// invariant holds after the updates: the resets are pulled back through
// x = v and freeing x); with time frozen in d, Down is left out. Delay from
// v to v+δ ∈ pre(t) stays inside the invariant because invariants are
// upper bounds, hence convex along time.
//
// # Traces
//
// Concretize replays the labels of a symbolic trace with exact zones (no
// extrapolation), then walks backwards keeping only the valuations from
// which the rest of the trace reaches the goal, then forwards choosing at
// each state the least delay that enters that set. Values are exact
// rationals over a common power-of-two denominator that is doubled only
// when a strict interval is one grid step wide. The package tests replay
// every trace they produce with an independent checker working on concrete
// valuations (tracecheck_test.go). Each pass costs a constant number of
// zone operations per step, and every step polls the interrupt, so that a
// trace is built within the budget of the check that found it, or not at
// all.
//
// # Interruption
//
// An Expander given an interrupt (SetInterrupt) polls it inside the
// model's functions (core/model's Env.Interrupt), every PollWork units of
// work while it collects a state's edge instances and enumerates its
// transitions — lazily, a broadcast's combinations of receivers one at a
// time — and at every step of a trace; a stop is ErrInterrupted.
//
// # Symmetry
//
// A network whose processes are instantiated over a scalar set is
// symmetric: core/model's Network.Symmetry says which sets' value
// permutations are automorphisms and what a transposition of two values
// exchanges. Symmetric wraps an Expander so that every state it gives is
// a representative of its orbit, as UPPAAL does (Hendriks, Behrmann,
// Larsen, Niebert and Vaandrager, "Adding symmetry reduction to UPPAAL",
// FORMATS 2003): after a successor is computed and extrapolated, the
// values of each set are sorted by a key — the locations of the
// processes a value owns, the slots that belong to it alone, whether its
// own slots of the set hold itself, which of the other variables of the
// set hold it, then the upper and lower bounds of its clocks — with
// transpositions of adjacent values, each applied to the discrete part
// (locations and slots exchanged, values of the set relabelled) and to
// the zone (dbm.SwapClocks). Insertion sort applies as many
// transpositions as the order has inversions, at most n(n−1)/2 for n
// values, each O(moved slots + dim). Ties, such as processes in the same
// location whose clocks differ only in their differences, keep their
// order, so the representative is not always unique: states of one
// orbit may be stored more than once, never a state outside the orbit.
//
// The search is then the ordinary one on representatives. It is exact
// for goals the permutations leave alone, which every goal is: scalar
// values have no literals, so a query names the set's processes only
// through quantifiers. Extrapolation must commute with the permutations
// for the representatives of abstract states to be those of the abstract
// graph; Graph.SymmetricSets checks that the bounds (per location, the
// query's constants, difference constraints) are the same for values
// exchanged. Deadlock is preserved too: the permutations map the
// transitions of a state onto those of its image.
//
// A successor's label ends with the permutation that brought it to its
// representative; Unfolder composes them along a path to map each
// transition and state back to the processes and values of the network,
// and the result replays on the Graph (Concretize) like any other path.
// Liveness queries and sup/inf are not reduced (core/verify).
//
// # What is refused
//
// New refuses clock guards on edges synchronising over urgent channels and
// on edges receiving on broadcast channels (UPPAAL forbids both), clock
// difference constraints whose clocks are chosen at run time or whose bound
// is computed at run time, and more than 64 distinct difference
// constraints.
package zone
