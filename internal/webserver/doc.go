// Package webserver serves Beeline's web app from a directory: the page
// (index.html), its static assets (web/, including the built wasm in
// web/build/) and, under /api/, an engine handler, so that the page served
// by `beeline serve` can also run jobs natively.
//
// What is served: "/" and "/index.html" (the page) and everything under
// "/web/". Nothing else of the directory is reachable (when the directory
// is a repository checkout, its sources and .git stay private), and no
// path component may start with a dot. Files are opened through os.Root,
// so a symbolic link cannot lead outside the directory.
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
//   - Cache-Control: no-cache on everything. The build's file names are not
//     content-hashed (web/build/engine.wasm is always called that), so
//     "immutable" would pin a stale engine; with no-cache the browser keeps
//     its copy and revalidates it with If-Modified-Since, which costs one
//     round trip and a 304 on loopback.
//   - X-Content-Type-Options: nosniff.
package webserver
