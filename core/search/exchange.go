// The interface between the workers of a parallel search and whatever
// carries their messages: goroutines (Local), Web Workers, NATS.

package search

import (
	"context"
	"math"
	"strings"
)

// An Exchange carries a parallel search's messages for one worker: the
// batches of states it sends to the owners of their discrete parts and
// receives from the others, and the barrier that ends each round (see
// the package documentation, "Many workers"). Workers are numbered 0 to
// k−1. An Exchange is used by its worker's goroutine only, except Halt,
// Halted and Close, which may be called from anywhere.
type Exchange interface {
	// Send passes a batch of states to worker to, never the sender
	// itself. The batch belongs to the Exchange after the call. Send
	// must not wait for the receiver to take the batch (it may wait
	// for a transport's flow control); an error means the run cannot
	// go on (a lost connection).
	Send(to int, batch []int32) error

	// Poll returns a batch addressed to this worker if one has
	// arrived, without waiting.
	Poll() (batch []int32, ok bool, err error)

	// Receive waits for the next batch addressed to this worker. It
	// returns an error when none can come: ctx is done, a worker or
	// the coordinator is lost.
	Receive(ctx context.Context) ([]int32, error)

	// Reduce is the barrier that ends a phase of a round: it waits
	// until every worker has called it with its report and returns
	// what MergeReports makes of the k reports, the same for every
	// worker. An error means the run cannot go on: a worker is lost
	// ("worker 2 lost: no heartbeat for 10s"), ctx is done.
	Reduce(ctx context.Context, r Report) (Report, error)

	// Halt tells every worker that the run is ending (a goal state was
	// stored, a budget ran out, an error): each ends its round at its
	// next checkpoint. Halted reports whether some worker called Halt.
	Halt()
	Halted() bool
}

// Report is what a worker tells the others at a barrier (Exchange.Reduce),
// and, merged, what they all learn. Its fields are plain values so that
// a transport can encode it as it likes.
type Report struct {
	// Sent[w] counts the batches this worker has sent to worker w since
	// the run began; merged, the batches sent to w by all.
	Sent []int64 `json:"sent,omitempty"`
	// Waiting counts the states in the waiting list; Front is the least
	// depth among them (math.MaxInt32 when there is none).
	Waiting int64 `json:"waiting"`
	Front   int32 `json:"front"`
	// Found is a goal state stored by this worker (its global node
	// number, see Global) and FoundDepth its depth; NoNode for none.
	// Merged: the shallowest, then the least number.
	Found      int32 `json:"found"`
	FoundDepth int32 `json:"foundDepth"`
	// Stop is why this worker stopped (ReasonStates, ReasonMemory,
	// ReasonTime, ReasonCancelled, ReasonError), "" while it goes on;
	// Err the error when ReasonError. Merged: the first by worker number.
	Stop string `json:"stop,omitempty"`
	Err  string `json:"err,omitempty"`
	// Stats are the worker's counters; merged, summed (Elapsed and
	// Rate are left to the reader).
	Stats Stats `json:"stats"`
}

// MergeReports combines the reports of the k workers of a round, in the
// order of their numbers, into what Exchange.Reduce returns to each.
func MergeReports(rs []Report) Report {
	m := Report{Front: math.MaxInt32, Found: NoNode}
	for _, r := range rs {
		if len(r.Sent) > len(m.Sent) {
			m.Sent = append(m.Sent, make([]int64, len(r.Sent)-len(m.Sent))...)
		}
		for i, n := range r.Sent {
			m.Sent[i] += n
		}
		m.Waiting += r.Waiting
		m.Front = min(m.Front, r.Front)
		if r.Found != NoNode && (m.Found == NoNode || r.FoundDepth < m.FoundDepth ||
			r.FoundDepth == m.FoundDepth && r.Found < m.Found) {
			m.Found, m.FoundDepth = r.Found, r.FoundDepth
		}
		if m.Stop == "" && r.Stop != "" {
			m.Stop, m.Err = r.Stop, r.Err
		}
		m.Stats = m.Stats.Sum(r.Stats)
	}
	return m
}

// Sum returns the statistics of two parts of one search: every counter
// added, the levels (Waiting, MemoryBytes, StoreBytes) too, the best
// estimate the lesser. Elapsed and Rate are s's.
func (s Stats) Sum(o Stats) Stats {
	t := s.Plus(o)
	t.Waiting += o.Waiting
	t.MemoryBytes += o.MemoryBytes
	t.StoreBytes += o.StoreBytes
	if o.HasEstimate && (!t.HasEstimate || o.BestEstimate < t.BestEstimate) {
		t.BestEstimate, t.HasEstimate = o.BestEstimate, true
	}
	return t
}

// Global returns the number by which a parallel search of k workers
// names node n of worker w's store: n·k + w. Parents and goal states
// are named so across workers; Split undoes it.
func Global(w, k int, n int32) int32 {
	if n == NoNode {
		return NoNode
	}
	return n*int32(k) + int32(w)
}

// Split returns the worker whose store holds the node numbered g (see
// Global) and its number in that store.
func Split(g int32, k int) (w int, n int32) { return int(g % int32(k)), g / int32(k) }

// LostReason is the Reason of a run that ended because a worker or the
// coordinator was lost: LostReason("worker 2", "no heartbeat for 5s") is
// "worker 2 lost: no heartbeat for 5s".
func LostReason(who, why string) string { return who + " lost: " + why }

// IsLost reports whether reason is a LostReason: the run was not
// decided, through no fault of the model.
func IsLost(reason string) bool {
	who, _, ok := strings.Cut(reason, " lost: ")
	return ok && (who == "coordinator" || strings.HasPrefix(who, "worker "))
}
