// Summary counts for the command line, and name lookup for heuristics that
// read the syntax of guards and updates.

package model

// Summary counts the parts of a network.
type Summary struct {
	Processes int `json:"processes"`
	Templates int `json:"templates"`
	Locations int `json:"locations"`
	Edges     int `json:"edges"`
	Clocks    int `json:"clocks"`    // excluding the reference clock
	Variables int `json:"variables"` // state slots
	Meta      int `json:"meta"`
	Channels  int `json:"channels"`

	PerProcess []ProcessSummary `json:"per_process"`
}

// ProcessSummary counts the parts of one process.
type ProcessSummary struct {
	Name      string `json:"name"`
	Template  string `json:"template"`
	Locations int    `json:"locations"`
	Edges     int    `json:"edges"`
}

// Summary counts the parts of n.
func (n *Network) Summary() Summary {
	s := Summary{
		Processes: len(n.Processes),
		Templates: n.Templates,
		Clocks:    len(n.Clocks) - 1,
		Variables: len(n.Vars) - n.metaSlots(),
		Meta:      n.metaSlots(),
		Channels:  len(n.Channels),
	}
	for _, p := range n.Processes {
		s.Locations += len(p.Locations)
		s.Edges += len(p.Edges)
		s.PerProcess = append(s.PerProcess, ProcessSummary{Name: p.Name, Template: p.Template, Locations: len(p.Locations), Edges: len(p.Edges)})
	}
	return s
}

// metaSlots counts the state slots of meta variables.
func (n *Network) metaSlots() int {
	k := 0
	for _, v := range n.Vars {
		if v.Meta {
			k++
		}
	}
	return k
}
