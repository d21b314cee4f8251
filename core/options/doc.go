// Package options is the one registry of Beeline's search options: the
// search orders, the heuristics and the diagnostic-trace modes a user can
// pick, each with its name, its label (the words a menu shows), a
// one-sentence description, its traits, and what makes it real in the
// engine — a search.Order, a verify.TraceMode, or a heuristic's
// constructor.
//
// Everything that lists or reads these options is generated from the
// Registry rather than kept beside it:
//
//   - the wire form: Registry.Catalog fills a protocol.Catalog, plain data
//     that the engine sends to the page in a FrameCatalog and against
//     which protocol.DecodeRequest checks every request's Options;
//   - the engine and the command line: Registry.Apply turns the names of a
//     protocol.Options into a verify.Options, refusing unknown names with
//     the list of valid ones (the catalog's check, so both say the same);
//   - the page's menus (wasm/ui builds them from the catalog it receives),
//     `beeline check`'s flag help, and `beeline bench`'s configurations
//     (cmd/beeline reads the catalog).
//
// # Adding a heuristic
//
// A heuristic is one Heuristic entry in builtin.go: its protocol.Choice
// (name, label, description; Admissible, Consistent, Precomputes; its
// Params with their allowed values and defaults) and New, which builds it
// for a target of a network from its parameters, every one present, with
// defaults filled in. Merge-and-shrink, for one, is (descriptions left
// out)
//
//	{Choice: protocol.Choice{Name: "mas", Label: "M&S",
//		Admissible: true, Consistent: true, Precomputes: true,
//		Params: []protocol.Param{{Name: "bound", Label: "bound N",
//			Min: 1, Max: mas.MaxBound, Default: strconv.Itoa(mas.DefaultBound)}}},
//		New: mergeAndShrink}
//
// and is then offered by the page, accepted on the wire and by
// `beeline check --heuristic mas:bound=200`, and run by `beeline bench`.
// A parameter has Values (a menu), Min and Max (a whole number), or
// neither (any value).
//
// # Invariants
//
// Registry.Check verifies what the generated forms rely on: every entry
// has a name, a label, a description and its engine value or
// constructor; names and aliases are unique within a menu and are words
// (letters, digits, '-', '*') so that the heuristic's one-string wire form
// stays readable; each menu suggests exactly one entry; a parameter's
// default is one of its allowed values. The traits of the heuristics
// (admissible, consistent, precomputes) are cross-checked in tests
// against what the built heuristics say of themselves.
package options
