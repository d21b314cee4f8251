// The resolved form: expressions, references to storage, clock
// constraints, statements and functions.

package ir

import "beeline/core/source"

// Expr is an integer-valued expression (int, bool or scalar) with every
// name resolved. The variants are the pointer types of this file; an
// Expr is never nil where one is required.
type Expr interface {
	// Pos is where the expression starts in the source; run-time errors
	// of the node point there (Binary, Assign: the operator).
	Pos() source.Pos
	exprNode()
}

// At is the source position embedded in every node.
type At struct{ P source.Pos }

// Pos returns the position.
func (a At) Pos() source.Pos { return a.P }

// Const is the constant V.
type Const struct {
	At
	V int32
}

// Load reads the data slot Ref denotes.
type Load struct {
	At
	Ref *Ref
}

// Unary is Op X for Neg, Not and Abs.
type Unary struct {
	At
	Op Op
	X  Expr
}

// Binary is X Op Y. LAnd, LOr and Imply short-circuit; the others
// evaluate X, then Y. Division by zero, a negative shift count and a
// negative exponent are run-time errors at the operator.
type Binary struct {
	At
	Op   Op
	X, Y Expr
}

// Cond is C ? X : Y.
type Cond struct {
	At
	C, X, Y Expr
}

// Offset is an array subscript: it checks Lo <= X <= Hi (an error
// "array index v out of range [Lo,Hi]" otherwise) and yields
// (X − Lo) · Stride, the slots to skip. A dynamic Ref.Index is a sum of
// Offsets.
type Offset struct {
	At
	X              Expr
	Lo, Hi, Stride int32
}

// Assign is Dst = X (Op == Nop) or Dst Op= X. Dst is evaluated once. The
// new value is range-checked against Dst.Lo..Dst.Hi before it is stored;
// the expression's value is the new value.
type Assign struct {
	At
	Op  Op
	Dst *Ref
	X   Expr
}

// IncDec is ++Dst, --Dst (Post false: the new value) or Dst++, Dst--
// (Post: the old value), with Delta ±1 and a range check.
type IncDec struct {
	At
	Dst   *Ref
	Delta int32
	Post  bool
}

// ClockSet assigns the clock Clock the value X, which must not be
// negative; the value of the expression is X.
type ClockSet struct {
	At
	Clock *Ref
	X     Expr
}

// Copy assigns an array or struct: len(Ranges) slots from Src to Dst,
// each checked against its destination range. Its value is 0.
type Copy struct {
	At
	Dst, Src *Ref
	Ranges   [][2]int32
}

// Equal compares N slots at X and Y: 1 when all are equal (0 when Neq).
type Equal struct {
	At
	X, Y *Ref
	N    int32
	Neq  bool
}

// Seq evaluates List in order; its value is the last one's.
type Seq struct {
	At
	List []Expr
}

// Quant evaluates Body for Slot (a frame slot) = Lo..Hi: Op is LAnd
// (forall), LOr (exists) or Add (sum).
type Quant struct {
	At
	Op     Op
	Slot   int32
	Lo, Hi int32
	Body   Expr
}

// LocIs is 1 when process Proc is at location Loc (queries only).
type LocIs struct {
	At
	Proc, Loc int32
}

// Choose is P(i, j).name in a query with arguments known at run time: it
// checks each Index against its Dims (an error "process index v out of
// range [lo,hi]" otherwise) and evaluates List[k], k the row-major
// position of the indices.
type Choose struct {
	At
	Index []Expr
	Dims  [][2]int32
	List  []Expr
}

// Call calls Fn with Args, one per parameter.
type Call struct {
	At
	Fn   *Func
	Args []*Arg
}

func (*Const) exprNode()    {}
func (*Load) exprNode()     {}
func (*Unary) exprNode()    {}
func (*Binary) exprNode()   {}
func (*Cond) exprNode()     {}
func (*Offset) exprNode()   {}
func (*Assign) exprNode()   {}
func (*IncDec) exprNode()   {}
func (*ClockSet) exprNode() {}
func (*Copy) exprNode()     {}
func (*Equal) exprNode()    {}
func (*Seq) exprNode()      {}
func (*Quant) exprNode()    {}
func (*LocIs) exprNode()    {}
func (*Choose) exprNode()   {}
func (*Call) exprNode()     {}

// Ref denotes storage: a data slot (or the first slot of an array or
// struct), a clock or a channel.
//
// A static Ref (Index nil, Param false) is slot Off of Space. Index adds
// a run-time offset, a sum of Offsets, never negative and below Span.
// Param marks access through a reference parameter: frame slot Off holds
// the encoded address (see Encode) of the bound object, and Index adds to
// it; Space then says what the object is (Local for data in any space,
// Clock or Chan).
type Ref struct {
	Space Space
	Off   int32
	Index Expr
	Param bool
	// Span is how many slots from the base the Ref may reach: 1 for a
	// static Ref, the rest of the enclosing variable for a dynamic one.
	Span int32
	// Lo and Hi are the range of the slot's type (integral data).
	Lo, Hi int32
	// Name spells the object for messages: "a[i]", "s.f", "P(1).x".
	Name string
}

// Elements splits the comma lists of an update into their elements, in
// the order they run.
func Elements(list []Expr) []Expr {
	var out []Expr
	for _, x := range list {
		if s, ok := x.(*Seq); ok {
			out = append(out, Elements(s.List)...)
			continue
		}
		out = append(out, x)
	}
	return out
}

// Conjuncts appends to dst the top-level conjuncts of e (e split at &&);
// nil appends nothing.
func Conjuncts(e Expr, dst []Expr) []Expr {
	switch x := e.(type) {
	case nil:
		return dst
	case *Binary:
		if x.Op == LAnd {
			return Conjuncts(x.Y, Conjuncts(x.X, dst))
		}
	}
	return append(dst, e)
}

// Static reports whether r is one fixed slot.
func (r *Ref) Static() bool { return r.Index == nil && !r.Param }

// Constraint is x_I − x_J ≺ Bound with ≺ '<' when Strict, else '<='; a nil
// I or J is the reference clock 0.
type Constraint struct {
	I, J   *Ref
	Strict bool
	Bound  Expr
}

// Guard is a conjunction of an integer condition (nil: true) and clock
// constraints, evaluated in a label frame of Frame slots.
type Guard struct {
	Cond   Expr
	Clocks []Constraint
	Frame  int32
}

// Update is the assignment list of an edge, run left to right in a label
// frame of Frame slots; an error stops it.
type Update struct {
	List  []Expr
	Frame int32
}

// Stmt is a statement of a function body.
type Stmt interface {
	Pos() source.Pos
	stmtNode()
}

// Block runs List in order.
type Block struct {
	At
	List []Stmt
}

// Do evaluates X for its effect.
type Do struct {
	At
	X Expr
}

// If runs Then when C holds, else Else (nil: nothing).
type If struct {
	At
	C          Expr
	Then, Else Stmt
}

// Loop is for (Init; Cond; Post) Body (nil parts are absent, Cond nil is
// true), while (Cond) Body, and do Body while (Cond) when DoWhile. A loop
// that has not ended after MaxIterations rounds is a run-time error at
// the body.
type Loop struct {
	At
	Init, Cond, Post Expr
	Body             Stmt
	DoWhile          bool
}

// ForRange runs Body for frame slot Slot = Lo..Hi.
type ForRange struct {
	At
	Slot, Lo, Hi int32
	Body         Stmt
}

// Return ends the function, with the value X (nil in a void function)
// checked against Lo..Hi.
type Return struct {
	At
	X      Expr
	Lo, Hi int32
}

// Break and Continue end the innermost loop or its current round.
type Break struct{ At }

// Continue ends the current round of the innermost loop.
type Continue struct{ At }

// Fill stores the constants Vals into frame slots Off, Off+1, ...
// (a local declaration without initialiser).
type Fill struct {
	At
	Off  int32
	Vals []int32
}

func (*Block) stmtNode()    {}
func (*Do) stmtNode()       {}
func (*If) stmtNode()       {}
func (*Loop) stmtNode()     {}
func (*ForRange) stmtNode() {}
func (*Return) stmtNode()   {}
func (*Break) stmtNode()    {}
func (*Continue) stmtNode() {}
func (*Fill) stmtNode()     {}

// MaxIterations bounds one execution of one loop.
const MaxIterations = 1 << 24

// MaxWork bounds the work of one computation: the rounds and calls of
// an outermost loop, for (i : T), quantifier or call together with every
// loop round, quantifier round and call run inside it. Loops nested in
// one another multiply, each under MaxIterations, and so do calls
// without any loop (a chain of functions each calling the next three
// times makes 3^n calls); this bounds the product. A computation that
// runs past it is a run-time error at the outermost construct
// (WorkError), found at the first poll (every PollRounds rounds) after
// MaxWork rounds. Natively a round of a small loop or a call costs a few
// nanoseconds, so the bound is reached in well under a second; real
// models stay orders of magnitude below it.
const MaxWork = 1 << 26

// PollRounds is how often, in loop rounds and calls, a computation
// polls: it checks MaxWork and asks whether to stop (a search's time
// budget, its cancellation). A power of two.
const PollRounds = 1 << 16

// Func is a user function compiled for one process (or globally).
type Func struct {
	Name string
	At
	// Void is set for void functions; otherwise results are checked
	// against Lo..Hi.
	Void   bool
	Lo, Hi int32
	Params []*Param
	// Frame is the number of stack slots a call needs: parameters,
	// locals, quantifier and loop variables.
	Frame int32
	Body  Stmt
	// Effects is set when the function changes state outside its frame.
	Effects bool
}

// Param is a function parameter. A value parameter occupies Size slots
// at Off (an integer checked against Lo..Hi); a reference parameter holds
// an encoded address at Off, and a const reference to data also has Size
// spill slots at Spill for arguments that are values, not objects.
type Param struct {
	Name       string
	Ref        bool
	Off, Spill int32
	Size       int32
	Lo, Hi     int32
	// Space is what a reference points to: Local for data, Clock, Chan.
	Space Space
}

// ArgKind says how an argument is passed.
type ArgKind uint8

// The argument kinds.
const (
	ArgValue ArgKind = iota // X, checked against the parameter's range, into slot Off
	ArgCopy                 // the Size slots of Src copied to Off...
	ArgRef                  // the encoded address of Src into slot Off
	ArgSpill                // X into slot Spill, its encoded address into slot Off
)

// Arg is one argument of a Call: a value X (ArgValue, ArgSpill) or an
// object Src (ArgCopy, ArgRef).
type Arg struct {
	Kind ArgKind
	X    Expr
	Src  *Ref
}
