//go:build js && wasm

// The simulator when the model is edited: what it shows belongs to the
// version it was made for.

package main

// stale closes the trace or simulated path shown when the model's
// meaning changed (an edit other than a move or a query's), and says so
// in one line; a /simulate under way is stopped, so its answer, for the
// previous version, is never shown.
func (s *simulator) stale() {
	if s.player == nil && s.job == nil {
		return
	}
	what := "simulated path"
	if s.res != nil {
		what = "trace"
	}
	s.stopJob()
	s.res, s.tr, s.player, s.figs = nil, nil, nil, nil
	s.en = enabledSet{at: -1}
	a := s.a
	for _, f := range a.drawings.figs {
		f.showState(nil)
	}
	steps := a.byID(idSteps)
	steps.SetInnerHTML(`<div class="spacer"></div>`)
	a.byID(idEnabled).SetInnerHTML("")
	a.byID(idMsc).SetInnerHTML("")
	a.byID(idStepOf).SetTextContent("")
	a.byID(idTraceTitle).SetTextContent("")
	a.doc.Body().RemoveAttribute("data-step")
	s.fillTable(idVars, nil)
	s.fillTable(idClocks, nil)
	s.note("The model was edited: the "+what+" was made for the previous version and is closed. Check or simulate again.", false)
}

// redrawn puts the trace shown back on the drawings once they are drawn
// again (a move or a query edit keeps it valid).
func (s *simulator) redrawn() {
	if s.player == nil || s.a.model == nil {
		return
	}
	s.figs = make([]*figure, len(s.a.model.Processes))
	for p := range s.figs {
		s.figs[p] = s.a.drawings.figureOf(p)
	}
	s.show()
}
