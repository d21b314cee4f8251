// Integer operators: constant folding and the closures that evaluate them.

package model

import (
	"beeline/core/lang"
	"beeline/core/source"
)

// fold computes a op b at compile time. It returns ok == false with a
// message for an invalid evaluation (division by zero, negative shift).
func fold(op lang.Token, a, b int32) (v int32, msg string) {
	switch op {
	case lang.ADD:
		return a + b, ""
	case lang.SUB:
		return a - b, ""
	case lang.MUL:
		return a * b, ""
	case lang.QUO:
		if b == 0 {
			return 0, "division by zero"
		}
		return a / b, ""
	case lang.REM:
		if b == 0 {
			return 0, "division by zero"
		}
		return a % b, ""
	case lang.POW:
		return power(a, b)
	case lang.AND:
		return a & b, ""
	case lang.OR:
		return a | b, ""
	case lang.XOR:
		return a ^ b, ""
	case lang.SHL:
		if b < 0 {
			return 0, "shift by a negative count"
		}
		return a << uint32(b), ""
	case lang.SHR:
		if b < 0 {
			return 0, "shift by a negative count"
		}
		return a >> uint32(b), ""
	case lang.MIN:
		return min(a, b), ""
	case lang.MAX:
		return max(a, b), ""
	case lang.EQL:
		return b2i(a == b), ""
	case lang.NEQ:
		return b2i(a != b), ""
	case lang.LSS:
		return b2i(a < b), ""
	case lang.LEQ:
		return b2i(a <= b), ""
	case lang.GTR:
		return b2i(a > b), ""
	case lang.GEQ:
		return b2i(a >= b), ""
	case lang.LAND, lang.KwAnd:
		return b2i(a != 0 && b != 0), ""
	case lang.LOR, lang.KwOr:
		return b2i(a != 0 || b != 0), ""
	case lang.KwImply:
		return b2i(a == 0 || b != 0), ""
	}
	return 0, "unknown operator"
}

// power computes a ** b on integers (UPPAAL 5), wrapping like the other
// int32 operators; a negative exponent is an invalid evaluation, since the
// result would not be an integer.
func power(a, b int32) (int32, string) {
	if b < 0 {
		return 0, "negative exponent in integer power"
	}
	v := int32(1)
	for ; b > 0; b >>= 1 { // square and multiply: at most 31 rounds
		if b&1 != 0 {
			v *= a
		}
		a *= a
	}
	return v, ""
}

// arith returns the closure for an arithmetic, bitwise or comparison
// operator (not the short-circuit ones). pos is where runtime errors point.
func arith(op lang.Token, l, r func(*Env) int32, pos source.Pos) func(*Env) int32 {
	switch op {
	case lang.ADD:
		return func(e *Env) int32 { return l(e) + r(e) }
	case lang.SUB:
		return func(e *Env) int32 { return l(e) - r(e) }
	case lang.MUL:
		return func(e *Env) int32 { return l(e) * r(e) }
	case lang.QUO:
		return func(e *Env) int32 {
			a, b := l(e), r(e)
			if b == 0 {
				e.fail(pos, "division by zero")
				return 0
			}
			return a / b
		}
	case lang.REM:
		return func(e *Env) int32 {
			a, b := l(e), r(e)
			if b == 0 {
				e.fail(pos, "division by zero")
				return 0
			}
			return a % b
		}
	case lang.POW:
		return func(e *Env) int32 {
			v, msg := power(l(e), r(e))
			if msg != "" {
				e.fail(pos, "%s", msg)
			}
			return v
		}
	case lang.AND:
		return func(e *Env) int32 { return l(e) & r(e) }
	case lang.OR:
		return func(e *Env) int32 { return l(e) | r(e) }
	case lang.XOR:
		return func(e *Env) int32 { return l(e) ^ r(e) }
	case lang.SHL:
		return func(e *Env) int32 {
			a, b := l(e), r(e)
			if b < 0 {
				e.fail(pos, "shift by a negative count")
				return 0
			}
			return a << uint32(b)
		}
	case lang.SHR:
		return func(e *Env) int32 {
			a, b := l(e), r(e)
			if b < 0 {
				e.fail(pos, "shift by a negative count")
				return 0
			}
			return a >> uint32(b)
		}
	case lang.MIN:
		return func(e *Env) int32 { return min(l(e), r(e)) }
	case lang.MAX:
		return func(e *Env) int32 { return max(l(e), r(e)) }
	}
	return compare(op, l, r)
}

// compare returns the closure of a comparison.
func compare(op lang.Token, l, r func(*Env) int32) func(*Env) int32 {
	switch op {
	case lang.EQL:
		return func(e *Env) int32 { return b2i(l(e) == r(e)) }
	case lang.NEQ:
		return func(e *Env) int32 { return b2i(l(e) != r(e)) }
	case lang.LSS:
		return func(e *Env) int32 { return b2i(l(e) < r(e)) }
	case lang.LEQ:
		return func(e *Env) int32 { return b2i(l(e) <= r(e)) }
	case lang.GTR:
		return func(e *Env) int32 { return b2i(l(e) > r(e)) }
	case lang.GEQ:
		return func(e *Env) int32 { return b2i(l(e) >= r(e)) }
	}
	return func(*Env) int32 { return 0 }
}

// compareVarConst specialises the most common guard shape, a state
// variable compared with a constant (`len == 0`, `id == 3`): one closure
// call instead of three.
func compareVarConst(op lang.Token, slot, k int32) func(*Env) int32 {
	switch op {
	case lang.EQL:
		return func(e *Env) int32 { return b2i(e.Vars[slot] == k) }
	case lang.NEQ:
		return func(e *Env) int32 { return b2i(e.Vars[slot] != k) }
	case lang.LSS:
		return func(e *Env) int32 { return b2i(e.Vars[slot] < k) }
	case lang.LEQ:
		return func(e *Env) int32 { return b2i(e.Vars[slot] <= k) }
	case lang.GTR:
		return func(e *Env) int32 { return b2i(e.Vars[slot] > k) }
	case lang.GEQ:
		return func(e *Env) int32 { return b2i(e.Vars[slot] >= k) }
	}
	return nil
}

// compareConst specialises a comparison with a constant right operand.
func compareConst(op lang.Token, l func(*Env) int32, k int32) func(*Env) int32 {
	switch op {
	case lang.EQL:
		return func(e *Env) int32 { return b2i(l(e) == k) }
	case lang.NEQ:
		return func(e *Env) int32 { return b2i(l(e) != k) }
	case lang.LSS:
		return func(e *Env) int32 { return b2i(l(e) < k) }
	case lang.LEQ:
		return func(e *Env) int32 { return b2i(l(e) <= k) }
	case lang.GTR:
		return func(e *Env) int32 { return b2i(l(e) > k) }
	case lang.GEQ:
		return func(e *Env) int32 { return b2i(l(e) >= k) }
	}
	return nil
}

// addConst specialises x + k and x - k.
func addConst(l func(*Env) int32, k int32) func(*Env) int32 {
	return func(e *Env) int32 { return l(e) + k }
}

func isComparison(op lang.Token) bool {
	switch op {
	case lang.EQL, lang.NEQ, lang.LSS, lang.LEQ, lang.GTR, lang.GEQ:
		return true
	}
	return false
}

// assignOp maps a compound assignment to its binary operator.
func assignOp(op lang.Token) lang.Token {
	switch op {
	case lang.ADDEQ:
		return lang.ADD
	case lang.SUBEQ:
		return lang.SUB
	case lang.MULEQ:
		return lang.MUL
	case lang.QUOEQ:
		return lang.QUO
	case lang.REMEQ:
		return lang.REM
	case lang.ANDEQ:
		return lang.AND
	case lang.OREQ:
		return lang.OR
	case lang.XOREQ:
		return lang.XOR
	case lang.SHLEQ:
		return lang.SHL
	case lang.SHREQ:
		return lang.SHR
	}
	return lang.ILLEGAL
}
