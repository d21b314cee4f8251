// Package families generates scaled families of UPPAAL models for
// Beeline's benchmarks of directed search, after the benchmarks of
// Dräger, Finkbeiner and Podelski, "Directed model checking with
// distance-preserving abstractions" (Section 7): the Towers of Hanoi with
// one process per disk (Hanoi), whose shortest error trace grows
// exponentially with the number of disks, and an arbiter tree with a
// faulty client (ArbiterTree), whose number of processes grows
// exponentially with the height and whose shortest error trace only
// linearly. A third family is Beeline's own: k workers (Haste) that each
// choose between a short way to done that their clocks make a dead end
// and a longer one that is always open, so that the heuristics that drop
// clock constraints are led into the dead ends; its shortest error trace
// grows linearly with k, its state space exponentially.
//
// The instances Beeline keeps are in testdata/models/hanoi,
// testdata/models/arbiter and testdata/models/haste; the package's tests
// fail when they differ from the generators' output, and
//
//	go test ./core/families -update
//
// writes them again.
package families
