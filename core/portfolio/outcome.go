// How a run's result reads in the race's terms: one reading for the
// page and the native engine.

package portfolio

// The reasons of an undecided search that the race tells apart:
// core/search's Reason* words, spelled out here so that the page need
// not import the engine (core/verify's tests hold them equal).
const (
	ReasonStates    = "state limit"
	ReasonMemory    = "memory limit"
	ReasonTime      = "time limit"
	ReasonCancelled = "cancelled"
)

// Budget returns the most states run may store under the user's state
// budget user (≤ 0 for both: no bound), and whether run's probe, not
// the user, sets it.
func (run Run) Budget(user int64) (states int64, probe bool) {
	if run.Probe > 0 && (user <= 0 || run.Probe < user) {
		return run.Probe, true
	}
	return user, false
}

// Outcome is what a finished run reports: it failed with an error, or
// decided the query (Trace: it reached the target, with a trace of
// Depth transitions), or stopped undecided for Reason.
type Outcome struct {
	Failed  bool
	Decided bool
	Trace   bool
	Depth   int32
	Reason  string
}

// Read says how run of member m ended, the user's state budget being
// userStates:
//
//   - an error, the user's state budget or the member's memory share
//     is the member's own failure: the others go on;
//   - the run's probe spent: it runs again without it;
//   - the time limit, a cancellation or a run-time error of the model
//     stops the race.
func Read(run Run, m Member, userStates int64, o Outcome) End {
	switch {
	case o.Failed:
		return End{How: Failed}
	case o.Decided:
		return End{How: Decided, Trace: o.Trace, Shortest: m.Shortest, Depth: o.Depth}
	case o.Reason == ReasonStates:
		if _, probe := run.Budget(userStates); probe {
			return End{How: ProbeSpent}
		}
		return End{How: Failed, Reason: o.Reason}
	case o.Reason == ReasonMemory:
		return End{How: Failed, Reason: o.Reason}
	}
	return End{How: Stopped, Reason: o.Reason}
}
