// Package source holds what every layer needs to talk about text: files,
// compact positions, and diagnostics.
//
// # Positions
//
// A Pos is a single int, as in go/token: a FileSet hands out ranges of Pos
// values to files and to segments, and a Pos becomes a Position (file, line,
// column) only when printed. Syntax nodes stay small and comparisons stay
// cheap; the line table is consulted only for messages.
//
// Text that a parser sees is often not a contiguous run of bytes of the file:
// the guard `x &lt; 5` in UPPAAL XML is the text "x < 5", shorter than its
// bytes in the file. A Segment is such a text together with a remap table
// from each text byte to the file offset it came from (one int32 per byte:
// labels are short, and the table makes every lookup O(1) rather than a walk
// over escapes). Parsers get the text and the Pos of its first byte, and
// positions inside it map back to the right line and column of the original
// file, however the text was unescaped or joined. Lines are 1-based; columns
// are 1-based byte columns of the original file (the web page converts to
// UTF-16 at its edge).
//
// # Diagnostics
//
// A Diagnostic is data: a range, a severity, a context naming what the range
// belongs to ("template P, guard of edge id5"), the index of the query it is
// about when it is about a query's formula (data, not words in the context,
// so that a front end can tie it to the query), and a message in lower case
// without a period. The same struct goes to the command line, over msgpack to
// the web page, and into tests. A List collects them in the order found;
// FileSet.Sort orders them by file position and drops duplicates (a template
// error is found once per process instantiated from it), and FileSet.Err
// turns a list with errors into an error value.
package source
