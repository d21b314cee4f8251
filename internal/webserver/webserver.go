// The handler: routing, file lookup, content types, precompressed files.

package webserver

import (
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Options configures New.
type Options struct {
	// Root is the directory holding index.html and web/.
	Root string
	// API, when set, is served under /api/ with the prefix stripped
	// (core/engine's handler: POST /api/check, POST /api/parse).
	API http.Handler
}

// New returns the web app's handler, with the security headers (Secure)
// on every response. It fails when Root cannot be opened.
func New(opts Options) (http.Handler, error) {
	root, err := os.OpenRoot(opts.Root)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	files := &fileServer{root: root}
	mux.Handle("GET /{$}", files)
	mux.Handle("GET /index.html", files)
	mux.Handle("GET /web/", files)
	if opts.API != nil {
		mux.Handle("/api/", http.StripPrefix("/api", opts.API))
	}
	return Secure(mux), nil
}

// contentTypes are the types this server must get right whatever the
// system's MIME tables say (they differ between machines).
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".xml":  "application/xml",
	".xta":  "text/plain; charset=utf-8",
	".q":    "text/plain; charset=utf-8",
	".txt":  "text/plain; charset=utf-8",
}

// ContentType returns the Content-Type served for a file name.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

type fileServer struct {
	root *os.Root
}

func (s *fileServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	public := name == "index.html" || strings.HasPrefix(name, "web/")
	if !public || !fs.ValidPath(name) || hasDotComponent(name) || strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	info, err := s.root.Stat(name)
	if err != nil || info.IsDir() {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ContentType(name))
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	serve := name
	if acceptsGzip(r) {
		if gz, err := s.root.Stat(name + ".gz"); err == nil && !gz.IsDir() {
			serve = name + ".gz"
			h.Set("Content-Encoding", "gzip")
			h.Set("X-Uncompressed-Length", strconv.FormatInt(info.Size(), 10))
		}
	}
	f, err := s.root.Open(serve)
	if err != nil {
		http.Error(w, "cannot open "+name, http.StatusInternalServerError)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, fi.ModTime(), f)
}

func hasDotComponent(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") || strings.TrimSpace(coding) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// Check reports what is missing from a root directory for the app to
// work: the web/ folder, or the built engine in web/build/.
func Check(root string) error {
	if st, err := os.Stat(filepath.Join(root, "web")); err != nil || !st.IsDir() {
		return errors.New("no web/ folder in " + root + " (run from the repository root, or give --root)")
	}
	if _, err := os.Stat(filepath.Join(root, "web", "build", "engine.wasm")); err != nil {
		return errors.New("no web/build/engine.wasm in " + root + " (run `make wasm` first)")
	}
	return nil
}
