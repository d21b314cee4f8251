// Package absint evaluates core/ir's resolved form abstractly, over
// intervals: expressions, guards, clock constraints and updates run where
// some slots of a state are unknown. It imports ir and adds nothing to it;
// ir does not know it exists.
//
// # Who reads it
//
// It is made for abstractions that know only some variables, processes
// and clocks of a state (pattern databases, merge-and-shrink, predicate
// abstraction). Today core/heuristic/relax uses its interval operators
// (ApplyInterval, ApplyUnaryInterval) to tell whether an operator may
// fail; the evaluator proper (EvalExpr, EvalGuard, EvalConstraint,
// ApplyUpdate) is exercised by its tests only.
//
// # The domain
//
// The form runs over intervals, the non-relational domain of Cousot and
// Cousot (POPL 1977). abstract.go holds the domain, the interval
// operators and the expressions; abstract_stmt.go the stores, addresses,
// statements, loops, quantifiers, calls and updates; work.go how an
// evaluation accounts for ir.MaxWork.
//
// A State gives one Interval per state and meta slot (a point for a slot
// the abstraction keeps, the slot's type range for a dropped one: Project
// builds that), each process's location or UnknownLoc, select values as
// intervals, and the pool. Values are computed in int64; a result that
// may leave int32 may fail (an overflow), and keeps its int32 part.
// Conditions are three-valued (Tri: {0} False, an interval without 0
// True, else Unknown). ApplyInterval is ir.Apply over intervals;
// operators without a tight interval rule (remainder, power, bitwise,
// shifts) are computed pair by pair through ir.Apply when the operands
// are small, else bounded coarsely. A check that may fail (subscript,
// range, divisor, overflow, clock value, argument, return value, process
// index, endless loop) is recorded as a Failure and narrows the value to
// the passing part; when nothing passes the run is dead, and a result
// with no live run must fail.
//
// # The abstract machine
//
// The evaluator mirrors the concrete one (core/model's closures and
// reference interpreter) node by node over an abstract store: the state
// vectors (shared copy-on-write between branches), an abstract stack
// with the same frame layout, the return register and the clock
// assignments. A dynamic reference keeps its index as a strided set of
// offsets (a[i].f reaches the f fields only); one address is read and
// written exactly, several are read as the join of their slots and
// written weakly (each keeps its old value or takes the new). A reference
// parameter holds an interval of encoded addresses (ir.Encode). An
// unknown condition (If, Cond, &&, ||, imply, a quantifier's body,
// Choose's index) runs both ways on copies and joins them. Statements end
// in up to four stores (normally, break, continue, return), so control
// leaving a branch of unknown condition is joined where it lands.
//
// Loops and quantifiers are unrolled for Options.Rounds rounds, an
// unknown condition sending a copy out of the loop; a run that may go on
// past them continues from a fixpoint of the loop head (data and clock
// resets), reached by widening with thresholds (the slot's range, the
// bounds of int, the int32 extremes; Blanchet et al., PLDI 2003), which
// covers every later round and reports a possible endless loop, since
// rounds past the unrolling are not counted. A round that changes
// nothing is such a fixpoint at once and ends the unrolling early. In
// all, an evaluation unrolls at most absWork rounds exactly (nested loops
// multiply); past them every loop goes to its fixpoint at once. Calls,
// copies and comparisons of aggregates are never summarised: an
// evaluation whose work in them passes absCalls gives up, with the
// coarsest result (Outcome.GaveUp). ir.MaxWork is accounted for in
// work.go: a concrete run can exceed it only where the evaluator
// summarised rounds by a fixpoint, so that is where the possible failure
// is recorded, at the outermost construct, unless a static bound of that
// construct's rounds and calls rules it out.
//
// # Soundness
//
// Soundness is the contract. Let st stand for every Env whose slots lie
// in st's intervals, whose known locations agree, with any stack
// contents. For each such Env, the concrete evaluation of the same
// expression, guard or update either fails, and then the abstract Fail is
// not NoFail, or succeeds, and then Fail is not MustFail, its value lies
// in the abstract value, each state and meta slot afterwards in the
// result's interval, and its clock assignments are covered by the Resets
// as ClockReset describes; a concrete run that fails does so at one of
// the Errors' positions unless the evaluation gave up. With every slot
// known (and loops shorter than Rounds, absWork rounds and absCalls
// calls in all) the abstract run is the concrete run: points, the same
// failure. abstract_test.go checks both against a concrete evaluator
// written apart from it, over random expressions, updates and functions.
//
// The limits are those of a non-relational domain: no correlation between
// slots, and conditions do not narrow the slots they test (in x > 0 && 1/x
// the division may still fail), so an abstraction that needs a relation
// should split its states before it asks. A reference parameter bound to
// a[i].f loses the stride. The cost is that of the concrete run times the
// branches of unknown conditions, each copying the stack (the state
// vectors only once written), and a loop costs up to Rounds rounds plus
// the fixpoint's.
package absint
