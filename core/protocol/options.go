// The engine's search options as wire values, and the Catalog that says
// which values the engine accepts.

package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/vmihailenco/msgpack/v5"
)

// Order names a search order of the engine's Catalog ("bfs", "astar").
// The zero value is breadth-first search.
type Order string

// TraceMode names a diagnostic-trace mode of the engine's Catalog
// ("none", "some", "shortest"). The zero value asks for no trace.
type TraceMode string

// Symmetry names a symmetry-reduction mode of the engine's Catalog ("on",
// "off"). The zero value leaves the engine's default, on: E<> and A[]
// queries on models with scalar sets keep one state per orbit of the
// permutations of the sets' values, as UPPAAL does.
type Symmetry string

// Heuristic names a heuristic of the engine's Catalog with its parameters.
// The zero value is no heuristic (blind search).
//
// On the wire, as on the command line, it is one string: the name alone
// ("hl"), or the name, a colon and comma-separated name=value parameters
// ("pdb:select=rd,table=fischer.pdb", parameters sorted by name). A value
// cannot hold a comma. One string keeps share links made before
// heuristics had parameters readable.
type Heuristic struct {
	Name   string
	Params map[string]string // nil when there are none
}

// IsZero reports whether h is no heuristic.
func (h Heuristic) IsZero() bool { return h.Name == "" && len(h.Params) == 0 }

// String returns h's wire form: "hl", "pdb:select=rd,table=f.pdb", or ""
// for no heuristic.
func (h Heuristic) String() string {
	if len(h.Params) == 0 {
		return h.Name
	}
	keys := sortedKeys(h.Params)
	for i, k := range keys {
		keys[i] = k + "=" + h.Params[k]
	}
	return h.Name + ":" + strings.Join(keys, ",")
}

// ParseHeuristic reads a heuristic's wire form (see Heuristic). "" and
// "none" are no heuristic. It checks the form only; Catalog.Lookup checks
// that the name and parameters are the engine's.
func ParseHeuristic(s string) (Heuristic, error) {
	if s == "" || strings.EqualFold(s, "none") {
		return Heuristic{}, nil
	}
	name, params, hasParams := strings.Cut(s, ":")
	if name == "" {
		return Heuristic{}, fmt.Errorf("heuristic %q has no name", s)
	}
	h := Heuristic{Name: name}
	if !hasParams {
		return h, nil
	}
	h.Params = map[string]string{}
	for _, p := range strings.Split(params, ",") {
		k, v, ok := strings.Cut(p, "=")
		switch {
		case !ok || k == "" || v == "":
			return Heuristic{}, fmt.Errorf("heuristic %q: want name:parameter=value,..., got %q", s, p)
		case h.Params[k] != "":
			return Heuristic{}, fmt.Errorf("heuristic %q: parameter %s given twice", s, k)
		}
		h.Params[k] = v
	}
	return h, nil
}

// EncodeMsgpack writes h as its wire string.
func (h Heuristic) EncodeMsgpack(enc *msgpack.Encoder) error {
	return enc.EncodeString(h.String())
}

// DecodeMsgpack reads h from its wire string, refusing a malformed one.
func (h *Heuristic) DecodeMsgpack(dec *msgpack.Decoder) error {
	s, err := dec.DecodeString()
	if err != nil {
		return err
	}
	*h, err = ParseHeuristic(s)
	return err
}

// Catalog lists what an engine offers, in the order its menus show it:
// the search orders, the heuristics, the diagnostic-trace modes and the
// symmetry-reduction modes. The
// engine fills it from its registry (core/options) and sends it in a
// FrameCatalog; the page builds its menus from it, and DecodeRequest
// checks a request's Options against it.
type Catalog struct {
	Orders     []Choice `msgpack:"orders"`
	Heuristics []Choice `msgpack:"heuristics"`
	Traces     []Choice `msgpack:"traces"`
	Symmetries []Choice `msgpack:"symmetries"`
}

// Choice is one entry of a Catalog menu. Name is what a request, a share
// link and the command line carry; Label the words a menu shows;
// Description one plain sentence for help text and tooltips. The fields
// after Suggested apply to one kind of entry and are zero for the others.
type Choice struct {
	Name        string   `msgpack:"name"`
	Aliases     []string `msgpack:"aliases,omitempty"` // other names accepted for it
	Label       string   `msgpack:"label"`
	Description string   `msgpack:"desc"`
	// Suggested marks the entry an interactive menu starts on.
	Suggested bool `msgpack:"suggested,omitempty"`

	// Directed: a search order that follows a heuristic. Optimal: with
	// an admissible heuristic, its trace is a shortest one.
	Directed bool `msgpack:"directed,omitempty"`
	Optimal  bool `msgpack:"optimal,omitempty"`
	// Portfolio: an order that races several searches, each with its
	// own heuristic (the heuristic asked for is not used).
	Portfolio bool `msgpack:"portfolio,omitempty"`

	// Admissible: a heuristic that never overestimates the distance to
	// the target. Consistent: one that drops by at most one along a
	// transition. Precomputes: one that builds tables before the search.
	Admissible  bool    `msgpack:"admissible,omitempty"`
	Consistent  bool    `msgpack:"consistent,omitempty"`
	Precomputes bool    `msgpack:"precomputes,omitempty"`
	Params      []Param `msgpack:"params,omitempty"`
}

// Admissibility says in words what a heuristic's estimates guarantee:
// "admissible, consistent", "admissible" or "not admissible" (the words
// of the engine's reports).
func (c Choice) Admissibility() string {
	switch {
	case c.Consistent:
		return "admissible, consistent"
	case c.Admissible:
		return "admissible"
	}
	return "not admissible"
}

// Param is a parameter of a heuristic.
type Param struct {
	Name        string `msgpack:"name"`
	Label       string `msgpack:"label"`
	Description string `msgpack:"desc"`
	// Values are the values allowed, or nil for any (a file name, say).
	Values []string `msgpack:"values,omitempty"`
	// Min and Max bound a whole-number parameter, when Max > 0 (and
	// Values is nil): Lookup refuses other values, and the page shows a
	// number field.
	Min int `msgpack:"min,omitempty"`
	Max int `msgpack:"max,omitempty"`
	// Default is the value used when a request gives none; "" when the
	// parameter is optional and its absence means something (no table
	// file: compute the table).
	Default string `msgpack:"default,omitempty"`
}

// Whole reports whether p takes a whole number from Min to Max.
func (p Param) Whole() bool { return p.Max > 0 }

// InRange reports whether v is a value of p's range: any value when p is
// not a whole-number parameter.
func (p Param) InRange(v string) bool {
	if !p.Whole() {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && p.Min <= n && n <= p.Max
}

// Range says in words which values a whole-number parameter takes: "a
// whole number from 1 to 2048".
func (p Param) Range() string {
	return fmt.Sprintf("a whole number from %d to %d", p.Min, p.Max)
}

// Picks are the positions, in a Catalog's menus, of the entries an
// Options names; -1 where it names none.
type Picks struct {
	Order, Heuristic, Trace, Symmetry int
}

// Lookup finds the entries o names in c's menus, and checks the
// heuristic's parameters. The error names the first unknown value and
// lists the valid ones.
func (c *Catalog) Lookup(o Options) (Picks, error) {
	var p Picks
	var err error
	if p.Order, err = find("search order", c.Orders, string(o.Order)); err != nil {
		return p, err
	}
	if p.Trace, err = find("diagnostic trace", c.Traces, string(o.Trace)); err != nil {
		return p, err
	}
	if p.Symmetry, err = find("symmetry reduction", c.Symmetries, string(o.Symmetry)); err != nil {
		return p, err
	}
	if p.Heuristic, err = find("heuristic", c.Heuristics, o.Heuristic.Name); err != nil {
		return p, err
	}
	if p.Heuristic >= 0 {
		err = checkParams(&c.Heuristics[p.Heuristic], o.Heuristic.Params)
	} else if len(o.Heuristic.Params) > 0 {
		err = fmt.Errorf("heuristic parameters without a heuristic: %s", o.Heuristic)
	}
	return p, err
}

// find returns the position in cs of the entry called name or one of its
// aliases, ignoring case; -1 for "". kind names the menu in the error.
func find(kind string, cs []Choice, name string) (int, error) {
	if name == "" {
		return -1, nil
	}
	for i, c := range cs {
		if strings.EqualFold(c.Name, name) || slices.ContainsFunc(c.Aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return i, nil
		}
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return -1, fmt.Errorf("unknown %s %q (want %s)", kind, name, orList(names))
}

// checkParams checks that every parameter given is one of h's, with a
// value it allows.
func checkParams(h *Choice, given map[string]string) error {
	for _, k := range sortedKeys(given) {
		v := given[k]
		i := slices.IndexFunc(h.Params, func(p Param) bool { return p.Name == k })
		if i < 0 {
			names := make([]string, len(h.Params))
			for j, p := range h.Params {
				names[j] = p.Name
			}
			if len(names) == 0 {
				return fmt.Errorf("heuristic %s has no parameters, got %s", h.Name, k)
			}
			return fmt.Errorf("heuristic %s has no parameter %s (want %s)", h.Name, k, orList(names))
		}
		if p := h.Params[i]; p.Values != nil && !slices.Contains(p.Values, v) {
			return fmt.Errorf("heuristic %s: %s=%s is not allowed (want %s)", h.Name, k, v, orList(p.Values))
		} else if !p.InRange(v) {
			return fmt.Errorf("heuristic %s: %s=%s is not allowed (want %s)", h.Name, k, v, p.Range())
		}
	}
	return nil
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
