package main

import (
	"slices"
	"testing"

	"beeline/core/protocol"
)

// A synchronisation becomes a message from its first edge's process to
// the others, labelled with the channel; an internal step has no
// receivers; every state's locations are named.
func TestSequenceChart(t *testing.T) {
	m := &protocol.Model{
		Templates: []protocol.Template{{Name: "T",
			Locations: []protocol.Location{{ID: "a", Name: "idle"}, {ID: "b", Name: "busy"}},
			Edges: []protocol.Edge{
				{Source: "a", Target: "b", Labels: []protocol.Label{{Kind: "synchronisation", Text: "go[i]!"}}},
				{Source: "a", Target: "b", Labels: []protocol.Label{{Kind: "synchronisation", Text: "go[j]?"}}},
				{Source: "b", Target: "a", Labels: []protocol.Label{{Kind: "guard", Text: "x > 1"}}},
			}}},
		Processes: []protocol.Process{
			{Name: "P", Template: "T", Locations: []string{"a", "b"}, Edges: []int{0, 1, 2}},
			{Name: "Q", Template: "T", Locations: []string{"a", "b"}, Edges: []int{0, 1, 2}},
		},
	}
	tr := &protocol.Trace{Den: 2,
		States: []protocol.TraceState{{Locs: []int32{0, 0}}, {Locs: []int32{1, 1}}, {Locs: []int32{0, 1}}},
		Steps: []protocol.TraceStep{
			{Delay: 3, Edges: []protocol.TraceEdge{{Process: 0, Edge: 0}, {Process: 1, Edge: 1}}},
			{Edges: []protocol.TraceEdge{{Process: 0, Edge: 2}}},
		}}
	c := newNames(m).sequenceChart(tr, "t", 1)
	if !slices.Equal(c.Processes, []string{"P", "Q"}) || !slices.Equal(c.Initial, []string{"idle", "idle"}) || c.Current != 1 {
		t.Fatalf("chart %+v", c)
	}
	s0, s1 := c.Steps[0], c.Steps[1]
	if s0.Sender != 0 || !slices.Equal(s0.Receivers, []int{1}) || s0.Channel != "go[i]" || s0.Delay != "1.5" {
		t.Errorf("synchronisation %+v", s0)
	}
	if s1.Sender != 0 || len(s1.Receivers) != 0 || s1.Channel != "" || s1.Delay != "" {
		t.Errorf("internal step %+v", s1)
	}
	if !slices.Equal(s1.Locations, []string{"idle", "busy"}) {
		t.Errorf("locations after step 2: %q", s1.Locations)
	}
}
