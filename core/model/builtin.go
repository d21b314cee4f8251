// The names UPPAAL 4.1 and later declare for every model: integer limits
// and the fixed-width integer types.

package model

import "math"

// builtinScope returns the scope above the global declarations holding
// UPPAAL's predefined integer constants (INT8_MIN ... INT32_MAX) and types
// (int8_t ... int32_t). A model may declare the same names itself (models
// written for UPPAAL 4.0 do): its own declarations shadow these. The
// floating-point constants of UPPAAL 5 (M_PI, DBL_MAX, ...) are left out,
// since doubles are refused.
func builtinScope() *scope {
	s := newScope(nil)
	konst := func(name string, v int32) {
		s.syms[name] = &symbol{name: name, kind: symConst, t: tInt.with(true, false), val: v}
	}
	ranged := func(name string, lo, hi int32) {
		t := *newRange(lo, hi)
		t.name = name
		s.syms[name] = &symbol{name: name, kind: symType, t: &t}
	}
	konst("INT8_MIN", math.MinInt8)
	konst("INT8_MAX", math.MaxInt8)
	konst("UINT8_MAX", math.MaxUint8)
	konst("INT16_MIN", math.MinInt16)
	konst("INT16_MAX", math.MaxInt16)
	konst("UINT16_MAX", math.MaxUint16)
	konst("INT32_MIN", math.MinInt32)
	konst("INT32_MAX", math.MaxInt32)
	ranged("int8_t", math.MinInt8, math.MaxInt8)
	ranged("uint8_t", 0, math.MaxUint8)
	ranged("int16_t", math.MinInt16, math.MaxInt16)
	ranged("uint16_t", 0, math.MaxUint16)
	ranged("int32_t", math.MinInt32, math.MaxInt32)
	return s
}
