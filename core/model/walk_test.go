// Random walks over the discrete part of the corpus models: every closure
// runs on reachable-looking states without panicking, and a transition
// without runtime error leaves every variable inside its range.

package model

import (
	"math/rand"
	"path/filepath"
	"testing"
)

// step fires one random discrete transition (clocks ignored): an internal
// edge, or a binary synchronisation. It reports false when none is enabled.
func step(n *Network, env *Env, rng *rand.Rand) bool {
	type cand struct {
		a, b       *Edge
		selA, selB []int32
	}
	var cands []cand
	sel := func() []int32 { return append([]int32(nil), env.Sel...) }
	enabled := func(e *Edge) bool {
		for i, s := range e.Select {
			env.Sel[i] = s.Lo + rng.Int31n(s.Hi-s.Lo+1)
		}
		env.Err = nil
		ok := e.Guard == nil || e.Guard.Int == nil || e.Guard.Int(env) != 0
		return ok && env.Err == nil
	}
	chanOf := func(e *Edge) int32 {
		if e.Sync.ChanFn != nil {
			return e.Sync.ChanFn(env)
		}
		return e.Sync.Chan
	}
	for pi, p := range n.Processes {
		for _, ei := range p.Locations[env.Locs[pi]].Out {
			e := p.Edges[ei]
			if e.Sync == nil {
				if enabled(e) {
					cands = append(cands, cand{a: e, selA: sel()})
				}
				continue
			}
			if !e.Sync.Send || !enabled(e) {
				continue
			}
			c, sa := chanOf(e), sel()
			for qi, q := range n.Processes {
				if qi == pi {
					continue
				}
				for _, fi := range q.Locations[env.Locs[qi]].Out {
					f := q.Edges[fi]
					if f.Sync != nil && !f.Sync.Send && enabled(f) && chanOf(f) == c {
						cands = append(cands, cand{a: e, b: f, selA: sa, selB: sel()})
					}
				}
			}
		}
	}
	if len(cands) == 0 {
		return false
	}
	c := cands[rng.Intn(len(cands))]
	env.Err = nil
	for k, e := range []*Edge{c.a, c.b} {
		if e == nil {
			continue
		}
		copy(env.Sel, [][]int32{c.selA, c.selB}[k])
		if e.Update != nil {
			e.Update(env)
		}
		env.Locs[e.Process] = e.Dst
	}
	return env.Err == nil
}

func TestCorpusRandomWalk(t *testing.T) {
	m, _ := manifest(t)
	for path, support := range m {
		if support != "yes" {
			continue
		}
		t.Run(path, func(t *testing.T) {
			n, _, _, _ := loadFile(t, filepath.Join(modelsDir, path))
			if n == nil {
				t.Skip("does not load")
			}
			rng := rand.New(rand.NewSource(1))
			for walk := 0; walk < 5; walk++ {
				env := n.NewEnv()
				env.Locs, env.Vars = n.InitialState()
				for i := 0; i < 200; i++ {
					env.Resets = env.Resets[:0]
					if !step(n, env, rng) {
						break
					}
					for k, v := range n.Vars {
						if x := env.Vars[k]; x < v.Lo || x > v.Hi {
							t.Fatalf("%s = %d outside [%d,%d] after a transition without error", v.Name, x, v.Lo, v.Hi)
						}
					}
					for _, r := range env.Resets {
						if r.Clock <= 0 || int(r.Clock) >= len(n.Clocks) || r.Value < 0 {
							t.Fatalf("bad clock reset %+v", r)
						}
					}
				}
			}
		})
	}
}
