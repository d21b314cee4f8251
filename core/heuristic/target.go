// Targets: what a search looks for, read from a query as location sets
// and integer conditions in disjunctive normal form.

package heuristic

import (
	"slices"
	"strings"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
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
// heuristics cannot use — clock constraints, deadlock, names they cannot
// resolve — are dropped, which keeps the target a superset of the true
// one, so admissible heuristics stay admissible. Other query kinds give
// the trivial target.
func TargetOf(n *model.Network, f *model.Formula) *Target {
	trivial := &Target{Conjuncts: []Conjunct{{}}}
	if f == nil || (f.Kind != lang.QueryEF && f.Kind != lang.QueryAG) {
		return trivial
	}
	var errs source.List
	q := lang.ParseQuery(f.Text, 0, &errs)
	if q == nil || errs.HasErrors() || q.Prop == nil {
		return trivial
	}
	b := &dnfBuilder{c: &Compiler{Net: n, Resolve: GlobalResolver(n), Query: true}}
	d := b.dnf(q.Prop, f.Kind == lang.QueryAG)
	if d == nil {
		return trivial
	}
	return &Target{Conjuncts: d}
}

// GlobalResolver resolves names as the system's global scope sees them
// (the scope of queries). model.Network.Lookup resolves in a process's
// scope, where locals, parameters and locations shadow globals; a name is
// taken as global when it resolves to the same thing from every process
// and is not one of that process's own locations or variables.
func GlobalResolver(n *model.Network) Resolver {
	return func(name string) model.Ref {
		var got model.Ref
		for i, p := range n.Processes {
			r := n.Lookup(i, -1, name)
			if r.Kind == model.RefLocation || r.Kind == model.RefNone {
				return model.Ref{}
			}
			if r.Kind == model.RefVar && strings.HasPrefix(n.Vars[r.Index].Name, p.Name+".") {
				return model.Ref{}
			}
			if i > 0 && r != got {
				return model.Ref{}
			}
			got = r
		}
		return got
	}
}

// dnfBuilder builds the disjunctive normal form of a state formula.
type dnfBuilder struct {
	c *Compiler
}

// dnf returns the conjuncts of e (of ¬e when neg), or nil when the form
// grows past MaxConjuncts.
func (b *dnfBuilder) dnf(e lang.Expr, neg bool) []Conjunct {
	switch x := e.(type) {
	case *lang.ParenExpr:
		return b.dnf(x.X, neg)
	case *lang.UnaryExpr:
		if x.Op == lang.NOT || x.Op == lang.KwNot {
			return b.dnf(x.X, !neg)
		}
	case *lang.BoolLit:
		return constDNF(x.Value != neg)
	case *lang.DeadlockLit:
		return constDNF(true)
	case *lang.BinaryExpr:
		switch x.Op {
		case lang.LAND, lang.KwAnd:
			return b.join(!neg, b.dnf(x.X, neg), b.dnf(x.Y, neg))
		case lang.LOR, lang.KwOr:
			return b.join(neg, b.dnf(x.X, neg), b.dnf(x.Y, neg))
		case lang.KwImply:
			return b.join(neg, b.dnf(x.X, !neg), b.dnf(x.Y, neg))
		}
	case *lang.QuantExpr:
		if x.Op != lang.KwSum {
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
func (b *dnfBuilder) quant(x *lang.QuantExpr, neg bool) []Conjunct {
	lo, hi, ok := b.c.TypeRange(x.Type)
	if !ok || int64(hi)-int64(lo) > 4096 {
		return constDNF(true)
	}
	and := (x.Op == lang.KwForall) != neg
	acc := constDNF(and)
	for v := lo; v <= hi; v++ {
		sub := &dnfBuilder{c: b.c.With(x.Name.Name, v)}
		acc = b.join(and, acc, sub.dnf(x.Body, neg))
		if acc == nil {
			return nil
		}
	}
	return acc
}

// leaf turns a location test or an integer condition into a conjunct.
func (b *dnfBuilder) leaf(e lang.Expr, neg bool) []Conjunct {
	x := b.c.Compile(e)
	if x.Op == OpLoc {
		locs := []int32{x.Lo}
		if neg {
			locs = locs[:0]
			for l := range int32(len(b.c.Net.Processes[x.Proc].Locations)) {
				if l != x.Lo {
					locs = append(locs, l)
				}
			}
		}
		return []Conjunct{{Locs: []LocSet{{Proc: x.Proc, Locs: locs}}}}
	}
	if neg {
		x = fold(&Expr{Op: OpUnary, Tok: lang.NOT, Args: []*Expr{x}})
	}
	switch {
	case x.IsConst():
		return constDNF(x.Lo != 0)
	case x.HasTop():
		return constDNF(true) // clocks, functions: not used
	}
	return []Conjunct{{Conds: []*Expr{x}}}
}
