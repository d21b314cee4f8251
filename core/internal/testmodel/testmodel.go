// Package testmodel loads models and queries for the tests of core packages.
package testmodel

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// DeepCounter has one path of 3,001 transitions to P.B, with a clock:
// a long trace, for the tests of budgets that end while it is built.
const DeepCounter = `
int[0,3000] i;
clock x;
process P() {
    state A { x <= 2 }, B;
    init A;
    trans A -> A { guard x >= 1 && i < 3000; assign i = i + 1, x = 0; },
          A -> B { guard i == 3000; };
}
system P;`

// Shared is the directory of the shared models, relative to a package
// directory under core/heuristic/... or core/verify.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	for _, up := range []string{"../../../..", "../../..", "../.."} {
		p := filepath.Join(up, "shared", "models", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		p = filepath.Join(up, "..", "shared", "models", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("shared model %s not found", rel)
	return ""
}

// File loads a model file, failing the test on any error.
func File(t testing.TB, path string) *model.Network {
	t.Helper()
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) && strings.Contains(filepath.ToSlash(path), "shared/models/") {
		// A clone without the shared corpus beside it.
		t.Skipf("the shared models are absent (%s): corpus test skipped", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	return Source(t, filepath.Base(path), string(src))
}

// Source loads model text, failing the test on any error.
func Source(t testing.TB, name, src string) *model.Network {
	t.Helper()
	n, _ := Document(t, name, src)
	return n
}

// Document loads model text as Source does and returns its document too
// (its queries, as the file has them).
func Document(t testing.TB, name, src string) (*model.Network, *uppaal.Document) {
	t.Helper()
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, name, []byte(src))
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, fs.Err(diags))
	}
	n, diags := model.Load(doc)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, fs.Err(diags))
	}
	return n, doc
}

// Query compiles a query (E<> φ or A[] φ).
func Query(t testing.TB, n *model.Network, text string) *model.Formula {
	t.Helper()
	seg := n.FS.AddText("query", text)
	var errs source.List
	q := lang.ParseQuery(seg.Text(), seg.Pos(0), &errs)
	f := n.CompileQuery(q, &errs)
	if errs.HasErrors() || f == nil {
		t.Fatalf("query %q: %v", text, n.FS.Err(errs))
	}
	return f
}

// Expectation is one row of the shared models' EXPECTED.tsv: a model
// (relative to the shared models directory), a query and the verdict the
// source gives ("satisfied" or "not satisfied").
type Expectation struct {
	Model, Query, Want string
	// Disagree is non-empty when a careful reading of the model
	// contradicts the row; it says why.
	Disagree string
}

// disagreements are rows of EXPECTED.tsv, by model, that a careful reading
// of the model contradicts, with the reason.
var disagreements = map[string]string{
	"uppaal-demos/interrupt.xml": "as shipped both priority declarations are commented out (the model says: uncomment one to make it work), so env.ERROR is reachable",
}

// Expected reads EXPECTED.tsv from dir, the shared models directory,
// skipping the test with a message when it is absent.
func Expected(t testing.TB, dir string) []Expectation {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "EXPECTED.tsv"))
	if err != nil {
		t.Skipf("shared models not found at %s: the corpus verdict test needs the project's shared/ folder beside the checkout", dir)
	}
	var out []Expectation
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			continue
		}
		out = append(out, Expectation{Model: f[0], Query: f[1], Want: f[2], Disagree: disagreements[f[0]]})
	}
	return out
}
