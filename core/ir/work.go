// The work of a computation: how copies and comparisons count towards
// MaxWork, and which bodies the back end compiles to nothing.

package ir

// SlotsPerRound is how many slots of an array or struct copied or
// compared (an assignment, an argument passed by value, == and !=) count
// as one round of work: about the time of one round of a small loop.
// Counted as nothing, 3,000 copies of a 400k-slot array in one update ran
// for seconds past a search's time budget.
const SlotsPerRound = 16

// CopyRounds returns the rounds of work a copy or comparison of n slots
// counts: at least one.
func CopyRounds(n int32) int64 { return max(int64(n)+SlotsPerRound-1, SlotsPerRound) / SlotsPerRound }

// NoEffect reports whether the back end compiles st to nothing: a
// for (i : T) over such a body does not even run.
func NoEffect(st Stmt) bool {
	switch st := st.(type) {
	case nil:
		return true
	case *Do:
		_, ok := st.X.(*Const)
		return ok
	case *ForRange:
		return NoEffect(st.Body)
	}
	return false
}
