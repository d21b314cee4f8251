// Check: one query, one search, one verdict.

package verify

import (
	"context"
	"fmt"
	"time"

	"beeline/core/heuristic"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// Verdict is the answer to a query.
type Verdict uint8

const (
	// Unknown: the query was not decided; Result.Reason says why.
	Unknown Verdict = iota
	// Satisfied: the property holds.
	Satisfied
	// NotSatisfied: the property does not hold.
	NotSatisfied
)

var verdictNames = [...]string{Unknown: "unknown", Satisfied: "satisfied", NotSatisfied: "not satisfied"}

// String returns "satisfied", "not satisfied" or "unknown".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", v)
}

// TraceMode says whether a diagnostic trace is wanted, as in UPPAAL's
// Options > Diagnostic Trace.
type TraceMode uint8

const (
	// TraceNone: no trace.
	TraceNone TraceMode = iota
	// TraceSome: the trace the search order finds.
	TraceSome
	// TraceShortest: a trace with the fewest transitions (forces BFS).
	TraceShortest
)

var traceNames = [...]string{TraceNone: "none", TraceSome: "some", TraceShortest: "shortest"}

// String returns "none", "some" or "shortest".
func (m TraceMode) String() string {
	if int(m) < len(traceNames) {
		return traceNames[m]
	}
	return fmt.Sprintf("TraceMode(%d)", m)
}

// Options configures Check. The zero value is a breadth-first search with
// no trace and no budgets.
type Options struct {
	Order search.Order
	Seed  uint64 // for random depth-first search
	Trace TraceMode

	MaxStates int64
	MaxMemory int64
	// Timeout bounds the whole check: a heuristic's precomputation and
	// the search.
	Timeout time.Duration

	// Heuristic builds the distance estimate that orders A* and greedy
	// search and prunes dead ends, for the target read from the query;
	// nil for none (core/options makes one from a heuristic's name).
	Heuristic NewHeuristic
	// HeuristicCache is the number of entries of the table of estimates
	// keyed by a hash of the discrete part (0: DefaultHeuristicCache);
	// NoHeuristicCache turns the table off.
	HeuristicCache   int
	NoHeuristicCache bool
	// Table is a precomputed table of the heuristic (its Table bytes,
	// e.g. from `beeline prepare`): loaded instead of precomputing. A
	// table made for another model, query or option is refused.
	Table []byte

	// NoSymmetry turns symmetry reduction off. It is on otherwise, as in
	// UPPAAL, for E<> and A[] queries (deadlock included) on models whose
	// processes are instantiated over scalar sets; liveness and sup/inf
	// queries are never reduced.
	NoSymmetry bool

	// StoreCommitted stores every state an E<> or A[] search reaches.
	// Otherwise, as UPPAAL does by default ("conservative" space
	// reduction), a state with a process in a committed location is
	// passed through without being stored unless the order is A*
	// (core/search's Transient): Stats.Passed counts those states, and
	// Explored and Stored do not. A search that keeps a trace must store
	// every state, so with a trace asked for, the search runs first
	// without it and again, storing every state, only when it reaches
	// the goal (the statistics count both).
	StoreCommitted bool

	// Progress receives statistics snapshots during the search.
	Progress      func(search.Stats)
	ProgressEvery time.Duration
	// PrecomputeProgress, when not nil, receives the heuristic's
	// precomputation's count, in the heuristic's own units (the progress
	// argument of heuristic.Heuristic.Precompute).
	PrecomputeProgress func(done, total int64)

	// Portfolio, when not empty, races these members on an E<> or A[]
	// query instead of one search (the "auto" order; core/portfolio has
	// the rules): Order, Seed and Heuristic are then the members', each
	// gets MaxMemory divided by the members that search at once, and
	// MaxStates and Timeout bound each member and the race. Other kinds
	// of queries ignore it. Jobs is the most members that search at
	// once (0: one per processor); MemberProgress receives each member's
	// statistics snapshots (Progress is not called).
	//
	// Without Portfolio, Jobs is the number of workers of one search
	// when it is breadth-first or depth-first without a heuristic (see
	// core/search's "Many workers"): more than one splits the states
	// between that many goroutines; 0 and 1 search on this goroutine.
	Portfolio      []Member
	Jobs           int
	MemberProgress func(member int, s search.Stats)

	// Distribute, when set, runs the search of a check by reachability
	// that a parallel search may run (breadth-first or depth-first,
	// without a heuristic) elsewhere: on a cluster's workers, each of
	// which runs Part with the same query, options and the search
	// options given here. It returns the search's result, the trace
	// gathered from the workers when so.Trace.
	Distribute func(ctx context.Context, so search.Options) (*search.Result, error)
}

// Result is the outcome of Check.
type Result struct {
	Verdict Verdict
	// Reason says why the verdict is Unknown ("state limit", "cancelled",
	// "liveness properties (A<>) are not supported yet", or a run-time
	// error of the model with its position), or, with a verdict, why the
	// trace asked for is missing ("trace not built: time limit", see
	// TraceNotBuilt).
	Reason string
	Stats  search.Stats
	// Seconds is the wall time of the check, search and trace building
	// included.
	Seconds float64
	// Workers is the number of workers the search was split between
	// (Options.Jobs): 0 for a search on its own, −1 for one run by
	// Options.Distribute.
	Workers int
	// Heuristic describes the heuristic used ("" for none), and
	// PrecomputeSeconds the time of its precomputation (included in
	// Seconds).
	Heuristic         string
	PrecomputeSeconds float64
	// Symmetry says which scalar sets the search was reduced by, and why
	// others were not.
	Symmetry SymmetryInfo
	// Order says which search order ran, and why, when it is not the one
	// asked for ("breadth-first: a shortest trace needs it"); "" when it
	// is.
	Order string

	// Depth is the number of transitions of the trace found (a witness
	// of E<> or a counterexample of A[]), -1 when there is none; it is
	// known with or without TraceMode.
	Depth int32

	// Graph is the zone graph searched; it formats states and transitions.
	Graph *zone.Graph
	// Symbolic is the symbolic trace (initial state first), when a trace
	// was asked for and the verdict has one: a witness of E<> or a
	// counterexample of A[].
	Symbolic []search.Step
	// Concrete is the same trace with delays and clock values. For E[],
	// A<> and --> it is a lasso or a maximal path (see zone.Trace's End).
	Concrete *zone.Trace

	// Values are the answers of a sup or inf query (whose Verdict is then
	// Satisfied), one per expression in the order written.
	Values []Value

	// Initial says why no state was explored when the initial state
	// violates an invariant ("the initial state violates the invariant
	// of P.A (model.xta:3:15)", zone.Graph.InitialViolation); "" else.
	// Such a model has no state at all, as in UPPAAL: the verdict is the
	// one of an empty state space, and this says why.
	Initial string

	// Portfolio is how the race went, when Options.Portfolio raced
	// members: the rest of the Result is then the winner's.
	Portfolio *PortfolioResult
}

// Value is the supremum or infimum of one expression of a sup or inf
// query over the reachable states where the query's condition holds.
type Value struct {
	Expr string // the expression as written
	// None: no reachable state satisfies the condition. Infinite: the
	// value is unbounded (a clock's supremum when time may pass forever).
	None, Infinite bool
	// Value is the integer value or the clock's bound; for a clock,
	// Strict says the bound is not attained (< or > rather than ≤ or ≥).
	Value  int64
	Clock  bool
	Strict bool
	// Inf: the value is an infimum (a clock's bound is ≥ or >), not a
	// supremum (≤ or <).
	Inf bool
	// Above: the exact value was not found, only that it is more than
	// Value; the verdict is then Unknown and Result.Reason says why.
	Above bool
}

// Check decides the query f on n. The error is for failures of Beeline
// itself or of the model's semantics that make the check meaningless; a
// budget or an unsupported query kind gives an Unknown verdict instead.
func Check(ctx context.Context, n *model.Network, f *model.Formula, opts Options) (*Result, error) {
	start := time.Now()
	res := &Result{Depth: -1}
	defer func() {
		if res.Verdict != Unknown && res.Stats.Explored == 0 {
			res.Initial = initialViolation(n, res.Graph)
		}
		res.Seconds = time.Since(start).Seconds()
	}()

	switch f.Kind {
	case lang.QueryEG, lang.QueryAF, lang.QueryLeadsTo:
		res.Symmetry = symmetryUnused(n, "liveness queries are checked without it")
		return checkLiveness(ctx, n, f, opts, res)
	case lang.QuerySup, lang.QueryInf:
		res.Symmetry = symmetryUnused(n, "sup and inf queries are checked without it")
		return checkBounds(ctx, n, f, opts, res)
	}
	if len(opts.Portfolio) > 0 {
		return checkPortfolio(ctx, n, f, opts, start)
	}
	return checkReachability(ctx, n, f, opts, start, res)
}

// checkReachability decides an E<> or A[] query by a search for its
// target (a query of another kind is Unknown: not supported), in four
// steps: the target and its zone graph (newReach), the search's options
// with the heuristic precomputed (searchOptions), the search and its
// verdict (reach.search), and the trace (buildTrace).
func checkReachability(ctx context.Context, n *model.Network, f *model.Formula, opts Options, start time.Time, res *Result) (*Result, error) {
	r, why, err := newReach(ctx, n, f, opts, start)
	if err != nil {
		return nil, err
	}
	if why != "" {
		res.Reason = why
		return res, nil
	}
	res.Graph = r.graph
	sopts, h, why, err := searchOptions(ctx, n, f, opts, start, r.stop.deadline, res)
	if err != nil {
		return nil, err
	}
	if why != "" {
		res.Reason = why
		return res, nil
	}
	sres, sym := r.search(ctx, opts, h, sopts, res)
	if sres != nil && opts.Trace != TraceNone {
		if err := buildTrace(res, sym, sres.Trace, r.target, r.stop); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// reach is a check by reachability: the target searched for, the zone
// graph and the goal that tests the target on its states, and the
// check's budget as the goal's computations and the trace's see it.
type reach struct {
	target *model.Prop
	// negate is set for A[]: reaching the target violates the property.
	negate bool
	graph  *zone.Graph
	goal   *zone.Goal
	stop   *budget
	// goalErr is the goal's error when the budget first stopped one of
	// its computations: an error of the model, not of the stop, when
	// it is not nil.
	goalErr error
}

// newReach is the first step of a check by reachability: the target of
// f, the zone graph whose extrapolation bounds include its constants,
// and its goal, stopped by the check's budget (opts.Timeout from start,
// and ctx). why says why f is not decided by reachability.
func newReach(ctx context.Context, n *model.Network, f *model.Formula, opts Options, start time.Time) (r *reach, why string, err error) {
	target, negate, why := reachability(f)
	if why != "" {
		return nil, why, nil
	}
	g, err := zone.New(n, zone.Options{}, target)
	if err != nil {
		return nil, "", err
	}
	r = &reach{target: target, negate: negate, graph: g, goal: g.Goal(target),
		stop: &budget{deadline: search.NewDeadline(ctx, start, opts.Timeout)}}
	// The goal evaluates with its own Expander, out of the search's
	// reach: it stops on the same budget, and an error it reports after
	// that is the stop's.
	r.goal.SetInterrupt(r.interruptGoal)
	return r, "", nil
}

// interruptGoal is the goal's interrupt: the check's budget, which
// records the goal's error as it stands when it first stops the goal.
func (r *reach) interruptGoal() bool {
	first := r.stop.stopped == ""
	if !r.stop.interrupt() {
		return false
	}
	if first {
		r.goalErr = r.goal.Err()
	}
	return true
}

// searchOptions is the second step of a check by reachability: the
// search's options from opts, with the heuristic precomputed by the
// check's deadline (its estimate orders the search and what is left of
// the timeout bounds it) and breadth-first order where a shortest trace
// needs it. why says why the check ends here: the deadline or ctx
// stopped the precomputation.
func searchOptions(ctx context.Context, n *model.Network, f *model.Formula, opts Options, start time.Time, deadline search.Deadline, res *Result) (sopts search.Options, h heuristic.Heuristic, why string, err error) {
	sopts = search.Options{
		Order:         opts.Order,
		Seed:          opts.Seed,
		MaxStates:     opts.MaxStates,
		MaxMemory:     opts.MaxMemory,
		Timeout:       opts.Timeout,
		Progress:      opts.Progress,
		ProgressEvery: opts.ProgressEvery,
		Trace:         opts.Trace != TraceNone,
		PassTransient: !opts.StoreCommitted,
	}
	if opts.Heuristic != nil {
		h, why, err = precompute(ctx, deadline, n, f, opts, res)
		if err != nil || h == nil {
			return sopts, nil, why, err
		}
		if opts.Timeout > 0 {
			sopts.Timeout = max(opts.Timeout-time.Since(start), time.Nanosecond)
		}
		sopts.Heuristic = h.Estimate
		if opts.Trace == TraceShortest && opts.Order == search.AStar && !h.Info().Admissible {
			return sopts, nil, "", fmt.Errorf("a shortest trace with A* needs an admissible heuristic, and %s is not", h.Info().Name)
		}
	}
	if opts.Trace == TraceShortest && opts.Order != search.AStar {
		if opts.Order != search.BFS {
			res.Order = "breadth-first: a shortest trace needs it"
		}
		sopts.Order = search.BFS
		sopts.CoverRequiresSmallerDepth = true
	}
	return sopts, h, "", nil
}

// search is the third step of a check by reachability: it searches the
// zone graph, reduced by symmetry where it may be, and reads the outcome
// into res: the statistics, and the verdict or why there is none (a
// budget, a run-time error of the model). It returns the search's
// result when the target was reached, with the symmetry reduction its
// trace is to be mapped back from (nil: none); nil when there is no
// trace to build.
func (r *reach) search(ctx context.Context, opts Options, h heuristic.Heuristic, sopts search.Options, res *Result) (*search.Result, *zone.Symmetric) {
	space, sym, err := symmetricSpace(r.graph, opts, h, &sopts, res)
	if err != nil {
		res.Reason = err.Error()
		return nil, nil
	}
	space.Lazy()
	run := func(ctx context.Context, so search.Options) (*search.Result, error) {
		return search.Run(ctx, space, r.goal.Holds, so)
	}
	switch k := workersOf(opts, sopts); {
	case opts.Distribute != nil && parallelOrder(sopts):
		run = opts.Distribute
		res.Workers = -1
	case k > 1:
		run = r.parallel(k, opts, h, space)
		res.Workers = k
	}
	var sres *search.Result
	if sopts.Trace && sopts.PassTransient && sopts.Order != search.AStar && r.graph.HasCommitted() {
		sres, err = searchThenTrace(ctx, run, sopts)
	} else {
		sres, err = run(ctx, sopts)
	}
	if sres != nil {
		res.Stats = sres.Stats
	}
	if err != nil {
		res.Reason = err.Error()
		return nil, nil
	}
	if gerr := r.goal.Err(); gerr != nil {
		res.Reason = gerr.Error()
		if r.stop.stopped != "" && r.goalErr == nil {
			res.Reason = r.stop.stopped
		}
		return nil, nil
	}
	switch sres.Verdict {
	case search.Stopped:
		res.Reason = sres.Reason
		return nil, nil
	case search.NotReached:
		res.Verdict = verdictOf(r.negate)
		return nil, nil
	}
	res.Verdict = verdictOf(!r.negate)
	res.Depth = sres.Depth
	return sres, sym
}

// TraceNotBuilt begins the Reason of a decided verdict whose trace the
// check's budget or a cancellation left unbuilt: "trace not built: time
// limit".
const TraceNotBuilt = "trace not built: "

// buildTrace, the last step of a check by reachability, maps the
// search's trace back from symmetry reduction (sym nil: none) and
// concretizes it into res, within the check's budget: when stop ends it
// first, res keeps its verdict and no trace, and its Reason says why
// (TraceNotBuilt).
func buildTrace(res *Result, sym *zone.Symmetric, trace []search.Step, target *model.Prop, stop *budget) error {
	if stop.interrupt() {
		res.Reason = TraceNotBuilt + stop.stopped
		return nil
	}
	if sym != nil {
		if err := unfold(sym, trace); err != nil {
			return fmt.Errorf("mapping the trace back from symmetry reduction: %w", err)
		}
	}
	res.Symbolic = trace
	tr, err := res.Graph.Concretize(symbolicPath(trace), target, stop.interrupt)
	switch {
	case stop.stopped != "":
		res.Reason = TraceNotBuilt + stop.stopped
	case err != nil:
		return fmt.Errorf("building the concrete trace: %w", err)
	default:
		res.Concrete = tr
	}
	return nil
}

// lazySpace is a space whose zones need not be extrapolated when the
// search compares them by the space's Subsumption, as search.Run does
// (zone.Expander.Lazy).
type lazySpace interface {
	search.Space
	Lazy()
}

// searchThenTrace runs a search that wants a trace on a network with
// committed locations. A search that keeps a trace stores every state,
// so it runs first without one, passing committed states through as
// UPPAAL does (core/search's Transient): a property that holds, where
// the search must visit everything, costs what it costs without a
// trace. Only when the goal is reached does a second search, storing
// every state, find the trace. The statistics count both searches; the
// second reports its progress on top of the first's.
func searchThenTrace(ctx context.Context, run searcher, opts search.Options) (*search.Result, error) {
	first := opts
	first.Trace, first.CoverRequiresSmallerDepth = false, false
	res, err := run(ctx, first)
	if err != nil || res.Verdict != search.Reached {
		return res, err
	}
	done := res.Stats
	if opts.Timeout > 0 {
		opts.Timeout = max(opts.Timeout-done.Elapsed, time.Nanosecond)
	}
	if progress := opts.Progress; progress != nil {
		opts.Progress = func(s search.Stats) { progress(s.Plus(done)) }
	}
	res, err = run(ctx, opts)
	if res != nil {
		elapsed := res.Stats.Elapsed + done.Elapsed
		res.Stats = res.Stats.Plus(done)
		res.Stats.MemoryBytes = max(res.Stats.MemoryBytes, done.MemoryBytes)
		res.Stats.StoreBytes = max(res.Stats.StoreBytes, done.StoreBytes)
		res.Stats.Timed(elapsed)
	}
	return res, err
}

// precompute builds the heuristic of opts by the check's deadline, which
// covers the precomputation and the search. When the deadline or ctx
// stopped it, it returns no heuristic and the reason.
func precompute(ctx context.Context, deadline search.Deadline, n *model.Network, f *model.Formula, opts Options, res *Result) (heuristic.Heuristic, string, error) {
	if at := deadline.At(); !at.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, at)
		defer cancel()
	}
	h, err := buildHeuristic(ctx, n, f, opts, res)
	// Under js/wasm the context's timer may not have fired yet when the
	// precomputation saw the deadline pass: read the clock as it did.
	reason := deadline.Reason(time.Now())
	switch {
	case err != nil && reason == "":
		return nil, "", err
	case h == nil || err != nil:
		if reason == "" {
			reason = search.ReasonCancelled
		}
		return nil, reason, nil
	}
	return h, "", nil
}

// budget is a check's deadline as the computations of the model's
// functions see it (zone's SetInterrupt): it records that it stopped
// one, so that the error the computation then reports is read as that
// stop.
type budget struct {
	deadline search.Deadline
	stopped  string // why it stopped a computation; "" while it has not
}

// interrupt reports whether the computation must stop now.
func (b *budget) interrupt() bool {
	r := b.deadline.Reason(time.Now())
	if r != "" && b.stopped == "" {
		b.stopped = r
	}
	return r != ""
}

// symbolicPath keeps of a search's trace what the zone graph replays to
// concretize it: the label and the discrete part of each step.
func symbolicPath(trace []search.Step) []zone.SymbolicStep {
	path := make([]zone.SymbolicStep, len(trace))
	for k, s := range trace {
		path[k] = zone.SymbolicStep{Label: s.Label, Discrete: s.Discrete}
	}
	return path
}

// verdictOf maps "the target was reached" to a verdict: for E<> reaching is
// satisfaction, for A[] (negate) it is a violation.
func verdictOf(reachedMeansSatisfied bool) Verdict {
	if reachedMeansSatisfied {
		return Satisfied
	}
	return NotSatisfied
}

// Supported reports whether Check decides f by reachability, and if not,
// why, in the words Check's Result.Reason would use.
func Supported(f *model.Formula) (ok bool, why string) {
	switch f.Kind {
	case lang.QueryEG, lang.QueryAF, lang.QueryLeadsTo, lang.QuerySup, lang.QueryInf:
		return true, ""
	}
	_, _, why = reachability(f)
	return why == "", why
}

// Directed reports whether f is decided by a reachability search that a
// heuristic can direct (E<> and A[]). Liveness queries are decided by a
// depth-first search and sup/inf by a full exploration, where a
// heuristic has nothing to aim at; Check ignores one for them.
func Directed(f *model.Formula) bool {
	return f.Kind == lang.QueryEF || f.Kind == lang.QueryAG
}

// reachability turns a query into a target of reachability: E<> φ searches
// for φ; A[] φ searches for ¬φ and negate is set. why is non-empty for
// queries that are not decided by reachability.
func reachability(f *model.Formula) (target *model.Prop, negate bool, why string) {
	switch f.Kind {
	case lang.QueryEF:
		return f.Prop, false, ""
	case lang.QueryAG:
		return &model.Prop{Op: model.PropNot, Args: []*model.Prop{f.Prop}}, true, ""
	}
	what := f.What
	if what == "" {
		what = "this kind of query"
	}
	return nil, false, what + " is not supported"
}

// initialViolation is zone.Graph.InitialViolation, on g or on a graph of
// n's own when the check built none.
func initialViolation(n *model.Network, g *zone.Graph) string {
	if g == nil {
		var err error
		if g, err = zone.New(n, zone.Options{}); err != nil {
			return ""
		}
	}
	return g.InitialViolation()
}
