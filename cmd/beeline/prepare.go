// The prepare command: precompute a heuristic's table for one query and
// write it to a file, for `beeline check --table` and the page's cache.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"beeline/core/heuristic"
	"beeline/core/options"
	"beeline/core/protocol"
)

const prepareUsage = `usage: beeline prepare MODEL [QUERIES.q]... (--query N | --formula F) -o FILE [options]

Precomputes the table of a heuristic (by default a pattern database) for
one query of a model and writes it to FILE, to be read back with
'beeline check --heuristic SAME --table FILE'. The table records the
model, the query and the options it was made for.

options:
`

// prepareFlags are the options of `beeline prepare`.
type prepareFlags struct {
	queries   intList
	formulas  stringList
	heuristic string
	bound     int
	out       string
	quiet     bool
	timeout   time.Duration
}

func runPrepare(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("prepare", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var pf prepareFlags
	fl.Var(&pf.queries, "query", "prepare for the model's `N`-th query (0-based)")
	fl.Var(&pf.formulas, "formula", "prepare for the `formula` F given here")
	cat := options.Builtin().Catalog()
	fl.StringVar(&pf.heuristic, "heuristic", "pdb", choiceUsage("heuristic `NAME` or NAME:PARAM=VALUE,...", cat.Heuristics, protocol.Choice.Admissibility))
	fl.IntVar(&pf.bound, "bound", 0, "the bound `N` of the mas heuristic (shorthand for --heuristic mas:bound=N)")
	fl.StringVar(&pf.out, "o", "", "write the table to `FILE`")
	fl.BoolVar(&pf.quiet, "quiet", false, "print no progress")
	fl.DurationVar(&pf.timeout, "timeout", 0, "stop the precomputation after this `duration` (e.g. 30s, 5m; 0: no limit)")
	fl.Usage = func() {
		fmt.Fprint(stderr, prepareUsage)
		fl.PrintDefaults()
	}
	pos, err := parseInterspersed(fl, args)
	if err != nil {
		return exitUsage
	}
	if pf.bound != 0 && !flagSet(fl, "heuristic") {
		pf.heuristic = "" // --bound alone names mas, not the default pdb
	}
	if err == nil {
		pf.heuristic, err = withBound(pf.heuristic, pf.bound)
	}
	switch {
	case err != nil:
	case len(pos) == 0:
		err = fmt.Errorf("no model given")
	case pf.out == "":
		err = fmt.Errorf("no output file given (-o FILE)")
	case len(pf.queries)+len(pf.formulas) != 1:
		err = fmt.Errorf("a table belongs to one query: give exactly one --query or --formula")
	case pf.timeout < 0:
		err = fmt.Errorf("--timeout must not be negative")
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		fl.Usage()
		return exitUsage
	}
	return prepare(pos, pf, stdout, stderr)
}

// prepare loads the model, precomputes and writes the table.
func prepare(pos []string, pf prepareFlags, stdout, stderr io.Writer) int {
	build, err := options.Builtin().NewHeuristic(pf.heuristic)
	if err != nil {
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		return exitUsage
	}
	l, picked, status := loadPicked("prepare", pos, pf.queries, pf.formulas, stderr)
	switch {
	case l == nil:
		return status
	case l.Net == nil || picked[0].Formula == nil:
		return exitModelError
	}
	h, err := build(l.Net, heuristic.TargetOf(l.Net, picked[0].Formula))
	if err != nil {
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	if pf.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, pf.timeout)
		defer cancel()
	}
	if err := h.Precompute(ctx, progressPrinter(stderr, start, pf.quiet)); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("stopped at the time limit after %.3f s", time.Since(start).Seconds())
		}
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		return exitBudget
	}
	table, err := h.Table()
	if err == nil && table == nil {
		err = fmt.Errorf("heuristic %s has no table to prepare", pf.heuristic)
	}
	if err == nil {
		err = os.WriteFile(pf.out, table, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		return exitModelError
	}
	fmt.Fprintf(stdout, "%s: %s, %d bytes, computed in %.3f s\n", pf.out, h.Info(), len(table), time.Since(start).Seconds())
	return exitOK
}

// progressPrinter prints the precomputation's progress at most twice a
// second.
func progressPrinter(w io.Writer, start time.Time, quiet bool) func(done, total int64) {
	if quiet {
		return nil
	}
	last := time.Time{}
	return func(done, _ int64) {
		if now := time.Now(); now.Sub(last) >= 500*time.Millisecond {
			last = now
			fmt.Fprintf(w, "precomputing: %d abstract states, %.1f s\n", done, now.Sub(start).Seconds())
		}
	}
}
