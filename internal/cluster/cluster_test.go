//go:build !js

package cluster

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"beeline/core/job"
	"beeline/core/search"
	"beeline/core/verify"
)

// sharedModels is the shared corpus, seen from this package.
const sharedModels = "../../../shared/models"

// fastTiming keeps the tests of lost workers short.
var fastTiming = Timing{Heartbeat: 100 * time.Millisecond, Lost: time.Second}

// startServer runs a NATS server on a random loopback port for the test
// and returns its URL.
func startServer(t testing.TB) string {
	t.Helper()
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("the NATS server did not start")
	}
	t.Cleanup(s.Shutdown)
	return s.ClientURL()
}

// connect opens a connection to url, closed with the test.
func connect(t testing.TB, url string) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, nats.Name("beeline test"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// startWorkers runs n workers in this process, each on a connection of
// its own, until the test ends; o[i], when given, is worker i's options.
func startWorkers(t testing.TB, url string, n int, o ...WorkerOptions) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, n)
	for i := range n {
		nc := connect(t, url)
		var wo WorkerOptions
		if i < len(o) {
			wo = o[i]
		}
		go func() {
			defer func() { done <- struct{}{} }()
			if err := Serve(ctx, nc, wo); err != nil {
				t.Error(err)
			}
		}()
	}
	t.Cleanup(func() {
		cancel()
		for range n {
			<-done
		}
	})
}

// loaded is a model read for a test, with the job that names its query.
type loaded struct {
	*job.Model
	q   *job.Query
	job Job
}

// load reads a model file and picks formula f.
func load(t testing.TB, path, f string) *loaded {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		if strings.Contains(filepath.ToSlash(path), "shared/models/") {
			t.Skipf("the shared models are absent (%s): corpus test skipped", path)
		}
		t.Fatal(err)
	}
	file := job.File{Name: filepath.Base(path), Data: src}
	l := job.Load(file)
	if l.Net == nil {
		t.Fatalf("%s: %v", path, l.FS.Err(l.Diags))
	}
	qs, err := l.Pick(nil, []string{f})
	if err != nil || qs[0].Formula == nil {
		t.Fatalf("%s: query %q: %v %v", path, f, err, l.FS.Err(l.Diags))
	}
	return &loaded{Model: l, q: qs[0], job: Job{Model: file, Formula: f}}
}

// check checks l's query sequentially (c nil) or on the cluster of c.
func check(t testing.TB, l *loaded, opts verify.Options, c *Coordinator) *verify.Result {
	t.Helper()
	opts.Jobs = 1
	if c != nil {
		j := l.job
		j.NoSymmetry, j.StoreCommitted, j.Timeout = opts.NoSymmetry, opts.StoreCommitted, opts.Timeout
		opts.Distribute = c.Distribute(j)
	}
	res, err := verify.Check(context.Background(), l.Net, l.q.Formula, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// agree checks l's query with opts on the cluster and on its own: the
// same verdict, and for a breadth-first search of the whole state
// space as many states in the passed list (stored, less those a larger
// zone covered: what `beeline check` prints), within 5% plus a few
// states (the order batches arrive in changes which zones are stored
// and covered on the way, not the passed list; a search that stops at a
// goal ends its level first, so it is not compared); with a trace, one
// as short as the sequential search's shortest, and that replays.
func agree(t *testing.T, l *loaded, opts verify.Options, c *Coordinator) {
	t.Helper()
	seq := check(t, l, opts, nil)
	if seq.Verdict == verify.Unknown {
		t.Skipf("not decided alone: %s", seq.Reason)
	}
	got := check(t, l, opts, c)
	if got.Verdict != seq.Verdict || got.Workers != -1 {
		t.Fatalf("on %d workers: %v (%s), workers %d; alone: %v", c.Workers, got.Verdict, got.Reason, got.Workers, seq.Verdict)
	}
	if opts.Order == search.BFS && opts.Trace == verify.TraceNone && seq.Depth < 0 {
		a, b := seq.Stats.Stored-seq.Stats.Covered, got.Stats.Stored-got.Stats.Covered
		t.Logf("passed list: %d on %d workers, %d alone (stored %d, %d)", b, c.Workers, a, got.Stats.Stored, seq.Stats.Stored)
		if float64(b) > float64(a)*1.05+10 || float64(b) < float64(a)*0.95-10 {
			t.Errorf("%d states in the passed list on %d workers, %d alone", b, c.Workers, a)
		}
	}
	if opts.Trace == verify.TraceShortest && seq.Depth >= 0 {
		if got.Depth != seq.Depth || got.Concrete == nil {
			t.Fatalf("trace of %d transitions (%s), the shortest has %d", got.Depth, got.Reason, seq.Depth)
		}
		replay(t, got)
	}
}

// replay takes the concrete trace of res step by step in UPPAAL's
// concrete simulator: each delay, then the transition of the symbolic
// step, must be possible, and the simulation must end in the trace's
// last state.
func replay(t *testing.T, res *verify.Result) {
	t.Helper()
	tr := res.Concrete
	sim, err := res.Graph.NewSimulator(true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Symbolic) != len(tr.Steps)+1 {
		t.Fatalf("%d symbolic states for %d steps", len(res.Symbolic), len(tr.Steps))
	}
	for k, st := range tr.Steps {
		if err := sim.TakeAfter(st.Delay, tr.Den, res.Symbolic[k+1].Label); err != nil {
			t.Fatalf("step %d does not replay: %v\n%s", k, err, res.Graph.FormatTrace(tr))
		}
	}
	end, err := sim.Trace()
	if err != nil {
		t.Fatal(err)
	}
	last, want := end.States[len(end.States)-1], tr.States[len(tr.States)-1]
	if !slices.Equal(last.Locs, want.Locs) || !slices.Equal(last.Vars, want.Vars) {
		t.Fatalf("the replay ends in %v %v, the trace in %v %v", last.Locs, last.Vars, want.Locs, want.Vars)
	}
}

// TestOwnModels checks the project's models on three workers against
// the sequential search: verdicts, stored states, shortest traces.
func TestOwnModels(t *testing.T) {
	url := startServer(t)
	startWorkers(t, url, 3)
	c := &Coordinator{Conn: connect(t, url), Workers: 3}
	for _, tc := range []struct{ file, formula string }{
		{"crossing.xta", "E<> Train(0).Cross"},
		{"crossing.xta", "A[] not deadlock"},
		{"fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
		{"fischer-broken.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
	} {
		t.Run(tc.file+": "+tc.formula, func(t *testing.T) {
			l := load(t, filepath.Join("../../testdata/models", tc.file), tc.formula)
			for _, opts := range []verify.Options{{}, {Order: search.DFS}, {Trace: verify.TraceShortest}} {
				agree(t, l, opts, c)
			}
		})
	}
}

// TestExpectedVerdicts checks the shared models with an expected verdict
// whose sequential search stores at most 20,000 states within a second
// on three workers:
// the expected verdict, the sequential search's stored states, and a
// shortest trace that replays.
func TestExpectedVerdicts(t *testing.T) {
	rows := expected(t)
	if testing.Short() {
		t.Skip("corpus sweep skipped in -short mode")
	}
	url := startServer(t)
	startWorkers(t, url, 3)
	c := &Coordinator{Conn: connect(t, url), Workers: 3}
	for _, e := range rows {
		t.Run(e.model+": "+e.query, func(t *testing.T) {
			l := load(t, filepath.Join(sharedModels, e.model), e.query)
			small := verify.Options{MaxStates: 20000, Timeout: time.Second}
			switch seq := check(t, l, small, nil); {
			case seq.Verdict == verify.Unknown:
				t.Skipf("over the quick budget (%d states, %v): %s", small.MaxStates, small.Timeout, seq.Reason)
			case seq.Verdict.String() != e.want:
				t.Skipf("the sequential search disagrees with EXPECTED.tsv too (core/verify's corpus test says why)")
			}
			agree(t, l, verify.Options{}, c)
			got := check(t, l, verify.Options{Trace: verify.TraceShortest}, c)
			if got.Verdict.String() != e.want {
				t.Fatalf("verdict %v (%s), want %s", got.Verdict, got.Reason, e.want)
			}
			if got.Depth >= 0 {
				replay(t, got)
			}
		})
	}
}

// expectation is a row of the shared models' EXPECTED.tsv.
type expectation struct{ model, query, want string }

// expected reads EXPECTED.tsv, skipping the test when it is absent.
func expected(t *testing.T) []expectation {
	data, err := os.ReadFile(filepath.Join(sharedModels, "EXPECTED.tsv"))
	if err != nil {
		t.Skipf("shared models not found at %s: the corpus test needs the project's shared/ folder beside the checkout", sharedModels)
	}
	var out []expectation
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		if f := strings.Split(line, "\t"); len(f) >= 3 {
			out = append(out, expectation{f[0], f[1], f[2]})
		}
	}
	return out
}
