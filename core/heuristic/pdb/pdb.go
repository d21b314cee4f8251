// The pattern database heuristic: options, precomputation and lookup.

package pdb

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/model"
)

// Selection names how the pattern is chosen.
type Selection uint8

const (
	// DPRC is downward pattern refinement with clocks (the paper's Fig. 3).
	DPRC Selection = iota
	// RussianDoll keeps what a relaxed plan of hU mentions (Kupferschmid
	// et al., "Directed model checking with the Russian doll").
	RussianDoll
	// Full keeps everything: the database is the exact distance (for
	// tests and small models).
	Full
)

var selectionNames = [...]string{DPRC: "dprc", RussianDoll: "rd", Full: "full"}

// String returns "dprc", "rd" or "full".
func (s Selection) String() string {
	if int(s) < len(selectionNames) {
		return selectionNames[s]
	}
	return fmt.Sprintf("Selection(%d)", int(s))
}

// ParseSelection reads a Selection's name.
func ParseSelection(s string) (Selection, error) {
	for i, n := range selectionNames {
		if n == s {
			return Selection(i), nil
		}
	}
	return 0, fmt.Errorf("unknown pattern selection %q (want dprc, rd or full)", s)
}

// Options configure a pattern database. The zero value selects with dprc
// under the default limits.
type Options struct {
	Select Selection
	// TrialWork is dprc's c: the work, in work units (see StepWork), that
	// a trial may spend exploring an abstraction before the abstraction
	// counts as too large (0: DefaultTrialWork). The selection's trials
	// together spend at most SelectionRounds times as much.
	TrialWork int64
	Limits    Limits
}

// DefaultTrialWork is dprc's c when Options.TrialWork is 0, chosen
// between the work of the corpus's trials: above the 6.1 million units
// of fischer-20N's pattern of seven processes without clocks (kept),
// below the 9.7 million of a pattern of STLS that refinement would grow
// to and whose table guides the search far worse than the one kept
// without it. Outside STLS's refinement, whose trials spread from 1.5
// to 9.7 million, the corpus's trials lie far from it (under 3 million,
// or over 20).
const DefaultTrialWork = 8_000_000

// Heuristic is the pattern database heuristic h_P for a network and a
// target. It is admissible and says inf of states with no abstract path
// to the target (dead ends). It is consistent on the states whose zone a
// stored abstract zone includes (the paper's Proposition 1); the
// fallback for the others (the concrete search extrapolated more
// coarsely than the abstraction) is admissible only, so A* may reopen.
type Heuristic struct {
	net     *model.Network
	target  *heuristic.Target
	opts    Options
	pattern model.Pattern
	db      *db
	buf     []byte
	scr     *dbm.DBM
	proj    *dbm.DBM // the zone being looked up, restricted to the kept clocks
	// spent is the work dprc's trials have done; at SelectionRounds
	// times the trial work, dprc keeps the pattern it has.
	spent  int64
	report func(heuristic.Progress) // see ReportTo
}

// ReportTo makes the precomputation report its progress to f.
func (h *Heuristic) ReportTo(f func(heuristic.Progress)) { h.report = f }

// New returns the heuristic for target t of n. It does not precompute.
func New(n *model.Network, t *heuristic.Target, opts Options) *Heuristic {
	return &Heuristic{net: n, target: t, opts: opts}
}

// Info describes the heuristic and, once computed, its pattern.
func (h *Heuristic) Info() heuristic.Info {
	p := map[string]string{"select": h.opts.Select.String()}
	if h.db != nil {
		p["pattern"] = h.pattern.String()
		p["states"] = strconv.Itoa(len(h.db.dist))
	}
	return heuristic.Info{Name: "pdb", Params: p, Admissible: true, UsesZone: true}
}

// Pattern returns the pattern of the database (after Precompute or Load).
func (h *Heuristic) Pattern() model.Pattern { return h.pattern }

// States returns the number of abstract states of the database.
func (h *Heuristic) States() int {
	if h.db == nil {
		return 0
	}
	return len(h.db.dist)
}

// Precompute selects the pattern and builds the database. progress gets
// the abstract states explored so far (total 0: unknown).
func (h *Heuristic) Precompute(ctx context.Context, progress func(done, total int64)) error {
	report := heuristic.Reports(h.report, progress)
	p, b, err := h.selectPattern(ctx, report)
	if err == nil && b != nil {
		h.setDB(p, b)
	} else if err == nil {
		err = h.buildFor(ctx, p, report)
	}
	if err == nil {
		err = heuristic.Done(ctx) // an interrupted evaluation may have gone unnoticed
	}
	if err == nil && h.report != nil {
		// The last report may be of a trial that was not kept.
		h.report(heuristic.Progress{Step: "table built", Pattern: h.pattern.String(), States: int64(h.States())})
	}
	return err
}

// buildFor builds the database of pattern p.
func (h *Heuristic) buildFor(ctx context.Context, p model.Pattern, report func(heuristic.Progress)) error {
	b, q, _, err := h.buildPattern(ctx, p, report, "", 0)
	if err != nil {
		return err
	}
	h.setDB(q, b)
	return nil
}

// buildPattern projects the network onto p and builds the database of the
// projection within maxWork (0: no bound), returning it with the pattern
// the projection used and the work done. A phase other than "" names the
// progress reports, which then carry that pattern.
func (h *Heuristic) buildPattern(ctx context.Context, p model.Pattern, report func(heuristic.Progress), phase string, maxWork int64) (*db, model.Pattern, int64, error) {
	m, q := h.net.Project(p)
	if phase != "" && report != nil {
		outer := report
		report = func(pr heuristic.Progress) {
			pr.Step, pr.Pattern = phase, q.String()
			outer(pr)
		}
	}
	lim := bounds{Limits: h.opts.Limits, work: maxWork}
	b, work, err := build(ctx, m, q, keptPositions(h.net, q), projectTarget(h.target, q, len(h.net.Processes)), lim, report)
	return b, q, work, err
}

// setDB installs a database and the scratch its lookups use.
func (h *Heuristic) setDB(p model.Pattern, b *db) {
	h.pattern, h.db = p, b
	h.scr, h.proj = dbm.New(b.dim), dbm.New(b.dim)
}

// keptPositions lists the positions of a discrete vector (locations, then
// slots) that pattern p keeps.
func keptPositions(n *model.Network, p model.Pattern) []int32 {
	var out []int32
	for i, k := range p.Procs {
		if k {
			out = append(out, int32(i))
		}
	}
	for s, k := range p.Vars {
		if k {
			out = append(out, int32(len(n.Processes)+s))
		}
	}
	return out
}

// projectState returns the state of the projection onto p that d maps
// to: dropped processes in their only location, dropped slots at their
// initial values.
func projectState(n *model.Network, p model.Pattern, d []int32) []int32 {
	out := slices.Clone(d)
	for i, k := range p.Procs {
		if !k {
			out[i] = 0
		}
	}
	for s, k := range p.Vars {
		if !k {
			out[len(p.Procs)+s] = n.Vars[s].Init
		}
	}
	return out
}

// Estimate returns the largest distance among the abstract states with
// d's projected discrete part whose zone includes z's restriction (the
// paper's abstract candidate states, Definition 2: consistent, as each
// of them can do all that the concrete state can); inf when one of them
// cannot reach the target. When no stored zone includes z's (the two
// searches extrapolate with different bounds), it returns the least
// distance among those that intersect it — still admissible, as the
// image of the concrete state lies in one of them — and inf when none
// does: no abstract state covers a valuation of the concrete one, so
// none reaches the target.
func (h *Heuristic) Estimate(d []int32, z *dbm.DBM) (int32, bool) {
	_, dv := h.lookup(d, z)
	return max(dv, 0), dv == Inf
}

// lookup returns the abstract state Estimate reads for (d, z) and its
// distance; −1 and Inf when there is none.
func (h *Heuristic) lookup(d []int32, z *dbm.DBM) (int32, int32) {
	h.buf = h.db.key(d, h.buf)
	list := h.db.index[string(h.buf)]
	if z == nil {
		return h.least(list, nil)
	}
	if len(list) > 0 {
		h.db.restrict(z, h.proj)
	}
	best, bestID := int32(Inf), int32(-1)
	for _, id := range list {
		if zz := h.db.zone(id); !zz.Includes(h.proj) {
			continue
		}
		dv := h.db.dist[id]
		if dv == Inf {
			return id, Inf
		}
		if dv > best || bestID < 0 {
			best, bestID = dv, id
		}
	}
	if bestID >= 0 {
		return bestID, best
	}
	return h.least(list, h.proj)
}

// least returns the state of list with the least finite distance among
// those whose zone intersects z (all of them when z is nil); −1 and Inf
// when there is none.
func (h *Heuristic) least(list []int32, z *dbm.DBM) (int32, int32) {
	best, bestID := int32(Inf), int32(-1)
	for _, id := range list {
		dv := h.db.dist[id]
		if dv == Inf || bestID >= 0 && dv >= best {
			continue
		}
		if z != nil {
			h.scr.CopyFrom(ptr(h.db.zone(id)))
			if !h.scr.Intersect(z) {
				continue
			}
		}
		best, bestID = dv, id
	}
	return bestID, best
}

// projectTarget keeps, of each conjunct of t, the location sets of kept
// processes and the conditions that read kept slots only: the abstract
// target ϕ|P, a superset of ϕ's projection.
func projectTarget(t *heuristic.Target, p model.Pattern, np int) *heuristic.Target {
	out := &heuristic.Target{}
	for _, c := range t.Conjuncts {
		var k heuristic.Conjunct
		for _, l := range c.Locs {
			if p.Procs[l.Proc] {
				k.Locs = append(k.Locs, l)
			}
		}
		for _, e := range c.Conds {
			if keepsCond(e, p) {
				k.Conds = append(k.Conds, e)
			}
		}
		out.Conjuncts = append(out.Conjuncts, k)
	}
	return out
}

// keepsCond reports whether e reads only what p keeps and can be
// evaluated on a discrete state.
func keepsCond(e *heuristic.Expr, p model.Pattern) bool {
	switch e.Op {
	case heuristic.OpVar:
		return p.Vars[e.Lo]
	case heuristic.OpLoc:
		return p.Procs[e.Proc]
	case heuristic.OpAny, heuristic.OpRange, heuristic.OpTop:
		return false
	}
	for _, a := range e.Args {
		if !keepsCond(a, p) {
			return false
		}
	}
	return true
}

// holds evaluates a conjunct on the discrete part d (np locations, then
// the slots).
func holds(c heuristic.Conjunct, d []int32, np int) bool {
	for _, l := range c.Locs {
		if !slices.Contains(l.Locs, d[l.Proc]) {
			return false
		}
	}
	for _, e := range c.Conds {
		if v, ok := heuristic.Eval(e, d[:np], d[np:]); ok && v == 0 {
			return false
		}
	}
	return true
}
