// The values the edits take and return: points, kinds, locations, edges,
// parts.

package edit

// Point is a coordinate of the drawing (UPPAAL's units: pixels, y down).
type Point struct{ X, Y int }

// Kind is a location's kind.
type Kind uint8

// The kinds of location.
const (
	Normal Kind = iota
	Urgent
	Committed
)

var kindNames = [...]string{"normal", "urgent", "committed"}

// String returns "normal", "urgent" or "committed".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Location is a location of a template as the document gives it.
type Location struct {
	ID, Name, Invariant string
	At                  Point
	HasAt               bool
	Kind                Kind
	Initial             bool
	// Where the name and invariant labels are, when they have coordinates.
	NameAt, InvariantAt       Point
	HasNameAt, HasInvariantAt bool
}

// LabelKind is one of an edge's four labels.
type LabelKind uint8

// The labels of an edge, in the order UPPAAL writes them.
const (
	Select LabelKind = iota // <label kind="select">
	Guard                   // <label kind="guard">
	Sync                    // <label kind="synchronisation">
	Update                  // <label kind="assignment">
)

// labelKinds are the XML kinds of the LabelKinds.
var labelKinds = [...]string{"select", "guard", "synchronisation", "assignment"}

// String returns the label's kind as UPPAAL's XML writes it ("guard").
func (k LabelKind) String() string {
	if int(k) < len(labelKinds) {
		return labelKinds[k]
	}
	return "LabelKind(?)"
}

// Edge is a transition of a template as the document gives it.
type Edge struct {
	ID             string // "" when the document gives none
	Source, Target string // location (or branchpoint) ids
	// The label texts ("" when absent); Update is <label kind="assignment">.
	Select, Guard, Sync, Update string
	Nails                       []Point
	// Where the labels are, indexed by LabelKind, when they have
	// coordinates.
	LabelAt    [4]Point
	HasLabelAt [4]bool
}

// PartKind says which text of the document a Part is.
type PartKind uint8

// The text parts of a document.
const (
	GlobalDecl    PartKind = iota // <nta><declaration>
	TemplateName                  // <template><name>
	TemplateParam                 // <template><parameter>
	TemplateDecl                  // <template><declaration>
	LocationName                  // <location><name>
	Invariant                     // <location><label kind="invariant">
	EdgeLabel                     // <transition><label kind=select|guard|synchronisation|assignment>
	System                        // <nta><system>
	QueryFormula                  // <query><formula>
	QueryComment                  // <query><comment>
)

var partNames = [...]string{"global declarations", "template name", "template parameters",
	"template declarations", "location name", "invariant", "edge label", "system",
	"query formula", "query comment"}

// String names the part in words ("template declarations").
func (k PartKind) String() string {
	if int(k) < len(partNames) {
		return partNames[k]
	}
	return "PartKind(?)"
}

// Part names one text of the document.
type Part struct {
	Kind     PartKind
	Template int       // -1 for global parts
	Location string    // for LocationName, Invariant
	Edge     int       // for EdgeLabel; -1 otherwise
	Label    LabelKind // for EdgeLabel
	Query    int       // for QueryFormula, QueryComment; -1 otherwise (every <query> counts, blank or not)
}

// LabelRef names a label on the drawing of a template: a location's name
// (Kind LocationName) or invariant (Kind Invariant), or an edge's label
// (Kind EdgeLabel).
type LabelRef struct {
	Kind     PartKind
	Location string    // for LocationName, Invariant
	Edge     int       // for EdgeLabel
	Label    LabelKind // for EdgeLabel
}
