// A query's outcome as the verdict word of the protocol.

package present

import (
	"fmt"

	"beeline/core/job"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// Verdict is o's verdict as the page and the command line say it: the
// verifier's Satisfied, NotSatisfied and Unknown, or VerdictError when
// the query Failed. It is the one place where core/verify's Verdict
// becomes the protocol's.
func Verdict(o *job.Outcome) protocol.Verdict {
	if o.Failed {
		return protocol.VerdictError
	}
	switch o.Verdict {
	case verify.Satisfied:
		return protocol.VerdictSatisfied
	case verify.NotSatisfied:
		return protocol.VerdictNotSatisfied
	case verify.Unknown:
		return protocol.VerdictUnknown
	}
	panic(fmt.Sprintf("present: no protocol verdict for %v", o.Verdict))
}
