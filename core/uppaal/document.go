// The document: an UPPAAL model as written, with positions and layout.

package uppaal

import "beeline/core/source"

// Format says which syntax a document was read from.
type Format uint8

const (
	FormatXML Format = iota // UPPAAL XML (<nta>), any version from flat-1_0 on
	FormatXTA               // the textual .xta format
)

func (f Format) String() string {
	if f == FormatXTA {
		return "xta"
	}
	return "xml"
}

// Document is one UPPAAL model as written: declarations and labels are
// still text (each a *source.Segment whose positions map back to the
// original file), and the graphical layout is kept for drawing. Nothing here
// is parsed as a language yet; that is core/lang's job, driven by core/model.
type Document struct {
	FS     *source.FileSet
	File   *source.File
	Format Format

	// Declaration is the global declarations (nil when absent).
	Declaration *source.Segment
	Templates   []*Template
	// Instantiation is UPPAAL 3.x's separate <instantiation> element (nil
	// when absent); its text comes before System.
	Instantiation *source.Segment
	// System is the system definition: declarations, instantiations and the
	// system line (nil when absent, which is an error for core/model).
	System  *source.Segment
	Queries []*Query
	// QueryOptions keeps UPPAAL 5's <option> elements that stand directly
	// under <queries> (not inside one <query>), verbatim.
	QueryOptions []string
	// DTD names the document type of an XML document as its DOCTYPE gives
	// it ("flat-1_0" for UPPAAL 3.x, "flat-1_2" for 4.x, ...); "" when the
	// DOCTYPE is absent or does not name one, and always for xta.
	DTD string
}

// Point is a coordinate in the drawing (UPPAAL's units: pixels, y down).
type Point struct {
	X, Y int
}

// Template is one automaton template.
type Template struct {
	Pos          source.Pos // the <template> element, or `process` in xta
	Name         *source.Segment
	NameAt       *Point          // name label coordinates, when given
	Parameter    *source.Segment // nil when absent
	Declaration  *source.Segment // nil when absent
	Locations    []*Location
	Branchpoints []*Branchpoint
	// Init is the ID of the initial location ("" when missing: an error for
	// core/model, reported at InitPos or Pos).
	Init    string
	InitPos source.Pos
	Edges   []*Edge
	// LSC is set for UPPAAL's Live Sequence Chart templates (refused).
	LSC    bool
	LSCPos source.Pos
}

// Location is a location of a template.
type Location struct {
	Pos       source.Pos      // the <location> element or the name in xta
	ID        string          // unique within the template ("id3"; the name in xta)
	Name      *source.Segment // nil for an unnamed location
	At        *Point          // coordinates, when given
	NameAt    *Point
	Color     string // "#rrggbb" or ""
	Urgent    bool
	Committed bool
	Invariant *Label // nil when absent
	// Other holds labels that are not invariants (exponentialrate,
	// comments, testcode, ...) so that the model can refuse or ignore them
	// by name.
	Other []*Label
}

// Branchpoint is a branch point of a probabilistic edge (refused).
type Branchpoint struct {
	Pos source.Pos
	ID  string
	At  *Point
}

// Edge is a transition of a template.
type Edge struct {
	Pos                  source.Pos // the <transition> element or the source name in xta
	ID                   string     // "id7", or "" when the document gives none
	Source               string     // location (or branchpoint) ID
	Target               string
	SourcePos, TargetPos source.Pos
	Select               *Label // nil when absent
	Guard                *Label
	Sync                 *Label
	Assign               *Label
	// Other holds labels of other kinds (probability, comments, testcode, ...).
	Other []*Label
	Nails []Point
	Color string
	// Uncontrollable is set by controllable="false" in XML and by the -u->
	// arrow in xta (UPPAAL TIGA's environment edges).
	Uncontrollable bool
	// Action is the action attribute of a <transition> (UPPAAL TIGA and
	// ECDAR), verbatim; "" when absent.
	Action string
}

// Label is a piece of text attached to a location or edge.
type Label struct {
	Kind string     // as in the XML kind attribute: "invariant", "guard", "synchronisation", "assignment", "select", "probability", "exponentialrate", "comments", ...
	Pos  source.Pos // the <label> element
	Text *source.Segment
	At   *Point // label coordinates, when given
}

// Query is one formula with its comment, from <queries> or a .q file.
type Query struct {
	Formula *source.Segment
	Comment string
	// Options and Results keep UPPAAL 5's <option> and <result> elements
	// verbatim (they do not change what the formula means).
	Options []string
	Results []string
}

// labelSlot returns where a label of the given kind is kept on the edge,
// or nil for kinds that go to Other.
func (e *Edge) labelSlot(kind string) **Label {
	switch kind {
	case "select":
		return &e.Select
	case "guard":
		return &e.Guard
	case "synchronisation":
		return &e.Sync
	case "assignment":
		return &e.Assign
	}
	return nil
}
