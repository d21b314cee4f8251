// The "auto" order: a portfolio of searches racing on one query.

package verify

import (
	"context"
	"errors"
	"runtime"
	"time"

	"beeline/core/model"
	"beeline/core/portfolio"
	"beeline/core/search"
)

// Member is one member of a portfolio (Options.Portfolio): its plan and
// the engine's values for its order and heuristic (core/options resolves
// a portfolio.Member's names into them).
type Member struct {
	portfolio.Member
	Order     search.Order
	Heuristic NewHeuristic // nil: none
}

// PortfolioResult is how a portfolio's race went (Result.Portfolio).
type PortfolioResult struct {
	// Winner is the index in Members of the member whose run gave the
	// Result's verdict and trace; -1 when none decided the query.
	Winner int
	// NotShortest is set when a shortest trace was asked for and the
	// trace comes from a member that does not guarantee one, because
	// none of those that do decided the query.
	NotShortest bool
	// Jobs is the number of members that searched at once.
	Jobs    int
	Members []MemberResult
}

// MemberResult is one member's part in a race: its last run's verdict
// or why it has none, and its figures over all its runs.
type MemberResult struct {
	Member portfolio.Member
	State  portfolio.State
	// Runs is the number of its runs: 0 when it never started, 2 when
	// its probe ran out and it ran again without the bound.
	Runs    int
	Verdict Verdict
	Reason  string
	// Stats are its last run's; Seconds the wall time of all its runs.
	Stats             search.Stats
	Seconds           float64
	Heuristic         string
	PrecomputeSeconds float64
}

// ended is a run's end as its goroutine reports it.
type ended struct {
	run portfolio.Run
	res *Result
	err error
}

// race is one portfolio check under way: the race's rules, its members'
// results, and the runs going.
type race struct {
	n       *model.Network
	f       *model.Formula
	opts    Options
	members []Member
	rules   *portfolio.Race
	out     *PortfolioResult
	results []*Result
	errs    []error
	cancels map[int]context.CancelFunc
	ends    chan ended
	tables  *tableCache
	started []time.Time
}

// checkPortfolio decides f by racing opts.Portfolio's members, at most
// opts.Jobs at once (0: one per processor), and returns the winner's
// result with the race's in Result.Portfolio.
func checkPortfolio(ctx context.Context, n *model.Network, f *model.Formula, opts Options, start time.Time) (*Result, error) {
	if len(opts.Table) > 0 {
		return nil, errors.New("a precomputed table is for one heuristic, and the auto order races several")
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, len(opts.Portfolio))
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(opts.Timeout))
		defer cancel()
	}
	plan := make([]portfolio.Member, len(opts.Portfolio))
	for i, m := range opts.Portfolio {
		plan[i] = m.Member
	}
	r := &race{n: n, f: f, opts: opts, members: opts.Portfolio,
		rules:   portfolio.NewRace(plan, jobs, opts.Trace == TraceShortest),
		out:     &PortfolioResult{Winner: -1, Jobs: jobs, Members: make([]MemberResult, len(plan))},
		results: make([]*Result, len(plan)), errs: make([]error, len(plan)),
		cancels: map[int]context.CancelFunc{}, ends: make(chan ended), tables: newTableCache(),
		started: make([]time.Time, len(plan))}
	for i, m := range plan {
		r.out.Members[i].Member = m
	}
	r.run(ctx)
	res, err := r.result()
	if res != nil {
		res.Seconds = time.Since(start).Seconds()
	}
	return res, err
}

// run starts runs while the rules allow and reads their ends until the
// race is over and every run has returned.
func (r *race) run(ctx context.Context) {
	r.startRuns(ctx)
	for len(r.cancels) > 0 {
		e := <-r.ends
		r.cancels[e.run.Member]()
		delete(r.cancels, e.run.Member)
		r.record(e)
		if r.rules.Over() {
			for _, cancel := range r.cancels {
				cancel()
			}
			continue
		}
		if r.rules.End(e.run, r.classify(e)) {
			for _, cancel := range r.cancels {
				cancel()
			}
			continue
		}
		for _, m := range r.rules.Obsolete() {
			r.cancels[m]()
		}
		r.startRuns(ctx)
	}
}

// startRuns starts the runs the rules hand out.
func (r *race) startRuns(ctx context.Context) {
	for run, ok := r.rules.Next(); ok; run, ok = r.rules.Next() {
		mctx, cancel := context.WithCancel(ctx)
		r.cancels[run.Member] = cancel
		r.started[run.Member] = time.Now()
		r.out.Members[run.Member].Runs++
		opts := r.memberOptions(run)
		go func() {
			res, err := Check(mctx, r.n, r.f, opts)
			r.ends <- ended{run: run, res: res, err: err}
		}()
	}
}

// memberOptions are the options of one run: the race's, with the
// member's order and heuristic (its table shared with the other members
// of that heuristic), a share of the memory budget, the run's probe,
// and the trace a member of its kind can give.
func (r *race) memberOptions(run portfolio.Run) Options {
	m := r.members[run.Member]
	o := r.opts
	o.Portfolio, o.Progress, o.PrecomputeProgress, o.MemberProgress = nil, nil, nil, nil
	o.Timeout = 0 // the race's deadline is in its context
	o.Order, o.Seed = m.Order, m.Member.Seed
	o.Heuristic = nil
	if m.Heuristic != nil {
		o.Heuristic = r.tables.shared(m.Member.Heuristic, m.Heuristic)
	}
	if o.Trace == TraceShortest && !m.Member.Shortest {
		o.Trace = TraceSome
	}
	if o.MaxMemory > 0 {
		o.MaxMemory /= int64(r.out.Jobs)
	}
	o.MaxStates, _ = run.Budget(o.MaxStates)
	if p := r.opts.MemberProgress; p != nil {
		i := run.Member
		o.Progress = func(s search.Stats) { p(i, s) }
	}
	return o
}

// record keeps a run's result as its member's.
func (r *race) record(e ended) {
	i := e.run.Member
	mr := &r.out.Members[i]
	mr.Seconds += time.Since(r.started[i]).Seconds()
	r.errs[i] = e.err
	if e.err != nil {
		mr.Reason = e.err.Error()
		return
	}
	r.results[i] = e.res
	mr.Verdict, mr.Reason, mr.Stats = e.res.Verdict, e.res.Reason, e.res.Stats
	mr.Heuristic, mr.PrecomputeSeconds = e.res.Heuristic, e.res.PrecomputeSeconds
}

// classify reads how a run ended, in the rules' terms.
func (r *race) classify(e ended) portfolio.End {
	o := portfolio.Outcome{Failed: e.err != nil}
	if e.err == nil {
		o.Decided, o.Trace, o.Depth, o.Reason = e.res.Verdict != Unknown, e.res.Depth >= 0, e.res.Depth, e.res.Reason
	}
	return portfolio.Read(e.run, r.members[e.run.Member].Member, r.opts.MaxStates, o)
}

// result is the race's outcome: the winner's result with the race's
// figures, or, undecided, why.
func (r *race) result() (*Result, error) {
	for i := range r.out.Members {
		r.out.Members[i].State = r.rules.State(i)
	}
	w := r.rules.Winner()
	r.out.Winner, r.out.NotShortest = w, r.rules.NotShortest()
	if w >= 0 {
		res := *r.results[w]
		res.Portfolio = r.out
		res.Order = ""
		return &res, nil
	}
	res := &Result{Depth: -1, Portfolio: r.out, Reason: r.rules.Reason()}
	if res.Reason == "" {
		return nil, r.firstError()
	}
	for _, x := range r.results {
		if x != nil && x.Graph != nil {
			res.Graph = x.Graph
			break
		}
	}
	return res, nil
}

// firstError is the error of the first member that failed with one.
func (r *race) firstError() error {
	for _, err := range r.errs {
		if err != nil {
			return err
		}
	}
	return errors.New("no member of the portfolio ran")
}
