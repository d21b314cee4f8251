// The layer table: Beeline's packages from the bottom up, and who may
// import whom.

package archtest

// Module is Beeline's module path (go.mod).
const Module = "beeline"

// Layer is one row of the table: a name for messages, the packages in it
// and the layers below it that they may import.
type Layer struct {
	// Name is how messages call the layer: "zone sits below search".
	Name string
	// Packages are import paths; a path ending in "/..." stands for the
	// package there and every package under it.
	Packages []string
	// May names the layers below this one that its packages may import,
	// or holds AllBelow. Empty, the packages import no other layer. A
	// package may always import the other packages of its own layer.
	May []string
	// Bindings puts into this layer every package outside the standard
	// library and the module that imports one of Packages directly, so
	// that a way into syscall/js through a third-party module
	// (honnef.co/go/js/dom, github.com/syumai/workers) counts as
	// syscall/js itself.
	Bindings bool
}

// AllBelow, in Layer.May, allows every layer listed before the row.
const AllBelow = "*"

// below is Layer.May for the rows that follow the plain layering rule.
var below = []string{AllBelow}

// Layers is the architecture of docs/architecture.md, bottom first: the
// chain core/uppaal → core/lang → core/ir → core/model → core/dbm →
// core/zone → core/search → core/heuristic/... with the verifier, the job,
// the wire format, the option registry and the engine above it, then the
// platforms. A package may import the layers before its own (as May
// says), never one after it.
var Layers = []Layer{
	// Files, positions and diagnostics: every layer speaks of them.
	{Name: "source", Packages: []string{"beeline/core/source"}},
	// msgpack decoded within bounds: tables, requests, frames, links.
	{Name: "unpack", Packages: []string{"beeline/core/unpack"}},
	{Name: "uppaal", Packages: []string{"beeline/core/uppaal"}, May: below},
	// The UPPAAL XML document being edited: a tree over the text that
	// core/uppaal reads.
	{Name: "edit", Packages: []string{"beeline/core/edit"}, May: []string{"source", "uppaal"}},
	{Name: "lang", Packages: []string{"beeline/core/lang"}, May: below},
	// The resolved form of the model's code, which model compiles and the
	// zone bounds and the heuristics read.
	{Name: "ir", Packages: []string{"beeline/core/ir"}, May: []string{"source"}},
	// Abstract evaluation of the resolved form over intervals, for the
	// abstractions that know only some slots of a state.
	{Name: "absint", Packages: []string{"beeline/core/ir/absint"}, May: []string{"source", "ir"}},
	{Name: "model", Packages: []string{"beeline/core/model"}, May: below},
	// Generators of the benchmarks' scaled model families: text only.
	{Name: "families", Packages: []string{"beeline/core/families"}, May: []string{}},
	// Matrix algebra only: it knows no model, no position.
	{Name: "dbm", Packages: []string{"beeline/core/dbm"}},
	{Name: "zone", Packages: []string{"beeline/core/zone"}, May: below},
	{Name: "search", Packages: []string{"beeline/core/search"}, May: below},
	{Name: "heuristic", Packages: []string{"beeline/core/heuristic/..."}, May: below},
	// The auto order's members and the rules of their race, no engine:
	// the page races workers by them, the verifier goroutines.
	{Name: "portfolio", Packages: []string{"beeline/core/portfolio"}, May: []string{}},
	{Name: "verify", Packages: []string{"beeline/core/verify"}, May: below},
	{Name: "job", Packages: []string{"beeline/core/job"}, May: below},
	// The messages between page, worker, server and CLI: types and
	// framing, no engine. It sits above the engine's layers so that they
	// cannot speak the wire format; core/present translates.
	{Name: "protocol", Packages: []string{"beeline/core/protocol"}, May: []string{"source", "unpack"}},
	// Share links: the page's fragment payload, which the short-link
	// service stores and checks.
	{Name: "share", Packages: []string{"beeline/core/share"}, May: []string{"protocol", "unpack"}},
	// The registry of search options fills the protocol's catalog.
	{Name: "options", Packages: []string{"beeline/core/options"}, May: below},
	{Name: "present", Packages: []string{"beeline/core/present"}, May: below},
	{Name: "engine", Packages: []string{"beeline/core/engine"}, May: below},
	// Helpers of core's tests.
	{Name: "core/internal", Packages: []string{"beeline/core/internal/..."}, May: below},
	// Everything above is core/: pure Go, the same on every platform.
	// The SVG drawings are pure Go too, tested natively.
	{Name: "web", Packages: []string{"beeline/web/..."}, May: below},
	// The app's files (index.html, web/), embedded by the root package.
	{Name: "app files", Packages: []string{"beeline"}},
	// The server's pieces; the web server names the drawings' style sheet
	// in its content security policy.
	{Name: "internal", Packages: []string{"beeline/internal/..."}, May: below},
	{Name: "the browser", Packages: []string{"syscall/js"}, Bindings: true},
	{Name: "wasm", Packages: []string{"beeline/wasm/..."}, May: below},
	{Name: "build", Packages: []string{"beeline/build/..."}, May: below},
	{Name: "cmd", Packages: []string{"beeline/cmd/..."}, May: below},
	{Name: "e2e", Packages: []string{"beeline/e2e"}, May: below},
}
