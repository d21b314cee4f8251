// Command build is Beeline's Cloudflare Worker (GOOS=js GOARCH=wasm): the
// short-link service of internal/shortlink and the page at /s/{id}, served
// by internal/webserver through github.com/syumai/workers, with the links
// kept in Workers KV.
//
// The platform does most of the serving. The site (index.html and web/,
// the built wasm included) is the Worker's static assets, staged by `make
// worker` in build/site/ and served by Cloudflare without running any Go;
// its _headers file, written by build/headers from
// webserver.SecurityHeaders, gives those responses the same security
// headers as `beeline serve` sends. wrangler.jsonc runs the Worker first
// only for /api/* and /s/*:
//
//	GET  /api/share        the service's limits (the page shows "Short link")
//	POST /api/share        stores an envelope in KV, answers its id; each client
//	                       address (CF-Connecting-IP) may store 30 a minute,
//	                       counted in KV (then 429 and a Retry-After)
//	GET  /api/share/{id}   the envelope
//	GET  /s/{id}           index.html from the ASSETS binding, with <base href="../">
//
// Bindings (wrangler.jsonc): ASSETS, the static assets; SHARES, the KV
// namespace of the links, keyed by id (share.ID of the canonical
// envelope), the envelope as the value, and of the rate counts, keyed
// "rate:CLIENT:MINUTE" and expiring after two minutes. The size check
// (64 KiB an envelope) and the rate limit are internal/shortlink's, the
// same code as `beeline serve`'s; the Worker has no quota of its own (the
// account's KV limits are the bound) and sets no read timeout (a Worker
// has no read deadline to set, and one waiting for a body holds no job
// slot: Cloudflare's own limits bound it). An operator deletes a link with wrangler
// (`wrangler kv key delete --binding SHARES ID`).
//
// Costs: syumai/workers starts a new Go instance for every request, so
// each request pays the module's instantiation and the Go runtime's start
// (the module itself is compiled once per isolate). That is tolerable for
// a service that answers a few requests per shared link; the page and its
// 18 MB of wasm never touch it.
//
// build_test.go runs the built Worker under `wrangler dev --local`
// (workerd on loopback, KV on disk) and checks every route; `make
// test-worker` builds it and runs the test.
package main
