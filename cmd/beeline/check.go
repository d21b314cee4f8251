// The check command: decide queries and print verdicts, statistics, traces.

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"beeline/core/job"
	"beeline/core/lang"
	"beeline/core/options"
	"beeline/core/present"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/source"
	"beeline/core/verify"
)

// checkFlags are the options of `beeline check`.
type checkFlags struct {
	queries   intList
	formulas  stringList
	order     string
	heuristic string
	hcache    int
	trace     string
	json      bool
	quiet     bool
	maxStates int64
	maxMemory byteSize
	timeout   time.Duration
	bound     int
	seed      uint64
	table     string
	symmetry  string
	jobs      int
	// jsonProgress writes progress as JSON lines on stderr.
	jsonProgress bool
	// storeCommitted is verify.Options.StoreCommitted.
	storeCommitted bool
	// nats is the URL of the NATS server whose workers search; workers
	// the number of workers of each search.
	nats    string
	workers int
}

func (c *checkFlags) register(fl *flag.FlagSet) {
	fl.Var(&c.queries, "query", "check the model's `N`-th query (0-based; may be repeated)")
	fl.Var(&c.formulas, "formula", "check the `formula` F given here (may be repeated)")
	cat := options.Builtin().Catalog()
	fl.StringVar(&c.order, "search", "bfs", choiceUsage("search `order`", cat.Orders, orderTraits))
	fl.StringVar(&c.heuristic, "heuristic", "", choiceUsage("distance estimate of the directed orders, `NAME` or NAME:PARAM=VALUE,...; it also prunes dead ends", cat.Heuristics, protocol.Choice.Admissibility))
	fl.IntVar(&c.bound, "bound", 0, "the bound `N` of the mas heuristic: the most states an intermediate abstraction keeps (shorthand for --heuristic mas:bound=N)")
	fl.IntVar(&c.hcache, "heuristic-cache", verify.DefaultHeuristicCache, "entries of the table of heuristic estimates (0: off)")
	fl.StringVar(&c.trace, "trace", "none", choiceUsage("diagnostic `trace`", cat.Traces, noTraits))
	fl.BoolVar(&c.json, "json", false, "print the results as one JSON object")
	fl.BoolVar(&c.quiet, "quiet", false, "print no progress")
	fl.BoolVar(&c.jsonProgress, "json-progress", false, "write progress to stderr as one JSON object a line, about once a second (each member's, for --search auto)")
	fl.IntVar(&c.jobs, "jobs", 0, "with --search auto, the most searches that race at once; with bfs, dfs or random-dfs, the workers one search is split between (0: one per processor)")
	fl.Int64Var(&c.maxStates, "max-states", 0, "stop a query after storing `N` states (0: no limit)")
	fl.Var(&c.maxMemory, "max-memory", "stop a query before the process's resident memory passes `BYTES` (e.g. 512M, 2G; 0: no limit)")
	fl.DurationVar(&c.timeout, "timeout", 0, "stop loading the model, and each query, after this `duration` (e.g. 30s, 5m; 0: no limit)")
	fl.Uint64Var(&c.seed, "seed", 1, "seed of the random depth-first search")
	fl.StringVar(&c.table, "table", "", "load the heuristic's precomputed table from `FILE` (written by beeline prepare; a regular file of at most 256 MiB) instead of computing it")
	fl.StringVar(&c.symmetry, "symmetry", "on", choiceUsage("symmetry `reduction` for scalar sets", cat.Symmetries, noTraits))
	fl.StringVar(&c.nats, "nats", "", "search on the workers (beeline worker) of the NATS server at `URL`, e.g. nats://host:4222: bfs, dfs or rdfs without a heuristic")
	fl.IntVar(&c.workers, "workers", 0, "with --nats, the number `N` of workers each search is split between")
	fl.BoolVar(&c.storeCommitted, "store-committed", false, "store every state; otherwise, as UPPAAL does, states with a process in a committed location are passed through without being stored (not with astar; with a trace asked for, a second search that stores them runs when the goal is reached)")
}

func (c *checkFlags) options() (verify.Options, error) {
	v := verify.Options{Seed: c.seed, MaxStates: c.maxStates, MaxMemory: int64(c.maxMemory), Timeout: c.timeout,
		HeuristicCache: c.hcache, NoHeuristicCache: c.hcache == 0, StoreCommitted: c.storeCommitted, Jobs: c.jobs}
	heuristic, err := withBound(c.heuristic, c.bound)
	if err != nil {
		return verify.Options{}, err
	}
	if err := searchOptions(options.Builtin(), protocol.Options{Order: protocol.Order(c.order), Trace: protocol.TraceMode(c.trace), Symmetry: protocol.Symmetry(c.symmetry)}, heuristic, &v); err != nil {
		return verify.Options{}, err
	}
	if c.maxStates < 0 || c.timeout < 0 || c.hcache < 0 || c.jobs < 0 {
		return verify.Options{}, fmt.Errorf("budgets and cache sizes must not be negative")
	}
	if v.Jobs == 0 {
		v.Jobs = runtime.NumCPU()
	}
	if err := c.clusterOptions(v); err != nil {
		return verify.Options{}, err
	}
	if c.table != "" && c.heuristic == "" {
		return verify.Options{}, fmt.Errorf("--table needs --heuristic: the table belongs to one")
	}
	if c.table != "" && v.Portfolio != nil {
		return verify.Options{}, fmt.Errorf("--table is for one heuristic, and --search %s races several", c.order)
	}
	return v, nil
}

// natsSplits says which searches --nats splits.
const natsSplits = "--nats splits a breadth- or depth-first search without a heuristic (bfs, dfs, rdfs)"

// clusterOptions checks --nats and --workers against the search
// options v: only a breadth- or depth-first search without a heuristic
// can be split between workers.
func (c *checkFlags) clusterOptions(v verify.Options) error {
	switch {
	case c.nats == "" && c.workers != 0:
		return fmt.Errorf("--workers needs --nats URL: the workers are those of a NATS server")
	case c.nats == "":
		return nil
	case c.workers < 1:
		return fmt.Errorf("--nats needs --workers N, the number of workers each search is split between")
	case v.Portfolio != nil || v.Order != search.BFS && v.Order != search.DFS && v.Order != search.RandomDFS:
		return fmt.Errorf("%s, and --search %s cannot be split between workers", natsSplits, c.order)
	case v.Heuristic != nil:
		return fmt.Errorf("%s, and a search with --heuristic cannot be split between workers", natsSplits)
	}
	return nil
}

const checkUsage = `usage: beeline check MODEL [QUERIES.q]... [options]

Checks the queries of an UPPAAL model (.xml or .xta) and of the query files
given after it: every query, or those picked with --query and --formula.
On a terminal, a query that runs longer than a second shows its progress
on one line of stderr, erased before its result is printed. With --nats
and --workers, each breadth- or depth-first search is split between that
many workers of a NATS server (started with beeline worker --nats URL).
Exit status: 0 when every checked query was decided, 1 on errors in the
model or a query, 2 on usage errors, 3 when a budget, a cancellation or a
lost worker stopped a query.

options:
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	return checkWith(args, stdout, stderr, terminalStatus)
}

// checkWith is runCheck showing the status line that newStatus sets up on
// stderr (nil: none), unless --quiet or --json is given.
func checkWith(args []string, stdout, stderr io.Writer, newStatus func(stderr io.Writer) *statusSetup) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var cf checkFlags
	cf.register(fl)
	fl.Usage = func() {
		fmt.Fprint(stderr, checkUsage)
		fl.PrintDefaults()
	}
	pos, err := parseInterspersed(fl, args)
	if err != nil {
		return exitUsage
	}
	opts, err := cf.options()
	if err == nil && len(pos) == 0 {
		err = fmt.Errorf("no model given")
	}
	if err == nil && isQueryFile(pos[0]) {
		err = fmt.Errorf("the first argument must be a model, not the query file %s", pos[0])
	}
	for _, p := range pos[min(1, len(pos)):] {
		if err == nil && !isQueryFile(p) {
			err = fmt.Errorf("only one model at a time: %s is not a .q file", p)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline check: %v\n", err)
		fl.Usage()
		return exitUsage
	}

	if cf.table != "" {
		// A file, not a flag, that is wrong: said without the usage.
		if opts.Table, err = readTable(cf.table, int64(cf.maxMemory)); err != nil {
			fmt.Fprintf(stderr, "beeline check: %v\n", err)
			return exitModelError
		}
	}
	l, picked, status := loadPicked("check", pos, cf.queries, cf.formulas, cf.timeout, stderr)
	if l == nil {
		return status
	}
	if l.Net == nil {
		return exitModelError
	}

	if opts.MaxMemory > 0 {
		opts.MaxMemory = keepTo(opts.MaxMemory)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var shown *statusSetup
	if !cf.quiet && !cf.json && !cf.jsonProgress {
		shown = newStatus(stderr)
	}
	var progressTo io.Writer
	if cf.jsonProgress {
		progressTo = stderr
	}
	var cl *cluster
	if cf.nats != "" {
		var err error
		if cl, err = joinCluster(cf.nats, cf.workers, pos, len(l.Queries)-len(cf.formulas), opts); err != nil {
			fmt.Fprintf(stderr, "beeline check: %v\n", err)
			return exitUsage
		}
		defer cl.close()
	}
	report, status := checkAll(ctx, l, picked, opts, cl, cf.json, stdout, shown, progressTo)
	if cf.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(report); err != nil {
			fmt.Fprintf(stderr, "beeline check: %v\n", err)
			return exitModelError
		}
	}
	return status
}

// cluster is the searches of a check run on the workers of a NATS server
// (--nats); see cluster.go.
type cluster struct {
	workers int
	// hook returns the Distribute hook of a query's search.
	hook  func(q *job.Query) func(context.Context, search.Options) (*search.Result, error)
	close func()
}

// checkAll checks the picked queries, printing each result as text
// unless asJSON, and returns the report and the worst exit status. The
// searches run on cl's workers when cl is not nil. While
// a query runs, shown (if not nil) shows its status line, erased before
// the result is printed, and progress goes to progressTo as JSON lines
// (if not nil).
func checkAll(ctx context.Context, l *loaded, picked []*job.Query, opts verify.Options, cl *cluster, asJSON bool, stdout io.Writer, shown *statusSetup, progressTo io.Writer) (*checkReport, int) {
	report := &checkReport{Model: l.Path}
	status := exitOK
	for _, q := range picked {
		line := shown.line(q.Index)
		qopts := line.watch(opts)
		if progressTo != nil {
			qopts = jsonProgress(progressTo, q.Index, qopts)
		}
		if cl != nil {
			qopts.Distribute = cl.hook(q)
		}
		r := checkOne(ctx, l, q, qopts, asJSON)
		if r.Workers < 0 && cl != nil {
			r.Workers, r.NATS = cl.workers, true
		}
		line.clear()
		report.Queries = append(report.Queries, r)
		status = worse(status, r.status)
		if !asJSON {
			printQueryResult(stdout, l, r)
		}
	}
	return report, status
}

// loadPicked loads the model and query files named by pos, prints the
// model's diagnostics, and picks the queries; on failure it returns a nil
// model and the exit status. Loading is given up past timeout (0: no
// limit).
func loadPicked(cmd string, pos []string, idx []int, formulas []string, timeout time.Duration, stderr io.Writer) (*loaded, []*job.Query, int) {
	l, err := loadWithin(timeout, pos[0], pos[1:])
	if err != nil {
		fmt.Fprintf(stderr, "beeline %s: %v\n", cmd, err)
		if errors.Is(err, errLoadTime) {
			return nil, nil, exitBudget
		}
		return nil, nil, exitModelError
	}
	picked, err := pickQueries(l, idx, formulas)
	l.Diags = l.FS.Sort(l.Diags)
	for _, d := range l.Diags {
		fmt.Fprintln(stderr, l.FS.Format(d))
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline %s: %v\n", cmd, err)
		return nil, nil, exitUsage
	}
	if l.QueryFileErrors {
		fmt.Fprintf(stderr, "beeline %s: %s\n", cmd, job.QueryFileErrorsWhy)
		return nil, nil, exitModelError
	}
	return l, picked, exitOK
}

// pickQueries returns the queries to check: those named by --query and
// --formula, or every query of the model and its query files.
func pickQueries(l *loaded, idx []int, formulas []string) ([]*job.Query, error) {
	qs, err := l.Pick(idx, formulas)
	if err != nil {
		return nil, fmt.Errorf("--%v", err)
	}
	return qs, nil
}

// worse returns the more severe exit status: a model error outranks a
// budget stop, which outranks success.
func worse(a, b int) int {
	rank := func(s int) int {
		switch s {
		case exitModelError:
			return 2
		case exitBudget:
			return 1
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// checkOne decides one query and records what to print: the trace as
// JSON or as text, as asJSON says. Its Seconds include the time of
// writing the trace out, which for a trace of 100,000 steps is seconds.
func checkOne(ctx context.Context, l *loaded, q *job.Query, opts verify.Options, asJSON bool) *queryResult {
	o := l.Check(ctx, q, opts)
	r := &queryResult{Index: q.Index, Formula: q.Text, Comment: q.Comment, Pos: l.FS.Position(q.Pos),
		Verdict: present.Verdict(o), Reason: o.Reason, Skipped: o.Skipped && !q.Failed, q: q, res: o.Result}
	switch {
	case o.Failed:
		r.status = exitModelError
	case o.Budget:
		r.status = exitBudget
	case o.Verdict == verify.Unknown && !o.Skipped:
		r.status = exitModelError // a run-time error of the model, or a kind verify refuses
	}
	if res := o.Result; res != nil {
		r.Explored, r.Stored, r.Seconds = res.Stats.Explored, res.Stats.Stored-res.Stats.Covered, res.Seconds
		r.Heuristic, r.PrecomputeSeconds = res.Heuristic, res.PrecomputeSeconds
		r.Symmetry, r.Order, r.Initial = res.Symmetry.String(), res.Order, res.Initial
		r.Workers = res.Workers
		r.Pruned, r.Reopened, r.Passed = res.Stats.Pruned, res.Stats.Reopened, res.Stats.Passed
		r.Portfolio = present.Portfolio(res.Portfolio)
		if res.Concrete != nil {
			start := time.Now()
			if asJSON {
				r.Trace = traceToJSON(l, res)
			} else {
				r.traceText = indent(res.Graph.FormatTrace(res.Concrete), "    ")
			}
			r.Seconds += time.Since(start).Seconds()
		}
		for _, v := range res.Values {
			r.Values = append(r.Values, boundToJSON(v))
		}
	}
	return r
}

// boundJSON is one answer of a sup or inf query: Text as verifyta-like
// output shows it, and its parts.
type boundJSON struct {
	Expr     string `json:"expr"`
	Text     string `json:"text"`
	Value    *int64 `json:"value,omitempty"` // the integer, or the clock's bound
	Clock    bool   `json:"clock,omitempty"`
	Strict   bool   `json:"strict,omitempty"`
	Infinite bool   `json:"infinite,omitempty"`
	None     bool   `json:"none,omitempty"`
	Above    bool   `json:"above,omitempty"` // not found: more than value
}

func boundToJSON(v verify.Value) boundJSON {
	j := boundJSON{Expr: v.Expr, Text: v.Text(), Clock: v.Clock, Strict: v.Strict, Infinite: v.Infinite, None: v.None, Above: v.Above}
	if !v.None && !v.Infinite {
		n := v.Value
		j.Value = &n
	}
	return j
}

// valueLine prints one answer of a sup or inf query under the verdict:
// "sup: n = 3", "sup{P.B}: x < 8", "inf: x ≥ 0", "sup: y = ∞", or
// "sup{P.C}: x: none" when no reachable state satisfies the condition.
func valueLine(q *lang.Query, v verify.Value) string {
	head := "sup"
	if q.Kind == lang.QueryInf {
		head = "inf"
	}
	if q.Prop != nil {
		head += "{" + lang.ExprString(q.Prop) + "}"
	}
	text := v.Text()
	if v.None {
		return head + ": " + v.Expr + ": " + text
	}
	for _, op := range []string{"≤ ", "< ", "≥ ", "> "} {
		if strings.HasPrefix(text, op) {
			return head + ": " + v.Expr + " " + text
		}
	}
	return head + ": " + v.Expr + " = " + text
}

// queryResult is one entry of the JSON `queries` array.
type queryResult struct {
	Index    int              `json:"index"`
	Formula  string           `json:"formula"`
	Comment  string           `json:"comment,omitempty"`
	Pos      source.Position  `json:"pos"`
	Verdict  protocol.Verdict `json:"verdict"`
	Reason   string           `json:"reason,omitempty"`
	Skipped  bool             `json:"skipped,omitempty"`
	Explored int64            `json:"explored"`
	Stored   int64            `json:"stored"`
	// Passed counts the states with a process in a committed location
	// that were expanded without being stored (--store-committed).
	Passed  int64   `json:"passed,omitempty"`
	Seconds float64 `json:"seconds"`
	// Heuristic describes the heuristic ("hl (admissible, cache=65536)"),
	// empty for blind search; Pruned counts dead ends it cut off, Reopened
	// the states A* stored again on a shorter path.
	Heuristic         string     `json:"heuristic,omitempty"`
	Pruned            int64      `json:"pruned"`
	Reopened          int64      `json:"reopened"`
	PrecomputeSeconds float64    `json:"precompute_seconds"`
	Trace             *traceJSON `json:"trace,omitempty"`
	// Values are the answers of a sup or inf query, one per expression.
	Values []boundJSON `json:"values,omitempty"`
	// Symmetry names the scalar sets that reduced the search ("pid_t
	// (10 values)") or says why none did ("off: ..."); empty when the
	// model has no scalar set to reduce by.
	Symmetry string `json:"symmetry,omitempty"`
	// Order says which search order ran, and why, when it is not the one
	// asked for.
	Order string `json:"order,omitempty"`
	// Workers is the number of workers one search was split between
	// (--jobs), 0 for a search on its own.
	Workers int `json:"workers,omitempty"`
	// NATS is set when those workers were a NATS server's (--nats).
	NATS bool `json:"nats,omitempty"`
	// Initial says why no state was explored when the initial state
	// violates an invariant (verify.Result.Initial).
	Initial string `json:"initial,omitempty"`
	// Portfolio is how the race of --search auto went: the winner and
	// every member's figures.
	Portfolio *protocol.Portfolio `json:"portfolio,omitempty"`

	status int
	q      *job.Query
	res    *verify.Result
	// traceText is the concrete trace as text, for the text output.
	traceText string
}

type checkReport struct {
	Model   string         `json:"model"`
	Queries []*queryResult `json:"queries"`
}

func printQueryResult(w io.Writer, l *loaded, r *queryResult) {
	fmt.Fprintf(w, "Verifying formula %d at %s\n  %s\n", r.Index, r.Pos, r.Formula)
	switch r.Verdict {
	case protocol.VerdictSatisfied:
		fmt.Fprintln(w, " -- Formula is satisfied.")
	case protocol.VerdictNotSatisfied:
		fmt.Fprintln(w, " -- Formula is NOT satisfied.")
	default:
		fmt.Fprintf(w, " -- Formula is not decided: %s.\n", r.Reason)
	}
	if r.Initial != "" {
		fmt.Fprintf(w, " -- No state: %s.\n", r.Initial)
	}
	if why, ok := strings.CutPrefix(r.Reason, verify.TraceNotBuilt); ok && r.Verdict != protocol.VerdictUnknown {
		fmt.Fprintf(w, " -- Trace not built: %s.\n", why)
	}
	if r.res != nil {
		for _, v := range r.res.Values {
			fmt.Fprintf(w, "    %s\n", valueLine(r.q.Parsed, v))
		}
	}
	if r.res != nil && r.res.Graph != nil {
		if r.Heuristic != "" {
			fmt.Fprintf(w, " -- Heuristic : %s, precomputed in %.3f s\n", r.Heuristic, r.PrecomputeSeconds)
		}
		if r.Order != "" {
			fmt.Fprintf(w, " -- Search order : %s\n", r.Order)
		}
		printPortfolio(w, r.Portfolio)
		switch {
		case r.NATS:
			fmt.Fprintf(w, " -- Workers : %d on NATS, the states split between them by discrete part\n", r.Workers)
		case r.Workers > 1:
			fmt.Fprintf(w, " -- Workers : %d, the states split between them by discrete part\n", r.Workers)
		}
		if r.Symmetry != "" {
			fmt.Fprintf(w, " -- Symmetry reduction : %s\n", r.Symmetry)
		}
		fmt.Fprintf(w, " -- States explored : %d states\n -- States stored : %d states\n", r.Explored, r.Stored)
		if r.Passed > 0 {
			fmt.Fprintf(w, " -- Committed states passed through : %d states (not stored)\n", r.Passed)
		}
		fmt.Fprintf(w, " -- Time : %.3f s\n", r.Seconds)
		if r.Heuristic != "" {
			fmt.Fprintf(w, " -- States pruned : %d dead ends\n -- States reopened : %d states\n", r.Pruned, r.Reopened)
		}
		if r.res.Depth < 0 && r.Pruned > 0 && r.Verdict.Decided() {
			by := ""
			if p := r.Portfolio; p != nil && p.Winner >= 0 {
				by = " by " + p.Members[p.Winner].Label
			}
			fmt.Fprintf(w, " -- Proved%s: no target is reachable; %d states explored, %d pruned as dead ends by the heuristic\n", by, r.Explored, r.Pruned)
		}
	}
	if r.res != nil && r.res.Concrete != nil {
		kind := "Witness"
		if r.Verdict == protocol.VerdictNotSatisfied {
			kind = "Counterexample"
		}
		fmt.Fprintf(w, " -- %s trace (%d transitions):\n", kind, len(r.res.Concrete.Steps))
		fmt.Fprint(w, r.traceText)
	}
	fmt.Fprintln(w)
}
