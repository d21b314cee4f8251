// Diagnostics: positioned messages collected in a List.

package source

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says how bad a diagnostic is.
type Severity int

const (
	// Error means the model cannot be checked.
	Error Severity = iota
	// Warning means the model can be checked but something deserves a look.
	Warning
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// A Diagnostic is a message about a range of source. Context names what the
// range belongs to ("template P, guard of edge id5") and is filled in by the
// layer that knows it; Msg says what is wrong, in lower case, with no period.
// A diagnostic about a query's formula also carries the query's index (see
// Query), which Format prints as "query 3".
type Diagnostic struct {
	Pos      Pos
	End      Pos
	Severity Severity
	Context  string
	Msg      string

	// query is 1 + the index of the query the diagnostic is about, so
	// that the zero value (every diagnostic made by Add) is about none.
	query int
}

// Query returns the index of the query whose formula d is about, and
// whether there is one.
func (d *Diagnostic) Query() (index int, ok bool) {
	return d.query - 1, d.query > 0
}

// SetQuery records that d is about the query numbered index (from 0).
func (d *Diagnostic) SetQuery(index int) { d.query = index + 1 }

// List is an ordered collection of diagnostics. The zero value is empty and
// ready to use.
type List []*Diagnostic

// Add appends an error at [pos, end).
func (l *List) Add(pos, end Pos, msg string) {
	*l = append(*l, &Diagnostic{Pos: pos, End: end, Msg: msg})
}

// Addf appends an error at [pos, end) with a formatted message.
func (l *List) Addf(pos, end Pos, format string, args ...any) {
	l.Add(pos, end, fmt.Sprintf(format, args...))
}

// Warnf appends a warning at [pos, end) with a formatted message.
func (l *List) Warnf(pos, end Pos, format string, args ...any) {
	*l = append(*l, &Diagnostic{Pos: pos, End: end, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
}

// Append appends all diagnostics of m.
func (l *List) Append(m List) { *l = append(*l, m...) }

// SetContext sets the Context of the diagnostics from index i on that have
// none yet. Callers note len(*l) before calling a parser and set the context
// of whatever it added.
func (l List) SetContext(i int, ctx string) {
	for _, d := range l[i:] {
		if d.Context == "" {
			d.Context = ctx
		}
	}
}

// SetQuery records that the diagnostics from index i on are about the
// query numbered q. Callers note len(*l) before parsing a formula.
func (l List) SetQuery(i, q int) {
	for _, d := range l[i:] {
		d.SetQuery(q)
	}
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns only the errors.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Sort orders the list by file position (file, offset), keeping the order of
// diagnostics at the same place, and drops exact duplicates (same position and
// message, as when one template error is found once per process).
func (fs *FileSet) Sort(l List) List {
	type keyed struct {
		p Position
		d *Diagnostic
	}
	ks := make([]keyed, len(l))
	for i, d := range l {
		ks[i] = keyed{fs.Position(d.Pos), d}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, b := ks[i].p, ks[j].p
		if a.Filename != b.Filename {
			return fileOrder(fs, ks[i].d.Pos) < fileOrder(fs, ks[j].d.Pos)
		}
		return a.Offset < b.Offset
	})
	out := make(List, 0, len(ks))
	for i, k := range ks {
		if i > 0 {
			prev := ks[i-1]
			if prev.p == k.p && prev.d.Msg == k.d.Msg && prev.d.Context == k.d.Context && prev.d.query == k.d.query {
				continue
			}
		}
		out = append(out, k.d)
	}
	return out
}

func fileOrder(fs *FileSet, p Pos) int {
	f := fs.File(p)
	if f == nil {
		return -1
	}
	return f.base
}

// Format prints d as "file:line:col: context: msg", with "query N: "
// before the context when d is about query N (a warning gets "warning: "
// before the message).
func (fs *FileSet) Format(d *Diagnostic) string {
	var b strings.Builder
	b.WriteString(fs.Position(d.Pos).String())
	b.WriteString(": ")
	if q, ok := d.Query(); ok {
		fmt.Fprintf(&b, "query %d: ", q)
	}
	if d.Context != "" {
		b.WriteString(d.Context)
		b.WriteString(": ")
	}
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// ErrorList is a List bound to its FileSet so that it can be an error.
type ErrorList struct {
	FS   *FileSet
	List List
}

// Error prints every diagnostic, one per line.
func (e *ErrorList) Error() string {
	lines := make([]string, len(e.List))
	for i, d := range e.List {
		lines[i] = e.FS.Format(d)
	}
	return strings.Join(lines, "\n")
}

// Err returns nil if l holds no errors, otherwise an *ErrorList of l sorted.
func (fs *FileSet) Err(l List) error {
	if !l.HasErrors() {
		return nil
	}
	return &ErrorList{FS: fs, List: fs.Sort(l)}
}
