// Interrupting long computations of the model's functions.

package zone

// SetInterrupt makes the computations of g's guards, invariants and
// updates (and of its aux's) ask stop every ir.PollRounds loop rounds
// whether to give up (model.Env.Interrupt); one that gives up is an error
// of Initial or Successors. It implements core/search's Interrupter, so
// that a search's time budget and cancellation reach into a function
// that loops for long. nil turns the polling off.
func (g *Expander) SetInterrupt(stop func() bool) {
	g.env.Interrupt = stop
	if g.aux != nil {
		g.aux.env.Interrupt = stop
	}
}

// SetInterrupt makes the goal's computations stop when stop says so (see
// Expander.SetInterrupt); a stopped one is the goal's error.
func (q *Goal) SetInterrupt(stop func() bool) {
	if q.x != nil {
		q.x.SetInterrupt(stop)
	}
}

// SetInterrupt makes the evaluator's computations stop when stop says so
// (see Expander.SetInterrupt); a stopped one is an error of the method
// that ran it.
func (e *Evaluator) SetInterrupt(stop func() bool) { e.x.SetInterrupt(stop) }

// SetInterrupt makes the simulator's computations stop when stop says so
// (see Expander.SetInterrupt); a stopped one is an error of the method
// that ran it.
func (s *Simulator) SetInterrupt(stop func() bool) { s.x.SetInterrupt(stop) }
