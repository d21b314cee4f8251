// Building the page's Model and Diagnostics from a document and its network.

package protocol

import (
	"crypto/sha256"
	"encoding/hex"

	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
	"beeline/core/zone"
)

// BuildModel describes doc (and net, when it compiled) for the page:
// templates with their layout, processes with the maps from the network's
// location and edge indices back to the drawing, clocks, variables and the
// given queries. net may be nil (a model with errors is still drawn); doc
// must not be. Warnings are left for the caller (see Diagnostics).
func BuildModel(doc *uppaal.Document, net *model.Network, queries []Query) *Model {
	m := &Model{Format: doc.Format.String(), Queries: queries,
		Templates: []Template{}, Processes: []Process{}, Clocks: []string{}, Variables: []string{}}
	if doc.File != nil {
		sum := sha256.Sum256(doc.File.Source())
		m.Hash = hex.EncodeToString(sum[:])
	}
	for _, t := range doc.Templates {
		m.Templates = append(m.Templates, buildTemplate(t))
	}
	if m.Queries == nil {
		m.Queries = []Query{}
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

func buildTemplate(t *uppaal.Template) Template {
	out := Template{Name: text(t.Name), Parameters: text(t.Parameter), Init: t.Init,
		Locations: []Location{}, Edges: []Edge{}}
	for _, l := range t.Locations {
		loc := Location{ID: l.ID, Name: text(l.Name), At: point(l.At), NameAt: point(l.NameAt),
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

func buildEdge(e *uppaal.Edge) Edge {
	out := Edge{ID: e.ID, Source: e.Source, Target: e.Target, Color: e.Color}
	for _, n := range e.Nails {
		out.Nails = append(out.Nails, Point{X: n.X, Y: n.Y, Set: true})
	}
	for _, l := range []*uppaal.Label{e.Select, e.Guard, e.Sync, e.Assign} {
		if l != nil {
			out.Labels = append(out.Labels, Label{Kind: l.Kind, Text: text(l.Text), At: point(l.At)})
		}
	}
	return out
}

// buildProcess maps p's locations to the template's location IDs and its
// edges to the template's edge indices. The network may split one edge of
// the drawing into several (one per disjunct of a clock guard); they all
// map to the same drawn edge, found by the position they share.
func buildProcess(doc *uppaal.Document, p *model.Process) Process {
	out := Process{Name: p.Name, Template: p.Template, Locations: []string{}, Edges: []int{}}
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

func point(p *uppaal.Point) Point {
	if p == nil {
		return Point{}
	}
	return Point{X: p.X, Y: p.Y, Set: true}
}

// BuildTrace converts a concrete trace of the zone graph for the page.
func BuildTrace(t *zone.Trace) *Trace {
	out := &Trace{Den: t.Den, Clocks: t.Clocks, States: make([]TraceState, 0, len(t.States)),
		Steps: make([]TraceStep, 0, len(t.Steps)), Final: t.FinalDelay}
	for _, st := range t.States {
		out.States = append(out.States, TraceState{Locs: st.Locs, Vars: st.Vars, Clocks: st.Clocks, Zone: st.Zone})
	}
	for _, st := range t.Steps {
		step := TraceStep{Delay: st.Delay, Edges: make([]TraceEdge, 0, len(st.Transition.Edges))}
		for _, e := range st.Transition.Edges {
			step.Edges = append(step.Edges, TraceEdge{Process: e.Process, Edge: e.Edge, Select: e.Select})
		}
		out.Steps = append(out.Steps, step)
	}
	return out
}
