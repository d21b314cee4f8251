// Package ir is the resolved form of UPPAAL's expressions, statements and
// functions: what core/model makes of core/lang's syntax once names are
// bound, types checked and constants folded, and what the engine, the
// dependency analysis and the abstractions all read.
//
// # The resolved form
//
// Every name is bound to storage, and a Ref says where:
//
//	Var    a slot of the state vector (Env.Vars)
//	Meta   a meta variable (Env.Meta), outside the state
//	Local  a slot of the evaluation stack, relative to the frame pointer:
//	       parameters, locals, quantifier and loop variables
//	Pool   an element of the network's pool of constant arrays and structs
//	Sel    a select value of the current edge
//	Clock  a clock index, Chan a channel index (no storage)
//
// Scalar constants are folded into Const. Every integral Ref carries the
// range of its type (Lo, Hi), which each write checks, and every subscript
// its array's index range; nodes keep the source.Pos their run-time
// errors point to (a Binary or Assign: the operator). Arrays and structs
// are flattened row-major, fields in declaration order.
//
// The node families:
//
//	Expr        Const, Load; Unary, Binary, Cond; Offset (a subscript);
//	            Assign, IncDec, ClockSet, Copy (writes); Equal, Seq,
//	            Quant, LocIs, Choose, Call
//	Guard       an integer condition and clock Constraints, in a label
//	            frame of Frame slots; Update: an assignment list, likewise
//	Stmt        Block, Do, If, Loop, ForRange, Return, Break, Continue,
//	            Fill: function bodies
//	Func        a function compiled for one process, its Params, and the
//	            Args of a Call (ArgValue, ArgCopy, ArgRef, ArgSpill)
//
// Op names the operators and Apply (with ApplyUnary) is their one table
// of meanings: int32 arithmetic, and the invalid evaluations (division
// by zero, a shift count outside 0..31, a negative exponent, a result
// that does not fit in 32 bits: nothing wraps). Constant folding,
// the compiled closures and every evaluator use it; none re-implements an
// operator.
//
// # References
//
// A static Ref (Index nil, Param false) is slot Off of Space. A dynamic
// one adds Index at run time: a sum of Offsets, each checking its
// subscript against [Lo,Hi] and yielding (i − Lo)·Stride, never negative
// and below Span, the number of slots from Off to the end of the
// enclosing variable. A Ref through a reference parameter (Param) reads
// frame slot Off, which holds the encoded address of the bound object
// (Encode: the space in the top bits, the absolute offset in the low 27),
// and adds Index to it; Space then only says what the object is (Local for
// data in any space, Clock, Chan). Encoded Local addresses are absolute
// on the stack, so a reference stays valid in the callee's frame.
//
// # Who runs it
//
// core/model compiles the form into the closures the engine runs
// (closure.go, closure_stmt.go, specialised for the shapes that dominate
// guards and updates) and keeps a tree-walking reference interpreter
// beside them. Their semantics is the concrete semantics: operands left to
// right (an assignment's value before its target's address, a compound
// assignment's address first), label frames pushed at the stack top,
// calls that push the callee's frame, pass the arguments from the
// caller's frame, set the return register to 0 and pop; each loop bounded
// by MaxIterations, and each computation by MaxWork: the rounds and
// calls of an outermost loop, for (i : T), quantifier or call with all
// it runs inside, since nested loops multiply and so do calls (the error
// names the function of the outermost construct, for a call the one
// called, and points at it); the first run-time error ends the run,
// which the engine turns into an error path. Every PollRounds rounds and
// calls a computation also asks its caller whether to stop (core/model's
// Env.Interrupt), which is how a search's time budget reaches into a long
// guard. deps.go summarises what each piece may read and write, for the
// dependency table.
//
// # Abstract evaluation
//
// Abstractions (pattern databases projecting onto some variables,
// processes and clocks; merge-and-shrink; predicate abstraction) need the
// form evaluated where some slots are unknown. abstract.go and
// abstract_stmt.go run it over intervals, the non-relational domain of
// Cousot and Cousot (POPL 1977).
//
// An AbsState gives one Interval per state and meta slot (a point for a
// slot the abstraction keeps, the slot's type range for a dropped one:
// Project builds that), each process's location or UnknownLoc, select
// values as intervals, and the pool. Values are computed in int64; a
// result that may leave int32 may fail (an overflow), and keeps its
// int32 part. Conditions are
// three-valued (Tri: {0} False, an interval without 0 True, else
// Unknown). ApplyInterval is Apply over intervals; operators without a
// tight interval rule (remainder, power, bitwise, shifts) are computed
// pair by pair through Apply when the operands are small, else bounded
// coarsely. A check that may fail (subscript, range, divisor, overflow,
// clock value, argument, return value, process index, endless loop) is
// recorded as a Failure and narrows the value to the passing part; when
// nothing passes the run is dead, and a result with no live run must
// fail.
//
// The evaluator mirrors the concrete one node by node over an abstract
// store: the state vectors (shared copy-on-write between branches), an
// abstract stack with the same frame layout, the return register and the
// clock assignments. A dynamic reference keeps its index as a strided
// set of offsets (a[i].f reaches the f fields only); one address is read
// and written exactly, several are read as the join of their slots and
// written weakly (each keeps its old value or takes the new). A reference
// parameter holds an interval of encoded addresses. An unknown condition
// (If, Cond, &&, ||, imply, a quantifier's body, Choose's index) runs
// both ways on copies and joins them. Statements end in up to four stores
// (normally, break, continue, return), so control leaving a branch of
// unknown condition is joined where it lands. Loops and quantifiers are
// unrolled for AbsOptions.Rounds rounds, an unknown condition sending a
// copy out of the loop; a run that may go on past them continues from a
// fixpoint of the loop head (data and clock resets), reached by widening
// with thresholds (the slot's range, the bounds of int, the int32
// extremes; Blanchet et al., PLDI 2003), which covers every later round
// and reports a possible endless loop, since rounds past the unrolling
// are not counted. A round that changes nothing is such a fixpoint at
// once and ends the unrolling early. In all, an evaluation unrolls at
// most absWork rounds exactly (nested loops multiply); past them every
// loop goes to its fixpoint at once. Calls, copies and comparisons of
// aggregates are never summarised: an evaluation whose work in them
// passes absCalls gives up, with the coarsest result (Outcome.GaveUp). MaxWork is accounted for in work.go:
// a concrete run can exceed it only where the evaluator summarised
// rounds by a fixpoint, so that is where the possible failure is
// recorded, at the outermost construct, unless a static bound of that
// construct's rounds and calls rules it out.
//
// Soundness is the contract. Let st stand for every Env whose slots lie
// in st's intervals, whose known locations agree, with any stack
// contents. For each such Env, the concrete evaluation of the same
// expression, guard or update either fails, and then the abstract Fail is
// not NoFail, or succeeds, and then Fail is not MustFail, its value lies
// in the abstract value, each state and meta slot afterwards in the
// result's interval, and its clock assignments are covered by the Resets
// as AbsReset describes; a concrete run that fails does so at one of
// the Errors' positions unless the evaluation gave up. With every slot
// known (and loops shorter than Rounds, absWork rounds and absCalls
// calls in all) the abstract run is the concrete run: points, the same
// failure.
// abstract_test.go checks both against a concrete evaluator written apart
// from it, over random expressions, updates and functions.
//
// The limits are those of a non-relational domain: no correlation between
// slots, and conditions do not narrow the slots they test (in x > 0 && 1/x
// the division may still fail), so an abstraction that needs a relation
// should split its states before it asks. A reference parameter bound to
// a[i].f loses the stride. The cost is that of the concrete run times the
// branches of unknown conditions, each copying the stack (the state
// vectors only once written), and a loop costs up to Rounds rounds plus
// the fixpoint's.
package ir
