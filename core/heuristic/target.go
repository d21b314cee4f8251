// Targets: what a search looks for, read from a query as location sets
// and integer conditions in disjunctive normal form.

package heuristic

import (
	"slices"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/model"
)

// Target is the set of states a search looks for, as a disjunction of
// conjuncts. A heuristic estimates the distance to the nearest state
// satisfying some conjunct. A Target with no conjuncts is unsatisfiable;
// a conjunct with no parts holds everywhere (h = 0).
type Target struct {
	Conjuncts []Conjunct
}

// Conjunct is a conjunction of location sets (one per process that it
// constrains) and integer conditions (true when non-zero).
type Conjunct struct {
	Locs  []LocSet
	Conds []*Expr
}

// LocSet says that process Proc is at one of the locations Locs (sorted).
type LocSet struct {
	Proc int32
	Locs []int32
}

// Trivial reports whether some conjunct holds everywhere, so that every
// heuristic is 0 on every state.
func (t *Target) Trivial() bool {
	for _, c := range t.Conjuncts {
		if len(c.Locs) == 0 && len(c.Conds) == 0 {
			return true
		}
	}
	return false
}

// MaxConjuncts bounds the disjunctive normal form; a larger one gives the
// trivial target (h = 0 everywhere, still correct).
const MaxConjuncts = 4096

// TargetOf returns the target of the reachability search that decides f:
// φ for E<> φ, ¬φ for A[] φ. Negation is pushed to the leaves: not P.l is
// "P at any other location", not c is the condition !c. Leaves the
// heuristics cannot use — clock constraints, deadlock, function calls —
// are dropped, which keeps the target a superset of the true one, so
// admissible heuristics stay admissible. Other query kinds give the
// trivial target.
func TargetOf(n *model.Network, f *model.Formula) *Target {
	trivial := &Target{Conjuncts: []Conjunct{{}}}
	if f == nil || f.Prop == nil || (f.Kind != lang.QueryEF && f.Kind != lang.QueryAG) {
		return trivial
	}
	b := &dnfBuilder{net: n, t: &Translator{}}
	d := b.prop(f.Prop, f.Kind == lang.QueryAG)
	if d == nil {
		return trivial
	}
	return &Target{Conjuncts: d}
}

// dnfBuilder builds the disjunctive normal form of a state formula.
type dnfBuilder struct {
	net *model.Network
	t   *Translator
}

// prop returns the conjuncts of p (of ¬p when neg), or nil when the form
// grows past MaxConjuncts.
func (b *dnfBuilder) prop(p *model.Prop, neg bool) []Conjunct {
	switch p.Op {
	case model.PropTrue, model.PropFalse:
		return constDNF((p.Op == model.PropTrue) != neg)
	case model.PropNot:
		return b.prop(p.Args[0], !neg)
	case model.PropAnd, model.PropOr:
		and := (p.Op == model.PropAnd) != neg
		acc := constDNF(and)
		for _, a := range p.Args {
			if acc = b.join(and, acc, b.prop(a, neg)); acc == nil {
				return nil
			}
		}
		return acc
	case model.PropAtom:
		return b.expr(p.Expr, neg)
	}
	return constDNF(true) // clock constraints and deadlock: dropped
}

// expr returns the conjuncts of an integer condition (of its negation
// when neg), splitting its logical operators.
func (b *dnfBuilder) expr(e ir.Expr, neg bool) []Conjunct {
	switch x := e.(type) {
	case *ir.Const:
		return constDNF((x.V != 0) != neg)
	case *ir.Unary:
		if x.Op == ir.Not {
			return b.expr(x.X, !neg)
		}
	case *ir.Binary:
		switch x.Op {
		case ir.LAnd:
			return b.join(!neg, b.expr(x.X, neg), b.expr(x.Y, neg))
		case ir.LOr:
			return b.join(neg, b.expr(x.X, neg), b.expr(x.Y, neg))
		case ir.Imply:
			return b.join(neg, b.expr(x.X, !neg), b.expr(x.Y, neg))
		}
	case *ir.Quant:
		if x.Op != ir.Add {
			return b.quant(x, neg)
		}
	}
	return b.leaf(e, neg)
}

// constDNF is true (one empty conjunct) or false (none).
func constDNF(v bool) []Conjunct {
	if v {
		return []Conjunct{{}}
	}
	return []Conjunct{}
}

// join is the conjunction (and=true) or disjunction of two forms.
func (b *dnfBuilder) join(and bool, x, y []Conjunct) []Conjunct {
	if x == nil || y == nil {
		return nil
	}
	if !and {
		if len(x)+len(y) > MaxConjuncts {
			return nil
		}
		return append(slices.Clip(x), y...)
	}
	if len(x)*len(y) > MaxConjuncts {
		return nil
	}
	out := []Conjunct{}
	for _, a := range x {
		for _, c := range y {
			if m, ok := merge(a, c); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// merge conjoins two conjuncts; ok is false when their location sets for
// some process are disjoint.
func merge(a, b Conjunct) (Conjunct, bool) {
	out := Conjunct{Conds: append(slices.Clip(a.Conds), b.Conds...)}
	out.Locs = slices.Clone(a.Locs)
	for _, l := range b.Locs {
		i := slices.IndexFunc(out.Locs, func(m LocSet) bool { return m.Proc == l.Proc })
		if i < 0 {
			out.Locs = append(out.Locs, l)
			continue
		}
		var both []int32
		for _, x := range out.Locs[i].Locs {
			if slices.Contains(l.Locs, x) {
				both = append(both, x)
			}
		}
		if len(both) == 0 {
			return Conjunct{}, false
		}
		out.Locs[i] = LocSet{Proc: l.Proc, Locs: both}
	}
	return out, true
}

// quant expands forall (a conjunction) and exists (a disjunction).
func (b *dnfBuilder) quant(x *ir.Quant, neg bool) []Conjunct {
	if int64(x.Hi)-int64(x.Lo) > maxExpand {
		return constDNF(true)
	}
	and := (x.Op == ir.LAnd) != neg
	acc := constDNF(and)
	for v := int64(x.Lo); v <= int64(x.Hi); v++ {
		sub := &dnfBuilder{net: b.net, t: b.t.with(x.Slot, int32(v))}
		if acc = b.join(and, acc, sub.expr(x.Body, neg)); acc == nil {
			return nil
		}
	}
	return acc
}

// leaf turns a location test or an integer condition into a conjunct.
func (b *dnfBuilder) leaf(e ir.Expr, neg bool) []Conjunct {
	x := b.t.Expr(e)
	if x.Op == OpLoc {
		locs := []int32{x.Lo}
		if neg {
			locs = locs[:0]
			for l := range int32(len(b.net.Processes[x.Proc].Locations)) {
				if l != x.Lo {
					locs = append(locs, l)
				}
			}
		}
		return []Conjunct{{Locs: []LocSet{{Proc: x.Proc, Locs: locs}}}}
	}
	if neg {
		x = Not(x)
	}
	switch {
	case x.IsConst():
		return constDNF(x.Lo != 0)
	case x.HasTop():
		return constDNF(true) // functions, meta variables: not used
	}
	return []Conjunct{{Conds: []*Expr{x}}}
}
