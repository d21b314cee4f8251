// Traces of the symmetric graph mapped back to the network's processes
// and values.

package zone

import (
	"cmp"
	"fmt"
	"slices"

	"beeline/core/dbm"
)

// Unfolder maps a path of a Symmetric's states (representatives, each
// reached by a label that ends with the permutation applied) back to the
// network, step by step: the transitions to the processes and select
// values that take them in the concrete run, the states to the concrete
// states. The result replays on the Graph as any path does
// (Concretize).
//
// If σ maps the values of the representative s_k to those of the
// concrete state c_k (c_k = σ(s_k)), and the step from s_k takes the
// transition t to a state that the permutation π brought to s_(k+1),
// then c_k takes σ(t) to σ(π⁻¹(s_(k+1))): the next σ is σ∘π⁻¹. The first
// σ undoes the permutation of the initial state.
type Unfolder struct {
	s *Symmetric
	// sigma[i][v] is the concrete value that value v of set i of the
	// current representative stands for.
	sigma [][]int32
}

// Unfolder returns an Unfolder for paths that start at the initial state
// s gave last.
func (s *Symmetric) Unfolder() *Unfolder {
	u := &Unfolder{s: s}
	perm := s.init
	for _, set := range s.sets {
		sigma := make([]int32, set.Size)
		for v, pos := range perm[:set.Size] {
			sigma[pos] = int32(v)
		}
		perm = perm[set.Size:]
		u.sigma = append(u.sigma, sigma)
	}
	return u
}

// Step maps the next step of the path: label is the label of the
// transition into the state (nil for the initial state), and d and z the
// state reached, which Step maps in place (either may be nil). It
// returns the label of the transition on the network, without the
// permutation.
func (u *Unfolder) Step(label, d []int32, z *dbm.DBM) ([]int32, error) {
	var out []int32
	if label != nil {
		n := len(label) - u.s.words
		if n < 0 {
			return nil, fmt.Errorf("label of %d words holds no permutation of %d", len(label), u.s.words)
		}
		out = u.mapLabel(label[:n])
		perm := label[n:]
		for i, set := range u.s.sets {
			next := make([]int32, set.Size)
			for v, pos := range perm[:set.Size] {
				next[pos] = u.sigma[i][v]
			}
			perm = perm[set.Size:]
			u.sigma[i] = next
		}
	}
	if d != nil {
		if z == nil {
			z = dbm.New(u.s.dim)
		}
		for i, set := range u.s.sets {
			u.s.apply(set, u.sigma[i], d, z)
		}
	}
	return out, nil
}

// mapLabel renames the processes and select values of a transition of
// the representative by the current σ. The sender or internal edge stays
// first; receivers go back to process order, the order in which the
// network runs their updates.
func (u *Unfolder) mapLabel(label []int32) []int32 {
	t := u.s.DecodeLabel(label)
	for k := range t.Edges {
		st := &t.Edges[k]
		for i, set := range u.s.sets {
			sigma := u.sigma[i]
			for j, v := range st.Select {
				if set.SelectSet(st.Process, st.Edge, j) {
					st.Select[j] = sigma[v]
				}
			}
			if o := set.owner[st.Process]; o >= 0 {
				st.Process = int(set.Procs[sigma[o]][set.slot[st.Process]])
			}
		}
	}
	if len(t.Edges) > 1 {
		slices.SortFunc(t.Edges[1:], func(a, b EdgeStep) int { return cmp.Compare(a.Process, b.Process) })
	}
	return t.Label()
}
