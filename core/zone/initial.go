// Why a model has no initial state: the invariant its initial valuation
// violates.

package zone

import (
	"fmt"

	"beeline/core/dbm"
)

// InitialViolation names the invariant the initial state violates: "the
// initial state violates the invariant of P.A (model.xta:3:15)", the
// location's position; "" when the initial locations, variables and
// clocks (all zero) satisfy every invariant.
//
// In UPPAAL's semantics a state that violates an invariant does not
// exist, so such a model has no state at all: Initial reports ok=false,
// every E<> is false and every A[] true, as UPPAAL answers them. This
// says why, for the verdicts to carry. The invariants hold at the zero
// valuation together exactly when each one does, so the first one that
// fails is the culprit. A run-time error in an invariant is no
// violation (""): the search reports it. The evaluation runs before or
// after any search, outside its budget, so its work is bounded as the
// seeds' (seedWork).
func (g *Graph) InitialViolation() string {
	x := g.NewExpander()
	locs, vars := g.net.InitialState()
	d := make([]int32, g.nd)
	copy(d, locs)
	copy(d[g.np:], vars)
	x.env.Reset()
	x.env.MaxWork = seedWork
	x.setState(d)
	z := dbm.New(g.dim)
	for _, p := range g.invProcs {
		inv := g.invs[p][d[p]]
		if inv == nil {
			continue
		}
		holds := true
		if inv.Int != nil {
			v := inv.Int(x.env)
			if x.env.Err != nil {
				return ""
			}
			holds = v != 0
		}
		for k := 0; holds && k < len(inv.Clocks); k++ {
			z.Zero()
			ok, err := x.constrain(z, &inv.Clocks[k])
			if err != nil {
				return ""
			}
			holds = ok
		}
		if !holds {
			proc := g.net.Processes[p]
			loc := g.location(d, int(p))
			name := loc.Name
			if name == "" {
				name = loc.ID
			}
			return fmt.Sprintf("the initial state violates the invariant of %s.%s (%s)", proc.Name, name, g.position(loc.Pos))
		}
	}
	return ""
}
