// Precomputed tables shared by the members of a portfolio.

package verify

import (
	"context"
	"sync"

	"beeline/core/heuristic"
	"beeline/core/model"
)

// tableCache holds the tables the members of one race precompute, by
// heuristic spec: the first member to need one computes it, the others
// of that heuristic wait and load it, and a member's second run loads
// what its first computed.
type tableCache struct {
	mu      sync.Mutex
	entries map[string]*tableEntry
}

// tableEntry is one heuristic's table: being computed while computing
// is set, then finished with its data (nil when the heuristic has none)
// or the error that stopped it. done closes when a computation ends.
type tableEntry struct {
	done      chan struct{}
	computing bool
	finished  bool
	data      []byte
	err       error
}

func newTableCache() *tableCache { return &tableCache{entries: map[string]*tableEntry{}} }

// shared wraps the builder nh of the heuristic spec so that its
// precomputation goes through the cache.
func (c *tableCache) shared(spec string, nh NewHeuristic) NewHeuristic {
	return func(n *model.Network, t *heuristic.Target) (heuristic.Heuristic, error) {
		h, err := nh(n, t)
		if err != nil {
			return nil, err
		}
		return &sharedTable{Heuristic: h, cache: c, spec: spec}, nil
	}
}

// sharedTable is a heuristic whose precomputation the cache shares.
type sharedTable struct {
	heuristic.Heuristic
	cache *tableCache
	spec  string
}

// Precompute loads the table when another member computed it, waits
// while one computes it, and computes it otherwise. A member whose
// computation is cancelled leaves it to the next member that asks; one
// that fails on its own (the table does not fit its budget) fails the
// others alike.
func (s *sharedTable) Precompute(ctx context.Context, progress func(done, total int64)) error {
	for {
		st, compute := s.cache.claim(s.spec)
		switch {
		case compute:
			return s.compute(ctx, progress)
		case st.finished && st.err != nil:
			return st.err
		case st.finished && st.data == nil:
			return s.Heuristic.Precompute(ctx, progress) // nothing to share
		case st.finished:
			return s.Heuristic.Load(st.data)
		}
		select {
		case <-st.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// compute precomputes the table and leaves it in the cache.
func (s *sharedTable) compute(ctx context.Context, progress func(done, total int64)) error {
	err := s.Heuristic.Precompute(ctx, progress)
	var data []byte
	if err == nil {
		data, err = s.Heuristic.Table()
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	e := s.cache.entries[s.spec]
	e.computing = false
	if err == nil || ctx.Err() == nil {
		e.finished, e.data, e.err = true, data, err
	}
	close(e.done)
	e.done = make(chan struct{})
	return err
}

// claim returns a snapshot of spec's entry, and whether the caller is
// to compute it.
func (c *tableCache) claim(spec string) (tableEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[spec]
	if e == nil {
		e = &tableEntry{done: make(chan struct{})}
		c.entries[spec] = e
	}
	if e.finished || e.computing {
		return *e, false
	}
	e.computing = true
	return *e, true
}
