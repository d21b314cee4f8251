// The parser's state, its token stream, its error handling and the entry
// points.

package lang

import (
	"sort"
	"strconv"

	"beeline/core/source"
)

// maxErrors is the number of errors after which a text is abandoned.
const maxErrors = 10

// maxDepth bounds the nesting of expressions, types and statements, so that
// a pathological text ("((((...") cannot exhaust the stack.
const maxDepth = 500

// token is one scanned token.
type token struct {
	pos Pos
	tok Token
	lit string
}

func (t token) end() Pos { return t.pos + Pos(len(t.lit)) }

// parser holds the state of one parse of one text.
type parser struct {
	text string
	base Pos
	errs *source.List
	sc   Scanner

	// The current token, and tokens scanned ahead of it.
	token
	ahead   []token
	prevEnd Pos // end of the previous token

	nerrs    int
	lastLine int   // line of the last reported error
	lastPos  Pos   // position of the last reported error
	lines    []int // offsets of line starts, computed on the first error
	depth    int
	exprs    int // nesting of parseExpr, to check only the outermost
	elseIfs  int // else-if branches of the chains being parsed
	inBody   int // nesting of function bodies, for error recovery
}

// bailout is panicked to abandon a text after too many errors; the entry
// points recover it.
type bailout struct{}

func newParser(text string, base Pos, errs *source.List, mode ScanMode) *parser {
	if errs == nil {
		errs = new(source.List)
	}
	p := &parser{text: text, base: base, errs: errs}
	p.sc.Init(text, base, p.scanError, mode)
	p.prevEnd = base
	p.pos, p.tok, p.lit = p.sc.Scan()
	return p
}

// recover turns a bailout into a normal return; other panics are bugs and
// continue.
func (p *parser) recover() {
	if r := recover(); r != nil {
		if _, ok := r.(bailout); !ok {
			panic(r)
		}
	}
}

// next advances to the next token.
func (p *parser) next() {
	p.prevEnd = p.end()
	if len(p.ahead) > 0 {
		p.token = p.ahead[0]
		p.ahead = p.ahead[1:]
		return
	}
	p.pos, p.tok, p.lit = p.sc.Scan()
}

// peek returns the token n positions after the current one (n >= 1).
func (p *parser) peek(n int) token {
	for len(p.ahead) < n {
		var t token
		t.pos, t.tok, t.lit = p.sc.Scan()
		p.ahead = append(p.ahead, t)
	}
	return p.ahead[n-1]
}

// ---------------------------------------------------------------------------
// Errors

func (p *parser) scanError(pos, end Pos, msg string) { p.errorAt(pos, end, msg) }

// lineOf returns the 0-based line of pos in the text.
func (p *parser) lineOf(pos Pos) int {
	if p.lines == nil {
		p.lines = []int{0}
		for i := 0; i < len(p.text); i++ {
			if p.text[i] == '\n' {
				p.lines = append(p.lines, i+1)
			}
		}
	}
	off := int(pos - p.base)
	return sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
}

// errorAt reports an error at [pos, end). A second error on the line of the
// previous one, or before it, is dropped (it is usually a consequence of the
// first), and the text is abandoned after maxErrors errors.
func (p *parser) errorAt(pos, end Pos, msg string) {
	line := p.lineOf(pos)
	if p.nerrs > 0 && (line == p.lastLine || pos < p.lastPos) {
		return
	}
	p.lastPos = pos
	if end < pos {
		end = pos
	}
	p.errs.Add(pos, end, msg)
	p.nerrs++
	p.lastLine = line
	if p.nerrs >= maxErrors {
		panic(bailout{})
	}
}

// describe names the current token for a message: 'x', '+', end of text.
func (p *parser) describe() string {
	switch p.tok {
	case EOF:
		return "end of text"
	case STRING:
		if len(p.lit) > 24 {
			return "string " + p.lit[:20] + "...\""
		}
		return "string " + p.lit
	}
	lit := p.lit
	if lit == "" {
		lit = p.tok.String()
	}
	if len(lit) > 24 {
		lit = lit[:20] + "..."
	}
	return "'" + lit + "'"
}

// errorExpected reports "expected what, found <current token>".
func (p *parser) errorExpected(what string) {
	p.errorAt(p.pos, p.end(), "expected "+what+", found "+p.describe())
}

// expect consumes the current token if it is tok and reports an error
// otherwise (without consuming anything). It returns the position of the
// current token.
func (p *parser) expect(tok Token) Pos {
	pos := p.pos
	if p.tok == tok {
		p.next()
	} else {
		p.errorExpected("'" + tok.String() + "'")
	}
	return pos
}

// got consumes the current token if it is tok.
func (p *parser) got(tok Token) bool {
	if p.tok == tok {
		p.next()
		return true
	}
	return false
}

// isWord reports whether the current token is the identifier word.
func (p *parser) isWord(word string) bool { return p.tok == IDENT && p.lit == word }

// enter counts one level of nesting and abandons the text when it is too
// deep; leave undoes it.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.errorAt(p.pos, p.end(), "text nested too deeply")
		panic(bailout{})
	}
}

func (p *parser) leave() { p.depth-- }

// skipBalanced skips from the current token, which must be an opening
// bracket, past its matching closing bracket (or to the end of the text).
func (p *parser) skipBalanced() {
	depth := 0
	for p.tok != EOF {
		switch p.tok {
		case LPAREN, LBRACK, LBRACE:
			depth++
		case RPAREN, RBRACK, RBRACE:
			depth--
		}
		p.next()
		if depth <= 0 {
			return
		}
	}
}

// ---------------------------------------------------------------------------
// Entry points

// ParseDeclarations parses global or template-local declarations: variables,
// typedefs, functions, channel priorities, and also what a system section
// holds (instantiations, the system line). Constructs that are recognised
// but not modelled (progress measures, gantt charts, before_update and
// after_update, external function imports, dynamic templates) come back as
// *UnsupportedDecl without an error. base is the position of text[0];
// errors are appended to errs.
func ParseDeclarations(text string, base Pos, errs *source.List) (decls []Decl) {
	p := newParser(text, base, errs, 0)
	defer p.recover()
	p.parseDeclList(&decls)
	return decls
}

// ParseSystem parses a system section: declarations, instantiations
// (`P1 = T(1);`, `Q(int &x) = P(x, 2);`, old `P1 := T();`) and the system
// line. It accepts the same language as ParseDeclarations; the model
// compiler decides what may appear where.
func ParseSystem(text string, base Pos, errs *source.List) (decls []Decl) {
	return ParseDeclarations(text, base, errs)
}

// ParseParameters parses a template's parameter list, without parentheses:
// `const int id, int &x, clock &c[3]`. UPPAAL 3.x lists separated by ';' are
// accepted too. Empty text gives nil.
func ParseParameters(text string, base Pos, errs *source.List) (params []*Param) {
	p := newParser(text, base, errs, 0)
	defer p.recover()
	params = p.parseParamList(EOF, &params)
	if p.tok != EOF {
		p.errorExpected("',' or end of parameters")
	}
	return params
}

// ParseExpr parses a guard or an invariant. Empty text (or only comments)
// gives nil without error. UPPAAL 3.x wrote conjunctions in guards and
// invariants with commas (`x < 5, y > 3`); a top-level comma is read as &&.
func ParseExpr(text string, base Pos, errs *source.List) (x Expr) {
	p := newParser(text, base, errs, 0)
	defer func() {
		if x == nil && p.nerrs > 0 {
			x = &BadExpr{From: base, To: base + Pos(len(text))} // after a bailout
		}
	}()
	defer p.recover()
	if p.tok == EOF {
		return nil
	}
	x = p.parseExpr()
	for n := 0; p.tok == COMMA; n++ {
		pos := p.pos
		p.chain(n, pos)
		p.next()
		x = &BinaryExpr{X: x, OpPos: pos, Op: LAND, Y: p.parseExpr()}
		if p.tok != COMMA {
			x = p.bounded(x) // the commas make a chain of their own
		}
	}
	p.expectEnd("expression")
	return x
}

// expectEnd reports an error unless the whole text has been read.
func (p *parser) expectEnd(what string) {
	if p.tok != EOF {
		p.errorExpected("end of " + what)
	}
}

// intValue converts an INT literal. Values beyond int32 are errors, except
// 2147483648 (2^31), which is let through with its value: it is needed to
// write -2147483648, and UPPAAL 3.x models use it as a bound; the checker
// decides what it means where it stands.
func (p *parser) intValue(pos Pos, lit string) int64 {
	v, err := strconv.ParseInt(lit, 10, 64)
	if err != nil || v > 1<<31 {
		p.errorAt(pos, pos+Pos(len(lit)), "integer literal "+shorten(lit)+" overflows int32")
		return 0
	}
	return v
}

func shorten(s string) string {
	if len(s) > 24 {
		return s[:20] + "..."
	}
	return s
}
