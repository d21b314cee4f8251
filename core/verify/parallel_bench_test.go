package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"beeline/core/families"
)

// BenchmarkParallel runs the full breadth-first search of Fischer's
// protocol with 8 processes split between 1, 2 and 4 workers.
func BenchmarkParallel(b *testing.B) {
	path := filepath.Join(b.TempDir(), "fischer-8.xta")
	if err := os.WriteFile(path, []byte(families.Fischer(8)), 0o644); err != nil {
		b.Fatal(err)
	}
	n, q := load(b, path, "E<> false")
	for _, jobs := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("fischer-8/jobs=%d", jobs), func(b *testing.B) {
			for b.Loop() {
				res, err := Check(context.Background(), n, q, Options{Jobs: jobs})
				if err != nil || res.Verdict != NotSatisfied {
					b.Fatalf("%v (%s), %v", res.Verdict, res.Reason, err)
				}
				b.ReportMetric(float64(res.Stats.Stored-res.Stats.Covered), "stored")
			}
		})
	}
}
