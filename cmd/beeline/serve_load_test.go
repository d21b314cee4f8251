package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"beeline/core/job"
	"beeline/core/protocol"
)

// The load test's server: two job slots, each search stopped at 32 MiB of
// states, and a queue long enough for all fifty checks to take their turn.
var loadFlags = []string{"--max-jobs", "2", "--max-memory", "32M", "--max-states", "0",
	"--timeout", "20s", "--queue-wait", "60s"}

// TestServeUnderLoad starts the real server on loopback and fires fifty
// concurrent checks, each of a model whose state space is far beyond the
// budget, while a cheap request is made again and again: every check
// must end in a budget stop, every cheap request must be answered within
// a second, and the process's memory must grow by no more than the
// budgets imply (serveConfig.memoryLimit: the running jobs' searches and
// bodies, and serveBase). The checks ask for far more memory than the
// ceiling: without it they would grow until their time ran out.
func TestServeUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test of about ten seconds")
	}
	c, err := parseServe(append(loadFlags, "--root", appRoot(t), "--share=false"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	base := startServe(t, c)
	body, err := protocol.EncodeRequest(&protocol.Request{Version: protocol.Version, Name: "fischer-10.xml",
		Model: fischerN(t, 10), Queries: []int{0}, Options: protocol.Options{MaxMemory: 1 << 40}})
	if err != nil {
		t.Fatal(err)
	}

	runtime.GC()
	debug.FreeOSMemory()
	startRSS := mustStatus(t, "VmRSS")
	peak := watchRSS(t)
	start := time.Now()

	ctx, stopCheap := context.WithCancel(context.Background())
	cheap := make(chan []time.Duration)
	go func() { cheap <- pollCheap(ctx, base) }()

	const checks = 50
	var wg sync.WaitGroup
	errs := make(chan string, checks)
	reasons := make(chan string, checks)
	for i := range checks {
		wg.Go(func() {
			reason, err := checkOnce(base, body)
			if err != nil {
				errs <- fmt.Sprintf("check %d: %v", i, err)
				return
			}
			reasons <- reason
		})
	}
	wg.Wait()
	took := time.Since(start)
	stopCheap()
	latencies := <-cheap
	close(errs)
	close(reasons)
	for e := range errs {
		t.Error(e)
	}
	byReason := map[string]int{}
	for r := range reasons {
		byReason[r]++
	}

	peakRSS := peak()
	limit := c.memoryLimit()
	var worst time.Duration
	for _, d := range latencies {
		worst = max(worst, d)
	}
	t.Logf("%d checks in %v (%v), %d cheap requests, the slowest in %v; memory at start %d MiB, peak %d MiB, growth %d MiB, implied by the budgets %d MiB",
		checks, took.Round(time.Millisecond), byReason, len(latencies), worst.Round(time.Microsecond),
		startRSS>>20, peakRSS>>20, (peakRSS-startRSS)>>20, limit>>20)
	if len(latencies) == 0 {
		t.Error("no cheap request was made while the checks ran")
	}
	if worst > time.Second {
		t.Errorf("a cheap request took %v while the checks ran, want under a second", worst)
	}
	if peakRSS-startRSS > limit {
		t.Errorf("the process grew by %d MiB, more than the %d MiB the budgets imply", (peakRSS-startRSS)>>20, limit>>20)
	}
}

// appRoot makes the smallest directory `beeline serve` accepts to serve.
func appRoot(t *testing.T) string {
	root := t.TempDir()
	for name, data := range map[string]string{"index.html": "<!doctype html>page", "web/build/engine.wasm": "\x00asm"} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// startServe runs serve with c's handler and memory limit on a loopback
// port until the test ends, and returns its base URL.
func startServe(t *testing.T, c *serveConfig) string {
	t.Helper()
	h, err := c.handler()
	if err != nil {
		t.Fatal(err)
	}
	old := debug.SetMemoryLimit(-1)
	if l := c.memoryLimit(); l > 0 {
		debug.SetMemoryLimit(l)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- c.serve(ctx, ln, h, io.Discard) }()
	t.Cleanup(func() {
		cancel()
		<-done
		debug.SetMemoryLimit(old)
	})
	return "http://" + ln.Addr().String()
}

// fischerN is the repository's Fischer example with n processes.
func fischerN(t *testing.T, n int) []byte {
	b, err := os.ReadFile("../../testdata/models/fischer.xml")
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.Replace(b, []byte("const int N = 4;"), []byte("const int N = "+strconv.Itoa(n)+";"), 1)
	if bytes.Equal(out, b) {
		t.Fatal("fischer.xml no longer declares const int N = 4")
	}
	return out
}

// checkOnce posts one check and returns the reason its search stopped;
// anything but a stream that ends with a budget stop and FrameDone is an
// error.
func checkOnce(base string, body []byte) (string, error) {
	resp, err := http.Post(base+"/api/check", "application/msgpack", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var last *protocol.Frame
	var result *protocol.Result
	for {
		f, err := protocol.ReadFrame(resp.Body)
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		switch f.Kind {
		case protocol.FrameError:
			return "", fmt.Errorf("status %d: %s", resp.StatusCode, f.Message)
		case protocol.FrameResult:
			result = f.Result
		}
		last = f
	}
	switch {
	case last == nil || last.Kind != protocol.FrameDone:
		return "", fmt.Errorf("the stream does not end with FrameDone")
	case result == nil:
		return "", fmt.Errorf("no result")
	case result.Verdict != "unknown" || !job.IsBudgetReason(result.Reason):
		return "", fmt.Errorf("%s (%s), want a budget stop", result.Verdict, result.Reason)
	}
	return result.Reason, nil
}

// pollCheap asks for the page and the catalog in turn until ctx is done,
// and returns how long each answer took.
func pollCheap(ctx context.Context, base string) []time.Duration {
	catalog, _ := protocol.EncodeRequest(&protocol.Request{Version: protocol.Version})
	var took []time.Duration
	for i := 0; ctx.Err() == nil; i++ {
		t0 := time.Now()
		var resp *http.Response
		var err error
		if i%2 == 0 {
			resp, err = http.Get(base + "/")
		} else {
			resp, err = http.Post(base+"/api/catalog", "application/msgpack", bytes.NewReader(catalog))
		}
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 {
				took = append(took, time.Since(t0))
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
	return took
}

// procStatus reads a size in bytes from /proc/self/status ("VmRSS").
func procStatus(key string) (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/self/status", key)
}

// mustStatus is procStatus in bytes; it skips the test where there is no
// /proc.
func mustStatus(t *testing.T, key string) int64 {
	t.Helper()
	kb, err := procStatus(key)
	if err != nil {
		t.Skipf("the process's memory cannot be read: %v", err)
	}
	return kb << 10
}

// watchRSS returns a function giving the process's peak resident memory
// since watchRSS was called: the kernel's high-water mark, reset first
// (clear_refs 5), or where that cannot be reset, the largest of samples
// taken every 10 ms.
func watchRSS(t *testing.T) func() int64 {
	if os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil {
		return func() int64 { return mustStatus(t, "VmHWM") }
	}
	var mu sync.Mutex
	var peak int64
	stop := make(chan struct{})
	go func() {
		for {
			if kb, err := procStatus("VmRSS"); err == nil {
				mu.Lock()
				peak = max(peak, kb<<10)
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return func() int64 {
		close(stop)
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}
