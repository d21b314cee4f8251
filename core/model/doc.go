// Package model turns an UPPAAL document into a Network: a fixed set of
// processes whose guards, invariants, synchronisations and updates are
// compiled to closures over flat int32 slices.
//
// # Syntax here, semantics here
//
// core/lang is syntax only: it parses declarations, labels and queries into
// trees and knows nothing of types. This package is the semantics: one walk
// over each tree resolves names and checks types, so that there is a
// single place deciding what an expression means. The walk yields an
// operand: its type, and either a constant (folded at compile time), the
// resolved form computing it (a core/ir expression, every name bound to
// storage), the address of the object it denotes, a linear clock term, or
// a conjunction of clock constraints. Constant folding is exact: array
// sizes, ranges, initialisers, template arguments and constant indices
// must fold, or a positioned error says so.
//
// The back end (closure.go, closure_stmt.go) compiles the resolved form
// into the closures the engine runs; the reference interpreter (eval.go,
// eval_stmt.go) walks the same form, computes constants when loading, and
// is the check the closures are tested against. Network.Deps, the
// dependency table (deps.go), says what each guard, invariant and update
// may read and write. Network.Project (project.go) rewrites the network
// on its resolved form for the abstractions of pdb and pa.
//
// # The state vector
//
// The discrete state is Env.Vars, one int32 per slot, laid out as
// Network.Vars: first the global variables (the global declarations, then
// the system declarations), then each process's local variables, processes
// in system-line order. Arrays and structs are flattened row-major, fields
// in declaration order; Var.Name spells each slot ("a[2]", "s.f",
// "P(1).v"); an array indexed by int[1,3] keeps its indices 1..3. Booleans
// are 0/1 and scalar-set values 0..n-1 (see "Scalar sets"). Meta
// variables take state slots like the others (see "Meta variables").
// Clocks are numbered in Network.Clocks with 0 the reference
// clock, then global clocks, then process clocks; channels likewise in
// Network.Channels. Locations are Env.Locs[process] = location index.
// Constants take no slots: scalars are folded into the closures, constant
// arrays and structs live in a pool shared by all Envs.
//
// # Meta variables
//
// UPPAAL's reference says a meta variable is "semantically not considered
// part of the state" and that its value "is valid only during one
// transition", yet UPPAAL carries the value from a state to its successors
// and queries read it there (the car radio's response-time queries read
// the meta variable obs, set on the edge that receives a signal). A meta
// variable therefore has state slots here, like any other variable, and
// differs from one only in name: a guard, an update or a query reads the
// value the path to its state left. UPPAAL merges two states that differ
// only in meta variables, keeping the one found first, so its verdicts on
// a model that reads such a value depend on its search order; keeping them
// apart makes Beeline's verdict the same in every search order, at the
// cost of more states where the values differ (none on the car radio,
// whose obs lives only in committed locations). An earlier design kept
// meta variables in one store beside the state, shared by every
// transition the engine computed: a value set on one branch leaked into
// another, and queries read only the initial value.
//
// # How names bind
//
// Scopes nest: global declarations → template parameters and locals (one
// scope per process, holding its location names too: they share the
// namespace, as in UPPAAL) → select bindings of an edge → function
// parameters and block locals → quantifier and for-range variables. System
// declarations form a scope below the global one that templates do not
// see; instantiation arguments do. Functions may only call functions
// declared before them, so recursion (reported as an error) can only be a
// function calling itself. A built-in abs exists only where the model does
// not declare its own. In queries, process names (P, P(1), Train(i)) lead
// to that process's locations, variables and clocks.
//
// # Instantiation
//
// Templates are parsed once. The system line lists templates or
// instantiations `Q(int &x, const int i) = P(x, data[i].a);`; each listed
// name with free parameters (which must be bounded integers or scalars
// passed by value) becomes one process per combination of values, named
// UPPAAL's way, "T(0,1)", last parameter varying fastest; a name without
// parameters becomes one process of that name. Arguments are evaluated in
// the system scope with the instantiation's own parameters bound, down the
// chain to the template: value parameters become constants (so template
// array sizes may depend on them), reference parameters alias the object
// the argument names, which must be fixed at instantiation (constant
// indices). Each process then compiles its template: locals are allocated,
// functions compiled for that process, labels compiled. A guard whose
// clock part is not a plain conjunction (`b && (x < 5 || !b)`, `x != 3`)
// is brought into disjunctive normal form and its edge split into one edge
// per disjunct, which has the same successors.
//
// # What closures capture
//
// Closures capture slot numbers, constants, other closures and, for
// runtime errors, positions and names; never an Env. An Env carries the
// state slices, select values, clock resets, the first runtime error, and
// an evaluation stack for function frames and quantifier variables (a
// label that needs stack slots pushes a frame around each call). Function
// calls push a frame, evaluate the arguments in the caller's frame (value
// parameters copied, arrays included; reference parameters as encoded
// addresses that carry their space: state, meta, frame, pool, clock or
// channel), run the body and pop. Nothing allocates on the success path;
// the stack grows only until it has reached the deepest nesting needed.
//
// # Scalar sets
//
// A scalar set (scalar[n], usually named by a typedef) is a type of its
// own: its values may only be assigned, compared with == and != and used
// as indices of arrays indexed by the set, as in UPPAAL; arithmetic,
// ordering and conditions on them are refused, and no integer converts
// to one (scalar.go). Hence nothing in a model tells one value of a set
// from another, except through constants, and every permutation of the
// values that moves the processes instantiated over the set, the entries
// of arrays indexed by it and relabels the variables holding its values
// maps transitions to transitions. Network.Symmetry finds the sets for
// which that holds (symmetry.go) — it checks the constants, the
// processes exchanged, channel priorities and the order of broadcast
// receivers, and says why when a set stays unreduced — and describes
// what each transposition of adjacent values exchanges; core/zone keeps
// one state per orbit (Hendriks, Behrmann, Larsen, Niebert and
// Vaandrager, "Adding symmetry reduction to UPPAAL", FORMATS 2003).
//
// # Errors
//
// Compile-time problems are source.Diagnostics with the position of the
// offending text and a Context naming the label ("template P, guard of
// edge id5", "global declarations"); Load returns all of them and a nil
// Network if any is an error. Features Beeline does not check (double,
// hybrid clocks, clock rates, probabilities, exponential rates, LSC,
// dynamic templates, external functions, before/after_update, fractional
// constants) are refused by name; progress measures and Gantt charts are
// skipped with a warning. Run-time problems (out-of-range assignment or
// argument or return value, a result outside int32, array index out of
// range, division by zero, negative shift, negative clock value, a loop or
// a computation that does not end within ir.MaxIterations or ir.MaxWork)
// set Env.Err to a RuntimeError with a position; the first one wins, the
// closure returns 0, and the caller treats the path as an error path, as
// UPPAAL aborts on an invalid evaluation.
//
// # Limits
//
// A few bytes of text can ask for gigabytes (int a[65536][65536], clock
// x[1000000], a system of 65536 processes of a large template), so what a
// model declares and instantiates is bounded, each bound refused with a
// positioned error that names it (limits.go, which says what each costs):
// 1048576 slots of data (variables, meta variables, constant arrays and
// every function's locals together, one array included), 4096 clocks,
// 262144 channels, 65536 processes per template, 131072 locations and
// edges over all processes, 8 MiB of text compiled (each process compiles
// its template anew), and 65536 combinations of select values per edge.
// Published benchmarks stay far below all of them; the largest has 2000
// clocks and 22008 locations and edges.
package model
