// Liveness: E[] φ, A<> φ and p --> q.

package verify

import (
	"context"

	"beeline/core/model"
)

// checkLiveness decides E[] φ, A<> φ (not E[] not φ) and p --> q.
func checkLiveness(ctx context.Context, n *model.Network, f *model.Formula, opts Options, res *Result) (*Result, error) {
	res.Reason = "liveness properties are not supported yet"
	return res, nil
}
