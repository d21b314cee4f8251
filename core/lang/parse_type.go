// Types, array dimensions and parameter lists.

package lang

// qualifierBits maps qualifier keywords to their bit and bit number.
var qualifierBits = map[Token]Qualifiers{
	KwConst:     QConst,
	KwMeta:      QMeta,
	KwUrgent:    QUrgent,
	KwBroadcast: QBroadcast,
	KwHybrid:    QHybrid,
}

// qualifierToken returns the qualifier keyword at the current token, or
// ILLEGAL. "hybrid" is a context keyword: it qualifies only a clock.
func (p *parser) qualifierToken() Token {
	switch p.tok {
	case KwConst, KwMeta, KwUrgent, KwBroadcast:
		return p.tok
	case IDENT:
		if p.lit == "hybrid" && p.peek(1).tok == KwClock {
			return KwHybrid
		}
	}
	return ILLEGAL
}

// startsType reports whether the current token begins a type by itself (a
// qualifier or a type keyword). A typedef name is an IDENT, and whether it
// begins a type is the caller's decision.
func (p *parser) startsType() bool {
	switch p.tok {
	case KwInt, KwBool, KwClock, KwChan, KwDouble, KwString, KwVoid, KwScalar, KwStruct:
		return true
	}
	return p.qualifierToken() != ILLEGAL
}

// parseType parses qualifiers and a base type. On a token that cannot be a
// type it reports an error and returns a TNamed type with an empty name.
func (p *parser) parseType() *TypeSpec {
	p.enter()
	defer p.leave()
	t := &TypeSpec{Start: p.pos}
	p.parseQualifiers(t)
	p.parseBaseType(t)
	t.Stop = p.prevEnd
	if t.Stop < t.Start {
		t.Stop = t.Start
	}
	return t
}

func (p *parser) parseQualifiers(t *TypeSpec) {
	for {
		kw := p.qualifierToken()
		if kw == ILLEGAL {
			return
		}
		q := qualifierBits[kw]
		if t.Qual&q != 0 {
			p.errorAt(p.pos, p.end(), "duplicate qualifier "+kw.String())
		}
		t.Qual |= q
		t.QualAt[bitNumber(q)] = p.pos
		p.next()
	}
}

func bitNumber(q Qualifiers) int {
	n := 0
	for q > 1 {
		q >>= 1
		n++
	}
	return n
}

var simpleTypes = map[Token]TypeKind{
	KwBool:   TBool,
	KwClock:  TClock,
	KwChan:   TChan,
	KwDouble: TDouble,
	KwString: TString,
	KwVoid:   TVoid,
}

func (p *parser) parseBaseType(t *TypeSpec) {
	if k, ok := simpleTypes[p.tok]; ok {
		t.Kind = k
		p.next()
		return
	}
	switch p.tok {
	case KwInt:
		t.Kind = TInt
		p.next()
		if p.tok == LBRACK {
			p.parseIntRange(t)
		}
	case KwScalar:
		t.Kind = TScalar
		p.next()
		p.expect(LBRACK)
		t.Size = p.parseExpr()
		p.expectClose(RBRACK)
	case KwStruct:
		t.Kind = TStruct
		p.next()
		t.Fields = p.parseFields()
	case IDENT:
		t.Kind = TNamed
		t.Name = &Ident{NamePos: p.pos, Name: p.lit}
		p.next()
	default:
		p.errorExpected("type")
		t.Kind = TNamed
		t.Name = &Ident{NamePos: p.pos}
	}
}

// parseIntRange parses [Lo, Hi] after int; either bound may be omitted.
func (p *parser) parseIntRange(t *TypeSpec) {
	t.Ranged = true
	p.next()
	if p.tok != COMMA {
		t.Lo = p.parseExpr()
	}
	p.expect(COMMA)
	if p.tok != RBRACK {
		t.Hi = p.parseExpr()
	}
	p.expectClose(RBRACK)
}

// parseFields parses { FieldDecl... } of a struct.
func (p *parser) parseFields() []*VarDecl {
	p.expect(LBRACE)
	var fields []*VarDecl
	for p.tok != RBRACE && p.tok != EOF {
		start := p.pos
		if f := p.parseField(); f != nil {
			fields = append(fields, f)
		}
		if p.pos == start {
			p.next() // make progress
		}
	}
	p.expectClose(RBRACE)
	return fields
}

// parseField parses `Type a, b[2];` inside a struct.
func (p *parser) parseField() *VarDecl {
	if !p.startsType() && p.tok != IDENT {
		p.errorExpected("field declaration")
		p.syncField()
		return nil
	}
	d := &VarDecl{Type: p.parseType()}
	for {
		d.Vars = append(d.Vars, &VarSpec{Name: p.parseIdent(), Dims: p.parseDims()})
		if !p.got(COMMA) {
			break
		}
	}
	d.Semi = p.pos
	if !p.got(SEMI) {
		p.errorExpected("';'")
		p.syncField()
	}
	return d
}

// syncField skips to just after the next ';' or to the struct's '}'.
func (p *parser) syncField() {
	for p.tok != EOF && p.tok != RBRACE {
		if p.tok == LBRACE {
			p.skipBalanced()
			continue
		}
		semi := p.tok == SEMI
		p.next()
		if semi {
			return
		}
	}
}

// parseDims parses zero or more [Size] or [Type] array dimensions.
func (p *parser) parseDims() []*ArrayDim {
	var dims []*ArrayDim
	for p.tok == LBRACK {
		d := &ArrayDim{Lbrack: p.pos}
		p.next()
		if p.startsType() {
			d.Type = p.parseType()
		} else {
			d.Size = p.parseExpr()
		}
		d.Rbrack = p.expectClose(RBRACK)
		dims = append(dims, d)
	}
	return dims
}

// parseParamList parses parameters up to the token close (')' for
// functions and templates, EOF for a template's parameter text), appending
// them to *list. Parameters are separated by ',' or, in UPPAAL 3.x, by ';'.
// Two UPPAAL 3.x forms are also read: a name alone after a separator shares
// the previous parameter's type (`int a, b`), and a qualifier followed by a
// name alone stands for an int (`const n`).
func (p *parser) parseParamList(close Token, list *[]*Param) []*Param {
	if p.tok == close {
		return *list
	}
	var prev *TypeSpec
	for {
		start := p.pos
		prm := p.parseParam(prev)
		*list = append(*list, prm)
		prev = prm.Type
		if p.tok != COMMA && p.tok != SEMI {
			return *list
		}
		p.next()
		if p.pos == start {
			return *list
		}
	}
}

// nameAlone reports whether the current IDENT is a parameter name standing
// without a type of its own.
func (p *parser) nameAlone() bool {
	if p.tok != IDENT {
		return false
	}
	switch p.peek(1).tok {
	case COMMA, SEMI, RPAREN, LBRACK, EOF:
		return true
	}
	return false
}

// parseParam parses `Type [&] Name Dims`.
func (p *parser) parseParam(prev *TypeSpec) *Param {
	prm := &Param{}
	switch {
	case prev != nil && p.nameAlone():
		prm.Type = prev
	default:
		t := &TypeSpec{Start: p.pos}
		p.parseQualifiers(t)
		if t.Qual != 0 && p.nameAlone() {
			t.Kind = TInt
			t.Stop = p.prevEnd
		} else {
			p.parseBaseType(t)
			t.Stop = p.prevEnd
		}
		prm.Type = t
	}
	if p.tok == AND || p.tok == LAND {
		// '&&' is not a parameter, but "int &&x" is better reported at the name.
		prm.Ref, prm.Amp = true, p.pos
		if p.tok == LAND {
			p.errorAt(p.pos, p.end(), "expected '&', found '&&'")
		}
		p.next()
	}
	prm.Name = p.parseIdent()
	prm.Dims = p.parseDims()
	return prm
}
