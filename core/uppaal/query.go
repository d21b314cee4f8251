// Reading .q query files.

package uppaal

import (
	"bytes"
	"strings"

	"beeline/core/source"
)

// ReadQueries reads a query file as UPPAAL writes it beside a model: one
// formula per line, each preceded by a /* comment */ (often empty), with
// // line comments anywhere. A formula continues on the next line when its
// line ends with a backslash or while a bracket is open. The non-blank
// comments since the previous formula become the formula's Comment; a
// //NO_QUERY line (UPPAAL's placeholder for an empty entry) discards them.
// The input is decoded as Read decodes it.
func ReadQueries(fs *source.FileSet, name string, src []byte) ([]*Query, source.List) {
	var diags source.List
	f, _, ok := addText(fs, name, src, &diags)
	if !ok {
		return nil, diags
	}
	r := &queryReader{fs: fs, f: f, src: f.Source(), diags: &diags}
	r.read()
	return r.queries, diags
}

type queryReader struct {
	fs       *source.FileSet
	f        *source.File
	src      []byte
	diags    *source.List
	queries  []*Query
	dropped  int // queries past maxQueries
	comments []string
}

func (r *queryReader) read() {
	for i := bomLen(r.src); i < len(r.src); {
		switch {
		case isSpace(r.src[i]):
			i++
		case hasPrefixAt(r.src, i, "//"):
			end := lineEnd(r.src, i)
			if strings.TrimSpace(string(r.src[i+2:end])) == "NO_QUERY" {
				r.comments = nil
			}
			i = end
		case hasPrefixAt(r.src, i, "/*"):
			i = r.comment(i)
		default:
			i = r.formula(i)
		}
	}
}

func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// comment reads the block comment at i and returns the offset after it.
func (r *queryReader) comment(i int) int {
	j := bytes.Index(r.src[i+2:], []byte("*/"))
	if j < 0 {
		r.diags.Add(r.f.Pos(i), source.NoPos, "comment not terminated")
		return len(r.src)
	}
	if c := strings.TrimSpace(string(r.src[i+2 : i+2+j])); c != "" {
		r.comments = append(r.comments, c)
	}
	return i + 2 + j + 2
}

// formula reads the formula starting at i and returns the offset after it.
// A // comment ends the formula's text on its line; a backslash before the
// line end, or an open bracket, carries the formula to the next line, whose
// text joins it after a newline.
func (r *queryReader) formula(i int) int {
	tb := newTextBuilder(i)
	depth := 0
	for i < len(r.src) {
		c := r.src[i]
		switch {
		case c == '\n' || (c == '\\' && continuation(r.src, i)):
			if c == '\\' {
				i = lineEnd(r.src, i)
			} else if depth <= 0 {
				return r.finish(tb, i)
			}
			if i < len(r.src) {
				tb.emit('\n', i)
				i++
			}
			continue
		case hasPrefixAt(r.src, i, "//"):
			i = lineEnd(r.src, i)
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		}
		if c != '\r' {
			tb.emit(c, i)
		}
		tb.end = i + 1
		i++
	}
	return r.finish(tb, i)
}

// continuation reports whether the backslash at i is the last thing on its
// line but white space. It stops at the first other byte, so that a line of
// many backslashes costs linear time.
func continuation(src []byte, i int) bool {
	for j := i + 1; j < len(src) && src[j] != '\n'; j++ {
		if !isSpace(src[j]) {
			return false
		}
	}
	return true
}

func (r *queryReader) finish(tb *textBuilder, next int) int {
	if !tb.blank() {
		q := &Query{Formula: tb.trimmed(r.fs, r.f), Comment: strings.Join(r.comments, "\n")}
		addQuery(&r.queries, &r.dropped, q, r.diags)
	}
	r.comments = nil
	return next
}
