//go:build !js

package cluster

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"beeline/core/families"
	"beeline/core/search"
	"beeline/core/verify"
)

// workerEnv names the NATS server a re-executed test binary serves as a
// worker process of (TestMain).
const workerEnv = "BEELINE_CLUSTER_TEST_WORKER"

func TestMain(m *testing.M) {
	if url := os.Getenv(workerEnv); url != "" {
		os.Exit(serveProcess(url))
	}
	os.Exit(m.Run())
}

// serveProcess is a worker process: it serves until interrupted.
func serveProcess(url string) int {
	nc, err := nats.Connect(url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer nc.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Serve(ctx, nc, WorkerOptions{Log: os.Stderr}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startProcesses starts n worker processes (this test binary again) on
// the server at url. At the end of the test each still running is
// interrupted and must exit within a few seconds: none is stuck.
func startProcesses(t *testing.T, url string, n int) []*exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var cmds []*exec.Cmd
	for range n {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), workerEnv+"="+url)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	t.Cleanup(func() {
		for _, cmd := range cmds {
			if cmd.ProcessState != nil {
				continue
			}
			_ = cmd.Process.Signal(os.Interrupt)
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited:
				if err != nil {
					t.Errorf("worker process %d: %v", cmd.Process.Pid, err)
				}
			case <-time.After(5 * time.Second):
				t.Errorf("worker process %d stuck: no exit 5 s after an interrupt", cmd.Process.Pid)
				_ = cmd.Process.Kill()
			}
		}
	})
	return cmds
}

// fischer is Fischer's protocol with n processes (as beeline bench's
// built-in instances): E<> false explores all of it.
func fischer(t *testing.T, n int) *loaded {
	src := families.Fischer(n)
	path := t.TempDir() + "/fischer.xta"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return load(t, path, "E<> false")
}

// lostRx is the reason of a run that lost a worker.
var lostRx = regexp.MustCompile(`^worker [0-2] lost: no heartbeat for 1s$`)

// TestWorkerKilled kills one of three worker processes in the middle of
// a long search: the check ends within a few seconds, undecided, with
// the lost worker as the reason and the figures so far, and the two
// others are back to waiting: they search the next job, and exit when
// interrupted.
func TestWorkerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	url := startServer(t)
	cmds := startProcesses(t, url, 3)
	c := &Coordinator{Conn: connect(t, url), Workers: 3, Timing: fastTiming}
	l := fischer(t, 10)
	var once sync.Once
	killed := make(chan time.Time, 1)
	opts := verify.Options{ProgressEvery: time.Millisecond, Progress: func(s search.Stats) {
		if s.Stored > 2000 {
			once.Do(func() {
				_ = cmds[1].Process.Kill()
				_ = cmds[1].Wait()
				killed <- time.Now()
			})
		}
	}}
	res := check(t, l, opts, c)
	var at time.Time
	select {
	case at = <-killed:
	default:
		t.Fatalf("the search ended before a worker was killed: %v (%s), %d states", res.Verdict, res.Reason, res.Stats.Stored)
	}
	if res.Verdict != verify.Unknown || !lostRx.MatchString(res.Reason) || res.Stats.Stored < 2000 {
		t.Fatalf("after a worker was killed: %v (%s), %d states stored", res.Verdict, res.Reason, res.Stats.Stored)
	}
	if d := time.Since(at); d > 10*time.Second {
		t.Errorf("the loss was seen %v after the kill", d)
	}
	c.Workers = 2
	next := load(t, "../../testdata/models/crossing.xta", "A[] not deadlock")
	if got := check(t, next, verify.Options{}, c); got.Verdict != verify.Satisfied {
		t.Fatalf("the workers left: %v (%s)", got.Verdict, got.Reason)
	}
}

// TestSlowWorker delays every message of one of three workers: the runs
// take longer than a lost worker's timeout, and still end with the
// sequential search's verdicts.
func TestSlowWorker(t *testing.T) {
	url := startServer(t)
	startWorkers(t, url, 3, WorkerOptions{}, WorkerOptions{Delay: 50 * time.Millisecond})
	c := &Coordinator{Conn: connect(t, url), Workers: 3, Timing: fastTiming}
	for _, tc := range []struct{ file, formula string }{
		{"fischer.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
		{"fischer-broken.xml", "A[] forall (i : pid_t) forall (j : pid_t) P(i).cs && P(j).cs imply i == j"},
	} {
		l := load(t, "../../testdata/models/"+tc.file, tc.formula)
		agree(t, l, verify.Options{Trace: verify.TraceShortest, Progress: func(s search.Stats) {
			t.Logf("%s: %v, %d states", tc.file, s.Elapsed, s.Stored)
		}}, c)
	}
}

// TestCoordinatorLost closes the coordinator's connection in the middle
// of a search: the check ends undecided, and the workers, which no
// longer hear the coordinator, go back to waiting and serve the next
// coordinator.
func TestCoordinatorLost(t *testing.T) {
	url := startServer(t)
	startWorkers(t, url, 3)
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	c := &Coordinator{Conn: nc, Workers: 3, Timing: fastTiming}
	var once sync.Once
	opts := verify.Options{ProgressEvery: time.Millisecond, Progress: func(s search.Stats) {
		if s.Stored > 2000 {
			once.Do(nc.Close)
		}
	}}
	res := check(t, fischer(t, 10), opts, c)
	if res.Verdict != verify.Unknown || res.Reason != "connection to the NATS server lost" {
		t.Fatalf("after the coordinator's connection closed: %v (%s)", res.Verdict, res.Reason)
	}
	c = &Coordinator{Conn: connect(t, url), Workers: 3, Timing: fastTiming}
	next := load(t, "../../testdata/models/crossing.xta", "A[] not deadlock")
	if got := check(t, next, verify.Options{}, c); got.Verdict != verify.Satisfied {
		t.Fatalf("the next coordinator: %v (%s)", got.Verdict, got.Reason)
	}
}
