// Concrete traces: exact zones along a path, backward pruning, delays.

package zone

import (
	"fmt"
	"slices"
	"strings"

	"beeline/core/dbm"
	"beeline/core/model"
)

// Trace is a concrete run of the network: states with exact clock values
// and the delays and transitions between them. Every clock value and delay
// is a numerator over the common denominator Den (a power of two), so the
// run is exact: 7/2 is stored as 7 with Den 2.
type Trace struct {
	Den    int64
	Clocks []string // clock names, the reference clock "0" first
	// States[0] is the initial state; States[k] is the state right after
	// the k-th transition (before any delay in it).
	States []TraceState
	// Steps[k] leads from States[k] to States[k+1]: first Delay time units
	// pass in States[k], then Transition is taken.
	Steps []TraceStep
	// FinalDelay is the time spent in the last state before the goal
	// holds (0 when it holds at once).
	FinalDelay int64
	// End says how a trace of a liveness query ends (EndGoal for a
	// trace to a goal state); Loop is, for EndLoop, the index in States
	// of the loop head: the last state is the head again (same discrete
	// part, its zone included in the head's), and the run repeats the
	// steps from Loop on forever.
	End  TraceEnd
	Loop int
}

// TraceEnd is how a trace ends.
type TraceEnd uint8

const (
	// EndGoal: the last state is the goal of a reachability query.
	EndGoal TraceEnd = iota
	// EndLoop: the steps from Trace.Loop on repeat forever.
	EndLoop
	// EndDelay: time passes forever in the last state.
	EndDelay
	// EndDeadlock: in the last state (after FinalDelay) no transition can
	// be taken and time cannot pass.
	EndDeadlock
)

var traceEndNames = [...]string{EndGoal: "goal", EndLoop: "loop", EndDelay: "delay", EndDeadlock: "deadlock"}

// String returns "goal", "loop", "delay" or "deadlock".
func (e TraceEnd) String() string {
	if int(e) < len(traceEndNames) {
		return traceEndNames[e]
	}
	return fmt.Sprintf("TraceEnd(%d)", int(e))
}

// TraceState is one state of a concrete trace.
type TraceState struct {
	Locs   []int32 // location index per process
	Vars   []int32 // values of Network.Vars
	Clocks []int64 // numerators over Trace.Den; Clocks[0] is 0
	// Zone is the exact symbolic state after delay (before extrapolation),
	// as constraints over the clock names; a union is joined by " ∪ ".
	Zone string
}

// TraceStep is a delay followed by a transition.
type TraceStep struct {
	Delay      int64 // numerator over Trace.Den
	Transition Transition
}

// traceRecorder collects, while the graph replays one transition in exact
// mode, the successors whose label is want, or every successor when all
// is set (the simulator's list of enabled transitions).
type traceRecorder struct {
	want []int32
	all  bool
	recs []traceRec
}

// traceRec is one recorded successor: its label, the valuations it was
// taken from (guards applied, before the resets), the resets, the target
// discrete state and the target zone before delay.
type traceRec struct {
	label  []int32
	src    *dbm.DBM
	resets []model.ClockReset
	d2     []int32
	post   *dbm.DBM
}

func (r *traceRecorder) record(g *Expander, src *dbm.DBM, d2 []int32, post *dbm.DBM) {
	if !r.all && !slices.Equal(g.label, r.want) {
		return
	}
	r.recs = append(r.recs, traceRec{
		label:  slices.Clone(g.label),
		src:    src,
		resets: slices.Clone(g.env.Resets),
		d2:     slices.Clone(d2),
		post:   post.Copy(),
	})
}

// pathStep is one state of the exact replay: the discrete part, the zones
// before (a) and after (dz) delay, and the records of the transition
// that led to it.
type pathStep struct {
	d      []int32
	label  []int32 // the transition into this state (nil for the first)
	a, dz  *dbm.Federation
	recs   []traceRec
	frozen bool
}

// SymbolicStep is one state of a symbolic path, as a search records it:
// the label of the transition that led to it (nil for the initial state)
// and the discrete part it reached (nil: not checked against the replay).
type SymbolicStep struct {
	Label    []int32
	Discrete []int32
}

// Concretize turns a symbolic path from the initial state to a state
// where goal holds (a search's trace) into a concrete trace. It replays
// the labels with exact zones (no extrapolation), keeps backwards only
// the valuations from which the goal can still be reached, and then walks
// forward choosing the least delay at each step (a strict lower bound c
// is exceeded by the grid step 1/Den, refined when the interval is too
// narrow). A nil goal holds everywhere. Concretize replays on an Expander
// of its own.
//
// Its cost is linear in the length of the path: a constant number of
// zone operations per step. stop, when not nil, is polled as the
// Expander's interrupt (SetInterrupt), at every step of each pass and
// inside the model's functions; when it says to stop, Concretize returns
// ErrInterrupted (or the function's interrupted RuntimeError), so that a
// trace of 100,000 steps is built within the time budget of the check
// that found it or not at all.
func (g *Graph) Concretize(path []SymbolicStep, goal *model.Prop, stop func() bool) (*Trace, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("empty trace")
	}
	x := g.NewExpander()
	x.exact = true
	x.SetInterrupt(stop)
	return x.concretize(path, goal)
}

// concretize is Concretize on an exact expander.
func (g *Expander) concretize(steps []SymbolicStep, goal *model.Prop) (*Trace, error) {
	path, err := g.replay(steps)
	if err != nil {
		return nil, err
	}
	last := path[len(path)-1]
	target := dbm.NewFederation(g.dim)
	for _, z := range last.dz.Zones() {
		f, err := g.sat(goal, last.d, z)
		if err != nil {
			return nil, err
		}
		target.Union(f)
	}
	if target.IsEmpty() {
		return nil, fmt.Errorf("the goal does not hold at the end of the trace")
	}
	ends, err := g.prune(path, target)
	if err != nil {
		return nil, err
	}
	return g.walk(path, ends)
}

// replay recomputes the exact zones along the labels of steps.
func (g *Expander) replay(steps []SymbolicStep) ([]pathStep, error) {
	return g.replayCut(steps, nil)
}

// replayCut is replay with a hook that may cut each state's zones (its
// index in steps, after the delay) before the next transition is taken.
func (g *Expander) replayCut(steps []SymbolicStep, cut func(k int, s *pathStep) error) ([]pathStep, error) {
	d := make([]int32, g.nd)
	z := dbm.New(g.dim)
	locs, vars := g.net.InitialState()
	copy(d, locs)
	copy(d[g.np:], vars)
	if !slices.Equal(d, steps[0].Discrete) && steps[0].Discrete != nil {
		return nil, fmt.Errorf("trace does not start in the initial state")
	}
	g.env.Reset()
	if ok, err := g.invariants(d, z, nil); err != nil || !ok {
		return nil, fmt.Errorf("the initial state violates its invariant")
	}
	path := []pathStep{{d: d, a: dbm.FederationOf(z)}}
	if err := g.delayStep(&path[0]); err != nil {
		return nil, err
	}
	if cut != nil {
		if err := cut(0, &path[0]); err != nil {
			return nil, err
		}
	}
	for k := 1; k < len(steps); k++ {
		if !g.spend(unitsFire) {
			return nil, ErrInterrupted
		}
		next, err := g.replayStep(&path[k-1], steps[k].Label)
		if err != nil {
			return nil, err
		}
		if cut != nil {
			if err := cut(k, &next); err != nil {
				return nil, err
			}
		}
		if steps[k].Discrete != nil && !slices.Equal(next.d, steps[k].Discrete) {
			return nil, fmt.Errorf("step %d of the trace reaches %s, not the recorded state", k, g.net.Describe(next.d[:g.np], next.d[g.np:]))
		}
		path = append(path, next)
	}
	return path, nil
}

// replayStep takes the transition label from every zone of prev.
func (g *Expander) replayStep(prev *pathStep, label []int32) (pathStep, error) {
	g.trace = &traceRecorder{want: label}
	for _, z := range prev.dz.Zones() {
		err := g.Successors(prev.d, z, func([]int32, []int32, *dbm.DBM) bool { return true })
		if err != nil {
			return pathStep{}, err
		}
	}
	recs := g.trace.recs
	g.trace = nil
	if len(recs) == 0 {
		return pathStep{}, fmt.Errorf("transition %s cannot be taken", g.FormatTransition(g.DecodeLabel(label)))
	}
	return g.nextStep(label, recs)
}

// nextStep is the state that the recorded successors recs of the
// transition label lead to, after delay.
func (g *Expander) nextStep(label []int32, recs []traceRec) (pathStep, error) {
	next := pathStep{d: recs[0].d2, label: slices.Clone(label), a: dbm.NewFederation(g.dim), recs: recs}
	for _, r := range recs {
		next.a.Add(r.post)
	}
	return next, g.delayStep(&next)
}

// delayStep computes the zones after delay of a replayed state.
func (g *Expander) delayStep(s *pathStep) error {
	frozen, err := g.frozen(s.d)
	if err != nil {
		return err
	}
	s.frozen = frozen
	s.dz = dbm.NewFederation(g.dim)
	for _, z := range s.a.Zones() {
		c := z.Copy()
		if !frozen {
			c.Up()
			if _, err := g.invariants(s.d, c, s.d); err != nil {
				return err
			}
		}
		s.dz.Add(c)
	}
	return nil
}

// prune returns, for each state of the path, the valuations after delay
// (within dz) from which the rest of the path can be followed to target:
// ends[n] = target, and ends[k] = dz_k ∩ pre(t_k+1)(starts_k+1) where
// starts_k = a_k ∩ Down(ends_k) are the valuations on entering state k
// from which a delay reaches ends_k. It polls the interrupt at every
// step and returns ErrInterrupted when it says to stop.
func (g *Expander) prune(path []pathStep, target *dbm.Federation) ([]*dbm.Federation, error) {
	ends := make([]*dbm.Federation, len(path))
	ends[len(path)-1] = target
	for k := len(path) - 1; k > 0; k-- {
		if !g.spend(unitsFire) {
			return nil, ErrInterrupted
		}
		start := g.starts(&path[k], ends[k])
		e := dbm.NewFederation(g.dim)
		for _, r := range path[k].recs {
			for _, z := range start.Zones() {
				c := z.Copy()
				if pullBack(c, r.resets) && c.Intersect(r.src) {
					e.Add(c)
				}
			}
		}
		ends[k-1] = e
	}
	return ends, nil
}

// starts returns a ∩ Down(end) for state s (a ∩ end when time is frozen).
func (g *Graph) starts(s *pathStep, end *dbm.Federation) *dbm.Federation {
	f := end.Copy()
	if !s.frozen {
		f.Down()
	}
	out := dbm.NewFederation(g.dim)
	for _, z := range s.a.Zones() {
		c := f.Copy()
		c.Intersect(z)
		out.Union(c)
	}
	return out
}

// walk chooses the concrete run: from the all-zero valuation, at each
// state the least delay that enters ends[k], then the transition. It
// polls the interrupt at every step and returns ErrInterrupted when it
// says to stop.
func (g *Expander) walk(path []pathStep, ends []*dbm.Federation) (*Trace, error) {
	t := &Trace{Den: 1, Clocks: g.clockNames()}
	w := make([]int64, g.dim)
	dens := make([]int64, 0, len(path)) // the denominator each step was written with
	for k := range path {
		if !g.spend(unitsFire) {
			return nil, ErrInterrupted
		}
		delay, err := t.earliest(ends[k], &w)
		if err != nil {
			return nil, fmt.Errorf("step %d: %v", k, err)
		}
		st := TraceState{Locs: slices.Clone(path[k].d[:g.np]), Vars: slices.Clone(path[k].d[g.np:]), Zone: g.formatFed(path[k].dz)}
		if k == 0 {
			st.Clocks = make([]int64, g.dim)
		} else {
			st.Clocks = slices.Clone(w)
			for i := range st.Clocks {
				st.Clocks[i] -= delay
			}
			st.Clocks[0] = 0
		}
		t.States = append(t.States, st)
		dens = append(dens, t.Den)
		if k == len(path)-1 {
			t.FinalDelay = delay
			break
		}
		t.Steps = append(t.Steps, TraceStep{Delay: delay})
		if err := g.takeStep(t, &path[k+1], w); err != nil {
			return nil, err
		}
	}
	t.normalise(dens)
	return t, nil
}

// takeStep applies the resets of the next transition to w and records the
// transition.
func (g *Graph) takeStep(t *Trace, next *pathStep, w []int64) error {
	for _, r := range next.recs {
		if !r.src.Contains(w, t.Den) {
			continue
		}
		for _, x := range r.resets {
			w[x.Clock] = int64(x.Value) * t.Den
		}
		t.Steps[len(t.Steps)-1].Transition = g.DecodeLabel(next.label)
		return nil
	}
	return fmt.Errorf("no recorded transition is enabled at the chosen valuation")
}

// earliest finds the least delay δ ≥ 0 with w+δ in f, adds it to w and
// returns it (refining t.Den when a strict interval is one grid step
// wide).
func (t *Trace) earliest(f *dbm.Federation, w *[]int64) (int64, error) {
	for range 8 {
		best, found, refine := int64(0), false, false
		for _, z := range f.Zones() {
			c, ok, narrow := delayCandidate(z, *w, t.Den)
			refine = refine || narrow
			if ok && (!found || c < best) {
				best, found = c, true
			}
		}
		if found {
			for i := 1; i < len(*w); i++ {
				(*w)[i] += best
			}
			return best, nil
		}
		if !refine {
			return 0, fmt.Errorf("no delay leads into the zone")
		}
		if t.Den > 1<<40 {
			return 0, fmt.Errorf("clock values need too fine a denominator")
		}
		t.rescale(2, *w)
	}
	return 0, fmt.Errorf("no delay found")
}

// rescale multiplies the denominator and the numerators of w by f.
func (t *Trace) rescale(f int64, w []int64) {
	t.Den *= f
	for i := range w {
		w[i] *= f
	}
}

// delayCandidate returns the least delay on the 1/den grid that takes w
// into z, whether there is one, and whether refining the grid would make
// one appear (a strict interval exactly one step wide).
func delayCandidate(z *dbm.DBM, w []int64, den int64) (c int64, ok, narrow bool) {
	i := delayInterval(z, w, den)
	switch {
	case i.Empty:
		return 0, false, false
	case !i.LoStrict:
		return i.Lo, true, false
	case i.HiInf || i.Lo+1 < i.Hi || i.Lo+1 == i.Hi && !i.HiStrict:
		return i.Lo + 1, true, false
	}
	return 0, false, true
}

// within reports whether a difference v (over den) satisfies bound b.
func within(v int64, b dbm.Bound, den int64) bool {
	c := int64(b.Value()) * den
	return v < c || v == c && !b.IsStrict()
}

// normalise rewrites every value over the final denominator.
func (t *Trace) normalise(dens []int64) {
	for k := range t.States {
		f := t.Den / dens[k]
		for i := range t.States[k].Clocks {
			t.States[k].Clocks[i] *= f
		}
		if k < len(t.Steps) {
			t.Steps[k].Delay *= f
		} else {
			t.FinalDelay *= f
		}
	}
}

// formatFed prints a federation with clock names.
func (g *Graph) formatFed(f *dbm.Federation) string {
	if f.IsEmpty() {
		return "false"
	}
	parts := make([]string, f.Len())
	for i, z := range f.Zones() {
		parts[i] = g.FormatZone(z)
	}
	return strings.Join(parts, " ∪ ")
}

// FormatValue prints num/den in lowest terms: "3", "7/2".
func FormatValue(num, den int64) string {
	for den > 1 && num%2 == 0 && den%2 == 0 {
		num, den = num/2, den/2
	}
	if den == 1 {
		return fmt.Sprint(num)
	}
	return fmt.Sprintf("%d/%d", num, den)
}

// FormatTrace prints a concrete trace, one line per state and step.
func (g *Graph) FormatTrace(t *Trace) string {
	var b strings.Builder
	for k, st := range t.States {
		if t.End == EndLoop && k == t.Loop {
			b.WriteString("  -- the loop starts here --\n")
		}
		fmt.Fprintf(&b, "state %d: %s", k, g.net.Describe(st.Locs, st.Vars))
		for i := 1; i < len(st.Clocks); i++ {
			fmt.Fprintf(&b, " %s=%s", t.Clocks[i], FormatValue(st.Clocks[i], t.Den))
		}
		fmt.Fprintf(&b, "\n  zone: %s\n", st.Zone)
		if k < len(t.Steps) {
			s := t.Steps[k]
			fmt.Fprintf(&b, "  delay %s, then %s\n", FormatValue(s.Delay, t.Den), g.FormatTransition(s.Transition))
		}
	}
	switch t.End {
	case EndLoop:
		fmt.Fprintf(&b, "  -- state %d is state %d again (its zone included): the loop repeats forever --\n", len(t.States)-1, t.Loop)
	case EndDelay:
		b.WriteString("  time passes forever here\n")
	case EndDeadlock:
		fmt.Fprintf(&b, "  delay %s: no transition can be taken and time cannot pass (deadlock)\n", FormatValue(t.FinalDelay, t.Den))
	default:
		fmt.Fprintf(&b, "  delay %s: goal\n", FormatValue(t.FinalDelay, t.Den))
	}
	return b.String()
}
