package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"beeline/core/dbm"
)

// zones2 returns three zones over one clock x: x = 0, 0 <= x <= 5, x >= 0.
func zones2() (point, upTo5, all *dbm.DBM) {
	point = dbm.New(2)
	zoneZero(point)
	all = dbm.New(2)
	zoneZero(all)
	zoneUp(all)
	upTo5 = dbm.New(2)
	upTo5.CopyFrom(all)
	zoneUpper(upTo5, 1, 5)
	return
}

// expectAdd adds a state and checks the answer and the store's invariants.
func expectAdd(t *testing.T, s *Store, d []int32, z *dbm.DBM, parent int32, wantNode int32, wantAdded bool) {
	t.Helper()
	n, added := s.Add(d, z, parent, nil)
	if n != wantNode || added != wantAdded {
		t.Fatalf("Add(%v, %v, parent %d) = %d, %v; want %d, %v", d, z.Raw(), parent, n, added, wantNode, wantAdded)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func expectCovered(t *testing.T, s *Store, want ...bool) {
	t.Helper()
	var got []bool
	for n := range int32(s.Len()) {
		got = append(got, s.IsCovered(n))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("covered flags %v, want %v", got, want)
	}
}

func TestStoreInclusion(t *testing.T) {
	point, upTo5, all := zones2()
	s := NewStore(2, 2, StoreOptions{})
	k, other := []int32{1, 2}, []int32{2, 1}
	expectAdd(t, s, k, point, NoNode, 0, true)
	expectAdd(t, s, k, point, 0, 0, false) // equal: included
	expectAdd(t, s, k, upTo5, 0, 1, true)  // covers node 0
	expectCovered(t, s, true, false)
	expectAdd(t, s, k, point, 1, 1, false) // included in node 1
	expectAdd(t, s, other, point, 1, 2, true)
	expectAdd(t, s, k, all, 2, 3, true) // covers node 1
	expectCovered(t, s, true, true, false, false)
	expectAdd(t, s, k, upTo5, 3, 3, false)
	if s.Live() != 2 || s.NumCovered() != 2 || s.Keys() != 2 || s.Len() != 4 {
		t.Fatalf("live %d covered %d keys %d len %d, want 2 2 2 4", s.Live(), s.NumCovered(), s.Keys(), s.Len())
	}
	if got := s.Covering(k, upTo5); got != 3 {
		t.Fatalf("Covering(k, upTo5) = %d, want 3", got)
	}
	if got := s.Covering([]int32{7, 7}, point); got != NoNode {
		t.Fatalf("Covering of a missing key = %d, want NoNode", got)
	}
	if got := s.Covering(other, all); got != NoNode {
		t.Fatalf("Covering(other, all) = %d, want NoNode", got)
	}
	if s.Depth(3) != 3 || s.Parent(3) != NoNode || s.Depth(0) != 0 {
		t.Fatalf("depths %d %d parent %d, want 3 0 and none without trace data", s.Depth(3), s.Depth(0), s.Parent(3))
	}
}

func TestStoreCoverRequiresSmallerDepth(t *testing.T) {
	point, _, all := zones2()
	s := NewStore(1, 2, StoreOptions{CoverRequiresSmallerDepth: true})
	k := []int32{5}
	// A chain on another key gives parents of depth 0, 1, 2.
	expectAdd(t, s, []int32{0}, point, NoNode, 0, true)
	expectAdd(t, s, []int32{1}, point, 0, 1, true)
	expectAdd(t, s, []int32{2}, point, 1, 2, true)

	expectAdd(t, s, k, all, 1, 3, true)   // depth 2
	expectAdd(t, s, k, point, 0, 4, true) // depth 1: inside node 3, but node 3 is deeper
	expectCovered(t, s, false, false, false, false, false)
	expectAdd(t, s, k, all, 0, 5, true) // depth 1: covers node 3 (deeper) and node 4 (same depth)
	expectCovered(t, s, false, false, false, true, true, false)
	expectAdd(t, s, k, point, 2, 5, false) // depth 3: covered by node 5

	// Without the option the second state is discarded.
	s = NewStore(1, 2, StoreOptions{})
	expectAdd(t, s, []int32{0}, point, NoNode, 0, true)
	expectAdd(t, s, []int32{1}, point, 0, 1, true)
	expectAdd(t, s, k, all, 1, 2, true)
	expectAdd(t, s, k, point, 0, 2, false)
}

func TestStoreReleasesCoveredZones(t *testing.T) {
	point, _, all := zones2()
	for _, keep := range []bool{false, true} {
		s := NewStore(1, 2, StoreOptions{KeepTrace: keep})
		s.Add([]int32{0}, point, NoNode, []int32{9})
		used := s.zones.used()
		s.Add([]int32{0}, all, 0, []int32{1, 2, 3}) // covers node 0, reuses its zone's place
		z := dbm.New(2)
		if got := s.Zone(0, z); got != keep {
			t.Fatalf("keep=%v: Zone of the covered node reports %v", keep, got)
		}
		if reused := s.zones.used() == used; reused == keep {
			t.Fatalf("keep=%v: zone heap grew from %d to %d halfwords", keep, used, s.zones.used())
		}
		s.Add([]int32{1}, point, 1, []int32{4})
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		wantLabel := []int32(nil)
		if keep {
			wantLabel = []int32{1, 2, 3}
		}
		if got := s.Label(1); !slices.Equal(got, wantLabel) {
			t.Fatalf("keep=%v: Label(1) = %v, want %v", keep, got, wantLabel)
		}
		if wantParent := map[bool]int32{false: NoNode, true: 1}[keep]; s.Parent(2) != wantParent {
			t.Fatalf("keep=%v: Parent(2) = %d, want %d", keep, s.Parent(2), wantParent)
		}
		if !s.Zone(2, z) || !z.Equal(point) {
			t.Fatalf("keep=%v: zone of node 2 is %v, want %v", keep, z.Raw(), point.Raw())
		}
	}
}

// TestStoreCheckDetects corrupts a store in several ways and expects
// Check to notice each.
func TestStoreCheckDetects(t *testing.T) {
	point, upTo5, _ := zones2()
	build := func() *Store {
		s := NewStore(1, 2, StoreOptions{})
		s.Add([]int32{0}, upTo5, NoNode, nil)
		s.Add([]int32{1}, point, 0, nil)
		s.Add([]int32{1}, upTo5, 0, nil) // covers node 1
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	corruptions := []struct {
		name, want string
		f          func(s *Store)
	}{
		{"tag", "tag", func(s *Store) {
			for i, v := range s.slots {
				if v != 0 {
					s.slots[i] ^= 1 << 40
					return
				}
			}
		}},
		{"lost slot", "in no slot", func(s *Store) {
			for i, v := range s.slots {
				if v != 0 {
					s.slots[i] = 0
					return
				}
			}
		}},
		{"covered in list", "covered node", func(s *Store) { s.setHead(1, 1) }},
		{"live not listed", "in no list", func(s *Store) { s.nodes.item(1).next = NoNode }},
		{"included zone", "includes", func(s *Store) {
			nd := s.nodes.item(1)
			nd.zone, nd.next = s.zones.add(point.Raw()), s.head(1)
			s.setHead(1, 1)
			s.live, s.covered = 3, 0
		}},
		{"count", "counts", func(s *Store) { s.live++ }},
		{"shared zone", "overlaps", func(s *Store) { s.nodes.item(0).zone = s.nodes.item(2).zone }},
		{"held zone released", "node 2", func(s *Store) { s.zones.release(s.nodes.item(2).zone) }},
		{"empty zone", "closed", func(s *Store) {
			rec := s.zones.at(s.nodes.item(0).zone) // 0 ≤ x ≤ 5: entries (0,1), (1,0)
			rec[2], rec[3] = uint16(dbm.LE(-6)), uint16(dbm.LE(5))
		}},
		{"zone released under KeepTrace", "keeps trace", func(s *Store) {
			s.opts.KeepTrace = true
			s.nodes.item(1).zone = s.zones.add(point.Raw())
		}},
	}
	for _, c := range corruptions {
		t.Run(c.name, func(t *testing.T) {
			s := build()
			c.f(s)
			err := s.Check()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check() = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// zonePool returns up to n distinct random closed non-empty zones of
// dimension dim with small constants, so that inclusions between them are
// frequent. (With one clock there are fewer than n such zones.)
func zonePool(r *rand.Rand, dim, n int) []*dbm.DBM {
	var pool []*dbm.DBM
	seen := map[string]bool{}
	for try := 0; len(pool) < n && try < 100*n; try++ {
		z := dbm.New(dim)
		zoneZero(z)
		zoneUp(z)
		ok := true
		for range r.IntN(4) {
			x := 1 + r.IntN(dim-1)
			switch r.IntN(3) {
			case 0:
				zoneReset(z, x)
				zoneUp(z)
			case 1:
				ok = ok && zoneUpper(z, x, r.Int32N(5))
			default:
				ok = ok && zoneLower(z, x, r.Int32N(5))
			}
		}
		if k := fmt.Sprint(z.Raw()); ok && !seen[k] {
			seen[k] = true
			pool = append(pool, z)
		}
	}
	return pool
}

// refStore is the obviously correct reference for Store: a Go map from
// the discrete part to the list of every zone added, with the inclusion
// rules applied by scanning the whole list and dbm.Includes.
type refStore struct {
	depthRule bool
	sub       func(d []int32, z, stored *dbm.DBM) bool // StoreOptions.Subsumes
	keys      map[string][]int32                       // key → nodes
	zones     []*dbm.DBM
	depths    []int32
	covered   []bool
}

func (r *refStore) add(d []int32, z *dbm.DBM, parent int32) (cover int32, added bool) {
	depth := int32(0)
	if parent != NoNode {
		depth = r.depths[parent] + 1
	}
	k := fmt.Sprint(d)
	for _, n := range r.keys[k] {
		if !r.covered[n] && r.covers(d, r.zones[n], z) && (!r.depthRule || r.depths[n] <= depth) {
			return n, false
		}
	}
	for _, n := range r.keys[k] {
		if !r.covered[n] && r.covers(d, z, r.zones[n]) && (!r.depthRule || depth <= r.depths[n]) {
			r.covered[n] = true
		}
	}
	n := int32(len(r.zones))
	zc := dbm.New(z.Dim())
	zc.CopyFrom(z)
	r.keys[k] = append(r.keys[k], n)
	r.zones, r.depths, r.covered = append(r.zones, zc), append(r.depths, depth), append(r.covered, false)
	return n, true
}

// TestStoreAgainstReference runs random operation sequences on a Store and
// on refStore and compares every answer, the covered flags and the zones,
// and runs Check after every operation.
func TestStoreAgainstReference(t *testing.T) {
	for _, depthRule := range []bool{false, true} {
		for _, keep := range []bool{false, true} {
			for seed := range uint64(4) {
				name := fmt.Sprintf("depth=%v/keep=%v/seed=%d", depthRule, keep, seed)
				t.Run(name, func(t *testing.T) { storeAgainstReference(t, seed, depthRule, keep) })
			}
		}
	}
}

func storeAgainstReference(t *testing.T, seed uint64, depthRule, keep bool) {
	storeAgainstRef(t, seed, depthRule, keep, nil)
}

// storeAgainstRef runs the comparison with sub as StoreOptions.Subsumes.
// Seeds 2 and 3 give the store the ranges of the discrete words, so that
// it packs its keys: a byte per value with seed 2, two with seed 3.
func storeAgainstRef(t *testing.T, seed uint64, depthRule, keep bool, sub func(d []int32, z, stored *dbm.DBM) bool) {
	r := rand.New(rand.NewPCG(seed, 3))
	dim := 2 + int(seed%3)
	pool := zonePool(r, dim, 40)
	klen := 1 + int(seed%3)
	values := int32(3)
	if klen == 1 {
		values = 300 // many keys: the table grows several times
	}
	opts := StoreOptions{CoverRequiresSmallerDepth: depthRule, KeepTrace: keep, Subsumes: sub}
	if seed/2%2 == 1 {
		opts.Lo, opts.Hi = slices.Repeat([]int32{-1}, klen), slices.Repeat([]int32{values - 1}, klen)
	}
	s := NewStore(klen, dim, opts)
	ref := &refStore{depthRule: depthRule, sub: sub, keys: map[string][]int32{}}
	d := make([]int32, klen)
	z := dbm.New(dim)
	for op := range 3000 {
		for i := range d {
			d[i] = r.Int32N(values)
		}
		zin := pool[r.IntN(len(pool))]
		parent := NoNode
		if s.Len() > 0 && r.IntN(10) > 0 {
			parent = r.Int32N(int32(s.Len()))
		}
		depth := int32(0)
		if parent != NoNode {
			depth = ref.depths[parent] + 1
		}
		n, added := s.Add(d, zin, parent, []int32{int32(op)})
		rn, radded := ref.add(d, zin, parent)
		switch {
		case added != radded:
			t.Fatalf("op %d: Add(%v, %v) added=%v, reference %v", op, d, zin.Raw(), added, radded)
		case added && n != rn:
			t.Fatalf("op %d: new node %d, reference %d", op, n, rn)
		case !added && (ref.covered[n] || !ref.covers(d, ref.zones[n], zin) || !slices.Equal(s.Discrete(n), d) ||
			depthRule && ref.depths[n] > depth):
			t.Fatalf("op %d: Add(%v, %v) returned node %d, which does not cover it", op, d, zin.Raw(), n)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("op %d: %v", op, err)
		}
		if op%100 == 0 || op == 2999 {
			compareWithReference(t, s, ref, z)
		}
	}
	if s.NumCovered() == 0 || s.Len() == s.Keys() {
		t.Fatalf("weak test: %d covered, %d nodes over %d keys", s.NumCovered(), s.Len(), s.Keys())
	}
}

func compareWithReference(t *testing.T, s *Store, ref *refStore, z *dbm.DBM) {
	t.Helper()
	for n := range int32(s.Len()) {
		if s.IsCovered(n) != ref.covered[n] {
			t.Fatalf("node %d: covered=%v, reference %v", n, s.IsCovered(n), ref.covered[n])
		}
		if s.Depth(n) != ref.depths[n] {
			t.Fatalf("node %d: depth %d, reference %d", n, s.Depth(n), ref.depths[n])
		}
		if s.Zone(n, z) && !z.Equal(ref.zones[n]) {
			t.Fatalf("node %d: zone %v, reference %v", n, z.Raw(), ref.zones[n].Raw())
		}
	}
}

// TestStoreHashSpread inserts many similar keys and checks that lookups
// probe few slots: a weak hash would cluster sequential keys.
func TestStoreHashSpread(t *testing.T) {
	const n = 50000
	point, _, _ := zones2()
	for _, klen := range []int{1, 3, 10, 40} {
		s := NewStore(klen, 2, StoreOptions{})
		d := make([]int32, klen)
		setKey := func(d []int32, i int32) {
			d[0], d[klen-1] = i/1000, i%1000
			if klen == 1 {
				d[0] = i
			}
		}
		for i := range int32(n) {
			setKey(d, i)
			s.Add(d, point, NoNode, nil)
		}
		if s.Keys() != n {
			t.Fatalf("klen %d: %d keys, want %d", klen, s.Keys(), n)
		}
		before := s.Probes()
		for i := range int32(n) {
			setKey(d, i)
			if s.Covering(d, point) == NoNode {
				t.Fatalf("klen %d: key %v lost", klen, d)
			}
		}
		if avg := float64(s.Probes()-before) / n; avg > 2.5 {
			t.Fatalf("klen %d: %.2f probes per successful lookup, want at most 2.5", klen, avg)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestHashKeyDistinguishes(t *testing.T) {
	seen := map[uint64][]int32{}
	add := func(k []int32) {
		h := hashKey(k)
		if prev, ok := seen[h]; ok && !slices.Equal(prev, k) {
			t.Fatalf("hashKey(%v) = hashKey(%v)", k, prev)
		}
		seen[h] = slices.Clone(k)
	}
	for n := range 20 {
		for i := range n {
			k := make([]int32, n)
			add(k)
			k[i] = 1
			add(k)
			k[i] = -1
			add(k)
		}
	}
}

func TestSlabs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := slab[int32]{width: 3}
	var l labels
	var pos, lens []int32
	for i := range int32(5000) {
		if got := s.add(i, -i); got != i {
			t.Fatalf("add returned %d, want %d", got, i)
		}
		n := r.Int32N(300)
		if i%1000 == 999 {
			n = MaxLabel // a full chunk of its own
		}
		v := make([]int32, n)
		for j := range v {
			v[j] = i + int32(j)
		}
		pos, lens = append(pos, l.add(v)), append(lens, n)
	}
	for i := range int32(5000) {
		if got := s.at(i); !slices.Equal(got, []int32{i, -i, 0}) {
			t.Fatalf("record %d = %v", i, got)
		}
		got := l.at(pos[i], lens[i])
		if len(got) != int(lens[i]) || len(got) > 0 && (got[0] != i || got[len(got)-1] != i+lens[i]-1) {
			t.Fatalf("label %d: %d words starting %v, want %d from %d", i, len(got), got[:min(len(got), 2)], lens[i], i)
		}
	}
	if want := int64(5*chunkRecords*3*4) + 5*24; s.bytes(4) < int64(5000*3*4) || s.bytes(4) > want+int64(firstRecords*12) {
		t.Fatalf("slab of 5000 records of 12 bytes holds %d bytes", s.bytes(4))
	}
}

// TestNodeSize keeps the node record and its trace data at the 16 and 12
// bytes that Bytes and the package documentation count.
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got != 16 {
		t.Fatalf("node is %d bytes, want 16", got)
	}
	if got := unsafe.Sizeof(trail{}); got != 12 {
		t.Fatalf("trail is %d bytes, want 12", got)
	}
}

// TestStoreRecyclesNodes checks that without KeepTrace the record of a
// covered node is reused once the search is done with it, whichever
// comes first, and never under KeepTrace; the counts of added and
// covered nodes are unaffected.
func TestStoreRecyclesNodes(t *testing.T) {
	point, upTo5, all := zones2()
	for _, keep := range []bool{false, true} {
		num := func(recycled, kept int32) int32 { return map[bool]int32{false: recycled, true: kept}[keep] }
		s := NewStore(1, 2, StoreOptions{KeepTrace: keep})
		expectAdd(t, s, []int32{0}, point, NoNode, 0, true)
		s.done(0) // popped, then covered: by the next node, which takes its record
		expectAdd(t, s, []int32{0}, upTo5, 0, num(0, 1), true)
		expectAdd(t, s, []int32{0}, all, 0, num(1, 2), true) // covers the last node, not done
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		s.done(num(0, 1)) // covered, then done
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		n := num(0, 3)
		expectAdd(t, s, []int32{1}, point, num(1, 2), n, true)
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		if s.Len() != 4 || s.NumCovered() != 2 || s.Live() != 2 {
			t.Fatalf("keep=%v: len %d covered %d live %d, want 4 2 2", keep, s.Len(), s.NumCovered(), s.Live())
		}
		// Parent 0 named node 0's record, taken over by a node of depth 1.
		if s.Depth(n) != num(3, 2) || !slices.Equal(s.Discrete(n), []int32{1}) || s.IsCovered(n) {
			t.Fatalf("keep=%v: node %d: depth %d, discrete %v, covered %v", keep, n, s.Depth(n), s.Discrete(n), s.IsCovered(n))
		}
	}
}
