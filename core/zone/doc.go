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
// len(Clocks), clock 0 the reference). Graph implements search.Space;
// Successors allocates nothing once its scratch buffers have grown.
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
// are compared with, over all guards and invariants and the clock
// constraints of the goals (whose constants count on both sides, since a
// goal may negate them). The default is Extra+_LU (Behrmann, Bouyer, Larsen
// and Pelánek, "Lower and upper bounds in zone-based abstractions of timed
// automata", STTT 2006), which preserves reachability of discrete states
// and of goal clock constraints.
//
// Deadlock is not preserved by LU abstraction (it adds valuations simulated
// by others that may be unable to act), so a goal mentioning deadlock turns
// it into Extra+_M with M = max(L, U): the added valuations are region
// equivalent to valuations of the zone, and region equivalence preserves
// the ability to act now or after a delay.
//
// Difference constraints x − y ≺ c in guards or invariants make every
// extrapolation of the classic kind unsound (Bouyer, "Untameable timed
// automata!", STACS 2003). Zones are then split along every difference
// constraint of the model, each piece extrapolated with Extra_M (M counting
// |c| of the difference constraints for both clocks) and intersected again
// with the side of each constraint it lay on, as in Bengtsson and Yi,
// "Timed automata: semantics, algorithms and tools" (2004), section 4.4.
//
// Bounds computed from the state (x <= D[id], x >= i) are bounded by the
// model's constants, the value they take in the initial state, and the
// ranges of the bounded variables and select bindings (plain ints, whose
// range is the whole int16 range, are left out). Every such bound met
// during the search is checked against that assumption, and a larger one
// stops the search with an error rather than giving an unsound answer.
// Local, per-location bounds are not implemented: the bounds are global.
//
// # Goals and deadlock
//
// Graph.Goal evaluates a state formula as the set of valuations of the zone
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
// valuations (tracecheck_test.go).
//
// # What is refused
//
// New refuses clock guards on edges synchronising over urgent channels and
// on edges receiving on broadcast channels (UPPAAL forbids both), clock
// difference constraints whose clocks are chosen at run time or whose bound
// is computed at run time, and more than 64 distinct difference
// constraints.
package zone
