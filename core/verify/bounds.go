// sup and inf queries: the bounds of clocks and integers over the reachable
// states where a condition holds.

package verify

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"beeline/core/dbm"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/zone"
)

// checkBounds answers sup{φ}: e1, ..., en and inf{φ}: e1, ..., en by a
// full exploration of the zone graph: a search whose goal never holds
// looks at every state it stores, takes the valuations of the state where
// φ holds (zone.Evaluator.Sat), and keeps for each expression the largest
// (sup) or smallest (inf) value: an integer's value in the discrete part,
// a clock's upper bound (DBM entry (x, 0)) or lower bound (entry (0, x))
// over those valuations, with its strictness.
//
// Integers need nothing more: LU extrapolation keeps the reachable discrete
// states, and φ's clock constants join the bounds as any query's do. Clocks
// are another matter. Extra+_LU drops a clock's upper bound above its L
// constant and raises a lower bound above its U constant to "> U", so a
// supremum read off the extrapolated zones could be ∞ where the true one
// is finite. The listed clocks are therefore given L = U = K (as if the
// query compared them with K), and then the zone graph answers "is x > c
// (or x ≥ c, x < c, x ≤ c) reachable where φ holds" exactly for every
// c ≤ K (the LU simulation preserves these constraints): a supremum found
// at most K, or an infimum found below K, is exact, strictness included.
// Above K the zones only say "more than K".
//
// A supremum above K is infinite for sure when a stored state is a witness
// of divergence: time may pass in its discrete state (no urgent or
// committed location, no urgent synchronisation), and the valuations where
// φ holds contain a zone with no upper bound on any clock (so the
// invariants bound no clock there and φ still holds after any delay).
// The state is simulated by a reachable concrete one, which can wait for
// ever with φ holding, so every clock grows without bound. This is sound
// when φ has no clock differences and no deadlock (their truth is not
// carried over by the simulation), and it is only tried then.
//
// Otherwise K is raised (four times larger, from just above the largest
// constant of the model) and the graph explored again, up to a limit. The alternative,
// no extrapolation at all, is exact but does not terminate on most models
// (a clock that is never reset makes the zone graph infinite); raising K
// terminates and costs more states only while a value is still open. A
// supremum that is still open at the limit — finite but large, or infinite
// through an unbounded number of transitions rather than an unbounded
// delay — gives an Unknown verdict with the values found and "more than K"
// for the open ones.
func checkBounds(ctx context.Context, n *model.Network, f *model.Formula, opts Options, res *Result) (*Result, error) {
	b := &boundsSearch{f: f, sup: f.Kind == lang.QuerySup, opts: opts, start: time.Now()}
	var k int32
	if hasClock(f.Exprs) {
		g, err := zone.New(n, zone.Options{}, f.Prop)
		if err != nil {
			return nil, err
		}
		k = startBound(g)
	}
	limit := int32(min(max(int64(k)*maxRaise, minLimit), int64(dbm.MaxConstant/4)))
	for {
		goals := []*model.Prop{f.Prop}
		if k > 0 {
			goals = append(goals, clockBounds(f.Exprs, k))
		}
		g, err := zone.New(n, zone.Options{}, goals...)
		if err != nil {
			return nil, err
		}
		res.Graph = g
		st, reason := b.explore(ctx, g)
		res.Stats = st
		if reason != "" {
			res.Reason = reason
			return res, nil
		}
		open := b.open(k)
		if !open || k >= limit {
			res.Values = b.values(k)
			res.Verdict = Satisfied
			if open {
				res.Verdict = Unknown
				res.Reason = b.openReason(k)
			}
			return res, nil
		}
		k = int32(min(int64(k)*4, int64(limit)))
	}
}

const (
	// maxRaise is how far above the model's largest constant the bound of
	// the listed clocks is raised while a value is open, and minLimit the
	// least limit, for models with small constants.
	maxRaise = 64
	minLimit = 256
)

// hasClock reports whether the list has a clock.
func hasClock(exprs []model.BoundExpr) bool {
	for _, e := range exprs {
		if e.Clock {
			return true
		}
	}
	return false
}

// startBound is the first K: one more than the largest constant of g's
// bounds, so that a strict bound at that constant (x > c after a guard
// x > c) is decided at once.
func startBound(g *zone.Graph) int32 {
	k := int32(0)
	l, u := g.Bounds()
	for i := 1; i < len(l); i++ {
		k = max(k, l[i], u[i])
	}
	return min(k, dbm.MaxConstant/8) + 1
}

// clockBounds is the formula that gives the listed clocks the bound k
// when given to zone.New: x ≤ k for each (a query's constraint counts on
// both sides, L and U). It is never evaluated.
func clockBounds(exprs []model.BoundExpr, k int32) *model.Prop {
	p := &model.Prop{Op: model.PropAnd}
	for _, e := range exprs {
		if e.Clock {
			c := model.ClockConstraint{I: e.Index, IFn: e.IndexFn, Bound: k}
			p.Args = append(p.Args, &model.Prop{Op: model.PropClock, Clock: c})
		}
	}
	return p
}

// boundsSearch is the state of checkBounds across its explorations.
type boundsSearch struct {
	f     *model.Formula
	sup   bool
	opts  Options
	start time.Time
	done  search.Stats // of the explorations before the current one

	// What the current exploration found. any: some stored state has a
	// valuation where the condition holds; ints and clocks hold the
	// values so far (clocks as the DBM bound: the largest (x, 0) entry
	// for sup, the largest (0, x) entry for inf); diverges: a witness of
	// divergence was seen (see checkBounds).
	ev       *zone.Evaluator
	stop     budget // stops ev's computations
	any      bool
	ints     []int32
	clocks   []dbm.Bound
	diverges bool
	err      error
}

// explore runs one full search of g and returns the statistics of all
// explorations so far, and why it stopped early ("" when it did not).
func (b *boundsSearch) explore(ctx context.Context, g *zone.Graph) (search.Stats, string) {
	b.ev = g.Evaluator(b.f.Prop)
	b.stop = budget{deadline: search.NewDeadline(ctx, b.start, b.opts.Timeout)}
	b.ev.SetInterrupt(b.stop.interrupt)
	b.any, b.diverges, b.err = false, false, nil
	b.ints = make([]int32, len(b.f.Exprs))
	b.clocks = make([]dbm.Bound, len(b.f.Exprs))
	if err := b.ev.Err(); err != nil {
		return b.done, err.Error()
	}
	sopts := search.Options{
		Order:         b.opts.Order,
		Seed:          b.opts.Seed,
		MaxStates:     b.opts.MaxStates,
		MaxMemory:     b.opts.MaxMemory,
		ProgressEvery: b.opts.ProgressEvery,
	}
	// The budgets of states and time are the query's, spread over its
	// explorations.
	if b.opts.MaxStates > 0 {
		sopts.MaxStates -= b.done.Stored
		if sopts.MaxStates <= 0 {
			return b.done, search.ReasonStates
		}
	}
	if b.opts.Timeout > 0 {
		sopts.Timeout = b.opts.Timeout - time.Since(b.start)
		if sopts.Timeout <= 0 {
			return b.done, search.ReasonTime
		}
	}
	if b.opts.Progress != nil {
		sopts.Progress = func(st search.Stats) { b.opts.Progress(b.plus(st)) }
	}
	sres, err := search.Run(ctx, g.NewExpander(), b.visit, sopts)
	var st search.Stats
	if sres != nil {
		st = sres.Stats
	}
	total := b.plus(st)
	b.done = total
	switch {
	case err != nil:
		return total, err.Error()
	case b.err != nil && b.stop.stopped != "":
		return total, b.stop.stopped // the evaluator's computation was stopped
	case b.err != nil:
		return total, b.err.Error()
	case sres.Verdict == search.Stopped:
		return total, sres.Reason
	}
	return total, ""
}

// plus adds the statistics of the current exploration to those before.
func (b *boundsSearch) plus(st search.Stats) search.Stats {
	st = st.Plus(b.done)
	st.Timed(time.Since(b.start))
	return st
}

// visit is the search's goal: it records the values of the stored state
// (d, z) and never holds, except to stop the search on an error.
func (b *boundsSearch) visit(d []int32, z *dbm.DBM) bool {
	fed, err := b.ev.Sat(d, z)
	if err != nil {
		b.err = err
		return true
	}
	if fed.IsEmpty() {
		return false
	}
	first := !b.any
	b.any = true
	for k := range b.f.Exprs {
		e := &b.f.Exprs[k]
		if !e.Clock {
			v, err := b.ev.Int(e, d)
			if err != nil {
				b.err = err
				return true
			}
			if first || b.sup && v > b.ints[k] || !b.sup && v < b.ints[k] {
				b.ints[k] = v
			}
			continue
		}
		x, err := b.ev.Clock(e, d)
		if err != nil {
			b.err = err
			return true
		}
		for i, z := range fed.Zones() {
			bd := z.At(0, x)
			if b.sup {
				bd = z.At(x, 0)
			}
			if first && i == 0 || bd > b.clocks[k] {
				b.clocks[k] = bd
			}
		}
	}
	if b.sup && !b.diverges && divergenceTells(b.f.Prop) {
		for _, z := range fed.Zones() {
			if !z.Unbounded() {
				continue
			}
			delays, err := b.ev.Delays(d)
			if err != nil {
				b.err = err
				return true
			}
			b.diverges = delays
			break
		}
	}
	return false
}

// divergenceTells reports whether a witness of divergence proves a
// supremum infinite for the condition p: p has no clock differences and
// no deadlock (see checkBounds).
func divergenceTells(p *model.Prop) bool {
	switch p.Op {
	case model.PropDeadlock:
		return false
	case model.PropClock:
		c := &p.Clock
		if (c.I != 0 || c.IFn != nil) && (c.J != 0 || c.JFn != nil) {
			return false
		}
	}
	for _, a := range p.Args {
		if !divergenceTells(a) {
			return false
		}
	}
	return true
}

// open reports whether a clock's value is beyond what the bound k lets
// the exploration tell (see checkBounds).
func (b *boundsSearch) open(k int32) bool {
	if !b.any {
		return false
	}
	for i, e := range b.f.Exprs {
		if e.Clock && b.clockOpen(i, k) {
			return true
		}
	}
	return false
}

func (b *boundsSearch) clockOpen(i int, k int32) bool {
	bd := b.clocks[i]
	if b.sup {
		return !b.diverges && (bd.IsInfinity() || bd.Value() > k)
	}
	lo := -bd.Value() // the lower bound: x ≥ lo, or x > lo when strict
	return lo > k || lo == k && bd.IsStrict()
}

// values returns the answers of the last exploration, done with the
// bound k.
func (b *boundsSearch) values(k int32) []Value {
	vals := make([]Value, len(b.f.Exprs))
	for i, e := range b.f.Exprs {
		v := Value{Expr: e.Text, Clock: e.Clock, Inf: !b.sup}
		switch {
		case !b.any:
			v.None = true
		case !e.Clock:
			v.Value = int64(b.ints[i])
		case b.clockOpen(i, k):
			v.Above, v.Value = true, int64(k)
		case b.sup && b.diverges && (b.clocks[i].IsInfinity() || b.clocks[i].Value() > k):
			v.Infinite = true
		case b.sup:
			v.Value, v.Strict = int64(b.clocks[i].Value()), b.clocks[i].IsStrict()
		default:
			v.Value, v.Strict = -int64(b.clocks[i].Value()), b.clocks[i].IsStrict()
		}
		vals[i] = v
	}
	return vals
}

// openReason says which values are open at the limit k.
func (b *boundsSearch) openReason(k int32) string {
	var names []string
	for i, e := range b.f.Exprs {
		if e.Clock && b.clockOpen(i, k) {
			names = append(names, e.Text)
		}
	}
	what := "the supremum"
	if !b.sup {
		what = "the infimum"
	}
	s := fmt.Sprintf("%s of %s is more than %d, the largest bound tried", what, strings.Join(names, ", "), k)
	if b.sup {
		s += "; Beeline proves a supremum infinite only from a state where time can pass for ever"
	}
	return s
}

// Text returns the value as UPPAAL prints it: an integer ("42"), a
// clock's bound ("≤ 42", "< 42" for a supremum, "≥ 3", "> 3" for an
// infimum), "∞", "none" when no reachable state satisfies the condition,
// or "> 1024 (exact value not found)" for a value left open.
func (v Value) Text() string {
	n := strconv.FormatInt(v.Value, 10)
	switch {
	case v.None:
		return "none"
	case v.Infinite:
		return "∞"
	case v.Above:
		return "> " + n + " (exact value not found)"
	case !v.Clock:
		return n
	case v.Inf && v.Strict:
		return "> " + n
	case v.Inf:
		return "≥ " + n
	case v.Strict:
		return "< " + n
	}
	return "≤ " + n
}
