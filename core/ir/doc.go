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
// # Who reads it
//
// Besides core/model, which runs it, and deps.go, which summarises it,
// the form is read by core/heuristic's translator into heuristic
// expressions (core/heuristic/expr.go, core/heuristic/relax) and by the
// abstract evaluator, core/ir/absint, which runs it over intervals where
// some slots of a state are unknown. absint imports ir, never the
// reverse: ir is the resolved form and its concrete meaning, nothing
// more. Every one of these readers switches over the node kinds, and
// internal/archtest's readers test fails when one misses a kind.
package ir
