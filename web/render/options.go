// Options: what a drawing shows and how it is styled.

package render

// Theme picks the colours of a drawing.
type Theme uint8

const (
	ThemeLight Theme = iota // dark ink on white, as UPPAAL draws
	ThemeDark               // light ink on a dark background
)

func (th Theme) String() string {
	if th == ThemeDark {
		return "dark"
	}
	return "light"
}

// LabelMask selects kinds of labels; Options.Hide uses it to hide them.
type LabelMask uint8

const (
	HideNames LabelMask = 1 << iota
	HideInvariants
	HideSelect
	HideGuard
	HideSync
	HideAssign
	// HideOther hides edge labels of any other kind (comments, ...).
	HideOther
)

// Options say what Template draws. The zero value draws a light, embeddable
// (not standalone) picture with every label and no highlight.
type Options struct {
	Theme Theme
	// Standalone makes a file of its own: an XML declaration, explicit
	// width and height, an embedded style sheet, a background and a
	// visible title. Without it the page supplies the style sheet (see
	// Style) and sizes the picture itself.
	Standalone bool
	// Process names the drawing's title and id prefix; the template's
	// name when empty.
	Process string
	// IDPrefix starts every id attribute so that several drawings can sit
	// on one page; when empty it is the title (Process or template name)
	// with every character other than a letter, digit, '-' or '_' turned
	// into '_', followed by '-'.
	IDPrefix string
	// Active, Fired, ErrorLocations and ErrorEdges are drawn highlighted
	// (classes "active", "fired" and "error"): location ids and edge
	// indices in the template's edge order. Unknown ids and indices are
	// ignored.
	Active         []string
	Fired          []int
	ErrorLocations []string
	ErrorEdges     []int
	// Hide hides the label kinds it has bits for.
	Hide LabelMask
	// Edit draws for the page's editor: locations and edges focusable
	// and named (tabindex, role, aria-label), every label marked with its
	// kind (data-label), a wide transparent hit path on every edge, a
	// handle on every nail (data-nail) and a wider margin, so that there
	// is room to add locations around the drawing.
	Edit bool
}
