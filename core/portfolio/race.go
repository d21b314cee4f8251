// The rules of the race.

package portfolio

// Run is one search of a member: its first run with the member's Probe,
// or a run without it.
type Run struct {
	Member int
	// Probe is the most states the run stores (0: no bound but the
	// race's own budgets).
	Probe int64
}

// Ending says how a run ended.
type Ending uint8

const (
	// Decided: the run decided the query.
	Decided Ending = iota
	// ProbeSpent: the run stored its Probe's states undecided.
	ProbeSpent
	// Failed: the member cannot decide this query (its precomputation
	// did not fit its budget, its memory share ran out, an error).
	Failed
	// Stopped: a budget of the whole race (time, cancellation)
	// or a run-time error of the model stopped the run: no other member
	// would do better, and the race ends undecided.
	Stopped
)

// End is what a run reports when it ends.
type End struct {
	How Ending
	// Trace: a decided run reached the target (it has a trace, or could
	// build one). Shortest: that trace is a shortest one.
	Trace    bool
	Shortest bool
	// Depth is the number of transitions of the run's trace (with Trace).
	Depth int32
	// Reason is why a run that failed or stopped is undecided ("memory
	// limit", "time limit"); "" for an error (a failure with no result).
	Reason string
}

// State is where a member stands in the race.
type State uint8

const (
	Waiting   State = iota // not started yet
	Running                // a run of it is under way
	Queued                 // its probe is spent; waits for a run without it
	Won                    // it decided the query
	Found                  // it found a trace that is not known to be shortest
	Dropped                // it failed on its own (End.How == Failed)
	Lost                   // the race ended, or no longer needed it, after it started
	Unstarted              // the race ended before it started
)

var stateNames = [...]string{Waiting: "waiting", Running: "running", Queued: "queued",
	Won: "won", Found: "found, not yet shortest", Dropped: "failed", Lost: "stopped", Unstarted: "not started"}

// String says the state in the words of the page and the command line.
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "unknown"
}

// Race is one race of a portfolio's members on one query. It is not safe
// for concurrent use: the page calls it from its one thread, the native
// engine from the goroutine that collects the runs' ends.
type Race struct {
	members  []Member
	slots    int
	shortest bool
	states   []State
	queue    []Run
	running  int
	over     bool
	winner   int // -1: none yet
	found    int // the member whose trace is not known to be shortest; -1: none
	foundAt  int32
	// head is set while the first member's head start runs alone.
	head bool
	// stopped is the reason of the run that stopped the race; reasons
	// that of each member that failed with one.
	stopped string
	reasons []string
}

// HeadStart is the most states the first member stores alone, before
// the others start, when it is a cheap member (one with a Probe): a
// query it decides at once is decided without the cost of starting the
// others beside it, and one it does not costs them a few milliseconds.
const HeadStart = 100

// NewRace starts a race of members with at most slots runs at once
// (at least one). With shortest, a trace ends the race only when it is a
// shortest one (see the package documentation).
func NewRace(members []Member, slots int, shortest bool) *Race {
	r := &Race{members: members, slots: max(slots, 1), shortest: shortest,
		states: make([]State, len(members)), reasons: make([]string, len(members)), winner: -1, found: -1}
	for i, m := range members {
		r.queue = append(r.queue, Run{Member: i, Probe: m.Probe})
	}
	if len(members) > 1 && members[0].Probe > HeadStart {
		r.head = true
		r.queue[0].Probe = HeadStart
	}
	return r
}

// Next returns the run to start now, if a slot is free and a run waits.
// Call it until it says no after every End and at the start.
func (r *Race) Next() (Run, bool) {
	for !r.over && r.running < r.slots && len(r.queue) > 0 && !(r.head && r.running > 0) {
		run := r.queue[0]
		r.queue = r.queue[1:]
		r.states[run.Member] = Running
		r.running++
		return run, true
	}
	return Run{}, false
}

// End records how run ended and reports whether the race is over: then
// every run still going is to be stopped, and Winner says who won.
func (r *Race) End(run Run, e End) (over bool) {
	if r.over {
		return true
	}
	r.running--
	m := run.Member
	head := r.head
	r.head = false
	switch {
	case r.states[m] == Lost:
		// Stopped by the race (Obsolete): its end says nothing.
	case e.How == Decided:
		r.decided(m, e)
	case e.How == ProbeSpent && head:
		// The head start is over: the member runs on with its probe,
		// and the others start beside it.
		r.states[m] = Queued
		r.queue = append([]Run{{Member: m, Probe: r.members[m].Probe}}, r.queue...)
	case e.How == ProbeSpent:
		r.states[m] = Queued
		r.queue = append(r.queue, Run{Member: m})
	case e.How == Failed:
		r.states[m] = Dropped
		r.reasons[m] = e.Reason
	default:
		r.states[m] = Lost
		r.stopped = e.Reason
		r.finish()
	}
	r.prune()
	if !r.over && r.running == 0 && len(r.queue) == 0 {
		r.finish() // nobody left: the trace found, if any, stands
	}
	return r.over
}

// decided records member m's decided run.
func (r *Race) decided(m int, e End) {
	if !r.shortest || !e.Trace || e.Shortest {
		if r.found >= 0 {
			r.states[r.found] = Lost
		}
		r.states[m] = Won
		r.winner = m
		r.finish()
		return
	}
	// A trace, not known to be shortest: the verdict stands, the trace
	// waits for a member that guarantees one.
	r.states[m] = Found
	if r.found < 0 || e.Depth < r.foundAt {
		if r.found >= 0 {
			r.states[r.found] = Lost
		}
		r.found, r.foundAt = m, e.Depth
	}
}

// prune drops the queued runs that cannot confirm the trace found, if
// any: those of members that do not guarantee a shortest trace.
func (r *Race) prune() {
	if r.found < 0 {
		return
	}
	keep := r.queue[:0]
	for _, run := range r.queue {
		switch {
		case r.members[run.Member].Shortest:
			keep = append(keep, run)
		case r.states[run.Member] == Waiting:
			r.states[run.Member] = Unstarted
		default:
			r.states[run.Member] = Lost
		}
	}
	r.queue = keep
}

// Obsolete returns the members running that can no longer change the
// race's outcome, and counts them as lost: once a trace that is not known
// to be shortest decided the verdict, only the members that guarantee a
// shortest trace are of use. Stop their runs; their ends are ignored.
func (r *Race) Obsolete() []int {
	if r.over || r.found < 0 {
		return nil
	}
	var out []int
	for i, s := range r.states {
		if s == Running && !r.members[i].Shortest {
			r.states[i] = Lost
			out = append(out, i)
		}
	}
	return out
}

// finish ends the race: the members still running or waiting lost.
func (r *Race) finish() {
	r.over = true
	r.queue = nil
	for i, s := range r.states {
		switch s {
		case Running, Queued:
			r.states[i] = Lost
		case Waiting:
			r.states[i] = Unstarted
		}
	}
}

// Over reports whether the race has ended.
func (r *Race) Over() bool { return r.over }

// Winner returns the member whose run decides the query: the winner, or
// when none guaranteed the shortest trace asked for, the member that
// found the shortest trace known (then NotShortest is true); -1 when
// the race ended undecided.
func (r *Race) Winner() int {
	if r.winner >= 0 {
		return r.winner
	}
	if r.over {
		return r.found
	}
	return -1
}

// Reason says why a race that ended with no winner is undecided: the
// reason of the run that stopped it, else the reason most members that
// failed gave (on a tie, the first member's); "" when they all failed
// with errors. A spent probe is no reason: its member would have run on.
func (r *Race) Reason() string {
	if r.stopped != "" {
		return r.stopped
	}
	counts := map[string]int{}
	best := ""
	for i, why := range r.reasons {
		if why == "" || r.states[i] != Dropped {
			continue
		}
		counts[why]++
		if best == "" || counts[why] > counts[best] {
			best = why
		}
	}
	return best
}

// Found returns the member whose trace decided the verdict but is not
// known to be shortest, while the race waits for a member to confirm
// it; -1 when there is none.
func (r *Race) Found() int {
	if r.winner >= 0 {
		return -1
	}
	return r.found
}

// NotShortest reports whether the race ended with a trace that no
// member could confirm as shortest, when a shortest one was asked for.
func (r *Race) NotShortest() bool { return r.over && r.winner < 0 && r.found >= 0 }

// State returns member i's state.
func (r *Race) State(i int) State { return r.states[i] }

// Members returns the race's members.
func (r *Race) Members() []Member { return r.members }
