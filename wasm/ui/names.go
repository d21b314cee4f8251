// Names of processes, locations and edges, and one-line step descriptions.

package main

import (
	"strconv"
	"strings"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
)

// names resolves the network indices of a trace to what the drawings and
// the step list show.
type names struct {
	m     *protocol.Model
	tmpls map[string]*protocol.Template
}

func newNames(m *protocol.Model) *names {
	n := &names{m: m, tmpls: map[string]*protocol.Template{}}
	for i := range m.Templates {
		n.tmpls[m.Templates[i].Name] = &m.Templates[i]
	}
	return n
}

// template returns process p's template, or nil.
func (n *names) template(p int) *protocol.Template {
	if p < 0 || p >= len(n.m.Processes) {
		return nil
	}
	return n.tmpls[n.m.Processes[p].Template]
}

// locationID maps process p's network location index to its template
// location id ("" when out of range).
func (n *names) locationID(p int, loc int32) string {
	if p < 0 || p >= len(n.m.Processes) {
		return ""
	}
	ls := n.m.Processes[p].Locations
	if loc < 0 || int(loc) >= len(ls) {
		return ""
	}
	return ls[loc]
}

// locationName is a location's name, or its id in parentheses.
func (n *names) locationName(t *protocol.Template, id string) string {
	if t != nil {
		for _, l := range t.Locations {
			if l.ID == id && l.Name != "" {
				return l.Name
			}
		}
	}
	return "(" + id + ")"
}

// edgeIndex maps process p's network edge index to the template's edge
// index (-1 when out of range).
func (n *names) edgeIndex(p, e int) int {
	if p < 0 || p >= len(n.m.Processes) {
		return -1
	}
	es := n.m.Processes[p].Edges
	if e < 0 || e >= len(es) {
		return -1
	}
	return es[e]
}

// edgeText describes one edge of a transition: "P(1): idle → req".
func (n *names) edgeText(te protocol.TraceEdge) string {
	proc := "process " + strconv.Itoa(te.Process)
	if te.Process >= 0 && te.Process < len(n.m.Processes) {
		proc = n.m.Processes[te.Process].Name
	}
	t := n.template(te.Process)
	i := n.edgeIndex(te.Process, te.Edge)
	if t == nil || i < 0 || i >= len(t.Edges) {
		return proc + ": edge " + strconv.Itoa(te.Edge)
	}
	e := t.Edges[i]
	s := proc + ": " + n.locationName(t, e.Source) + " → " + n.locationName(t, e.Target)
	for _, l := range e.Labels {
		if l.Kind == "synchronisation" {
			s += " " + l.Text
		}
	}
	if len(te.Select) > 0 {
		vs := make([]string, len(te.Select))
		for j, v := range te.Select {
			vs[j] = strconv.Itoa(int(v))
		}
		s += " [select " + strings.Join(vs, ", ") + "]"
	}
	return s
}

// stepText describes row k of the step list: the initial state, or the
// delay and transition that lead into state k.
func (n *names) stepText(tr *protocol.Trace, k int) string {
	if k == 0 {
		return "0  initial state"
	}
	if k-1 >= len(tr.Steps) {
		return ""
	}
	s := tr.Steps[k-1]
	parts := make([]string, len(s.Edges))
	for i, e := range s.Edges {
		parts[i] = n.edgeText(e)
	}
	head := strconv.Itoa(k) + "  "
	if s.Delay != 0 {
		head += "delay " + state.FormatRat(s.Delay, tr.Den) + ", "
	}
	return head + strings.Join(parts, " ‖ ")
}
