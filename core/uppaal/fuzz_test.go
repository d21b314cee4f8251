// Fuzz targets for Read and ReadQueries, seeded from the real models, the
// testdata files and a few small inputs.

package uppaal

import (
	"os"
	"path/filepath"
	"testing"

	"beeline/core/source"
)

// addSeeds adds every file under modelsDir and testdata with one of the
// extensions (the models only when present).
func addSeeds(f *testing.F, exts ...string) {
	var files []string
	if _, err := os.Stat(modelsDir); err == nil {
		for _, rel := range modelFiles(f, exts...) {
			files = append(files, filepath.Join(modelsDir, rel))
		}
	}
	for _, ext := range exts {
		m, _ := filepath.Glob("testdata/*" + ext)
		files = append(files, m...)
	}
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			f.Add(src)
		}
	}
}

// checkDiags verifies that every diagnostic has a position inside a file.
func checkDiags(t *testing.T, fs *source.FileSet, diags source.List) {
	t.Helper()
	for _, d := range diags {
		p := fs.Position(d.Pos)
		file := fs.File(d.Pos)
		if !p.IsValid() || file == nil || p.Offset > file.Size() {
			t.Fatalf("diagnostic %q has no position in its file (%v)", d.Msg, p)
		}
		if d.Msg == "" {
			t.Fatalf("diagnostic without a message at %v", p)
		}
	}
}

func FuzzRead(f *testing.F) {
	addSeeds(f, ".xml", ".xta")
	for _, s := range []string{
		"", "<", "<nta", "<nta/>", "<nta><template>", "&", "<nta>&lt;</nta>",
		"<nta><declaration><![CDATA[x]]>&amp;</declaration></nta>",
		"\xef\xbb\xbf<nta/>", "\xff\xfe<\x00n\x00", "\xfe\xff\x00<",
		"<?xml version='1.0' encoding='latin1'?><nta><system>\xe9</system></nta>",
		"process", "process P", "process P(", "process P {", "process P { state",
		"process P { state a {", "process P { trans -> a { }; }",
		"process P { state a; trans a -> a { guard", "/*", "\"", "query {",
		"process P { state a, = b; commit c; urgent; init a; trans a -u-> a {}, -> a {}; }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fs := source.NewFileSet()
		doc, diags := Read(fs, "fuzz", src)
		if doc == nil {
			t.Fatal("no document")
		}
		if err := doc.Check(); err != nil {
			t.Fatal(err)
		}
		checkDiags(t, fs, diags)
	})
}

func FuzzReadQueries(f *testing.F) {
	addSeeds(f, ".q")
	for _, s := range []string{
		"", "/*", "//NO_QUERY", "A[] (\\\n x", "E<> a\\", "(((\n", ")\n)", "\r\n\\\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fs := source.NewFileSet()
		qs, diags := ReadQueries(fs, "fuzz.q", src)
		checkDiags(t, fs, diags)
		if len(qs) == 0 {
			return
		}
		doc := &Document{FS: fs, File: qs[0].Formula.File(), Queries: qs}
		if err := doc.Check(); err != nil {
			t.Fatal(err)
		}
		for _, q := range qs {
			if q.Formula.Text() == "" {
				t.Fatal("empty formula kept")
			}
		}
	})
}

// TestDamagedModels reads every real model cut short at many points and
// with bytes changed, as a deterministic complement to the fuzz targets.
func TestDamagedModels(t *testing.T) {
	files := modelFiles(t, ".xml", ".xta", ".q")
	for _, rel := range files {
		src, err := os.ReadFile(filepath.Join(modelsDir, rel))
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k < 12; k++ {
			cut := len(src) * k / 12
			damaged := append([]byte(nil), src...)
			damaged[len(src)*k/13] ^= 0x5a
			for _, in := range [][]byte{src[:cut], damaged} {
				fs := source.NewFileSet()
				doc, diags := Read(fs, rel, in)
				if err := doc.Check(); err != nil {
					t.Fatalf("%s (cut %d/12): %v", rel, k, err)
				}
				checkDiags(t, fs, diags)
				qs, diags := ReadQueries(fs, rel, in)
				checkDiags(t, fs, diags)
				if len(qs) > 0 {
					d := &Document{FS: fs, File: qs[0].Formula.File(), Queries: qs}
					if err := d.Check(); err != nil {
						t.Fatalf("%s as queries (cut %d/12): %v", rel, k, err)
					}
				}
			}
		}
	}
}
