// Operators: the syntax's tokens mapped to the resolved form's operators,
// whose one table of meanings is ir.Apply.

package model

import (
	"beeline/core/ir"
	"beeline/core/lang"
)

// binOps maps the binary operator tokens to ir operators.
var binOps = map[lang.Token]ir.Op{
	lang.ADD: ir.Add, lang.SUB: ir.Sub, lang.MUL: ir.Mul, lang.QUO: ir.Quo,
	lang.REM: ir.Rem, lang.POW: ir.Pow, lang.AND: ir.And, lang.OR: ir.Or,
	lang.XOR: ir.Xor, lang.SHL: ir.Shl, lang.SHR: ir.Shr, lang.MIN: ir.Min,
	lang.MAX: ir.Max, lang.EQL: ir.Eql, lang.NEQ: ir.Neq, lang.LSS: ir.Lss,
	lang.LEQ: ir.Leq, lang.GTR: ir.Gtr, lang.GEQ: ir.Geq,
	lang.LAND: ir.LAnd, lang.KwAnd: ir.LAnd, lang.LOR: ir.LOr, lang.KwOr: ir.LOr,
	lang.KwImply: ir.Imply,
}

// binOp returns the ir operator of a binary token (ir.Nop when none).
func binOp(t lang.Token) ir.Op { return binOps[t] }

// fold computes a op b at compile time. It returns a message for an
// invalid evaluation (division by zero, negative shift).
func fold(op lang.Token, a, b int32) (v int32, msg string) {
	o := binOp(op)
	if o == ir.Nop {
		return 0, "unknown operator"
	}
	return ir.Apply(o, a, b)
}

func isComparison(op lang.Token) bool { return binOp(op).IsComparison() }

// assignOps maps the compound assignments to their binary operators.
var assignOps = map[lang.Token]ir.Op{
	lang.ADDEQ: ir.Add, lang.SUBEQ: ir.Sub, lang.MULEQ: ir.Mul, lang.QUOEQ: ir.Quo,
	lang.REMEQ: ir.Rem, lang.ANDEQ: ir.And, lang.OREQ: ir.Or, lang.XOREQ: ir.Xor,
	lang.SHLEQ: ir.Shl, lang.SHREQ: ir.Shr,
}

// assignOp maps a compound assignment to its operator (ir.Nop when the
// token is not one).
func assignOp(op lang.Token) ir.Op { return assignOps[op] }
