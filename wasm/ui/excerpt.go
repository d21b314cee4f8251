// A diagnostic's text, and the source excerpt that shows where it points.

package main

import (
	"html"
	"strconv"
	"strings"

	"beeline/core/protocol"
)

// whereText is a diagnostic's line in the list, as the command line
// prints it: "file:line:col: query 2: context: message".
func whereText(dg protocol.Diagnostic) string {
	s := position(dg)
	if dg.Query != nil {
		s += "query " + strconv.Itoa(*dg.Query) + ": "
	}
	if dg.Context != "" {
		s += dg.Context + ": "
	}
	return s + dg.Message
}

// position writes "file:line:col: " for a diagnostic with a position.
func position(dg protocol.Diagnostic) string {
	if !dg.Pos.IsValid() {
		return ""
	}
	return dg.Pos.Filename + ":" + strconv.Itoa(dg.Pos.Line) + ":" + strconv.Itoa(dg.Pos.Column) + ": "
}

// excerptContext is how many lines are shown around a diagnostic.
const excerptContext = 2

// excerptHTML returns the lines of text around d with d's range marked,
// as HTML (one block span per line, the range in <mark>). Offsets are byte
// offsets, so slicing is exact whatever the characters; the browser sees
// only the escaped result. It returns "" when d has no usable position.
func excerptHTML(text []byte, d protocol.Diagnostic) string {
	lines := strings.SplitAfter(string(text), "\n")
	if d.Pos.Line < 1 || d.Pos.Line > len(lines) {
		return ""
	}
	start, end := d.Pos.Offset, d.End.Offset
	if end < start || d.End.Line < 1 {
		end = start
	}
	first := max(1, d.Pos.Line-excerptContext)
	last := min(len(lines), max(d.Pos.Line, d.End.Line)+excerptContext)
	off := 0
	for i := 1; i < first; i++ {
		off += len(lines[i-1])
	}
	var b strings.Builder
	for ln := first; ln <= last; ln++ {
		line := strings.TrimRight(lines[ln-1], "\r\n")
		hit := ln >= d.Pos.Line && ln <= max(d.Pos.Line, d.End.Line)
		writeLine(&b, ln, line, off, start, end, hit)
		off += len(lines[ln-1])
	}
	return b.String()
}

// writeLine writes one numbered line, marking bytes [start, end) of the
// file (at least one character when the range is empty).
func writeLine(b *strings.Builder, ln int, line string, off, start, end int, hit bool) {
	if hit {
		b.WriteString(`<span class="line hit">`)
	} else {
		b.WriteString(`<span class="line">`)
	}
	b.WriteString(`<span class="ln">` + strconv.Itoa(ln) + `</span>`)
	lo, hi := max(start-off, 0), min(end-off, len(line))
	if start == end && start-off >= 0 && start-off <= len(line) {
		lo, hi = start-off, min(start-off+1, len(line))
	}
	if !hit || lo > len(line) || hi < lo || (hi == lo && lo < len(line)) {
		b.WriteString(html.EscapeString(line))
	} else {
		b.WriteString(html.EscapeString(line[:lo]))
		mark := line[lo:hi]
		if mark == "" {
			mark = " "
		}
		b.WriteString("<mark>" + html.EscapeString(mark) + "</mark>")
		b.WriteString(html.EscapeString(line[hi:]))
	}
	b.WriteString(`</span>`)
}
