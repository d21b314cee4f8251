package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// fischerXTA is Fischer's protocol for n processes, as `beeline bench`
// builds it.
func fischerXTA(n int) string {
	return fmt.Sprintf(`const int N = %d;
typedef int[1,N] pid_t;
int[0,N] id;
const int k = 2;
process P(const pid_t pid) {
  clock x;
  state idle, req { x <= k }, wait, cs;
  init idle;
  trans
    idle -> req { guard id == 0; assign x = 0; },
    req -> wait { guard x <= k; assign x = 0, id = pid; },
    wait -> req { guard id == 0; assign x = 0; },
    wait -> cs { guard x > k && id == pid; },
    cs -> idle { assign id = 0; };
}
system P;
`, n)
}

// BenchmarkParallel runs the full breadth-first search of Fischer's
// protocol with 8 processes split between 1, 2 and 4 workers.
func BenchmarkParallel(b *testing.B) {
	path := filepath.Join(b.TempDir(), "fischer-8.xta")
	if err := os.WriteFile(path, []byte(fischerXTA(8)), 0o644); err != nil {
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
