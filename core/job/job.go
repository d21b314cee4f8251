// Loading a model and its query files; adding and picking queries.

package job

import (
	"fmt"
	"strings"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
	"beeline/core/verify"
)

// File is a named file's bytes.
type File struct {
	Name string
	Data []byte
}

// Model is one model with its queries, compiled or with its diagnostics.
type Model struct {
	Name    string // the model file's name
	FS      *source.FileSet
	Doc     *uppaal.Document // nil when the file is not a model at all
	Net     *model.Network   // nil when the model has errors
	Queries []*Query
	// Diags holds every diagnostic of the model, its query files and its
	// formulas, sorted by position after Load (AddFormula appends).
	Diags source.List
	// QueryFileErrors is set when a query file has errors of its own,
	// not of one formula (more queries than a file may hold, a comment
	// not terminated, binary data): its queries are not all there, and
	// none should be checked.
	QueryFileErrors bool
}

// Query is one formula of the model, of a query file or added by the user.
type Query struct {
	Index   int
	Text    string // the formula with whitespace folded
	Comment string
	Pos     source.Pos
	Parsed  *lang.Query
	// Formula is the compiled formula; nil when the formula has errors,
	// its kind is not supported, or the model did not compile.
	Formula *model.Formula
	// Failed is set when the formula has errors (they are in Diags).
	Failed bool
	// Unchecked is set when the model did not compile: the formula is
	// parsed but cannot be compiled or checked.
	Unchecked bool
}

// Load reads a model and its query files. The model's own queries come
// first, then those of each query file in order. Everything wrong inside
// the files is in the returned Model's Diags; Load never fails otherwise.
func Load(m File, queryFiles ...File) *Model {
	fs := source.NewFileSet()
	l := &Model{Name: m.Name, FS: fs}
	doc, diags := uppaal.Read(fs, m.Name, m.Data)
	l.Doc = doc
	l.Diags.Append(diags)
	var qs []*uppaal.Query
	if doc != nil {
		qs = append(qs, doc.Queries...)
	}
	for _, qf := range queryFiles {
		more, qdiags := uppaal.ReadQueries(fs, qf.Name, qf.Data)
		l.Diags.Append(qdiags)
		l.QueryFileErrors = l.QueryFileErrors || qdiags.HasErrors()
		qs = append(qs, more...)
	}
	if doc != nil && !diags.HasErrors() {
		net, ldiags := model.Load(doc)
		l.Net = net
		l.Diags.Append(ldiags)
	}
	l.parseQueries(qs)
	l.Diags = fs.Sort(l.Diags)
	return l
}

// parseQueries parses every formula and, when the model compiled, compiles
// the supported ones against it.
func (l *Model) parseQueries(qs []*uppaal.Query) {
	for _, uq := range qs {
		if uq.Formula == nil {
			continue
		}
		text := strings.Join(strings.Fields(uq.Formula.Text()), " ")
		n := len(l.Diags)
		pq := lang.ParseQuery(uq.Formula.Text(), uq.Formula.Pos(0), &l.Diags)
		if pq == nil {
			continue // empty formula
		}
		q := &Query{Index: len(l.Queries), Text: text, Comment: strings.TrimSpace(uq.Comment), Pos: uq.Formula.Pos(0), Parsed: pq}
		l.Queries = append(l.Queries, q)
		if l.Net != nil && pq.Kind != lang.QueryUnsupported && !l.Diags[n:].HasErrors() {
			q.Formula = l.Net.CompileQuery(pq, &l.Diags)
		}
		q.Failed = l.Diags[n:].HasErrors()
		q.Unchecked = l.Net == nil
		l.Diags.SetQuery(n, q.Index)
	}
}

// AddFormula adds a formula typed by the user as one more query, named
// "<formula N>" in diagnostics. It returns nil for an empty formula.
func (l *Model) AddFormula(text string) *Query {
	seg := l.FS.AddText(fmt.Sprintf("<formula %d>", len(l.Queries)), text)
	before := len(l.Queries)
	l.parseQueries([]*uppaal.Query{{Formula: seg}})
	if len(l.Queries) == before {
		return nil
	}
	return l.Queries[before]
}

// Pick returns the queries to check: those numbered in idx, then the
// formulas added with AddFormula, or every query when both are empty. The
// error names the first bad number or empty formula, in the words of the
// CLI's flags (the server reuses them).
func (l *Model) Pick(idx []int, formulas []string) ([]*Query, error) {
	if len(idx) == 0 && len(formulas) == 0 {
		return l.Queries, nil
	}
	var out []*Query
	for _, i := range idx {
		if i < 0 || i >= len(l.Queries) {
			return nil, fmt.Errorf("query %d: the model has %d queries (numbered from 0)", i, len(l.Queries))
		}
		out = append(out, l.Queries[i])
	}
	for _, f := range formulas {
		q := l.AddFormula(f)
		if q == nil {
			return nil, fmt.Errorf("formula %q is empty", f)
		}
		out = append(out, q)
	}
	return out, nil
}

// QueryFileErrorsWhy is why no query is checked when a query file has
// errors of its own (Model.QueryFileErrors).
const QueryFileErrorsWhy = "not checked: the query file has errors"

// ModelErrorsWhy is why no query of a model with errors is checked.
const ModelErrorsWhy = "not checked: the model has errors"

// Supported reports whether q can be checked, and if not, why in plain
// words.
func (q *Query) Supported() (ok bool, why string) {
	switch {
	case q.Failed:
		return false, "the formula has errors"
	case q.Unchecked:
		return false, ModelErrorsWhy
	case q.Formula == nil:
		return false, KindName(q.Parsed) + " queries are not supported yet"
	}
	return verify.Supported(q.Formula)
}

// KindName names a query kind as UPPAAL users write it: "E<>", "A[]",
// "E[]", "A<>", "-->", "sup", "inf", or the plain-words name of an
// unsupported kind.
func KindName(q *lang.Query) string {
	switch q.Kind {
	case lang.QueryEF:
		return "E<>"
	case lang.QueryAG:
		return "A[]"
	case lang.QueryEG:
		return "E[]"
	case lang.QueryAF:
		return "A<>"
	case lang.QueryLeadsTo:
		return "-->"
	case lang.QuerySup:
		return "sup"
	case lang.QueryInf:
		return "inf"
	}
	if q.What != "" {
		return q.What
	}
	return "unsupported"
}
