// The members of the portfolio.

package portfolio

import "strconv"

// Member is one search of the portfolio: an order and a heuristic as the
// engine's catalog names them (protocol.Options' wire form).
type Member struct {
	// Label names the member in results and progress: "greedy + hU".
	Label string
	// Order is the search order's catalog name ("gbfs"), Heuristic the
	// heuristic's wire form ("pa:preds=syntax"; "" for none), Seed the
	// seed of random depth-first search.
	Order     string
	Heuristic string
	Seed      uint64
	// Probe, when positive, is the most states the member's first run
	// stores: a member that is fast where it is good and hopeless
	// elsewhere gives its slot to the next member once it has used that
	// many, and runs again without the bound after every other member
	// has started.
	Probe int64
	// Shortest: the member finds shortest traces (breadth-first search,
	// or A* with a heuristic that is admissible whatever the model).
	Shortest bool
}

// BlindProbe is the probe budget of the blind members (depth-first
// search, random or not): enough to reach an error they are headed for,
// a fraction of a second's work. DirectedProbe is that of the directed
// members that come early (greedy search with hU, whose estimate costs
// much more per state on some models, and with the syntax predicates,
// whose precomputation is cheap): 10,000 states.
const (
	BlindProbe    = 50_000
	DirectedProbe = 10_000
)

// Members returns the portfolio's members for a reachability query (E<>,
// A[], deadlock), in the order they start. With shortest, the members
// that guarantee a shortest trace follow the first, and breadth-first
// search is among them.
func Members(shortest bool) []Member {
	var (
		greedyHU  = Member{Label: "greedy + hU", Order: "gbfs", Heuristic: "hu", Probe: DirectedProbe}
		dfs       = Member{Label: "DFS", Order: "dfs", Probe: BlindProbe}
		rdfs      = Member{Label: "random DFS (seed 1)", Order: "rdfs", Seed: 1, Probe: BlindProbe}
		greedyPA  = Member{Label: "greedy + predicates (syntax)", Order: "gbfs", Heuristic: "pa:preds=syntax", Probe: DirectedProbe}
		astarPDB  = Member{Label: "A* + PDB", Order: "astar", Heuristic: "pdb", Shortest: true}
		greedyMAS = Member{Label: "greedy + M&S", Order: "gbfs", Heuristic: "mas"}
		astarMAS  = Member{Label: "A* + M&S", Order: "astar", Heuristic: "mas", Shortest: true}
		bfs       = Member{Label: "BFS", Order: "bfs", Shortest: true}
	)
	if shortest {
		return []Member{greedyHU, astarPDB, astarMAS, bfs, greedyPA, dfs}
	}
	return []Member{greedyHU, dfs, rdfs, greedyPA, astarPDB, greedyMAS}
}

// Name is the member's name in one word-ish string, as a share link or a
// JSON report keeps it: "gbfs+pa:preds=syntax", "rdfs+seed=1", "dfs".
func (m Member) Name() string {
	s := m.Order
	if m.Heuristic != "" {
		s += "+" + m.Heuristic
	}
	if m.Order == "rdfs" {
		s += "+seed=" + strconv.FormatUint(m.Seed, 10)
	}
	return s
}
