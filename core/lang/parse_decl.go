// Declarations: variables, typedefs, functions, channel priorities,
// instantiations, the system line, and the constructs skipped by name.

package lang

// parseDeclList parses declarations to the end of the text, appending them
// to *list as it goes so that a bailout keeps what was parsed.
func (p *parser) parseDeclList(list *[]Decl) {
	for p.tok != EOF {
		start := p.pos
		if d := p.parseDecl(); d != nil {
			*list = append(*list, d)
		}
		if p.pos == start && p.tok != EOF {
			p.next() // make progress whatever happened
		}
	}
}

// parseDecl parses one declaration; it returns nil for a stray ';'.
func (p *parser) parseDecl() Decl {
	switch p.tok {
	case SEMI:
		// UPPAAL tolerates stray semicolons, as after "void f() { ... };".
		p.next()
		return nil
	case KwTypedef:
		return p.parseTypeDecl()
	case KwSystem:
		return p.parseSystemLine()
	case KwChan:
		if p.isChanPriority() {
			return p.parseChanPriority()
		}
	case IDENT:
		if d := p.parseSkippedDecl(); d != nil {
			return d
		}
		switch p.peek(1).tok {
		case ASSIGN, COLONEQ, LPAREN:
			return p.parseInstantiation()
		case IDENT:
			return p.parseVarOrFunc()
		}
	}
	if p.startsType() {
		return p.parseVarOrFunc()
	}
	p.errorExpected("declaration")
	return p.badDecl(p.pos)
}

// badDecl skips to the end of a broken declaration.
func (p *parser) badDecl(from Pos) Decl {
	p.syncDecl()
	to := p.prevEnd
	if to < from {
		to = from
	}
	return &BadDecl{From: from, To: to}
}

// declStart lists the tokens that begin a declaration or a statement; error
// recovery stops before them.
var declStart = map[Token]bool{
	KwTypedef: true, KwSystem: true, KwInt: true, KwBool: true, KwClock: true,
	KwChan: true, KwConst: true, KwVoid: true, KwStruct: true, KwMeta: true,
	KwUrgent: true, KwBroadcast: true, KwDouble: true, KwString: true,
	KwScalar: true, KwIf: true, KwFor: true, KwWhile: true, KwDo: true,
	KwReturn: true, KwBreak: true, KwContinue: true,
}

// syncDecl skips tokens after an error: past the next ';', or up to a token
// that begins a declaration or a statement, skipping bracketed groups whole.
// Inside a function body it stops before the '}' that closes a block; at
// the top level a stray closing bracket is skipped.
func (p *parser) syncDecl() {
	for p.tok != EOF {
		switch {
		case p.tok == SEMI:
			p.next()
			return
		case p.tok == LBRACE || p.tok == LPAREN || p.tok == LBRACK:
			p.skipBalanced()
			continue
		case p.tok == RBRACE && p.inBody > 0:
			return
		case declStart[p.tok]:
			return
		}
		p.next()
	}
}

// expectSemi expects the ';' that ends a declaration or a statement and
// returns its position; when it is missing it reports an error, recovers,
// and returns the position of the last byte before the error.
func (p *parser) expectSemi() Pos {
	if p.tok == SEMI {
		pos := p.pos
		p.next()
		return pos
	}
	pos := p.prevEnd - 1
	if pos < p.base {
		pos = p.base
	}
	if p.prevEnd > p.base && p.lineOf(p.pos) > p.lineOf(p.prevEnd) {
		// The ';' is missing at the end of a line: say so there, not at
		// the start of the next declaration.
		p.errorAt(p.prevEnd, p.prevEnd, "expected ';', found newline")
	} else {
		p.errorExpected("';'")
	}
	p.syncDecl()
	return pos
}

// parseVarOrFunc parses a variable or function declaration.
func (p *parser) parseVarOrFunc() Decl {
	typ := p.parseType()
	if p.isOldConst(typ) {
		return p.parseOldConst(typ)
	}
	name := p.parseIdent()
	if p.tok == LPAREN {
		return p.parseFunc(typ, name)
	}
	return p.parseVarRest(typ, name)
}

// isOldConst reports whether typ, just parsed, is the start of an UPPAAL
// 3.x constant, `const N = 5;` (or `const N 5;`): a bare const qualifier
// whose "type name" is followed by what can only follow a constant's name.
func (p *parser) isOldConst(typ *TypeSpec) bool {
	if typ.Qual != QConst || typ.Kind != TNamed || typ.Name == nil {
		return false
	}
	switch p.tok {
	case ASSIGN, COLONEQ, LBRACK, INT:
		return true
	case SUB, ADD:
		return p.peek(1).tok == INT
	}
	return false
}

// parseOldConst parses the rest of an UPPAAL 3.x constant declaration
// `const N = 5, M 6;`, which means `const int N = 5, M = 6;`, and returns
// it in that form.
func (p *parser) parseOldConst(typ *TypeSpec) *VarDecl {
	constEnd := typ.QualAt[bitNumber(QConst)] + Pos(len("const"))
	it := &TypeSpec{Start: typ.Start, Qual: QConst, QualAt: typ.QualAt, Kind: TInt, Stop: constEnd}
	d := &VarDecl{Type: it}
	d.Vars = append(d.Vars, p.parseOldConstSpec(typ.Name))
	for p.got(COMMA) {
		d.Vars = append(d.Vars, p.parseOldConstSpec(p.parseIdent()))
	}
	d.Semi = p.expectSemi()
	return d
}

// parseOldConstSpec parses what follows a name in an old constant
// declaration: `= 5`, `[2] = {1, 2}` or a bare `5`.
func (p *parser) parseOldConstSpec(name *Ident) *VarSpec {
	if p.tok == INT || p.tok == SUB || p.tok == ADD {
		return &VarSpec{Name: name, Init: p.parseExpr()}
	}
	return p.parseVarSpec(name)
}

// parseVarRest parses the rest of `Type name dims = init, ...;` after name.
func (p *parser) parseVarRest(typ *TypeSpec, name *Ident) *VarDecl {
	d := &VarDecl{Type: typ}
	d.Vars = append(d.Vars, p.parseVarSpec(name))
	for p.got(COMMA) {
		d.Vars = append(d.Vars, p.parseVarSpec(p.parseIdent()))
	}
	d.Semi = p.expectSemi()
	return d
}

// parseVarSpec parses dims and an optional initialiser after a name. Both
// '=' and UPPAAL 3.x's ':=' introduce the initialiser.
func (p *parser) parseVarSpec(name *Ident) *VarSpec {
	v := &VarSpec{Name: name, Dims: p.parseDims()}
	if p.tok == ASSIGN || p.tok == COLONEQ {
		p.next()
		v.Init = p.parseInit()
	}
	return v
}

// parseInit parses an expression or a brace-enclosed initialiser list.
func (p *parser) parseInit() Expr {
	if p.tok != LBRACE {
		return p.parseExpr()
	}
	p.enter()
	defer p.leave()
	l := &InitList{Lbrace: p.pos}
	p.next()
	for {
		var name *Ident
		if p.tok == IDENT && p.peek(1).tok == COLON {
			name = p.parseIdent()
			p.next()
		}
		start := p.pos
		l.Elems = append(l.Elems, p.parseInit())
		l.Names = append(l.Names, name)
		if !p.got(COMMA) || p.pos == start {
			break
		}
	}
	l.Rbrace = p.expectClose(RBRACE)
	return l
}

// parseFunc parses a function definition after its result type and name.
func (p *parser) parseFunc(typ *TypeSpec, name *Ident) Decl {
	f := &FuncDecl{Result: typ, Name: name}
	p.next() // '('
	var params []*Param
	f.Params = p.parseParamList(RPAREN, &params)
	p.expectClose(RPAREN)
	if p.tok != LBRACE {
		p.errorExpected("'{'")
		return p.badDecl(typ.Pos())
	}
	f.Body = p.parseBlock()
	return f
}

// parseTypeDecl parses `typedef Type Name dims, ...;`.
func (p *parser) parseTypeDecl() *TypeDecl {
	d := &TypeDecl{Typedef: p.pos}
	p.next()
	d.Type = p.parseType()
	for {
		d.Names = append(d.Names, &VarSpec{Name: p.parseIdent(), Dims: p.parseDims()})
		if !p.got(COMMA) {
			break
		}
	}
	d.Semi = p.expectSemi()
	return d
}

// parseSystemLine parses `system A, B < C;`.
func (p *parser) parseSystemLine() *SystemDecl {
	d := &SystemDecl{System: p.pos}
	p.next()
	level := []*Ident{p.parseIdent()}
	for p.tok == COMMA || p.tok == LSS {
		if p.tok == LSS {
			d.Levels = append(d.Levels, level)
			level = nil
		}
		p.next()
		level = append(level, p.parseIdent())
	}
	d.Levels = append(d.Levels, level)
	d.Semi = p.expectSemi()
	return d
}

// isChanPriority reports whether "chan priority" begins a channel priority
// declaration rather than declaring a channel named priority. `chan
// priority;` is a priority declaration without channels, an error:
// priority is one of UPPAAL's reserved words, so it names no channel
// there.
func (p *parser) isChanPriority() bool {
	if t := p.peek(1); t.tok != IDENT || t.lit != "priority" {
		return false
	}
	switch p.peek(2).tok {
	case COMMA, LBRACK, ASSIGN, COLONEQ:
		return false
	}
	return true
}

// parseChanPriority parses `chan priority a, b[0] < default < c;`.
func (p *parser) parseChanPriority() *ChanPriorityDecl {
	d := &ChanPriorityDecl{Chan: p.pos}
	p.next()
	p.next() // priority
	if p.tok == SEMI {
		p.errorExpected("a channel or 'default' after 'chan priority'")
		d.Semi = p.expectSemi()
		return d
	}
	level := []Expr{p.parseChanElem()}
	for p.tok == COMMA || p.tok == LSS {
		if p.tok == LSS {
			d.Levels = append(d.Levels, level)
			level = nil
		}
		p.next()
		level = append(level, p.parseChanElem())
	}
	d.Levels = append(d.Levels, level)
	d.Semi = p.expectSemi()
	return d
}

// parseChanElem parses a channel (a name with indices) or default (nil).
// Full expressions cannot be used, since '<' separates the levels.
func (p *parser) parseChanElem() Expr {
	if p.isWord("default") {
		p.next()
		return nil
	}
	if p.tok != IDENT {
		p.errorExpected("channel")
		return &BadExpr{From: p.pos, To: p.end()}
	}
	var x Expr = p.parseIdent()
	for p.tok == LBRACK {
		lbrack := p.pos
		p.next()
		index := p.parseExpr()
		x = &IndexExpr{X: x, Lbrack: lbrack, Index: index, Rbrack: p.expectClose(RBRACK)}
	}
	return x
}

// parseInstantiation parses `Name = T(args);`, `Name(params) = T(args);`
// or UPPAAL 3.x's `Name := T(args);`.
func (p *parser) parseInstantiation() Decl {
	from := p.pos
	d := &InstantiationDecl{Name: p.parseIdent()}
	if p.tok == LPAREN {
		d.HasParams = true
		p.next()
		var params []*Param
		d.Params = p.parseParamList(RPAREN, &params)
		p.expectClose(RPAREN)
	}
	if !p.got(ASSIGN) && !p.got(COLONEQ) {
		p.errorExpected("'='")
		return p.badDecl(from)
	}
	d.Template = p.parseIdent()
	if p.tok != LPAREN {
		p.errorExpected("'('")
		return p.badDecl(from)
	}
	p.next()
	d.Args = p.parseArgs()
	p.expectClose(RPAREN)
	d.Semi = p.expectSemi()
	return d
}

// skippedDecls names the constructs recognised by their first word and
// skipped whole, with the token that must follow the word.
var skippedDecls = map[string]struct {
	follow Token
	what   string
}{
	"progress":      {LBRACE, "progress measure"},
	"gantt":         {LBRACE, "gantt chart"},
	"before_update": {LBRACE, "before_update block"},
	"after_update":  {LBRACE, "after_update block"},
	"import":        {STRING, "external function import"},
	"dynamic":       {IDENT, "dynamic template declaration"},
	"IO":            {IDENT, "IO declaration"},
}

// parseSkippedDecl recognises a construct of skippedDecls at the current
// token and skips it, returning an UnsupportedDecl; otherwise it returns nil
// and consumes nothing.
func (p *parser) parseSkippedDecl() Decl {
	s, ok := skippedDecls[p.lit]
	if !ok || p.peek(1).tok != s.follow {
		return nil
	}
	io := p.lit == "IO"
	if io && p.peek(2).tok != LBRACE {
		return nil // IO names a type here: "IO x;"
	}
	from := p.pos
	p.next()
	switch s.follow {
	case LBRACE:
		p.skipBalanced()
	case STRING:
		p.next()
		if p.tok == LBRACE {
			p.skipBalanced()
		}
	case IDENT:
		if io { // IO Process { a, b[1], ... }, with no ';' after it
			p.next()
			p.skipBalanced()
			p.got(SEMI)
			break
		}
		fallthrough
	default:
		for p.tok != EOF && p.tok != SEMI {
			if p.tok == LPAREN || p.tok == LBRACE || p.tok == LBRACK {
				p.skipBalanced()
				continue
			}
			p.next()
		}
		p.got(SEMI)
	}
	return &UnsupportedDecl{From: from, To: p.prevEnd, What: s.what}
}
