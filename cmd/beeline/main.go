// Command beeline is the command-line face of the Beeline model checker.
//
// Usage:
//
//	beeline parse [--json] MODEL [QUERIES.q] [MODEL [QUERIES.q]]...
//	beeline check MODEL [QUERIES.q]... [--query N]... [--formula F]... [options]
//	beeline prepare MODEL [QUERIES.q]... (--query N | --formula F) -o FILE
//	beeline serve [--addr HOST:PORT] [--root DIR]
//	beeline bench [--models DIR] [MODEL QUERY]...
//
// See README.md for the full usage.
package main

import (
	"fmt"
	"io"
	"os"
)

// Exit statuses shared by every subcommand.
const (
	exitOK         = 0
	exitModelError = 1
	exitUsage      = 2
	exitBudget     = 3
)

const usage = `usage: beeline <command> [arguments]

commands:
  parse MODEL [QUERIES.q]...   read models and print a summary of each, or its errors
  check MODEL [QUERIES.q]...   check the queries of a model and print verdicts and traces
  prepare MODEL ... -o FILE    precompute a heuristic's table (a pattern database) for one query
  serve [--addr HOST:PORT]     serve the web app and the engine over HTTP
  bench [MODEL QUERY]...       compare blind and directed search on benchmark models
  help                         print this help

Run 'beeline <command> -h' for the options of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "parse":
		return runParse(args[1:], stdout, stderr)
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "prepare":
		return runPrepare(args[1:], stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "beeline: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}
