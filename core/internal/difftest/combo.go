// The configurations compared with breadth-first search, read from the
// registry.

package difftest

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"beeline/core/heuristic"
	"beeline/core/heuristic/pdb"
	"beeline/core/model"
	"beeline/core/options"
	"beeline/core/search"
)

// Combo is one configuration of a check: a search order, a heuristic in
// its wire form ("" for none), symmetry reduction off or on, whether the
// heuristic's table comes from prepare (encoded and loaded back, as
// `beeline prepare` and `check --table` pass it) or from the
// precomputation in the same process, and whether a trace is asked for
// (the page's default), which makes the search store states it would
// otherwise pass through (see verify.Options.StoreCommitted).
type Combo struct {
	Order      string
	Heuristic  string
	NoSymmetry bool
	Prepared   bool
	Trace      bool
	// Jobs splits a blind search between that many workers (0: none).
	Jobs int
}

// String names c in messages: "astar pdb:select=rd symmetry=off table=prepared trace=some".
func (c Combo) String() string {
	parts := []string{c.Order}
	if c.Heuristic != "" {
		parts = append(parts, c.Heuristic)
	}
	if c.NoSymmetry {
		parts = append(parts, "symmetry=off")
	}
	if c.Prepared {
		parts = append(parts, "table=prepared")
	}
	if c.Trace {
		parts = append(parts, "trace=some")
	}
	if c.Jobs > 0 {
		parts = append(parts, fmt.Sprintf("jobs=%d", c.Jobs))
	}
	return strings.Join(parts, " ")
}

// wholeValues are the values tried of the heuristics' whole-number
// parameters that change what the heuristic computes; the others keep
// their defaults (pa's thresholds and split only bound its refinement).
var wholeValues = map[string][]string{
	"mas:bound": {"1", "10", ""},
}

// Variants lists every heuristic of r in wire form with each
// combination of the parameter values that change its meaning: every
// allowed value of a parameter with a list (pdb's select, pa's preds and
// combine) and the wholeValues of the others ("" keeps the default).
func Variants(r *options.Registry) []string {
	var out []string
	for _, h := range r.Heuristics {
		specs := []string{h.Name}
		for _, p := range h.Params {
			values := p.Values
			if values == nil {
				values = wholeValues[h.Name+":"+p.Name]
			}
			specs = withParam(specs, p.Name, values)
		}
		out = append(out, specs...)
	}
	return out
}

// withParam extends each spec with each value of parameter name (none
// for "").
func withParam(specs []string, name string, values []string) []string {
	if len(values) == 0 {
		return specs
	}
	var out []string
	for _, s := range specs {
		for _, v := range values {
			switch {
			case v == "":
				out = append(out, s)
			case strings.Contains(s, ":"):
				out = append(out, s+","+name+"="+v)
			default:
				out = append(out, s+":"+name+"="+v)
			}
		}
	}
	return out
}

// Combos lists the configurations compared on a problem: every order of
// r with no heuristic and with each of heuristics, with symmetry
// reduction on and, when symmetric, also off, with and without a trace;
// the heuristics that precompute once more with their table from
// prepare; the portfolio order (auto) with none; the blind orders that
// split between workers, also with SplitJobs workers. Heuristics are
// left out when trivial (a target no heuristic reads: every estimate
// is 0).
func Combos(r *options.Registry, heuristics []string, symmetric, trivial bool) []Combo {
	syms := []bool{false}
	if symmetric {
		syms = append(syms, true)
	}
	hs := []string{""}
	if !trivial {
		hs = append(hs, heuristics...)
	}
	var out []Combo
	for _, o := range r.Orders {
		ohs := hs
		if o.Portfolio {
			ohs = []string{""} // it picks its members' heuristics
		}
		for _, h := range ohs {
			for _, off := range syms {
				for _, trace := range []bool{false, true} {
					out = append(out, Combo{Order: o.Name, Heuristic: h, NoSymmetry: off, Trace: trace})
					if h == "" && splits(o) {
						out = append(out, Combo{Order: o.Name, NoSymmetry: off, Trace: trace, Jobs: SplitJobs})
					}
					if precomputes(r, h) {
						out = append(out, Combo{Order: o.Name, Heuristic: h, NoSymmetry: off, Prepared: true, Trace: trace})
					}
				}
			}
		}
	}
	return out
}

// SplitJobs is the number of workers of the split searches compared.
const SplitJobs = 3

// splits reports whether a search in order o can be split between
// workers: breadth-first or depth-first.
func splits(o options.Order) bool {
	return !o.Portfolio && (o.Order == search.BFS || o.Order == search.DFS || o.Order == search.RandomDFS)
}

// precomputes reports whether the heuristic spec names has a table.
func precomputes(r *options.Registry, spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	i := slices.IndexFunc(r.Heuristics, func(h options.Heuristic) bool { return h.Name == name })
	return i >= 0 && r.Heuristics[i].Precomputes
}

// Registry returns Beeline's registry with the pattern database bounded
// by states abstract states (pdb.Limits.MaxStates), a budget in work
// that the registry's own entry leaves at pdb.DefaultMaxStates: a
// database past it fails its precomputation with pdb.ErrBudget, which
// the comparison counts as unknown. The entry is otherwise the
// registry's (its select parameter read the same way).
func Registry(states int) *options.Registry {
	r := options.Builtin()
	for i, h := range r.Heuristics {
		if h.Name == "pdb" {
			r.Heuristics[i].New = boundedPDB(states)
		}
	}
	return r
}

func boundedPDB(states int) options.NewFunc {
	return func(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error) {
		sel, err := pdb.ParseSelection(params["select"])
		if err != nil {
			return nil, err
		}
		return pdb.New(n, t, pdb.Options{Select: sel, Limits: pdb.Limits{MaxStates: states}}), nil
	}
}

// Args are the command-line flags of c for `beeline check`, less the
// table's file.
func (c Combo) Args() string {
	args := []string{"--search " + c.Order}
	if c.Heuristic != "" {
		args = append(args, "--heuristic "+c.Heuristic)
	}
	if c.NoSymmetry {
		args = append(args, "--symmetry off")
	}
	trace := "none"
	if c.Trace {
		trace = "some"
	}
	args = append(args, "--trace "+trace)
	if c.Heuristic == "" {
		args = append(args, fmt.Sprintf("--jobs %d", max(c.Jobs, 1)))
	}
	return strings.Join(args, " ")
}

// Rotate keeps every variant of heuristics but those of family ("pa"),
// of which it keeps the one that key picks: a run over many problems
// still tries each, at a fraction of the cost of trying all on every
// problem (pa's precomputations are most of a comparison's time).
func Rotate(heuristics []string, family, key string) []string {
	var out, fam []string
	for _, h := range heuristics {
		if name, _, _ := strings.Cut(h, ":"); name == family {
			fam = append(fam, h)
		} else {
			out = append(out, h)
		}
	}
	if len(fam) == 0 {
		return out
	}
	f := fnv.New32a()
	f.Write([]byte(key))
	return append(out, fam[f.Sum32()%uint32(len(fam))])
}
