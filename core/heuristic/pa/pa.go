// The heuristic: options, the abstractions it builds, and the lookup.

package pa

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
)

// Mode says where the predicates come from.
type Mode string

// The modes.
const (
	// Syntax: the network is split into parts of at most Split
	// processes; each part's abstraction has every guard, invariant and
	// location of its processes as predicates.
	Syntax Mode = "syntax"
	// OneAbs refines one abstraction, starting from the target's
	// predicates together.
	OneAbs Mode = "1abs"
	// TwoAbs refines one abstraction per target predicate.
	TwoAbs Mode = "2abs"
	// Seed refines, for each target predicate, abstractions seeded with
	// one location predicate of each process in turn.
	Seed Mode = "seed"
)

// Modes lists the modes, the default first.
var Modes = []Mode{TwoAbs, OneAbs, Seed, Syntax}

// Combine says how the abstractions' values add up.
type Combine string

// The combinations.
const (
	Max Combine = "max" // admissible
	Sum Combine = "sum" // admissible over the parts of a split that cuts no synchronisation
)

// Defaults, the first paper's and the second's.
const (
	DefaultSplit  = 2
	DefaultStates = 5000
	DefaultLayers = 10
	MaxSplit      = 16
	MaxStates     = 1 << 20
	MaxLayers     = 1 << 10
)

// Options configure the heuristic; zero values take the defaults.
type Options struct {
	Mode    Mode
	Combine Combine // default: sum for Syntax, max otherwise
	// Split is the most processes in one part (Syntax).
	Split int
	// States and Layers are the thresholds that end refinement: an
	// abstraction past either is the last one refined.
	States, Layers int
}

func (o Options) withDefaults() Options {
	if o.Mode == "" {
		o.Mode = TwoAbs
	}
	if o.Combine == "" {
		o.Combine = Max
		if o.Mode == Syntax {
			o.Combine = Sum
		}
	}
	if o.Split <= 0 {
		o.Split = DefaultSplit
	}
	if o.States <= 0 {
		o.States = DefaultStates
	}
	if o.Layers <= 0 {
		o.Layers = DefaultLayers
	}
	return o
}

// Heuristic is the predicate-abstraction heuristic for a network and a
// target.
type Heuristic struct {
	net    *model.Network
	target *heuristic.Target
	opts   Options
	abs    []*abstraction
	// groups are the abstractions each target disjunct combines, the
	// estimate the least over them: in the syntax mode, one per disjunct,
	// else one group of all (allGroups; of none before Precompute, so
	// every estimate is then 0).
	groups [][]int32
	vals   []int32 // each abstraction's value for the state estimated, -1 before it is looked up
	done   bool    // Precompute or Load succeeded
	rounds int
	q      []uint64
	report func(heuristic.Progress)
	cuts   bool // a split cut a synchronisation (Sum then may overestimate)
}

// abstraction is one finished abstraction: its predicates, the tree of
// its abstract states and the estimate of a state none matches.
type abstraction struct {
	preds  []Pred
	tree   *ubtree
	floor  int32
	states int
	layers int32
	clocks bool
}

// New returns the heuristic for target t of n. It does not precompute.
func New(n *model.Network, t *heuristic.Target, opts Options) *Heuristic {
	return &Heuristic{net: n, target: t, opts: opts.withDefaults(), groups: allGroups(nil, 0)}
}

// ReportTo makes the precomputation report its progress to f: Step
// names the abstraction being built and its refinement round, States
// counts its abstract states and Layers its layers.
func (h *Heuristic) ReportTo(f func(heuristic.Progress)) { h.report = f }

// Info describes the heuristic and, once computed, its abstractions'
// states and the refinement rounds (or parts) built. It is admissible
// with Max, and with Sum over a split that cut no synchronisation;
// estimates depend on the zone when some predicate is a clock
// constraint.
func (h *Heuristic) Info() heuristic.Info {
	p := map[string]string{"preds": string(h.opts.Mode), "combine": string(h.opts.Combine),
		"states": strconv.Itoa(h.opts.States), "layers": strconv.Itoa(h.opts.Layers)}
	if h.opts.Mode == Syntax {
		p["split"] = strconv.Itoa(h.opts.Split)
	}
	if h.done {
		states := 0
		for _, a := range h.abs {
			states += a.states
		}
		p["abstract"] = strconv.Itoa(states)
		p["rounds"] = strconv.Itoa(h.rounds)
	}
	usesZone := h.abs == nil
	for _, a := range h.abs {
		usesZone = usesZone || a.clocks
	}
	single := !slices.ContainsFunc(h.groups, func(g []int32) bool { return len(g) > 1 })
	admissible := h.opts.Combine == Max || (h.opts.Mode == Syntax && !h.cuts) || single
	return heuristic.Info{Name: "pa", Params: p, Admissible: admissible, UsesZone: usesZone}
}

// Abstractions returns, for each abstraction built, its predicates as
// text and its abstract states.
func (h *Heuristic) Abstractions() (preds [][]string, states []int) {
	for _, a := range h.abs {
		var ps []string
		for i := range a.preds {
			ps = append(ps, a.preds[i].String(h.net))
		}
		preds = append(preds, ps)
		states = append(states, a.states)
	}
	return preds, states
}

// Precompute builds the abstractions.
func (h *Heuristic) Precompute(ctx context.Context, progress func(done, total int64)) error {
	report := heuristic.Reports(h.report, progress)
	h.abs, h.groups, h.rounds, h.cuts, h.done = nil, nil, 0, false, false // the mode sets groups, finish completes them
	if h.target.Trivial() || len(h.target.Conjuncts) == 0 {
		h.finish(report)
		return nil
	}
	var err error
	switch h.opts.Mode {
	case Syntax:
		err = h.syntax(ctx, report)
	case OneAbs, TwoAbs, Seed:
		err = h.refinement(ctx, report)
	default:
		err = fmt.Errorf("predicate abstraction: no mode %q", h.opts.Mode)
	}
	if err == nil {
		err = heuristic.Done(ctx) // an interrupted evaluation may have gone unnoticed
	}
	if err != nil {
		h.abs, h.groups = nil, allGroups(nil, 0)
		return err
	}
	h.finish(report)
	return nil
}

func (h *Heuristic) finish(report func(heuristic.Progress)) {
	h.done = true
	h.groups = allGroups(h.groups, len(h.abs))
	total, layers := 0, int32(0)
	for _, a := range h.abs {
		total += a.states
		layers = max(layers, a.layers)
	}
	report(heuristic.Progress{Step: "table built", States: int64(total), Layers: int(layers), Pattern: h.summary()})
}

// summary says what was built: "2 abstractions, 14 predicates".
func (h *Heuristic) summary() string {
	preds := 0
	for _, a := range h.abs {
		preds += len(a.preds)
	}
	return plural(len(h.abs), "abstraction") + ", " + plural(preds, "predicate")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// finished turns a built space into an abstraction.
func finished(sp *space) *abstraction {
	a := &abstraction{preds: sp.preds, tree: sp.tree, floor: sp.floor, states: len(sp.dist), layers: sp.layers}
	for i := range sp.preds {
		a.clocks = a.clocks || sp.preds[i].IsClock()
	}
	return a
}

// allGroups returns groups, or one group of the n abstractions when
// there are none.
func allGroups(groups [][]int32, n int) [][]int32 {
	if groups != nil {
		return groups
	}
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	return [][]int32{all}
}

// Estimate combines the abstractions' distances for (d, z): each is the
// least distance of an abstract state some state of (d, z) lies in, the
// abstraction's floor when there is none; inf (a dead end) when an
// abstraction reaches no error state from any of them. A group's
// abstractions combine, the least group's value is the estimate, and
// (d, z) is a dead end when every group has one. Each abstraction is
// looked up once, when a group first needs it.
func (h *Heuristic) Estimate(d []int32, z *dbm.DBM) (int32, bool) {
	if cap(h.vals) < len(h.abs) {
		h.vals = make([]int32, len(h.abs))
	}
	vals := h.vals[:len(h.abs)]
	for i := range vals {
		vals[i] = -1
	}
	best := inf
	for _, g := range h.groups {
		var total int32
		for _, i := range g {
			if vals[i] < 0 {
				vals[i] = h.value(h.abs[i], d, z)
			}
			if vals[i] == inf {
				total = inf
				break
			}
			total = h.combine(total, vals[i])
		}
		best = min(best, total)
	}
	if best == inf {
		return 0, true
	}
	return best, false
}

// value is abstraction a's distance for (d, z): inf for a dead end.
func (h *Heuristic) value(a *abstraction, d []int32, z *dbm.DBM) int32 {
	words := max(1, (2*len(a.preds)+63)/64)
	if cap(h.q) < words {
		h.q = make([]uint64, words)
	}
	q := h.q[:words]
	stateLits(q, a.preds, len(h.net.Processes), d, z)
	v := a.tree.min(q, inf)
	if v == inf {
		v = a.floor
	}
	return v
}

// combine adds v to a total as the options say.
func (h *Heuristic) combine(total, v int32) int32 {
	if h.opts.Combine == Sum {
		return total + v
	}
	return max(total, v)
}
