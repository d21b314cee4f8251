// The scanner: UPPAAL text to tokens.

package lang

import (
	"fmt"
	"unicode/utf8"
)

// ScanMode selects optional scanner behaviour.
type ScanMode uint

const (
	// ScanComments makes Scan return comments as COMMENT tokens instead of
	// skipping them.
	ScanComments ScanMode = 1 << iota
	// ScanQuery turns on the query tokens: E<>, E[], A<>, A[] (also with
	// blanks between the letter and the brackets, as UPPAAL reads them) and
	// the keyword deadlock. Without it, E and A are ordinary identifiers and
	// deadlock is a name.
	ScanQuery
)

// An ErrorHandler receives the scanner's errors: the range of the offending
// text and a message.
type ErrorHandler func(pos, end Pos, msg string)

// A Scanner splits a text into tokens. Byte i of the text has position
// base+i. The zero Scanner is not usable; call Init.
type Scanner struct {
	src  string
	base Pos
	err  ErrorHandler
	mode ScanMode
	off  int // offset of the next unread byte

	// ErrorCount counts the errors reported so far.
	ErrorCount int
}

// Init prepares s to scan text, whose first byte has position base. err may
// be nil, in which case errors are only counted.
func (s *Scanner) Init(text string, base Pos, err ErrorHandler, mode ScanMode) {
	s.src, s.base, s.err, s.mode, s.off = text, base, err, mode, 0
	s.ErrorCount = 0
	// A byte-order mark at the start is not text.
	if len(text) >= 3 && text[:3] == "\xef\xbb\xbf" {
		s.off = 3
	}
}

// Offset returns the offset of the next unread byte.
func (s *Scanner) Offset() int { return s.off }

func (s *Scanner) error(off, end int, msg string) {
	s.ErrorCount++
	if s.err != nil {
		s.err(s.base+Pos(off), s.base+Pos(end), msg)
	}
}

// Scan returns the next token: its position, its kind and its text (the
// exact source bytes; for EOF the empty string). An unusable character gives
// ILLEGAL and an error; Scan never fails otherwise and always advances until
// EOF, which it then returns forever.
func (s *Scanner) Scan() (pos Pos, tok Token, lit string) {
	for {
		s.skipBlanks()
		start := s.off
		if start >= len(s.src) {
			return s.base + Pos(len(s.src)), EOF, ""
		}
		c := s.src[start]
		switch {
		case isLetter(c):
			tok = s.scanIdent()
		case isDigit(c):
			tok = s.scanNumber()
		case c == '"':
			tok = s.scanString()
		case c == '/' && s.peekByte(1) == '/':
			s.skipLineComment()
			if s.mode&ScanComments == 0 {
				continue
			}
			tok = COMMENT
		case c == '/' && s.peekByte(1) == '*':
			s.skipBlockComment()
			if s.mode&ScanComments == 0 {
				continue
			}
			tok = COMMENT
		default:
			tok = s.scanOperator()
		}
		return s.base + Pos(start), tok, s.src[start:s.off]
	}
}

func (s *Scanner) peekByte(i int) byte {
	if s.off+i < len(s.src) {
		return s.src[s.off+i]
	}
	return 0
}

// skipBlanks skips white space and UPPAAL's line continuation: a backslash
// followed by blanks and a newline.
func (s *Scanner) skipBlanks() {
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			s.off++
		case '\\':
			i := s.off + 1
			for i < len(s.src) && (s.src[i] == ' ' || s.src[i] == '\t' || s.src[i] == '\r') {
				i++
			}
			if i < len(s.src) && s.src[i] == '\n' {
				s.off = i + 1
				continue
			}
			return
		default:
			return
		}
	}
}

func (s *Scanner) skipLineComment() {
	for s.off < len(s.src) && s.src[s.off] != '\n' {
		s.off++
	}
}

func (s *Scanner) skipBlockComment() {
	start := s.off
	s.off += 2
	for s.off+1 < len(s.src) {
		if s.src[s.off] == '*' && s.src[s.off+1] == '/' {
			s.off += 2
			return
		}
		s.off++
	}
	s.off = len(s.src)
	s.error(start, start+2, "comment not terminated")
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// isIdentByte reports whether c may continue an identifier. UPPAAL allows '$'
// and '#' after the first letter.
func isIdentByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '$' || c == '#' }

func (s *Scanner) scanIdent() Token {
	start := s.off
	for s.off < len(s.src) && isIdentByte(s.src[s.off]) {
		s.off++
	}
	word := s.src[start:s.off]
	if s.mode&ScanQuery != 0 {
		switch word {
		case "E", "A":
			return s.scanPathQuantifier(word[0])
		case "deadlock":
			return KwDeadlock
		}
	}
	return Lookup(word)
}

// scanPathQuantifier is called after the letter E or A in query mode: if
// "<>" or "[]" follows, possibly after blanks, the token is E<>, E[], A<> or
// A[]; otherwise the letter is an identifier.
func (s *Scanner) scanPathQuantifier(letter byte) Token {
	i := s.off
	for i < len(s.src) && (s.src[i] == ' ' || s.src[i] == '\t') {
		i++
	}
	if i+1 >= len(s.src) {
		return IDENT
	}
	var tok Token
	switch s.src[i : i+2] {
	case "<>":
		tok = EF
		if letter == 'A' {
			tok = AF
		}
	case "[]":
		tok = EG
		if letter == 'A' {
			tok = AG
		}
	default:
		return IDENT
	}
	s.off = i + 2
	return tok
}

// scanNumber scans decimal digits, and a fraction or an exponent that makes
// the literal a DOUBLE. Digits followed by a letter end at the letter: "10N"
// is INT then IDENT, as in UPPAAL.
func (s *Scanner) scanNumber() Token {
	s.skipDigits()
	tok := INT
	if s.peekByte(0) == '.' && isDigit(s.peekByte(1)) {
		s.off++
		s.skipDigits()
		tok = DOUBLE
	}
	if c := s.peekByte(0); c == 'e' || c == 'E' {
		i := 1
		if c := s.peekByte(1); c == '+' || c == '-' {
			i = 2
		}
		if isDigit(s.peekByte(i)) {
			s.off += i
			s.skipDigits()
			tok = DOUBLE
		}
	}
	return tok
}

func (s *Scanner) skipDigits() {
	for s.off < len(s.src) && isDigit(s.src[s.off]) {
		s.off++
	}
}

// scanString scans a double-quoted string with backslash escapes. A string
// may not span lines.
func (s *Scanner) scanString() Token {
	start := s.off
	s.off++
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case '"':
			s.off++
			return STRING
		case '\\':
			s.off++
			if s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		case '\n':
			s.error(start, s.off, "string literal not terminated")
			return STRING
		default:
			s.off++
		}
	}
	s.error(start, s.off, "string literal not terminated")
	return STRING
}

// operators lists the operator spellings by first byte, longest first, so
// that the first match is the longest.
var operators = [256][]struct {
	text string
	tok  Token
}{
	'+':  {{"++", INC}, {"+=", ADDEQ}, {"+", ADD}},
	'-':  {{"-->", LEADSTO}, {"--", DEC}, {"-=", SUBEQ}, {"->", ARROW}, {"-", SUB}},
	'*':  {{"**", POW}, {"*=", MULEQ}, {"*", MUL}},
	'/':  {{"/=", QUOEQ}, {"/", QUO}},
	'%':  {{"%=", REMEQ}, {"%", REM}},
	'&':  {{"&&", LAND}, {"&=", ANDEQ}, {"&", AND}},
	'|':  {{"||", LOR}, {"|=", OREQ}, {"|", OR}},
	'^':  {{"^=", XOREQ}, {"^", XOR}},
	'<':  {{"<<=", SHLEQ}, {"<<", SHL}, {"<=", LEQ}, {"<?", MIN}, {"<", LSS}},
	'>':  {{">>=", SHREQ}, {">>", SHR}, {">=", GEQ}, {">?", MAX}, {">", GTR}},
	'!':  {{"!=", NEQ}, {"!", NOT}},
	'=':  {{"==", EQL}, {"=<", LEQ}, {"=>", GEQ}, {"=", ASSIGN}}, // =< and => are UPPAAL 3.x spellings
	':':  {{":=", COLONEQ}, {":", COLON}},
	'\'': {{"'", PRIME}},
	'?':  {{"?", QUEST}},
	',':  {{",", COMMA}},
	';':  {{";", SEMI}},
	'.':  {{".", DOT}},
	'(':  {{"(", LPAREN}},
	')':  {{")", RPAREN}},
	'[':  {{"[", LBRACK}},
	']':  {{"]", RBRACK}},
	'{':  {{"{", LBRACE}},
	'}':  {{"}", RBRACE}},
}

func (s *Scanner) scanOperator() Token {
	rest := s.src[s.off:]
	for _, op := range operators[rest[0]] {
		if len(rest) >= len(op.text) && rest[:len(op.text)] == op.text {
			s.off += len(op.text)
			return op.tok
		}
	}
	start := s.off
	r, size := utf8.DecodeRuneInString(rest)
	s.off += size
	switch {
	case r == utf8.RuneError && size == 1:
		s.error(start, s.off, fmt.Sprintf("invalid byte 0x%02x in text", rest[0]))
	case r < 0x20 || r == 0x7f:
		s.error(start, s.off, fmt.Sprintf("illegal character %U", r))
	default:
		s.error(start, s.off, fmt.Sprintf("illegal character %U '%c'", r, r))
	}
	return ILLEGAL
}
