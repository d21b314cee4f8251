// Syntax-based predicates with network splitting (Hoffmann et al.,
// "Using predicate abstraction to generate heuristic functions in
// UPPAAL", §3.3 and §4).

package pa

import (
	"context"
	"fmt"
	"slices"

	"beeline/core/heuristic"
	"beeline/core/heuristic/labels"
	"beeline/core/model"
)

// maxSyntaxAbs bounds the abstractions of the syntax mode built one per
// part and target disjunct; past it, one per part serves every
// disjunct. A variable for the tests.
var maxSyntaxAbs = 256

// syntax builds the abstractions of the split network's parts, with
// every guard, invariant and location of a part's processes as
// predicates. For each disjunct of the target, each part it mentions
// gets an abstraction whose target is the disjunct restricted to the
// part (shared by the disjuncts whose restrictions are equal); the
// disjunct's estimate combines its parts', and the heuristic's is the
// least over the disjuncts. A disjunct that no part's restriction
// mentions makes every estimate 0, and nothing is built.
func (h *Heuristic) syntax(ctx context.Context, report func(heuristic.Progress)) error {
	n := h.net
	ls, err := labels.Build(n)
	if err != nil {
		return err
	}
	sp := &splitting{parts: split(n, ls, h.opts.Split)}
	sp.pats = make([]model.Pattern, len(sp.parts))
	sp.keeps = make([][]bool, len(sp.parts))
	for k, part := range sp.parts {
		sp.pats[k], sp.keeps[k] = partPattern(n, part)
	}
	jobs, groups, ok := sp.jobs(h.target)
	if !ok {
		return nil
	}
	used := make([]int, len(n.Processes))
	for i := range used {
		used[i] = -1
	}
	made := map[int]*system{} // the parts' systems, made once
	for j, jb := range jobs {
		if err := ctx.Err(); err != nil {
			return err
		}
		for _, p := range sp.parts[jb.part] {
			used[p] = jb.part
		}
		s, ok := made[jb.part]
		if !ok {
			m, _ := n.Project(sp.pats[jb.part])
			if s, err = newSystem(ctx, m, sp.keeps[jb.part], len(n.Clocks)); err != nil {
				return err
			}
			made[jb.part] = s
		}
		ps := s.partPreds(sp.parts[jb.part], jb.target)
		name := fmt.Sprintf("abstraction %d of %d (part %d of %d)", j+1, len(jobs), jb.part+1, len(sp.parts))
		a, _, err := s.build(ps.list, jb.target, hardFactor*h.opts.States, MaxLayers, false, func(states, layers int) {
			report(heuristic.Progress{Step: "building " + name, States: int64(states), Layers: layers})
		})
		if err != nil {
			return err
		}
		h.rounds++
		h.abs = append(h.abs, finished(a))
	}
	h.groups = groups
	if cut(ls, used) {
		h.cuts = true
	}
	return nil
}

// splitting is the network split into parts, with each part's pattern
// and the processes it keeps.
type splitting struct {
	parts [][]int32
	pats  []model.Pattern
	keeps [][]bool
}

// job is one abstraction to build: a part and a restricted target.
type job struct {
	part   int
	target []heuristic.Conjunct
}

// jobs returns the abstractions to build for target t and, per
// disjunct, the ones it combines (nil: one group of all); ok is false
// when a disjunct mentions no part, and nothing is to be built.
func (sp *splitting) jobs(t *heuristic.Target) (jobs []job, groups [][]int32, ok bool) {
	index := map[string]int32{}
	for _, c := range t.Conjuncts {
		var g []int32
		for k := range sp.parts {
			r, ok := restrictConjunct(&c, sp.pats[k], sp.keeps[k])
			if !ok {
				continue
			}
			key := fmt.Sprint(k, targetPreds(&heuristic.Target{Conjuncts: []heuristic.Conjunct{r}}).keys())
			i, seen := index[key]
			if !seen {
				i = int32(len(jobs))
				index[key] = i
				jobs = append(jobs, job{k, []heuristic.Conjunct{r}})
			}
			g = append(g, i)
		}
		if len(g) == 0 {
			return nil, nil, false
		}
		groups = append(groups, g)
	}
	if len(jobs) > maxSyntaxAbs {
		// One abstraction per part, its target every disjunct restricted
		// to it; a part some disjunct does not mention is left out.
		jobs, groups = jobs[:0], nil
		for k := range sp.parts {
			if target, trivial := restrict(t, sp.pats[k], sp.keeps[k]); !trivial {
				jobs = append(jobs, job{k, target})
			}
		}
	}
	return jobs, groups, true
}

// partPreds returns the predicates of an abstraction of part: those of
// target, every location of the part's processes, and the conditions of
// their invariants and guards.
func (s *system) partPreds(part []int32, target []heuristic.Conjunct) *predSet {
	ps := targetPreds(&heuristic.Target{Conjuncts: target})
	for _, p := range part {
		proc := s.net.Processes[p]
		for l := range proc.Locations {
			ps.add(locPred(p, []int32{int32(l)}))
		}
		for _, loc := range proc.Locations {
			for _, q := range guardPreds(loc.Invariant, s.back) {
				ps.add(q)
			}
		}
		for _, e := range proc.Edges {
			for _, q := range guardPreds(e.Guard, s.back) {
				ps.add(q)
			}
		}
	}
	return ps
}

// cut reports whether a label synchronises processes of two parts that
// are both summed (used: each process's part, −1 for none): it counts
// once in the network and once in each part.
func cut(ls []labels.Label, used []int) bool {
	for _, l := range ls {
		seen := -1
		for _, r := range slices.Concat(l.Edges, l.Recv) {
			if k := used[r.Proc]; k >= 0 {
				if seen >= 0 && seen != k {
					return true
				}
				seen = k
			}
		}
	}
	return false
}

// partPattern keeps the part's processes, the slots no other process
// writes (nor computes from what another writes), and the clocks no
// other process resets.
func partPattern(n *model.Network, part []int32) (model.Pattern, []bool) {
	keep := make([]bool, len(n.Processes))
	for _, p := range part {
		keep[p] = true
	}
	ext := make([]bool, len(n.Vars))
	extClock := make([]bool, len(n.Clocks))
	for p := range n.Processes {
		if keep[p] {
			continue
		}
		for _, d := range n.Deps.Edges[p] {
			for _, x := range slices.Concat(d.Update.WriteVars, d.Guard.WriteVars) {
				ext[x] = true
			}
			for _, c := range d.Update.Resets {
				extClock[c] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, p := range part {
			for _, d := range n.Deps.Edges[p] {
				if !slices.ContainsFunc(d.Update.ReadVars, func(x int32) bool { return ext[x] }) {
					continue
				}
				for _, x := range d.Update.WriteVars {
					if !ext[x] {
						ext[x], changed = true, true
					}
				}
			}
		}
	}
	pat := model.Pattern{Procs: keep, Vars: make([]bool, len(n.Vars)), Clocks: make([]bool, len(n.Clocks))}
	for i := range pat.Vars {
		pat.Vars[i] = !ext[i]
	}
	for i := range pat.Clocks {
		pat.Clocks[i] = !extClock[i]
	}
	return pat, keep
}

// restrict returns the target's disjuncts restricted to what the part
// keeps (restrictConjunct); trivial is set when a restricted disjunct
// says nothing (the part's estimate is then 0).
func restrict(t *heuristic.Target, pat model.Pattern, keep []bool) ([]heuristic.Conjunct, bool) {
	var out []heuristic.Conjunct
	for i := range t.Conjuncts {
		r, ok := restrictConjunct(&t.Conjuncts[i], pat, keep)
		if !ok {
			return nil, true
		}
		out = append(out, r)
	}
	return out, false
}

// restrictConjunct returns c restricted to what the part keeps: its
// processes' location sets, and the conditions that read only kept
// slots and processes; ok is false when nothing is left.
func restrictConjunct(c *heuristic.Conjunct, pat model.Pattern, keep []bool) (r heuristic.Conjunct, ok bool) {
	for _, l := range c.Locs {
		if keep[l.Proc] {
			r.Locs = append(r.Locs, l)
		}
	}
	for _, x := range c.Conds {
		kept := true
		for _, s := range x.Slots(nil) {
			kept = kept && pat.Vars[s]
		}
		for _, p := range x.Procs(nil) {
			kept = kept && keep[p]
		}
		if kept {
			r.Conds = append(r.Conds, x)
		}
	}
	return r, len(r.Locs) > 0 || len(r.Conds) > 0
}

// split partitions the processes greedily into parts of at most b: the
// two parts with the most potential interactions between them merge
// while some pair fits and interacts.
func split(n *model.Network, ls []labels.Label, b int) [][]int32 {
	np := len(n.Processes)
	w := interactions(n, ls)
	var parts [][]int32
	for p := range np {
		parts = append(parts, []int32{int32(p)})
	}
	for {
		bi, bj, best := -1, -1, 0
		for i := range parts {
			for j := i + 1; j < len(parts); j++ {
				if len(parts[i])+len(parts[j]) > b {
					continue
				}
				sum := 0
				for _, p := range parts[i] {
					for _, q := range parts[j] {
						sum += w[p][q]
					}
				}
				if sum > best {
					bi, bj, best = i, j, sum
				}
			}
		}
		if bi < 0 {
			return parts
		}
		parts[bi] = append(parts[bi], parts[bj]...)
		slices.Sort(parts[bi])
		parts = slices.Delete(parts, bj, bj+1)
	}
}

// interactions counts, for each pair of processes, the potential
// interactions between them: conditions (guards, invariants) of one
// that read a slot the other writes, or computes from what it writes,
// or a clock it resets; and pairs of edges that may synchronise (ls:
// the network's labels).
func interactions(n *model.Network, ls []labels.Label) [][]int {
	np := len(n.Processes)
	// The slots each slot's value flows into.
	flow := make([][]int32, len(n.Vars))
	for p := range n.Processes {
		for _, d := range n.Deps.Edges[p] {
			for _, r := range d.Update.ReadVars {
				flow[r] = append(flow[r], d.Update.WriteVars...)
			}
		}
	}
	affects := make([][]bool, np) // slots whose value process p may change
	resets := make([][]int32, np)
	for p := range n.Processes {
		a := make([]bool, len(n.Vars))
		var stack []int32
		for _, d := range n.Deps.Edges[p] {
			stack = append(stack, d.Update.WriteVars...)
			resets[p] = append(resets[p], d.Update.Resets...)
		}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if a[x] {
				continue
			}
			a[x] = true
			stack = append(stack, flow[x]...)
		}
		affects[p] = a
	}
	w := make([][]int, np)
	for p := range w {
		w[p] = make([]int, np)
	}
	for q := range n.Processes {
		var conds []struct{ vars, clocks []int32 }
		for _, d := range n.Deps.Edges[q] {
			conds = append(conds, struct{ vars, clocks []int32 }{d.Guard.ReadVars, d.Guard.Clocks})
		}
		for _, d := range n.Deps.Invariants[q] {
			conds = append(conds, struct{ vars, clocks []int32 }{d.ReadVars, d.Clocks})
		}
		for p := range n.Processes {
			if p == q {
				continue
			}
			for _, c := range conds {
				if slices.ContainsFunc(c.vars, func(x int32) bool { return affects[p][x] }) ||
					intersects(c.clocks, resets[p]) {
					w[p][q]++
					w[q][p]++
				}
			}
		}
	}
	for _, l := range ls {
		es := slices.Concat(l.Edges, l.Recv)
		for i := range es {
			for j := i + 1; j < len(es); j++ {
				if p, q := es[i].Proc, es[j].Proc; p != q {
					w[p][q]++
					w[q][p]++
				}
			}
		}
	}
	return w
}
