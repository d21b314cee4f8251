// The handler: routing, file lookup, content types, precompressed files.

package webserver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"beeline/internal/shortlink"
)

// Options configures New.
type Options struct {
	// Files holds index.html and web/ (including the built wasm in
	// web/build/): a directory (DirFiles) or the binary's embedded copy.
	// Nil serves no files, as in the Worker, whose platform serves them.
	Files fs.FS
	// Index returns the page (index.html) for /s/{id} when Files is nil.
	Index func(r *http.Request) ([]byte, error)
	// API, when set, is served under /api/ with the prefix stripped
	// (core/engine's handler: POST /api/check, POST /api/parse).
	API http.Handler
	// Shares, when set, serves short links: internal/shortlink's routes
	// under /api/share and the page at /s/{id}, under ShareLimits.
	Shares      shortlink.Store
	ShareLimits shortlink.Limits
	// ReadTimeout, when set, bounds the time the body of any request
	// takes to arrive, on routes that take none as on those that do
	// (the engine and the short links set their own deadline too): a
	// body trickled to a route that ignores it would otherwise keep its
	// connection open after the answer, while the server drains it.
	ReadTimeout time.Duration
}

// DirFiles opens a directory as Options.Files. Files are read through
// os.Root, so a symbolic link cannot lead outside the directory.
func DirFiles(dir string) (fs.FS, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return root.FS(), nil
}

// New returns the web app's handler, with the security headers (Secure)
// on every response.
func New(opts Options) http.Handler {
	mux := http.NewServeMux()
	if opts.Files != nil {
		files := &fileServer{files: opts.Files, hashes: &hashes{files: opts.Files}}
		mux.Handle("GET /{$}", files)
		mux.Handle("GET /index.html", files)
		mux.Handle("GET /web/", files)
		if opts.Index == nil {
			opts.Index = func(*http.Request) ([]byte, error) { return files.page() }
		}
	}
	if opts.API != nil {
		mux.Handle("/api/", http.StripPrefix("/api", opts.API))
	}
	if opts.Shares != nil {
		api := http.StripPrefix("/api", shortlink.Handler(opts.Shares, opts.ShareLimits))
		mux.Handle("/api/share", api)
		mux.Handle("/api/share/", api)
		if opts.Index != nil {
			mux.Handle("GET /s/{id}", shortPage{opts.Shares, opts.Index})
		}
	}
	return Secure(bodyDeadline(opts.ReadTimeout, mux))
}

// bodyDeadline sets a read deadline of d on every request that has a
// body, before its route runs. Requests without one get none: the
// server's read that watches for a client going away runs during their
// answer, and a deadline passing then would cancel the connection.
func bodyDeadline(d time.Duration, h http.Handler) http.Handler {
	if d <= 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength != 0 {
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				// Its route reads no body: the deadline stays during
				// the answer, so the connection is not reused.
				w.Header().Set("Connection", "close")
			}
		}
		h.ServeHTTP(w, r)
	})
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
	files  fs.FS
	hashes *hashes
}

// page reads index.html with its assets' addresses versioned.
func (s *fileServer) page() ([]byte, error) {
	b, err := readPage(s.files, "index.html")
	if err != nil {
		return nil, err
	}
	return s.hashes.versionPage(b), nil
}

// servePage sends index.html, versioned, to be revalidated on every
// visit (its ETag is its own bytes' hash, so an unchanged page is a 304).
func (s *fileServer) servePage(w http.ResponseWriter, r *http.Request) {
	b, err := s.page()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	sum := sha256.Sum256(b)
	h := w.Header()
	h.Set("Content-Type", ContentType("index.html"))
	h.Set("Cache-Control", revalidate)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:])[:hashLen]+`"`)
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(b))
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
	info, err := fs.Stat(s.files, name)
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	if name == "index.html" {
		s.servePage(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ContentType(name))
	h.Add("Vary", "Accept-Encoding")
	version := s.hashes.version(name)
	h.Set("Cache-Control", cacheControl(r, version))
	etag := version
	serve := name
	if acceptsGzip(r) {
		if gz, err := fs.Stat(s.files, name+".gz"); err == nil && gz.Mode().IsRegular() {
			serve = name + ".gz"
			etag += "-gzip" // another representation, another tag
			h.Set("Content-Encoding", "gzip")
			h.Set("X-Uncompressed-Length", strconv.FormatInt(info.Size(), 10))
		}
	}
	if version != "" {
		h.Set("ETag", `"`+etag+`"`)
	}
	f, err := s.files.Open(serve)
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
	content, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, name, fi.ModTime(), content)
}

// cacheControl is the Cache-Control of a file whose current version is
// version: cached for good when the request's ?v= names it, revalidated
// otherwise.
func cacheControl(r *http.Request, version string) string {
	if version != "" && r.URL.Query().Get("v") == version {
		return immutableCache
	}
	return revalidate
}

// maxPage bounds the page read whole for /s/{id}: index.html has about
// 10 KB.
const maxPage = 4 << 20

// readPage reads the page name of files: a regular file (a named pipe
// under --root would block the open) of at most maxPage bytes.
func readPage(files fs.FS, name string) ([]byte, error) {
	if fi, err := fs.Stat(files, name); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	f, err := files.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxPage+1))
	if err == nil && len(b) > maxPage {
		err = fmt.Errorf("%s is larger than %d bytes", name, maxPage)
	}
	return b, err
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

// Check reports what is missing from files for the app to work: the web/
// folder, or the built engine in web/build/.
func Check(files fs.FS) error {
	if st, err := fs.Stat(files, "web"); err != nil || !st.IsDir() {
		return errors.New("no web/ folder")
	}
	if _, err := fs.Stat(files, "web/build/engine.wasm"); err != nil {
		return errors.New("no web/build/engine.wasm (run `make wasm` first)")
	}
	return nil
}
