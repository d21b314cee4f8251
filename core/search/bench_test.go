package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"beeline/core/dbm"
)

// benchStates is a set of states for the store benchmarks: distinct random
// discrete parts with small values (like locations and bounded variables),
// zonesPerKey zones for each from a pool of random zones.
type benchStates struct {
	klen, dim int
	keys      [][]int32
	zones     []*dbm.DBM
}

const zonesPerKey = 3

func newBenchStates(klen, dim, n int) *benchStates {
	r := rand.New(rand.NewPCG(uint64(klen), uint64(dim)))
	bs := &benchStates{klen: klen, dim: dim, zones: zonePool(r, dim, 64)}
	seen := map[string]bool{}
	for len(bs.keys) < n/zonesPerKey {
		k := make([]int32, klen)
		for i := range k {
			k[i] = r.Int32N(8)
		}
		if s := fmt.Sprint(k); !seen[s] {
			seen[s] = true
			bs.keys = append(bs.keys, k)
		}
	}
	return bs
}

func (bs *benchStates) state(i int) ([]int32, *dbm.DBM) {
	return bs.keys[(i/zonesPerKey)%len(bs.keys)], bs.zones[(i*7)%len(bs.zones)]
}

var storeSizes = []struct{ klen, dim int }{{10, 3}, {30, 6}, {60, 12}}

// benchBatch is the number of states per store in the benchmarks.
const benchBatch = 1 << 16

func BenchmarkStoreAdd(b *testing.B) {
	for _, sz := range storeSizes {
		bs := newBenchStates(sz.klen, sz.dim, benchBatch)
		b.Run(fmt.Sprintf("k%d_dim%d", sz.klen, sz.dim), func(b *testing.B) {
			var s *Store
			for i := range b.N {
				if i%benchBatch == 0 {
					b.StopTimer()
					s = NewStore(sz.klen, sz.dim, StoreOptions{})
					b.StartTimer()
				}
				d, z := bs.state(i % benchBatch)
				s.Add(d, z, NoNode, nil)
			}
		})
	}
}

func BenchmarkStoreLookup(b *testing.B) {
	for _, sz := range storeSizes {
		bs := newBenchStates(sz.klen, sz.dim, benchBatch)
		s := NewStore(sz.klen, sz.dim, StoreOptions{})
		for i := range benchBatch {
			d, z := bs.state(i)
			s.Add(d, z, NoNode, nil)
		}
		b.Run(fmt.Sprintf("hit/k%d_dim%d", sz.klen, sz.dim), func(b *testing.B) {
			for i := range b.N {
				d, z := bs.state(i % benchBatch)
				if s.Covering(d, z) == NoNode {
					b.Fatal("miss")
				}
			}
		})
		missing := newBenchStates(sz.klen, sz.dim, benchBatch)
		for i := range missing.keys {
			missing.keys[i][0] += 100 // not a stored key
		}
		b.Run(fmt.Sprintf("miss/k%d_dim%d", sz.klen, sz.dim), func(b *testing.B) {
			for i := range b.N {
				d, z := missing.state(i % benchBatch)
				if s.Covering(d, z) != NoNode {
					b.Fatal("hit")
				}
			}
		})
	}
}

// BenchmarkGoMapLookup is the comparison point for BenchmarkStoreLookup:
// Go's map keyed by the bytes of the discrete part, hits only, no zones.
func BenchmarkGoMapLookup(b *testing.B) {
	for _, sz := range storeSizes {
		bs := newBenchStates(sz.klen, sz.dim, benchBatch)
		m := map[string]int32{}
		for i, k := range bs.keys {
			m[string(keyBytes(k))] = int32(i)
		}
		b.Run(fmt.Sprintf("k%d", sz.klen), func(b *testing.B) {
			for i := range b.N {
				if _, ok := m[string(keyBytes(bs.keys[i%len(bs.keys)]))]; !ok {
					b.Fatal("miss")
				}
			}
		})
	}
}

func keyBytes(k []int32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(k))), 4*len(k))
}

func BenchmarkHashKey(b *testing.B) {
	for _, klen := range []int{10, 30, 60} {
		k := make([]int32, klen)
		b.Run(fmt.Sprintf("k%d", klen), func(b *testing.B) {
			var h uint64
			for i := range b.N {
				k[0] = int32(i)
				h ^= hashKey(k)
			}
			sinkHash = h
		})
	}
}

var sinkHash uint64

// BenchmarkSearch explores whole synthetic state spaces and reports
// explored states per second.
func BenchmarkSearch(b *testing.B) {
	spaces := []struct {
		name string
		sp   Space
	}{
		{"grid300x300", randomGrid(1, 300, 300, 0.1)},
		{"clocks3_loc3000", randomClockGraph(5, 3000, 4, 4, 4, 2, false)},
	}
	for _, c := range spaces {
		for _, o := range []Order{BFS, DFS} {
			b.Run(c.name+"/"+o.String(), func(b *testing.B) {
				var explored int64
				for range b.N {
					r, err := Run(context.Background(), c.sp, nil, Options{Order: o})
					if err != nil || r.Verdict != NotReached {
						b.Fatal(r.Verdict, err)
					}
					explored += r.Stats.Explored
				}
				b.ReportMetric(float64(explored)/b.Elapsed().Seconds(), "states/s")
				b.ReportMetric(float64(explored)/float64(b.N), "states/op")
			})
		}
	}
}
