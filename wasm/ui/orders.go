// The search-order, heuristic and trace menus, built from the catalog
// the engine sends (core/options' registry), and the verdict markers.

package main

import "beeline/core/protocol"

// menuItem is one <option> of a menu: its value, its text and its
// tooltip.
type menuItem struct {
	Value, Text, Title string
}

// menuItems lists the options of a menu of the catalog; text words each
// entry (nil: its label).
func menuItems(cs []protocol.Choice, text func(protocol.Choice) string) []menuItem {
	out := make([]menuItem, len(cs))
	for i, c := range cs {
		t := c.Label
		if text != nil {
			t = text(c)
		}
		out[i] = menuItem{Value: c.Name, Text: t, Title: c.Description}
	}
	return out
}

// heuristicText is a heuristic's menu text: "dL (admissible)" or "hU (not
// admissible)". Admissible heuristics never overestimate the distance to
// the goal, so A* with one of them finds a shortest trace. Whether one is
// also consistent is said by its description (heuristicNote), which keeps
// the menu narrow enough for a laptop's screen.
func heuristicText(c protocol.Choice) string {
	if c.Admissible || c.Consistent {
		return c.Label + " (admissible)"
	}
	return c.Label + " (not admissible)"
}

// heuristicNote is the line shown under the heuristic menu for the
// heuristic c: its description and what its estimates guarantee, "graph
// distance to the target, summed over the processes (not admissible)".
func heuristicNote(c *protocol.Choice) string {
	if c == nil {
		return ""
	}
	return c.Description + " (" + c.Admissibility() + ")"
}

// choiceNote is the line shown under a menu of the catalog: the
// description of its entry called name, "" when there is none.
func choiceNote(cs []protocol.Choice, name string) string {
	if c := choice(cs, name); c != nil {
		return c.Description
	}
	return ""
}

// suggested is the name of the entry a menu starts on: the one the
// catalog suggests, else the first.
func suggested(cs []protocol.Choice) string {
	for _, c := range cs {
		if c.Suggested {
			return c.Name
		}
	}
	if len(cs) > 0 {
		return cs[0].Name
	}
	return ""
}

// choice returns the entry of cs called name, or nil.
func choice(cs []protocol.Choice, name string) *protocol.Choice {
	for i := range cs {
		if cs[i].Name == name {
			return &cs[i]
		}
	}
	return nil
}

// directed reports whether the order called name follows a heuristic (so
// the heuristic menu shows); false before the catalog has come.
func directed(c *protocol.Catalog, name string) bool {
	if c == nil {
		return false
	}
	o := choice(c.Orders, name)
	return o != nil && o.Directed
}

// A query row's verdict (queryRow.verdict) is the engine's, one of the
// protocol's Verdict constants, or one of the states of a row whose check
// has not ended. The engine never sends these.
const (
	// rowUnchecked: the row has not been checked, or its check was
	// stopped before it had a verdict.
	rowUnchecked protocol.Verdict = ""
	// rowQueued: the row waits for its turn in a run of checks.
	rowQueued protocol.Verdict = "queued"
	// rowRunning: the row's check is under way.
	rowRunning protocol.Verdict = "running"
)

// verdictClass maps a verdict to the marker's CSS class.
func verdictClass(verdict protocol.Verdict) string {
	switch verdict {
	case protocol.VerdictSatisfied:
		return "satisfied"
	case protocol.VerdictNotSatisfied:
		return "not-satisfied"
	case rowRunning:
		return "running"
	}
	return ""
}
