// Storage: the address spaces values live in, references into them, and
// the Env's access to encoded addresses.

package model

import "beeline/core/ir"

// address is a reference to storage in the resolved form (see ir.Ref).
type address = ir.Ref

// The spaces, under the names the compiler uses.
const (
	spVar   = ir.Var
	spMeta  = ir.Meta
	spLocal = ir.Local
	spConst = ir.Pool
	spSel   = ir.Sel
	spClock = ir.Clock
	spChan  = ir.Chan
)

// staticRef returns the static reference to n slots at off of sp.
func staticRef(sp ir.Space, off, n int32) *address {
	return &address{Space: sp, Off: off, Span: n}
}

// plus returns the reference k slots further on: for a reference
// parameter the run-time offset grows, otherwise the static base does.
func plus(a *address, k int32) *address {
	if k == 0 {
		return a
	}
	r := *a
	switch {
	case a.Param && a.Index == nil:
		r.Index = &ir.Const{V: k}
	case a.Param:
		r.Index = &ir.Binary{Op: ir.Add, X: a.Index, Y: &ir.Const{V: k}}
	default:
		r.Off += k
		r.Span -= k
	}
	return &r
}

// load reads the slot at an encoded address. Clock and channel addresses
// read as their index.
func (e *Env) load(a int32) int32 {
	sp, off := ir.Decode(a)
	switch sp {
	case spVar:
		return e.Vars[off]
	case spMeta:
		return e.Meta[off]
	case spLocal:
		return e.stack[off]
	case spConst:
		return e.consts[off]
	case spSel:
		return e.Sel[off]
	}
	return off
}

// store writes the slot at an encoded address; a clock address records a
// clock assignment.
func (e *Env) store(a, v int32) {
	sp, off := ir.Decode(a)
	switch sp {
	case spVar:
		e.Vars[off] = v
	case spMeta:
		e.Meta[off] = v
	case spLocal:
		e.stack[off] = v
	case spClock:
		e.Resets = append(e.Resets, ClockReset{Clock: off, Value: v})
	}
}

// grow makes the stack hold at least n slots. It allocates only until the
// stack has reached the deepest nesting the model needs.
func (e *Env) grow(n int32) {
	size := 2 * len(e.stack)
	if size < int(n) {
		size = int(n) + 64
	}
	s := make([]int32, size)
	copy(s, e.stack)
	e.stack = s
}
