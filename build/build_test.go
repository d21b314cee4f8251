//go:build unix

// The built Worker under `wrangler dev --local`: workerd on loopback, the
// static assets from build/site, KV on disk in a temporary directory.

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"beeline/core/share"
	"beeline/internal/webserver"
)

// wrangler is the one `npm ci --prefix build` installs (package-lock.json
// pins it).
const wrangler = "node_modules/.bin/wrangler"

// startTimeout bounds wrangler's start: bundling the glue, starting
// workerd and the first request's compiling the Worker's wasm take a few
// seconds on a laptop.
const startTimeout = 90 * time.Second

// needWorker skips the test when wrangler or the built Worker is missing,
// unless BEELINE_WORKER_TEST=1 (make test-worker) asks for it to fail.
func needWorker(t *testing.T) {
	t.Helper()
	for _, f := range []string{wrangler, "worker/app.wasm", "worker/worker.mjs", "site/index.html", "site/_headers"} {
		if _, err := os.Stat(f); err != nil {
			msg := fmt.Sprintf("build/%s is missing: `npm ci --prefix build` installs wrangler, `make worker` builds the Worker", f)
			if os.Getenv("BEELINE_WORKER_TEST") == "1" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// dev is a running `wrangler dev`.
type dev struct {
	base string // http://127.0.0.1:PORT
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{} // closed when the process has exited
}

// startDev starts wrangler with its state in persist and waits until the
// Worker answers GET /api/share.
func startDev(t *testing.T, persist string) *dev {
	t.Helper()
	port := freePort(t)
	d := &dev{base: "http://127.0.0.1:" + port, out: &syncBuffer{}, done: make(chan struct{})}
	d.cmd = exec.Command(wrangler, "dev", "--local", "--ip", "127.0.0.1", "--port", port,
		"--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "warn")
	d.cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "WRANGLER_LOG_PATH="+t.TempDir())
	d.cmd.Stdout, d.cmd.Stderr = d.out, d.out
	// Its own process group: wrangler runs workerd as a child, and both
	// must go when the test ends.
	d.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := d.cmd.Start(); err != nil {
		t.Fatalf("cannot start wrangler: %v", err)
	}
	go func() { d.cmd.Wait(); close(d.done) }()
	t.Cleanup(d.stop)
	if err := d.waitReady(start); err != nil {
		d.stop()
		t.Fatalf("%v; wrangler said:\n%s", err, d.out)
	}
	t.Logf("wrangler dev answered GET /api/share %v after it started", time.Since(start).Round(time.Millisecond))
	return d
}

// waitReady polls GET /api/share until it answers 200.
func (d *dev) waitReady(start time.Time) error {
	client := &http.Client{Timeout: 10 * time.Second}
	for time.Since(start) < startTimeout {
		select {
		case <-d.done:
			return errors.New("wrangler exited before the Worker answered")
		case <-time.After(100 * time.Millisecond):
		}
		res, err := client.Get(d.base + "/api/share")
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return nil
		}
	}
	return fmt.Errorf("the Worker did not answer GET /api/share within %v", startTimeout)
}

// stop ends wrangler and workerd: SIGTERM to the group, SIGKILL if they
// linger.
func (d *dev) stop() {
	select {
	case <-d.done:
		return
	default:
	}
	pgid := d.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-d.done:
	case <-time.After(10 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		<-d.done
	}
	// workerd may outlive wrangler in the group for a moment.
	syscall.Kill(-pgid, syscall.SIGKILL)
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// response is a request's outcome, read whole.
type response struct {
	status int
	header http.Header
	body   string
}

// do sends a request to the Worker and fails the test if none comes back.
func (d *dev) do(t *testing.T, method, path, body string) response {
	t.Helper()
	req, err := http.NewRequest(method, d.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v; wrangler said:\n%s", method, path, err, d.out)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return response{res.StatusCode, res.Header, string(data)}
}

// expect checks a response's status and, with secure, its security
// headers.
func (d *dev) expect(t *testing.T, method, path, body string, status int, secure bool) response {
	t.Helper()
	r := d.do(t, method, path, body)
	if r.status != status {
		t.Errorf("%s %s: status %d, want %d; body %.200q", method, path, r.status, status, r.body)
	}
	if !secure {
		return r
	}
	for _, h := range webserver.SecurityHeaders() {
		if got := r.header.Values(h[0]); len(got) != 1 || got[0] != h[1] {
			t.Errorf("%s %s: %s %q, want %q", method, path, h[0], got, h[1])
		}
	}
	return r
}

// testLink is a share link of a small model and its canonical form.
func testLink(t *testing.T) (envelope string, canon *share.Short) {
	t.Helper()
	model := []byte(`<nta><declaration>clock x;</declaration><system>system P;</system></nta>`)
	env, err := share.Encode(&share.Link{Name: "m.xml", Model: model, Hash: share.Hash(model), Formula: "E<> true"})
	if err != nil {
		t.Fatal(err)
	}
	canon, err = share.CheckEnvelope(env)
	if err != nil {
		t.Fatal(err)
	}
	return env, canon
}

func TestWorker(t *testing.T) {
	needWorker(t)
	persist := t.TempDir()
	d := startDev(t, persist)
	for i := range 3 {
		start := time.Now()
		d.expect(t, "GET", "/api/share", "", 200, true)
		t.Logf("GET /api/share after readiness, #%d: %v", i+1, time.Since(start).Round(time.Millisecond))
	}
	env, canon := testLink(t)

	t.Run("static assets", func(t *testing.T) {
		page := d.expect(t, "GET", "/", "", 200, true)
		if !strings.Contains(page.body, "<head>") || strings.Contains(page.body, `<base href="../">`) {
			t.Errorf("GET / is not the page as it is: %.200q", page.body)
		}
		wasm := d.expect(t, "GET", "/web/build/engine.wasm", "", 200, true)
		if ct := wasm.header.Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("engine.wasm: Content-Type %q, want application/wasm", ct)
		}
		d.expect(t, "GET", "/web/worker.js", "", 200, true)
		// _headers configures the platform and is no asset.
		d.expect(t, "GET", "/_headers", "", 404, false)
	})

	t.Run("limits", func(t *testing.T) {
		r := d.expect(t, "GET", "/api/share", "", 200, true)
		var limits struct{ MaxEnvelope int }
		if err := json.Unmarshal([]byte(r.body), &limits); err != nil || limits.MaxEnvelope != share.MaxEnvelope {
			t.Errorf("GET /api/share: %q, want maxEnvelope %d", r.body, share.MaxEnvelope)
		}
	})

	t.Run("store and fetch", func(t *testing.T) {
		for range 2 { // the second time stores nothing and answers the same
			r := d.expect(t, "POST", "/api/share", env, 200, true)
			var got struct{ ID, Path string }
			if err := json.Unmarshal([]byte(r.body), &got); err != nil || got.ID != canon.ID || got.Path != "s/"+canon.ID {
				t.Errorf("POST /api/share: %q, want id %s", r.body, canon.ID)
			}
		}
		if r := d.expect(t, "GET", "/api/share/"+canon.ID, "", 200, true); r.body != canon.Envelope {
			t.Errorf("GET /api/share/%s: %.100q, want the canonical envelope %.100q", canon.ID, r.body, canon.Envelope)
		}
		page := d.expect(t, "GET", "/s/"+canon.ID, "", 200, true)
		if !strings.Contains(page.body, `<head><base href="../">`) {
			t.Errorf("GET /s/%s: no <base> after <head>: %.200q", canon.ID, page.body)
		}
	})

	t.Run("refusals", func(t *testing.T) {
		d.expect(t, "POST", "/api/share", strings.Repeat("b", share.MaxEnvelope+1), 413, true)
		d.expect(t, "POST", "/api/share", "not an envelope", 400, true)
		d.expect(t, "GET", "/api/share/AAAAAAAAAAAAAAAA", "", 404, true)
		d.expect(t, "GET", "/s/unknown", "", 404, true)
		d.expect(t, "GET", "/s/AAAAAAAAAAAAAAAA", "", 404, true)
		d.expect(t, "DELETE", "/api/share", "", 405, true)
	})

	// KV keeps the link across a restart with the same state directory.
	d.stop()
	d = startDev(t, persist)
	if r := d.expect(t, "GET", "/api/share/"+canon.ID, "", 200, true); r.body != canon.Envelope {
		t.Errorf("after a restart, GET /api/share/%s: %.100q", canon.ID, r.body)
	}
}
