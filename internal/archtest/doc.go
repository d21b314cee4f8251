// Package archtest checks Beeline's architecture: the layer order of
// docs/architecture.md, read from the real import graph. Its test runs in
// `make test` (go test ./...) and fails, naming the arrow and the rule, on
// any import the order forbids:
//
//	core/zone imports core/search: zone sits below search
//	core/protocol imports core/model: protocol may import only source, unpack
//
// # The table
//
// Layers lists the layers bottom first, each with its packages and the
// layers below it that they may import (Layer.May). An import is allowed
// within a layer and downwards as May says, never upwards. That one order
// carries every rule of the architecture:
//
//   - nothing under core/ imports web/, the app's files, internal/,
//     wasm/, build/, cmd/ or e2e, which are the rows after core's;
//   - core/dbm, core/unpack and core/source import no other layer, and
//     core/ir only core/source;
//   - core/protocol imports only core/source and core/unpack, and the
//     engine's own layers (ir to job) sit below it, so they cannot speak
//     the wire format;
//   - core/zone sits below core/search, core/heuristic/... and
//     core/verify, so imports none of them;
//   - no package under core/ imports syscall/js, a row above core's: the
//     browser. Layer.Bindings adds to that row the third-party packages
//     that import syscall/js directly (honnef.co/go/js/dom,
//     github.com/syumai/workers), so that core reaching the browser
//     through one of them fails as well.
//
// A package of the module that no row holds fails too: a new package gets
// its place in the table when it is created. A row whose packages have
// all gone fails the test as well.
//
// # Why direct imports are enough
//
// The check looks at each package's own imports, not at the packages
// they import in turn. Arrows that each go down the order of the rows
// cannot add up to one that goes up, so a path from zone to search
// contains an arrow the check reports. May speaks of a row's own imports
// only: what the layers it may import bring with them comes along.
//
// # What is read
//
// Load runs `go list -e -deps -json ./...` (the go command on PATH; go
// test puts the toolchain's first) for the host and for js/wasm: the page
// and the worker are compiled only for js/wasm, and there syscall/js is a
// package like any other. Test files are not read. A test may drive its
// package from above — core/zone's tests run searches over the zone graph
// and replay their traces — since no importer inherits a test's imports.
//
// # The readers of the resolved form
//
// A node kind added to core/ir must be handled wherever the form is read:
// core/model's compiled closures and reference interpreter, the abstract
// evaluator of core/ir/absint and its static work bound, the heuristic
// translator (core/heuristic/expr.go with relax's updates) and ir's
// dependency walk. TestIRReaders finds the kinds itself, type-checking
// core/ir for every type that implements ir.Expr or ir.Stmt, and looks in
// each reader's files for a type-switch case naming each of them (*ir.X,
// or *X inside ir). A kind a reader leaves out on purpose is exempted in
// irReaders with the reason; an exemption the reader no longer needs
// fails too, so the list cannot drift:
//
//	compiled closures: *ir.Fill (an ir.Stmt) has no case in core/model/closure_stmt.go: ...
package archtest
