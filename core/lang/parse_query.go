// Queries: the symbolic properties, and recognition of the others.

package lang

import "beeline/core/source"

// ParseQuery parses a requirement: E<> φ, A[] φ, E[] φ, A<> φ, φ --> ψ,
// sup: e1, e2, sup{φ}: e1, e2, and inf alike. Other kinds of query that
// UPPAAL knows (bounds, Pr, simulate,
// E[...] estimation, control:, strategies, learning, "under" subjections,
// ...) give a Query of kind QueryUnsupported whose What names the kind, and
// no error. Empty text, or only comments, gives nil.
func ParseQuery(text string, base Pos, errs *source.List) (q *Query) {
	p := newParser(text, base, errs, ScanQuery)
	defer func() {
		// After a bailout, leave no nil formula in a checkable query.
		if q != nil && q.Kind != QueryUnsupported {
			if q.Prop == nil && q.Kind != QuerySup && q.Kind != QueryInf {
				q.Prop = &BadExpr{From: q.KindPos, To: q.Stop}
			}
			if q.Kind == QueryLeadsTo && q.Right == nil {
				q.Right = &BadExpr{From: q.Stop, To: q.Stop}
			}
			if (q.Kind == QuerySup || q.Kind == QueryInf) && len(q.List) == 0 {
				q.List = []Expr{&BadExpr{From: q.Stop, To: q.Stop}}
			}
		}
	}()
	defer p.recover()
	if p.tok == EOF {
		return nil
	}
	// Classify with the scanner silent: the tokens peeked at may belong to
	// notations that are not ours to judge (such as '#' in Pr[#<=5]).
	p.sc.err = nil
	what := p.unsupportedQuery()
	p.sc.err = p.scanError
	if what != "" {
		return p.skipQuery(what)
	}
	q = &Query{KindPos: p.pos, Stop: p.pos}
	if k, ok := boundWords[p.lit]; ok && p.tok == IDENT {
		if t := p.peek(1).tok; t == COLON || t == LBRACE {
			q.Kind = k
			return p.parseBoundQuery(q)
		}
	}
	switch p.tok {
	case EF, EG, AF, AG:
		q.Kind = pathQuantifiers[p.tok]
		p.next()
		q.Prop = p.parseExpr()
	default:
		q.Prop = p.parseExpr()
		if p.tok != LEADSTO {
			p.errorAt(q.KindPos, q.KindPos+1, "expected 'E<>', 'E[]', 'A<>', 'A[]' or a leads-to formula (p --> q)")
			q.Kind, q.What, q.Prop, q.Stop = QueryUnsupported, "formula without a path quantifier", nil, p.stopAfter(q.KindPos)
			return q
		}
		q.Kind = QueryLeadsTo
		q.Stop = p.end()
		p.next()
		q.Right = p.parseExpr()
	}
	return p.endQuery(q)
}

var pathQuantifiers = map[Token]QueryKind{EF: QueryEF, EG: QueryEG, AF: QueryAF, AG: QueryAG}

// boundWords are the first words of the queries that compute bounds of
// expressions. They count only when ':' or '{' follows, so that a
// variable called sup still works in a leads-to formula.
var boundWords = map[string]QueryKind{"sup": QuerySup, "inf": QueryInf}

// parseBoundQuery parses the rest of sup: e1, e2, ... or sup{φ}: e1, e2,
// ... (and inf alike) from the word, whose kind q already holds. Clock
// constraints and side effects in the list are the compiler's to refuse:
// telling a clock from an integer takes the declarations.
func (p *parser) parseBoundQuery(q *Query) *Query {
	p.next()
	if p.got(LBRACE) {
		q.Prop = p.parseExpr()
		p.expect(RBRACE)
	}
	p.expect(COLON)
	for {
		q.List = append(q.List, p.parseExpr())
		if !p.got(COMMA) {
			break
		}
	}
	return p.endQuery(q)
}

// endQuery ends q at its last token and expects the end of the query; a
// query under a strategy (`... under S`) is skipped as unsupported.
func (p *parser) endQuery(q *Query) *Query {
	if p.isWord("under") {
		u := p.skipQuery("query under a strategy (under)")
		u.KindPos = q.KindPos
		return u
	}
	q.Stop = p.stopAfter(q.KindPos)
	p.expectEnd("query")
	return q
}

// stopAfter returns the end of the last token read, but not before from.
func (p *parser) stopAfter(from Pos) Pos {
	if p.prevEnd < from {
		return from
	}
	return p.prevEnd
}

// skipQuery returns an unsupported query spanning the rest of the text. The
// rest is scanned without reporting errors: the notation of SMC queries
// (such as '#') is not ours to judge.
func (p *parser) skipQuery(what string) *Query {
	q := &Query{KindPos: p.pos, Kind: QueryUnsupported, What: what}
	// Silence the scanner from here on, and count only what it reads.
	p.sc.err = nil
	stop := p.end()
	for p.tok != EOF {
		stop = p.end()
		p.next()
	}
	q.Stop = stop
	return q
}

// queryWords maps the first word of query kinds we recognise but do not
// check to their name, with the tokens that may follow the word (so that a
// variable called sup still works in a leads-to formula).
var queryWords = map[string]struct {
	what   string
	follow []Token
}{
	"bounds":         {"bounds query (bounds)", []Token{COLON, LBRACE}},
	"simulate":       {"simulation query (simulate)", []Token{LBRACK, INT}},
	"Pr":             {"probability query (Pr)", []Token{LBRACK, LPAREN, LSS}},
	"Pmax":           {"probability query (Pmax)", nil},
	"E":              {"expected value estimation (E[...])", []Token{LBRACK}},
	"A":              {"until query (A[ p U q ])", []Token{LBRACK}},
	"control":        {"controller synthesis query (control:)", []Token{COLON, LBRACK}},
	"control_t":      {"time-optimal controller synthesis query (control_t*)", []Token{MUL}},
	"acontrol":       {"approximate controller synthesis query (acontrol:)", []Token{COLON}},
	"strategy":       {"strategy assignment (strategy)", []Token{IDENT}},
	"saveStrategy":   {"strategy saving (saveStrategy)", []Token{LPAREN}},
	"loadStrategy":   {"strategy loading (loadStrategy)", []Token{LPAREN, LBRACE}},
	"minE":           {"learning query (minE)", []Token{LPAREN, LBRACK}},
	"maxE":           {"learning query (maxE)", []Token{LPAREN, LBRACK}},
	"minPr":          {"learning query (minPr)", []Token{LPAREN, LBRACK}},
	"maxPr":          {"learning query (maxPr)", []Token{LPAREN, LBRACK}},
	"sat":            {"scenario query (sat:)", []Token{COLON}},
	"simulation":     {"timed game simulation query (simulation:)", []Token{COLON}},
	"refinement":     {"timed I/O refinement query (refinement:)", []Token{COLON}},
	"consistency":    {"timed I/O consistency query (consistency:)", []Token{COLON}},
	"specification":  {"timed I/O specification query (specification:)", []Token{COLON}},
	"implementation": {"timed I/O implementation query (implementation:)", []Token{COLON}},
}

// unsupportedQuery names the kind of query at the start of the text when it
// is one that is recognised but not checked, and returns "" otherwise.
func (p *parser) unsupportedQuery() string {
	switch p.tok {
	case LBRACE:
		return "partial-observation controller synthesis query ({...} control:)"
	case EF:
		if t := p.peek(1); t.tok == IDENT && t.lit == "control" && p.peek(2).tok == COLON {
			return "cooperative controller synthesis query (E<> control:)"
		}
	case IDENT:
		w, ok := queryWords[p.lit]
		if !ok {
			return ""
		}
		if w.follow == nil {
			return w.what
		}
		next := p.peek(1).tok
		for _, t := range w.follow {
			if next == t && p.confirmBracketQuery() {
				return w.what
			}
		}
	}
	return ""
}

// confirmBracketQuery tells "A[ p U q ]" and "E[<=10](...)" from an array
// named A or E at the start of a leads-to formula: A[ must contain U, W or R
// at its own bracket level, and E[ must start with a bound (<=, #<=, x<=).
func (p *parser) confirmBracketQuery() bool {
	if p.peek(1).tok != LBRACK {
		return true
	}
	switch p.lit {
	case "E":
		t2, t3 := p.peek(2), p.peek(3)
		return t2.tok == LEQ || t2.tok == ILLEGAL || t2.tok == IDENT && t3.tok == LEQ
	case "A":
		depth := 0
		for n := 1; n < 10000; n++ {
			t := p.peek(n)
			switch t.tok {
			case LBRACK, LPAREN, LBRACE:
				depth++
			case RBRACK, RPAREN, RBRACE:
				depth--
			case IDENT:
				if depth == 1 && (t.lit == "U" || t.lit == "W" || t.lit == "R") {
					return true
				}
			case EOF:
				return false
			}
			if depth <= 0 {
				return false
			}
		}
		return false
	}
	return true
}
