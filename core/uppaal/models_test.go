// Reading every real model in /work/shared/models.

package uppaal

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"beeline/core/source"
)

// modelsDir holds the real UPPAAL models shared by the project.
const modelsDir = "/work/shared/models"

// manifestRow is what MANIFEST.tsv says about one file.
type manifestRow struct {
	templates int // -1 when not given
	queries   int // in-file queries for models, all queries for .q files; -1 when not given
}

func readManifest(t *testing.T) map[string]manifestRow {
	t.Helper()
	f, err := os.Open(filepath.Join(modelsDir, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("no model manifest: %v", err)
	}
	defer f.Close()
	rows := map[string]manifestRow{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 9 || cols[0] == "path" {
			continue
		}
		rows[cols[0]] = manifestRow{templates: leadingInt(cols[6]), queries: leadingInt(cols[8])}
	}
	return rows
}

func leadingInt(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		return -1
	}
	return n
}

// modelFiles lists the files under modelsDir with one of the extensions,
// relative to it, or skips the test when the directory is absent.
func modelFiles(t testing.TB, exts ...string) []string {
	t.Helper()
	if _, err := os.Stat(modelsDir); err != nil {
		t.Skipf("models directory %s absent: %v", modelsDir, err)
	}
	var files []string
	filepath.WalkDir(modelsDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, ext := range exts {
			if strings.HasSuffix(path, ext) {
				rel, _ := filepath.Rel(modelsDir, path)
				files = append(files, rel)
			}
		}
		return nil
	})
	return files
}

func TestRealModels(t *testing.T) {
	files := modelFiles(t, ".xml", ".xta")
	manifest := readManifest(t)
	if len(files) < 80 {
		t.Errorf("found only %d models", len(files))
	}
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(modelsDir, rel))
			if err != nil {
				t.Fatal(err)
			}
			fs := source.NewFileSet()
			doc, diags := Read(fs, rel, src)
			for _, d := range fs.Sort(diags) {
				if d.Severity == source.Error {
					t.Errorf("%s", fs.Format(d))
				} else {
					t.Logf("%s", fs.Format(d))
				}
			}
			if err := doc.Check(); err != nil {
				t.Error(err)
			}
			if doc.System == nil {
				t.Errorf("no system")
			}
			row, ok := manifest[rel]
			if !ok {
				t.Fatalf("not in MANIFEST.tsv")
			}
			plain, lsc := 0, 0 // the manifest counts <template>s, not <lsc>s
			for _, tp := range doc.Templates {
				if tp.LSC {
					lsc++
				} else {
					plain++
				}
			}
			if row.templates >= 0 && plain != row.templates {
				t.Errorf("%d templates, manifest says %d", plain, row.templates)
			}
			if wantLSC := strings.Contains(rel, "lsc_"); (lsc > 0) != wantLSC {
				t.Errorf("%d LSC templates", lsc)
			}
			if row.queries >= 0 && len(doc.Queries) != row.queries {
				t.Errorf("%d queries, manifest says %d", len(doc.Queries), row.queries)
			}
		})
	}
}

func TestRealQueryFiles(t *testing.T) {
	files := modelFiles(t, ".q")
	manifest := readManifest(t)
	for _, rel := range files {
		t.Run(rel, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(modelsDir, rel))
			if err != nil {
				t.Fatal(err)
			}
			fs := source.NewFileSet()
			qs, diags := ReadQueries(fs, rel, src)
			for _, d := range diags {
				t.Errorf("%s", fs.Format(d))
			}
			if row := manifest[rel]; row.queries >= 0 && len(qs) != row.queries {
				t.Errorf("%d queries, manifest says %d", len(qs), row.queries)
			}
			doc := &Document{FS: fs, File: fs.File(qs[0].Formula.Pos(0)), Queries: qs}
			if err := doc.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}
