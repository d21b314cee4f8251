package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIdentityCorpus(t *testing.T) {
	var files []string
	filepath.Walk(modelsDir, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".xml") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("the shared models are absent (%s): corpus test skipped", modelsDir)
	}
	same := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		d, err := Parse(src)
		if err != nil {
			t.Logf("%s: %v", f, err)
			continue
		}
		out := d.Bytes()
		if bytes.Equal(out, src) {
			same++
			continue
		}
		a, b := firstDiff(src, out)
		t.Logf("%s:\n  in : %q\n  out: %q", f, a, b)
	}
	t.Logf("%d of %d byte-identical", same, len(files))
}

func firstDiff(a, b []byte) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-40)
	return string(a[lo:min(len(a), i+40)]), string(b[lo:min(len(b), i+40)])
}
