// Interrupting long computations: the model's functions, and the
// enumeration of a state's successors.

package zone

import (
	"errors"
	"unsafe"

	"beeline/core/dbm"
	"beeline/core/ir"
)

// ErrInterrupted is the error of Initial, Successors and the other
// computations of an Expander when the function given to SetInterrupt
// stopped them between two transitions or edge instances (a stop inside
// a function of the model is a RuntimeError with ir.InterruptError).
var ErrInterrupted = errors.New(ir.InterruptError)

// SetInterrupt makes the computations of g's guards, invariants and
// updates (and of its aux's) ask stop every ir.PollRounds loop rounds
// whether to give up (model.Env.Interrupt), and the enumeration of a
// state's successors every PollWork units of work (see spend); one that
// gives up is an error of Initial or Successors. It implements
// core/search's Interrupter, so that a search's budgets and cancellation
// reach into a function that loops for long and into a state with
// millions of successors. nil turns the polling off.
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

// PollWork is the work between two polls of the interrupt while the
// successors of one state are enumerated. A unit is about the cost of
// one edge instance considered (its select values bound, its integer
// guard evaluated: 50 to 100 ns natively); a transition fired costs
// unitsFire and one unit per edge taking part. So a poll, which reads the
// clock (30 to 90 ns), comes every 0.2 to 0.4 ms of the cheapest work,
// and a state with 65,000 successors (4 s in all) polls 10,000 times
// instead of never.
const PollWork = 4096

// unitsFire is the work of a transition fired, over the units of its
// edges: a DBM copy, the guards, the updates, the delay and the
// abstraction, about 16 edge instances' worth.
const unitsFire = 16

// spend counts units of work of the enumeration of successors and, every
// PollWork units, polls the interrupt; it reports whether to go on.
// Below PollWork it is an addition and a test, which the compiler
// inlines.
func (g *Expander) spend(units int) bool {
	g.work += units
	return g.work < PollWork || g.poll()
}

// poll asks the interrupt whether to stop, records the answer in
// g.halted, and starts a new count.
func (g *Expander) poll() bool {
	g.work = 0
	g.halted = g.env.Interrupt != nil && g.env.Interrupt()
	return !g.halted
}

// ScratchBytes returns the memory held by g's scratch of successor
// computation: the enabled edge instances of the state being expanded
// (a select over a large range makes many) and, under priorities, the
// transitions of the state with their pre-images, which must all be
// known before the first is fired. It implements core/search's
// Scratcher, so that a memory budget counts it.
func (g *Expander) ScratchBytes() int64 {
	b := g.en.bytes() + g.urg.bytes() + int64(cap(g.combo)+cap(g.label))*4
	if ps := g.prio; ps != nil {
		b += int64(cap(ps.combos)+cap(ps.starts)+cap(ps.order)+cap(ps.block))*4 + int64(cap(ps.keys))*int64(unsafe.Sizeof(prioKey{}))
		b += int64(cap(ps.pres)) * (8 + dbmBytes(g.dim))
	}
	return b
}

// bytes returns the memory held by en's slices.
func (en *enabled) bytes() int64 {
	return int64(cap(en.parts))*int64(unsafe.Sizeof(part{})) + int64(cap(en.sel)+cap(en.start))*4
}

// dbmBytes is the memory of one DBM of dimension dim: its bounds and its
// header.
func dbmBytes(dim int) int64 {
	return int64(dim*dim)*int64(unsafe.Sizeof(dbm.Bound(0))) + int64(unsafe.Sizeof(dbm.DBM{}))
}
