// One search split between workers that the engine reaches through its
// host (the page's Web Workers): the lead's hook, and the helpers' side.

package engine

import (
	"context"
	"fmt"

	"beeline/core/job"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/verify"
)

// Distribution is the search of one query split between workers, as
// Options.Distribute is given it: worker 0's part runs in this engine
// (Part); the others run in helpers (NewHelper) that were handed the
// same request, each told the pick and the search options.
type Distribution struct {
	// Workers is the number of workers, this one included (at least 2).
	Workers int
	// Pick is the query's place among the queries the request picks
	// (its position in job.Model.Pick's answer), which a helper finds
	// the query by (Helper.Part).
	Pick int
	// Search are the search's options (verify.Options.Distribute's);
	// their functions, but Progress, are the lead's own.
	Search search.Options
	// Part runs worker 0's share of the search with po, in this engine.
	Part func(ctx context.Context, po search.PartOptions) (*search.Partition, error)
}

// distribute returns vopts with its Distribute set to h's, for the
// query q of l at place pick, when the request asks for more than one
// worker and h has a way to reach them; vopts unchanged otherwise. It
// also returns the number of workers (1 when the search is not split).
func (h *handler) distribute(vopts verify.Options, o protocol.Options, l *job.Model, q *job.Query, pick int) (verify.Options, int) {
	k := o.Workers
	if h.opts.Distribute == nil || k < 2 || q.Formula == nil {
		return vopts, 1
	}
	part := vopts
	vopts.Distribute = func(ctx context.Context, so search.Options) (*search.Result, error) {
		return h.opts.Distribute(ctx, Distribution{Workers: k, Pick: pick, Search: so,
			Part: func(ctx context.Context, po search.PartOptions) (*search.Partition, error) {
				return verify.Part(ctx, l.Net, q.Formula, part, so, po)
			}})
	}
	return vopts, k
}

// Helper is a helper worker's side of a distributed search: the model
// and the queries of the lead's request, loaded as the lead loaded
// them, and the verifier's options it was given.
type Helper struct {
	model  *job.Model
	picked []*job.Query
	vopts  verify.Options
}

// NewHelper loads the request body (a msgpack protocol.Request, the
// one the lead serves) for a helper of a distributed search, with the
// engine options opts (their budgets' defaults and ceilings). It fails
// when the request cannot be decoded, its model has errors or its pick
// is wrong: the lead then fails alike.
func NewHelper(opts Options, body []byte) (*Helper, error) {
	h := newHandler(opts)
	req, err := protocol.DecodeRequest(body, h.catalog)
	if err != nil {
		return nil, err
	}
	h.limit(&req.Options)
	vopts, err := h.verifyOptions(req.Options)
	if err != nil {
		return nil, err
	}
	var qfs []job.File
	for _, f := range req.QueryFiles {
		qfs = append(qfs, job.File{Name: f.Name, Data: f.Data})
	}
	l := job.Load(job.File{Name: req.Name, Data: req.Model}, qfs...)
	if l.Net == nil {
		return nil, fmt.Errorf("the model has errors")
	}
	picked, err := l.Pick(req.Queries, req.Formulas)
	if err != nil {
		return nil, err
	}
	return &Helper{model: l, picked: picked, vopts: vopts}, nil
}

// Part runs worker po.Me's share of the search of the query at place
// pick, with the search options so the lead's Distribution carries
// (their scalar fields; functions are ignored).
func (hp *Helper) Part(ctx context.Context, pick int, so search.Options, po search.PartOptions) (*search.Partition, error) {
	if pick < 0 || pick >= len(hp.picked) || hp.picked[pick].Formula == nil {
		return nil, fmt.Errorf("the request picks no query %d to search", pick)
	}
	return verify.Part(ctx, hp.model.Net, hp.picked[pick].Formula, hp.vopts, so, po)
}
