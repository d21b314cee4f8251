// Command ui is Beeline's web page: the program index.html loads as
// web/build/ui.wasm. It reads models (file picker, drag and drop, pasted
// text, ?model=URL, the bundled gallery), draws every process with
// web/render, runs checks in a Web Worker that hosts the engine, shows
// live progress, animates the diagnostic trace on the drawings, and
// shares a model, query and trace as one link.
//
// The page is an app and its areas, each a struct that owns its part of
// index.html and its state. The drawings (drawings_js.go, zoom_js.go)
// show the model's processes with diagnostics pinned on them. The
// verifier (verifier_js.go, jobs_js.go, tables_js.go) lists the queries,
// holds the search options and the table cache, and runs the page's
// engine jobs one at a time: a loaded model's parse, and checks. The
// simulator (sim_js.go, simulate_js.go, msc_js.go) plays traces and
// simulated paths with their sequence chart. Presentation mode
// (present_js.go) is only a body attribute, so it stays in the app. The
// app keeps what they share: the document (page_js.go: elements by name,
// the notice, <body data-job>), the engine, and the model loaded with
// what the engine read of it. It calls the areas' methods, and they
// answer through functions it hands them: the verifier gives the model
// the engine read to onModel (the app draws it, then lists its queries
// through the verifier's showModel), a trace to onTrace (the simulator
// opens it), and every check's end to onChecked (a share link being
// opened compares its trace). Nothing outside the verifier reads its
// fields; the simulator's player is still read by share links and
// presentation mode.
//
// The workbench (bench_js.go) makes the page an editor. A model opened
// becomes an editable document (core/edit; an .xta is converted to XML
// and laid out by the page, and the queries of .q files join the
// document's), and every change to it goes through bench.apply: one
// undo/redo history of the document's bytes (history.go; a burst of
// typing in one part is one step), a.in.Model rewritten at once, so
// Check, the simulator and links use the model as edited, onEdited
// hooks, and a parse 150 ms after typing stops, in a resident worker
// (parser_js.go). A parse without errors redraws the model; with errors
// the last good drawing stays, and each diagnostic is placed on the part
// of the document it falls in (diagparts.go, with edit.Doc.Locate) and
// marked there. The model area lists the parts as UPPAAL's project tree
// does, with their code editors (parts_js.go, codeedit_js.go); the
// verifier's rows edit the document's queries in place (queries_js.go).
// What a check, a trace or a simulated path was made for is the model's
// meaning (semantics.go's fingerprint: not its layout, comments or
// queries): an edit that changes it closes the trace or path shown with
// a note, forgets the verdicts, and a check under way reports its result
// as the previous version's.
//
// The search-order, heuristic and trace menus are not written here: at
// start the page asks the engine for its catalog (POST /catalog, filled
// from core/options' registry) and builds them from it, so a heuristic
// added to the registry shows up with its label and traits. Under each
// menu the catalog's description of the entry chosen is shown, and a
// query of a kind the engine checks without a heuristic (liveness,
// sup and inf) says so beside the heuristic menu (orders.go,
// liveness.go).
//
// The page is ready when <body data-job> turns from "booting" to
// "idle" (app_js.go's ready): only once the menus are filled and
// described and everything the header shows is known, so that the first
// screen does not move after it; until then a boot screen covers the
// page, which is inert. Page tests wait for it.
//
// The engine never runs on the page's thread. The engine's wasm is
// downloaded once (with a progress bar) and compiled to a
// WebAssembly.Module; every job gets a fresh worker that is handed that
// module and the msgpack request, and answers with one message per
// msgpack frame (core/protocol). The worker is started ahead, as the
// spare (spare_js.go): handed the module at once, it instantiates it and
// runs the Go program until it waits for its request, so a click's job
// begins without a Go runtime's start; the next spare starts as soon as
// one is taken, and a spare whose engine failed to start is replaced.
// Cancel terminates the worker at once: Go's wasm never returns memory,
// so a worker is never reused.
//
// The assets are addressed by the hash of their bytes (assets_js.go:
// the server fills a JSON block with them, see internal/webserver), so
// the browser keeps the wasm for good; what a visit's loading cost is
// reported in the footer.
//
// Parses and the catalog are the exception (parser_js.go): one resident
// worker (web/parse-worker.js) keeps the engine's Go program running and
// answers parse after parse, so a model opened or edited is read again
// in the time of a parse, without a Go runtime's start. Reuse is safe
// there because a parse holds little memory and nothing after it (the
// engine's resident mode serves /parse and /catalog only, under a 256
// MiB memory limit); a worker that fails, grows past that, or is stuck
// on a superseded parse is replaced, and a parse it could not answer
// runs as a one-off job. Only the newest request waiting is sent, and
// only its answer is shown.
//
// A check whose heuristic precomputes a table (the catalog's
// Precomputes: pdb, mas, pa, dL and dU) runs the engine's /prepare
// first, in its own worker with its own progress phase, and keeps the
// table in IndexedDB (tables_js.go, idb_js.go); a rerun, a reload or a
// share link finds it there and checks with it at once. Tables move
// between worker and page as transferred buffers.
//
// The auto order, which the order menu starts on, is a race on E<> and
// A[] queries (race.go, race_js.go): the page runs core/portfolio's
// rules itself, each member's run a /check in a fresh worker, at most
// min(cores − 1, 4) at once and at least two (one would make a 2-core
// machine's race a sequence), each with its share of the memory budget.
// The first verdict wins (with a shortest trace asked for, a trace from
// a member that guarantees none is "found, not yet shortest" until one
// that does confirms it); every other worker is terminated at once, and
// Cancel terminates them all. A table under the progress list has a row
// per member (its state, states, rate, best estimate), kept with their
// figures when the race ends; the result carries a protocol.Portfolio,
// the status line and the row name the winner, and a share link names
// it (share.Link.Winner): opening the link checks with that member
// alone, so its trace replays. <body data-workers> counts the workers
// of jobs under way.
//
// A breadth- or depth-first check of an E<> or A[] query without a
// heuristic is split between the options' "Workers of one search"
// (split.go, split_js.go; by default as many as the race's slots, 1
// searching as before): the job's worker, the lead, and workers − 1
// helpers, every two of them joined by a MessageChannel whose ports
// they are handed with the request (protocol.Options.Workers says how
// many). The workers own the states by the hash of their discrete parts
// and pass each other batches of states as transferred buffers
// (wasm/worker, "Split searches"); the lead answers as any check, and
// its result says how many workers searched. Cancel terminates them
// all, and the page keeps as many spare helpers waiting as the last
// split search took.
//
// Check and Check all (batch_js.go) check the selected queries, or all,
// one after the other, each as its own job in a fresh worker with the
// options read once; the query list selects several rows as a file list
// does (batch.go: Ctrl-click or Space adds one, Shift a range). Each row
// shows queued, running, then its verdict with the states explored and
// the time, and a summary line counts the verdicts as UPPAAL's verifier
// does. Cancel stops the running query and the rest, which stay
// unchecked; an edit lets the running one end, as the previous
// version's, and starts no other. A run of several shows the last trace
// it found (UPPAAL's simulator keeps the last diagnostic trace); each
// row keeps the trace its check found, and its Trace button shows it.
//
// Liveness queries (E[], A<>, -->) answer with a path that goes on
// forever: a lasso, whose last state is its loop head again, or a path
// ending where time passes forever or in a deadlock. The step list marks
// the loop as a band from "loop starts here" to "back to the loop head",
// and the player goes round the loop until paused (liveness.go words
// these ends and the verdicts; state.Player plays them). A sup or inf
// query answers with values, shown beside the query and in the status.
//
// The simulator (simulate_js.go) is UPPAAL's, symbolic or concrete: the
// path in the player is the state, and every pick, reset, random run or
// move to a state whose transitions are not known yet is one POST
// /simulate in a fresh worker, carrying the whole path (the engine keeps
// nothing); its answer replaces the path and lists what is enabled at
// its end. The message sequence chart (msc_js.go) is drawn once per path
// by web/render and marked as the player moves. Presentation mode
// (present_js.go) is a body attribute the style sheet lays out; a share
// link carries it, the hidden drawings and a simulated path.
//
// Nothing is lost (keep_js.go, workstore_js.go): every edit of the
// workbench (its onEdited hooks) is written, once edits pause for
// keepDelay, as the working copy in IndexedDB (the store "work" of the
// same database as the tables: name, bytes, selected query, whether it
// is unsaved, when), and at once when the page is hidden or closed. At
// start a copy with unsaved edits is restored when the address asks for
// nothing else, and offered in the working copy's notice when it does;
// it is replaced only when the model on screen is edited. Save downloads
// the document's bytes as UPPAAL XML and marks them saved; New opens
// edit.New(); beforeunload asks while there are unsaved edits. An edit
// clears the model's URL (links then carry the bytes), ?model= or a
// link's fragment from the address, and a share link being opened; a
// link carries the simulator's trace, which an edit that changes what
// the model means has closed (simstale_js.go).
//
// Elements are looked up by the names in ids.go only, through typed
// getters; a native test checks them against index.html and the page
// checks them once at start, so a stale page stops with a message.
//
// Opening a model is kept out of the user's way (fastdom_js.go and
// web/editor's lazy editors): elements are wrapped by their tag name,
// not by the DOM library's seventy constructor look-ups (each a js.Value
// with a finalizer); the query rows' and the parts pane's code editors
// show their text at once and become CodeMirror views a few per task
// afterwards, or at once when focused; the page is laid out where a
// trace opens in the next frame rather than in the middle of showing
// it. Each parse answer read and each drawing of the model leaves a
// performance mark (beeline:parse-answer, beeline:draw), which the speed
// test counts: once per model opened.
//
// A drawing can be enlarged to the width of the model area, zoomed and
// panned (zoom_js.go): only its <svg>'s viewBox changes, in the element's
// own shape, so a user unit is as many CSS pixels both ways and the
// arithmetic (zoom.go) needs no DOM. Enlarged, a drawing starts at the
// zoom where labels are 12 CSS pixels or more, showing part of the
// drawing when the area is too small for all of it. While a trace plays,
// a zoomed drawing pans to keep the active location (and the edges just
// fired, when they fit) in view, and the highlight carries shape cues
// (cue_js.go) as well as colours, since models colour their own
// locations in yellows and oranges close to the highlight's.
//
// Templates are edited on their drawings (drawedit_js.go, drawdrag_js.go,
// and draw.go for the geometry): the Edit drawings toggle above the
// drawings shows one drawing per template of the workbench's document,
// drawn from the document itself (docTemplate) and again after every
// change, so the drawing follows the edit at once, also while the model
// has errors; the parse that follows only brings the diagnostics and the
// model's colours. Everything changes through the workbench's apply:
// one undo step per drag, per click of a tool, per arrow key, and per
// run of typing in a field (applyText). A drag moves the SVG elements
// while the pointer moves (the pointer captured by the <svg>) and applies
// once when it is let go; client points go through the <svg>'s screen
// matrix, so zoomed and panned drawings edit in place, and a parse that
// answers during a drag does not replace the drawing under it. A press
// on empty space is left to the zoomer, which pans. The tools are named
// buttons (Select, Add location, Add edge, Add nail, Delete selected);
// Shift+drag from a location adds an edge with any tool, a double click
// adds a location on empty space and a nail on an edge. Locations and
// edges take the focus with Tab (the renderer's Options.Edit makes them
// focusable and names them): the arrows move a location, Delete removes,
// Enter goes to the side panel. The side panel edits the selection in
// named fields (a location's name, invariant, initial box and kind; an
// edge's select, guard, sync and update), the workbench's editor areas,
// each marking the diagnostics whose position core/edit locates in its
// text. The panel keeps one height whatever it shows, so a selection
// never moves the drawings under the pointer. Templates are added,
// renamed and deleted in the workbench's parts list; the drawings follow.
//
// Only DOM glue is built for GOOS=js (files ending in _js.go). Logic that
// needs no DOM lives in ordinary files of this package (step
// descriptions, source excerpts, the gallery) or in the packages
// core/share (the link codec) and wasm/ui/state (the trace player), all
// tested natively.
package main
