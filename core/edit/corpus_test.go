// The round trip over the shared corpus: every model that loads is
// parsed, written and read back, and gives the same document, the same
// network and the same verdicts.

package edit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/internal/testmodel"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
	"beeline/core/verify"
)

const modelsDir = "../../../shared/models"

// corpus returns the shared models with the given extension, skipping
// the test when the folder is absent.
func corpus(t *testing.T, ext string) []string {
	t.Helper()
	var files []string
	filepath.Walk(modelsDir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, ext) {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("the shared models are absent (%s): corpus test skipped", modelsDir)
	}
	return files
}

// load reads and loads a model; diags holds the errors when it does not.
func load(name string, src []byte) (*uppaal.Document, *model.Network, error) {
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, name, src)
	if diags.HasErrors() {
		return doc, nil, fs.Err(diags)
	}
	n, diags := model.Load(doc)
	if diags.HasErrors() {
		return doc, nil, fs.Err(diags)
	}
	return doc, n, nil
}

// TestRoundTripCorpus: open, save, read back gives the same document and
// network; most files come out byte for byte.
func TestRoundTripCorpus(t *testing.T) {
	files := corpus(t, ".xml")
	same, loaded := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(modelsDir, f)
		d, err := Parse(src)
		doc1, n1, lerr := load(f, src)
		if err != nil {
			if lerr == nil {
				t.Errorf("%s: core/uppaal reads it but Parse fails: %v", rel, err)
			}
			continue
		}
		out := d.Bytes()
		if bytes.Equal(out, src) {
			same++
		} else {
			a, b := firstDiff(src, out)
			t.Logf("%s differs:\n  in : %q\n  out: %q", rel, a, b)
		}
		if lerr != nil {
			continue // refused by name (MANIFEST.tsv)
		}
		loaded++
		sameIndices(t, rel, d, doc1)
		doc2, n2, err := load(f, out)
		if err != nil {
			t.Errorf("%s: written model does not load: %v", rel, err)
			continue
		}
		if a, b := summary(doc1, false), summary(doc2, false); a != b {
			t.Errorf("%s: documents differ:\n%s", rel, lineDiff(a, b))
		}
		if a, b := netSummary(n1, false), netSummary(n2, false); a != b {
			t.Errorf("%s: networks differ:\n%s", rel, lineDiff(a, b))
		}
	}
	t.Logf("%d of %d XML models byte-identical after Parse and Bytes; %d load and round-trip", same, len(files), loaded)
	if same*10 < len(files)*8 {
		t.Errorf("only %d of %d byte-identical", same, len(files))
	}
}

// sameIndices checks that the handles of d number templates, locations,
// edges and queries as core/uppaal's document does, which the engine's
// model description and diagnostics use.
func sameIndices(t *testing.T, rel string, d *Doc, doc *uppaal.Document) {
	t.Helper()
	if d.Templates() != len(doc.Templates) {
		t.Errorf("%s: %d templates, core/uppaal has %d", rel, d.Templates(), len(doc.Templates))
		return
	}
	for i, ut := range doc.Templates {
		tp := d.Template(i)
		if strings.TrimSpace(tp.Name()) != ut.Name.Text() { // core/uppaal trims names
			t.Errorf("%s: template %d is %q, core/uppaal has %q", rel, i, tp.Name(), ut.Name.Text())
		}
		ls := tp.Locations()
		for j, l := range ut.Locations {
			if j >= len(ls) || ls[j].ID != l.ID || ls[j].Initial != (l.ID == ut.Init) {
				t.Errorf("%s: template %d location %d differs from core/uppaal's %s", rel, i, j, l.ID)
			}
		}
		es := tp.Edges()
		if len(es) != len(ut.Edges) {
			t.Errorf("%s: template %d has %d edges, core/uppaal %d", rel, i, len(es), len(ut.Edges))
			continue
		}
		for j, e := range ut.Edges {
			guard := ""
			if e.Guard != nil {
				guard = e.Guard.Text.Text()
			}
			if es[j].Source != e.Source || es[j].Target != e.Target || strings.TrimSpace(es[j].Guard) != guard {
				t.Errorf("%s: template %d edge %d is %+v, core/uppaal's %s->%s %q", rel, i, j, es[j], e.Source, e.Target, guard)
			}
		}
	}
	var formulas []string
	for _, q := range d.Queries() {
		if f := strings.TrimSpace(q.Formula); f != "" {
			formulas = append(formulas, f)
		}
	}
	if len(formulas) != len(doc.Queries) {
		t.Errorf("%s: %d queries, core/uppaal has %d", rel, len(formulas), len(doc.Queries))
		return
	}
	for i, q := range doc.Queries {
		if formulas[i] != q.Formula.Text() {
			t.Errorf("%s: query %d is %q, core/uppaal has %q", rel, i, formulas[i], q.Formula.Text())
		}
	}
}

// TestXTACorpus: every .xta model of the corpus, through FromDocument and
// Bytes, reads back as the same network.
func TestXTACorpus(t *testing.T) {
	files, done := corpus(t, ".xta"), 0
	defer func() { t.Logf("%d of %d .xta models round-trip", done, len(files)) }()
	for _, f := range files {
		rel, _ := filepath.Rel(modelsDir, f)
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc1, n1, err := load(f, src)
		if err != nil {
			t.Logf("%s: does not load, skipped: %v", rel, err)
			continue
		}
		out := FromDocument(doc1).Bytes()
		doc2, n2, err := load(f+".xml", out)
		if err != nil {
			t.Errorf("%s: written model does not load: %v\n%s", rel, err, out)
			continue
		}
		if a, b := summary(doc1, true), summary(doc2, true); a != b {
			t.Errorf("%s: documents differ:\n%s", rel, lineDiff(a, b))
		}
		if a, b := netSummary(n1, true), netSummary(n2, true); a != b {
			t.Errorf("%s: networks differ:\n%s", rel, lineDiff(a, b))
			continue
		}
		done++
	}
}

// TestRoundTripVerdicts: small models of EXPECTED.tsv give the expected
// verdict after the round trip; .xta models the verdict of the original.
func TestRoundTripVerdicts(t *testing.T) {
	small := map[string]bool{
		"uppaal-demos/2doors.xml": true, "uppaal-demos/bridge.xml": true,
		"uppaal-demos/fischer.xml": true, "uppaal-demos/train-gate.xml": true,
		"ticktac-fork/arbiter_tree.xml": true, "ticktac/fischer.xml": true,
		"dynextrap-icfem23/simple/simple-7.xml": true, "uppaal-demos/interrupt.xml": true,
	}
	decided := 0
	for _, e := range testmodel.Expected(t, modelsDir) {
		if !small[e.Model] {
			continue
		}
		src, err := os.ReadFile(filepath.Join(modelsDir, e.Model))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", e.Model, err)
		}
		got := verdict(t, e.Model, d.Bytes(), e.Query)
		want := e.Want
		if e.Disagree != "" {
			want = verdict(t, e.Model, src, e.Query)
		}
		if got != "unknown" {
			decided++
			if got != want {
				t.Errorf("%s %q: %s after the round trip, want %s", e.Model, e.Query, got, want)
			}
		}
	}
	for _, name := range []string{"xtabench/fischer/fischer-2-32-64.xta", "xtabench/csma/csma-2.xta", "xtabench/mutex/mutex.xta", "xtabench/train/TrainAHV93-2.xta"} {
		src, err := os.ReadFile(filepath.Join(modelsDir, name))
		if err != nil {
			t.Fatal(err)
		}
		doc, _, err := load(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out := FromDocument(doc).Bytes()
		for _, q := range []string{"A[] not deadlock", "E<> false"} {
			want, got := verdict(t, name, src, q), verdict(t, name+".xml", out, q)
			if want != "unknown" {
				decided++
			}
			if got != want {
				t.Errorf("%s %q: %s after FromDocument, want %s", name, q, got, want)
			}
		}
	}
	t.Logf("%d verdicts decided and compared", decided)
	if decided < 10 {
		t.Errorf("only %d verdicts decided", decided)
	}
}

// verdict checks a query on a model within a state budget: "satisfied",
// "not satisfied" or "unknown".
func verdict(t *testing.T, name string, src []byte, query string) string {
	t.Helper()
	_, n, err := load(name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	seg := n.FS.AddText("query", query)
	var errs source.List
	q := lang.ParseQuery(seg.Text(), seg.Pos(0), &errs)
	f := n.CompileQuery(q, &errs)
	if errs.HasErrors() || f == nil {
		t.Fatalf("%s: query %q: %v", name, query, n.FS.Err(errs))
	}
	res, err := verify.Check(context.Background(), n, f, verify.Options{MaxStates: 200_000})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res.Verdict.String()
}

// summary describes a document: its texts, templates, locations, edges,
// labels and queries, without positions. byName identifies locations by
// name (an .xta's ids become UPPAAL's ids in XML).
func summary(d *uppaal.Document, byName bool) string {
	var b strings.Builder
	txt := func(s *source.Segment) string {
		if s == nil {
			return "<nil>"
		}
		return fmt.Sprintf("%q", strings.TrimSpace(s.Text()))
	}
	lab := func(l *uppaal.Label) string {
		if l == nil {
			return "-"
		}
		return l.Kind + "=" + txt(l.Text) + fmt.Sprint(l.At)
	}
	fmt.Fprintf(&b, "decl %s\ninst %s\nsystem %s\n", txt(d.Declaration), txt(d.Instantiation), txt(d.System))
	for _, t := range d.Templates {
		ids := map[string]string{}
		for _, l := range t.Locations {
			ids[l.ID] = l.ID
			if byName {
				ids[l.ID] = txt(l.Name)
			}
		}
		fmt.Fprintf(&b, "template %s(%s) lsc=%v init=%s\n  %s\n", txt(t.Name), txt(t.Parameter), t.LSC, ids[t.Init], txt(t.Declaration))
		for _, l := range t.Locations {
			fmt.Fprintf(&b, "  loc %s %s u=%v c=%v %s color=%s at=%v", ids[l.ID], txt(l.Name), l.Urgent, l.Committed, lab(l.Invariant), l.Color, l.At)
			for _, o := range l.Other {
				b.WriteString(" " + lab(o))
			}
			b.WriteByte('\n')
		}
		for _, e := range t.Edges {
			fmt.Fprintf(&b, "  edge %s->%s %s %s %s %s nails=%v u=%v", ids[e.Source], ids[e.Target], lab(e.Select), lab(e.Guard), lab(e.Sync), lab(e.Assign), e.Nails, e.Uncontrollable)
			for _, o := range e.Other {
				b.WriteString(" " + lab(o))
			}
			b.WriteByte('\n')
		}
	}
	for _, q := range d.Queries {
		fmt.Fprintf(&b, "query %s %q %q %q\n", txt(q.Formula), q.Comment, q.Options, q.Results)
	}
	return b.String()
}

// netSummary describes a loaded network: processes, locations, edges,
// variables, clocks and channels.
func netSummary(n *model.Network, byName bool) string {
	var b strings.Builder
	for _, p := range n.Processes {
		fmt.Fprintf(&b, "process %s of %s prio %d init %d\n", p.Name, p.Template, p.Priority, p.Initial)
		for _, l := range p.Locations {
			id := l.ID
			if byName {
				id = ""
			}
			fmt.Fprintf(&b, "  loc %s %q u=%v c=%v\n", id, l.Name, l.Urgent, l.Committed)
		}
		fmt.Fprintf(&b, "  %d edges\n", len(p.Edges))
	}
	for _, v := range n.Vars {
		fmt.Fprintf(&b, "var %s\n", v.Name)
	}
	for _, c := range n.Clocks {
		fmt.Fprintf(&b, "clock %s\n", c.Name)
	}
	fmt.Fprintf(&b, "%d channels, %d templates\n", len(n.Channels), n.Templates)
	return b.String()
}

// lineDiff shows the lines of a and b that differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out strings.Builder
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			fmt.Fprintf(&out, "- %s\n+ %s\n", x, y)
		}
	}
	return out.String()
}

func firstDiff(a, b []byte) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-40)
	return string(a[lo:min(len(a), i+40)]), string(b[lo:min(len(b), i+40)])
}
