package webserver

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func write(t *testing.T, root, name string, data []byte) {
	t.Helper()
	p := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func gz(data []byte) []byte {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func testServer(t *testing.T) (http.Handler, []byte) {
	t.Helper()
	root := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm wasm bytes "), 1000)
	write(t, root, "index.html", []byte("<!doctype html>page"+VersionsElement))
	write(t, root, "web/worker.js", []byte("// worker"))
	write(t, root, "web/build/worker/worker.mjs", []byte("export default {}"))
	write(t, root, "web/build/engine.wasm", wasm)
	write(t, root, "web/build/engine.wasm.gz", gz(wasm))
	write(t, root, "go.mod", []byte("module secret"))
	write(t, root, "web/.hidden", []byte("secret"))
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "api "+r.Method+" "+r.URL.Path) })
	h := dirServer(t, root, api)
	return h, wasm
}

// dirServer is New serving the files of root, with api under /api/.
func dirServer(t *testing.T, root string, api http.Handler) http.Handler {
	t.Helper()
	files, err := DirFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{Files: files, API: api})
}

func get(h http.Handler, method, path string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func TestContentTypes(t *testing.T) {
	h, _ := testServer(t)
	for path, want := range map[string]string{
		"/":                            "text/html; charset=utf-8",
		"/index.html":                  "text/html; charset=utf-8",
		"/web/worker.js":               "text/javascript; charset=utf-8",
		"/web/build/worker/worker.mjs": "text/javascript; charset=utf-8",
		"/web/build/engine.wasm":       "application/wasm",
	} {
		rec := get(h, "GET", path)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != want {
			t.Errorf("%s: %d %q, want 200 %q", path, rec.Code, rec.Header().Get("Content-Type"), want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
	}
}

func TestPrecompressed(t *testing.T) {
	h, wasm := testServer(t)
	rec := get(h, "GET", "/web/build/engine.wasm", "Accept-Encoding", "br, gzip;q=0.9")
	if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Type") != "application/wasm" {
		t.Fatalf("headers %v", rec.Header())
	}
	if got, want := rec.Header().Get("X-Uncompressed-Length"), "16000"; got != want {
		t.Errorf("X-Uncompressed-Length %q, want %q", got, want)
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, wasm) {
		t.Error("the gzip body does not decode to the file")
	}
	for _, ae := range []string{"", "identity", "gzip;q=0"} {
		rec = get(h, "GET", "/web/build/engine.wasm", "Accept-Encoding", ae)
		if rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), wasm) {
			t.Errorf("Accept-Encoding %q: encoding %q, %d bytes", ae, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
	}
}

func TestNotServed(t *testing.T) {
	h, _ := testServer(t)
	for _, path := range []string{"/go.mod", "/web/.hidden", "/web/build/engine.wasm.gz", "/web/../go.mod", "/web/build/", "/web/missing.js"} {
		if rec := get(h, "GET", path); rec.Code != 404 && rec.Header().Get("Location") != "/go.mod" {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	fsrv := &fileServer{files: mustRoot(t).FS()}
	if rec := get(fsrv, "GET", "/web/../go.mod"); rec.Code != 404 {
		t.Errorf("file server itself, /web/../go.mod: status %d", rec.Code)
	}
	if rec := get(h, "POST", "/index.html"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /index.html: status %d", rec.Code)
	}
}

func TestRevalidate(t *testing.T) {
	h, _ := testServer(t)
	rec := get(h, "GET", "/web/worker.js")
	lm := rec.Header().Get("Last-Modified")
	if lm == "" {
		t.Fatal("no Last-Modified")
	}
	if rec := get(h, "GET", "/web/worker.js", "If-Modified-Since", lm); rec.Code != http.StatusNotModified {
		t.Errorf("revalidation: status %d, want 304", rec.Code)
	}
}

func TestAPI(t *testing.T) {
	h, _ := testServer(t)
	if rec := get(h, "POST", "/api/check"); rec.Body.String() != "api POST /check" {
		t.Errorf("API got %q", rec.Body.String())
	}
}

func mustRoot(t *testing.T) *os.Root {
	dir := t.TempDir()
	write(t, dir, "go.mod", []byte("module secret"))
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The exact bytes on the wire: the .gz file's for gzip clients, the raw
// file's for the others, with the raw size announced either way.
func TestWasmEncodings(t *testing.T) {
	h, wasm := testServer(t)
	rec := get(h, "GET", "/web/build/engine.wasm", "Accept-Encoding", "gzip, deflate")
	if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", got)
	}
	if got, want := rec.Header().Get("X-Uncompressed-Length"), strconv.Itoa(len(wasm)); got != want {
		t.Errorf("X-Uncompressed-Length %q, want %s (the raw file's size)", got, want)
	}
	if !bytes.Equal(rec.Body.Bytes(), gz(wasm)) {
		t.Errorf("gzip body is %d bytes, want the .gz file's %d", rec.Body.Len(), len(gz(wasm)))
	}
	if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
		t.Errorf("Vary %q, want Accept-Encoding", got)
	}
	rec = get(h, "GET", "/web/build/engine.wasm")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/wasm" || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("without gzip: %d, headers %v", rec.Code, rec.Header())
	}
	if !bytes.Equal(rec.Body.Bytes(), wasm) || rec.Header().Get("Content-Length") != strconv.Itoa(len(wasm)) {
		t.Errorf("without gzip: %d bytes (Content-Length %q), want the raw %d", rec.Body.Len(), rec.Header().Get("Content-Length"), len(wasm))
	}
	// A file with no .gz beside it goes out as is, even to gzip clients.
	rec = get(h, "GET", "/web/worker.js", "Accept-Encoding", "gzip")
	if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "// worker" || rec.Header().Get("X-Uncompressed-Length") != "" {
		t.Errorf("worker.js to a gzip client: encoding %q, body %q", rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

// Only /, /index.html and /web/... are files; dotfiles and everything
// else is 404, whatever exists on disk.
func TestOnlyPublicPaths(t *testing.T) {
	root := t.TempDir()
	write(t, root, "index.html", []byte("page"))
	write(t, root, "web/app.css", []byte("css"))
	write(t, root, "other/file.js", []byte("secret"))
	write(t, root, ".env", []byte("secret"))
	write(t, root, ".git/config", []byte("secret"))
	write(t, root, "web/.git/config", []byte("secret"))
	write(t, root, "web/sub/.hidden.js", []byte("secret"))
	write(t, root, "webby/x.js", []byte("secret"))
	h := dirServer(t, root, nil)
	for _, path := range []string{"/other/file.js", "/.env", "/.git/config", "/web/.git/config",
		"/web/sub/.hidden.js", "/webby/x.js", "/index.htm", "/web/", "/web/sub/", "/api/check",
		"/web/%2e%2e/other/file.js", "/web/..%2fother/file.js"} {
		rec := get(h, "GET", path)
		if rec.Code == 200 || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("%s: status %d, body %q, want 404", path, rec.Code, rec.Body.String())
		}
		if rec.Code != 404 && rec.Code/100 != 3 {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	for path, body := range map[string]string{"/": "page", "/index.html": "page", "/web/app.css": "css"} {
		if rec := get(h, "GET", path); rec.Code != 200 || rec.Body.String() != body {
			t.Errorf("%s: %d %q, want 200 %q", path, rec.Code, rec.Body.String(), body)
		}
	}
	if rec := get(h, "HEAD", "/web/app.css"); rec.Code != 200 || rec.Header().Get("Content-Type") != "text/css; charset=utf-8" {
		t.Errorf("HEAD /web/app.css: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}
