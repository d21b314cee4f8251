// Expressions: precedence climbing over UPPAAL's operator table.

package lang

// Binary operator precedences, from loosest to tightest. Quantifiers,
// assignments and the conditional are looser than all of them and are
// handled by their own functions.
const (
	precLowest = iota
	precOr     // || or imply
	precAnd    // && and
	precBitOr  // |
	precBitXor // ^
	precBitAnd // &
	precEq     // == !=
	precRel    // < <= >= >
	precMinMax // <? >?
	precShift  // << >>
	precAdd    // + -
	precMul    // * / %
	precPow    // ** (right associative)
)

// binaryPrec returns the precedence of a binary operator, or precLowest for
// any other token.
func binaryPrec(t Token) int {
	switch t {
	case LOR, KwOr, KwImply:
		return precOr
	case LAND, KwAnd:
		return precAnd
	case OR:
		return precBitOr
	case XOR:
		return precBitXor
	case AND:
		return precBitAnd
	case EQL, NEQ:
		return precEq
	case LSS, LEQ, GEQ, GTR:
		return precRel
	case MIN, MAX:
		return precMinMax
	case SHL, SHR:
		return precShift
	case ADD, SUB:
		return precAdd
	case MUL, QUO, REM:
		return precMul
	case POW:
		return precPow
	}
	return precLowest
}

// parseExpr parses a full expression: an assignment (right associative) or
// a conditional. Quantifiers are found where an operand is expected and
// take as their body everything that follows.
//
// The outermost expression of a text is checked against maxHeight once it
// is whole; the ones nested in it are part of its tree.
func (p *parser) parseExpr() Expr {
	p.enter()
	defer p.leave()
	p.exprs++
	x := p.parseCond()
	if p.tok.IsAssign() {
		pos, op := p.pos, p.tok
		p.next()
		x = &AssignExpr{X: x, OpPos: pos, Op: op, Y: p.parseExpr()}
	}
	p.exprs--
	if p.exprs == 0 {
		x = p.bounded(x)
	}
	return x
}

// parseCond parses Cond ? X : Y (right associative; the branches are full
// expressions, as in UPPAAL, where the else-branch binds like an
// assignment).
func (p *parser) parseCond() Expr {
	x := p.parseBinary(precOr)
	if p.tok != QUEST {
		return x
	}
	quest := p.pos
	p.next()
	y := p.parseExpr()
	colon := p.expect(COLON)
	return &CondExpr{Cond: x, Quest: quest, X: y, Colon: colon, Y: p.parseExpr()}
}

// parseBinary parses binary operators of precedence prec1 and tighter, left
// associative.
func (p *parser) parseBinary(prec1 int) Expr {
	x := p.parseUnary()
	for n := 0; ; n++ {
		prec := binaryPrec(p.tok)
		if prec < prec1 || prec == precLowest {
			return x
		}
		pos, op := p.pos, p.tok
		p.chain(n, pos)
		p.next()
		var y Expr
		if op == POW {
			// 2 ** 3 ** 2 is 2 ** (3 ** 2): the right operand is parsed
			// by recursion, which counts as nesting.
			p.enter()
			y = p.parseBinary(prec)
			p.leave()
		} else {
			y = p.parseBinary(prec + 1)
		}
		x = &BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
}

// parseUnary parses prefix operators and quantifiers.
func (p *parser) parseUnary() Expr {
	p.enter()
	defer p.leave()
	switch p.tok {
	case ADD, SUB, NOT, KwNot, INC, DEC:
		pos, op := p.pos, p.tok
		p.next()
		return &UnaryExpr{OpPos: pos, Op: op, X: p.parseUnary()}
	case KwForall, KwExists:
		return p.parseQuant(p.tok)
	case IDENT:
		if p.lit == "sum" && p.peek(1).tok == LPAREN && p.peek(2).tok == IDENT && p.peek(3).tok == COLON {
			return p.parseQuant(KwSum)
		}
	}
	return p.parsePostfix(p.parseOperand())
}

// parseQuant parses forall/exists/sum (Name : Type) Body; the body extends
// as far as possible.
func (p *parser) parseQuant(op Token) Expr {
	pos := p.pos
	p.next()
	p.expect(LPAREN)
	name := p.parseIdent()
	p.expect(COLON)
	typ := p.parseType()
	p.expect(RPAREN)
	return &QuantExpr{OpPos: pos, Op: op, Name: name, Type: typ, Body: p.parseExpr()}
}

// parseOperand parses a literal, a name or a parenthesised expression. On
// anything else it reports an error and returns a BadExpr without consuming
// the token.
func (p *parser) parseOperand() Expr {
	pos, lit := p.pos, p.lit
	switch p.tok {
	case IDENT:
		p.next()
		return &Ident{NamePos: pos, Name: lit}
	case INT:
		p.next()
		return &IntLit{ValuePos: pos, Lit: lit, Value: p.intValue(pos, lit)}
	case DOUBLE:
		p.next()
		return &DoubleLit{ValuePos: pos, Lit: lit}
	case STRING:
		p.next()
		return &StringLit{ValuePos: pos, Lit: lit}
	case KwTrue, KwFalse:
		p.next()
		return &BoolLit{ValuePos: pos, Value: lit == "true"}
	case KwDeadlock:
		p.next()
		return &DeadlockLit{KwPos: pos}
	case LPAREN:
		p.next()
		x := p.parseExpr()
		return &ParenExpr{Lparen: pos, X: x, Rparen: p.expectClose(RPAREN)}
	}
	p.errorExpected("expression")
	return &BadExpr{From: pos, To: p.end()}
}

// expectClose expects a closing bracket and returns its position; when it
// is missing, the position is that of the token found instead, so that the
// enclosing node still has a sensible extent.
func (p *parser) expectClose(tok Token) Pos {
	pos := p.pos
	if p.tok == tok {
		p.next()
		return pos
	}
	p.errorExpected("'" + tok.String() + "'")
	return p.prevEnd - 1 // the opening bracket has been consumed, so prevEnd > base
}

// parsePostfix parses indexing, calls, field selection and postfix
// operators after an operand.
func (p *parser) parsePostfix(x Expr) Expr {
	for n := 0; ; n++ {
		if isPostfix(p.tok) {
			p.chain(n, p.pos)
		}
		switch p.tok {
		case LBRACK:
			lbrack := p.pos
			p.next()
			index := p.parseExpr()
			x = &IndexExpr{X: x, Lbrack: lbrack, Index: index, Rbrack: p.expectClose(RBRACK)}
		case LPAREN:
			lparen := p.pos
			p.next()
			args := p.parseArgs()
			x = &CallExpr{Fun: x, Lparen: lparen, Args: args, Rparen: p.expectClose(RPAREN)}
		case DOT:
			p.next()
			x = &SelectorExpr{X: x, Sel: p.parseIdent()}
		case INC, DEC, PRIME:
			x = &PostfixExpr{X: x, OpPos: p.pos, Op: p.tok}
			p.next()
		default:
			return x
		}
	}
}

func isPostfix(t Token) bool {
	switch t {
	case LBRACK, LPAREN, DOT, INC, DEC, PRIME:
		return true
	}
	return false
}

// parseArgs parses a possibly empty comma-separated argument list up to ')'.
func (p *parser) parseArgs() []Expr {
	if p.tok == RPAREN {
		return nil
	}
	var args []Expr
	for {
		args = append(args, p.parseExpr())
		if !p.got(COMMA) {
			return args
		}
	}
}

// parseIdent parses an identifier; on anything else it reports an error and
// returns an Ident with an empty name at the current position (so that it
// spans nothing) without consuming.
func (p *parser) parseIdent() *Ident {
	pos, name := p.pos, ""
	if p.tok == IDENT {
		name = p.lit
		p.next()
	} else {
		p.errorExpected("identifier")
	}
	return &Ident{NamePos: pos, Name: name}
}
