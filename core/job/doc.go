// Package job turns the bytes a user hands Beeline — one model file and
// any number of query files — into a compiled network with its queries,
// and decides those queries one at a time. It is the part that the CLI
// (`beeline check`, `beeline parse`), the HTTP engine (core/engine, run by
// `beeline serve` and in the browser's worker) share, so the three agree
// on which query has which number and on what a verdict is called.
//
// A Model is loaded once: the document is read (core/uppaal), compiled
// (core/model) when it has no syntax errors, and every formula is parsed
// and, when the network compiled and the query kind is supported, compiled
// against it. Queries are numbered from 0 in the order the user sees them:
// the model's own <queries> first, then each query file in order, then
// formulas added later with AddFormula. Every problem found on the way is
// a positioned source.Diagnostic in Model.Diags; a query whose formula has
// errors is kept with Failed set, so the numbering never shifts.
//
// ReadFile is the one reader of the files the command line is given:
// regular files only (a named pipe might never be written, a device such
// as /dev/zero never ends), within a limit checked on the size before
// reading and on the bytes read: MaxFileBytes (64 MiB) for a model or
// query file, MaxTableBytes (256 MiB) for a table.
//
// Check maps a verify.Result to an Outcome: verify's Verdict, with Failed
// set when the query could not be decided at all (the formula has errors,
// or the verifier failed). core/present's Verdict turns an Outcome into
// the four words the protocol and the CLI print: "satisfied", "not
// satisfied", "unknown" (a budget stopped the search, the model failed at
// run time on some path, or the query kind is not supported) and "error"
// (Failed).
package job
