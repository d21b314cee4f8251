//go:build js

// Under js/wasm there is no NATS: the CLI built there says so.

package main

import (
	"errors"
	"fmt"
	"io"

	"beeline/core/verify"
)

var errNoNATS = errors.New("searches on NATS workers need the native build")

func joinCluster(url string, workers int, pos []string, fileQueries int, opts verify.Options) (*cluster, error) {
	return nil, errNoNATS
}

func runWorker(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "beeline worker: %v\n", errNoNATS)
	return exitUsage
}
