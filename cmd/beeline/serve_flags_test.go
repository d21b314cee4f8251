package main

import (
	"bytes"
	"io"
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"beeline/core/engine"
	"beeline/core/protocol"
	"beeline/internal/webserver"
)

// The flags' defaults, and values given, reach the engine's options.
func TestServeFlags(t *testing.T) {
	c, err := parseServe(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Options{MaxRequestBytes: 16 << 20, MaxStates: 10_000_000, MaxMemory: 1 << 30,
		MaxTimeout: 2 * time.Minute, MaxJobs: runtime.NumCPU(), QueueWait: 10 * time.Second, ReadTimeout: 10 * time.Second}
	if !reflect.DeepEqual(c.engine, want) || c.addr != "127.0.0.1:8080" || c.root != "" || !c.share || c.data == "" {
		t.Errorf("defaults %+v, %s, %s; want %+v", c.engine, c.addr, c.root, want)
	}
	if c.readTimeout != 10*time.Second || c.shareQuota != 256<<20 || c.shareRate != 30 {
		t.Errorf("defaults: read timeout %v, share quota %d, share rate %v", c.readTimeout, c.shareQuota, c.shareRate)
	}
	c, err = parseServe([]string{"--max-request", "512K", "--max-states", "0", "--max-memory", "2G",
		"--timeout", "30s", "--max-jobs", "3", "--queue-wait", "0s", "--addr", "127.0.0.1:0", "--root", "/x",
		"--read-timeout", "2s", "--share-quota", "1G", "--share-rate", "120/h"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want = engine.Options{MaxRequestBytes: 512 << 10, MaxMemory: 2 << 30, MaxTimeout: 30 * time.Second, MaxJobs: 3, ReadTimeout: 2 * time.Second}
	if !reflect.DeepEqual(c.engine, want) || c.addr != "127.0.0.1:0" || c.root != "/x" {
		t.Errorf("given %+v, %s, %s; want %+v", c.engine, c.addr, c.root, want)
	}
	if c.readTimeout != 2*time.Second || c.shareQuota != 1<<30 || c.shareRate != 2 {
		t.Errorf("given: read timeout %v, share quota %d, share rate %v", c.readTimeout, c.shareQuota, c.shareRate)
	}
	if got := c.memoryLimit(); got != 3*(2<<30+512<<10)+serveBase {
		t.Errorf("memory limit %d", got)
	}
	c.engine.MaxJobs = 0
	if got := c.memoryLimit(); got != 0 {
		t.Errorf("memory limit with unbounded jobs: %d, want none", got)
	}
}

// Wrong flags are usage errors that say what is wrong.
func TestServeFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-request", "0"}, "beeline serve: --max-request must be more than 0\n"},
		{[]string{"--max-request", "lots"}, `invalid value "lots" for flag -max-request: want a size in bytes such as 512M or 2G, got "lots"`},
		{[]string{"--max-jobs", "-1"}, "beeline serve: --max-states, --timeout, --max-jobs and --queue-wait must not be negative\n"},
		{[]string{"--read-timeout", "0s"}, "beeline serve: --read-timeout must be more than 0\n"},
		{[]string{"--share-rate", "3/day"}, `invalid value "3/day" for flag -share-rate: a rate is N, N/min or N/h, not "3/day"`},
		{[]string{"--share-rate", "-1"}, `invalid value "-1" for flag -share-rate: a rate is a number, 0 or more, not "-1"`},
		{[]string{"extra"}, `beeline serve: unexpected argument "extra"`},
		{[]string{"--root", "/nonexistent"}, "beeline serve: cannot serve /nonexistent: no such file or directory"},
		{[]string{"--root", "."}, "beeline serve: no web/ folder in ."},
		{[]string{"--root", appRoot(t), "--data", ""}, "beeline serve: short links need --data DIR (or --share=false)"},
	} {
		_, errOut, status := runCLI(t, append([]string{"serve"}, tc.args...)...)
		if status != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: status %d, stderr:\n%s\nwant %q", tc.args, status, errOut, tc.want)
		}
	}
	_, help, status := runCLI(t, "serve", "-h")
	for _, flag := range []string{"-max-request", "-max-states", "-max-memory", "-timeout", "-max-jobs", "-queue-wait", "-read-timeout", "-share-quota", "-share-rate"} {
		if status != exitUsage || !strings.Contains(help, flag) {
			t.Errorf("serve -h does not describe %s:\n%s", flag, help)
		}
	}
}

// The running server answers with its security headers and its limits:
// a page, a check capped by the state ceiling, a body too large.
func TestServeLimits(t *testing.T) {
	c, err := parseServe([]string{"--root", appRoot(t), "--share=false", "--max-states", "300", "--max-request", "64K"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	base := startServe(t, c)
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Content-Security-Policy"); resp.StatusCode != 200 || got != webserver.ContentSecurityPolicy {
		t.Errorf("GET /: %d, policy %q", resp.StatusCode, got)
	}
	body, _ := protocol.EncodeRequest(&protocol.Request{Version: protocol.Version, Name: "fischer-10.xml",
		Model: fischerN(t, 10), Queries: []int{0}, Options: protocol.Options{MaxStates: 1 << 40}})
	if reason, err := checkOnce(base, body); err != nil || reason != "state limit" {
		t.Errorf("a check asking for more states than the ceiling: %q, %v; want a state limit", reason, err)
	}
	resp, err = http.Post(base+"/api/check", "application/msgpack", bytes.NewReader(make([]byte, 65<<10)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	f, err := protocol.ReadFrame(resp.Body)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || f.Message != "the request is larger than the server accepts (64 KiB)" {
		t.Errorf("a body too large: %d %+v %v", resp.StatusCode, f, err)
	}
	if resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("the 413 has no X-Frame-Options: %v", resp.Header)
	}
}

// Sizes are shown as they are written: serve -h's defaults read "16M".
func TestByteSizeString(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 1500: "1500", 512 << 10: "512K", 16 << 20: "16M", 1 << 30: "1G", 3<<30 + 1<<20: "3073M"} {
		b := byteSize(n)
		if got := b.String(); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
		var back byteSize
		if err := back.Set(want); err != nil || back != b {
			t.Errorf("%q reads back as %d (%v)", want, back, err)
		}
	}
}
