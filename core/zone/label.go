// Transition labels, their decoding, run-time errors and printing.

package zone

import (
	"fmt"
	"strings"

	"beeline/core/dbm"
	"beeline/core/model"
	"beeline/core/source"
)

// A label is the flat encoding of a transition that the search stores:
// for each edge taking part, in update order (the sender or internal edge
// first, then receivers in process order), its process index, its edge
// index in that process, then one value per select binding of the edge.
// The number of select values is known from the edge, so nothing else is
// stored.

// Transition is a decoded label.
type Transition struct {
	Edges []EdgeStep
}

// EdgeStep is one edge of a transition with its select values.
type EdgeStep struct {
	Process, Edge int
	Select        []int32
}

// encodeLabel writes the label of g.combo into g.label.
func (g *Expander) encodeLabel() {
	g.label = g.label[:0]
	for _, k := range g.combo {
		pt := &g.en.parts[k]
		g.label = append(g.label, pt.proc, pt.edge)
		g.label = append(g.label, g.en.selOf(g.Graph, k)...)
	}
}

// DecodeLabel turns a label produced by this graph into a Transition. A
// malformed label (one this graph cannot have produced) decodes as far as
// it is well formed.
func (g *Graph) DecodeLabel(label []int32) Transition {
	var t Transition
	for len(label) >= 2 {
		p, e := label[0], label[1]
		if p < 0 || int(p) >= g.np || e < 0 || int(e) >= len(g.net.Processes[p].Edges) {
			break
		}
		n := len(g.net.Processes[p].Edges[e].Select)
		if len(label) < 2+n {
			break
		}
		t.Edges = append(t.Edges, EdgeStep{Process: int(p), Edge: int(e), Select: append([]int32(nil), label[2:2+n]...)})
		label = label[2+n:]
	}
	return t
}

// Label encodes t as the label this graph gives the transition; it is
// DecodeLabel's inverse.
func (t Transition) Label() []int32 {
	var out []int32
	for _, st := range t.Edges {
		out = append(out, int32(st.Process), int32(st.Edge))
		out = append(out, st.Select...)
	}
	return out
}

// FormatTransition prints t as "P.a → P.b [i=1], Q.c → Q.d".
func (g *Graph) FormatTransition(t Transition) string {
	if len(t.Edges) == 0 {
		return "(none)"
	}
	parts := make([]string, len(t.Edges))
	for k, s := range t.Edges {
		parts[k] = g.formatEdge(g.net.Processes[s.Process].Edges[s.Edge], s.Select)
	}
	return strings.Join(parts, ", ")
}

// formatEdge prints one edge with its select values.
func (g *Graph) formatEdge(e *model.Edge, sel []int32) string {
	p := g.net.Processes[e.Process]
	s := fmt.Sprintf("%s.%s → %s.%s", p.Name, p.Locations[e.Src].Label(), p.Name, p.Locations[e.Dst].Label())
	if len(e.Select) > 0 {
		vals := make([]string, len(e.Select))
		for k, b := range e.Select {
			vals[k] = fmt.Sprintf("%s=%d", b.Name, sel[k])
		}
		s += " [" + strings.Join(vals, ", ") + "]"
	}
	return s
}

// FormatState prints a symbolic state: locations, variables and the zone
// as constraints over the clock names.
func (g *Graph) FormatState(d []int32, z *dbm.DBM) string {
	return g.net.Describe(d[:g.np], d[g.np:g.nd]) + " " + g.FormatZone(z)
}

// FormatZone prints a zone as constraints over the clock names, "true" for
// the unconstrained zone.
func (g *Graph) FormatZone(z *dbm.DBM) string {
	return z.Format(g.clockNames())
}

// clockNames returns the clock names, the reference clock first.
func (g *Graph) clockNames() []string {
	names := make([]string, g.dim)
	for i, c := range g.net.Clocks {
		names[i] = c.Name
	}
	return names
}

// Error is a run-time error of the model met during successor computation,
// or a refusal of an unsupported feature. Pos is invalid when the error
// has no position (for example a clock bound that exceeds the
// extrapolation bound).
type Error struct {
	Pos     source.Position
	Msg     string
	Context string // "update of Train(0).Safe → Train(0).Appr in state …"
}

// Error returns "file:line:col: msg (context)".
func (e *Error) Error() string {
	s := e.Msg
	if e.Pos.IsValid() {
		s = e.Pos.String() + ": " + s
	}
	if e.Context != "" {
		s += " (" + e.Context + ")"
	}
	return s
}

// position converts a compact position, tolerating a network without a
// file set (hand-built networks in tests).
func (g *Graph) position(p source.Pos) source.Position {
	if g.net.FS == nil || !p.IsValid() {
		return source.Position{}
	}
	return g.net.FS.Position(p)
}

// runtimeError wraps g.env.Err: what is "guard", "update" or "invariant",
// the transition is g.combo (if any) and d is the source state (nil for
// the initial state).
func (g *Expander) runtimeError(d []int32, what string) error {
	re := g.env.Err
	if re == nil {
		re = &model.RuntimeError{Msg: "invalid evaluation"}
	}
	e := &Error{Pos: g.position(re.Pos), Msg: re.Msg}
	switch {
	case d == nil:
		e.Context = what + " in the initial state"
	case len(g.combo) > 0:
		e.Context = fmt.Sprintf("%s of transition %s from state %s", what, g.comboString(), g.net.Brief(d[:g.np], d[g.np:g.nd]))
	default:
		e.Context = fmt.Sprintf("%s in state %s", what, g.net.Brief(d[:g.np], d[g.np:g.nd]))
	}
	return e
}

// edgeError wraps g.env.Err raised while evaluating the guard or channel
// of edge e with select values sel in state d.
func (g *Expander) edgeError(d []int32, e *model.Edge, sel []int32, what string) error {
	re := g.env.Err
	return &Error{
		Pos:     g.position(re.Pos),
		Msg:     re.Msg,
		Context: fmt.Sprintf("%s of %s in state %s", what, g.formatEdge(e, sel), g.net.Brief(d[:g.np], d[g.np:g.nd])),
	}
}

// comboString prints the transition in g.combo.
func (g *Expander) comboString() string {
	parts := make([]string, len(g.combo))
	for i, k := range g.combo {
		pt := &g.en.parts[k]
		parts[i] = g.formatEdge(g.net.Processes[pt.proc].Edges[pt.edge], g.en.selOf(g.Graph, k))
	}
	return strings.Join(parts, ", ")
}
