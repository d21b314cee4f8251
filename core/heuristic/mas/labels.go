// Labels: the kinds of global transition on which the components'
// transition systems synchronise (core/heuristic/labels).

package mas

import "beeline/core/heuristic/labels"

type (
	edgeRef = labels.EdgeRef
	label   = labels.Label
)
