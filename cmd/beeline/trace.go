// Traces as JSON and as indented text.

package main

import (
	"strings"

	"beeline/core/verify"
	"beeline/core/zone"
)

// traceJSON is a concrete trace: Steps[0] is the initial state; every later
// step is a delay, then a transition, then the state it leads to. Values
// of clocks and delays are exact: "7/2" and the float 3.5.
//
// A liveness trace says how it ends: "loop" (the steps from steps[loop]
// on repeat forever: the last step reaches steps[loop]'s locations and
// variables again), "delay" (time passes forever in the last state) or
// "deadlock" (after final_delay nothing can be taken and time cannot
// pass); a reachability trace has no end.
type traceJSON struct {
	Steps      []stepJSON `json:"steps"`
	FinalDelay valueJSON  `json:"final_delay"`
	End        string     `json:"end,omitempty"`
	Loop       *int       `json:"loop,omitempty"`
}

type stepJSON struct {
	Delay     *valueJSON           `json:"delay,omitempty"`
	Edges     []edgeJSON           `json:"edges,omitempty"`
	Locations map[string]string    `json:"locations"`
	Variables map[string]int32     `json:"variables"`
	Clocks    map[string]valueJSON `json:"clocks"`
	Zone      string               `json:"zone"`
}

type edgeJSON struct {
	Process string           `json:"process"`
	From    string           `json:"from"`
	To      string           `json:"to"`
	ID      string           `json:"id,omitempty"`
	Select  map[string]int32 `json:"select,omitempty"`
}

type valueJSON struct {
	Exact string  `json:"exact"`
	Value float64 `json:"value"`
}

func value(num, den int64) valueJSON {
	return valueJSON{Exact: zone.FormatValue(num, den), Value: float64(num) / float64(den)}
}

func traceToJSON(l *loaded, res *verify.Result) *traceJSON {
	t, n := res.Concrete, l.Net
	out := &traceJSON{FinalDelay: value(t.FinalDelay, t.Den)}
	if t.End != zone.EndGoal {
		out.End = t.End.String()
	}
	if t.End == zone.EndLoop {
		out.Loop = &t.Loop
	}
	for k, st := range t.States {
		s := stepJSON{Locations: map[string]string{}, Variables: map[string]int32{}, Clocks: map[string]valueJSON{}, Zone: st.Zone}
		for i, loc := range st.Locs {
			p := n.Processes[i]
			s.Locations[p.Name] = p.Locations[loc].Label()
		}
		for i, v := range st.Vars {
			s.Variables[n.Vars[i].Name] = v
		}
		for i := 1; i < len(st.Clocks) && i < len(t.Clocks); i++ {
			s.Clocks[t.Clocks[i]] = value(st.Clocks[i], t.Den)
		}
		if k > 0 {
			step := t.Steps[k-1]
			d := value(step.Delay, t.Den)
			s.Delay = &d
			for _, es := range step.Transition.Edges {
				p := n.Processes[es.Process]
				e := p.Edges[es.Edge]
				ej := edgeJSON{Process: p.Name, From: p.Locations[e.Src].Label(), To: p.Locations[e.Dst].Label(), ID: e.ID}
				if len(e.Select) > 0 {
					ej.Select = map[string]int32{}
					for i, b := range e.Select {
						ej.Select[b.Name] = es.Select[i]
					}
				}
				s.Edges = append(s.Edges, ej)
			}
		}
		out.Steps = append(out.Steps, s)
	}
	return out
}

// indent prefixes every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, ln := range lines {
		if strings.TrimSpace(ln) != "" {
			lines[i] = prefix + ln
		}
	}
	return strings.Join(lines, "")
}
