// Predicates: conditions on the discrete part, and clock constraints.

package pa

import (
	"fmt"
	"slices"
	"strings"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/ir"
	"beeline/core/model"
)

// Pred is one predicate: a condition over locations and state slots
// (Expr set), or the clock constraint x_I − x_J ≺ Bound (Expr nil), with
// clocks numbered as in the network of the document.
type Pred struct {
	Expr  *heuristic.Expr
	I, J  int32
	Bound dbm.Bound
}

// IsClock reports whether p is a clock constraint.
func (p *Pred) IsClock() bool { return p.Expr == nil }

// key is a string equal for equal predicates.
func (p *Pred) key() string {
	if p.IsClock() {
		return fmt.Sprintf("c%d,%d,%d", p.I, p.J, p.Bound)
	}
	var b strings.Builder
	writeExpr(&b, p.Expr)
	return b.String()
}

func writeExpr(b *strings.Builder, e *heuristic.Expr) {
	fmt.Fprintf(b, "(%d %d %d %d %d", e.Op, e.Lo, e.Hi, e.Proc, e.Fn)
	for _, a := range e.Args {
		writeExpr(b, a)
	}
	b.WriteByte(')')
}

// String writes p for messages and tests: "P(1).cs", "id == 2",
// "x(1) - x(0) <= 3" with the network's names.
func (p *Pred) String(n *model.Network) string {
	if p.IsClock() {
		op := "<="
		if p.Bound.IsStrict() {
			op = "<"
		}
		name := func(c int32) string { return n.Clocks[c].Name }
		switch {
		case p.J == 0:
			return fmt.Sprintf("%s %s %d", name(p.I), op, p.Bound.Value())
		case p.I == 0:
			return fmt.Sprintf("-%s %s %d", name(p.J), op, p.Bound.Value())
		}
		return fmt.Sprintf("%s - %s %s %d", name(p.I), name(p.J), op, p.Bound.Value())
	}
	return exprString(n, p.Expr)
}

func exprString(n *model.Network, e *heuristic.Expr) string {
	switch e.Op {
	case heuristic.OpConst:
		return fmt.Sprint(e.Lo)
	case heuristic.OpVar:
		return n.Vars[e.Lo].Name
	case heuristic.OpLoc:
		p := n.Processes[e.Proc]
		l := p.Locations[e.Lo]
		name := l.Name
		if name == "" {
			name = l.ID
		}
		return p.Name + "." + name
	case heuristic.OpUnary:
		return e.Fn.String() + exprString(n, e.Args[0])
	case heuristic.OpBinary:
		return "(" + exprString(n, e.Args[0]) + " " + e.Fn.String() + " " + exprString(n, e.Args[1]) + ")"
	case heuristic.OpCond:
		return "(" + exprString(n, e.Args[0]) + " ? " + exprString(n, e.Args[1]) + " : " + exprString(n, e.Args[2]) + ")"
	}
	return "?"
}

// stateExpr reports whether e is a function of the discrete state (no
// select value, no array read at an unknown index, nothing opaque) and
// not a constant.
func stateExpr(e *heuristic.Expr) bool {
	if e.IsConst() {
		return false
	}
	var ok func(*heuristic.Expr) bool
	ok = func(e *heuristic.Expr) bool {
		switch e.Op {
		case heuristic.OpAny, heuristic.OpRange, heuristic.OpTop:
			return false
		}
		for _, a := range e.Args {
			if !ok(a) {
				return false
			}
		}
		return true
	}
	return ok(e)
}

// locPred is the predicate "process p is at one of locs".
func locPred(p int32, locs []int32) Pred {
	var e *heuristic.Expr
	for _, l := range locs {
		t := &heuristic.Expr{Op: heuristic.OpLoc, Proc: p, Lo: l}
		if e == nil {
			e = t
		} else {
			e = &heuristic.Expr{Op: heuristic.OpBinary, Fn: ir.LOr, Args: []*heuristic.Expr{e, t}}
		}
	}
	return Pred{Expr: e}
}

// clockPred is x_i − x_j ≺ bound, nil when it is not a real
// constraint (i == j, or an infinite bound).
func clockPred(i, j int32, b dbm.Bound) *Pred {
	if i == j || b.IsInfinity() {
		return nil
	}
	return &Pred{I: i, J: j, Bound: b}
}

// predSet is a list of predicates without repetition.
type predSet struct {
	list []Pred
	seen map[string]bool
}

func newPredSet(ps ...Pred) *predSet {
	s := &predSet{seen: map[string]bool{}}
	for _, p := range ps {
		s.add(p)
	}
	return s
}

// add appends p unless it is there already (or is no real predicate);
// it reports whether it did.
func (s *predSet) add(p Pred) bool {
	if !p.IsClock() && !stateExpr(p.Expr) {
		return false
	}
	k := p.key()
	if s.seen[k] {
		return false
	}
	s.seen[k] = true
	s.list = append(s.list, p)
	return true
}

// keys returns the keys of the set's predicates, sorted: equal for sets
// of the same predicates.
func (s *predSet) keys() []string {
	ks := make([]string, 0, len(s.list))
	for i := range s.list {
		ks = append(ks, s.list[i].key())
	}
	slices.Sort(ks)
	return ks
}

func (s *predSet) clone() *predSet {
	c := &predSet{list: slices.Clone(s.list), seen: make(map[string]bool, len(s.seen))}
	for k := range s.seen {
		c.seen[k] = true
	}
	return c
}

// guardPreds returns the predicates a guard or invariant gives: the
// conjuncts of its integer part that are functions of the state, and its
// constant clock constraints, clocks renumbered by back (compiled
// numbering to the document's).
func guardPreds(g *model.Guard, back []int32) []Pred {
	if g == nil {
		return nil
	}
	var out []Pred
	if g.Src != nil {
		var t heuristic.Translator
		for _, c := range ir.Conjuncts(g.Src.Cond, nil) {
			if e := t.Expr(c); stateExpr(e) {
				out = append(out, Pred{Expr: e})
			}
		}
	}
	for _, c := range g.Clocks {
		if c.IFn != nil || c.JFn != nil || c.BoundFn != nil {
			continue
		}
		b := dbm.LE(c.Bound)
		if c.Strict {
			b = dbm.LT(c.Bound)
		}
		if p := clockPred(back[c.I], back[c.J], b); p != nil {
			out = append(out, *p)
		}
	}
	return out
}
