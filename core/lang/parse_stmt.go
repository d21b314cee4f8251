// Statements of function bodies.

package lang

// parseBlock parses { statements }.
func (p *parser) parseBlock() *BlockStmt {
	p.enter()
	defer p.leave()
	p.inBody++
	defer func() { p.inBody-- }()
	b := &BlockStmt{Lbrace: p.expect(LBRACE)}
	for p.tok != RBRACE && p.tok != EOF {
		start := p.pos
		b.List = append(b.List, p.parseStmt())
		if p.pos == start {
			p.next() // make progress whatever happened
		}
	}
	b.Rbrace = p.expectClose(RBRACE)
	return b
}

// parseStmt parses one statement or local declaration.
func (p *parser) parseStmt() Stmt {
	p.enter()
	defer p.leave()
	switch p.tok {
	case LBRACE:
		return p.parseBlock()
	case SEMI:
		s := &EmptyStmt{Semi: p.pos}
		p.next()
		return s
	case KwIf:
		return p.parseIf()
	case KwFor:
		return p.parseFor()
	case KwWhile:
		return p.parseWhile()
	case KwDo:
		return p.parseDoWhile()
	case KwReturn:
		return p.parseReturn()
	case KwBreak, KwContinue:
		s := &BranchStmt{TokPos: p.pos, Tok: p.tok}
		p.next()
		s.Semi = p.expectSemi()
		return s
	case KwTypedef:
		return &DeclStmt{Decl: p.parseTypeDecl()}
	case RBRACE, EOF:
		p.errorExpected("statement")
		return &BadStmt{From: p.pos, To: p.pos}
	case IDENT:
		if p.peek(1).tok == IDENT {
			return p.parseLocalVar()
		}
	}
	if p.startsType() {
		return p.parseLocalVar()
	}
	return p.parseExprStmt()
}

// parseLocalVar parses a variable declaration inside a function.
func (p *parser) parseLocalVar() Stmt {
	typ := p.parseType()
	return &DeclStmt{Decl: p.parseVarRest(typ, p.parseIdent())}
}

func (p *parser) parseExprStmt() Stmt {
	from := p.pos
	x := p.parseExpr()
	if _, bad := x.(*BadExpr); bad {
		p.syncDecl()
		to := p.prevEnd
		if to < from {
			to = from
		}
		return &BadStmt{From: from, To: to}
	}
	return &ExprStmt{X: x, Semi: p.expectSemi()}
}

// parseExprList parses Expr {, Expr}, UPPAAL's ExprList of for clauses and
// of the conditions of if, while and do-while (an expression statement is a
// single expression). A single expression stays as it is, a list becomes a
// CommaExpr. A broken element makes the whole list that
// BadExpr, so that statement recovery sees it.
func (p *parser) parseExprList() Expr {
	x := p.parseExpr()
	if p.tok != COMMA {
		return x
	}
	list := []Expr{x}
	for p.got(COMMA) {
		list = append(list, p.parseExpr())
	}
	for _, e := range list {
		if bad, ok := e.(*BadExpr); ok {
			return bad
		}
	}
	return &CommaExpr{List: list}
}

// parseParenCond parses ( ExprList ), the condition of if, while and
// do-while.
func (p *parser) parseParenCond() Expr {
	p.expect(LPAREN)
	x := p.parseExprList()
	p.expectClose(RPAREN)
	return x
}

func (p *parser) parseIf() Stmt {
	s := &IfStmt{If: p.pos}
	p.next()
	s.Cond = p.parseParenCond()
	s.Then = p.parseStmt()
	if !p.got(KwElse) {
		return s
	}
	if p.tok != KwIf {
		s.Else = p.parseStmt()
		return s
	}
	// else if ... is a chain of branches written flat, as long as a
	// function has cases: it counts against maxHeight, not as nesting.
	p.elseIfs++
	if p.elseIfs > maxHeight {
		p.errorAt(p.pos, p.end(), "too many else-if branches: more than 10000 in a row")
		panic(bailout{})
	}
	s.Else = p.parseIf()
	p.elseIfs--
	return s
}

// parseFor parses for (Init; Cond; Post) Body and for (Name : Type) Body.
func (p *parser) parseFor() Stmt {
	pos := p.pos
	p.next()
	p.expect(LPAREN)
	if p.tok == IDENT && p.peek(1).tok == COLON {
		s := &RangeStmt{For: pos, Name: p.parseIdent()}
		p.next()
		s.Type = p.parseType()
		p.expectClose(RPAREN)
		s.Body = p.parseStmt()
		return s
	}
	s := &ForStmt{For: pos}
	if p.tok != SEMI {
		s.Init = p.parseExprList()
	}
	p.expect(SEMI)
	if p.tok != SEMI {
		s.Cond = p.parseExprList()
	}
	p.expect(SEMI)
	if p.tok != RPAREN {
		s.Post = p.parseExprList()
	}
	p.expectClose(RPAREN)
	s.Body = p.parseStmt()
	return s
}

func (p *parser) parseWhile() Stmt {
	s := &WhileStmt{While: p.pos}
	p.next()
	s.Cond = p.parseParenCond()
	s.Body = p.parseStmt()
	return s
}

func (p *parser) parseDoWhile() Stmt {
	s := &DoWhileStmt{Do: p.pos}
	p.next()
	s.Body = p.parseStmt()
	p.expect(KwWhile)
	s.Cond = p.parseParenCond()
	s.Semi = p.expectSemi()
	return s
}

func (p *parser) parseReturn() Stmt {
	s := &ReturnStmt{Return: p.pos}
	p.next()
	if p.tok != SEMI {
		s.Result = p.parseExpr()
	}
	s.Semi = p.expectSemi()
	return s
}
