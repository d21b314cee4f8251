// Package relax implements the heuristics hL and hU of Kupferschmid,
// Hoffmann, Dierks and Behrmann, "Adapting an AI Planning Heuristic for
// Directed Model Checking" (SPIN 2006): the length of a solution of the
// monotonicity abstraction of the network, computed afresh from every
// search state.
//
// # The monotonicity abstraction
//
// Every variable, once it has a value, keeps it: an abstract state gives
// each process a set of locations and each integer variable a set of
// values, and both only grow. A condition holds when some choice of
// values from the sets satisfies it, chosen separately for each
// condition (local quantification, §3.2); an assignment adds the values
// its right-hand side can take. Clocks are ignored, and so are
// invariants, urgency, committed locations and priorities: every relaxed
// restriction makes the abstraction larger, so a real path is always an
// abstract path (Proposition 1), and an abstract dead end is a real one.
//
// # The abstract transition graph (ATG, Fig. 1)
//
// From a state, layer 0 holds its locations and values. Layer k+1 adds to
// layer k the effects of every transition enabled in layer k: an internal
// edge whose source location is in L_k and whose guard conditions hold;
// a binary sender and receiver of the same channel in two different
// processes, both enabled; a broadcast sender alone, and each enabled
// receiver of a channel with an enabled broadcast sender. Channels
// computed at run time may meet any edge of the opposite role. The ATG
// stops at the first layer where a target conjunct holds — hL is that
// layer's number, admissible because every path of length n is an
// abstract path and reaches the target by layer n (Lemma 1) — or when a
// layer adds nothing, and then both heuristics are infinite.
//
// Value sets are exact bit sets when they span at most 64 values
// (booleans, process identifiers, small ranges) and intervals otherwise.
// Expressions are evaluated over sets: exactly by enumeration for small
// sets (at most 256 pairs per operator), by interval rules otherwise,
// with values outside a variable's range dropped (they would be run-time
// errors). An operation that may fail (division by zero, overflow) is
// noted: when the ATG reaches a fixpoint without the target, a guard or
// assigned value of an edge it holds that may fail makes the estimate one
// more layer instead of a dead end, since a concrete run-time error ends
// the concrete search as the target does. v := v ± 1 takes the paper's
// shortcut: the whole interval from the least (greatest) value to the end
// of the range in one layer. An array element written at an index the ATG
// does not track grows every element, and an update the ATG does not
// follow (a function call, an assignment nested in another) grows each
// state slot the model's dependency table says it may write to its whole
// range: both are over-approximations. Effects read layer k, plus what the
// same transition wrote before them; receivers read layer k+1, which
// holds their sender's writes.
//
// "Make the ATG cheap": a condition that held once holds in every later
// layer, so it is not evaluated again, and one that did not is evaluated
// again only when a set it reads has grown since (the paper's incremental
// flags, §4). Nothing is allocated per state once the scratch has grown.
//
// # hU: relaxed plan extraction (appendix A.2, Fig. 5)
//
// Backwards from the target: a needed location is supported by the
// transition that first added it, at the layer below its first layer; a
// needed condition needs, for each slot it reads, the last growth of that
// slot no later than the layer where the condition first held, supported
// by the transition that made it. Selecting a transition makes its
// source locations and guard conditions needed. hU is the number of
// distinct (transition, layer) pairs selected, and at least hL. It is not
// admissible. Unlike Fig. 5, an increment selected to reach a value c
// from c' counts once, not c − c' times.
//
// # Cost, budget and caching
//
// New compiles the abstract network once; there is no precomputation and
// no table (heuristic.NoTable). Each estimate rebuilds the ATG from the
// state, in time linear in the layers times the transitions and
// conditions that change; the ATG stops at maxLayers (1024) layers and
// then returns that count, still a lower bound. Info says hL is
// admissible and both hold on any state (Info.AnyState), not only
// reachable ones; neither is said to be consistent. The estimate reads
// the discrete part only, so core/verify wraps it in heuristic.Cache
// (verify.DefaultHeuristicCache entries; `beeline check --heuristic-cache`).
package relax
