// Limits on what a model may declare and instantiate, so that loading a
// hostile model fails with a message instead of exhausting memory.

package model

import (
	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// The limits, with what each one costs at its bound. A model that UPPAAL
// users check stays far below all of them; each protects the loader (and
// the page's worker, whose memory is wasm32's 4 GiB) from a few bytes of
// text that would ask for gigabytes.
const (
	// maxObject bounds the slots of one object (an array of ints, clocks
	// or channels, a struct), so that sizes never overflow.
	maxObject = maxSlots

	// maxSlots bounds the integer slots of data: variables of every
	// process, meta variables, constant arrays and structs, and the locals
	// of every function as compiled for every process. A variable's slot
	// costs four bytes in every state stored and about 60 bytes of the
	// Network: at the bound, 4 MiB per state and 60 MiB loaded.
	maxSlots = 1 << 20

	// maxClocks bounds the clocks, the reference clock excluded. Every
	// zone is a matrix of (clocks+1)² bounds, and closing it costs the
	// cube of that: at the bound 64 MiB and 7·10¹⁰ steps. The largest
	// published benchmark has 2000 clocks (train-2000N).
	maxClocks = 1 << 12

	// maxChannels bounds the channels, array elements counted one by one;
	// each costs a Channel and its name, about 60 bytes.
	maxChannels = 1 << 18

	// maxSystemParts bounds the locations and edges of all processes
	// together, and maxSystemText the bytes of text the model compiles:
	// global and system declarations once, and template declarations,
	// parameters and labels once per process, since each process compiles
	// its template anew. Compiling costs about 2 KiB of memory per
	// location or edge and 60 bytes per byte of text: at the bounds,
	// about 256 MiB and 500 MiB. The largest published benchmark has 22008
	// locations and edges and compiles 0.2 MiB.
	maxSystemParts = 1 << 17
	maxSystemText  = 1 << 23

	// maxSelect bounds the combinations of values that the select
	// bindings of one edge take: the search tries each of them in every
	// state where the edge's process is at its source.
	maxSelect = 1 << 16
)

// room reports whether the object name of type t fits within the bounds,
// and reports an error at name when it does not. Data (variables, meta
// variables, constant arrays and structs, function locals) counts in
// compiler.data as it is admitted; integer constants take no room.
func (c *compiler) room(name *lang.Ident, t *typ) bool {
	n := int64(t.size)
	var have, limit int64
	var what string
	data := false
	switch leaf := t.leaf(); {
	case leaf.kind == kClock:
		have, limit, what = int64(len(c.net.Clocks)-1), maxClocks, "clocks"
	case leaf.kind == kChan:
		have, limit, what = int64(len(c.net.Channels)), maxChannels, "channels"
	case t.konst && t.isIntegral():
		return true
	default:
		have, limit, data = c.data, maxSlots, true
	}
	switch {
	case have+n <= limit:
	case data:
		c.errs.Addf(name.Pos(), name.End(), "too much data: with '%s' the variables, constants and function locals hold %d values, at most %d are supported", name.Name, have+n, limit)
		return false
	default:
		c.errs.Addf(name.Pos(), name.End(), "too many %s: with '%s' the model has %d, at most %d are supported", what, name.Name, have+n, limit)
		return false
	}
	if data {
		c.data += n
	}
	return true
}

const textTooLarge = "the model is too large: it compiles more than 8 MiB of declarations and labels, counting each process's template anew"

// systemSize accumulates the size of the processes created so far, and
// the text compiled once.
type systemSize struct {
	parts, text int64
	reported    bool
}

// add counts one more process of t, listed at id in the system line, and
// reports whether the system is still within the bounds; the first time
// it is not, it reports an error at id.
func (s *systemSize) add(c *compiler, t *template, id *lang.Ident) bool {
	s.parts += int64(len(t.locs) + len(t.edges))
	s.text += int64(t.text)
	switch {
	case s.reported:
	case s.parts > maxSystemParts:
		c.errs.Addf(id.Pos(), id.End(), "the system is too large: its processes have more than %d locations and edges in all", maxSystemParts)
	case s.text > maxSystemText:
		c.errs.Addf(id.Pos(), id.End(), textTooLarge)
	default:
		return true
	}
	s.reported = true
	return false
}

// global counts the text compiled once, the global and system
// declarations, and reports whether it is within the bound; when it is
// not, it reports an error at the largest of them.
func (s *systemSize) global(c *compiler, doc *uppaal.Document) bool {
	var largest *source.Segment
	for _, seg := range []*source.Segment{doc.Declaration, doc.Instantiation, doc.System} {
		s.text += int64(segLen(seg))
		if segLen(seg) > segLen(largest) {
			largest = seg
		}
	}
	if s.text <= maxSystemText {
		return true
	}
	c.errs.Add(largest.Pos(0), source.NoPos, textTooLarge)
	s.reported = true
	return false
}

// templateText is the number of bytes of declarations, parameters and
// labels that each process of t compiles.
func templateText(t *uppaal.Template) int {
	n := segLen(t.Parameter) + segLen(t.Declaration)
	for _, l := range t.Locations {
		if l.Invariant != nil {
			n += segLen(l.Invariant.Text)
		}
	}
	for _, e := range t.Edges {
		for _, l := range []*uppaal.Label{e.Select, e.Guard, e.Sync, e.Assign} {
			if l != nil {
				n += segLen(l.Text)
			}
		}
	}
	return n
}

func segLen(s *source.Segment) int {
	if s == nil {
		return 0
	}
	return len(s.Text())
}
