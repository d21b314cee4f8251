//go:build js && wasm

// The Worker's entry point: the short-link routes over KV, the page from
// the static assets.

package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"syscall/js"
	"time"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"

	"beeline/internal/shortlink"
	"beeline/internal/webserver"
)

func main() {
	shares, err := newKVStore("SHARES")
	if err != nil {
		// A deployment without the namespace says so on every route
		// rather than failing each request in its own way.
		workers.Serve(webserver.Secure(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "the Worker has no SHARES KV namespace (wrangler.jsonc): "+err.Error(), http.StatusInternalServerError)
		})))
		return
	}
	limits := shortlink.Limits{Client: clientOf, Limiter: kvLimiter{ns: shares.ns, perMinute: shareRate, now: time.Now}}
	workers.Serve(webserver.New(webserver.Options{Index: index, Shares: shares, ShareLimits: limits}))
}

// shareRate is the links a client address may store a minute, as
// `beeline serve`'s --share-rate default.
const shareRate = 30

// index fetches the page from the static assets (the ASSETS binding),
// which the platform serves at "/": index.html itself is redirected there
// (html_handling's default, auto-trailing-slash).
func index(r *http.Request) ([]byte, error) {
	client := fetch.NewClient(fetch.WithBinding(boundFetch(cloudflare.GetBinding("ASSETS")))).HTTPClient(fetch.RedirectModeManual)
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, r.URL.ResolveReference(&url.URL{Path: "/"}).String(), nil)
	if err != nil {
		return nil, err
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the static assets answer %s for the page", res.Status)
	}
	page, err := io.ReadAll(res.Body)
	if err == nil && len(page) == 0 {
		err = errors.New("the static assets hold an empty page")
	}
	return page, err
}

// boundFetch returns an object whose fetch is binding's, bound to it.
// syumai/workers' fetch calls namespace.fetch as a plain function (this
// undefined), which suits the global fetch but not a binding's, which
// workerd refuses with "Illegal invocation".
func boundFetch(binding js.Value) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("fetch", binding.Get("fetch").Call("bind", binding))
	return o
}
