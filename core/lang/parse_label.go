// Edge labels: updates, selections and synchronisations.

package lang

import "beeline/core/source"

// ParseUpdate parses an update label: comma-separated expressions, usually
// assignments (`x = 0, y := y + 1, f()`). Empty text gives nil.
func ParseUpdate(text string, base Pos, errs *source.List) (list []Expr) {
	p := newParser(text, base, errs, 0)
	defer p.recover()
	if p.tok == EOF {
		return nil
	}
	for {
		start := p.pos
		list = append(list, p.parseExpr())
		if !p.got(COMMA) || p.pos == start {
			break
		}
	}
	p.expectEnd("update")
	return list
}

// ParseSelect parses a select label: `i : int[0,3], j : id_t`. Empty text
// gives nil.
func ParseSelect(text string, base Pos, errs *source.List) (list []*SelectBinding) {
	p := newParser(text, base, errs, 0)
	defer p.recover()
	if p.tok == EOF {
		return nil
	}
	for {
		b := &SelectBinding{Name: p.parseIdent()}
		p.expect(COLON)
		b.Type = p.parseType()
		list = append(list, b)
		if !p.got(COMMA) {
			break
		}
	}
	p.expectEnd("select")
	return list
}

// ParseSync parses a synchronisation label: `a[i]!` or `c?`. Empty text
// gives nil. The channel is any expression tighter than the conditional,
// so that its '?' is not taken for one.
func ParseSync(text string, base Pos, errs *source.List) (s *Sync) {
	p := newParser(text, base, errs, 0)
	defer func() {
		if s == nil && p.nerrs > 0 {
			end := base + Pos(len(text))
			s = &Sync{Chan: &BadExpr{From: base, To: end - 1}, DirPos: end - 1} // after a bailout
		}
	}()
	defer p.recover()
	if p.tok == EOF {
		return nil
	}
	s = &Sync{Chan: p.bounded(p.parseBinary(precOr)), DirPos: p.pos}
	switch p.tok {
	case NOT:
		s.Send = true
		p.next()
	case QUEST:
		p.next()
	case EOF:
		// utap's CSP-style synchronisation (a channel alone, paired
		// through IO declarations) is outside UPPAAL's documented language.
		p.errorAt(s.Chan.Pos(), s.DirPos, "synchronisation without '!' or '?' (CSP style) is not supported")
		return s
	default:
		p.errorExpected("'!' or '?'")
		return s
	}
	p.expectEnd("synchronisation")
	return s
}
