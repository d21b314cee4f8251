// The verifier's search orders, in UPPAAL's words, and the heuristics of
// the directed ones.

package main

// order is one entry of the search order menu. Directed orders (A* and
// greedy best-first) need a heuristic, chosen in the heuristic menu.
type order struct {
	Value, Label string
	Directed     bool
	Note         string
}

var orders = []order{
	{"bfs", "Breadth First", false, ""},
	{"dfs", "Depth First", false, ""},
	{"rdfs", "Random Depth First", false, "traces vary with the seed"},
	{"astar", "A* search", true, "admissible heuristic (dL, hL) ⇒ shortest trace"},
	{"gbfs", "Greedy best-first", true, "fast, traces not shortest"},
}

// heuristic is one entry of the heuristic menu. Admissible heuristics
// never overestimate the distance to the goal, so A* with one of them
// finds a shortest trace.
type heuristic struct {
	Value, Label, Title string
	Admissible          bool
}

var heuristics = []heuristic{
	{"dl", "dL (admissible)", "graph distance to the goal, the largest over the processes", true},
	{"du", "dU (not admissible)", "graph distance to the goal, summed over the processes", false},
	{"hl", "hL (admissible)", "cost of a relaxed network, lower bound", true},
	{"hu", "hU (not admissible)", "cost of a relaxed network, summed", false},
}

// defaultHeuristic is picked when a directed order is chosen.
const defaultHeuristic = "hl"

// directed reports whether the order named v needs a heuristic.
func directed(v string) bool {
	for _, o := range orders {
		if o.Value == v {
			return o.Directed
		}
	}
	return false
}

// verdictClass maps a verdict to the marker's CSS class.
func verdictClass(verdict string) string {
	switch verdict {
	case "satisfied":
		return "satisfied"
	case "not satisfied":
		return "not-satisfied"
	case "running":
		return "running"
	}
	return ""
}
