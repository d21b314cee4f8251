// Golden summaries of real models: go test -update rewrites testdata/golden.

package uppaal

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/source"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// summarize prints a document the way a reviewer wants to read it: every
// template, location, edge and label with its position and layout.
func summarize(doc *Document) string {
	var b strings.Builder
	s := &summarizer{fs: doc.FS, b: &b}
	fmt.Fprintf(&b, "format %s dtd %q\n", doc.Format, doc.DTD)
	s.seg("declaration", doc.Declaration)
	for _, t := range doc.Templates {
		s.template(t)
	}
	s.seg("instantiation", doc.Instantiation)
	s.seg("system", doc.System)
	for _, q := range doc.Queries {
		s.seg("query", q.Formula)
		if q.Comment != "" {
			fmt.Fprintf(&b, "  comment %s\n", short(q.Comment))
		}
		for _, o := range q.Options {
			fmt.Fprintf(&b, "  option %s\n", short(o))
		}
		for _, r := range q.Results {
			fmt.Fprintf(&b, "  result %s\n", short(r))
		}
	}
	for _, o := range doc.QueryOptions {
		fmt.Fprintf(&b, "query option %s\n", short(o))
	}
	return b.String()
}

type summarizer struct {
	fs *source.FileSet
	b  *strings.Builder
}

func (s *summarizer) at(p source.Pos) string {
	pos := s.fs.Position(p)
	return fmt.Sprintf("%d:%d", pos.Line, pos.Column)
}

// short quotes text, folding white space and cutting it at 60 bytes.
func short(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 60 {
		text = text[:60] + "..."
	}
	return fmt.Sprintf("%q", text)
}

func (s *summarizer) seg(what string, seg *source.Segment) {
	if seg == nil {
		return
	}
	lines := strings.Count(seg.Text(), "\n") + 1
	fmt.Fprintf(s.b, "%s @%s-%s (%d lines) %s\n", what, s.at(seg.Pos(0)), s.at(seg.Pos(len(seg.Text()))), lines, short(seg.Text()))
}

func point(p *Point) string {
	if p == nil {
		return "-"
	}
	return p.String()
}

func (s *summarizer) template(t *Template) {
	fmt.Fprintf(s.b, "template %s @%s name-at %s", short(t.Name.Text()), s.at(t.Pos), point(t.NameAt))
	if t.LSC {
		fmt.Fprintf(s.b, " LSC@%s", s.at(t.LSCPos))
	}
	fmt.Fprintf(s.b, " (%d locations, %d edges)\n", len(t.Locations), len(t.Edges))
	s.seg("  parameter", t.Parameter)
	s.seg("  declaration", t.Declaration)
	for _, l := range t.Locations {
		s.location(l)
	}
	for _, bp := range t.Branchpoints {
		fmt.Fprintf(s.b, "  branchpoint %s @%s at %s\n", bp.ID, s.at(bp.Pos), point(bp.At))
	}
	fmt.Fprintf(s.b, "  init %q @%s\n", t.Init, s.at(t.InitPos))
	for _, e := range t.Edges {
		s.edge(e)
	}
}

func (s *summarizer) location(l *Location) {
	name := "-"
	if l.Name != nil {
		name = short(l.Name.Text())
	}
	fmt.Fprintf(s.b, "  location %s %s @%s at %s name-at %s", l.ID, name, s.at(l.Pos), point(l.At), point(l.NameAt))
	if l.Color != "" {
		fmt.Fprintf(s.b, " color %s", l.Color)
	}
	if l.Urgent {
		fmt.Fprintf(s.b, " urgent")
	}
	if l.Committed {
		fmt.Fprintf(s.b, " committed")
	}
	fmt.Fprintln(s.b)
	s.label(l.Invariant)
	for _, lab := range l.Other {
		s.label(lab)
	}
}

func (s *summarizer) edge(e *Edge) {
	fmt.Fprintf(s.b, "  edge %q %s -> %s @%s (source @%s, target @%s)", e.ID, e.Source, e.Target, s.at(e.Pos), s.at(e.SourcePos), s.at(e.TargetPos))
	if len(e.Nails) > 0 {
		fmt.Fprintf(s.b, " nails %v", e.Nails)
	}
	if e.Uncontrollable {
		fmt.Fprintf(s.b, " uncontrollable")
	}
	fmt.Fprintln(s.b)
	for _, lab := range []*Label{e.Select, e.Guard, e.Sync, e.Assign} {
		s.label(lab)
	}
	for _, lab := range e.Other {
		s.label(lab)
	}
}

func (s *summarizer) label(lab *Label) {
	if lab == nil {
		return
	}
	fmt.Fprintf(s.b, "    %s %s @%s text@%s at %s\n", lab.Kind, short(lab.Text.Text()), s.at(lab.Pos), s.at(lab.Text.Pos(0)), point(lab.At))
}

// goldenModels are real models of every format and version, summarised.
var goldenModels = []string{
	"utot-examples/druzba1.xml",                                // UPPAAL 3.x, flat-1_0, <instantiation>
	"utot-examples/2doors.xml",                                 // minified onto one line
	"uppaal-demos/train-gate.xml",                              // UPPAAL 4, CRLF, queries
	"uppaal-demos/lsc_example.xml",                             // LSC templates
	"dynextrap-icfem23/firefly-sync/firefly-sync-W2-H2-N2.xml", // flat-1_5, <option> under <queries>
	"xtabench/soldiers/soldiers.xta",                           // old xta syntax
	"xtabench/fddi/fddi-10.xta",                                // UPPAAL 4 xta
	"ticktac-fork/CarRadio.q",                                  // query file
}

func TestGolden(t *testing.T) {
	modelFiles(t) // skips when the models are absent
	for _, rel := range goldenModels {
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(modelsDir, rel))
			if err != nil {
				t.Fatal(err)
			}
			fs := source.NewFileSet()
			var got string
			if strings.HasSuffix(rel, ".q") {
				qs, _ := ReadQueries(fs, rel, src)
				got = summarize(&Document{FS: fs, Queries: qs})
			} else {
				doc, _ := Read(fs, rel, src)
				got = summarize(doc)
			}
			golden := filepath.Join("testdata", "golden", strings.ReplaceAll(rel, "/", "_")+".golden")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("summary differs from %s:\n%s", golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %s\n  got  %s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}
