// Tests of StoreOptions.Subsumes.

package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"beeline/core/dbm"
)

// covers reports whether a covers b for the reference store: a includes b
// or, with a subsumption test, subsumes it.
func (r *refStore) covers(d []int32, a, b *dbm.DBM) bool {
	return a.Includes(b) || r.sub != nil && r.sub(d, b, a)
}

// keyedLU is a subsumption test for the property tests: aLU inclusion with
// bounds that depend on the discrete part, some of them −∞, as core/zone's
// per-location bounds do.
func keyedLU(d []int32, z, stored *dbm.DBM) bool {
	n := z.Dim()
	l, u := make([]int32, n), make([]int32, n)
	for x := 1; x < n; x++ {
		h := int32(x) * 7
		for _, v := range d {
			h = h*31 + v
		}
		h &= 0xffff
		l[x], u[x] = h%7-2, h/7%7-2 // −2 and −1 are NoBound
	}
	return z.IsIncludedLU(stored, l, u)
}

// TestStoreSubsumesAgainstReference runs the reference comparison with an
// aLU subsumption test: the answers, covered flags and zones agree, Check
// (which then checks that no live zone subsumes another) holds after every
// operation, and subsumption discards states that inclusion keeps.
func TestStoreSubsumesAgainstReference(t *testing.T) {
	for _, depthRule := range []bool{false, true} {
		for _, keep := range []bool{false, true} {
			for seed := range uint64(4) {
				name := fmt.Sprintf("depth=%v/keep=%v/seed=%d", depthRule, keep, seed)
				t.Run(name, func(t *testing.T) { storeAgainstRef(t, seed, depthRule, keep, keyedLU) })
			}
		}
	}
	pruned := 0
	for seed := range uint64(4) {
		with, without := storeSize(seed, keyedLU), storeSize(seed, nil)
		if with > without {
			t.Errorf("seed %d: %d live zones with subsumption, %d without", seed, with, without)
		}
		if with < without {
			pruned++
		}
	}
	if pruned == 0 {
		t.Error("weak test: subsumption never kept fewer zones than inclusion")
	}
}

// storeSize adds a random sequence of states, without depths, to a store
// with sub as StoreOptions.Subsumes and returns the number of live zones:
// one per class of the preorder's maximal zones, so a coarser preorder
// keeps no more.
func storeSize(seed uint64, sub func(d []int32, z, stored *dbm.DBM) bool) int {
	r := rand.New(rand.NewPCG(seed, 5))
	dim := 2 + int(seed%3)
	pool := zonePool(r, dim, 40)
	s := NewStore(2, dim, StoreOptions{Subsumes: sub})
	d := make([]int32, 2)
	for range 2000 {
		d[0], d[1] = r.Int32N(3), r.Int32N(3)
		s.Add(d, pool[r.IntN(len(pool))], NoNode, nil)
	}
	return s.Live()
}
