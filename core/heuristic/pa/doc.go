// Package pa is the predicate-abstraction heuristic (Hoffmann, Smaus,
// Rybalchenko, Kupferschmid and Podelski, "Using predicate abstraction to
// generate heuristic functions in UPPAAL", MoChArt 2006,
// ../shared/papers/predicate-abstraction-pdb.txt; and Smaus and Hoffmann,
// "Relaxation refinement", ../shared/papers/relaxation-refinement.txt).
//
// # Predicates and abstract states
//
// A predicate is a condition over locations and state slots (a
// heuristic.Expr: location tests, integer guards, target conditions) or
// a clock constraint x − y ≺ c. An abstract state is a partial
// bitvector: for each predicate true, false or unknown, kept as a set of
// literals (2i: predicate i holds, 2i+1: it does not).
//
// # Regression with Cartesian abstraction
//
// The abstract state space is built backwards, breadth first, from the
// abstract error states: for each conjunct of the target, the literals it
// implies. A transition is a label of the network (core/heuristic/labels:
// an internal edge, a binary synchronisation, a broadcast whose receivers
// are followed as "may change": their locations, what they write and the
// clocks they reset), read as "delay, then the edge". The predecessor of
// an abstract state b through a transition is the Cartesian abstraction
// of the states from which it leads into b: each predicate decided on its
// own, true when every such state satisfies it. A state subsumed by one
// found before (a subset of its literals: a superset of its states, no
// farther) is dropped.
//
// The entailment checks use two exact decision procedures, one per part
// of the constraint language:
//
//   - Integer conditions over bounded variables are decided by
//     enumeration. A fixpoint first computes the values each slot may
//     take in a reachable state (its initial value, then what edges write
//     from values found so far; at most 256, else the slot is wide). Each
//     transition is then evaluated with the model's own compiled guards,
//     invariants and updates on every valuation of the slots it reads and
//     writes, together with those of the predicates it decides, while
//     that stays under 4096 valuations: its table of enabled valuations,
//     each with the literals it decides before and after. This is exact
//     for every construct the language has (arrays, functions, select),
//     needs no encoding of the semantics into a solver, and the domains
//     of real models are small. Past the budget, or with a wide slot, a
//     transition is followed coarsely: what it writes may take any value.
//     The fixpoint (fire.Firer.Domains), the enumeration (fire.Enum) and
//     the firing with source invariants as guards are core/heuristic/fire's,
//     shared with merge-and-shrink; its MaxDomain and MaxEnum are the 256
//     and 4096 above.
//   - Clock constraints, which are difference constraints, are decided
//     with zones (core/dbm): per valuation, the clock literals of b and
//     the target invariants, the resets undone (x = v, then x freed), the
//     guard and source invariants, then the past. A literal is implied
//     when the zone lies on its side (one entry of the closed matrix), and
//     an empty zone means no predecessor. The zone is computed once per
//     distinct clock part of the table.
//
// A predicate that the transition leaves alone (it reads no location of a
// moving process and no slot written) passes its literal through.
//
// # The lookup
//
// The abstract states are stored with their distances in an unlimited
// branching tree (Hoffmann and Koehler, IJCAI 1999) answering "the least
// distance of a stored set contained in a query". A search state's query
// is the set of literals that may hold in it: each condition evaluated on
// its discrete part, and for each clock constraint the sides its zone
// meets, one pass over the DBM. A state no abstract state matches gets the
// abstraction's floor: inf (a dead end) when the regression reached its
// fixpoint, else one more than the last complete layer.
//
// # Where the predicates come from
//
//   - syntax: the network is split greedily into parts of at most b
//     processes, merging the parts with the most potential interactions
//     (a condition of one reading what the other writes, or computes
//     from what it writes, or a clock it resets; a synchronisation). Each
//     part is the projection (model.Network.Project) that keeps its
//     processes, the slots and clocks no other process changes: conditions
//     on the rest are removed, and synchronisations with other parts go.
//     Its predicates are every guard, invariant and location of its
//     processes. Each disjunct of the target gets, for each part it
//     mentions, an abstraction whose target is the disjunct restricted to
//     what the part keeps (one abstraction serves the disjuncts whose
//     restrictions are equal; past 256 of them, one per part serves every
//     disjunct). A disjunct's value sums its parts' (or takes their
//     maximum), and the estimate is the least over the disjuncts: so a
//     mutual exclusion written with forall, whose disjuncts each name two
//     processes, is estimated from those two. Each part alone is
//     admissible (the paper's Proposition 3); the sum overestimates only
//     where one transition synchronises processes of several parts, at
//     most by the number of parts it touches, and Info says it is not
//     admissible then.
//   - 1abs, 2abs, seed: refinement over the whole network (the second
//     paper's Fig. 3). From the target's predicates (1abs: together; 2abs:
//     one abstraction each; seed: each with a location predicate of one
//     process, trying each process's locations until the seed is decided
//     somewhere, at most six seeds; when the target is a disjunction,
//     2abs and seed start from all its predicates together, since a
//     predicate of one disjunct says nothing of the others), an abstract
//     error path from the last state found is refined backwards: a process whose edge does not end
//     where its later edge starts gets the location predicate that tells
//     them apart; otherwise the targets' invariants join, the predicates
//     are regressed through the assignments by substitution, and the
//     guards and the sources' invariants join. When a path adds nothing,
//     other paths are tried, and then the locations of the processes
//     where the longest path starts join (the early convergence the paper
//     meets); at most 16 paths are tried in a round. Refinement stops
//     past the states= and layers= thresholds (defaults DefaultStates,
//     5000, and DefaultLayers, 10), at a fixpoint, after 64 rounds or 96
//     predicates, or when a regression grows four times past either
//     threshold (the previous abstraction is kept). Predicates constant
//     over the slots' domains are not added. Several abstractions combine
//     by max (admissible) or sum.
//
// # Options
//
// preds= picks the mode (Options.Mode: 2abs, the default, 1abs, seed or
// syntax), combine= max or sum (default sum for syntax, else max),
// split= the most processes of a part (syntax; default 2, at most 16),
// states= and layers= the refinement thresholds (at most 2^20 and 1024).
// Info says admissible with max, with sum over a split that cut no
// synchronisation, and whenever each disjunct reads one abstraction; pa
// is not said to be consistent.
//
// # Precomputation and table
//
// Precompute reports each abstraction's refinement round, abstract states
// and layers, and stops with the context (its deadline read on the
// clock, polled during the enumerations). Table encodes the predicates
// in prefix form and the abstract states in tree order with msgpack in
// heuristic's envelope (Format, kind "pa"), with the fingerprints of
// network and target and the options; Load refuses a table made for
// anything else and checks every index a lookup uses. With a clock
// predicate in some abstraction the estimate reads the zone
// (Info.UsesZone) and heuristic.Cache does not hold it; without one it
// may.
package pa
