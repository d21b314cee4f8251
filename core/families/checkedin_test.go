// The generated models kept in testdata/models.

package families

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the checked-in models of testdata/models from the generators")

// modelDir is the repository's testdata/models, seen from this package.
const modelDir = "../../testdata/models"

// checkedIn are the generated models kept in testdata/models, by path
// relative to it, with their text.
func checkedIn() map[string]string {
	files := map[string]string{}
	for k := 3; k <= 7; k++ {
		files[fmt.Sprintf("hanoi/hanoi-%d.xml", k)] = Hanoi(k)
	}
	for h := 2; h <= 5; h++ {
		files[fmt.Sprintf("arbiter/arbiter-%d.xml", h)] = ArbiterTree(h)
	}
	for k := 2; k <= 7; k++ {
		files[fmt.Sprintf("haste/haste-%d.xml", k)] = Haste(k)
	}
	return files
}

// TestCheckedIn fails when a model of testdata/models differs from what
// its generator makes; with -update it rewrites them.
func TestCheckedIn(t *testing.T) {
	for rel, want := range checkedIn() {
		path := filepath.Join(modelDir, rel)
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (go test ./core/families -update writes it)", err)
			continue
		}
		if string(got) != want {
			t.Errorf("%s differs from its generator's output: go test ./core/families -update rewrites it", rel)
		}
	}
}
