// Character encodings: UTF-8 (with or without BOM), UTF-16 with a BOM,
// ISO-8859-1 and windows-1252, all turned into UTF-8 before reading.

package uppaal

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

type charset int

const (
	csUTF8 charset = iota
	csLatin1
	csWindows1252
	csUnknown
)

// charsetOf classifies an encoding label from an XML declaration. UTF-16
// declared without a byte-order mark can only be a mislabelled 8-bit file,
// which is read as UTF-8.
func charsetOf(label string) charset {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "", "utf-8", "utf8", "utf-16", "utf16", "unicode-1-1-utf-8":
		return csUTF8
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1",
		"cp819", "ibm819", "iso-ir-100", "us-ascii", "ascii":
		return csLatin1
	case "windows-1252", "cp1252", "x-cp1252":
		return csWindows1252
	}
	return csUnknown
}

// encNote is a diagnostic about the encoding, kept until the file exists.
type encNote struct {
	off int // offset in the decoded text
	msg string
}

// decodeInput returns src as UTF-8, whether it is XML, and notes about what
// was done. The decoded text is what the FileSet holds, so columns count
// bytes of the UTF-8 text; lines are unaffected.
func decodeInput(src []byte) (text []byte, isXML bool, notes []encNote) {
	if big, bom, ok := utf16Order(src); ok {
		text = fromUTF16(src[bom:], big)
		return text, looksLikeXML(text), nil
	}
	isXML = looksLikeXML(src)
	cs := csUTF8
	if isXML {
		label, at := declaredEncoding(src)
		if cs = charsetOf(label); cs == csUnknown {
			notes = append(notes, encNote{at, fmt.Sprintf("unsupported encoding %q, read as UTF-8", label)})
			cs = csUTF8
		}
	}
	if cs == csUTF8 {
		bad := firstInvalidUTF8(src)
		if bad < 0 {
			return src, isXML, notes
		}
		cs = csLatin1
		at := len(fromSingleByte(src[:bad], cs))
		notes = append(notes, encNote{at, "the file is not valid UTF-8, read as ISO-8859-1"})
	}
	return fromSingleByte(src, cs), isXML, notes
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// bomLen is the length of the UTF-8 byte-order mark that src starts with,
// if any. The mark stays in the file and counts in columns of line 1.
func bomLen(src []byte) int {
	if bytes.HasPrefix(src, utf8BOM) {
		return len(utf8BOM)
	}
	return 0
}

// looksLikeXML reports whether src starts with '<' after an optional UTF-8
// byte-order mark and white space.
func looksLikeXML(src []byte) bool {
	s := bytes.TrimPrefix(src, utf8BOM)
	s = bytes.TrimLeft(s, " \t\r\n\f\v")
	return len(s) > 0 && s[0] == '<'
}

// utf16Order reports whether src is UTF-16, whether it is big-endian, and
// the length of its byte-order mark. Without a mark, a file whose first
// character is '<' written as one UTF-16 unit is UTF-16 too, as the XML
// specification's appendix F detects it.
func utf16Order(src []byte) (big bool, bom int, ok bool) {
	switch {
	case len(src) < 2:
	case src[0] == 0xFE && src[1] == 0xFF:
		return true, 2, true
	case src[0] == 0xFF && src[1] == 0xFE:
		return false, 2, true
	case len(src) < 4:
	case src[0] == '<' && src[1] == 0 && src[2] != 0 && src[3] == 0:
		return false, 0, true
	case src[0] == 0 && src[1] == '<' && src[2] == 0 && src[3] != 0:
		return true, 0, true
	}
	return false, 0, false
}

func fromUTF16(b []byte, big bool) []byte {
	units := make([]uint16, len(b)/2)
	for i := range units {
		if big {
			units[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			units[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	runes := utf16.Decode(units)
	out := make([]byte, 0, len(runes))
	for _, r := range runes {
		out = utf8.AppendRune(out, r)
	}
	if len(b)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out
}

// windows1252 gives the characters of bytes 0x80-0x9F in windows-1252; the
// five unassigned bytes keep their ISO-8859-1 meaning.
var windows1252 = [32]rune{
	0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
	0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
}

func fromSingleByte(b []byte, cs charset) []byte {
	out := make([]byte, 0, len(b)+len(b)/8)
	for _, c := range b {
		r := rune(c)
		if cs == csWindows1252 && c >= 0x80 && c < 0xA0 {
			r = windows1252[c-0x80]
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// declaredEncoding finds the encoding pseudo-attribute of an XML
// declaration at the start of src and the offset of its value; "" and -1
// when there is none.
func declaredEncoding(src []byte) (string, int) {
	start := len(src) - len(bytes.TrimLeft(bytes.TrimPrefix(src, utf8BOM), " \t\r\n"))
	rest := src[start:]
	if !bytes.HasPrefix(rest, []byte("<?xml")) {
		return "", -1
	}
	end := bytes.Index(rest, []byte("?>"))
	if end < 0 {
		return "", -1
	}
	decl := rest[:end]
	i := bytes.Index(decl, []byte("encoding"))
	if i < 0 {
		return "", -1
	}
	j := i + len("encoding")
	for j < len(decl) && (isSpace(decl[j]) || decl[j] == '=') {
		j++
	}
	if j >= len(decl) || (decl[j] != '"' && decl[j] != '\'') {
		return "", -1
	}
	k := bytes.IndexByte(decl[j+1:], decl[j])
	if k < 0 {
		return "", -1
	}
	return string(decl[j+1 : j+1+k]), start + j + 1
}

// DecodeText returns src as the UTF-8 text that Read reads: a byte-order
// mark dropped, UTF-16, ISO-8859-1 and windows-1252 converted, invalid
// UTF-8 read as ISO-8859-1. Offsets into the result are the offsets Read's
// positions count, but for a UTF-8 byte-order mark, which Read keeps and
// DecodeText drops.
func DecodeText(src []byte) []byte {
	text, _, _ := decodeInput(src[bomLen(src):])
	return text
}
