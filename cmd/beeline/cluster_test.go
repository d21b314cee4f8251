//go:build !js

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	natscluster "beeline/internal/cluster"
)

// --nats and --workers go together, and only with a search that can be
// split: the refusals say so plainly.
func TestCheckNATSRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--workers", "3"}, "beeline check: --workers needs --nats URL: the workers are those of a NATS server"},
		{[]string{"--nats", "nats://127.0.0.1:1"}, "beeline check: --nats needs --workers N, the number of workers each search is split between"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--workers", "2", "--search", "astar"},
			"beeline check: --nats splits a breadth- or depth-first search without a heuristic (bfs, dfs, rdfs), and --search astar cannot be split between workers"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--workers", "2", "--search", "auto"},
			"beeline check: --nats splits a breadth- or depth-first search without a heuristic (bfs, dfs, rdfs), and --search auto cannot be split between workers"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--workers", "2", "--heuristic", "hl", "--search", "gbfs"},
			"beeline check: --nats splits a breadth- or depth-first search without a heuristic (bfs, dfs, rdfs), and --search gbfs cannot be split between workers"},
	} {
		_, errOut, status := runCLI(t, append([]string{"check"}, append(tc.args, fischerBroken)...)...)
		if status != exitUsage || !strings.HasPrefix(errOut, tc.want+"\n") {
			t.Errorf("%v: status %d, stderr:\n%s\nwant first line %s", tc.args, status, errOut, tc.want)
		}
	}
}

// beeline worker needs --nats and nothing else.
func TestWorkerUsage(t *testing.T) {
	for _, args := range [][]string{{"worker"}, {"worker", "--nats", "nats://127.0.0.1:1", "model.xml"}} {
		_, errOut, status := runCLI(t, args...)
		if status != exitUsage || !strings.HasPrefix(errOut, "beeline worker: want --nats URL and no arguments\nusage: beeline worker --nats URL\n") {
			t.Errorf("%v: status %d\n%s", args, status, errOut)
		}
	}
}

// check --nats splits the search between the workers of an embedded
// server: the verdict, the workers line and a counterexample.
func TestCheckNATS(t *testing.T) {
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("the NATS server did not start")
	}
	defer s.Shutdown()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, 2)
	for range 2 {
		nc, err := nats.Connect(s.ClientURL())
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		go func() {
			_ = natscluster.Serve(ctx, nc, natscluster.WorkerOptions{})
			done <- struct{}{}
		}()
	}
	defer func() { cancel(); <-done; <-done }()
	out, errOut, status := runCLI(t, "check", "--nats", s.ClientURL(), "--workers", "2", "--trace", "shortest", "--query", "0", fischerBroken)
	for _, want := range []string{"Formula is NOT satisfied", "Workers : 2 on NATS", "Counterexample trace (6 transitions)"} {
		if status != exitModelError && status != exitOK || !strings.Contains(out, want) {
			t.Fatalf("status %d, want %q in\n%s%s", status, want, out, errOut)
		}
	}
	_, errOut, status = runCLI(t, "check", "--nats", "nats://127.0.0.1:1", "--workers", "2", fischerBroken)
	if status != exitUsage || !strings.HasPrefix(errOut, "beeline check: cannot reach the NATS server at nats://127.0.0.1:1") {
		t.Errorf("no server: status %d\n%s", status, errOut)
	}
}
