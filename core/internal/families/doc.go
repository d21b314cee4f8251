// Package families generates scaled families of UPPAAL models for
// Beeline's benchmarks of directed search, after the benchmarks of
// Dräger, Finkbeiner and Podelski, "Directed model checking with
// distance-preserving abstractions" (Section 7): the Towers of Hanoi with
// one process per disk (Hanoi), whose shortest error trace grows
// exponentially with the number of disks, and an arbiter tree with a
// faulty client (ArbiterTree), whose number of processes grows
// exponentially with the height and whose shortest error trace only
// linearly.
//
// The instances Beeline keeps are in testdata/models/hanoi and
// testdata/models/arbiter; the package's tests fail when they differ
// from the generators' output, and
//
//	go test ./core/internal/families -update
//
// writes them again.
package families
