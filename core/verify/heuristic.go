// Building the heuristic of Options.Heuristic for a query.

package verify

import (
	"context"
	"time"

	"beeline/core/heuristic"
	"beeline/core/model"
)

// NewHeuristic builds the heuristic that directs a search for target t of
// network n. It does not precompute. core/options names the heuristics
// Beeline offers and makes their NewHeuristic functions.
type NewHeuristic func(n *model.Network, t *heuristic.Target) (heuristic.Heuristic, error)

// DefaultHeuristicCache is the default size of the table of estimates.
const DefaultHeuristicCache = 1 << 16

// buildHeuristic builds the heuristic of opts for the target of f (φ for
// E<> φ, ¬φ for A[] φ; see heuristic.TargetOf), precomputes it and wraps
// it in its cache, recording its description and precomputation time in
// res. It returns nil and no error when ctx was cancelled.
func buildHeuristic(ctx context.Context, n *model.Network, f *model.Formula, opts Options, res *Result) (heuristic.Heuristic, error) {
	h, err := opts.Heuristic(n, heuristic.TargetOf(n, f))
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if len(opts.Table) > 0 {
		err = h.Load(opts.Table)
	} else {
		err = h.Precompute(ctx, opts.PrecomputeProgress)
	}
	res.PrecomputeSeconds = time.Since(start).Seconds()
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		return nil, err
	}
	if !opts.NoHeuristicCache && !h.Info().UsesZone {
		size := opts.HeuristicCache
		if size <= 0 {
			size = DefaultHeuristicCache
		}
		h = heuristic.NewCache(h, size)
	}
	res.Heuristic = h.Info().String()
	return h, nil
}
