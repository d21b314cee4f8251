// The routes: the service's limits, storing an envelope, fetching one.

package shortlink

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"

	"beeline/core/share"
)

// Handler returns the service's routes (GET /share, POST /share, GET
// /share/{id}) over store, under lim, to be mounted where the page
// expects its API (under /api/, prefix stripped).
func Handler(store Store, lim Limits) http.Handler {
	if lim.Client == nil {
		lim.Client = ClientIP
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /share", limits)
	mux.Handle("POST /share", create{store, lim})
	mux.Handle("GET /share/{id}", fetch{store})
	return mux
}

// limits answers the page's question whether short links exist here.
func limits(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]int{"maxEnvelope": share.MaxEnvelope})
}

type create struct {
	store Store
	lim   Limits
}

func (c create) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	if c.lim.ReadTimeout > 0 {
		// Also bounds the reading of a body this handler refuses unread,
		// which the server would otherwise wait for.
		rc.SetReadDeadline(time.Now().Add(c.lim.ReadTimeout))
	}
	if r.ContentLength > share.MaxEnvelope {
		// Unread: the connection is closed rather than drained.
		w.Header().Set("Connection", "close")
		http.Error(w, share.ErrTooLarge.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	if !c.allowed(w, r) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, share.MaxEnvelope))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, share.ErrTooLarge.Error(), http.StatusRequestEntityTooLarge)
		return
	case errors.Is(err, os.ErrDeadlineExceeded):
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("the link did not arrive within the server's read timeout (%v)", c.lim.ReadTimeout), http.StatusRequestTimeout)
		return
	case err != nil:
		http.Error(w, "the link did not arrive whole", http.StatusBadRequest)
		return
	}
	rc.SetReadDeadline(time.Time{})
	s, err := share.CheckEnvelope(string(body))
	if err != nil {
		http.Error(w, "cannot make a short link: "+err.Error(), http.StatusBadRequest)
		return
	}
	switch err := c.store.Put(r.Context(), s.ID, s.Envelope); {
	case errors.Is(err, ErrFull):
		http.Error(w, "cannot make a short link: the server's store of short links is full; share the long link instead, or ask the server's operator to make room", http.StatusInsufficientStorage)
		return
	case err != nil:
		http.Error(w, "cannot store the link just now; try again later", http.StatusServiceUnavailable)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": s.ID, "path": "s/" + s.ID})
}

// allowed asks the limiter whether the request's client may store one
// more link, and answers 429 with a Retry-After when it may not.
func (c create) allowed(w http.ResponseWriter, r *http.Request) bool {
	if c.lim.Limiter == nil {
		return true
	}
	ok, retry, err := c.lim.Limiter.Allow(r.Context(), c.lim.Client(r))
	switch {
	case err != nil:
		http.Error(w, "cannot store the link just now; try again later", http.StatusServiceUnavailable)
		return false
	case !ok:
		secs := max(1, int((retry+time.Second-1)/time.Second))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("too many short links from your address just now; try again in %d seconds", secs), http.StatusTooManyRequests)
		return false
	}
	return true
}

type fetch struct{ store Store }

func (f fetch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	env, err := Lookup(r, f.store, r.PathValue("id"))
	if err != nil {
		Refuse(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	// An id names its content: what it names never changes.
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	io.WriteString(w, env)
}

// Lookup returns the envelope stored under id: ErrNotFound when id is no
// short-link id or names nothing.
func Lookup(r *http.Request, store Store, id string) (string, error) {
	if !share.IsID(id) {
		return "", ErrNotFound
	}
	return store.Get(r.Context(), id)
}

// Refuse answers a failed Lookup: 404 for an unknown id, 503 when the
// store cannot answer.
func Refuse(w http.ResponseWriter, err error) {
	if errors.Is(err, ErrNotFound) {
		http.Error(w, "no such short link (it may have been mistyped)", http.StatusNotFound)
		return
	}
	http.Error(w, "cannot read short links just now; try again later", http.StatusServiceUnavailable)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(data)
}
