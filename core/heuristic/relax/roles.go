// Synchronisation in the ATG: which enabled edges can meet a partner.

package relax

// Role kinds.
const (
	roleSend  = iota // binary sender
	roleRecv         // binary receiver
	roleBSend        // broadcast sender
	nRoles
)

// roleSlot remembers up to two enabled edges of distinct processes in one
// role on one channel, for the layer stamp.
type roleSlot struct {
	stamp int32
	n     int
	proc  [2]int32
	edge  [2]int32
}

// roles indexes the enabled synchronising edges of a layer by channel.
// Slot nch collects every edge whatever its channel, slot nch+1 the edges
// whose channel is computed at run time: such an edge may meet any edge of
// the opposite role (an over-approximation), and a fixed-channel edge may
// meet any of them.
type roles struct {
	nch   int
	stamp int32
	slots [][nRoles]roleSlot
}

func (r *roles) init(nch int) {
	r.nch = nch
	r.slots = make([][nRoles]roleSlot, nch+2)
	r.stamp = 0
}

// clear starts a new layer: entries of earlier layers (of this ATG or of
// earlier ones) become stale.
func (r *roles) clear() { r.stamp++ }

func roleOf(e *edge) int {
	switch {
	case e.send && e.broadcast:
		return roleBSend
	case e.send:
		return roleSend
	case e.broadcast:
		return -1 // broadcast receivers are never a sender's requirement
	}
	return roleRecv
}

// add records enabled edge ei.
func (r *roles) add(ei int32, e *edge) {
	role := roleOf(e)
	if role < 0 {
		return
	}
	r.put(r.nch, role, ei, e.proc)
	if e.ch < 0 {
		r.put(r.nch+1, role, ei, e.proc)
	} else {
		r.put(int(e.ch), role, ei, e.proc)
	}
}

func (r *roles) put(slot, role int, ei, proc int32) {
	s := &r.slots[slot][role]
	if s.stamp != r.stamp {
		*s = roleSlot{stamp: r.stamp}
	}
	if s.n == 2 || (s.n == 1 && s.proc[0] == proc) {
		return
	}
	s.proc[s.n], s.edge[s.n] = proc, ei
	s.n++
}

// partner returns an enabled edge of another process that e can
// synchronise with: a receiver for a binary sender, a sender for a
// receiver (receiver=true).
func (r *roles) partner(e *edge, receiver bool) (int32, bool) {
	want := roleRecv
	switch {
	case receiver && e.broadcast:
		want = roleBSend
	case receiver:
		want = roleSend
	case e.broadcast:
		return -1, false
	}
	if e.ch < 0 {
		return r.find(r.nch, want, e.proc)
	}
	if p, ok := r.find(int(e.ch), want, e.proc); ok {
		return p, ok
	}
	return r.find(r.nch+1, want, e.proc)
}

func (r *roles) find(slot, role int, proc int32) (int32, bool) {
	s := &r.slots[slot][role]
	if s.stamp != r.stamp {
		return -1, false
	}
	for i := range s.n {
		if s.proc[i] != proc {
			return s.edge[i], true
		}
	}
	return -1, false
}
