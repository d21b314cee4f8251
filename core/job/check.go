// Deciding one query: a verify.Result in the words the CLI and the page show.

package job

import (
	"context"
	"strings"

	"beeline/core/search"
	"beeline/core/verify"
)

// Outcome is one query's verdict.
type Outcome struct {
	Query *Query
	// Verdict is the verifier's verdict; Unknown when Failed.
	Verdict verify.Verdict
	// Failed is set when the query could not be decided at all: its
	// formula has errors, or the verifier failed. The protocol and the
	// command line say "error" (core/present's Verdict).
	Failed bool
	// Reason says why the verdict is Unknown or the query Failed: a
	// budget, an unsupported kind, a run-time error of the model with its
	// position, or the error.
	Reason string
	// Skipped is set when the query was not searched (errors in the
	// formula, or a kind that is not supported yet).
	Skipped bool
	// Budget is set when a budget or a cancellation stopped the search,
	// or the building of the trace of a decided verdict (TraceStopped).
	Budget bool
	// Result is the verifier's result; nil when Skipped or when the
	// verifier failed.
	Result *verify.Result
}

// Check decides q on l's network with opts. It never fails: every failure
// is an Outcome that Failed. The model must have compiled (l.Net != nil)
// for any query to be searched.
func (l *Model) Check(ctx context.Context, q *Query, opts verify.Options) *Outcome {
	o := &Outcome{Query: q}
	if ok, why := q.Supported(); !ok {
		o.Verdict, o.Reason, o.Skipped, o.Failed = verify.Unknown, why, true, q.Failed
		return o
	}
	res, err := verify.Check(ctx, l.Net, q.Formula, opts)
	if err != nil {
		o.Verdict, o.Reason, o.Failed = verify.Unknown, err.Error(), true
		return o
	}
	o.Result = res
	o.Verdict, o.Reason = res.Verdict, res.Reason
	o.Budget = res.Verdict == verify.Unknown && IsBudgetReason(res.Reason) || TraceStopped(res.Reason)
	return o
}

// TraceStopped reports whether a verify.Result's Reason says that a
// budget or a cancellation stopped the building of the trace of a
// decided verdict ("trace not built: time limit").
func TraceStopped(reason string) bool {
	r, ok := strings.CutPrefix(reason, verify.TraceNotBuilt)
	return ok && IsBudgetReason(r)
}

// IsBudgetReason reports whether a verify.Result's Reason means a budget
// or a cancellation stopped the search, or a lost worker of a cluster
// (search.IsLost), rather than an error of the model.
func IsBudgetReason(reason string) bool {
	if search.IsLost(reason) {
		return true
	}
	switch reason {
	case search.ReasonStates, search.ReasonMemory, search.ReasonTime, search.ReasonCancelled:
		return true
	}
	return false
}
