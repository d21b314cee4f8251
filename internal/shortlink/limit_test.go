package shortlink

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"beeline/core/share"
)

// postLink posts env to srv's /share as client and returns the status,
// the Retry-After header and the body.
func postLink(t *testing.T, srv *httptest.Server, client, env string) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", srv.URL+"/share", strings.NewReader(env))
	req.Header.Set("X-Test-Client", client)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), strings.TrimSpace(string(body))
}

// testClient names a request's client by a header, so that one loopback
// test plays several clients.
func testClient(r *http.Request) string { return r.Header.Get("X-Test-Client") }

// A store with a quota refuses a link that would pass it with 507 and a
// plain sentence; links stored already, or stored again, cost nothing
// more; deleting one makes room.
func TestQuota(t *testing.T) {
	store := newStore(t)
	env := []string{envelope(t, "E<> true"), envelope(t, "E<> false"), envelope(t, "A[] true")}
	store.SetQuota(int64(len(env[0]) + len(env[1]) + len(env[2])/2))
	srv := httptest.NewServer(Handler(store, Limits{}))
	defer srv.Close()
	var ids []string
	for _, e := range env[:2] {
		code, _, body := postLink(t, srv, "a", e)
		if code != 200 {
			t.Fatalf("within the quota: %d %s", code, body)
		}
		ids = append(ids, body)
	}
	if code, _, body := postLink(t, srv, "a", env[0]); code != 200 {
		t.Errorf("a link stored already, at the quota: %d %s", code, body)
	}
	code, _, body := postLink(t, srv, "a", env[2])
	want := "cannot make a short link: the server's store of short links is full; share the long link instead, or ask the server's operator to make room"
	if code != http.StatusInsufficientStorage || body != want {
		t.Errorf("past the quota: %d %q, want 507 and %q", code, body, want)
	}
	links, err := store.List()
	if err != nil || len(links) != 2 {
		t.Fatalf("List: %+v, %v; want two links", links, err)
	}
	// env[0]'s link goes, so that storing it again below needs room.
	if err := store.Delete(share.ID(env[0])); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(share.ID(env[0])); err != ErrNotFound {
		t.Errorf("deleting it again: %v, want ErrNotFound", err)
	}
	if code, _, body := postLink(t, srv, "a", env[2]); code != 200 {
		t.Errorf("after a deletion: %d %s", code, body)
	}
	if used, _ := store.Usage(); used != int64(len(env[1])+len(env[2])) && used != int64(len(env[0])+len(env[2])) {
		t.Errorf("usage %d after storing three links and deleting one", used)
	}
	// A link deleted by another process (`beeline share delete`) makes
	// room once the full store counts again.
	other, err := NewDirStore(store.root.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if code, _, _ := postLink(t, srv, "a", env[0]); code != http.StatusInsufficientStorage {
		t.Fatalf("full again: %d", code)
	}
	links, _ = store.List()
	if err := other.Delete(links[0].ID); err != nil {
		t.Fatal(err)
	}
	store.recount = 0
	if code, _, body := postLink(t, srv, "a", env[0]); code != 200 {
		t.Errorf("after another process deleted a link: %d %s", code, body)
	}
	// The count survives a reopening.
	again, err := NewDirStore(store.root.Name())
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if a, _ := again.Usage(); a != func() int64 { u, _ := store.Usage(); return u }() {
		t.Errorf("reopened, the store counts %d bytes", a)
	}
}

// Each client may store Burst links at once and then PerMinute a
// minute: past that it gets 429 with a Retry-After, and other clients
// are not held back.
func TestRateLimit(t *testing.T) {
	lim := NewRateLimiter(2, 3)
	srv := httptest.NewServer(Handler(newStore(t), Limits{Limiter: lim, Client: testClient}))
	defer srv.Close()
	for i := range 3 {
		if code, _, body := postLink(t, srv, "a", envelope(t, fmt.Sprintf("E<> x == %d", i))); code != 200 {
			t.Fatalf("link %d of a burst of 3: %d %s", i+1, code, body)
		}
	}
	code, retry, body := postLink(t, srv, "a", envelope(t, "E<> x == 9"))
	if code != http.StatusTooManyRequests || retry != "30" || body != "too many short links from your address just now; try again in 30 seconds" {
		t.Errorf("a fourth link: %d, Retry-After %q, %q", code, retry, body)
	}
	if code, _, body := postLink(t, srv, "b", envelope(t, "E<> x == 9")); code != 200 {
		t.Errorf("another client: %d %s", code, body)
	}
}

// The bucket refills at its rate up to its burst, and full buckets are
// forgotten.
func TestRateLimiterRefill(t *testing.T) {
	now := time.Unix(1000, 0)
	lim := NewRateLimiter(6, 2)
	lim.now = func() time.Time { return now }
	ctx := context.Background()
	for i, want := range []bool{true, true, false} {
		if ok, _, _ := lim.Allow(ctx, "a"); ok != want {
			t.Errorf("take %d at once: %v", i+1, ok)
		}
	}
	now = now.Add(10 * time.Second) // one token back
	if ok, _, _ := lim.Allow(ctx, "a"); !ok {
		t.Error("after 10 s at 6 a minute: refused")
	}
	if ok, retry, _ := lim.Allow(ctx, "a"); ok || retry != 10*time.Second {
		t.Errorf("right after: %v, retry %v; want refused for 10s", ok, retry)
	}
	now = now.Add(time.Hour)
	lim.Allow(ctx, "b")
	if _, kept := lim.buckets["a"]; kept {
		t.Error("a full bucket was kept")
	}
}

// A link trickled in is answered 408 at the read timeout, on a real
// connection.
func TestSlowLink(t *testing.T) {
	srv := httptest.NewServer(Handler(newStore(t), Limits{ReadTimeout: 200 * time.Millisecond}))
	defer srv.Close()
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /share HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nb1.")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	want := "the link did not arrive within the server's read timeout (200ms)"
	if resp.StatusCode != http.StatusRequestTimeout || strings.TrimSpace(string(body)) != want {
		t.Errorf("%d %q, want 408 and %q", resp.StatusCode, body, want)
	}
}
