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
	"path/filepath"
	"time"

	"beeline/core/heuristic"
	"beeline/core/job"
	"beeline/core/options"
	"beeline/core/protocol"
)

const prepareUsage = `usage: beeline prepare MODEL [QUERIES.q]... (--query N | --formula F) -o FILE [options]

Precomputes the table of a heuristic (by default a pattern database) for
one query of a model and writes it to FILE, to be read back with
'beeline check --heuristic SAME --table FILE'. The table records the
model, the query and the options it was made for, with a checksum. FILE
must not be one of the inputs; it is written beside, then renamed, so
that it never holds half a table.

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
	fl.DurationVar(&pf.timeout, "timeout", 0, "stop loading the model, and the precomputation, after this `duration` (e.g. 30s, 5m; 0: no limit)")
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
	default:
		err = checkOutput(pf.out, pos)
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
	l, picked, status := loadPicked("prepare", pos, pf.queries, pf.formulas, pf.timeout, stderr)
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
	switch {
	case err != nil:
	case table == nil:
		err = fmt.Errorf("heuristic %s has no table to prepare", pf.heuristic)
	case len(table) > job.MaxTableBytes:
		err = fmt.Errorf("the table has %s, more than the %s that check --table reads", job.SizeText(int64(len(table))), job.SizeText(job.MaxTableBytes))
	default:
		err = writeTable(pf.out, table)
	}
	if err != nil {
		fmt.Fprintf(stderr, "beeline prepare: %v\n", err)
		return exitModelError
	}
	fmt.Fprintf(stdout, "%s: %s, %d bytes, computed in %.3f s\n", pf.out, h.Info(), len(table), time.Since(start).Seconds())
	return exitOK
}

// checkOutput refuses an output file that is one of the inputs (the
// same file, whatever its name: os.SameFile) or that exists and is not
// a regular file (a rename would replace a device such as /dev/null).
func checkOutput(out string, inputs []string) error {
	fo, err := os.Stat(out)
	if err != nil {
		return nil // a new file, or one the write will say why it cannot make
	}
	if !fo.Mode().IsRegular() {
		return fmt.Errorf("-o %s is not a regular file: the table goes to a file of its own", out)
	}
	for _, in := range inputs {
		if fi, err := os.Stat(in); err == nil && os.SameFile(fo, fi) {
			return fmt.Errorf("-o %s is the input file %s: prepare would overwrite it; name another file", out, in)
		}
	}
	return nil
}

// writeTable writes table to a temporary file beside out and renames it
// to out, so that out is never left half written: it holds the old
// contents or the new table, whatever stops prepare.
func writeTable(out string, table []byte) error {
	f, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(table)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, out)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
