// Locate: from a byte offset of the written XML back to a text part.

package edit

import "unicode/utf8"

// Locate says where a byte offset of the latest Bytes() output falls: the
// text part whose element content holds it, and the offset in that part's
// text as its accessor returns it (unescaped, line ends normalised). An
// offset inside an entity reference maps to the character it stands for.
// Diagnostics from the engine carry such offsets (source.Position.Offset
// of the bytes it parsed). ok is false when the offset is outside every
// text part, or when Bytes has not been called.
func (d *Doc) Locate(offset int) (p Part, off int, ok bool) {
	for _, s := range d.parts {
		if offset < s.start || offset > s.end {
			continue
		}
		// An offset at the end of a part's content counts for it: the
		// engine reports a missing token there.
		return s.part, textOffset(s, offset), true
	}
	return Part{Template: -1, Edge: -1, Query: -1}, 0, false
}

// textOffset converts an output offset inside s to an offset of its text.
func textOffset(s span, offset int) int {
	n := 0
	for _, pc := range s.pieces {
		if offset < pc.at {
			break
		}
		k := offset - pc.at
		if k >= len(pc.written) {
			n += unescapedLen(pc.written, pc.cdata)
			continue
		}
		return n + unescapedLen(pc.written[:k], pc.cdata)
	}
	return n
}

// unescapedLen is the length of the text that the written bytes w (or a
// prefix of them) stand for.
func unescapedLen(w string, cdata bool) int {
	if cdata {
		return cdataLen(w)
	}
	n := 0
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '&':
			if r, size := entity(w[i:]); size > 0 {
				n += utf8.RuneLen(r)
				i += size - 1
				continue
			}
			n++
		case '\r':
			n++
			if i+1 < len(w) && w[i+1] == '\n' {
				i++
			}
		default:
			n++
		}
	}
	return n
}

// cdataLen is unescapedLen for a CDATA section: the markup counts for
// nothing, line ends are normalised.
func cdataLen(w string) int {
	const open, close = len("<![CDATA["), len("]]>")
	body := w[min(open, len(w)):]
	if len(w) > open+close && w[len(w)-close:] == "]]>" {
		body = w[open : len(w)-close]
	}
	n := 0
	for i := 0; i < len(body); i++ {
		if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			i++
		}
		n++
	}
	return n
}

// entity decodes the reference at the start of s: the rune and the
// reference's length, or size 0.
func entity(s string) (rune, int) {
	end := -1
	for i := 1; i < len(s) && i < 16; i++ {
		if s[i] == ';' {
			end = i
			break
		}
	}
	if end < 2 {
		return 0, 0
	}
	name := s[1:end]
	switch name {
	case "lt":
		return '<', end + 1
	case "gt":
		return '>', end + 1
	case "amp":
		return '&', end + 1
	case "apos":
		return '\'', end + 1
	case "quot":
		return '"', end + 1
	}
	if name[0] != '#' || len(name) < 2 {
		return 0, 0
	}
	base, digits := 10, name[1:]
	if digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	var r rune
	for _, c := range []byte(digits) {
		d := hexValue(c)
		if d < 0 || d >= base || r > utf8.MaxRune {
			return 0, 0
		}
		r = r*rune(base) + rune(d)
	}
	if len(digits) == 0 || !utf8.ValidRune(r) {
		return 0, 0
	}
	return r, end + 1
}

func hexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
