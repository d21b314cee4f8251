// Operators and their one table of meanings, address spaces and the
// encoding of addresses, and the wording of run-time errors.

package ir

import (
	"fmt"
	"math"
)

// Op is an operator of Unary, Binary, Assign and Quant.
type Op uint8

// The operators. Nop marks a plain assignment.
const (
	Nop Op = iota
	Add
	Sub
	Mul
	Quo
	Rem
	Pow
	And // bitwise &
	Or  // bitwise |
	Xor
	Shl
	Shr
	Min // <?
	Max // >?
	Eql
	Neq
	Lss
	Leq
	Gtr
	Geq
	LAnd // &&, and
	LOr  // ||, or
	Imply
	Neg // unary -
	Not // !, not
	Abs // the built-in abs
	numOps
)

var opNames = [...]string{
	Nop: "=", Add: "+", Sub: "-", Mul: "*", Quo: "/", Rem: "%", Pow: "**",
	And: "&", Or: "|", Xor: "^", Shl: "<<", Shr: ">>", Min: "<?", Max: ">?",
	Eql: "==", Neq: "!=", Lss: "<", Leq: "<=", Gtr: ">", Geq: ">=",
	LAnd: "&&", LOr: "||", Imply: "imply", Neg: "-", Not: "!", Abs: "abs",
}

// String returns the operator as UPPAAL spells it.
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// IsComparison reports whether o is ==, !=, <, <=, > or >=.
func (o Op) IsComparison() bool { return o >= Eql && o <= Geq }

// IsLogical reports whether o is &&, || or imply.
func (o Op) IsLogical() bool { return o >= LAnd && o <= Imply }

// Mirror returns the comparison with its operands swapped: a < b is
// b > a.
func (o Op) Mirror() Op {
	switch o {
	case Lss:
		return Gtr
	case Leq:
		return Geq
	case Gtr:
		return Lss
	case Geq:
		return Leq
	}
	return o
}

// Apply computes a o b for every binary operator (the logical ones on
// 0/1-normalised truth). It returns a message for an invalid evaluation:
// division by zero, a shift count or an exponent out of range, and a
// result that does not fit in 32 bits (OverflowError: -2147483648 / -1
// and -2147483648 % -1 among them), which UPPAAL reports as an error
// too; nothing wraps. This is the one table of the operators' meanings:
// constant folding, the compiled closures and every evaluator use it.
func Apply(o Op, a, b int32) (v int32, msg string) {
	switch o {
	case Add:
		return fit(o, a, b, int64(a)+int64(b))
	case Sub:
		return fit(o, a, b, int64(a)-int64(b))
	case Mul:
		return fit(o, a, b, int64(a)*int64(b))
	case Quo, Rem:
		switch {
		case b == 0:
			return 0, "division by zero"
		case a == math.MinInt32 && b == -1:
			return 0, OverflowError(o, a, b)
		case o == Quo:
			return a / b, ""
		}
		return a % b, ""
	case Pow:
		return power(a, b)
	case And:
		return a & b, ""
	case Or:
		return a | b, ""
	case Xor:
		return a ^ b, ""
	case Shl, Shr:
		switch {
		case b < 0:
			return 0, "shift by a negative count"
		case b >= 32:
			return 0, fmt.Sprintf("shift by %d: the count must be below 32", b)
		case o == Shl:
			return fit(o, a, b, int64(a)<<b)
		}
		return a >> b, ""
	case Min:
		return min(a, b), ""
	case Max:
		return max(a, b), ""
	case LAnd:
		return B2I(a != 0 && b != 0), ""
	case LOr:
		return B2I(a != 0 || b != 0), ""
	case Imply:
		return B2I(a == 0 || b != 0), ""
	}
	return Compare(o, a, b), ""
}

// fit returns v, the exact result of a o b, when it fits in 32 bits, and
// the overflow error otherwise.
func fit(o Op, a, b int32, v int64) (int32, string) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, OverflowError(o, a, b)
	}
	return int32(v), ""
}

// Compare computes a comparison (0 for an operator that is not one).
func Compare(o Op, a, b int32) int32 {
	switch o {
	case Eql:
		return B2I(a == b)
	case Neq:
		return B2I(a != b)
	case Lss:
		return B2I(a < b)
	case Leq:
		return B2I(a <= b)
	case Gtr:
		return B2I(a > b)
	case Geq:
		return B2I(a >= b)
	}
	return 0
}

// ApplyUnary computes Neg, Not and Abs. It returns a message when the
// result does not fit in 32 bits: -(-2147483648) and abs(-2147483648).
func ApplyUnary(o Op, a int32) (int32, string) {
	switch o {
	case Neg:
		if a == math.MinInt32 {
			return 0, UnaryOverflowError(o, a)
		}
		return -a, ""
	case Not:
		return B2I(a == 0), ""
	case Abs:
		if a == math.MinInt32 {
			return 0, UnaryOverflowError(o, a)
		}
		if a < 0 {
			return -a, ""
		}
		return a, ""
	}
	return a, ""
}

// power computes a ** b on integers (UPPAAL 5); a negative exponent is
// an invalid evaluation, since the result would not be an integer, and
// so is a result that does not fit in 32 bits.
func power(a, b int32) (int32, string) {
	if b < 0 {
		return 0, "negative exponent in integer power"
	}
	v, base, e := int64(1), int64(a), b
	for ; e > 0; e >>= 1 { // square and multiply: at most 31 rounds
		if e&1 != 0 {
			if v *= base; v < math.MinInt32 || v > math.MaxInt32 {
				return 0, OverflowError(Pow, a, b)
			}
		}
		if e > 1 {
			// A base past 32 bits is multiplied in later: the result
			// overflows unless it is 0 (then base is 0 too).
			if base *= base; base > math.MaxInt32 {
				return 0, OverflowError(Pow, a, b)
			}
		}
	}
	return int32(v), ""
}

// B2I converts a Go bool to UPPAAL's 0/1.
func B2I(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// Space says where an address points.
type Space uint8

// The address spaces.
const (
	Var   Space = iota // the state's discrete variables
	Meta               // meta variables (outside the state)
	Local              // the evaluation stack: relative to the frame pointer, absolute once encoded
	Pool               // the network's pool of constant arrays and structs
	Sel                // the current edge's select values
	Clock              // a clock index (no storage)
	Chan               // a channel index (no storage)
)

var spaceNames = [...]string{"var", "meta", "local", "pool", "sel", "clock", "chan"}

// String names the space.
func (s Space) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return fmt.Sprintf("Space(%d)", int(s))
}

// Encoded addresses carry their space in the top bits so that a reference
// parameter can point into any space; the low bits are the absolute
// offset.
const (
	addrShift = 27
	// AddrMask selects the offset of an encoded address.
	AddrMask = 1<<addrShift - 1
)

// Encode packs a space and an absolute offset into one int32.
func Encode(sp Space, off int32) int32 { return int32(sp)<<addrShift | off }

// Decode splits an encoded address.
func Decode(a int32) (Space, int32) { return Space(a >> addrShift), a & AddrMask }

// The wording of run-time errors, shared by the compiled closures and
// every evaluator so that they report alike.

// IndexError is the message of an array index out of range.
func IndexError(v, lo, hi int32) string {
	return fmt.Sprintf("array index %d out of range [%d,%d]", v, lo, hi)
}

// RangeError is the message of an assignment out of range.
func RangeError(name string, v, lo, hi int32) string {
	return fmt.Sprintf("assignment out of range: %s = %d is outside [%d,%d]", name, v, lo, hi)
}

// ArgError is the message of an argument out of its parameter's range.
func ArgError(name string, v, lo, hi int32) string {
	return fmt.Sprintf("argument out of range: %s = %d is outside [%d,%d]", name, v, lo, hi)
}

// ReturnError is the message of a return value out of range.
func ReturnError(v, lo, hi int32) string {
	return fmt.Sprintf("return value out of range: %d is outside [%d,%d]", v, lo, hi)
}

// OverflowError is the message of a o b whose result does not fit in 32
// bits.
func OverflowError(o Op, a, b int32) string {
	return fmt.Sprintf("integer overflow: %d %s %d does not fit in 32 bits", a, o, b)
}

// UnaryOverflowError is the message of -a or abs(a) whose result does
// not fit in 32 bits.
func UnaryOverflowError(o Op, a int32) string {
	if o == Abs {
		return fmt.Sprintf("integer overflow: abs(%d) does not fit in 32 bits", a)
	}
	return fmt.Sprintf("integer overflow: -(%d) does not fit in 32 bits", a)
}

// ClockError is the message of a negative value assigned to a clock.
func ClockError(v int32) string { return fmt.Sprintf("negative clock value: %d", v) }

// LoopError is the message of a loop that does not end.
func LoopError() string {
	return fmt.Sprintf("loop did not end after %d iterations", MaxIterations)
}

// WorkError is the message of a computation past its bound of work
// (MaxWork, loop rounds and calls together); fn names the function the
// outermost construct runs in or, for a call, the function called (""
// for a quantifier of a label).
func WorkError(fn string, rounds int64) string {
	if fn == "" {
		return fmt.Sprintf("the computation did not end after %d loop rounds and calls", rounds)
	}
	return fmt.Sprintf("the computation in function %s did not end after %d loop rounds and calls", fn, rounds)
}

// InterruptError is the message of a computation stopped because its
// search was: a time budget ran out or the search was cancelled.
const InterruptError = "the computation was interrupted: the search stopped"

// ProcessError is the message of a process index out of range.
func ProcessError(v, lo, hi int32) string {
	return fmt.Sprintf("process index %d out of range [%d,%d]", v, lo, hi)
}
