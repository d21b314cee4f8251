// The passed list: a hash table of discrete parts, each with its list of zones.

package search

import (
	"fmt"
	"math"

	"beeline/core/dbm"
)

// StoreOptions configures a Store. The zero value is the usual
// reachability store: inclusion in either direction, no trace data.
type StoreOptions struct {
	// CoverRequiresSmallerDepth restricts inclusion to depth order: a zone
	// is discarded (or a stored zone covered) only by a zone whose depth
	// (number of transitions from the initial state) is no larger. A* and
	// shortest-trace BFS need this; see the package documentation.
	CoverRequiresSmallerDepth bool

	// KeepTrace keeps the labels of the stored states and the zones of
	// covered states, so that Path can rebuild the path to any state.
	// Without it labels are dropped and the zones of covered states are
	// released for reuse.
	KeepTrace bool
	// Subsumes, if set, widens inclusion to a coarser preorder supplied by
	// the state space (see Subsumer): stored covers z also when
	// Subsumes(d, z, stored). It must be reflexive and transitive, implied
	// by inclusion, and the same for all zones of one discrete part d.
	Subsumes func(d []int32, z, stored *dbm.DBM) bool
	// Lo and Hi, if both set, are the least and greatest value of each
	// word of a discrete part (see Ranger): the store then packs its
	// keys. Add panics on a discrete part whose values do not fit.
	Lo, Hi []int32
}

// NoNode is the node index meaning "none" (the parent of the initial state).
const NoNode int32 = -1

// node is the record of one stored state. 16 bytes: what a search needs
// of every state. What only traces need, the parent and the label, is
// kept beside it under KeepTrace (trail), and the flags live in spare
// values: a covered node's next is coveredNode, and the low bits of depth
// say whether it was expanded and whether the search is done with it. On
// Fischer's protocol with 9 processes a search stores 2.2 nodes per state
// of the passed list, so the 32 bytes of a record with the trace fields
// and a flag byte took 72 bytes per state.
//
// Without KeepTrace, nothing refers to a covered node once the search is
// done with it (done): its record is recycled for a later node, and holds
// freeNode as its key and the next recycled record as its next.
type node struct {
	key   int32  // index of the discrete part in Store.keys, or freeNode
	next  int32  // next live node with the same key, NoNode, or coveredNode
	zone  int32  // position of the zone in Store.zones, or -1 once released
	depth uint32 // transitions from the initial state <<2 | 2 once done | 1 once expanded
}

const (
	coveredNode int32 = -2        // the next of a covered node, which is in no list
	freeNode    int32 = -1        // the key of a recycled record
	maxDepth          = 1<<30 - 1 // the deepest node a record can hold
)

// covered reports whether a later zone included this one: it left the
// passed list.
func (nd *node) covered() bool { return nd.next == coveredNode }

// expanded reports whether the search computed its successors
// (MarkExpanded).
func (nd *node) expanded() bool { return nd.depth&1 != 0 }

// isDone reports whether the search holds the node nowhere any more
// (done).
func (nd *node) isDone() bool { return nd.depth&2 != 0 }

// level returns the node's depth.
func (nd *node) level() int32 { return int32(nd.depth >> 2) }

// trail is the trace data of a node under KeepTrace: the node it was
// generated from, and its label.
type trail struct {
	parent   int32 // node this state was generated from, or NoNode
	label    int32 // position of the label in Store.text
	labelLen int32 // its length
}

// Store is the passed list: the set of symbolic states (discrete part, zone)
// seen by a search, with inclusion. States are numbered 0, 1, ... in the
// order they were added (the node index); a node keeps its number, parent,
// depth and label even after it is covered. See the package documentation
// for the data layout. A Store is not safe for concurrent use.
type Store struct {
	opts StoreOptions
	klen int // discrete length
	dim  int // DBM dimension

	slots []uint64    // open addressing: 0 empty, else tag<<32 | (key index+1)
	keys  slab[int32] // per key: the discrete part, packed, then the first live node
	codec keyCodec    // the packing of keys
	dk    []int32     // the last discrete part Discrete unpacked
	nodes slab[node]  // per node: its record
	trail slab[trail] // per node under KeepTrace: its parent and label
	zones zoneHeap    // the zones, encoded
	text  labels      // the labels of the nodes

	live     int   // nodes not covered
	covered  int   // nodes covered, recycled or not
	added    int   // nodes ever added
	free     int32 // first recycled node record, or NoNode
	recycled int   // recycled records
	reopened int64 // states stored again on a shorter path after expansion
	probes   int64 // slot probes, for statistics

	// score and tries steer the sweep's use of zoneHeap.includes
	// (tryIncludes).
	score int32
	tries uint32

	// Two scratch matrices for decoded zones, and views of them, for
	// Check, the first also for the sweep when the cache has no slot.
	ma, mb []dbm.Bound
	va, vb dbm.DBM
	// dec keeps the sweep's decoded zones, vc views the one compared.
	dec decodedCache
	vc  dbm.DBM
}

// minSlots is the initial hash table size; it is a power of two.
const minSlots = 64

// NewStore returns an empty store for discrete parts of length discreteLen
// and zones of dimension dim. It panics if discreteLen < 0 or dim < 1, which
// are programming errors.
func NewStore(discreteLen, dim int, opts StoreOptions) *Store {
	if discreteLen < 0 || dim < 1 {
		panic("search: NewStore with negative discrete length or dimension < 1")
	}
	s := &Store{
		opts:  opts,
		free:  NoNode,
		klen:  discreteLen,
		dim:   dim,
		slots: make([]uint64, minSlots),
		codec: newKeyCodec(discreteLen, opts.Lo, opts.Hi),
		nodes: slab[node]{width: 1},
		trail: slab[trail]{width: 1},
		zones: newZoneHeap(dim),
		ma:    make([]dbm.Bound, dim*dim),
		mb:    make([]dbm.Bound, dim*dim),
		dec:   decodedCache{zsize: dim * dim, limit: math.MaxInt64},
	}
	s.keys = slab[int32]{width: s.codec.words + 1}
	s.dk = make([]int32, discreteLen)
	s.va, s.vb = dbm.FromRaw(dim, s.ma), dbm.FromRaw(dim, s.mb)
	return s
}

// Add adds the state (d, z), generated from node parent by the transition
// label (parent is NoNode and label nil for the initial state). Its depth is
// the parent's plus one.
//
// If a live stored zone with the same discrete part includes z (and, under
// CoverRequiresSmallerDepth, has a depth no larger than the new state's),
// Add stores nothing and returns that node with added=false. Otherwise it
// stores the state, marks every live zone of the same discrete part that z
// includes (under the same depth proviso) as covered, and returns the new
// node with added=true.
//
// Preconditions: len(d) is the store's discrete length (not checked); z
// has the store's dimension (checked, panics) and is closed and non-empty
// (not checked; zones are compared bound by bound, which is inclusion only
// for closed DBMs); the zone heap is not full (checked, panics; a search
// stops before, see searcher.overBudget); the depth is at most 2^30 − 1
// (checked, panics: a search that deep would hold more nodes than memory
// allows). d, z and label are copied.
func (s *Store) Add(d []int32, z *dbm.DBM, parent int32, label []int32) (n int32, added bool) {
	depth := int32(0)
	if parent != NoNode {
		depth = s.nodes.item(parent).level() + 1
	}
	return s.addAt(d, z, parent, depth, label)
}

// addAt is Add with the depth given: a state reached from parent through
// transient states that were not stored lies deeper than parent's depth
// plus one.
func (s *Store) addAt(d []int32, z *dbm.DBM, parent, depth int32, label []int32) (n int32, added bool) {
	if z.Dim() != s.dim {
		panic(fmt.Sprintf("search: zone of dimension %d added to a store of dimension %d", z.Dim(), s.dim))
	}
	if depth > maxDepth {
		panic("search: a state deeper than 2^30 − 1 transitions")
	}
	pk := s.codec.pack(d)
	h := hashKey(pk)
	k, found := s.findKey(pk, h)
	if !found {
		k = s.insertKey(pk, h)
	} else if c := s.sweep(k, d, z, depth); c != NoNode {
		return c, false
	}
	return s.newNode(k, z.Raw(), parent, depth, label), true
}

// sweep walks the live zones of key k, the discrete part d, against a
// new zone z of the given depth. It returns a live node that covers z, or else unlinks and marks
// covered every live zone that z covers and returns NoNode.
//
// One pass suffices: the live zones of a key never cover one another
// (under the depth proviso, a covering zone is strictly deeper), so if some
// zone covers z, no zone before it in the list was covered by z — that zone
// would be covered by the covering one too.
//
// A stored zone that includes z on its encoded form (zoneHeap.includes)
// settles the comparison without being decoded; otherwise it is decoded
// once into the scratch matrix, which serves the comparison in both
// directions and StoreOptions.Subsumes. The encoded test is asked only
// while it pays (tryIncludes).
//
// A new state that is kept only because of the depth proviso — it
// includes, or is included in, an expanded state reached on a longer
// path — is a reopening (A*'s term), counted by Reopened.
func (s *Store) sweep(k int32, d []int32, z *dbm.DBM, depth int32) int32 {
	prev := NoNode
	reopen := false
	s.dec.fit(s.live, s.zones.bytes())
	for n := s.head(k); n != NoNode; {
		nd := s.nodes.item(n)
		next := nd.next
		if s.tryIncludes() && s.includes(nd.zone, z) && (!s.opts.CoverRequiresSmallerDepth || nd.level() <= depth) {
			return n
		}
		m := s.dec.get(&s.zones, n, nd.zone, s.ma)
		rel := relation(m, z.Raw())
		if s.opts.Subsumes != nil && rel != dbm.Equal {
			s.vc = dbm.FromRaw(s.dim, m)
			rel = s.subsumption(d, nd, &s.vc, z, rel, depth)
		}
		if rel&dbm.Superset != 0 && (!s.opts.CoverRequiresSmallerDepth || nd.level() <= depth) {
			return n
		}
		if rel != dbm.Different && nd.expanded() && nd.level() > depth {
			reopen = true
		}
		if rel&dbm.Subset != 0 && (!s.opts.CoverRequiresSmallerDepth || depth <= nd.level()) {
			s.unlink(k, prev, next)
			s.cover(n)
		} else {
			prev = n
		}
		n = next
	}
	if reopen {
		s.reopened++
	}
	return NoNode
}

// tryIncludes says whether the sweep should ask the encoded zone whether
// it includes the new one before decoding it. The test saves a decoding
// when it succeeds and costs part of one when it fails; it pays when it
// succeeds at least once in four times or so: three comparisons in four
// on Fischer's protocol with extrapolated zones, one in twenty with lazy
// ones (core/zone's Expander.Lazy, which core/verify's searches use). The
// score gains 3 for a success and loses 1 for a failure; below 0 the test
// is asked once in 64 comparisons, to notice when it pays again.
func (s *Store) tryIncludes() bool {
	s.tries++
	return s.score >= 0 || s.tries%64 == 0
}

// includes is zoneHeap.includes, keeping tryIncludes' score.
func (s *Store) includes(zone int32, z *dbm.DBM) bool {
	ok := s.zones.includes(zone, z.Raw())
	if ok {
		s.score = min(s.score+3, 64)
	} else {
		s.score = max(s.score-1, -64)
	}
	return ok
}

// relation compares two closed non-empty DBMs of the same dimension
// stored as raw matrices, entry by entry, stopping once neither inclusion
// can hold. It is dbm.Relation without the emptiness and dimension checks
// and the view through dbm.FromRaw, which the store's preconditions make
// unnecessary: inclusion checks are half of a search's time on Fischer's
// protocol, and this loop makes the whole search about 9% faster. It
// relies on core/dbm's documented encoding, in which the integer order of
// bounds is their tightness order; Check and the tests compare the store
// against dbm.Includes.
func relation(a, b []dbm.Bound) dbm.Relation {
	r := dbm.Equal
	b = b[:len(a)]
	for k, x := range a {
		y := b[k]
		if x == y {
			continue
		}
		if x > y {
			r &^= dbm.Subset
		} else {
			r &^= dbm.Superset
		}
		if r == dbm.Different {
			break
		}
	}
	return r
}

// unlink removes the node after prev (the head if prev is NoNode) from the
// live list of key k; next is that node's successor.
func (s *Store) unlink(k, prev, next int32) {
	if prev == NoNode {
		s.setHead(k, next)
	} else {
		s.nodes.item(prev).next = next
	}
}

// cover marks node n covered and, without KeepTrace, releases its zone,
// and its record if the search is done with it.
func (s *Store) cover(n int32) {
	nd := s.nodes.item(n)
	nd.next = coveredNode
	s.live--
	s.covered++
	if !s.opts.KeepTrace {
		s.zones.release(nd.zone)
		nd.zone = -1
		if nd.isDone() {
			s.recycle(n)
		}
	}
}

// done records that the search holds node n nowhere any more: it was
// popped from the waiting list, or never pushed (pruned). Without
// KeepTrace, where no parent pointer refers to a node either, a covered
// node that is done is recycled: now, or when it is covered. In a BFS of
// Fischer's protocol with 10 processes, that keeps 0.45 records per stored
// state instead of one. Recycling changes node numbers, not the search: a
// node's number is only a handle while the search holds it.
func (s *Store) done(n int32) {
	nd := s.nodes.item(n)
	nd.depth |= 2
	if nd.covered() && !s.opts.KeepTrace {
		s.recycle(n)
	}
}

// recycle puts the record of the covered node n, whose zone is released,
// on the free list, and forgets its cached decoding.
func (s *Store) recycle(n int32) {
	*s.nodes.item(n) = node{key: freeNode, next: s.free, zone: -1}
	s.free = n
	s.recycled++
	s.dec.forget(n)
}

// newNode stores a new live node for key k at the head of its list.
func (s *Store) newNode(k int32, z []dbm.Bound, parent, depth int32, label []int32) int32 {
	nd := node{key: k, next: s.head(k), depth: uint32(depth) << 2}
	nd.zone = s.zones.add(z)
	if s.opts.KeepTrace {
		tr := trail{parent: parent}
		if len(label) > 0 {
			if len(label) > MaxLabel {
				panic("search: label longer than MaxLabel")
			}
			tr.label, tr.labelLen = s.text.add(label), int32(len(label))
		}
		s.trail.add(tr)
	}
	n := s.free
	if n != NoNode {
		s.free = s.nodes.item(n).next
		s.recycled--
		*s.nodes.item(n) = nd
	} else {
		n = s.nodes.add(nd)
	}
	s.setHead(k, n)
	s.live++
	s.added++
	return n
}

// key returns key k, packed.
func (s *Store) key(k int32) []int32 { return s.keys.at(k)[:s.codec.words] }

// discrete returns the discrete part of key k, unpacked into a new slice.
func (s *Store) discrete(k int32) []int32 { return s.codec.unpack(s.key(k), make([]int32, s.klen)) }

// head returns the first live node of key k, or NoNode.
func (s *Store) head(k int32) int32 { return s.keys.at(k)[s.codec.words] }

// setHead sets the first live node of key k.
func (s *Store) setHead(k, n int32) { s.keys.at(k)[s.codec.words] = n }

// findKey looks up the packed key d with hash h. It returns its key index
// and true, or the index the key would get and false.
func (s *Store) findKey(d []int32, h uint64) (int32, bool) {
	mask := uint64(len(s.slots) - 1)
	tag := h >> 32
	for i := h & mask; ; i = (i + 1) & mask {
		s.probes++
		v := s.slots[i]
		if v == 0 {
			return s.keys.len(), false
		}
		if v>>32 == tag {
			k := int32(uint32(v)) - 1
			if equalKeys(s.key(k), d) {
				return k, true
			}
		}
	}
}

// equalKeys reports whether two keys or discrete parts of the same length
// are equal.
func equalKeys(a, b []int32) bool {
	b = b[:len(a)]
	for i, x := range a {
		if b[i] != x {
			return false
		}
	}
	return true
}

// insertKey adds the packed key d with hash h, which is not in the
// table, and returns its key index. The table grows past a load of 5/8.
func (s *Store) insertKey(d []int32, h uint64) int32 {
	if (int(s.keys.len())+1)*8 > len(s.slots)*5 {
		s.grow()
	}
	s.keys.add(d[:s.codec.words]...)
	k := s.keys.len() - 1
	s.setHead(k, NoNode)
	s.place(k, h)
	return k
}

// place puts key k with hash h in the first empty slot of its probe chain.
func (s *Store) place(k int32, h uint64) {
	mask := uint64(len(s.slots) - 1)
	i := h & mask
	for s.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = h>>32<<32 | uint64(uint32(k+1))
}

// grow doubles the hash table and re-places every key. Hashes are
// recomputed from the key slab rather than stored: that costs one hash per
// key per doubling, amortised one hash per insertion, and saves 8 bytes per
// key.
func (s *Store) grow() {
	s.slots = make([]uint64, 2*len(s.slots))
	for k := range s.keys.len() {
		s.place(k, hashKey(s.key(k)))
	}
}

// Covering returns a live node with discrete part d whose zone includes z,
// ignoring depths, or NoNode. It stores nothing.
func (s *Store) Covering(d []int32, z *dbm.DBM) int32 {
	pk := s.codec.pack(d)
	k, found := s.findKey(pk, hashKey(pk))
	if !found {
		return NoNode
	}
	for n := s.head(k); n != NoNode; n = s.nodes.item(n).next {
		if s.zones.includes(s.nodes.item(n).zone, z.Raw()) {
			return n
		}
	}
	return NoNode
}

// Len returns the number of nodes ever added (live and covered). Node
// numbers are below it unless records are recycled (done).
func (s *Store) Len() int { return s.added }

// Live returns the number of live (not covered) nodes: the passed list.
func (s *Store) Live() int { return s.live }

// NumCovered returns the number of nodes ever covered.
func (s *Store) NumCovered() int { return s.covered }

// Keys returns the number of distinct discrete parts stored.
func (s *Store) Keys() int { return int(s.keys.len()) }

// Probes returns the number of hash table slots examined so far.
func (s *Store) Probes() int64 { return s.probes }

// DiscreteLen returns the length of the discrete parts.
func (s *Store) DiscreteLen() int { return s.klen }

// Dim returns the dimension of the zones.
func (s *Store) Dim() int { return s.dim }

// Bytes returns the memory held by the store's tables, slabs and zone
// heap, counting their capacity (what is allocated, not what is used),
// and its scratch matrices. The slabs and the heap grow by chunks and
// never hold two copies; the hash table does while it doubles (8 bytes
// per slot, 13 to 26 bytes per key), a peak that growth counts.
func (s *Store) Bytes() int64 {
	return int64(cap(s.slots))*8 + s.keys.bytes(4) + s.nodes.bytes(16) + s.trail.bytes(12) +
		s.zones.bytes() + int64(cap(s.ma)+cap(s.mb)+cap(s.dk))*4 + s.codec.bytes() + s.text.bytes() + s.dec.bytes()
}

// Discrete returns the discrete part of node n. The slice belongs to the
// store, must not be modified, and is valid until the next call.
func (s *Store) Discrete(n int32) []int32 {
	return s.codec.unpack(s.key(s.nodes.item(n).key), s.dk)
}

// Zone copies the zone of node n into z, which must have the store's
// dimension, and reports whether the node still has its zone: a covered
// node keeps it only under KeepTrace.
func (s *Store) Zone(n int32, z *dbm.DBM) bool {
	nd := s.nodes.item(n)
	if nd.zone < 0 {
		return false
	}
	s.zones.decode(nd.zone, z.Raw())
	return true
}

// Parent returns the node n was generated from, or NoNode (always
// without KeepTrace).
func (s *Store) Parent(n int32) int32 {
	if !s.opts.KeepTrace {
		return NoNode
	}
	return s.trail.item(n).parent
}

// Depth returns the number of transitions from the initial state to n.
func (s *Store) Depth(n int32) int32 { return s.nodes.item(n).level() }

// Label returns the label of the transition into n (nil without KeepTrace
// or for the initial state). The slice aliases the store.
func (s *Store) Label(n int32) []int32 {
	if !s.opts.KeepTrace {
		return nil
	}
	tr := s.trail.item(n)
	return s.text.at(tr.label, tr.labelLen)
}

// MarkExpanded records that the successors of node n were computed, for
// the count of reopened states.
func (s *Store) MarkExpanded(n int32) { s.nodes.item(n).depth |= 1 }

// Reopened returns the number of states stored again on a shorter path
// (under CoverRequiresSmallerDepth) although a state they include or are
// included in had already been expanded: A*'s reopenings.
func (s *Store) Reopened() int64 { return s.reopened }

// IsCovered reports whether node n has been covered by a later zone.
func (s *Store) IsCovered(n int32) bool { return s.nodes.item(n).covered() }
