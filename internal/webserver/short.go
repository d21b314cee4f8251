// The page at /s/{id}: the app, with its relative addresses resolved
// from the site's root.

package webserver

import (
	"bytes"
	"net/http"

	"beeline/internal/shortlink"
)

// shortPage serves the app at /s/{id} when id names a stored link; the
// page then fetches api/share/{id} and opens it as it opens a fragment
// link.
type shortPage struct {
	store shortlink.Store
	index func(*http.Request) ([]byte, error)
}

// baseElement makes the page's relative addresses (web/app.css,
// web/build/ui.wasm, api/share/…) resolve one level up, at the app's
// root, from /s/{id}. It is inserted right after <head>, before anything
// that has an address.
const baseElement = `<base href="../">`

func (p shortPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if _, err := shortlink.Lookup(r, p.store, r.PathValue("id")); err != nil {
		shortlink.Refuse(w, err)
		return
	}
	page, err := p.index(r)
	if err != nil {
		http.Error(w, "cannot read the page", http.StatusInternalServerError)
		return
	}
	head := []byte("<head>")
	at := bytes.Index(page, head)
	if at < 0 {
		http.Error(w, "the page has no <head>", http.StatusInternalServerError)
		return
	}
	at += len(head)
	out := make([]byte, 0, len(page)+len(baseElement))
	out = append(append(append(out, page[:at]...), baseElement...), page[at:]...)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(out)
}
