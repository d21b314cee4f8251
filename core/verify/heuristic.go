// Building the heuristic named by Options.Heuristic for a query.

package verify

import (
	"context"
	"fmt"
	"strings"
	"time"

	"beeline/core/heuristic"
	"beeline/core/heuristic/graphdist"
	"beeline/core/heuristic/relax"
	"beeline/core/model"
)

// Heuristics lists the heuristic names Options.Heuristic accepts.
var Heuristics = []string{"dl", "du", "hl", "hu"}

// DefaultHeuristicCache is the default size of the table of estimates.
const DefaultHeuristicCache = 1 << 16

// ParseHeuristic checks a heuristic name ("" and "none" mean none).
func ParseHeuristic(s string) (string, error) {
	s = strings.ToLower(s)
	if s == "" || s == "none" {
		return "", nil
	}
	for _, h := range Heuristics {
		if s == h {
			return s, nil
		}
	}
	return "", fmt.Errorf("unknown heuristic %q (want %s)", s, strings.Join(Heuristics, ", "))
}

// NewHeuristic builds the heuristic called name for the target of query
// f (the target is φ for E<> φ and ¬φ for A[] φ; see heuristic.TargetOf).
// It does not precompute.
func NewHeuristic(n *model.Network, f *model.Formula, name string) (heuristic.Heuristic, error) {
	t := heuristic.TargetOf(n, f)
	switch name {
	case "dl":
		return graphdist.New(n, t, graphdist.Max), nil
	case "du":
		return graphdist.New(n, t, graphdist.Sum), nil
	case "hl":
		return relax.New(n, t, relax.Lower), nil
	case "hu":
		return relax.New(n, t, relax.Upper), nil
	}
	return nil, fmt.Errorf("unknown heuristic %q", name)
}

// buildHeuristic builds, precomputes and wraps in its cache the heuristic
// of opts, recording its description and precomputation time in res. It
// returns nil and no error when ctx was cancelled.
func buildHeuristic(ctx context.Context, n *model.Network, f *model.Formula, opts Options, res *Result) (heuristic.Heuristic, error) {
	h, err := NewHeuristic(n, f, opts.Heuristic)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	err = h.Precompute(ctx, nil)
	res.PrecomputeSeconds = time.Since(start).Seconds()
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil
		}
		return nil, err
	}
	if !opts.NoHeuristicCache {
		size := opts.HeuristicCache
		if size <= 0 {
			size = DefaultHeuristicCache
		}
		h = heuristic.NewCache(h, size)
	}
	res.Heuristic = h.Info().String()
	return h, nil
}
