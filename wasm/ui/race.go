// The auto order's race as the page runs it (race_js.go runs it): which
// queries race, how many workers race at once, each run's options, how a
// run ended in the race's terms (core/portfolio), and how the race went
// in the protocol's words, for the result, the status line and the
// table of the searches.

package main

import (
	"strconv"
	"strings"

	"beeline/core/portfolio"
	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// portfolioOrder reports whether the order called name is the auto
// order, a portfolio of searches (the catalog's Portfolio entry).
func portfolioOrder(c *protocol.Catalog, name string) bool {
	if c == nil {
		return false
	}
	o := choice(c.Orders, name)
	return o != nil && o.Portfolio
}

// raceable reports whether the page races the auto order's members on
// formula: an E<> or A[] query, deadlock included, which the engine
// decides by a search for a target. Liveness, sup and inf queries are
// sent to one worker with the auto order, and the engine searches them
// as it always does. Blanks may separate the quantifier's letter from
// its operator, as the query scanner allows.
func raceable(formula string) bool {
	f := strings.TrimSpace(formula)
	if f == "" {
		return false
	}
	rest := strings.TrimLeft(f[1:], " \t")
	switch f[0] {
	case 'E':
		return strings.HasPrefix(rest, "<>")
	case 'A':
		return strings.HasPrefix(rest, "[]")
	}
	return false
}

// maxRaceSlots is the most workers a race keeps busy: beyond four, the
// members added are the diverse ones' near copies, and each worker holds
// its own copy of the engine and its memory.
const maxRaceSlots = 4

// raceSlots is the number of the race's runs at once on a machine of
// cores logical processors (navigator.hardwareConcurrency): one core is
// left to the page, at most maxRaceSlots, and at least two. On a 2-core
// machine one worker would make the race a sequence (each member waiting
// for the one before it to spend its probe or fail), which loses the
// point of a portfolio: two workers share the cores with the page, and
// the member that suits the model still finishes first.
func raceSlots(cores int) int {
	return max(min(cores-1, maxRaceSlots), 2)
}

// runOptions are the options of one run of member m: the user's, with
// the member's order, heuristic and seed, the run's probe as its state
// budget (or the user's, when smaller), a slots'th of the user's memory
// budget, and a shortest trace only from a member that guarantees one.
// timeoutMS is what is left of the user's time limit (0: none).
func runOptions(user protocol.Options, m portfolio.Member, run portfolio.Run, slots int, timeoutMS int64) (protocol.Options, error) {
	h, err := protocol.ParseHeuristic(m.Heuristic)
	if err != nil {
		return protocol.Options{}, err
	}
	o := user
	o.Order, o.Heuristic, o.Seed = protocol.Order(m.Order), h, m.Seed
	o.MaxStates, _ = run.Budget(o.MaxStates)
	if o.MaxMemory > 0 && slots > 1 {
		o.MaxMemory /= int64(slots)
	}
	if o.Trace == traceShortest && !m.Shortest {
		o.Trace = traceSome
	}
	o.TimeoutMS = timeoutMS
	return o, nil
}

// The catalog's trace modes the race reads (core/options' traces).
const (
	traceSome     protocol.TraceMode = "some"
	traceShortest protocol.TraceMode = "shortest"
)

// runEnd says how a run of member m ended, in the race's terms
// (portfolio.Read): res is its result (nil when it failed, failed set),
// userStates the user's state budget (0: none). A verdict reached the
// target (Trace) when the result has a trace or the search did not run
// out of states; an error verdict is the member's failure.
func runEnd(res *protocol.Result, failed bool, run portfolio.Run, m portfolio.Member, userStates int64) portfolio.End {
	o := portfolio.Outcome{Failed: failed || res == nil || res.Verdict == protocol.VerdictError}
	if !o.Failed {
		o.Decided, o.Trace, o.Reason = res.Verdict.Decided(), res.Trace != nil || !res.Exhausted, res.Reason
		if res.Trace != nil {
			o.Depth = int32(len(res.Trace.Steps))
		}
	}
	return portfolio.Read(run, m, userStates, o)
}

// memberRun is what the page knows of one member in a race: its runs so
// far, its last run's result or the message it failed with, its last
// progress snapshot, and the wall time of its runs.
type memberRun struct {
	runs     int
	res      *protocol.Result
	failure  string
	progress *protocol.Progress
	seconds  float64
	// probeSpent: the last run ended with its probe spent.
	probeSpent bool
}

// explored is the member's count of states explored: its result's, else
// its last snapshot's.
func (mr *memberRun) explored() int64 {
	switch {
	case mr.res != nil:
		return mr.res.Explored
	case mr.progress != nil:
		return mr.progress.Explored
	}
	return 0
}

// racePortfolio is how race went, in the protocol's words; jobs is the
// most runs it had at once.
func racePortfolio(race *portfolio.Race, runs []memberRun, jobs int) *protocol.Portfolio {
	p := &protocol.Portfolio{Winner: race.Winner(), NotShortest: race.NotShortest(), Jobs: jobs}
	for i, m := range race.Members() {
		mr := &runs[i]
		r := protocol.MemberResult{Name: m.Name(), Label: m.Label, State: race.State(i).String(),
			Runs: mr.runs, Reason: mr.failure, Seconds: mr.seconds, Explored: mr.explored()}
		if x := mr.res; x != nil {
			r.Verdict, r.Reason, r.Stored, r.Pruned, r.Heuristic = x.Verdict, x.Reason, x.Stored, x.Pruned, x.Heuristic
		} else if mr.failure != "" {
			r.Verdict = protocol.VerdictError
		}
		p.Members = append(p.Members, r)
	}
	return p
}

// raceResult is the race's outcome: the winner's result with the race's
// figures, or, when no member decided, an unknown verdict saying why
// (portfolio.Race.Reason). When every member failed with an error, it
// returns nil and the first member's message.
func raceResult(race *portfolio.Race, runs []memberRun, jobs int) (*protocol.Result, string) {
	p := racePortfolio(race, runs, jobs)
	if w := p.Winner; w >= 0 && runs[w].res != nil {
		res := *runs[w].res
		res.Portfolio, res.Order = p, ""
		return &res, ""
	}
	reason := race.Reason()
	if reason == "" {
		for _, mr := range runs {
			if mr.failure != "" {
				return nil, mr.failure
			}
		}
		return nil, "no search of the auto order ran"
	}
	res := &protocol.Result{Query: -1, Verdict: protocol.VerdictUnknown, Reason: reason, Portfolio: p}
	for _, mr := range runs {
		if mr.res != nil {
			res.Query, res.Formula = mr.res.Query, mr.res.Formula
			break
		}
	}
	return res, ""
}

// winnerLabel is the label of the member whose verdict a result holds,
// "" when it holds none (or did not race).
func winnerLabel(p *protocol.Portfolio) string {
	if p == nil || p.Winner < 0 || p.Winner >= len(p.Members) {
		return ""
	}
	return p.Members[p.Winner].Label
}

// winnerName is the short name of that member (share.Link.Winner), ""
// when there is none.
func winnerName(p *protocol.Portfolio) string {
	if p == nil || p.Winner < 0 || p.Winner >= len(p.Members) {
		return ""
	}
	return p.Members[p.Winner].Name
}

// raceText says, for the status line, who decided a raced query and
// whether its trace is a shortest one: "Decided by greedy + hU (auto:
// 6 searches, 2 at a time)." It returns "" for a result that did not
// race.
func raceText(p *protocol.Portfolio) string {
	if p == nil {
		return ""
	}
	how := " (auto: " + strconv.Itoa(len(p.Members)) + " " + noun(len(p.Members), "search", "searches") +
		", " + strconv.Itoa(p.Jobs) + " at a time)."
	w := winnerLabel(p)
	if w == "" {
		return "No search of the auto order decided it" + how
	}
	s := "Decided by " + w + how
	if p.NotShortest {
		s += " The trace is not known to be shortest: " + w + " does not guarantee one, and no search that does decided the query."
	}
	return s
}

// foundText is the status line while a trace that is not known to be
// shortest waits for a member that guarantees one: "Property is
// satisfied: greedy + hU found a trace of 14 steps, not yet shortest;
// A* + PDB, BFS search on for a shortest one …".
func foundText(race *portfolio.Race, res *protocol.Result) string {
	f := race.Found()
	if f < 0 || res == nil {
		return ""
	}
	ms := race.Members()
	var on []string
	for i, m := range ms {
		if m.Shortest && (race.State(i) == portfolio.Running || race.State(i) == portfolio.Waiting || race.State(i) == portfolio.Queued) {
			on = append(on, m.Label)
		}
	}
	verdict := "Property is satisfied"
	if res.Verdict == protocol.VerdictNotSatisfied {
		verdict = "Property is not satisfied"
	}
	steps := 0
	if res.Trace != nil {
		steps = len(res.Trace.Steps)
	}
	return verdict + ": " + ms[f].Label + " found a trace of " + strconv.Itoa(steps) + " " + noun(steps, "step", "steps") +
		", found, not yet shortest; " + strings.Join(on, ", ") + " search on for a shortest one …"
}

// memberCells are the cells of member i's row in the table of the race
// (after its label): its state, states explored, states per second, best
// estimate ("–" when the search has none yet), time, and result.
func memberCells(race *portfolio.Race, i int, mr *memberRun) [6]string {
	st := race.State(i).String()
	if mr.progress != nil && mr.progress.Phase == "precomputing" && race.State(i) == portfolio.Running {
		st = "running: precomputing"
	}
	rate, estimate := "–", "–"
	if p := mr.progress; p != nil {
		rate = groupThousands(int64(p.Rate))
		if p.HasEstimate {
			estimate = strconv.Itoa(int(p.Estimate))
		}
	}
	if mr.res != nil && mr.seconds > 0 && mr.res.Explored > 0 {
		rate = groupThousands(int64(float64(mr.res.Explored) / mr.seconds))
	}
	secs := "–"
	if mr.seconds > 0 || mr.progress != nil {
		s := mr.seconds
		if mr.seconds == 0 {
			s = float64(mr.progress.ElapsedMS) / 1000
		}
		secs = state.FormatFloat(s) + " s"
	}
	return [6]string{st, groupThousands(mr.explored()), rate, estimate, secs, runWords(mr)}
}

// runWords says how a member's last run ended: its verdict, why it had
// none, or the message it failed with; "" while it runs or waits.
func runWords(mr *memberRun) string {
	switch {
	case mr.failure != "":
		return "error: " + mr.failure
	case mr.res == nil:
		return ""
	case mr.probeSpent:
		return "probe spent (" + groupThousands(mr.res.Stored) + " states stored)"
	case mr.res.Reason != "":
		return mr.res.Verdict.String() + ": " + mr.res.Reason
	}
	return mr.res.Verdict.String()
}
