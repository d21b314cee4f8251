// The check command: decide queries and print verdicts, statistics, traces.

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"beeline/core/source"
	"beeline/core/verify"
)

// checkFlags are the options of `beeline check`.
type checkFlags struct {
	queries   intList
	formulas  stringList
	order     string
	trace     string
	json      bool
	maxStates int64
	maxMemory byteSize
	timeout   time.Duration
	seed      uint64
}

func (c *checkFlags) register(fl *flag.FlagSet) {
	fl.Var(&c.queries, "query", "check the model's `N`-th query (0-based; may be repeated)")
	fl.Var(&c.formulas, "formula", "check the `formula` F given here (may be repeated)")
	fl.StringVar(&c.order, "search", "bfs", "search order: bfs, dfs or rdfs (random depth-first)")
	fl.StringVar(&c.trace, "trace", "none", "diagnostic trace: none, some or shortest")
	fl.BoolVar(&c.json, "json", false, "print the results as one JSON object")
	fl.Int64Var(&c.maxStates, "max-states", 0, "stop a query after storing `N` states (0: no limit)")
	fl.Var(&c.maxMemory, "max-memory", "stop a query when the state store holds more than `BYTES` (e.g. 512M, 2G; 0: no limit)")
	fl.DurationVar(&c.timeout, "timeout", 0, "stop a query after this `duration` (e.g. 30s, 5m; 0: no limit)")
	fl.Uint64Var(&c.seed, "seed", 1, "seed of the random depth-first search")
}

func (c *checkFlags) options() (verify.Options, error) {
	order, err := verify.ParseOrder(c.order)
	if err != nil {
		return verify.Options{}, err
	}
	tm, err := verify.ParseTraceMode(c.trace)
	if err != nil {
		return verify.Options{}, err
	}
	if c.maxStates < 0 || c.timeout < 0 {
		return verify.Options{}, fmt.Errorf("budgets must not be negative")
	}
	return verify.Options{Order: order, Seed: c.seed, Trace: tm, MaxStates: c.maxStates,
		MaxMemory: int64(c.maxMemory), Timeout: c.timeout}, nil
}

const checkUsage = `usage: beeline check MODEL [QUERIES.q]... [options]

Checks the queries of an UPPAAL model (.xml or .xta) and of the query files
given after it: every query, or those picked with --query and --formula.
Exit status: 0 when every checked query was decided, 1 on errors in the
model or a query, 2 on usage errors, 3 when a budget stopped a query.

options:
`

func runCheck(args []string, stdout, stderr io.Writer) int {
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

	l, err := loadModel(pos[0], pos[1:])
	if err != nil {
		fmt.Fprintf(stderr, "beeline check: %v\n", err)
		return exitModelError
	}
	picked, err := pickQueries(l, cf.queries, cf.formulas)
	l.Diags = l.FS.Sort(l.Diags)
	for _, d := range l.Diags {
		fmt.Fprintln(stderr, l.FS.Format(d))
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline check: %v\n", err)
		return exitUsage
	}
	if l.Net == nil {
		return exitModelError
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	report := &checkReport{Model: l.Path}
	status := exitOK
	for _, q := range picked {
		r := checkOne(ctx, l, q, opts)
		report.Queries = append(report.Queries, r)
		status = worse(status, r.status)
		if !cf.json {
			printQueryResult(stdout, l, r)
		}
	}
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

// pickQueries returns the queries to check: those named by --query and
// --formula, or every query of the model and its query files.
func pickQueries(l *loaded, idx []int, formulas []string) ([]*query, error) {
	if len(idx) == 0 && len(formulas) == 0 {
		return l.Queries, nil
	}
	var out []*query
	for _, i := range idx {
		if i >= len(l.Queries) {
			return nil, fmt.Errorf("--query %d: the model has %d queries (numbered from 0)", i, len(l.Queries))
		}
		out = append(out, l.Queries[i])
	}
	for _, f := range formulas {
		q := l.addFormula(f)
		if q == nil {
			return nil, fmt.Errorf("--formula %q: empty formula", f)
		}
		out = append(out, q)
	}
	return out, nil
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

// checkOne decides one query and records what to print.
func checkOne(ctx context.Context, l *loaded, q *query, opts verify.Options) *queryResult {
	r := &queryResult{Index: q.Index, Formula: q.Text, Comment: q.Comment, Pos: l.FS.Position(q.Pos), q: q}
	switch {
	case q.Failed:
		r.Verdict, r.Reason, r.status = "error", "the formula has errors", exitModelError
		return r
	case q.Formula == nil:
		r.Verdict, r.Reason, r.Skipped = "unknown", queryKindName(q.Parsed)+" queries are not supported yet", true
		return r
	}
	res, err := verify.Check(ctx, l.Net, q.Formula, opts)
	if err != nil {
		r.Verdict, r.Reason, r.status = "error", err.Error(), exitModelError
		return r
	}
	r.res = res
	r.Verdict = res.Verdict.String()
	r.Reason = res.Reason
	r.Explored, r.Stored, r.Seconds = res.Stats.Explored, res.Stats.Stored-res.Stats.Covered, res.Seconds
	if res.Verdict == verify.Unknown {
		r.status = exitBudget
		if r.Reason != "" && !isBudgetReason(r.Reason) {
			r.status = exitModelError
		}
	}
	if res.Concrete != nil {
		r.Trace = traceToJSON(l, res)
	}
	return r
}

func isBudgetReason(reason string) bool {
	switch reason {
	case "state limit", "memory limit", "time limit", "cancelled":
		return true
	}
	return false
}

// queryResult is one entry of the JSON `queries` array.
type queryResult struct {
	Index    int             `json:"index"`
	Formula  string          `json:"formula"`
	Comment  string          `json:"comment,omitempty"`
	Pos      source.Position `json:"pos"`
	Verdict  string          `json:"verdict"`
	Reason   string          `json:"reason,omitempty"`
	Skipped  bool            `json:"skipped,omitempty"`
	Explored int64           `json:"explored"`
	Stored   int64           `json:"stored"`
	Seconds  float64         `json:"seconds"`
	Trace    *traceJSON      `json:"trace,omitempty"`

	status int
	q      *query
	res    *verify.Result
}

type checkReport struct {
	Model   string         `json:"model"`
	Queries []*queryResult `json:"queries"`
}

func printQueryResult(w io.Writer, l *loaded, r *queryResult) {
	fmt.Fprintf(w, "Verifying formula %d at %s\n  %s\n", r.Index, r.Pos, r.Formula)
	switch r.Verdict {
	case "satisfied":
		fmt.Fprintln(w, " -- Formula is satisfied.")
	case "not satisfied":
		fmt.Fprintln(w, " -- Formula is NOT satisfied.")
	default:
		fmt.Fprintf(w, " -- Formula is not decided: %s.\n", r.Reason)
	}
	if r.res != nil && r.res.Graph != nil {
		fmt.Fprintf(w, " -- States explored : %d states\n -- States stored : %d states\n -- Time : %.3f s\n", r.Explored, r.Stored, r.Seconds)
	}
	if r.res != nil && r.res.Concrete != nil {
		kind := "Witness"
		if r.Verdict == "not satisfied" {
			kind = "Counterexample"
		}
		fmt.Fprintf(w, " -- %s trace (%d transitions):\n", kind, len(r.res.Concrete.Steps))
		fmt.Fprint(w, indent(r.res.Graph.FormatTrace(r.res.Concrete), "    "))
	}
	fmt.Fprintln(w)
}
