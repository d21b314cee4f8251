// Package protocol defines the messages exchanged by Beeline's page, its
// worker, the local server and the CLI, encoded with msgpack.
//
// A job is one Request answered by a stream of Frames: first a FrameModel
// (sent whenever the document could be read, even when it has errors, so
// the page can draw it; then a FrameError with the errors pinned to the
// drawing when the model does not compile), then FrameProgress frames
// at least four times a second while a search runs, one FrameResult per
// query, and a final FrameDone. On the wire every frame is a 4-byte
// big-endian length and that many bytes of msgpack, so a reader can decode
// frames as they stream in.
//
// A prepare request (one query and a heuristic that precomputes) is
// answered by a FrameModel, FrameProgress frames with Phase
// "precomputing", one FrameTable holding the heuristic's table, and a
// FrameDone. The page keeps the table and sends it back in a check
// request's Table, so a rerun skips the precomputation.
//
// What a request may ask for is the engine's to say: a catalog request is
// answered by one FrameCatalog, the search orders, heuristics,
// diagnostic-trace modes and symmetry-reduction modes the engine offers
// with the words a menu shows,
// and a FrameDone. Options name entries of that Catalog, as typed values
// whose msgpack form is the entry's name; DecodeRequest refuses a name
// the catalog does not list, and says which ones it does.
//
// Positions in diagnostics are resolved (file, line, 1-based byte column);
// the page converts byte columns to UTF-16 at its edge. Trace values are
// exact rationals over a common denominator.
//
// The package holds only the messages and their encoding, and depends on
// nothing of the engine, so that the page's program links none of it;
// package present builds the messages from a loaded model and its traces.
package protocol
