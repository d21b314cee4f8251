//go:build !js

// Searches on the workers of a NATS server: `beeline worker --nats URL`
// and `beeline check --nats URL --workers N` (internal/cluster).

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go"

	"beeline/core/job"
	"beeline/core/search"
	"beeline/core/verify"
	natscluster "beeline/internal/cluster"
)

// joinCluster connects to the NATS server at url for the searches of
// the check of the model and query files named by pos: each query's
// search runs on workers workers. Queries numbered below fileQueries
// come from the files; the others are --formula's, sent as text.
func joinCluster(url string, workers int, pos []string, fileQueries int, opts verify.Options) (*cluster, error) {
	nc, err := nats.Connect(url, nats.Name("beeline check"))
	if err != nil {
		return nil, fmt.Errorf("cannot reach the NATS server at %s: %v", url, err)
	}
	files, err := readFiles(pos)
	if err != nil {
		nc.Close()
		return nil, err
	}
	c := &natscluster.Coordinator{Conn: nc, Workers: workers}
	hook := func(q *job.Query) func(context.Context, search.Options) (*search.Result, error) {
		j := natscluster.Job{Model: files[0], QueryFiles: files[1:], Query: q.Index,
			NoSymmetry: opts.NoSymmetry, StoreCommitted: opts.StoreCommitted, Timeout: opts.Timeout}
		if q.Index >= fileQueries {
			j.Formula = q.Text
		}
		return c.Distribute(j)
	}
	return &cluster{workers: workers, hook: hook, close: nc.Close}, nil
}

// readFiles reads the model and query files named by pos again, for the
// workers, which load them as this process did.
func readFiles(pos []string) ([]job.File, error) {
	var files []job.File
	for _, p := range pos {
		data, err := job.ReadFile(p, "a model or query file", job.MaxFileBytes)
		if err != nil {
			return nil, err
		}
		files = append(files, job.File{Name: p, Data: data})
	}
	return files, nil
}

const workerUsage = `usage: beeline worker --nats URL

Joins the searches that beeline check --nats URL --workers N coordinates:
waits for a job on the NATS server at URL (e.g. nats://host:4222), searches
its share of the states, and waits for the next, until interrupted. It
prints one line per search on stderr.

options:
`

func runWorker(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("worker", flag.ContinueOnError)
	fl.SetOutput(stderr)
	url := fl.String("nats", "", "the `URL` of the NATS server, e.g. nats://host:4222")
	fl.Usage = func() {
		fmt.Fprint(stderr, workerUsage)
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	if *url == "" || fl.NArg() > 0 {
		fmt.Fprintf(stderr, "beeline worker: want --nats URL and no arguments\n")
		fl.Usage()
		return exitUsage
	}
	host, _ := os.Hostname()
	nc, err := nats.Connect(*url, nats.Name(fmt.Sprintf("beeline worker %s:%d", host, os.Getpid())), nats.MaxReconnects(-1))
	if err != nil {
		fmt.Fprintf(stderr, "beeline worker: cannot reach the NATS server at %s: %v\n", *url, err)
		return exitModelError
	}
	defer nc.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stderr, "beeline worker: waiting for searches on %s\n", nc.ConnectedUrlRedacted())
	if err := natscluster.Serve(ctx, nc, natscluster.WorkerOptions{Log: stderr}); err != nil {
		fmt.Fprintf(stderr, "beeline worker: %v\n", err)
		return exitModelError
	}
	return exitOK
}
