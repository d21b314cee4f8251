// Checks by reachability split between workers: goroutines of this
// process, or the workers of a cluster (Part).

package verify

import (
	"context"
	"fmt"
	"time"

	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/search"
)

// searcher runs the search of a check by reachability with the given
// options: search.Run on the check's space, a parallel search, or
// Options.Distribute.
type searcher func(ctx context.Context, so search.Options) (*search.Result, error)

// parallelOrder reports whether a parallel search can run with so:
// breadth-first or depth-first, without a heuristic.
func parallelOrder(so search.Options) bool {
	return so.Heuristic == nil && (so.Order == search.BFS || so.Order == search.DFS || so.Order == search.RandomDFS)
}

// workersOf returns the number of workers of the search of a check by
// reachability: opts.Jobs when a parallel search can run, else 1.
func workersOf(opts Options, so search.Options) int {
	if len(opts.Portfolio) > 0 || !parallelOrder(so) {
		return 1
	}
	return max(opts.Jobs, 1)
}

// parallel returns the searcher of a search split between k goroutines:
// worker 0 searches space with the check's goal, the others copies of
// it (the same symmetry reduction) with goals of their own. A goal's
// run-time error ends the search, with the error as its reason.
func (r *reach) parallel(k int, opts Options, h heuristic.Heuristic, space lazySpace) searcher {
	return func(ctx context.Context, so search.Options) (*search.Result, error) {
		sres, err := search.RunParallel(ctx, k, func(w int) search.Worker {
			if w == 0 {
				return search.Worker{Space: space, Goal: r.goal.Holds}
			}
			sp, _, err := symmetricSpace(r.graph, opts, h, &search.Options{}, &Result{})
			if err != nil {
				// The same call succeeded for worker 0.
				panic(fmt.Sprintf("verify: symmetry for worker %d: %v", w, err))
			}
			sp.Lazy()
			goal := r.graph.Goal(r.target)
			stop := &budget{deadline: r.stop.deadline}
			goal.SetInterrupt(stop.interrupt)
			return search.Worker{Space: sp, Goal: goal.Holds, GoalErr: goal.Err}
		}, so)
		return sres, err
	}
}

// Part runs worker po.Me's share of a check of f on n split between
// po.Workers workers (search.RunPartition): the same zone graph,
// symmetry reduction and goal as Check builds, searched with so, which
// the coordinator's Options.Distribute was given (its functions are
// ignored). Every worker of a run must be given the same network,
// formula, opts and so.
func Part(ctx context.Context, n *model.Network, f *model.Formula, opts Options, so search.Options, po search.PartOptions) (*search.Partition, error) {
	r, why, err := newReach(ctx, n, f, opts, time.Now())
	if err != nil {
		return nil, err
	}
	if why != "" {
		return nil, fmt.Errorf("%s", why)
	}
	so.Progress, so.Heuristic = nil, nil
	space, _, err := symmetricSpace(r.graph, opts, nil, &so, &Result{})
	if err != nil {
		return nil, err
	}
	space.Lazy()
	po.GoalErr = r.goal.Err
	return search.RunPartition(ctx, space, r.goal.Holds, so, po)
}
