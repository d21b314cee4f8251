// Every declaration, label and query of the shared real models must parse.

package lang

import (
	"bufio"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"beeline/core/source"
)

// modelsDir returns the shared model collection, or skips the test.
func modelsDir(t testing.TB) string {
	dir := os.Getenv("BEELINE_MODELS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "models")
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		t.Skipf("shared models not found at %s (set BEELINE_MODELS): %v", dir, err)
	}
	return dir
}

// manifest returns path → beeline_support of MANIFEST.tsv.
func manifest(t testing.TB, dir string) map[string]string {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 2 {
			m[cols[0]] = cols[1]
		}
	}
	return m
}

// modelText is one piece of language text pulled out of a model file.
type modelText struct {
	kind string // declaration, parameter, system, instantiation, formula, or a label kind
	text string
}

// xmlTexts extracts the language texts of an UPPAAL XML document.
func xmlTexts(r io.Reader) ([]modelText, error) {
	dec := xml.NewDecoder(r)
	var out []modelText
	var stack []string
	var buf strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			kind := tok.Name.Local
			if kind == "label" {
				for _, a := range tok.Attr {
					if a.Name.Local == "kind" {
						kind = a.Value
					}
				}
			}
			stack = append(stack, kind)
			buf.Reset()
		case xml.CharData:
			buf.Write(tok)
		case xml.EndElement:
			if len(stack) > 0 {
				out = append(out, modelText{stack[len(stack)-1], buf.String()})
				stack = stack[:len(stack)-1]
			}
			buf.Reset()
		}
	}
}

// parseModelText parses one text with the entry point for its kind and
// reports whether the kind is one we parse.
func parseModelText(mt modelText, base Pos, errs *source.List) bool {
	switch mt.kind {
	case "declaration":
		ParseDeclarations(mt.text, base, errs)
	case "system", "instantiation":
		ParseSystem(mt.text, base, errs)
	case "parameter":
		ParseParameters(mt.text, base, errs)
	case "invariant", "guard":
		ParseExpr(mt.text, base, errs)
	case "assignment":
		ParseUpdate(mt.text, base, errs)
	case "synchronisation":
		ParseSync(mt.text, base, errs)
	case "select":
		ParseSelect(mt.text, base, errs)
	case "formula":
		ParseQuery(mt.text, base, errs)
	default:
		return false
	}
	return true
}

var (
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	lineComment  = regexp.MustCompile(`//[^\n]*`)
)

// queryFileTexts splits a .q file into formulas: comments are blanked out
// (keeping line breaks) and each remaining non-blank line is a formula.
func queryFileTexts(src string) []modelText {
	src = blockComment.ReplaceAllStringFunc(src, func(c string) string {
		return strings.Repeat("\n", strings.Count(c, "\n"))
	})
	src = lineComment.ReplaceAllString(src, "")
	var out []modelText
	for _, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) != "" {
			out = append(out, modelText{"formula", line})
		}
	}
	return out
}

// xtaTexts pulls out what of an .xta file is plain language: the global
// declarations before the first process, each process's local declarations
// (up to its state list), and the system section after the last process.
var (
	xtaProcess = regexp.MustCompile(`(?m)^\s*process\b[^{]*\{`)
	xtaState   = regexp.MustCompile(`\bstate\b`)
)

func xtaTexts(src string) []modelText {
	locs := xtaProcess.FindAllStringIndex(src, -1)
	if len(locs) == 0 {
		return []modelText{{"system", src}}
	}
	out := []modelText{{"declaration", src[:locs[0][0]]}}
	for _, l := range locs {
		body := src[l[1]:]
		if m := xtaState.FindStringIndex(body); m != nil {
			out = append(out, modelText{"declaration", body[:m[0]]})
		}
	}
	if i := strings.LastIndex(src, "\nsystem"); i >= 0 {
		out = append(out, modelText{"system", src[i:]})
	}
	return out
}

func TestParseSharedModels(t *testing.T) {
	dir := modelsDir(t)
	support := manifest(t, dir)
	counts := map[string]int{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(support[rel], "refuse") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var texts []modelText
		switch filepath.Ext(path) {
		case ".xml":
			texts, err = xmlTexts(strings.NewReader(string(src)))
			if err != nil {
				t.Errorf("%s: %v", rel, err)
			}
		case ".q":
			texts = queryFileTexts(string(src))
		case ".xta":
			texts = xtaTexts(string(src))
		}
		fs := source.NewFileSet()
		var errs source.List
		for _, mt := range texts {
			seg := fs.AddText(rel+" <"+mt.kind+">", mt.text)
			if parseModelText(mt, seg.Pos(0), &errs) {
				counts[mt.kind]++
			}
		}
		for _, d := range errs {
			t.Errorf("%s", fs.Format(d))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("parsed: %v", counts)
	if counts["declaration"] < 100 || counts["guard"] < 500 || counts["formula"] < 50 {
		t.Errorf("too few texts parsed, is the model collection complete? %v", counts)
	}
}
