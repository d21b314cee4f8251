// The search orders, heuristics and trace modes Beeline offers.

package options

import (
	"fmt"
	"strconv"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/heuristic/mas"
	"beeline/core/heuristic/pdb"
	"beeline/core/heuristic/relax"
	"beeline/core/model"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/verify"
)

// Builtin returns the registry of what Beeline offers. Each call builds a
// fresh one, so a caller may change its copy.
func Builtin() *Registry {
	return &Registry{Orders: orders(), Heuristics: heuristics(), Traces: traces(), Symmetries: symmetries()}
}

// orders are the search orders, in the menu's order, with UPPAAL's
// labels for the three it has.
func orders() []Order {
	return []Order{
		{protocol.Choice{Name: "bfs", Aliases: []string{"breadth-first"}, Label: "Breadth First",
			Description: "explores states in order of depth", Suggested: true}, search.BFS},
		{protocol.Choice{Name: "dfs", Aliases: []string{"depth-first"}, Label: "Depth First",
			Description: "explores the newest state first"}, search.DFS},
		{protocol.Choice{Name: "rdfs", Aliases: []string{"random-dfs", "random-depth-first"}, Label: "Random Depth First",
			Description: "depth-first with each state's successors shuffled; traces vary with the seed"}, search.RandomDFS},
		{protocol.Choice{Name: "astar", Aliases: []string{"a*"}, Label: "A* search",
			Description: "explores states in order of depth plus estimate; with an admissible heuristic, the trace is a shortest one",
			Directed:    true, Optimal: true}, search.AStar},
		{protocol.Choice{Name: "gbfs", Aliases: []string{"greedy"}, Label: "Greedy best-first",
			Description: "explores the state with the smallest estimate first; fast, traces not shortest",
			Directed:    true}, search.GBFS},
	}
}

// heuristics are the distance heuristics of Kupferschmid et al., "Adding
// heuristics to UPPAAL" (dL, dU) and "Directed model checking with the
// monotonicity abstraction" (hL, hU).
func heuristics() []Heuristic {
	return []Heuristic{
		{protocol.Choice{Name: "dl", Label: "dL",
			Description: "graph distance to the target, the largest over the processes",
			Admissible:  true, Consistent: true, Precomputes: true}, graphDistance(graphdist.Max)},
		{protocol.Choice{Name: "du", Label: "dU",
			Description: "graph distance to the target, summed over the processes",
			Precomputes: true}, graphDistance(graphdist.Sum)},
		{protocol.Choice{Name: "hl", Label: "hL",
			Description: "steps of the monotonicity relaxation until the target holds, a lower bound",
			Admissible:  true, Suggested: true}, relaxation(relax.Lower)},
		{protocol.Choice{Name: "hu", Label: "hU",
			Description: "length of a plan in the monotonicity relaxation"}, relaxation(relax.Upper)},
		{protocol.Choice{Name: "pdb", Label: "PDB",
			Description: "pattern database: distances in an abstraction explored beforehand; recognises dead ends",
			Admissible:  true, Precomputes: true,
			Params: []protocol.Param{{Name: "select", Label: "pattern selection",
				Description: "dprc: downward pattern refinement; rd: what a relaxed plan mentions; full: no abstraction",
				Values:      []string{"dprc", "rd", "full"}, Default: "dprc"}}}, patternDatabase},
		{protocol.Choice{Name: "mas", Label: "M&S",
			Description: "merge-and-shrink: error distances in an abstraction that composes the processes two at a time, keeping at most N states each time; sees synchronisation; recognises dead ends",
			Admissible:  true, Consistent: true, Precomputes: true,
			Params: []protocol.Param{{Name: "bound", Label: "bound N",
				Description: "the most states an intermediate abstraction keeps, 1 to 2048: larger is more precise and slower to precompute",
				Default:     strconv.Itoa(mas.DefaultBound)}}}, mergeAndShrink},
	}
}

// mergeAndShrink builds the distance-preserving abstraction of Dräger,
// Finkbeiner and Podelski.
func mergeAndShrink(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
	bound := mas.DefaultBound
	if s := params["bound"]; s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 || v > mas.MaxBound {
			return nil, fmt.Errorf("bound %q: want a whole number from 1 to %d", s, mas.MaxBound)
		}
		bound = v
	}
	return mas.New(n, t, mas.Options{Bound: bound}), nil
}

// patternDatabase builds a pattern database (Wehrle and Kupferschmid,
// "Downward pattern refinement for timed automata").
func patternDatabase(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
	name := params["select"]
	if name == "" {
		name = "dprc"
	}
	sel, err := pdb.ParseSelection(name)
	if err != nil {
		return nil, err
	}
	return pdb.New(n, t, pdb.Options{Select: sel}), nil
}

// traces are UPPAAL's Options > Diagnostic Trace.
func traces() []Trace {
	return []Trace{
		{protocol.Choice{Name: "none", Label: "None", Description: "no trace"}, verify.TraceNone},
		{protocol.Choice{Name: "some", Label: "Some", Description: "the trace the search order finds",
			Suggested: true}, verify.TraceSome},
		{protocol.Choice{Name: "shortest", Label: "Shortest",
			Description: "a trace with the fewest transitions, found by breadth-first search or by A* with an admissible heuristic"}, verify.TraceShortest},
	}
}

// symmetries turn UPPAAL's symmetry reduction for scalar sets on or off.
func symmetries() []Symmetry {
	return []Symmetry{
		{protocol.Choice{Name: "on", Label: "On",
			Description: "E<> and A[] queries keep one state per orbit of the permutations of scalar sets, as UPPAAL does",
			Suggested:   true}, false},
		{protocol.Choice{Name: "off", Label: "Off",
			Description: "every state is explored, however the processes of a scalar set are numbered"}, true},
	}
}

func graphDistance(mode graphdist.Mode) NewFunc {
	return func(n *model.Network, t *heuristic.Target, _ map[string]string) (heuristic.Heuristic, error) {
		return graphdist.New(n, t, mode), nil
	}
}

func relaxation(mode relax.Mode) NewFunc {
	return func(n *model.Network, t *heuristic.Target, _ map[string]string) (heuristic.Heuristic, error) {
		return relax.New(n, t, mode), nil
	}
}
