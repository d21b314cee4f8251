// The corpus test: every model of shared/models loads (or is refused by
// name, as MANIFEST.tsv says), and its queries compile.

package model

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

const modelsDir = "../../../shared/models"

// manifest reads MANIFEST.tsv: path → beeline_support, and the query
// files (path → the models they hold queries for).
func manifest(t *testing.T) (map[string]string, map[string][]string) {
	t.Helper()
	f, err := os.Open(filepath.Join(modelsDir, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("models not available: %v", err)
	}
	defer f.Close()
	m := map[string]string{}
	qs := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 8 || cols[0] == "path" {
			continue
		}
		m[cols[0]] = cols[1]
		if rest, ok := strings.CutPrefix(cols[7], "query file for "); ok {
			for _, model := range strings.Split(rest, ", ") {
				qs[model] = append(qs[model], cols[0])
			}
		}
	}
	return m, qs
}

// refusals maps words of MANIFEST's "refuse: ..." to words the error must
// contain.
var refusals = []struct{ manifest, msg string }{
	{"stopwatch", "stopwatches (clock rates) are not supported"},
	{"LSC", "live sequence charts (LSC templates) are not supported"},
	{"exponential rates", "exponential rates are not supported"},
	{"fractional", "fractional constants are not supported"},
	{"dynamic templates", "dynamic templates (spawn/exit) are not supported"},
}

func loadFile(t *testing.T, path string) (*Network, *source.FileSet, source.List, *uppaal.Document) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, path, src)
	if diags.HasErrors() {
		return nil, fs, diags, doc
	}
	n, l := Load(doc)
	return n, fs, append(diags, l...), doc
}

func TestCorpus(t *testing.T) {
	m, qfiles := manifest(t)
	for path, support := range m {
		if support == "-" {
			continue
		}
		t.Run(path, func(t *testing.T) {
			n, fs, diags, doc := loadFile(t, filepath.Join(modelsDir, path))
			if support != "yes" {
				expectRefusal(t, fs, diags, support)
				return
			}
			if diags.HasErrors() {
				for _, d := range fs.Sort(diags.Errors()) {
					t.Errorf("%s", fs.Format(d))
				}
				return
			}
			if n == nil || len(n.Processes) == 0 {
				t.Fatalf("no processes")
			}
			queries := doc.Queries
			for _, qf := range qfiles[path] {
				src, err := os.ReadFile(filepath.Join(modelsDir, qf))
				if err != nil {
					t.Fatal(err)
				}
				qs, qd := uppaal.ReadQueries(fs, qf, src)
				if qd.HasErrors() {
					t.Errorf("%s: %v", qf, qd)
				}
				queries = append(queries, qs...)
			}
			for _, q := range queries {
				compileCorpusQuery(t, n, q)
			}
		})
	}
}

// expectRefusal checks that a refused model fails with an error naming the
// feature of its MANIFEST row.
func expectRefusal(t *testing.T, fs *source.FileSet, diags source.List, support string) {
	t.Helper()
	if !diags.HasErrors() {
		t.Fatalf("loaded, want refusal (%s)", support)
	}
	for _, r := range refusals {
		if !strings.Contains(support, r.manifest) {
			continue
		}
		found := false
		for _, d := range diags.Errors() {
			if strings.Contains(d.Msg, r.msg) && d.Pos.IsValid() {
				found = true
			}
		}
		if !found {
			t.Errorf("no error says %q (%s); got:", r.msg, support)
			for _, d := range fs.Sort(diags.Errors()) {
				t.Logf("%s", fs.Format(d))
			}
		}
		return
	}
	t.Errorf("no refusal message known for %q", support)
}

// brokenQueries are queries of the corpus that are wrong as written, with
// the error they must give.
var brokenQueries = map[string]string{
	"A<> Process.Goal": `undeclared identifier "Process"`, // utap/channel_priorities.xml has no process Process
}

func compileCorpusQuery(t *testing.T, n *Network, q *uppaal.Query) {
	t.Helper()
	if q.Formula == nil || strings.TrimSpace(q.Formula.Text()) == "" {
		return
	}
	var errs source.List
	pq := lang.ParseQuery(q.Formula.Text(), q.Formula.Pos(0), &errs)
	if errs.HasErrors() {
		t.Errorf("query %q does not parse: %v", q.Formula.Text(), errs)
		return
	}
	f := n.CompileQuery(pq, &errs)
	if want, ok := brokenQueries[q.Formula.Text()]; ok {
		if f != nil || len(errs) == 0 || !strings.Contains(errs[0].Msg, want) {
			t.Errorf("query %q: want error %q, got %v", q.Formula.Text(), want, errs)
		}
		return
	}
	if f == nil {
		for _, d := range errs {
			t.Errorf("query %q: %s", q.Formula.Text(), n.FS.Format(d))
		}
		return
	}
	if f.Kind == lang.QueryUnsupported && f.What == "" {
		t.Errorf("query %q: unsupported without a name", q.Formula.Text())
	}
}
