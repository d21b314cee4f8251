// Building the page's Model and Diagnostics from a document and its network.

package present

import (
	"crypto/sha256"
	"encoding/hex"

	"beeline/core/model"
	"beeline/core/protocol"
	"beeline/core/source"
	"beeline/core/uppaal"
	"beeline/core/zone"
)

// BuildModel describes doc (and net, when it compiled) for the page:
// templates with their layout, processes with the maps from the network's
// location and edge indices back to the drawing, clocks, variables and the
// given queries. net may be nil (a model with errors is still drawn); doc
// must not be. Warnings are left for the caller (see Diagnostics).
func BuildModel(doc *uppaal.Document, net *model.Network, queries []protocol.Query) *protocol.Model {
	m := &protocol.Model{Format: doc.Format.String(), Queries: queries,
		Templates: []protocol.Template{}, Processes: []protocol.Process{}, Clocks: []string{}, Variables: []string{}}
	if doc.File != nil {
		sum := sha256.Sum256(doc.File.Source())
		m.Hash = hex.EncodeToString(sum[:])
	}
	for _, t := range doc.Templates {
		m.Templates = append(m.Templates, buildTemplate(t))
	}
	if m.Queries == nil {
		m.Queries = []protocol.Query{}
	}
	if net == nil {
		return m
	}
	for _, p := range net.Processes {
		m.Processes = append(m.Processes, buildProcess(doc, p))
	}
	for _, c := range net.Clocks[min(1, len(net.Clocks)):] {
		m.Clocks = append(m.Clocks, c.Name)
	}
	for _, v := range net.Vars {
		m.Variables = append(m.Variables, v.Name)
	}
	return m
}

func buildTemplate(t *uppaal.Template) protocol.Template {
	out := protocol.Template{Name: text(t.Name), Parameters: text(t.Parameter), Init: t.Init,
		Locations: []protocol.Location{}, Edges: []protocol.Edge{}}
	for _, l := range t.Locations {
		loc := protocol.Location{ID: l.ID, Name: text(l.Name), At: point(l.At), NameAt: point(l.NameAt),
			Urgent: l.Urgent, Committed: l.Committed, Color: l.Color}
		if l.Invariant != nil {
			loc.Invariant, loc.InvAt = text(l.Invariant.Text), point(l.Invariant.At)
		}
		out.HasLayout = out.HasLayout || l.At != nil
		out.Locations = append(out.Locations, loc)
	}
	for _, e := range t.Edges {
		out.Edges = append(out.Edges, buildEdge(e))
	}
	return out
}

func buildEdge(e *uppaal.Edge) protocol.Edge {
	out := protocol.Edge{ID: e.ID, Source: e.Source, Target: e.Target, Color: e.Color}
	for _, n := range e.Nails {
		out.Nails = append(out.Nails, protocol.Point{X: n.X, Y: n.Y, Set: true})
	}
	for _, l := range []*uppaal.Label{e.Select, e.Guard, e.Sync, e.Assign} {
		if l != nil {
			out.Labels = append(out.Labels, protocol.Label{Kind: l.Kind, Text: text(l.Text), At: point(l.At)})
		}
	}
	return out
}

// buildProcess maps p's locations to the template's location IDs and its
// edges to the template's edge indices. The network may split one edge of
// the drawing into several (one per disjunct of a clock guard); they all
// map to the same drawn edge, found by the position they share.
func buildProcess(doc *uppaal.Document, p *model.Process) protocol.Process {
	out := protocol.Process{Name: p.Name, Template: p.Template, Locations: []string{}, Edges: []int{}}
	for _, l := range p.Locations {
		out.Locations = append(out.Locations, l.ID)
	}
	byPos := map[source.Pos]int{}
	if t := findTemplate(doc, p.Template); t != nil {
		for i, e := range t.Edges {
			byPos[e.Pos] = i
		}
	}
	for _, e := range p.Edges {
		i, ok := byPos[e.Pos]
		if !ok {
			i = -1
		}
		out.Edges = append(out.Edges, i)
	}
	return out
}

func findTemplate(doc *uppaal.Document, name string) *uppaal.Template {
	for _, t := range doc.Templates {
		if text(t.Name) == name {
			return t
		}
	}
	return nil
}

func text(s *source.Segment) string {
	if s == nil {
		return ""
	}
	return s.Text()
}

func point(p *uppaal.Point) protocol.Point {
	if p == nil {
		return protocol.Point{}
	}
	return protocol.Point{X: p.X, Y: p.Y, Set: true}
}

// BuildTrace converts a concrete trace of the zone graph for the page.
func BuildTrace(t *zone.Trace) *protocol.Trace {
	out := &protocol.Trace{Den: t.Den, Clocks: t.Clocks, States: make([]protocol.TraceState, 0, len(t.States)),
		Steps: make([]protocol.TraceStep, 0, len(t.Steps)), Final: t.FinalDelay}
	if t.End != zone.EndGoal {
		out.End, out.Loop = t.End.String(), t.Loop
	}
	for _, st := range t.States {
		out.States = append(out.States, protocol.TraceState{Locs: st.Locs, Vars: st.Vars, Clocks: st.Clocks, Zone: st.Zone})
	}
	for _, st := range t.Steps {
		out.Steps = append(out.Steps, protocol.TraceStep{Delay: st.Delay, Edges: Edges(st.Transition)})
	}
	return out
}

// Transition converts the edges of a transition from the page; Edges is
// its inverse.
func Transition(edges []protocol.TraceEdge) zone.Transition {
	t := zone.Transition{Edges: make([]zone.EdgeStep, len(edges))}
	for i, e := range edges {
		t.Edges[i] = zone.EdgeStep{Process: e.Process, Edge: e.Edge, Select: e.Select}
	}
	return t
}

// Edges converts the edges of a transition for the page.
func Edges(t zone.Transition) []protocol.TraceEdge {
	out := make([]protocol.TraceEdge, 0, len(t.Edges))
	for _, e := range t.Edges {
		out = append(out, protocol.TraceEdge{Process: e.Process, Edge: e.Edge, Select: e.Select})
	}
	return out
}
