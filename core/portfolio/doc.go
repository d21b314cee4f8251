// Package portfolio is Beeline's "auto" search order: several searches
// of one query race, and the first to decide it wins.
//
// No configuration wins everywhere. Greedy search with the syntax
// predicates finds CSMA/CD's error after a handful of states where A*
// with a pattern database spends seconds on its table; on the Towers of
// Hanoi A* with that table walks straight down the shortest trace while
// the others wander through hundreds of thousands of states; on an
// arbiter tree only depth-first search gets anywhere. A portfolio runs
// members chosen for diversity, cheap ones first, and takes whatever
// answer comes first.
//
// The package is the plan and the rules of the race, with no engine in
// it, so that the page (one Web Worker per run) and the native engine
// (one goroutine per run, core/verify) race alike:
//
//   - Members lists the members, in the order they start.
//   - Race hands out runs while slots are free (Next) and reads each
//     run's end (End): a decided verdict ends the race; a member whose
//     probe budget ran out goes to the back of the queue for a run
//     without it; a member that failed on its own (its precomputation
//     did not fit, say) is dropped; a budget of the whole race (time,
//     cancellation) ends it undecided. A cheap first member first runs
//     alone for HeadStart states, so that what it decides at once costs
//     no more than it alone.
//   - When a shortest trace is asked for, only a member that guarantees
//     one (breadth-first search, A* with an admissible heuristic) may
//     end the race with a trace. A trace from another member decides the
//     verdict, and is kept as "found, not yet shortest" while those
//     members run on; the race ends with it only when none of them is
//     left.
package portfolio
