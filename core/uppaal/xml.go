// The XML token reader: encoding/xml tokens with their byte ranges in the
// file, element-walking helpers, and positioned syntax errors.

package uppaal

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"beeline/core/source"
)

// xmlReader wraps an encoding/xml Decoder that reads the registered file.
// Decoder.InputOffset gives the end of each token, so the previous end is
// its start: every token, and so every element and text node, is known as a
// byte range of the file. After EOF or the first syntax error (after which
// encoding/xml cannot go on) next returns false forever.
type xmlReader struct {
	fs    *source.FileSet
	f     *source.File
	src   []byte
	base  int // file offset where the decoder starts (after a BOM)
	dec   *xml.Decoder
	diags *source.List

	done   bool // no more tokens
	failed bool // a syntax error was reported

	tok        xml.Token
	start, end int // file range of tok

	open []openTag // the elements open at the current token
}

type openTag struct {
	name  string
	start int
}

// maxDepth bounds the nesting of elements. UPPAAL documents nest five or
// six deep; the bound keeps the decoder's stack, which costs memory per open
// element, small on hostile input.
const maxDepth = 64

// tag is a start tag just read: its name, attributes and file range.
type tag struct {
	name       string
	attrs      []xml.Attr
	start, end int
}

// attr returns the value of the named attribute.
func (t tag) attr(name string) (string, bool) {
	for _, a := range t.attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

func newXMLReader(fs *source.FileSet, f *source.File, diags *source.List) *xmlReader {
	src := f.Source()
	base := bomLen(src)
	dec := xml.NewDecoder(bytes.NewReader(src[base:]))
	// The text is UTF-8 already (see decodeInput), whatever the declaration
	// says, so the "conversion" is the identity.
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return &xmlReader{fs: fs, f: f, src: src, base: base, dec: dec, diags: diags}
}

// next reads the next token into r.tok, r.start, r.end.
func (r *xmlReader) next() bool {
	if r.done {
		return false
	}
	start := r.base + int(r.dec.InputOffset())
	tok, err := r.dec.Token()
	if err != nil {
		r.done = true
		if err != io.EOF {
			r.syntaxError(err, start)
		}
		return false
	}
	r.tok, r.start, r.end = tok, start, r.base+int(r.dec.InputOffset())
	switch t := tok.(type) {
	case xml.StartElement:
		if len(r.open) >= maxDepth {
			r.done, r.failed = true, true
			r.diags.Add(r.f.Pos(start), source.NoPos, "elements nested too deeply")
			return false
		}
		r.open = append(r.open, openTag{t.Name.Local, start})
	case xml.EndElement:
		if len(r.open) > 0 {
			r.open = r.open[:len(r.open)-1]
		}
	}
	return true
}

// syntaxError reports a decoder error at the byte that caused it. The
// decoder stops just after the offending construct; tokStart is where the
// token it was reading began.
func (r *xmlReader) syntaxError(err error, tokStart int) {
	r.failed = true
	msg := strings.TrimPrefix(err.Error(), "xml: ")
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg = se.Msg
	}
	off := min(r.base+int(r.dec.InputOffset()), len(r.src))
	tokStart = min(tokStart, off)
	at := max(off-1, tokStart)
	raw := r.src[tokStart:off]
	switch {
	case strings.HasPrefix(msg, "unexpected EOF"):
		at, msg = r.eofError(raw, tokStart)
	case strings.Contains(msg, " closed by </"):
		at = tokStart + max(bytes.LastIndex(raw, []byte("</")), 0)
		found := msg[strings.Index(msg, " closed by ")+len(" closed by "):]
		if n := len(r.open); n > 0 {
			msg = fmt.Sprintf("expected </%s>, found %s", r.open[n-1].name, found)
		}
	case strings.HasPrefix(msg, "unexpected end element"):
		at = tokStart + max(bytes.LastIndex(raw, []byte("</")), 0)
	case strings.HasPrefix(msg, "invalid XML name"):
		at = tokStart + bytes.LastIndexByte(raw, '<') + 1
	case strings.Contains(msg, "entity"):
		at = tokStart + max(bytes.LastIndexByte(raw, '&'), 0)
		if name, ok := strings.CutPrefix(msg, "invalid character entity "); ok && strings.HasSuffix(name, ";") {
			// A DOCTYPE may declare it, but declared entities (internal,
			// external, or bombs of nested ones) are never expanded.
			msg = "unknown entity " + name + " (entities declared in a DOCTYPE are not expanded)"
		}
	}
	r.diags.Add(r.f.Pos(at), r.f.Pos(off), msg)
}

// eofError words an unexpected end of file by what was left open: the
// construct being read (at its start), or else the innermost element.
func (r *xmlReader) eofError(raw []byte, tokStart int) (int, string) {
	for _, c := range []struct{ prefix, msg string }{
		{"<!--", "comment not terminated"},
		{"<![CDATA[", "CDATA section not terminated"},
		{"<?", "processing instruction not terminated"},
		{"<!", "declaration not terminated"},
		{"</", "end tag not terminated"},
		{"<", "tag not terminated"},
	} {
		if bytes.HasPrefix(raw, []byte(c.prefix)) {
			return tokStart, c.msg
		}
	}
	msg := "unexpected end of file"
	if n := len(r.open); n > 0 {
		msg += fmt.Sprintf(", expected </%s>", r.open[n-1].name)
	}
	return len(r.src), msg
}

// children calls fn for each child element of the element whose start tag
// was read last, up to and including its end tag. fn must consume the child
// through its end tag (with skip, content, raw or children).
func (r *xmlReader) children(fn func(t tag)) {
	for r.next() {
		switch t := r.tok.(type) {
		case xml.StartElement:
			fn(tag{name: t.Name.Local, attrs: t.Attr, start: r.start, end: r.end})
		case xml.EndElement:
			return
		}
	}
}

// skip consumes the element whose start tag was read last.
func (r *xmlReader) skip() {
	for depth := 1; depth > 0 && r.next(); {
		switch r.tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
}

// content reads the text of the element t (whose start tag was read last)
// through its end tag. Comments, processing instructions and nested
// elements are left out of the text; their bytes simply have no text byte
// mapping to them.
func (r *xmlReader) content(t tag) *textBuilder {
	b := newTextBuilder(t.end)
	for r.next() {
		switch r.tok.(type) {
		case xml.CharData:
			b.addRaw(r.src, r.start, r.end)
		case xml.StartElement:
			r.skip()
		case xml.EndElement:
			return b
		}
	}
	return b
}

// raw consumes the element t and returns its bytes as written.
func (r *xmlReader) raw(t tag) string {
	r.skip()
	return string(r.src[t.start:max(r.end, t.end)])
}

// attrOffset returns the file offset of the value of attribute name in the
// start tag t, or the start of the tag when it cannot be found.
func (r *xmlReader) attrOffset(t tag, name string) int {
	raw := r.src[t.start:min(t.end, len(r.src))]
	for i := 0; i < len(raw); {
		j := bytes.Index(raw[i:], []byte(name))
		if j < 0 {
			break
		}
		j += i
		k := j + len(name)
		for k < len(raw) && isSpace(raw[k]) {
			k++
		}
		if j > 0 && isSpace(raw[j-1]) && k < len(raw) && raw[k] == '=' {
			k++
			for k < len(raw) && isSpace(raw[k]) {
				k++
			}
			if k < len(raw) && (raw[k] == '"' || raw[k] == '\'') {
				k++
			}
			return t.start + k
		}
		i = j + 1
	}
	return t.start
}
