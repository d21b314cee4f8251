package present

import (
	"testing"

	"beeline/core/job"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// Every verifier verdict has the protocol verdict of the same word, and
// a query that failed says "error" whatever its verdict.
func TestVerdict(t *testing.T) {
	for _, v := range []verify.Verdict{verify.Unknown, verify.Satisfied, verify.NotSatisfied} {
		if got := Verdict(&job.Outcome{Verdict: v}); string(got) != v.String() {
			t.Errorf("%v: %q", v, got)
		}
		if got := Verdict(&job.Outcome{Verdict: v, Failed: true}); got != protocol.VerdictError {
			t.Errorf("%v, failed: %q", v, got)
		}
	}
}
