// A race of the auto order in the protocol's words.

package present

import (
	"beeline/core/protocol"
	"beeline/core/verify"
)

// Portfolio is p in the protocol's words (nil for nil): the command
// line's JSON and the engine's results say a race alike.
func Portfolio(p *verify.PortfolioResult) *protocol.Portfolio {
	if p == nil {
		return nil
	}
	out := &protocol.Portfolio{Winner: p.Winner, NotShortest: p.NotShortest, Jobs: p.Jobs}
	for _, m := range p.Members {
		v := protocol.VerdictUnknown
		switch m.Verdict {
		case verify.Satisfied:
			v = protocol.VerdictSatisfied
		case verify.NotSatisfied:
			v = protocol.VerdictNotSatisfied
		}
		out.Members = append(out.Members, protocol.MemberResult{
			Name: m.Member.Name(), Label: m.Member.Label, State: m.State.String(), Runs: m.Runs,
			Verdict: v, Reason: m.Reason, Explored: m.Stats.Explored, Stored: m.Stats.Stored - m.Stats.Covered,
			Pruned: m.Stats.Pruned, Seconds: m.Seconds, Heuristic: m.Heuristic})
	}
	return out
}
