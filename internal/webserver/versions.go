// Content-hashed asset addresses: the page names each asset with the
// hash of its bytes (?v=), and such an address is cached for good.

package webserver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"regexp"
	"sync"
	"time"
)

// Caching, in short: an address whose ?v= is the hash of the file's
// current bytes names those bytes forever, so it is sent with
// immutableCache and a browser never asks for it again (a second visit
// downloads no wasm). Every other answer, the page itself and the files
// it loads by relative imports (the workers' glue), is sent with
// no-cache and an ETag, so the browser revalidates it and gets a 304
// without a body when nothing changed. A ?v= that is not the current hash
// (a page from before a rebuild, say) gets the current bytes with
// no-cache: correct, only not cached for good.
const (
	immutableCache = "public, max-age=31536000, immutable"
	revalidate     = "no-cache"
)

// VersionsElement is the element of index.html the server fills with the
// hashes of the assets the page's programs load themselves (DynamicAssets)
// as a JSON object from path to hash; an unfilled page (opened from
// another server) leaves it empty, and the programs then load the plain
// addresses.
const VersionsElement = `<script type="application/json" id="asset-versions">{}</script>`

// DynamicAssets are the files the page's programs load by address (not
// through an attribute of index.html): the page's and the engine's wasm
// and the workers' scripts.
var DynamicAssets = []string{
	"web/build/ui.wasm",
	"web/build/engine.wasm",
	"web/worker.js",
	"web/parse-worker.js",
}

// assetAttr matches the src and href attributes of index.html that name
// a file under web/ with no query or fragment.
var assetAttr = regexp.MustCompile(`\b(src|href)="(web/[^"?#]+)"`)

// hashLen is the length of a version: 16 hex digits of SHA-256, 64 bits,
// ample to tell one build of a file from another.
const hashLen = 16

// hashes computes files' versions and keeps them, keyed by name, size and
// modification time: a file under --root may be rebuilt while the server
// runs, while the embedded files never change (their time is zero). The
// engine's 10 MB are hashed in tens of milliseconds, once per build.
type hashes struct {
	files fs.FS
	mu    sync.Mutex
	known map[string]hashEntry
}

type hashEntry struct {
	size int64
	mod  time.Time
	sum  string
}

// version returns the version of the file name, "" when it cannot be
// read.
func (h *hashes) version(name string) string {
	info, err := fs.Stat(h.files, name)
	if err != nil || !info.Mode().IsRegular() {
		return ""
	}
	h.mu.Lock()
	e, ok := h.known[name]
	h.mu.Unlock()
	if ok && e.size == info.Size() && e.mod.Equal(info.ModTime()) {
		return e.sum
	}
	sum, err := hashFile(h.files, name)
	if err != nil {
		return ""
	}
	h.mu.Lock()
	if h.known == nil {
		h.known = map[string]hashEntry{}
	}
	h.known[name] = hashEntry{info.Size(), info.ModTime(), sum}
	h.mu.Unlock()
	return sum
}

func hashFile(files fs.FS, name string) (string, error) {
	f, err := files.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	d := sha256.New()
	if _, err := io.Copy(d, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(d.Sum(nil))[:hashLen], nil
}

// versionPage returns the page with every src and href under web/ that
// names a file of h given its ?v=, and VersionsElement filled with the
// versions of DynamicAssets. A page without that element keeps only
// its attributes versioned.
func (h *hashes) versionPage(page []byte) []byte {
	out := assetAttr.ReplaceAllFunc(page, func(m []byte) []byte {
		sub := assetAttr.FindSubmatch(m)
		v := h.version(string(sub[2]))
		if v == "" {
			return m
		}
		return []byte(string(sub[1]) + `="` + string(sub[2]) + "?v=" + v + `"`)
	})
	versions := map[string]string{}
	for _, name := range DynamicAssets {
		if v := h.version(name); v != "" {
			versions[name] = v
		}
	}
	js, err := json.Marshal(versions)
	if err != nil {
		return out
	}
	filled := bytes.Replace([]byte(VersionsElement), []byte("{}"), js, 1)
	return bytes.Replace(out, []byte(VersionsElement), filled, 1)
}

// VersionPage returns page (index.html) with its assets' addresses
// content-hashed from files, as `beeline serve` sends it; the
// Cloudflare site's build writes its index.html with it.
func VersionPage(files fs.FS, page []byte) []byte {
	return (&hashes{files: files}).versionPage(page)
}
