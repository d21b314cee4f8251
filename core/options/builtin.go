// The search orders, heuristics and trace modes Beeline offers.

package options

import (
	"fmt"
	"strconv"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/heuristic/mas"
	"beeline/core/heuristic/pa"
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
// labels for the three it has. auto is the portfolio of core/portfolio:
// its search.Order is the one other kinds of queries use.
func orders() []Order {
	return []Order{
		{protocol.Choice{Name: "bfs", Aliases: []string{"breadth-first"}, Label: "Breadth First",
			Description: "explores states in order of depth"}, search.BFS},
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
		{protocol.Choice{Name: "auto", Aliases: []string{"portfolio"}, Label: "Auto (portfolio)",
			Description: "races several searches with different heuristics, cheap ones first, and takes the first verdict; for E<>, A[] and deadlock queries (others search as breadth-first)",
			Suggested:   true, Portfolio: true}, search.BFS},
	}
}

// heuristics are the distance heuristics: dL and dU (graph distances,
// core/heuristic/graphdist), hL and hU (the monotonicity relaxation,
// core/heuristic/relax), and the abstractions computed beforehand: pattern
// databases (pdb), merge-and-shrink (mas) and predicate abstraction (pa).
// Each package's doc.go gives its design and its literature.
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
				Description: "the most states an intermediate abstraction keeps: larger is more precise and slower to precompute",
				Min:         1, Max: mas.MaxBound, Default: strconv.Itoa(mas.DefaultBound)}}}, mergeAndShrink},
		{protocol.Choice{Name: "pa", Label: "Predicates",
			Description: "predicate abstraction: error distances in the abstraction by location tests, integer conditions and clock constraints, regressed from the error beforehand; its predicates include clock constraints; recognises dead ends",
			Admissible:  true, Precomputes: true,
			Params: []protocol.Param{
				{Name: "preds", Label: "predicates",
					Description: "2abs: refine one abstraction per target predicate (one for all when the target is a disjunction); 1abs: one for them all; seed: seeded with a location of each process; syntax: every guard, invariant and location of each part of a split network",
					Values:      modeNames(), Default: string(pa.Modes[0])},
				{Name: "combine", Label: "combination",
					Description: "max of the abstractions (admissible) or their sum (more informed; admissible only over a split that cuts no synchronisation); default sum for syntax, else max",
					Values:      []string{"max", "sum"}},
				{Name: "split", Label: "split bound b",
					Description: "syntax: the most processes in one part",
					Min:         1, Max: pa.MaxSplit, Default: strconv.Itoa(pa.DefaultSplit)},
				{Name: "states", Label: "state threshold",
					Description: "refinement stops once an abstraction has more abstract states",
					Min:         1, Max: pa.MaxStates, Default: strconv.Itoa(pa.DefaultStates)},
				{Name: "layers", Label: "layer threshold",
					Description: "refinement stops once an abstraction has more distance layers",
					Min:         1, Max: pa.MaxLayers, Default: strconv.Itoa(pa.DefaultLayers)},
			}}, predicateAbstraction},
	}
}

func modeNames() []string {
	var out []string
	for _, m := range pa.Modes {
		out = append(out, string(m))
	}
	return out
}

// predicateAbstraction builds the predicate-abstraction heuristic of
// Hoffmann et al. and Smaus and Hoffmann.
func predicateAbstraction(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
	// The catalog's values and ranges (Param.Values, Min and Max) have
	// been checked.
	o := pa.Options{Mode: pa.Mode(params["preds"]), Combine: pa.Combine(params["combine"])}
	var err error
	if o.Split, err = whole(params, "split", 0); err != nil {
		return nil, err
	}
	if o.States, err = whole(params, "states", 0); err != nil {
		return nil, err
	}
	if o.Layers, err = whole(params, "layers", 0); err != nil {
		return nil, err
	}
	return pa.New(n, t, o), nil
}

// mergeAndShrink builds the distance-preserving abstraction of Dräger,
// Finkbeiner and Podelski.
func mergeAndShrink(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
	// The catalog's range (Param.Min and Max) has been checked.
	bound, err := whole(params, "bound", mas.DefaultBound)
	if err != nil {
		return nil, err
	}
	return mas.New(n, t, mas.Options{Bound: bound}), nil
}

// whole reads the whole-number parameter name, def when it is not given.
func whole(params map[string]string, name string, def int) (int, error) {
	s := params[name]
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s=%s: want a whole number", name, s)
	}
	return v, nil
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
