// Which processes share a drawing: one figure per process, or one per
// template with a marker for each of its instances.

package main

import (
	"strings"

	"beeline/core/protocol"
)

// drawMode says how the processes are drawn: the menu's values.
type drawMode string

const (
	// drawAuto draws one figure per template for the templates with at
	// least groupFrom instances, one per process for the others.
	drawAuto drawMode = "auto"
	// drawTemplates draws one figure per template with instances.
	drawTemplates drawMode = "template"
	// drawProcesses draws one figure per process.
	drawProcesses drawMode = "process"
)

// groupFrom is the number of instances from which drawAuto draws a
// template once: four drawings of one template still fit side by side
// beside the simulator, six do not.
const groupFrom = 5

// groupProcesses splits the processes into the sets drawn together, in
// the order of each set's first process: a set of one is a process
// drawn on its own, a larger set the instances of one template drawn
// once.
func groupProcesses(ps []protocol.Process, mode drawMode) [][]int {
	count := map[string]int{}
	for _, p := range ps {
		count[p.Template]++
	}
	grouped := func(t string) bool {
		switch mode {
		case drawTemplates:
			return count[t] > 1
		case drawProcesses:
			return false
		}
		return count[t] >= groupFrom
	}
	var out [][]int
	at := map[string]int{} // a grouped template's set in out
	for i, p := range ps {
		if !grouped(p.Template) {
			out = append(out, []int{i})
			continue
		}
		if k, ok := at[p.Template]; ok {
			out[k] = append(out[k], i)
			continue
		}
		at[p.Template] = len(out)
		out = append(out, []int{i})
	}
	return out
}

// instanceLabel is the short name of a process on its template's
// drawing: its arguments ("0" for Train(0), "1, 2" for P(1, 2)), or its
// name when it has none.
func instanceLabel(process string) string {
	open, end := strings.IndexByte(process, '('), strings.LastIndexByte(process, ')')
	if open < 0 || end <= open+1 {
		return process
	}
	return process[open+1 : end]
}
