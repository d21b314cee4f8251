// The fixpoint of the values each slot may take.

package fire

import (
	"slices"

	"beeline/core/heuristic/labels"
)

// Domains computes the values each slot may take in a reachable state,
// as far as the edges of ls tell: its initial value, and every value an
// edge writes when what it reads takes values found so far, to a
// fixpoint. Each edge fires on its own, which covers synchronisations:
// a receiver reads what its sender wrote once that value is found. A
// slot with more than MaxDomain values is wide, and so is what an edge
// writes when the edge cannot be enumerated (too many valuations, or it
// reads meta variables); a wide slot with a declared range of at most
// MaxDomain values is then followed over that range.
func (f *Firer) Domains(ls []labels.Label) ([]Domain, error) {
	n := f.Net
	dom := make([]Domain, len(n.Vars))
	for i, v := range n.Vars {
		dom[i] = Domain{v.Init}
	}
	for changed := true; changed; {
		changed = false
		for _, l := range ls {
			for _, r := range slices.Concat(l.Edges, l.Recv) {
				grew, err := f.grow(dom, r)
				if err != nil {
					return nil, err
				}
				changed = grew || changed
			}
		}
	}
	for i, v := range n.Vars {
		if dom[i] == nil {
			dom[i] = Range(v.Lo, v.Hi)
		}
	}
	return dom, nil
}

// grow adds to dom what edge r writes, fired alone over the values of
// what it reads, and reports whether dom changed.
func (f *Firer) grow(dom []Domain, r labels.EdgeRef) (bool, error) {
	d := &f.Net.Deps.Edges[r.Proc][r.Edge]
	if len(d.Update.WriteVars) == 0 {
		return false, nil
	}
	edges := []labels.EdgeRef{r}
	en := f.Enum(edges)
	ok := !labels.ReadsMeta(f.Net, r)
	for _, x := range SortedUnion(d.Guard.ReadVars, d.Update.ReadVars) {
		ok = ok && en.Slot(x, dom[x])
	}
	if ok = ok && en.Selects(0); !ok {
		changed := false
		for _, w := range d.Update.WriteVars {
			changed = dom[w] != nil || changed
			dom[w] = nil
		}
		return changed, nil
	}
	changed := false
	for en.Next() {
		if err := f.Poll(); err != nil {
			return false, err
		}
		f.Load(en, edges)
		if f.Fire(edges, en.Sels) != Enabled {
			continue
		}
		for _, w := range d.Update.WriteVars {
			var grew bool
			if dom[w], grew = dom[w].Add(f.Env.Vars[w]); grew {
				changed = true
			}
		}
	}
	return changed, nil
}

// SortedUnion returns the sorted union of lists, each value once.
func SortedUnion(lists ...[]int32) []int32 {
	out := slices.Concat(lists...)
	slices.Sort(out)
	return slices.Compact(out)
}
