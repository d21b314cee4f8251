// The combinations known to give a wrong verdict, until their fixes
// merge.

package difftest

import (
	"os"
	"path/filepath"
	"strings"
)

// Known is a combination known to disagree with breadth-first search:
// what is wrong, and which problems and configurations it affects. A
// disagreement it matches is counted as expected and logged, not
// failed, so the test stays green while the fix is under way; once the
// fix merges, its entry goes (BEELINE_DIFFTEST_STRICT=1 ignores the
// list, to see what still fails).
type Known struct {
	Issue string
	Match func(p *Problem, c Combo) bool
}

// known lists the wrong verdicts being fixed, each with the issue that
// describes it.
var known = []Known{
	{
		Issue: "issue 29: a pattern database built for a model with a meta variable forgets it in its projection (a value set on one edge and tested on the next), and calls states dead ends that reach the target",
		Match: func(p *Problem, c Combo) bool { return isPDB(c) && len(p.Net.Meta) > 0 },
	},
	{
		// The issue names A*; the same pruning shows in every order
		// when a trace is asked for: the search then stores the
		// committed states, as A* always does (train-gate-sym.xta's
		// fourth query with bfs and trace=some).
		Issue: "issue 29: a pattern database under symmetry reduction prunes canonical representatives as dead ends although their orbit reaches the target (A*, and every order with a trace)",
		Match: func(p *Problem, c Combo) bool {
			return isPDB(c) && !c.NoSymmetry && p.Symmetric && (c.Order == "astar" || c.Trace)
		},
	},
}

// found lists the disagreements this test found that no issue names
// yet, each with the reproducer in testdata; they are reported with the
// issue's work, and go like known's entries once fixed.
var found = []Known{
	{
		Issue: "found: meta variables are kept in the Expander's Env, not in the state, so the value an edge reads depends on which successor was computed last (testdata/meta-order.xta: dfs and gbfs miss P.C, and BFS's trace fails to concretize)",
		Match: func(p *Problem, c Combo) bool { return filepath.Base(p.Path) == "meta-order.xta" },
	},
	{
		Issue: "found: a pattern database table made by dprc is refused on load as malformed (the random networks of seeds 17 and 51; the table computed in the process works)",
		Match: func(p *Problem, c Combo) bool { return c.Prepared && c.Heuristic == "pdb:select=dprc" },
	},
}

func isPDB(c Combo) bool { return strings.HasPrefix(c.Heuristic, "pdb") }

// knownIssue returns the issue of the first entry of known matching p
// and c, or "" when none does or BEELINE_DIFFTEST_STRICT is set.
func knownIssue(p *Problem, c Combo) string {
	if os.Getenv("BEELINE_DIFFTEST_STRICT") != "" {
		return ""
	}
	for _, k := range append(known, found...) {
		if k.Match(p, c) {
			return k.Issue
		}
	}
	return ""
}
