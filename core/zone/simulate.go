// The simulator: a path taken one chosen transition at a time.

package zone

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"beeline/core/dbm"
)

// Simulator follows a path through the network one transition at a time,
// as UPPAAL's simulator does. Its states are exact: no extrapolation, and
// a state's zone holds the valuations reachable along the path, after
// delay. It offers the transitions enabled from some valuation of the
// last state's zone (symbolic simulation), or, in concrete mode, follows
// one valuation and offers the transitions that valuation can take after
// some delay, each with the delays that allow it (UPPAAL 5's concrete
// simulator). A Simulator owns an Expander; it is not safe for use by two
// goroutines at once.
type Simulator struct {
	x        *Expander
	path     []pathStep
	concrete bool

	// In concrete mode: den is the common denominator of every value, w[k]
	// the valuation on entering state k and delays[k] the delay taken in
	// state k before step k+1 (numerators over den).
	den    int64
	w      [][]int64
	delays []int64
}

// Interval is a set of delays from Lo to Hi, numerators over Den; an end
// is excluded when strict, and Hi is ignored when HiInf. Empty reports an
// interval with no delay in it.
type Interval struct {
	Lo, Hi, Den        int64
	LoStrict, HiStrict bool
	HiInf              bool
	Empty              bool
}

// Contains reports whether delay num/den lies in i.
func (i Interval) Contains(num, den int64) bool {
	if i.Empty {
		return false
	}
	// Compare num/den with Lo/Den and Hi/Den by cross-multiplying; both
	// denominators are at most 2^40 and numerators stay far below 2^23
	// time units in any model a simulator is used on.
	v, lo := num*i.Den, i.Lo*den
	if v < lo || v == lo && i.LoStrict {
		return false
	}
	if i.HiInf {
		return true
	}
	hi := i.Hi * den
	return v < hi || v == hi && !i.HiStrict
}

// hull returns the least interval holding both i and j.
func (i Interval) hull(j Interval) Interval {
	switch {
	case i.Empty:
		return j
	case j.Empty:
		return i
	}
	out := i
	if j.Lo < out.Lo || j.Lo == out.Lo && !j.LoStrict {
		out.Lo, out.LoStrict = j.Lo, j.LoStrict
	}
	switch {
	case j.HiInf:
		out.HiInf = true
	case out.HiInf:
	case j.Hi > out.Hi || j.Hi == out.Hi && !j.HiStrict:
		out.Hi, out.HiStrict = j.Hi, j.HiStrict
	}
	return out
}

// Choice is a transition the simulator offers in its last state.
type Choice struct {
	Label      []int32
	Transition Transition
	// When is, in concrete mode, the delays after which the current
	// valuation can take the transition; in symbolic mode it is unset.
	When Interval
	recs []traceRec
}

// NewSimulator starts a simulation in the initial state. concrete picks
// UPPAAL 5's concrete simulator: every clock starts at 0 and each step
// gives its delay.
func (g *Graph) NewSimulator(concrete bool) (*Simulator, error) {
	x := g.NewExpander()
	x.exact = true
	path, err := x.replay([]SymbolicStep{{}})
	if err != nil {
		return nil, err
	}
	s := &Simulator{x: x, path: path, concrete: concrete, den: 1}
	if concrete {
		s.w = [][]int64{make([]int64, g.dim)}
	}
	return s, nil
}

// Len returns the number of states of the path.
func (s *Simulator) Len() int { return len(s.path) }

// Discrete returns the discrete part of the last state.
func (s *Simulator) Discrete() []int32 { return s.path[len(s.path)-1].d }

// Wait returns, in concrete mode, the delays the last state allows: none
// but 0 when time is frozen there, else as long as the invariants hold.
func (s *Simulator) Wait() Interval {
	last := &s.path[len(s.path)-1]
	return s.delaysInto(last.dz, last.frozen)
}

// delaysInto returns the delays that take the last valuation into f.
func (s *Simulator) delaysInto(f *dbm.Federation, frozen bool) Interval {
	w := s.w[len(s.w)-1]
	out := Interval{Den: s.den, Empty: true}
	for _, z := range f.Zones() {
		out = out.hull(delayInterval(z, w, s.den))
	}
	if frozen && out.Contains(0, 1) {
		return Interval{Den: s.den}
	}
	if frozen {
		return Interval{Den: s.den, Empty: true}
	}
	return out
}

// Enabled returns the transitions the last state offers, in the order
// the zone graph computes them (see the package documentation); in
// concrete mode only those the current valuation can take after some
// delay. A run-time error of the model met while computing them (an
// update out of range, say) is returned, naming the transition.
func (s *Simulator) Enabled() ([]Choice, error) {
	x := s.x
	last := &s.path[len(s.path)-1]
	x.trace = &traceRecorder{all: true}
	defer func() { x.trace = nil }()
	for _, z := range last.dz.Zones() {
		if err := x.Successors(last.d, z, func([]int32, []int32, *dbm.DBM) bool { return true }); err != nil {
			return nil, err
		}
	}
	var out []Choice
	for _, r := range x.trace.recs {
		i := slices.IndexFunc(out, func(c Choice) bool { return slices.Equal(c.Label, r.label) })
		if i < 0 {
			out = append(out, Choice{Label: r.label, Transition: x.DecodeLabel(r.label), When: Interval{Den: s.den, Empty: true}})
			i = len(out) - 1
		}
		out[i].recs = append(out[i].recs, r)
	}
	if !s.concrete {
		return out, nil
	}
	kept := out[:0]
	for _, c := range out {
		f := dbm.NewFederation(x.dim)
		for _, r := range c.recs {
			f.Add(r.src)
		}
		c.When = s.delaysInto(f, last.frozen)
		if !c.When.Empty {
			kept = append(kept, c)
		}
	}
	return kept, nil
}

// Take takes the transition label from the last state (symbolic mode).
func (s *Simulator) Take(label []int32) error {
	return s.take(label, nil)
}

// take is Take with, when recs is not nil, the transition's successors
// as Enabled recorded them, so they are not computed again.
func (s *Simulator) take(label []int32, recs []traceRec) error {
	if s.concrete {
		return fmt.Errorf("the concrete simulator needs the delay before each transition")
	}
	next, err := s.successor(label, recs)
	if err != nil {
		return err
	}
	s.path = append(s.path, next)
	return nil
}

// successor is the state the transition label leads to from the last
// one: from recs, its successors already recorded, or replayed.
func (s *Simulator) successor(label []int32, recs []traceRec) (pathStep, error) {
	if recs != nil {
		return s.x.nextStep(label, recs)
	}
	return s.x.replayStep(&s.path[len(s.path)-1], label)
}

// TakeAfter lets num/den time units pass and then takes the transition
// label (concrete mode). The delay must keep the invariants and lead to a
// valuation the transition's guards accept.
func (s *Simulator) TakeAfter(num, den int64, label []int32) error {
	return s.takeAfter(num, den, label, nil)
}

// takeAfter is TakeAfter with, as for take, the recorded successors.
func (s *Simulator) takeAfter(num, den int64, label []int32, recs []traceRec) error {
	if !s.concrete {
		return fmt.Errorf("the symbolic simulator takes no delays")
	}
	if den < 1 || num < 0 {
		return fmt.Errorf("a delay is a number of time units, 0 or more")
	}
	if err := s.refine(den); err != nil {
		return err
	}
	num *= s.den / den
	if wait := s.Wait(); !wait.Contains(num, s.den) {
		return fmt.Errorf("cannot wait %s here: %s", FormatValue(num, s.den), wait.describe("the invariants allow"))
	}
	next, err := s.successor(label, recs)
	if err != nil {
		return err
	}
	w := slices.Clone(s.w[len(s.w)-1])
	for i := 1; i < len(w); i++ {
		w[i] += num
	}
	for _, r := range next.recs {
		if !r.src.Contains(w, s.den) {
			continue
		}
		for _, c := range r.resets {
			w[c.Clock] = int64(c.Value) * s.den
		}
		s.path = append(s.path, next)
		s.w = append(s.w, w)
		s.delays = append(s.delays, num)
		return nil
	}
	return fmt.Errorf("%s cannot be taken after a delay of %s", s.x.FormatTransition(s.x.DecodeLabel(label)), FormatValue(num, s.den))
}

// describe words an interval of delays for an error message.
func (i Interval) describe(what string) string {
	if i.Empty {
		return "no delay works"
	}
	lo, hi := "[", "]"
	if i.LoStrict {
		lo = "("
	}
	if i.HiStrict || i.HiInf {
		hi = ")"
	}
	top := "∞"
	if !i.HiInf {
		top = FormatValue(i.Hi, i.Den)
	}
	return fmt.Sprintf("%s delays in %s%s, %s%s", what, lo, FormatValue(i.Lo, i.Den), top, hi)
}

// refine makes den divide the simulator's denominator, rescaling what is
// recorded.
func (s *Simulator) refine(den int64) error {
	if s.den%den == 0 {
		return nil
	}
	f := den / gcd(s.den, den)
	if s.den > (1<<40)/f {
		return fmt.Errorf("the delays need too fine a denominator")
	}
	s.den *= f
	for _, w := range s.w {
		for i := range w {
			w[i] *= f
		}
	}
	for i := range s.delays {
		s.delays[i] *= f
	}
	return nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Random takes up to n transitions chosen uniformly among those enabled,
// in concrete mode each after a delay drawn within the delays that allow
// it (up to 10 time units past the earliest when they are unbounded). It
// returns how many it took; fewer than n when a state offers none.
func (s *Simulator) Random(n int, rng *rand.Rand) (int, error) {
	for k := range n {
		cs, err := s.Enabled()
		if err != nil {
			return k, err
		}
		if len(cs) == 0 {
			return k, nil
		}
		c := cs[rng.IntN(len(cs))]
		if !s.concrete {
			err = s.take(c.Label, c.recs)
		} else {
			num, den := s.randomDelay(c.When, rng)
			err = s.takeAfter(num, den, c.Label, c.recs)
		}
		if err != nil {
			return k, err
		}
	}
	return n, nil
}

// randomDelay draws a delay of i on its grid, halving the grid when a
// strict interval holds no point of it.
func (s *Simulator) randomDelay(i Interval, rng *rand.Rand) (num, den int64) {
	den = i.Den
	lo, hi := i.Lo, i.Hi
	for range 8 {
		a, b := lo, hi
		if i.LoStrict {
			a++
		}
		if i.HiInf {
			b = a + 10*den
		} else if i.HiStrict {
			b--
		}
		if a <= b {
			return a + rng.Int64N(b-a+1), den
		}
		den, lo, hi = den*2, lo*2, hi*2
	}
	return i.Lo, i.Den
}

// Trace returns the path as a concrete trace. In concrete mode its clock
// values are the simulation's own; in symbolic mode they are one run
// along the path, with the least delays that reach the last state's zone.
func (s *Simulator) Trace() (*Trace, error) {
	g := s.x.Graph
	if !s.concrete {
		last := s.path[len(s.path)-1]
		ends, err := s.x.prune(s.path, last.dz)
		if err != nil {
			return nil, err
		}
		return s.x.walk(s.path, ends)
	}
	t := &Trace{Den: s.den, Clocks: g.clockNames()}
	for k := range s.path {
		p := &s.path[k]
		t.States = append(t.States, TraceState{Locs: slices.Clone(p.d[:g.np]), Vars: slices.Clone(p.d[g.np:]),
			Clocks: slices.Clone(s.w[k]), Zone: g.formatFed(p.dz)})
		if k+1 < len(s.path) {
			t.Steps = append(t.Steps, TraceStep{Delay: s.delays[k], Transition: g.DecodeLabel(s.path[k+1].label)})
		}
	}
	return t, nil
}

// delayInterval returns the delays δ ≥ 0 with w+δ in z (w over den).
func delayInterval(z *dbm.DBM, w []int64, den int64) Interval {
	out := Interval{Den: den, HiInf: true}
	n := z.Dim()
	for i := 1; i < n; i++ {
		for j := 1; j < n; j++ {
			if b := z.At(i, j); i != j && b != dbm.LTInfinity && !within(w[i]-w[j], b, den) {
				return Interval{Den: den, Empty: true}
			}
		}
		if b := z.At(i, 0); b != dbm.LTInfinity {
			v := int64(b.Value())*den - w[i]
			if out.HiInf || v < out.Hi || v == out.Hi && b.IsStrict() {
				out.Hi, out.HiStrict, out.HiInf = v, b.IsStrict(), false
			}
		}
		if b := z.At(0, i); b != dbm.LTInfinity {
			v := -int64(b.Value())*den - w[i]
			if v > out.Lo || v == out.Lo && b.IsStrict() {
				out.Lo, out.LoStrict = v, b.IsStrict()
			}
		}
	}
	if !out.HiInf && (out.Lo > out.Hi || out.Lo == out.Hi && (out.LoStrict || out.HiStrict)) {
		out.Empty = true
	}
	return out
}
