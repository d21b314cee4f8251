// The store's invariant checker.

package search

import (
	"cmp"
	"fmt"
	"slices"

	"beeline/core/dbm"
)

// Check verifies the store's invariants and returns an error describing the
// first violation, with the offending key or zones, or nil. It costs time
// quadratic in the number of zones per discrete part; tests and the
// CheckInvariants option call it.
//
// The invariants:
//   - every occupied slot names an existing key, its tag is the key's hash,
//     and the key is found from its home slot without crossing an empty slot;
//   - each key occupies exactly one slot, and is packed as its discrete
//     part unpacked packs (keyCodec);
//   - each key's live list holds exactly its live nodes, each once;
//   - no live zone of a key includes another (under
//     CoverRequiresSmallerDepth: only a strictly deeper one may);
//   - covered nodes are in no list; without KeepTrace their zones are
//     released, and only then, and their records recycled once the search
//     is done with them (on the free list, each once), and only then;
//   - every zone a node holds is in the heap, in canonical form (see
//     zoneHeap), and decodes to a closed non-empty DBM;
//   - no two zones overlap, whether held by nodes or released: no two
//     nodes share a position and no released zone is held;
//   - the sweep's cached decodings of live nodes' zones are those zones,
//     and none is tagged with a recycled record;
//   - the live, covered and recycled counts match the nodes.
func (s *Store) Check() error {
	if err := s.checkTable(); err != nil {
		return err
	}
	if err := s.checkLists(); err != nil {
		return err
	}
	return s.checkZones()
}

// checkTable checks the hash table against the key slab.
func (s *Store) checkTable() error {
	nkeys := s.keys.len()
	if n := len(s.slots); n&(n-1) != 0 {
		return fmt.Errorf("table size %d is not a power of two", n)
	}
	seen := make([]bool, nkeys)
	mask := uint64(len(s.slots) - 1)
	for i, v := range s.slots {
		if v == 0 {
			continue
		}
		k := int32(uint32(v)) - 1
		if k < 0 || k >= nkeys {
			return fmt.Errorf("slot %d names key %d of %d", i, k, nkeys)
		}
		if seen[k] {
			return fmt.Errorf("key %d %v occupies two slots", k, s.discrete(k))
		}
		seen[k] = true
		if d := s.discrete(k); !equalKeys(s.codec.pack(d), s.key(k)) {
			return fmt.Errorf("key %d %v is not packed as %v", k, s.key(k), s.codec.pack(d))
		}
		h := hashKey(s.key(k))
		if v>>32 != h>>32 {
			return fmt.Errorf("slot %d: tag %#x, key %d %v hashes to tag %#x", i, v>>32, k, s.discrete(k), h>>32)
		}
		for j := h & mask; j != uint64(i); j = (j + 1) & mask {
			if s.slots[j] == 0 {
				return fmt.Errorf("key %d %v in slot %d is cut off from its home slot %d by empty slot %d", k, s.discrete(k), i, h&mask, j)
			}
		}
	}
	for k, ok := range seen {
		if !ok {
			return fmt.Errorf("key %d %v is in no slot", k, s.discrete(int32(k)))
		}
	}
	return nil
}

// checkLists checks the live lists against the node records.
func (s *Store) checkLists() error {
	nnodes := s.nodes.len()
	inList := make([]bool, nnodes)
	live := 0
	for k := range s.keys.len() {
		for n := s.head(k); n != NoNode; n = s.nodes.item(n).next {
			if n < 0 || n >= nnodes {
				return fmt.Errorf("key %d %v: list names node %d of %d", k, s.discrete(k), n, nnodes)
			}
			if inList[n] {
				return fmt.Errorf("key %d %v: node %d is listed twice (cycle?)", k, s.discrete(k), n)
			}
			inList[n] = true
			nd := s.nodes.item(n)
			if nd.key != k {
				return fmt.Errorf("node %d of key %d is in the list of key %d %v", n, nd.key, k, s.discrete(k))
			}
			if nd.covered() {
				return fmt.Errorf("covered node %d is in the list of key %d %v", n, k, s.discrete(k))
			}
			live++
		}
	}
	free, err := s.checkFree()
	if err != nil {
		return err
	}
	covered := 0
	for n := range nnodes {
		nd := s.nodes.item(n)
		switch {
		case nd.key == freeNode:
			if !free[n] {
				return fmt.Errorf("recycled record %d is not on the free list", n)
			}
		case !nd.covered() && !inList[n]:
			return fmt.Errorf("live node %d (key %d) is in no list", n, nd.key)
		case nd.covered() && nd.isDone() && !s.opts.KeepTrace:
			return fmt.Errorf("covered node %d is done but its record is not recycled", n)
		case nd.covered():
			covered++
		}
	}
	// Every record is live, covered or recycled; every node ever added
	// that holds no record any more was covered, and its record recycled,
	// then reused or not.
	if live != s.live || live+covered+s.recycled != int(nnodes) || covered+s.added-int(nnodes)+s.recycled != s.covered {
		return fmt.Errorf("counts: %d live, %d covered and %d recycled nodes of %d records, recorded %d live, %d covered (recycled or not) and %d added",
			live, covered, s.recycled, nnodes, s.live, s.covered, s.added)
	}
	return nil
}

// checkFree checks the free list of recycled node records and returns
// the records it holds.
func (s *Store) checkFree() ([]bool, error) {
	nnodes := s.nodes.len()
	free := make([]bool, nnodes)
	count := 0
	for n := s.free; n != NoNode; n = s.nodes.item(n).next {
		switch {
		case n < 0 || n >= nnodes:
			return nil, fmt.Errorf("free list names record %d of %d", n, nnodes)
		case free[n]:
			return nil, fmt.Errorf("record %d is twice on the free list (cycle?)", n)
		case s.nodes.item(n).key != freeNode || s.nodes.item(n).zone != -1:
			return nil, fmt.Errorf("record %d on the free list holds node data", n)
		case s.opts.KeepTrace:
			return nil, fmt.Errorf("record %d recycled although the store keeps trace data", n)
		}
		free[n] = true
		count++
	}
	if count != s.recycled {
		return nil, fmt.Errorf("%d records on the free list, recorded %d", count, s.recycled)
	}
	return free, nil
}

// checkZones checks the zone heap and the inclusion invariant.
func (s *Store) checkZones() error {
	spans, err := s.zoneSpans()
	if err != nil {
		return err
	}
	slices.SortFunc(spans, func(a, b zoneSpan) int { return cmp.Compare(a.pos, b.pos) })
	for i := 1; i < len(spans); i++ {
		if a, b := spans[i-1], spans[i]; a.pos+a.units > b.pos {
			return fmt.Errorf("zone of %s at %d (%d units) overlaps zone of %s at %d", a.owner(), a.pos, a.units, b.owner(), b.pos)
		}
	}
	for k := range s.keys.len() {
		if err := s.checkKeyZones(k); err != nil {
			return err
		}
	}
	return s.checkDecoded()
}

// checkDecoded checks that every cached decoding of a live node's zone is
// that zone (decodedCache: entries of covered nodes may be stale).
func (s *Store) checkDecoded() error {
	c := &s.dec
	for slot, n := range c.tags {
		if n != NoNode && n < s.nodes.len() && s.nodes.item(n).key == freeNode {
			return fmt.Errorf("cache slot %d holds recycled record %d", slot, n)
		}
		if n == NoNode || n >= s.nodes.len() || s.nodes.item(n).covered() {
			continue
		}
		s.zones.decode(s.nodes.item(n).zone, s.mb)
		if m := c.m[slot*c.zsize:][:c.zsize]; !slices.Equal(m, s.mb) {
			return fmt.Errorf("node %d: cached zone %s, stored %s", n, formatRaw(m, s.dim), formatRaw(s.mb, s.dim))
		}
	}
	return nil
}

// zoneSpan is the place of a zone in the heap and who holds it: a node,
// or NoNode for a released zone.
type zoneSpan struct {
	pos, units, node int32
}

// owner names the holder of the zone, for error messages.
func (z zoneSpan) owner() string {
	if z.node == NoNode {
		return "the free list"
	}
	return fmt.Sprintf("node %d", z.node)
}

// zoneSpans checks that every node holds a zone in canonical form that
// decodes to a closed non-empty DBM, except covered nodes without
// KeepTrace, which hold none; and that zones are released only without
// KeepTrace. It returns the spans of the nodes' zones and the released ones.
func (s *Store) zoneSpans() ([]zoneSpan, error) {
	var spans []zoneSpan
	for n := range s.nodes.len() {
		nd := s.nodes.item(n)
		if nd.key == freeNode {
			continue
		}
		if nd.zone < 0 {
			if !nd.covered() || s.opts.KeepTrace {
				return nil, fmt.Errorf("node %d (covered=%v) has released its zone", n, nd.covered())
			}
			continue
		}
		u, err := s.zones.checkZone(nd.zone, s.ma)
		if err != nil {
			return nil, fmt.Errorf("node %d: %v", n, err)
		}
		spans = append(spans, zoneSpan{nd.zone, u, n})
	}
	if s.opts.KeepTrace && s.zones.free != nil {
		return nil, fmt.Errorf("zones released although the store keeps trace data")
	}
	err := s.zones.released(func(pos, u int32) {
		spans = append(spans, zoneSpan{pos, u, NoNode})
	})
	return spans, err
}

// checkKeyZones checks that no live zone of key k covers another
// (includes it, or subsumes it under StoreOptions.Subsumes).
func (s *Store) checkKeyZones(k int32) error {
	d := s.discrete(k)
	for a := s.head(k); a != NoNode; a = s.nodes.item(a).next {
		na := s.nodes.item(a)
		s.zones.decode(na.zone, s.ma)
		for b := s.head(k); b != NoNode; b = s.nodes.item(b).next {
			if a == b {
				continue
			}
			nb := s.nodes.item(b)
			s.zones.decode(nb.zone, s.mb)
			if s.covers(d, &s.va, &s.vb) && (!s.opts.CoverRequiresSmallerDepth || na.level() <= nb.level()) {
				return fmt.Errorf("key %d %v: live node %d (depth %d) %s includes live node %d (depth %d) %s",
					k, d, a, na.level(), formatRaw(s.ma, s.dim), b, nb.level(), formatRaw(s.mb, s.dim))
			}
		}
	}
	return nil
}

// formatRaw prints a raw DBM as rows of raw bounds, for error messages.
func formatRaw(z []dbm.Bound, dim int) string {
	out := "["
	for i := range dim {
		if i > 0 {
			out += "; "
		}
		out += fmt.Sprint(z[i*dim : (i+1)*dim])
	}
	return out + "]"
}
