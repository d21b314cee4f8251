// The message sequence chart of a trace, in the renderer's terms.

package main

import (
	"strings"

	"beeline/core/protocol"
	"beeline/wasm/ui/state"
	"beeline/web/render"
)

// sequenceChart describes trace tr for render.SequenceChart: one lifeline
// per process, a step's first edge as the sender (or the internal edge),
// the other edges as its receivers, labelled with the sender's channel as
// the model writes it.
func (n *names) sequenceChart(tr *protocol.Trace, title string, current int) render.MSC {
	m := render.MSC{Title: title, Current: current}
	for _, p := range n.m.Processes {
		m.Processes = append(m.Processes, p.Name)
	}
	if len(tr.States) > 0 {
		m.Initial = n.locationNames(tr.States[0].Locs)
	}
	for k, st := range tr.Steps {
		step := render.MSCStep{Label: n.stepText(tr, k+1)}
		if st.Delay != 0 {
			step.Delay = state.FormatRat(st.Delay, tr.Den)
		}
		if len(st.Edges) > 0 {
			step.Sender = st.Edges[0].Process
			step.Channel = n.channel(st.Edges[0])
			for _, e := range st.Edges[1:] {
				step.Receivers = append(step.Receivers, e.Process)
			}
		}
		if k+1 < len(tr.States) {
			step.Locations = n.locationNames(tr.States[k+1].Locs)
		}
		m.Steps = append(m.Steps, step)
	}
	return m
}

// locationNames names each process's location.
func (n *names) locationNames(locs []int32) []string {
	out := make([]string, len(locs))
	for p, l := range locs {
		out[p] = n.locationName(n.template(p), n.locationID(p, l))
	}
	return out
}

// channel is the synchronisation label of an edge without its '!' or
// '?', "" for an edge that does not synchronise.
func (n *names) channel(te protocol.TraceEdge) string {
	t := n.template(te.Process)
	i := n.edgeIndex(te.Process, te.Edge)
	if t == nil || i < 0 || i >= len(t.Edges) {
		return ""
	}
	for _, l := range t.Edges[i].Labels {
		if l.Kind == "synchronisation" {
			return strings.TrimRight(strings.TrimSpace(l.Text), "!?")
		}
	}
	return ""
}
