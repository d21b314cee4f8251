// Transient states: passed through within an expansion, never stored.

package search

import "beeline/core/dbm"

// Transient is implemented by a Space some of whose states need not be
// stored: core/zone calls transient the states in which a process is in a
// committed location. With Options.PassTransient, such a state is
// expanded as soon as it is generated, within the expansion of the stored
// state it was reached from, and never enters the store or the waiting
// list. This is UPPAAL's default "conservative" space reduction ("avoid
// storing committed states"; Larsen, Larsson, Pettersson and Yi,
// "Efficient Verification of Real-Time Systems: Compact Data Structure
// and State-Space Reduction", RTSS 1997): time cannot pass in a committed
// state and the model leaves it at once, so it is rarely reached twice
// through different stored states, while storing it costs as much as any
// other.
//
// The transient states of one expansion are kept until it ends and
// compared with each other by inclusion, so interleavings of several
// committed processes that meet again are expanded once (without this,
// the traffic-light controller of the shared models expands 36 times as
// many). Every transient state is checked against the goal when it is
// generated, so the verdicts are those of the full search.
type Transient interface {
	// Transient reports whether states with discrete part d may be
	// passed through.
	Transient(d []int32) bool
}

// closure holds the transient states generated during one expansion:
// discrete part, zone and depth of each, and an index from the hash of a
// discrete part to the states that have it: the newest in heads, each
// state linking to the previous one with the same hash in next (−1 ends
// the chain). Once its slices and map have grown, adding a state
// allocates nothing.
type closure struct {
	klen, zsize int
	d           []int32
	z           []dbm.Bound
	depth       []int32
	next        []int32
	heads       map[uint64]int32
}

func newClosure(klen, dim int) *closure {
	return &closure{klen: klen, zsize: dim * dim, heads: map[uint64]int32{}}
}

// reset empties the closure, keeping its memory.
func (c *closure) reset() {
	c.d, c.z, c.depth, c.next = c.d[:0], c.z[:0], c.depth[:0], c.next[:0]
	clear(c.heads)
}

// len returns the number of states added since the last reset.
func (c *closure) len() int { return len(c.depth) }

// add adds (d, z) at the given depth unless a state already in the
// closure with the same discrete part includes it. It reports whether
// the state was added.
func (c *closure) add(d []int32, z *dbm.DBM, depth int32) bool {
	h := hashKey(d)
	first, ok := c.heads[h]
	if !ok {
		first = -1
	}
	for i := first; i >= 0; i = c.next[i] {
		if equalKeys(c.d[int(i)*c.klen:][:c.klen], d) && relation(c.z[int(i)*c.zsize:][:c.zsize], z.Raw())&dbm.Superset != 0 {
			return false
		}
	}
	c.d = append(c.d, d...)
	c.z = append(c.z, z.Raw()...)
	c.depth = append(c.depth, depth)
	c.next = append(c.next, first)
	c.heads[h] = int32(len(c.depth) - 1)
	return true
}

// state copies state i into d and z and returns its depth.
func (c *closure) state(i int, d []int32, z *dbm.DBM) int32 {
	copy(d, c.d[i*c.klen:][:c.klen])
	copy(z.Raw(), c.z[i*c.zsize:][:c.zsize])
	return c.depth[i]
}
