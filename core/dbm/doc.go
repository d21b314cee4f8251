// Package dbm implements difference bound matrices (DBMs), the representation
// of clock zones in Beeline's zone-graph engine.
//
// # What a DBM is
//
// A zone over clocks x_1 … x_{n} is a conjunction of constraints x_i − x_j ≺ c
// with ≺ ∈ {<, ≤}, c an integer, and x_0 a reference clock fixed at 0 so that
// x_i ≺ c and −x_j ≺ c are differences too. A DBM of dimension dim = n+1
// stores one bound per ordered pair:
//
//	layout: row-major, m[i*dim+j] bounds x_i − x_j, clock 0 is the reference
//	row 0:  m[0*dim+j] bounds −x_j, that is, the lower bound of x_j
//	col 0:  m[i*dim+0] bounds  x_i, its upper bound
//
// The package is pure matrix algebra. Invariants of locations, urgency,
// committed locations and the choice of extrapolation bounds are zone-graph
// semantics and belong to core/zone; this package only provides the
// operations that semantics is built from, under the names UDBM uses.
//
// # Bounds
//
// A Bound packs "≤ c" or "< c" into an int32 as in UPPAAL: (c<<1)|1 for ≤
// and c<<1 for <. The integer order is then the tightness order, so min is
// intersection and entries compare without decoding. LTInfinity ("< ∞",
// constant 2^30 − 1) means no constraint. Finite constants are limited to
// |c| ≤ MaxConstant = 2^30 − 2. Sums are formed in 64 bits: a sum above the
// range becomes LTInfinity, one below it saturates at an overflow marker that
// Check reports. Models whose constants, summed along any chain of
// constraints, stay below 2^30 never reach either case.
//
// # Invariants
//
// Every DBM handed out by an operation of this package is either
//
//   - closed (canonical): the diagonal is LEZero, every entry is the tightest
//     bound implied by the others (m[i][j] ≤ m[i][k] + m[k][j]), and row 0 is
//     at most LEZero, so clocks are non-negative; or
//   - marked empty: m[0][0] < LEZero, with no meaning in the other entries.
//
// Closed form makes inclusion, equality and hashing syntactic: two closed
// DBMs denote the same zone exactly when their matrices are equal, and
// Z ⊆ Z' exactly when every entry of Z is at most the entry of Z'. Check
// verifies the invariants and prints the offending matrix; tests call it
// after every operation.
//
// Operations that can empty a zone (Close, Close1, CloseIJ, Constrain,
// ConstrainAll, Intersect) return false and mark it. Up, Down, Reset, Free
// and AssignClock cannot, and keep a marked zone marked; neither can
// SwapClocks.
//
// # Operations and their cost
//
//	New, Zero, Unconstrained        O(dim²)
//	At, Set, IsEmpty, SetEmpty      O(1)
//	Close                           O(dim³)  Floyd–Warshall with early exit
//	Close1(k)                       O(dim²)  one Floyd–Warshall round
//	CloseIJ(i, j)                   O(dim²)  after tightening one entry
//	Constrain                       O(1) if no tighter, else O(dim²)
//	ConstrainAll                    O(|cs| + t·dim²), t clocks touched
//	Intersect                       O(dim²) + t·dim²
//	Up, Reset, Free, AssignClock    O(dim)
//	SwapClocks                      O(dim)   renames two clocks (symmetry)
//	Down                            O(dim²)
//	Relation, Includes, Equal, Hash O(dim²), the first three exit early
//	ExtrapolateLU, ExtrapolateM     O(dim²), plus Close if anything changed
//	IsIncludedLU                    O(dim²)
//	Contains                        O(dim²)
//	Point                           O(dim³), allocates
//
// None of the operations above except New, Copy, Point and the formatting
// functions allocate. A store of many DBMs can keep their matrices in one
// []Bound slab and view one with FromRaw without copying.
//
// # Abstractions
//
// ExtrapolateLU is Extra+_LU; with L(x) and U(x) the largest constants that
// clock x is compared with from below (x > c, x ≥ c) and from above (x < c,
// x ≤ c), it yields a finite abstraction that preserves reachability.
// IsIncludedLU is the aLU inclusion test Z ⊆ aLU(Z'), a coarser (so better
// pruning) check that the search may use in place of Includes on an
// unextrapolated zone. NoBound (any negative value) is −∞: a clock that is
// never compared from that side.
//
// # References
//
//   - J. Bengtsson and W. Yi, "Timed Automata: Semantics, Algorithms and
//     Tools", Lectures on Concurrency and Petri Nets, LNCS 3098, 2004: DBMs,
//     canonical form, delay (up), past (down), reset, free, constrain,
//     inclusion, classic maximal-constant extrapolation.
//   - G. Behrmann, P. Bouyer, K. G. Larsen and R. Pelánek, "Lower and upper
//     bounds in zone-based abstractions of timed automata", STTT 8(3), 2006:
//     Extra_LU and Extra+_LU.
//   - F. Herbreteau, B. Srivathsan and I. Walukiewicz, "Better abstractions for
//     timed automata", LICS 2012 and Information and Computation 251, 2016:
//     the aLU abstraction and its O(dim²) inclusion test.
//   - UDBM (UPPAAL's DBM library) for the bound encoding, the operation
//     vocabulary and the incremental closures closeij/close1/closex.
//
// # Points
//
// Contains and Point work on valuations with a common denominator: v[i]/den
// is the value of x_i and v[0] = 0. Point picks the lexicographically least
// valuation of a zone on the grid of multiples of 1/PointDen(dim), a power of
// two, so traces can show exact delays.
package dbm
