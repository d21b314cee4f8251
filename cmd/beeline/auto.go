// --search auto: the race's lines in the text output and its status line.

package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"beeline/core/protocol"
	"beeline/core/search"
)

// printPortfolio prints how a race went: the winner, then one line per
// member with its state and figures. A nil p prints nothing.
func printPortfolio(w io.Writer, p *protocol.Portfolio) {
	if p == nil {
		return
	}
	ran := 0
	for _, m := range p.Members {
		if m.Runs > 0 {
			ran++
		}
	}
	who := "no member decided it"
	if p.Winner >= 0 {
		who = "won by " + p.Members[p.Winner].Label
	}
	fmt.Fprintf(w, " -- Search order : auto, %s (%d of %d members ran, at most %d at once)\n", who, ran, len(p.Members), p.Jobs)
	if p.NotShortest {
		fmt.Fprintln(w, " -- Trace : not known to be shortest: no member that guarantees a shortest trace decided the query")
	}
	for _, m := range p.Members {
		fmt.Fprintf(w, "      %s\n", memberLine(m))
	}
}

// memberLine is one member's line: "A* + PDB: stopped, 1,234 explored,
// 0.52 s (pdb (admissible, ...))".
func memberLine(m protocol.MemberResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", m.Label, m.State)
	if m.Runs > 0 {
		fmt.Fprintf(&b, ", %d explored, %.3f s", m.Explored, m.Seconds)
		if m.Runs > 1 {
			fmt.Fprintf(&b, " in %d runs", m.Runs)
		}
	}
	if m.Reason != "" && m.State == "failed" {
		fmt.Fprintf(&b, " (%s)", m.Reason)
	}
	return b.String()
}

// raceStatus is the status line of a race: "formula 3, 4.0 s: auto:
// greedy + hU 12.0k, A* + PDB 3.1k h=7, DFS 50.0k": each member that
// reported, with its explored states and best estimate.
func raceStatus(query int, elapsed time.Duration, labels []string, last []*search.Stats) string {
	var parts []string
	for i, st := range last {
		if st == nil {
			continue
		}
		p := labels[i] + " " + shortCount(st.Explored)
		if st.HasEstimate {
			p += fmt.Sprintf(" h=%d", st.BestEstimate)
		}
		parts = append(parts, p)
	}
	return statusHead(query, elapsed) + " auto: " + strings.Join(parts, ", ")
}
