// Package search explores a symbolic state space for reachability: the
// passed and waiting lists, the search orders, budgets, statistics and
// traces.
//
// # What is searched
//
// A Space (implemented by core/zone for a network of timed automata) has
// symbolic states: a discrete part, a fixed-length []int32 of process
// locations and variables, and a zone, a closed non-empty DBM of dimension
// Dim. It gives the initial state and the successors of a state; a
// successor carries an opaque label that the search keeps for traces. A
// Goal says which states are targets (for E<> φ: the state intersects φ).
// Run explores from the initial state until a goal state is generated, the
// space is exhausted, or a budget or the context stops it.
//
// This is the classical reachability algorithm for timed automata with a
// passed list and a waiting list and zone inclusion (Bengtsson and Yi,
// "Timed Automata: Semantics, Algorithms and Tools", 2004, §5; Larsen,
// Larsson, Pettersson and Yi, "Efficient Verification of Real-Time
// Systems: Compact Data Structure and State-Space Reduction", RTSS 1997).
// Deadlock checking and query semantics live in the layers above: A[] φ is
// checked as E<> ¬φ, and "deadlock" is a goal that core/zone provides.
//
// # The store
//
// The Store is the passed list. It maps each discrete part (a key) to the
// list of zones stored with it, and numbers every stored state (a node):
// parents, waiting lists and traces refer to nodes by number. Under
// KeepTrace node records are never removed, and nodes are numbered in the
// order of insertion. Without it, nothing refers to a covered node once
// the search has popped it from the waiting list (or pruned it), and its
// record is reused for a later node, so the store holds fewer records
// than it has stored states.
//
// Go's map is not used. Keyed by a discrete part (a string or an array),
// it hashes with a software fallback under js/wasm, where a map lookup
// slows down far more against its native time than a lookup in the table
// below does (BenchmarkGoMapLookup and BenchmarkStoreLookup compare them;
// `make bench` runs both natively and under js/wasm). Its layout:
//
//	slots  []uint64        open addressing, linear probing, power-of-two size;
//	                       0 is empty, else hash>>32 << 32 | (key index + 1),
//	                       so a probe compares 32 bits of hash before it
//	                       touches the key; grown ×2 past a load of 5/8
//	keys   slab of int32   per key: the discrete part, packed (below), then
//	                       the first live node of the key
//	nodes  slab of node    per node, 16 bytes: key, next live node of the key
//	                       (a mark once covered), zone position, depth and
//	                       two bits (expanded, done); a free list of
//	                       recycled records runs through it
//	trail  slab of trail   per node, for traces only, 12 bytes: parent,
//	                       label position and length
//	zones  zone heap       per zone, a variable-length record of uint16:
//	                       see below
//	labels chunks of int32 the labels, for traces only
//
// Each slab is a list of chunks of up to 1024 records and 256 KiB. Growing
// adds a chunk and copies nothing, so the store never holds two copies of
// its data (which a slice grown by append does while it doubles), and
// Bytes, which the memory budget reads, is what the store really holds.
// Under js/wasm memory is at most 4 GiB and never returned, so that peak
// would decide when the tab dies; and the heap there is one linear memory,
// where a large chunk that fits none of the holes left by garbage grows
// it, so chunks stay small. The hash table is a plain slice: 13 to 26
// bytes per key, doubled by copying. Hashes are not stored; a doubling
// rehashes from the key slab.
//
// A Space that knows the range of each word of its discrete parts
// (Ranger: core/zone's, a location index or a variable's declared type)
// has its keys packed: each value less its word's least value, in one,
// two or four bytes as the widest range needs, several to an int32 word.
// Hashing and comparing read the packed words; a node's discrete part is
// unpacked when it is expanded. On Fischer's protocol a key with its list
// head takes 16 bytes instead of 44.
//
// A zone is stored without what every closed non-empty zone of its
// dimension shares or most leave out: its diagonal (always dbm.LEZero)
// and its unbounded entries (dbm.LTInfinity). Its record is a header
// halfword (its width: bytes, narrow or wide), a bitmap of the
// Dim(Dim−1) off-diagonal entries (row-major, diagonal skipped) saying
// which are finite, and the finite bounds in that order: as int8, two to
// a halfword, when they all fit (bytes, the usual case: bounds are
// (c<<1)|weak with small constants), else as int16 when they all fit
// (narrow), else as int32 in two halfwords (wide); padded to an even
// number of halfwords. Most entries of an extrapolated zone are
// infinite, so a zone takes a fraction of its matrix's bytes. The
// records lie in chunks like the slabs' (at most 256 KiB, unless one
// zone needs more), never straddling two; a node names its zone by
// position, in units of 4 bytes, so its int32 reaches 8 GiB of zones,
// and a search that would pass that stops as its memory budget would.
// Without trace data, a covered node's zone goes to a free list of its
// size, linked through the released records themselves; a new zone takes
// a released record of its size, or the front of the smallest larger
// one, whose rest is released in turn (best fit: zones of one key tend
// to shrink as they cover one another, and with exact sizes only much of
// the heap stayed released and unused).
//
// The matrix form, m[i*dim+j] bounding x_i − x_j (core/dbm's layout), is
// rebuilt where it is needed: when a state is expanded (Zone), and in the
// sweep below when the encoded form does not settle a comparison.
// Encoding, decoding and comparing on the encoded form cost time for the
// memory: a stored state takes a fraction of a matrix's bytes, for a
// search somewhat slower than with matrices stored whole, and slower
// still with lazy zones (core/zone's Expander.Lazy), which keep more
// bounds and leave most comparisons to the subsumption test, which needs
// the decoded zone. `beeline bench --families` prints the store's bytes
// per stored state.
//
// The hash is an xxHash64-style mix (four lanes, 64-bit multiplies and
// rotates, a final avalanche) over int32 words: under js/wasm those are
// single instructions, while the 64×64→128-bit multiply of wyhash, the
// runtime's hash, is emulated.
//
// # Inclusion
//
// Zones are compared only with zones of the same discrete part, bound by
// bound (dbm.Relation's test), which is set inclusion for closed DBMs.
// The sweep asks each live zone of the key whether it includes z,
// reading only its finite bounds from its record, as long as that settles
// enough comparisons (with extrapolated zones, z is mostly equal to a
// stored zone or inside it); otherwise it decodes the zone once and
// compares the matrices in both directions. Adding (d, z):
//
//   - if a live zone of d includes z, nothing is stored: z is included and
//     Add returns the including node;
//   - otherwise z is stored, and every live zone of d that z includes is
//     covered: it leaves the key's list (the passed list) but keeps its
//     node record. A covered node still in the waiting list is skipped
//     when popped: the covering node stands for it.
//
// Hence the invariant that Store.Check verifies: the live zones of a key
// form an antichain (none includes another). It makes one pass suffice:
// if a live zone includes z, no zone before it in the list can be
// included in z, or it would be included in the first one too. A key's
// list holds only live zones, so covered zones cost nothing to later
// lookups. Without traces (StoreOptions.KeepTrace off), a covered node's
// zone is released for later zones to reuse (above), and neither parents
// nor labels are kept.
//
// For a Goal that is monotone under inclusion (intersection is), checking
// only stored states is enough: an included state lies inside a stored
// state that was checked when it was stored.
//
// A Space may offer a coarser test than inclusion (Subsumer, passed to
// the store as StoreOptions.Subsumes): core/zone's aLU subsumption, z ⊆
// aLU(stored) with the bounds of the discrete part. The store then reads
// "includes" as "includes or subsumes", in both directions of the sweep.
// The test is a preorder implied by inclusion, so everything above holds
// with it: the live zones form an antichain for it (Check verifies that),
// one pass suffices, and a goal that a subsumed state satisfies is
// satisfied by the subsuming one. The exact comparison runs first; the
// hook is called only when it does not settle the case.
//
// # Search orders and traces
//
// The waiting list holds node numbers behind a three-method interface
// (push, pop, len): a FIFO queue gives breadth-first search (BFS), a stack
// depth-first search (DFS; the successors of a state are pushed in reverse
// so the first one generated is expanded first), and random DFS shuffles
// the successors of each state with a PCG generator seeded from
// Options.Seed, so a seed reproduces a run. A binary heap gives the
// directed orders: A* by g + h (g the depth, h Options.Heuristic), ties
// towards larger g and then insertion order, and greedy best-first search
// (GBFS) by h, ties likewise (Hart, Nilsson and Raphael 1968;
// Edelkamp, Leue and Lluch-Lafuente, "Directed explicit-state model
// checking", STTT 2004). The heuristic is evaluated once per stored state,
// when it is pushed; a state it calls infinite is a dead end: it stays in
// the store (so it is not generated again) but is never expanded, and
// Stats.Pruned counts it. This is exact for any heuristic that says
// infinite only where no goal is reachable.
//
// The goal is checked when a state is generated (and on the initial
// state), not when it is popped (except under A*, below): BFS then stops during the expansion of
// depth k as soon as it generates a goal state at depth k+1, instead of
// expanding the rest of depth k and the states of depth k+1 before it.
// The depth found is the same either way.
//
// A trace is rebuilt from parent pointers: the path of nodes from the
// initial state to the goal, each with its label, discrete part and zone.
// Each step's zone is exactly the successor of the previous step's zone
// along the label, because stored zones never change.
//
// # Shortest traces and the A* caveat
//
// BFS with inclusion does not always give a trace with the fewest
// transitions. A zone reached at depth 7 may cover a zone reached at depth
// 3 that is still waiting; its successors are then explored from depth 8,
// and a goal behind it is found 4 transitions too late. The tests see
// this on random one-clock graphs. StoreOptions.CoverRequiresSmallerDepth
// (Options.CoverRequiresSmallerDepth) restricts inclusion to depth order:
// a state is discarded, or a stored one covered, only by a state of no
// larger depth. Then a live zone may include another only if it is
// strictly deeper, and BFS finds a goal at the least depth at which any
// path reaches one: every state on a shortest path stays included in a
// stored state of no larger depth, and post is monotone under inclusion.
// It costs extra stored states where zones grow along paths.
//
// A* (another order, ordered by g + h with g the depth) needs the same
// proviso for the same reason: a state discarded because it is included
// in a state reached with a larger g would lose the cheaper path, and with
// it optimality. With the proviso, a state reached again with a smaller g
// is stored anew (and covers the old one), which is A*'s reopening;
// Stats.Reopened counts the new states that meet an expanded state of
// larger depth this way. Run turns the proviso on for A*. A* also checks
// the goal when a goal state is popped rather than generated: a goal
// generated from a state of priority f may lie at depth f + 1 while
// another path reaches one at depth f, through states of equal priority
// still waiting. Goal states enter the queue with h = 0, which an
// admissible heuristic gives them anyway.
//
// # Transient states
//
// With Options.PassTransient, a Space that implements Transient (core/zone:
// a process is in a committed location) has those states passed through:
// each is expanded as soon as it is generated, inside the expansion of
// the stored state it comes from, and never enters the store or the
// waiting list (UPPAAL's default "conservative" space reduction). The
// transient states of one expansion are compared with each other by
// inclusion, so the interleavings of several committed processes are
// expanded once. A transient state is checked against the goal when it
// is generated, and a goal state is stored, at its true depth (parent's
// depth plus the transitions through transient states). Explored and
// Stored then count the stored states only, Passed the others. The option
// is ignored with Trace (a stored state's parent would not be the state
// it was generated from) and by A*, whose shortest traces need every
// state in the store.
//
// # Budgets and cancellation
//
// MaxStates and MaxMemory are checked after each stored state (Bytes is
// maintained incrementally, O(1)). MaxMemory counts the program, not only
// the search: what the Go runtime held when the search started
// (Baseline: InUse after a collection when the heap has grown by a
// quarter since the last one — the network, the zone graph, a
// heuristic's table), the Space's scratch (Scratcher), the store, the
// waiting list, and what their next growth would allocate
// (a chunk, the doubled hash table while the old one is still held), so
// the search stops before the sum passes the budget, not after. Garbage
// is not counted; a process that runs one search at a time gives the Go
// runtime the budget as its memory limit (debug.SetMemoryLimit), and the
// runtime collects before the heap reaches it instead of letting it grow
// to twice the live data. With both, the resident memory of `beeline
// check --max-memory` and the linear memory of the worker stay within a
// few percent of the budget, plus what lies outside Go's accounting (the
// program's code natively, the module's static data under js/wasm).
//
// The clock, the context and progress reports are looked at in
// checkpoints of the main loop, paced in time (Pacer): the loop counts
// states popped and successors generated, and the interval adapts so
// that checkpoints come about every DefaultPace (2 ms), however costly a
// state is. A
// computation that is slow by itself — a guard calling a function that
// loops for long, or a state with millions of successors — is reached
// inside: a Space that implements Interrupter polls the search's
// deadline, context and memory budget every 65536 loop rounds of the
// model's functions (core/model's Env.Interrupt) and every few thousand
// units of work while it enumerates a state's successors (core/zone's
// PollWork), abandons the computation, and the search ends with the
// budget's or cancellation's reason rather than an error. Deadline reads the clock
// itself rather than waiting for the context's timer, which under js/wasm
// cannot fire while Go computes. At each checkpoint the search calls
// runtime.Gosched: js/wasm has one thread and no preemption, so without
// it no other goroutine would ever run during a search. A stopped search
// returns Stopped, the reason and the statistics so far; only an error
// of the Space is an error.
//
// # Many workers
//
// RunPartition runs one worker of a search split between k workers, and
// RunParallel runs k of them on goroutines. The design is distributed
// UPPAAL's (Behrmann, Hune and Vaandrager, "Distributing Timed Model
// Checking — How the Search Order Matters", CAV 2000): the discrete
// parts are hash-partitioned between the workers, so that every
// inclusion check stays inside one worker's Store, which is the store
// above unchanged, with no lock. A shared lock-free store with
// subsumption (opaal with LTSmin, Dalsgaard et al., NFM 2012) was the
// other choice; it would need a store whose zone lists change under
// concurrent readers, and it does not spread over machines, which this
// one does with another Exchange (the page's Web Workers, NATS).
//
// A worker expands the states it owns; a successor it does not own goes
// to its owner in a batch (parent, depth, label, discrete part, matrix),
// and the owner adds it to its store, checks the goal and queues it.
// Workers name nodes across stores by global numbers (Global: n·k + w),
// so parent pointers cross partitions, and a trace is walked back by
// asking each step's owner (Partition.Step).
//
// The workers proceed in rounds, each ended by two barriers
// (Exchange.Reduce, an all-reduce of Reports). At the first, each
// tells how many batches it has sent to each other one; each then
// receives until it has all those sent to it — the message counting of
// Mattern ("Algorithms for distributed termination detection",
// Distributed Computing 2(3), 1987), here in a synchronous wave, so that
// no batch is in flight after it. At the second, each tells its waiting
// states, a goal state it stored, a stop (budget, error, cancellation):
// all learn the same merged report and so end together, with one
// verdict. A run with no state waiting anywhere after the second
// barrier has explored everything: no message is in flight and no
// worker can generate another.
//
// Breadth-first: a round expands the states of one depth, everywhere
// (level-synchronous), from a waiting list per depth, so the search
// keeps BFS's order between depths and relaxes it within one, where the
// order in which batches arrive decides which of two zones of one key
// is stored first. The states stored differ from the sequential search's
// only by that (a few tenths of a percent on the corpus's proofs), and a
// goal is found at the same depth. Depth-first: a round expands up to
// DFSRound states of each worker's own stack; the states are explored in
// no global depth-first order, and only verdicts are promised.
//
// Budgets: MaxStates bounds the sum; between barriers a worker reads it
// as if the others stored as fast as itself. MaxMemory bounds the
// process: PartOptions.Sharing says how many workers share it, and each
// counts its store that many times. Progress merges the workers'
// snapshots. A goal state found, a budget or cancellation halts every
// worker at its next checkpoint (Exchange.Halt), and the round ends.
//
// # Complexity
//
// With K = DiscreteLen, n = Dim and m the number of live zones of the key,
// Add costs O(K) to hash and compare plus O(m·n²) for the inclusion checks
// (early exit makes most checks short), amortised O(1) table growth, and
// O(n²) to encode the zone. Memory is 16 bytes per node (plus 12 and its
// label under KeepTrace), 2 + 2⌈n(n−1)/16⌉ + f bytes per held zone with f
// finite bounds (2f when one does not fit in int8, 4f when one does not fit
// in int16), rounded up to 4, and about 4(K'+1) + 20 bytes per distinct
// discrete part, K' the words of a packed key. A search costs one Add per
// generated successor and one decoding of a state per expansion.
package search
