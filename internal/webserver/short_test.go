package webserver

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"beeline/core/share"
	"beeline/internal/shortlink"
)

// /s/{id} is the page with a <base> one level up when id is stored, 404
// otherwise; /api/share reaches the short-link service beside the engine;
// every answer carries the security headers.
func TestShortPage(t *testing.T) {
	root := t.TempDir()
	write(t, root, "index.html", []byte("<!doctype html>\n<html>\n<head>\n<title>B</title></head><body>page</body></html>"))
	write(t, root, "web/app.css", []byte("css"))
	files, err := DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	store, err := shortlink.NewDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("engine " + r.URL.Path)) })
	h := New(Options{Files: files, API: api, Shares: store})

	model := []byte("<nta/>")
	env, err := share.Encode(&share.Link{Name: "m.xml", Model: model, Hash: share.Hash(model), Formula: "E<> true"})
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("POST", "/api/share", strings.NewReader(env))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	expectSecure(t, "POST /api/share", rec, 200)
	var made struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &made); err != nil {
		t.Fatal(err)
	}

	rec = get(h, "GET", "/s/"+made.ID)
	expectSecure(t, "GET /s/{id}", rec, 200)
	if body := rec.Body.String(); !strings.HasPrefix(body, "<!doctype html>\n<html>\n<head><base href=\"../\">\n<title>") {
		t.Errorf("the page at /s/{id}:\n%s", body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	expectSecure(t, "GET /api/share/{id}", get(h, "GET", "/api/share/"+made.ID), 200)
	expectSecure(t, "an unknown id", get(h, "GET", "/s/AAAAAAAAAAAAAAAA"), 404)
	expectSecure(t, "not an id", get(h, "GET", "/s/<script>"), 404)
	expectSecure(t, "POST /s/{id}", get(h, "POST", "/s/"+made.ID), http.StatusMethodNotAllowed)
	if rec := get(h, "POST", "/api/check"); rec.Body.String() != "engine /check" {
		t.Errorf("the engine behind the short links: %q", rec.Body)
	}
	// Without a store there are no short links.
	h = New(Options{Files: files})
	if rec := get(h, "GET", "/s/"+made.ID); rec.Code != 404 {
		t.Errorf("/s/{id} without a store: %d", rec.Code)
	}
	if rec := get(h, "GET", "/api/share"); rec.Code != 404 {
		t.Errorf("/api/share without a store: %d", rec.Code)
	}
}
