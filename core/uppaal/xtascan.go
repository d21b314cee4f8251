// The xta tokenizer: just enough lexing to find structure (identifiers,
// brackets, separators, arrows), skipping white space, comments and strings.

package uppaal

type xkind uint8

const (
	xEOF    xkind = iota
	xIdent        // identifier or keyword
	xNumber       // number (any digits, letters, dots that follow a digit)
	xString       // "..."
	xPunct        // any other single byte
	xArrow        // ->
	xUArrow       // -u-> (an uncontrollable edge, UPPAAL TIGA)
)

// xtoken is a token: its kind and its byte range in the file.
type xtoken struct {
	kind       xkind
	start, end int
}

// xtaScanner produces tokens from src. It never fails: an unterminated
// comment or string is reported and runs to the end of the input.
type xtaScanner struct {
	src    []byte
	off    int
	report func(off int, msg string)
}

func (s *xtaScanner) next() xtoken {
	s.skipSpace()
	start := s.off
	if start >= len(s.src) {
		return xtoken{xEOF, len(s.src), len(s.src)}
	}
	c := s.src[start]
	kind := xPunct
	switch {
	case isIdentByte(c) && !isDigit(c):
		kind = xIdent
		s.off = s.scanWhile(start, isIdentByte)
	case isDigit(c):
		kind = xNumber
		s.off = s.scanWhile(start, func(c byte) bool { return isIdentByte(c) || c == '.' })
	case c == '"':
		kind = xString
		s.off = s.scanString(start)
	case hasPrefixAt(s.src, start, "->"):
		kind = xArrow
		s.off = start + 2
	case hasPrefixAt(s.src, start, "-u->"):
		kind = xUArrow
		s.off = start + 4
	default:
		s.off = start + 1
	}
	return xtoken{kind, start, s.off}
}

// isIdentByte accepts bytes of UTF-8 sequences too, so that a non-ASCII
// name is one token (core/lang decides whether it is allowed).
func isIdentByte(c byte) bool {
	return c == '_' || isDigit(c) || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c >= 0x80
}

func hasPrefixAt(src []byte, i int, p string) bool {
	return len(src)-i >= len(p) && string(src[i:i+len(p)]) == p
}

func (s *xtaScanner) scanWhile(i int, ok func(byte) bool) int {
	for i < len(s.src) && ok(s.src[i]) {
		i++
	}
	return i
}

func (s *xtaScanner) scanString(start int) int {
	for i := start + 1; i < len(s.src); i++ {
		switch s.src[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		case '\n':
			s.report(start, "string literal not terminated")
			return i
		}
	}
	s.report(start, "string literal not terminated")
	return len(s.src)
}

func (s *xtaScanner) skipSpace() {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; {
		case isSpace(c):
			s.off++
		case hasPrefixAt(s.src, s.off, "//"):
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		case hasPrefixAt(s.src, s.off, "/*"):
			s.skipComment()
		default:
			return
		}
	}
}

func (s *xtaScanner) skipComment() {
	start := s.off
	for i := start + 2; i+1 < len(s.src); i++ {
		if s.src[i] == '*' && s.src[i+1] == '/' {
			s.off = i + 2
			return
		}
	}
	s.report(start, "comment not terminated")
	s.off = len(s.src)
}
