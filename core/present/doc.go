// Package present describes a loaded model and its results for the page:
// it turns a document, its compiled network, its diagnostics and a
// concrete trace into the plain messages of package protocol.
//
// The split keeps protocol a leaf. Protocol holds only the messages and
// their encoding, so the page's program (wasm/ui), which decodes frames,
// links none of the engine; present depends on the document (uppaal), the
// network (model) and the zone graph's traces (zone), and is used where
// the engine runs (core/engine).
//
// BuildModel draws from the document, not the network: a model with
// errors is still described, without processes, so the page can draw it
// and pin each diagnostic on the location or edge it belongs to
// (Diagnostics). BuildTrace copies a concrete trace's exact rationals as
// they are; the page formats them.
package present
