// Loading a model file and its query files into a compiled network.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// loaded is one model with its queries, compiled or with its diagnostics.
type loaded struct {
	Path    string
	FS      *source.FileSet
	Doc     *uppaal.Document
	Net     *model.Network
	Queries []*query
	Diags   source.List
}

// query is one formula of the model or of a .q file.
type query struct {
	Index   int
	Text    string // the formula with whitespace folded
	Comment string
	Pos     source.Pos
	Parsed  *lang.Query
	Formula *model.Formula
	// Failed is set when the formula has errors (they are in Diags).
	Failed bool
}

// isQueryFile reports whether path names a query file rather than a model.
func isQueryFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".q")
}

// loadModel reads a model and the given query files. The model's own queries
// come first, then those of each query file in order. An unreadable file is
// returned as an error; everything wrong inside the files is in Diags.
func loadModel(path string, queryFiles []string) (*loaded, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fs := source.NewFileSet()
	l := &loaded{Path: path, FS: fs}
	doc, diags := uppaal.Read(fs, path, src)
	l.Doc = doc
	l.Diags.Append(diags)
	var qs []*uppaal.Query
	if doc != nil {
		qs = append(qs, doc.Queries...)
	}
	for _, qf := range queryFiles {
		qsrc, err := os.ReadFile(qf)
		if err != nil {
			return nil, err
		}
		more, diags := uppaal.ReadQueries(fs, qf, qsrc)
		l.Diags.Append(diags)
		qs = append(qs, more...)
	}
	if doc != nil && !diags.HasErrors() {
		net, diags := model.Load(doc)
		l.Net = net
		l.Diags.Append(diags)
	}
	l.parseQueries(qs)
	l.Diags = fs.Sort(l.Diags)
	return l, nil
}

// parseQueries parses every formula and, when the model compiled, compiles
// the supported ones against it.
func (l *loaded) parseQueries(qs []*uppaal.Query) {
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
		q := &query{Index: len(l.Queries), Text: text, Comment: strings.TrimSpace(uq.Comment), Pos: uq.Formula.Pos(0), Parsed: pq}
		l.Queries = append(l.Queries, q)
		if l.Net != nil && pq.Kind != lang.QueryUnsupported && !l.Diags[n:].HasErrors() {
			q.Formula = l.Net.CompileQuery(pq, &l.Diags)
		}
		q.Failed = l.Diags[n:].HasErrors()
		l.Diags.SetContext(n, fmt.Sprintf("query %d", q.Index))
	}
}

// addFormula adds a formula given on the command line as one more query.
func (l *loaded) addFormula(text string) *query {
	seg := l.FS.AddText(fmt.Sprintf("<formula %d>", len(l.Queries)), text)
	before := len(l.Queries)
	l.parseQueries([]*uppaal.Query{{Formula: seg}})
	if len(l.Queries) == before {
		return nil
	}
	return l.Queries[before]
}
