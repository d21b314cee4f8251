package lang

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"beeline/core/source"
)

var errorComment = regexp.MustCompile(`/\* ERROR "((?:[^"\\]|\\.)*)" \*/`)

// TestErrorFiles parses each testdata/errors/*.uppaal file as declarations.
// A line marked /* ERROR "rx" */ must get exactly one error matching rx, and
// no other line may get one.
func TestErrorFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "errors", "*.uppaal"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no error files: %v", err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]*regexp.Regexp{}
			for i, line := range strings.Split(string(src), "\n") {
				if m := errorComment.FindStringSubmatch(line); m != nil {
					want[i+1] = regexp.MustCompile(m[1])
				}
			}
			fs := source.NewFileSet()
			seg := fs.AddText(name, string(src))
			var errs source.List
			ParseDeclarations(seg.Text(), seg.Pos(0), &errs)
			got := map[int]bool{}
			for _, d := range errs {
				pos := fs.Position(d.Pos)
				rx, ok := want[pos.Line]
				switch {
				case !ok:
					t.Errorf("%s: unexpected error", fs.Format(d))
				case got[pos.Line]:
					t.Errorf("%s: second error on the line", fs.Format(d))
				case !rx.MatchString(d.Msg):
					t.Errorf("%s: error does not match %q", fs.Format(d), rx)
				}
				got[pos.Line] = true
			}
			for line, rx := range want {
				if !got[line] {
					t.Errorf("%s:%d: no error matching %q", name, line, rx)
				}
			}
		})
	}
}
