// Package beeline holds the web app's files, embedded in the binary that
// serves them (`beeline serve`): the page, its assets, the gallery's
// models and, in web/build/, the wasm that `make wasm` built. A binary
// built before `make wasm` has no wasm to serve and says so; `make build`
// builds the wasm first.
package beeline

import "embed"

// App is index.html and web/ as they were when the binary was built.
//
//go:embed index.html web
var App embed.FS
