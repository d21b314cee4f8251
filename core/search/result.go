// The outcome of a search: verdict, statistics and trace.

package search

import (
	"fmt"
	"time"

	"beeline/core/dbm"
)

// Verdict is the outcome of a search.
type Verdict uint8

const (
	// NotReached means the search explored the whole state space and
	// found no goal state.
	NotReached Verdict = iota
	// Reached means a goal state was found; Result.Goal names it.
	Reached
	// Stopped means the search ended early; Result.Reason says why.
	Stopped
)

var verdictNames = [...]string{NotReached: "not reached", Reached: "reached", Stopped: "stopped"}

// String returns "not reached", "reached" or "stopped".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", v)
}

// The reasons a search stops early (Result.Reason when Verdict is Stopped).
const (
	ReasonStates    = "state limit"  // Options.MaxStates stored states
	ReasonMemory    = "memory limit" // Options.MaxMemory bytes
	ReasonTime      = "time limit"   // Options.Timeout, or the context's deadline
	ReasonCancelled = "cancelled"    // the context was cancelled
	ReasonError     = "error"        // the Space returned an error; Run returns it too
)

// stopReason is why a search ended without a goal, or that it has not
// ended: the one place the searcher records it. A budget, the deadline
// or the context stops the search (an Interrupter's poll included, so
// that the error the Space then returns is read as that stop), the
// Space fails, or the waiting list runs empty.
type stopReason uint8

const (
	// going: the search has not stopped.
	going stopReason = iota
	// exhausted: the waiting list ran empty; the Result is NotReached.
	exhausted
	stopStates    // ReasonStates
	stopMemory    // ReasonMemory
	stopTime      // ReasonTime
	stopCancelled // ReasonCancelled
	stopError     // ReasonError
)

var stopNames = [...]string{going: "going", exhausted: "exhausted", stopStates: ReasonStates,
	stopMemory: ReasonMemory, stopTime: ReasonTime, stopCancelled: ReasonCancelled, stopError: ReasonError}

// String returns the Reason of a stopped search (ReasonStates, ...),
// "exhausted" or "going".
func (r stopReason) String() string {
	if int(r) < len(stopNames) {
		return stopNames[r]
	}
	return fmt.Sprintf("stopReason(%d)", r)
}

// stopped reports whether r ends the search early (Result.Verdict
// Stopped): a budget, the deadline, the context or an error.
func (r stopReason) stopped() bool { return r != going && r != exhausted }

// interrupts reports whether r is one that the searcher's interrupt poll
// gives (the deadline, the context, the memory budget): a Space's error
// after such a stop is how it abandoned its computation.
func (r stopReason) interrupts() bool {
	return r == stopTime || r == stopCancelled || r == stopMemory
}

// Stats are the counters of a search. A progress callback receives a
// snapshot; Result holds the final one.
type Stats struct {
	Explored  int64 // states expanded (their successors computed)
	Generated int64 // successors produced by the Space
	Stored    int64 // states added to the store; Stored − Covered are in the passed list
	Included  int64 // successors discarded because a stored zone included them
	Covered   int64 // stored states later covered by a larger zone
	Skipped   int64 // covered states popped from the waiting list and not expanded
	Waiting   int64 // states in the waiting list, including covered ones not yet popped
	Pruned    int64 // stored states not expanded because the heuristic said infinite (dead ends)
	Passed    int64 // transient states expanded without being stored (Options.PassTransient)
	// Reopened counts the states stored again, on a shorter path, after
	// a state they cover or are covered by was expanded.
	Reopened int64

	Rate    float64       // explored states per second
	Elapsed time.Duration // time since the search started
	// MemoryBytes is the memory the budget counts (Options.MaxMemory):
	// the store's and the waiting list's, and with a budget the
	// program's at the start.
	MemoryBytes int64
	// StoreBytes is the memory of the store alone (Store.Bytes): the
	// passed list's hash table, discrete parts, node records, zones and
	// trace labels. Divided by Stored, it is the cost of a stored state.
	StoreBytes int64

	// BestEstimate is, when HasEstimate, the smallest estimate of
	// Options.Heuristic over the states stored so far (dead ends
	// aside): how near the search has come to a goal, in transitions.
	BestEstimate int32
	HasEstimate  bool
}

// Plus returns s with the cumulative counters of o added (states
// explored, generated, stored, included, covered, skipped, pruned,
// reopened, passed): the statistics of two searches counted as one. The levels
// (Waiting, MemoryBytes) and the times are s's.
func (s Stats) Plus(o Stats) Stats {
	s.Explored += o.Explored
	s.Generated += o.Generated
	s.Stored += o.Stored
	s.Included += o.Included
	s.Covered += o.Covered
	s.Skipped += o.Skipped
	s.Pruned += o.Pruned
	s.Reopened += o.Reopened
	s.Passed += o.Passed
	return s
}

// Timed sets Elapsed, and Rate from it.
func (s *Stats) Timed(elapsed time.Duration) {
	s.Elapsed = elapsed
	if sec := elapsed.Seconds(); sec > 0 {
		s.Rate = float64(s.Explored) / sec
	}
}

// Step is one state of a trace: the transition that led to it (nil for the
// initial state) and the symbolic state it reached.
type Step struct {
	Label    []int32
	Discrete []int32
	Zone     *dbm.DBM
}

// Result is the outcome of Run.
type Result struct {
	Verdict Verdict
	Reason  string // why the search stopped, when Verdict is Stopped
	Stats   Stats

	// Goal is the store's node of the goal state found, or NoNode;
	// Depth is its number of transitions from the initial state.
	Goal  int32
	Depth int32

	// Trace is the path from the initial state to the goal state, one
	// Step per state (Depth+1 of them), when Reached and Options.Trace.
	Trace []Step
}

// Path returns the path from the initial state to node n, rebuilt from
// parent pointers: one Step per node, Depth(n)+1 of them, with copies of
// the labels, discrete parts and zones. The store must keep trace data
// (StoreOptions.KeepTrace); otherwise labels are nil and the zones of
// covered nodes are left as dbm.New makes them.
func (s *Store) Path(n int32) []Step {
	steps := make([]Step, s.Depth(n)+1)
	for i := len(steps) - 1; i >= 0; i-- {
		z := dbm.New(s.Dim())
		s.Zone(n, z)
		steps[i] = Step{
			Discrete: append([]int32(nil), s.Discrete(n)...),
			Zone:     z,
		}
		if i > 0 {
			steps[i].Label = append([]int32{}, s.Label(n)...)
		}
		n = s.Parent(n)
	}
	return steps
}
