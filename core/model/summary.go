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
		Variables: len(n.Vars),
		Meta:      len(n.Meta),
		Channels:  len(n.Channels),
	}
	for _, p := range n.Processes {
		s.Locations += len(p.Locations)
		s.Edges += len(p.Edges)
		s.PerProcess = append(s.PerProcess, ProcessSummary{Name: p.Name, Template: p.Template, Locations: len(p.Locations), Edges: len(p.Edges)})
	}
	return s
}

// RefKind says what a name resolves to.
type RefKind uint8

// The kinds of Ref.
const (
	RefNone     RefKind = iota // not declared
	RefVar                     // state slots Vars[Index : Index+Len]
	RefMeta                    // meta slots Meta[Index : Index+Len]
	RefClock                   // clocks Clocks[Index : Index+Len]
	RefChan                    // channels Channels[Index : Index+Len]
	RefConst                   // an integer constant Value (or a constant aggregate, Len > 1)
	RefSelect                  // the select binding Env.Sel[Index] of the edge
	RefLocation                // location Index of the process
	RefOther                   // a type, function or template
)

// Ref is what a name means at a point of the network.
type Ref struct {
	Kind  RefKind
	Index int32
	Len   int32
	Value int32
	// Lo and Hi are the range of an integer, boolean or scalar object (of
	// its elements for an array).
	Lo, Hi int32
}

// Lookup resolves name as it is seen by edge edge of process proc (pass
// edge = -1 for the process's own scope: parameters, locals, locations and
// globals). Reference parameters resolve to the object they are bound to;
// value parameters to their constant value.
func (n *Network) Lookup(proc, edge int, name string) Ref {
	if proc < 0 || proc >= len(n.Processes) {
		return Ref{}
	}
	p := n.Processes[proc]
	sc := p.scope
	if edge >= 0 && edge < len(p.edges) {
		sc = p.edges[edge]
	}
	sym := sc.lookup(name)
	if sym == nil {
		return Ref{}
	}
	r := Ref{Len: 1}
	if sym.t != nil {
		leaf := sym.t.leaf()
		r.Lo, r.Hi = leaf.lo, leaf.hi
		if sym.t.size > 0 {
			r.Len = sym.t.size
		}
	}
	switch sym.kind {
	case symLocation:
		r.Kind, r.Index = RefLocation, sym.loc
	case symConst, symQuant:
		r.Kind, r.Value = RefConst, sym.val
		if sym.addr != nil {
			r.Index = sym.addr.off
		}
	case symVar:
		if sym.addr == nil || !sym.addr.static() {
			return Ref{Kind: RefOther}
		}
		r.Index = sym.addr.off
		switch sym.addr.sp {
		case spVar:
			r.Kind = RefVar
		case spMeta:
			r.Kind = RefMeta
		case spClock:
			r.Kind = RefClock
		case spChan:
			r.Kind = RefChan
		case spSel:
			r.Kind = RefSelect
		default:
			r.Kind = RefOther
		}
	default:
		r.Kind = RefOther
	}
	return r
}
