package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"beeline/core/share"
)

// trickleTo sends a request for path with a body of n bytes announced
// to the server at base, then one byte every gap, and returns the
// answer's status line and body, or what ended the connection.
func trickleTo(base, method, path string, n int, gap time.Duration) string {
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		return err.Error()
	}
	defer conn.Close()
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n", method, path, n)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for range n {
			select {
			case <-stop:
				return
			case <-time.After(gap):
			}
			if _, err := conn.Write([]byte{'b'}); err != nil {
				return
			}
		}
	}()
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return err.Error()
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// The connection is closed, not drained for the rest of the body. A
	// server that closes with bytes of the body unread in its buffer
	// resets the connection instead of ending it: closed all the same.
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); err != io.EOF && !errors.Is(err, syscall.ECONNRESET) {
		return fmt.Sprintf("%d, and the connection stays open (%v)", resp.StatusCode, err)
	}
	return fmt.Sprintf("%d %s", resp.StatusCode, body)
}

// Bodies trickled at one byte per 50 ms to every route, with both job
// slots' worth on the engine's, are answered at the read timeout (408
// where the route reads a body) and their connections closed.
func TestServeSlowBodies(t *testing.T) {
	c, err := parseServe([]string{"--root", appRoot(t), "--data", t.TempDir(), "--read-timeout", "300ms", "--max-jobs", "2"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	base := startServe(t, c)
	const timeout = "within the server's read timeout (300ms)"
	for _, tc := range []struct{ method, path, want string }{
		{"POST", "/api/check", "408 "},
		{"POST", "/api/check", "408 "},
		{"POST", "/api/simulate", "408 "},
		{"POST", "/api/catalog", "408 "},
		{"POST", "/api/share", "408 the link did not arrive " + timeout},
		{"GET", "/", "200 "},
		{"GET", "/api/share", "200 "},
		{"GET", "/s/AAAAAAAAAAAAAAAA", "404 "},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			t.Parallel()
			got := trickleTo(base, tc.method, tc.path, 200, 50*time.Millisecond)
			if !strings.HasPrefix(got, tc.want) || (tc.want == "408 " && !strings.Contains(got, timeout)) {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// Short links under a quota and a rate: the server refuses past them in
// plain words; `beeline share` lists and deletes what it stored.
func TestServeShareLimits(t *testing.T) {
	data := t.TempDir()
	c, err := parseServe([]string{"--root", appRoot(t), "--data", data, "--share-rate", "3", "--share-quota", "200K"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	base := startServe(t, c)
	post := func(formula string) (int, string, string) {
		env := linkOf(t, formula)
		resp, err := http.Post(base+"/api/share", "text/plain", strings.NewReader(env))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), strings.TrimSpace(string(body))
	}
	for i := range 3 {
		if code, _, body := post(fmt.Sprintf("E<> x == %d", i)); code != 200 {
			t.Fatalf("link %d: %d %s", i+1, code, body)
		}
	}
	code, retry, body := post("E<> x == 3")
	if code != http.StatusTooManyRequests || retry != "20" || !strings.HasPrefix(body, "too many short links from your address just now") {
		t.Errorf("a fourth link within the minute: %d, Retry-After %q, %q", code, retry, body)
	}

	out, errOut, status := runCLI(t, "share", "list", "--data", data)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if status != exitOK || len(lines) != 4 || !strings.HasPrefix(lines[3], "3 links, ") {
		t.Fatalf("share list: status %d, stdout:\n%s\nstderr:\n%s", status, out, errOut)
	}
	id := strings.Fields(lines[0])[0]
	if out, _, status := runCLI(t, "share", "delete", "--data", data, id); status != exitOK || out != "deleted "+id+"\n" {
		t.Errorf("share delete: status %d, %q", status, out)
	}
	if _, err := os.Stat(filepath.Join(data, id[:2], id)); !os.IsNotExist(err) {
		t.Errorf("the deleted link's file: %v", err)
	}
	resp, err := http.Get(base + "/api/share/" + id)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a deleted link answers %d", resp.StatusCode)
	}
	if _, errOut, status := runCLI(t, "share", "delete", "--data", data, id); status != exitModelError || errOut != "beeline share: no short link \""+id+"\" is kept here\n" {
		t.Errorf("deleting it again: status %d, %q", status, errOut)
	}
	missing := filepath.Join(data, "nothing")
	if _, errOut, status := runCLI(t, "share", "list", "--data", missing); status != exitUsage || !strings.Contains(errOut, "no short links are kept in "+missing) {
		t.Errorf("listing a directory that does not exist: status %d, %q", status, errOut)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("listing made the directory: %v", err)
	}
}

// linkOf is the envelope of a share link of a small model with formula.
func linkOf(t *testing.T, formula string) string {
	t.Helper()
	model := []byte("<nta><template><name>P</name><location id=\"a\"/><init ref=\"a\"/></template><system>system P;</system></nta>")
	env, err := share.Encode(&share.Link{Name: "m.xml", Model: model, Hash: share.Hash(model), Formula: formula})
	if err != nil {
		t.Fatal(err)
	}
	return env
}
