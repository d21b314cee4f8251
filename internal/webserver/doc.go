// Package webserver is Beeline's one HTTP handler: the web app's files
// (the page, index.html, and its static assets, web/, including the built
// wasm in web/build/), an engine handler under /api/ so that the page
// served by `beeline serve` can also run jobs natively, and short links
// (internal/shortlink under /api/share, and the page at /s/{id}). The
// same handler runs in `beeline serve`, over the binary's embedded files
// or a directory, and in the Cloudflare Worker (build/), where the
// platform serves the files and the handler the short links.
//
// What is served: "/" and "/index.html" (the page) and everything under
// "/web/". Nothing else of the files is reachable (when they are a
// repository checkout, its sources and .git stay private), and no path
// component may start with a dot. A directory is opened through os.Root
// (DirFiles), so a symbolic link cannot lead outside it.
//
// /s/{id}, for an id the store holds, is the page with <base href="../">
// inserted after <head>, so that its relative addresses resolve from the
// app's root; the page then fetches api/share/{id} and opens the link.
//
// Headers:
//
//   - Content-Type by extension, with the types browsers insist on:
//     application/wasm (WebAssembly.compileStreaming refuses anything
//     else), text/javascript for .js and .mjs (module workers refuse
//     anything else).
//   - Precompressed assets: when FILE.gz exists beside FILE and the client
//     accepts gzip, FILE.gz is sent with Content-Encoding: gzip, and
//     X-Uncompressed-Length gives FILE's size, since Content-Length then
//     counts compressed bytes while a reader of the decoded body counts
//     uncompressed ones (the page's download progress bar needs the
//     latter). Vary: Accept-Encoding keeps caches honest.
//   - Caching by content (versions.go): the page names its assets with
//     the hash of their bytes, web/app.css?v=<16 hex digits of SHA-256>,
//     in its src and href attributes and, for the files its programs
//     load by address (the wasm, the workers), in a JSON data block
//     (VersionsElement) they read. A request whose ?v= is the file's
//     current hash gets Cache-Control: public, max-age=31536000,
//     immutable: the address names those bytes for good, so a second
//     visit asks for no wasm at all. Everything else (the page, the
//     workers' glue they import by relative address, a ?v= of an older
//     build) gets no-cache and an ETag (the hash; "-gzip" added for the
//     precompressed copy), so the browser revalidates and gets a 304.
//     Hashes are kept by name, size and modification time, so a file
//     rebuilt under --root gets its new version on the next request.
//     The Cloudflare site's index.html is versioned at build time
//     (VersionPage, `make worker`); the platform serves the files with
//     its own ETags and ignores the query, so there the versioned
//     addresses are revalidated rather than immutable (its _headers
//     matches paths, not queries).
//
// # Read timeouts
//
// With Options.ReadTimeout set (`beeline serve --read-timeout`), every
// request with a body gets a read deadline before its route runs. The
// routes that read a body (the engine's, POST /api/share) answer a body
// not whole by then with 408 and close the connection; the engine and the
// short links set the same deadline of their own and lift it once the
// body is read, so that the server's watch for a client going away does
// not end at it. A route that reads no body (the files, /s/{id}, GET
// /api/share) answers at once and closes the connection: the server
// would otherwise drain a trickled body after the answer, holding the
// connection. Requests without a body get no deadline.
//
// # Security headers
//
// New wraps everything it serves in Secure, which sets these headers on
// every response before the route runs, so that files, 304s, 404s, 405s
// and the engine's and the short links' answers and refusals (400, 408,
// 413, 429, 503, 507) all carry them:
//
//   - Content-Security-Policy: ContentSecurityPolicy, below.
//   - X-Content-Type-Options: nosniff. A model served as text/plain is
//     never run as a script.
//   - X-Frame-Options: DENY (and frame-ancestors 'none' for browsers that
//     read only the policy): no other site can frame the page and
//     overlay it.
//   - Referrer-Policy: no-referrer. Nothing of the page's address leaves
//     with a request to another site.
//   - Cross-Origin-Opener-Policy: same-origin. A window of another site
//     that the page opens, or that opened it, gets no handle on it.
//
// # Content security policy
//
// Each directive is what the page needs (index.html, web/boot.js,
// web/worker.js and web/parse-worker.js, the workers' glue in
// web/build/worker/, and the Go program wasm/ui, which builds the DOM
// through syscall/js) and no more.
// The page itself is served as it is; the policy allows exactly what it
// does.
//
// default-src 'self': anything not named below comes from this server
// only.
//
// script-src 'self' 'wasm-unsafe-eval': scripts only from files of this
// server, never inline, never eval; 'wasm-unsafe-eval' lets the page and
// the worker compile WebAssembly (ui.wasm, engine.wasm). The worker runs
// under the policy of its own script's response, which is this one.
//
// worker-src 'self': the engine workers are web/worker.js (one per job)
// and web/parse-worker.js (the resident parser), module workers of this
// origin; no blob: or data: workers.
//
// connect-src 'self': the page fetches its wasm, the gallery's models and
// ?model= links from this server. The worker's fetch of the engine is a
// call into Go, not the network.
//
// img-src 'self' data:: the page's favicon is the empty data: URL
// (<link rel="icon" href="data:,">, which keeps the browser from asking
// for /favicon.ico). The exports (trace JSON, SVG drawings) are blob:
// URLs followed by <a download>, a download that no fetch directive
// governs, so blob: is not listed.
//
// style-src 'self' 'sha256-…' 'sha256-…': web/app.css, and the two
// <style> elements the page adds, the style sheets of the drawings and of
// the message sequence chart (web/render's Style and SequenceChartStyle),
// each by the hash of its text, computed here from the same Go constant so that the
// two cannot drift.
//
// style-src-attr 'unsafe-inline': the drawings' SVG markup, inserted with
// innerHTML, carries style="max-width:…px" (web/render's svg.go), whose
// value depends on the drawing, so no hash can name it. The page is left
// as it is and the policy allows inline style attributes, which can
// restyle the page but run nothing. (The trace's step list positions its
// rows through element.style, which no policy restricts.) A browser
// without the -attr directive (Firefox before 108) falls back to
// style-src and only loses the drawings' size cap.
//
// The code editor (CodeMirror, web/build/editor.js) needs no directive
// of its own: its bundle puts CodeMirror's style rules into a constructed
// style sheet adopted by the document (web/editor/bundle says how), and
// style sheets made through the CSS object model are not subject to the
// policy; its lint underlines are data: images, allowed by img-src.
//
// object-src 'none': no plugins.
//
// base-uri 'self': the page at /s/{id} carries <base href="../">; no
// <base> element can point the page's relative URLs at another site.
//
// form-action 'none': the page's forms (the query form, the paste
// dialog's method="dialog" form) never submit to a URL; the page handles
// them in Go.
//
// frame-ancestors 'none': as X-Frame-Options.
//
// The browser test e2e/page_csp_test.go runs the page and the engine
// harness (web/test/engine.html) in Chromium under this policy and fails
// on any violation, as e2e/editor_test.go does for the code editor's
// harness (web/test/editor.html); TestPagesFitPolicy checks the HTML
// files for inline scripts, handlers and styles without a browser.
package webserver
