package zone

import (
	"fmt"
	"slices"

	"beeline/core/model"
)

// CheckLiveTrace replays a liveness trace with the independent checker
// (see tracecheck_test.go): every step concretely, then that from some
// state on within holds at every state entered and after every delay
// (within is convex in each state, so the ends of a delay suffice), that
// start holds on entering that state, and that the trace ends as it says:
// a loop back to a state with the same locations and variables, time
// passing forever, or a valuation where nothing can be taken and time
// cannot pass. start may be nil.
func CheckLiveTrace(n *model.Network, tr *Trace, start, within *model.Prop) error {
	c := newChecker(n)
	if err := c.check(tr); err != nil {
		return err
	}
	// points[2k] is state k on entering, points[2k+1] after its delay.
	var points []*cstate
	for k, st := range tr.States {
		s := &cstate{locs: st.Locs, vars: st.Vars, clocks: slices.Clone(st.Clocks), den: tr.Den}
		delay := tr.FinalDelay
		if k < len(tr.Steps) {
			delay = tr.Steps[k].Delay
		}
		after := &cstate{locs: st.Locs, vars: st.Vars, clocks: slices.Clone(st.Clocks), den: tr.Den}
		for i := 1; i < len(after.clocks); i++ {
			after.clocks[i] += delay
		}
		points = append(points, s, after)
	}
	suffix := len(points)
	for suffix > 0 {
		ok, err := c.goalOK(points[suffix-1], within)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		suffix--
	}
	if suffix%2 == 1 {
		suffix++ // a state entered where within fails cannot start the path
	}
	rooted := false
	for k := suffix; k < len(points) && !rooted; k += 2 {
		ok, err := c.goalOK(points[k], start)
		if err != nil {
			return err
		}
		rooted = ok
	}
	if !rooted {
		return fmt.Errorf("no state of the trace starts a path on which the formula holds throughout (it holds from point %d of %d)", suffix, len(points))
	}
	last := c.final(tr)
	switch tr.End {
	case EndLoop:
		head := tr.States[tr.Loop]
		if tr.Loop < suffix/2 || tr.Loop >= len(tr.States)-1 {
			return fmt.Errorf("loop head %d outside the part where the formula holds (from state %d)", tr.Loop, suffix/2)
		}
		if !slices.Equal(head.Locs, last.locs) || !slices.Equal(head.Vars, last.vars) {
			return fmt.Errorf("the loop does not close: state %d is %v %v, the head %v %v", len(tr.States)-1, last.locs, last.vars, head.Locs, head.Vars)
		}
	case EndDelay:
		if frozen, err := c.frozen(last); frozen || err != nil {
			return fmt.Errorf("time cannot pass in the last state (%v)", err)
		}
		far := &cstate{locs: last.locs, vars: last.vars, clocks: slices.Clone(last.clocks), den: last.den}
		for i := 1; i < len(far.clocks); i++ {
			far.clocks[i] += 1 << 20 * far.den
		}
		if ok, err := c.invariantsOK(far); !ok || err != nil {
			return fmt.Errorf("the invariants stop time in the last state (%v)", err)
		}
		if ok, err := c.goalOK(far, within); !ok || err != nil {
			return fmt.Errorf("the formula fails as time passes in the last state (%v)", err)
		}
	case EndDeadlock:
		if ok, err := c.goalOK(last, &model.Prop{Op: model.PropDeadlock}); !ok || err != nil {
			return fmt.Errorf("a transition can be taken at the end (%v)", err)
		}
		frozen, err := c.frozen(last)
		if err != nil {
			return err
		}
		if !frozen && !c.timeStops(last) {
			return fmt.Errorf("time can still pass at the end")
		}
	default:
		return fmt.Errorf("the trace ends with %v, not as a maximal path", tr.End)
	}
	return nil
}

// timeStops reports whether a non-strict upper bound of an invariant is
// reached in s.
func (c *checker) timeStops(s *cstate) bool {
	env := c.at(s, nil)
	for p, l := range s.locs {
		inv := c.n.Processes[p].Locations[l].Invariant
		if inv == nil {
			continue
		}
		for k := range inv.Clocks {
			cc := &inv.Clocks[k]
			i, j := cc.Index(env)
			if cc.Strict || j != 0 || i == 0 {
				continue
			}
			if s.clocks[i] == int64(cc.Value(env))*s.den {
				return true
			}
		}
	}
	return false
}
