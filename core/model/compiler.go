// The compiler state, the compile context of an expression, and operands:
// what compiling an expression produces.

package model

import (
	"fmt"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
)

// compiler holds what Load builds up: the network under construction, the
// diagnostics, and the naming prefix for variables being allocated.
type compiler struct {
	net    *Network
	errs   *source.List
	global *scope // global declarations
	system *scope // system declarations (child of global)

	prefix string // "P(1)." while allocating a process's locals
	// expanded counts quantifier instances expanded at compile time, to
	// bound nested expansions.
	expanded int
	// size counts the processes' locations, edges and text as they are
	// created, against the bounds of limits.go.
	size systemSize
	// data counts the slots of data admitted by room.
	data int64
	// computed counts the loop rounds and calls that computing constants
	// ran (compute), against computeRounds for the whole load.
	computed int64
	// priority is the channel priority declaration, once met.
	priority *lang.ChanPriorityDecl
	// ranges keeps the slot ranges of each type an aggregate assignment
	// copies (slotRanges).
	ranges map[*typ][][2]int32
}

// slotRanges returns the range of every data slot of t in layout order,
// computed once per type and shared by every ir.Copy of it (read only):
// a list per assignment would cost the object's size at each of them,
// and 3,000 assignments of a 400k-slot array took minutes and gigabytes
// to load.
func (c *compiler) slotRanges(t *typ) [][2]int32 {
	if r, ok := c.ranges[t]; ok {
		return r
	}
	if c.ranges == nil {
		c.ranges = map[*typ][][2]int32{}
	}
	r := t.leafRanges(make([][2]int32, 0, max(t.size, 0)))
	c.ranges[t] = r
	return r
}

// maxExpanded bounds the quantifier instances of one compilation.
const maxExpanded = 1 << 20

// spend reserves k quantifier instances, reporting false when the budget
// is exhausted.
func (x *cx) spend(n lang.Node, k int64) bool {
	x.c.expanded += int(k)
	if x.c.expanded > maxExpanded {
		x.errorf(n, "quantifiers expand to too many instances")
		return false
	}
	return true
}

// mode says what kind of label or declaration an expression belongs to; it
// decides what is allowed (side effects, clocks, runtime values).
type mode uint8

const (
	modeConst     mode = iota // must fold to a constant (sizes, ranges, initialisers, arguments)
	modeFunc                  // function body
	modeGuard                 // edge guard
	modeInvariant             // location invariant
	modeUpdate                // edge update
	modeSync                  // synchronisation channel expression
	modeQuery                 // query formula
)

// cx is the context an expression is compiled in.
type cx struct {
	c    *compiler
	sc   *scope
	fr   *frame    // slots for function locals and quantifier variables
	fn   *function // function being compiled, or nil
	mode mode
	neq  bool // clock disequalities allowed (guards in normal form)
}

func (x *cx) errs() *source.List { return x.c.errs }

func (x *cx) errorf(n lang.Node, format string, args ...any) {
	x.c.errs.Addf(n.Pos(), n.End(), format, args...)
}

// with returns a copy of x with scope s.
func (x *cx) with(s *scope) *cx {
	y := *x
	y.sc = s
	return &y
}

// frame allocates slots on the evaluation stack for one function call or
// one label (quantifier and loop variables).
type frame struct{ size int32 }

func (f *frame) alloc(n int32) int32 {
	o := f.size
	f.size += n
	return o
}

// operand is the result of compiling an expression.
type operand struct {
	t     *typ
	node  lang.Expr
	known bool     // integral value known at compile time: val
	val   int32    //
	code  ir.Expr  // integral value at run time (nil when known)
	addr  *address // the object, when the expression denotes storage
	// effect is set when evaluating the expression changes state outside
	// the current function frame (variables, clocks, meta variables).
	effect bool
	lin    *linear     // kClock, kDiff
	guard  *guardParts // kGuard, kNeq
	name   string      // printable name of the object, for runtime messages
	isLoc  bool        // a location test P.l (queries)
	big    bool        // the literal 2147483648 (known, val is MaxInt32)
}

func bad(n lang.Expr) *operand { return &operand{t: tBad, node: n, known: true} }

func known(n lang.Expr, t *typ, v int32) *operand {
	return &operand{t: t, node: n, known: true, val: v}
}

// value returns the resolved form of an integral operand: a constant
// when it is known.
func (o *operand) value() ir.Expr {
	if o.known {
		return &ir.Const{At: at(o.node), V: o.val}
	}
	return o.code
}

// at returns the position of n for a resolved node.
func at(n lang.Node) ir.At {
	if n == nil {
		return ir.At{}
	}
	return ir.At{P: n.Pos()}
}

func (o *operand) isBad() bool { return o.t.kind == kBad }

// b2i converts a Go bool to UPPAAL's 0/1.
func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// exprString prints an expression for messages.
func exprString(e lang.Expr) string {
	if e == nil {
		return ""
	}
	return lang.ExprString(e)
}

func quote(s string) string { return fmt.Sprintf("'%s'", s) }
