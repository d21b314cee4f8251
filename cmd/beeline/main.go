// Command beeline is the command-line face of the Beeline model checker.
//
// Usage:
//
//	beeline parse [--json] MODEL [QUERIES.q] [MODEL [QUERIES.q]]...
//	beeline check MODEL [QUERIES.q]... [--query N]... [--formula F]... [options]
//	beeline prepare MODEL [QUERIES.q]... (--query N | --formula F) -o FILE
//	beeline serve [--addr HOST:PORT] [--root DIR]
//	beeline share list|delete [--data DIR] [ID]...
//	beeline bench [--models DIR] [MODEL QUERY]...
//	beeline worker --nats URL
//
// See README.md for the full usage.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"beeline/core/search"
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
  prepare MODEL ... -o FILE    precompute a heuristic's table (by default a pattern database) for one query
  serve [--addr HOST:PORT]     serve the web app and the engine over HTTP
  share list|delete [ID]...    list or delete the short links 'serve' keeps
  bench [MODEL QUERY]...       compare blind and directed search on benchmark models
  worker --nats URL            search a share of the states of checks run with --nats
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
	case "share":
		return runShare(args[1:], stdout, stderr)
	case "worker":
		return runWorker(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "beeline: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}

// keepTo makes the process keep to a memory budget of budget bytes of
// resident memory, the size the system sees, and returns the share of it
// the Go runtime may hold, which is what a search counts
// (search.Options.MaxMemory): the budget less what lies outside Go's
// accounting (the program's code and the C runtime's pages, 5 to 10 MiB
// here). The Go runtime gets that share as its memory limit, so that it
// collects garbage before the heap reaches it rather than letting the
// heap grow to twice the live data (GOGC's default). The limit is the
// process's: the CLI checks one query at a time.
func keepTo(budget int64) int64 {
	runtime.GC()
	outside := min(max(resident()-search.InUse(), 0), budget/2)
	share := budget - outside
	debug.SetMemoryLimit(share)
	return share
}

// resident returns the process's resident memory in bytes, or 0 where
// /proc/self/statm does not tell it (systems other than Linux; js/wasm,
// where the budget is the module's linear memory, all of it Go's).
func resident() int64 {
	if runtime.GOOS == "js" {
		return 0
	}
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
