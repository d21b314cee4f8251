// Package testmodel loads models and queries for the heuristic tests.
package testmodel

import (
	"os"
	"path/filepath"
	"testing"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
)

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
	if err != nil {
		t.Fatal(err)
	}
	return Source(t, filepath.Base(path), string(src))
}

// Source loads model text, failing the test on any error.
func Source(t testing.TB, name, src string) *model.Network {
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
	return n
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
