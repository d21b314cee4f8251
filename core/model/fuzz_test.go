// A fuzz target for the whole loader: text read as a model, compiled, and
// its queries compiled, seeded from the repository's models and from the
// hostile inputs that are plain text.

package model

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// FuzzLoad checks that no model makes the loader panic, and that every
// diagnostic it gives lies inside a file it read.
func FuzzLoad(f *testing.F) {
	for _, dir := range []string{"../../testdata/models", "../../testdata/hostile"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.x*"))
		for _, name := range files {
			src, err := os.ReadFile(name)
			// Templated hostile files stay out: their expansion is
			// megabytes, and the fuzzer mutates what it is given.
			if err == nil && len(src) < 1<<16 && !bytes.Contains(src, []byte("{%")) {
				f.Add(src)
			}
		}
	}
	f.Add([]byte(tiny("int a[2]; clock x; chan c;", "int n;", "x < 2 && a[n] == 0", "n = (n + 1) % 2")))
	f.Add([]byte("typedef int[0,2] id_t;\nprocess P(const id_t i) { state A { i > 0 }; init A; trans A -> A { select j : id_t; guard j != i; }; }\nsystem P;\nquery { E<> P(1).A }\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fs := source.NewFileSet()
		doc, diags := uppaal.Read(fs, "fuzz", src)
		if diags.HasErrors() {
			return
		}
		n, l := Load(doc)
		if n == nil && !l.HasErrors() {
			t.Fatal("no network and no error")
		}
		all := append(diags, l...)
		for _, q := range doc.Queries {
			pq := lang.ParseQuery(q.Formula.Text(), q.Formula.Pos(0), &all)
			if pq != nil && n != nil {
				n.CompileQuery(pq, &all)
			}
		}
		for _, d := range all {
			if file := fs.File(d.Pos); file == nil || !fs.Position(d.Pos).IsValid() || d.Msg == "" {
				t.Fatalf("diagnostic %q at %v, outside every file", d.Msg, fs.Position(d.Pos))
			}
		}
	})
}
