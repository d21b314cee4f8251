// Storage: the address spaces values live in, addresses, and the closures
// that read and write them.

package model

import "beeline/core/source"

// space says which slice of the Env an address points into.
type space uint8

const (
	spVar   space = iota // Env.Vars
	spMeta               // Env.Meta
	spLocal              // Env.stack, relative to Env.fp (absolute when encoded)
	spConst              // the constant pool, Env.consts
	spSel                // Env.Sel
	spClock              // a clock index (no storage in the Env)
	spChan               // a channel index (no storage in the Env)
)

// Encoded addresses carry their space in the top bits so that a reference
// parameter can point into any space; the low bits are the absolute
// offset.
const (
	addrShift = 27
	addrMask  = 1<<addrShift - 1
)

func encode(sp space, off int32) int32 { return int32(sp)<<addrShift | off }

// address locates an object: a data slot (or the first slot of an
// aggregate), a clock or a channel. A static address has dyn == nil and
// lives at off. Otherwise dyn computes it at run time: the offset within sp
// or, when ind is set (access through a function's reference parameter),
// an encoded absolute address.
type address struct {
	sp  space
	off int32
	dyn func(*Env) int32
	ind bool
}

func (a *address) static() bool { return a.dyn == nil }

// plus returns the address k slots further on.
func (a *address) plus(k int32) *address {
	if k == 0 {
		return a
	}
	if a.dyn == nil {
		return &address{sp: a.sp, off: a.off + k}
	}
	f := a.dyn
	return &address{sp: a.sp, ind: a.ind, dyn: func(e *Env) int32 { return f(e) + k }}
}

// encoder returns a closure computing the encoded absolute address of a
// (used to pass references to functions).
func (a *address) encoder() func(*Env) int32 {
	sp := a.sp
	switch {
	case a.ind:
		return a.dyn
	case a.dyn == nil && sp == spLocal:
		k := a.off
		return func(e *Env) int32 { return encode(spLocal, e.fp+k) }
	case a.dyn == nil:
		v := encode(sp, a.off)
		return func(*Env) int32 { return v }
	case sp == spLocal:
		f := a.dyn
		return func(e *Env) int32 { return encode(spLocal, e.fp+f(e)) }
	default:
		f := a.dyn
		return func(e *Env) int32 { return encode(sp, f(e)) }
	}
}

// load reads the slot at an encoded address. Clock and channel addresses
// read as their index.
func (e *Env) load(a int32) int32 {
	off := a & addrMask
	switch space(a >> addrShift) {
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
	off := a & addrMask
	switch space(a >> addrShift) {
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

// reader returns a closure reading the data slot at a. Constant-pool
// addresses that are static are folded by the caller before this is used.
func reader(a *address, pool []int32) func(*Env) int32 {
	if a.ind {
		f := a.dyn
		return func(e *Env) int32 { return e.load(f(e)) }
	}
	k, f := a.off, a.dyn
	if f == nil {
		switch a.sp {
		case spVar:
			return func(e *Env) int32 { return e.Vars[k] }
		case spMeta:
			return func(e *Env) int32 { return e.Meta[k] }
		case spLocal:
			return func(e *Env) int32 { return e.stack[e.fp+k] }
		case spSel:
			return func(e *Env) int32 { return e.Sel[k] }
		case spConst:
			v := pool[k]
			return func(*Env) int32 { return v }
		}
		return func(*Env) int32 { return k }
	}
	switch a.sp {
	case spVar:
		return func(e *Env) int32 { return e.Vars[f(e)] }
	case spMeta:
		return func(e *Env) int32 { return e.Meta[f(e)] }
	case spLocal:
		return func(e *Env) int32 { return e.stack[e.fp+f(e)] }
	case spSel:
		return func(e *Env) int32 { return e.Sel[f(e)] }
	case spConst:
		return func(e *Env) int32 { return e.consts[f(e)] }
	}
	return f
}

// rangeCheck describes the target of a write for range errors.
type rangeCheck struct {
	lo, hi int32
	name   string
	pos    source.Pos
}

func (r *rangeCheck) fail(e *Env, v int32) {
	e.fail(r.pos, "assignment out of range: %s = %d is outside [%d,%d]", r.name, v, r.lo, r.hi)
}

// writer returns a closure that range-checks v against rc and stores it at
// a. On a range error it records the error and stores nothing.
func writer(a *address, rc *rangeCheck) func(*Env, int32) {
	lo, hi := rc.lo, rc.hi
	if a.ind {
		f := a.dyn
		return func(e *Env, v int32) {
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.store(f(e), v)
		}
	}
	k, f := a.off, a.dyn
	if f == nil {
		switch a.sp {
		case spVar:
			return func(e *Env, v int32) {
				if v < lo || v > hi {
					rc.fail(e, v)
					return
				}
				e.Vars[k] = v
			}
		case spMeta:
			return func(e *Env, v int32) {
				if v < lo || v > hi {
					rc.fail(e, v)
					return
				}
				e.Meta[k] = v
			}
		case spLocal:
			return func(e *Env, v int32) {
				if v < lo || v > hi {
					rc.fail(e, v)
					return
				}
				e.stack[e.fp+k] = v
			}
		}
		return func(*Env, int32) {}
	}
	switch a.sp {
	case spVar:
		return func(e *Env, v int32) {
			i := f(e)
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.Vars[i] = v
		}
	case spMeta:
		return func(e *Env, v int32) {
			i := f(e)
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.Meta[i] = v
		}
	case spLocal:
		return func(e *Env, v int32) {
			i := f(e)
			if v < lo || v > hi {
				rc.fail(e, v)
				return
			}
			e.stack[e.fp+i] = v
		}
	}
	return func(*Env, int32) {}
}

// copier returns a closure copying n slots from src to dst (both data
// addresses), checking each value against the destination's slot ranges.
func copier(dst, src *address, ranges [][2]int32, rc *rangeCheck) func(*Env) {
	de, se := dst.encoder(), src.encoder()
	return func(e *Env) {
		d, s := de(e), se(e)
		for i, r := range ranges {
			v := e.load(s + int32(i))
			if v < r[0] || v > r[1] {
				e.fail(rc.pos, "assignment out of range: %s = %d is outside [%d,%d]", rc.name, v, r[0], r[1])
				return
			}
			e.store(d+int32(i), v)
		}
	}
}
