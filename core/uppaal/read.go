// Read: format detection and the entry point for documents.

package uppaal

import (
	"math"

	"beeline/core/source"
)

// maxInput is the largest input accepted: segment offset tables hold int32.
const maxInput = math.MaxInt32 - 1

// Read reads an UPPAAL document from src, registered in fs under name. The
// format comes from the content: XML if, after an optional byte-order mark
// and white space, it starts with '<'; the textual .xta format otherwise.
//
// Read always returns a Document, partial when the input is malformed, with
// the diagnostics (errors and warnings, each with a position) found on the
// way. It checks the structure of the document only: declarations and
// labels are left as text for core/lang. It does not panic, it runs in time
// linear in the input, and it uses memory proportional to it.
//
// Non-UTF-8 input is converted to UTF-8 first (UTF-16 with a byte-order
// mark; ISO-8859-1 or windows-1252 as an XML declaration names them; any
// other invalid UTF-8 as ISO-8859-1, with a warning), and it is the
// converted text that fs holds: positions then count bytes of that text.
func Read(fs *source.FileSet, name string, src []byte) (*Document, source.List) {
	var diags source.List
	f, isXML := addFile(fs, name, src, &diags)
	if len(src) > maxInput {
		return &Document{FS: fs, File: f}, diags
	}
	if isXML {
		return readXML(fs, f, &diags), diags
	}
	return readXTA(fs, f, &diags), diags
}

// addFile decodes src to UTF-8, registers it and reports what the decoding
// did. Input too large to address is registered empty, with an error.
func addFile(fs *source.FileSet, name string, src []byte, diags *source.List) (*source.File, bool) {
	if len(src) > maxInput {
		f := fs.AddFile(name, nil)
		diags.Addf(f.Pos(0), source.NoPos, "file too large (%d bytes)", len(src))
		return f, false
	}
	text, isXML, notes := decodeInput(src)
	f := fs.AddFile(name, text)
	for _, n := range notes {
		diags.Warnf(f.Pos(max(n.off, 0)), source.NoPos, "%s", n.msg)
	}
	return f, isXML
}

// maxDiagnostics caps the diagnostics of one file: past it a garbled input
// would only repeat itself, at a cost in memory.
const maxDiagnostics = 100

// room reports whether another diagnostic may be added to diags. At the cap
// it adds a last error saying that the rest is left out.
func room(diags *source.List, pos source.Pos) bool {
	switch n := len(*diags); {
	case n < maxDiagnostics:
		return true
	case n == maxDiagnostics:
		diags.Add(pos, source.NoPos, "too many errors, the rest are not reported")
	}
	return false
}
