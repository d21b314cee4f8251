package webserver

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// versionOf is the version the server gives bytes: the first 16 hex
// digits of their SHA-256.
func versionOf(t *testing.T, files map[string]string, name string) string {
	t.Helper()
	fsys := fstest.MapFS{}
	for n, b := range files {
		fsys[n] = &fstest.MapFile{Data: []byte(b)}
	}
	v := (&hashes{files: fsys}).version(name)
	if len(v) != hashLen {
		t.Fatalf("version of %s: %q", name, v)
	}
	return v
}

// The page names its assets with their versions: every src and href
// under web/ that names a file, and the JSON block lists the assets the
// programs load by address.
func TestVersionPage(t *testing.T) {
	files := map[string]string{
		"web/app.css":           "body{}",
		"web/boot.js":           "// boot",
		"web/build/engine.wasm": "\x00asm engine",
		"web/worker.js":         "// worker",
	}
	page := `<head><link rel="stylesheet" href="web/app.css"><link rel="icon" href="data:,"></head>` +
		`<a href="web/missing.css">x</a>` + VersionsElement + `<script src="web/boot.js"></script>`
	fsys := fstest.MapFS{}
	for n, b := range files {
		fsys[n] = &fstest.MapFile{Data: []byte(b)}
	}
	got := string(VersionPage(fsys, []byte(page)))
	for _, want := range []string{
		`href="web/app.css?v=` + versionOf(t, files, "web/app.css") + `"`,
		`src="web/boot.js?v=` + versionOf(t, files, "web/boot.js") + `"`,
		`href="web/missing.css"`, // no such file: left as it is
		`href="data:,"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page has no %s:\n%s", want, got)
		}
	}
	m := regexp.MustCompile(`id="asset-versions">([^<]*)</script>`).FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("no versions block in\n%s", got)
	}
	var versions map[string]string
	if err := json.Unmarshal([]byte(m[1]), &versions); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"web/build/engine.wasm": versionOf(t, files, "web/build/engine.wasm"),
		"web/worker.js":         versionOf(t, files, "web/worker.js"),
	}
	if len(versions) != len(want) || versions["web/build/engine.wasm"] != want["web/build/engine.wasm"] || versions["web/worker.js"] != want["web/worker.js"] {
		t.Errorf("versions %v, want %v (only the files that exist)", versions, want)
	}
}

// An asset asked for with its current version is cached for good; with
// another version, or none, it is revalidated, with an ETag that a
// second request turns into a 304. The page itself is always revalidated.
func TestCacheHeaders(t *testing.T) {
	h, _ := testServer(t)
	page := get(h, "GET", "/").Body.String()
	v := regexp.MustCompile(`"web/build/engine.wasm":"([0-9a-f]{16})"`).FindStringSubmatch(page)
	if v == nil {
		t.Fatalf("the page names no version of the engine:\n%s", page)
	}
	engine := "/web/build/engine.wasm"
	tests := []struct {
		name, path, acceptEncoding string
		cache, etag                string
	}{
		{"current version", engine + "?v=" + v[1], "", immutableCache, `"` + v[1] + `"`},
		{"current version, gzip", engine + "?v=" + v[1], "gzip", immutableCache, `"` + v[1] + `-gzip"`},
		{"old version", engine + "?v=0123456789abcdef", "", revalidate, `"` + v[1] + `"`},
		{"no version", engine, "", revalidate, `"` + v[1] + `"`},
		{"glue", "/web/build/worker/worker.mjs", "", revalidate, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(h, "GET", tt.path, "Accept-Encoding", tt.acceptEncoding)
			if rec.Code != 200 {
				t.Fatalf("status %d", rec.Code)
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control %q, want %q", got, tt.cache)
			}
			etag := rec.Header().Get("ETag")
			if tt.etag != "" && etag != tt.etag {
				t.Errorf("ETag %q, want %q", etag, tt.etag)
			}
			if again := get(h, "GET", tt.path, "Accept-Encoding", tt.acceptEncoding, "If-None-Match", etag); again.Code != 304 || again.Body.Len() != 0 {
				t.Errorf("revalidated with If-None-Match %s: status %d, %d bytes; want 304 and none", etag, again.Code, again.Body.Len())
			}
		})
	}
	for _, path := range []string{"/", "/index.html"} {
		rec := get(h, "GET", path)
		if cc := rec.Header().Get("Cache-Control"); cc != revalidate || rec.Header().Get("ETag") == "" {
			t.Errorf("%s: Cache-Control %q, ETag %q; want no-cache with an ETag", path, cc, rec.Header().Get("ETag"))
		}
		if again := get(h, "GET", path, "If-None-Match", rec.Header().Get("ETag")); again.Code != 304 {
			t.Errorf("%s revalidated: status %d, want 304", path, again.Code)
		}
	}
}

// A file rebuilt under --root gets a new version at once: the old
// version's address is no longer cached for good.
func TestVersionFollowsRebuild(t *testing.T) {
	root := t.TempDir()
	write(t, root, "index.html", []byte("<!doctype html>"+VersionsElement))
	write(t, root, "web/build/engine.wasm", []byte("first build"))
	h := dirServer(t, root, nil)
	first := regexp.MustCompile(`"web/build/engine.wasm":"([0-9a-f]{16})"`).FindStringSubmatch(get(h, "GET", "/").Body.String())
	if first == nil {
		t.Fatal("no version of the engine in the page")
	}
	time.Sleep(10 * time.Millisecond) // a later modification time
	write(t, root, "web/build/engine.wasm", []byte("second build, longer"))
	if cc := get(h, "GET", "/web/build/engine.wasm?v="+first[1]).Header().Get("Cache-Control"); cc != revalidate {
		t.Errorf("the first build's version after a rebuild: Cache-Control %q, want %q", cc, revalidate)
	}
	second := regexp.MustCompile(`"web/build/engine.wasm":"([0-9a-f]{16})"`).FindStringSubmatch(get(h, "GET", "/").Body.String())
	if second == nil || second[1] == first[1] {
		t.Errorf("the page after a rebuild names version %v, before %s", second, first[1])
	}
}
