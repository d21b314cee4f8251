// Benchmarks: evaluating the guards and updates of real models.

package model

import (
	"path/filepath"
	"testing"
)

func benchModel(b *testing.B, path string) *Network {
	b.Helper()
	t := &testing.T{}
	n, fs, diags, _ := loadFile(t, filepath.Join(modelsDir, path))
	if n == nil {
		if len(diags) == 0 {
			b.Skipf("%s not available", path)
		}
		b.Fatalf("%s: %s", path, fs.Format(diags[0]))
	}
	return n
}

func benchGuards(b *testing.B, path string) {
	n := benchModel(b, path)
	env := n.NewEnv()
	env.Locs, env.Vars = n.InitialState()
	var guards []func(*Env) int32
	for _, p := range n.Processes {
		for _, e := range p.Edges {
			if e.Guard != nil && e.Guard.Int != nil {
				guards = append(guards, e.Guard.Int)
			}
		}
	}
	if len(guards) == 0 {
		b.Skip("no integer guards")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range guards {
			g(env)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(guards)), "ns/guard")
}

func benchUpdates(b *testing.B, path string) {
	n := benchModel(b, path)
	env := n.NewEnv()
	locs, init := n.InitialState()
	env.Locs = locs
	env.Vars = make([]int32, len(init))
	var updates []func(*Env)
	for _, p := range n.Processes {
		for _, e := range p.Edges {
			if e.Update != nil {
				updates = append(updates, e.Update)
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, u := range updates {
			copy(env.Vars, init)
			env.Err = nil
			env.Resets = env.Resets[:0]
			u(env)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(updates)), "ns/update")
}

func BenchmarkGuardsFischer(b *testing.B)    { benchGuards(b, "uppaal-demos/fischer.xml") }
func BenchmarkUpdatesFischer(b *testing.B)   { benchUpdates(b, "uppaal-demos/fischer.xml") }
func BenchmarkGuardsTrainGate(b *testing.B)  { benchGuards(b, "uppaal-demos/train-gate.xml") }
func BenchmarkUpdatesTrainGate(b *testing.B) { benchUpdates(b, "uppaal-demos/train-gate.xml") }
func BenchmarkGuardsLeader(b *testing.B) {
	benchGuards(b, "dynextrap-icfem23/leader-election/leader-election-3N.xml")
}
func BenchmarkUpdatesLeader(b *testing.B) {
	benchUpdates(b, "dynextrap-icfem23/leader-election/leader-election-3N.xml")
}
