package webserver

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"beeline/core/engine"
	"beeline/core/protocol"
	"beeline/web/render"
)

// wantHeaders are the security headers and their exact values.
var wantHeaders = map[string]string{
	"Content-Security-Policy":    ContentSecurityPolicy,
	"X-Content-Type-Options":     "nosniff",
	"X-Frame-Options":            "DENY",
	"Referrer-Policy":            "no-referrer",
	"Cross-Origin-Opener-Policy": "same-origin",
}

func expectSecure(t *testing.T, what string, rec *httptest.ResponseRecorder, status int) {
	t.Helper()
	if rec.Code != status {
		t.Errorf("%s: status %d, want %d", what, rec.Code, status)
	}
	for k, v := range wantHeaders {
		if got := rec.Header().Values(k); len(got) != 1 || got[0] != v {
			t.Errorf("%s: %s %q, want %q", what, k, got, v)
		}
	}
}

// Every kind of response carries the security headers: files (plain,
// precompressed, revalidated, HEAD), 404s, 405s, and the engine's
// answers, its refusals included.
func TestSecurityHeaders(t *testing.T) {
	root := t.TempDir()
	write(t, root, "index.html", []byte("<!doctype html>page"))
	write(t, root, "web/worker.js", []byte("// worker"))
	write(t, root, "web/build/engine.wasm", []byte("\x00asm"))
	write(t, root, "web/build/engine.wasm.gz", gz([]byte("\x00asm")))
	api := engine.New(engine.Options{MaxRequestBytes: 1 << 10})
	h := dirServer(t, root, api)
	expectSecure(t, "GET /", get(h, "GET", "/"), 200)
	expectSecure(t, "HEAD /web/worker.js", get(h, "HEAD", "/web/worker.js"), 200)
	expectSecure(t, "gzip wasm", get(h, "GET", "/web/build/engine.wasm", "Accept-Encoding", "gzip"), 200)
	lm := get(h, "GET", "/web/worker.js").Header().Get("Last-Modified")
	expectSecure(t, "revalidation", get(h, "GET", "/web/worker.js", "If-Modified-Since", lm), http.StatusNotModified)
	expectSecure(t, "a missing file", get(h, "GET", "/web/missing.js"), 404)
	expectSecure(t, "a private file", get(h, "GET", "/go.mod"), 404)
	expectSecure(t, "POST to a file", get(h, "POST", "/index.html"), http.StatusMethodNotAllowed)
	expectSecure(t, "GET /api/check", get(h, "GET", "/api/check"), http.StatusMethodNotAllowed)
	expectSecure(t, "an unknown API route", get(h, "POST", "/api/nothing"), 404)

	post := func(path string, body []byte) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, bytes.NewReader(body)))
		return rec
	}
	catalog, err := protocol.EncodeRequest(&protocol.Request{Version: protocol.Version})
	if err != nil {
		t.Fatal(err)
	}
	expectSecure(t, "the catalog", post("/api/catalog", catalog), 200)
	expectSecure(t, "a bad request", post("/api/check", []byte{0xc1}), http.StatusBadRequest)
	expectSecure(t, "a request too large", post("/api/check", make([]byte, 2<<10)), http.StatusRequestEntityTooLarge)
}

// Secure sets its headers on any handler's responses, errors included.
func TestSecure(t *testing.T) {
	busy := Secure(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	rec := get(busy, "POST", "/api/check")
	expectSecure(t, "503", rec, http.StatusServiceUnavailable)
	if rec.Header().Get("Retry-After") != "1" {
		t.Errorf("the handler's own headers are lost: %v", rec.Header())
	}
}

// The policy's directives, as the package documentation gives them: what
// the page needs and nothing that would let an injected script run.
func TestPolicy(t *testing.T) {
	directives := map[string]string{}
	for _, d := range strings.Split(ContentSecurityPolicy, "; ") {
		name, value, _ := strings.Cut(d, " ")
		if _, dup := directives[name]; dup {
			t.Errorf("directive %s given twice", name)
		}
		directives[name] = value
	}
	want := map[string]string{
		"default-src":     "'self'",
		"script-src":      "'self' 'wasm-unsafe-eval'",
		"worker-src":      "'self'",
		"connect-src":     "'self'",
		"img-src":         "'self' data:",
		"style-src":       "'self' " + styleHash(render.Style()) + " " + styleHash(render.SequenceChartStyle()),
		"style-src-attr":  "'unsafe-inline'",
		"object-src":      "'none'",
		"base-uri":        "'self'",
		"form-action":     "'none'",
		"frame-ancestors": "'none'",
	}
	for name, v := range want {
		if got, ok := directives[name]; !ok || got != v {
			t.Errorf("%s %q, want %q", name, got, v)
		}
	}
	for name := range directives {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected directive %s %s", name, directives[name])
		}
	}
	// The hash is of the drawings' style sheet, the one <style> the page
	// adds (base64 of a SHA-256 is 44 characters).
	if h := styleHash(render.Style()); !regexp.MustCompile(`^'sha256-[A-Za-z0-9+/]{43}='$`).MatchString(h) {
		t.Errorf("style hash %s", h)
	}
}

// The app's page and the engine harness keep to the policy by
// construction: no inline script, no event handler attributes, no
// javascript: URLs, no inline style. (The browser tests prove it in
// Chromium; this says which file broke it without one.) A JSON data
// block (<script type="application/json">, the assets' versions) is not
// a script: the browser never runs it, and the policy does not apply.
func TestPagesFitPolicy(t *testing.T) {
	dataBlock := regexp.MustCompile(`<script type="application/json"[^>]*>[^<]*</script>`)
	refused := []*regexp.Regexp{
		regexp.MustCompile(`<script\b[^>]*>\s*[^<\s]`), // a script with a body
		regexp.MustCompile(`\son[a-z]+\s*=`),           // an event handler attribute
		regexp.MustCompile(`(?i)javascript:`),
		regexp.MustCompile(`<style\b`),
		regexp.MustCompile(`\sstyle\s*=`),
	}
	scriptTag := regexp.MustCompile(`<script\b[^>]*>`)
	for _, name := range []string{"../../index.html", "../../web/test/engine.html", "../../web/test/editor.html"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := dataBlock.ReplaceAllString(string(b), "")
		for _, rx := range refused {
			if m := rx.FindString(src); m != "" {
				t.Errorf("%s: %q is refused by the policy", name, m)
			}
		}
		for _, tag := range scriptTag.FindAllString(src, -1) {
			if !strings.Contains(tag, " src=") {
				t.Errorf("%s: %s has no src: an inline script, refused by the policy", name, tag)
			}
		}
	}
}
