package job

import (
	"context"
	"fmt"
	"os"
	"testing"

	"beeline/core/verify"
)

// BenchmarkFormulas checks n formulas given in one request (Pick's
// formulas, as the server and --formula get them) on a small model, with
// the memory budget the server gives every request, and reports the cost
// per formula, which must not grow with n: run with -bench Formulas
// -benchtime 1x and compare ns/formula across sizes. A collection before
// every search (search.Baseline) made it grow from 8 ms at 100 formulas
// to 31 ms at 10,000.
func BenchmarkFormulas(b *testing.B) {
	src, err := os.ReadFile("../../testdata/models/crossing.xta")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{100, 1000, 10000} {
		formulas := make([]string, n)
		for i := range formulas {
			formulas[i] = fmt.Sprintf("E<> Train(%d).Cross", i%3)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				l := Load(File{Name: "crossing.xta", Data: src})
				qs, err := l.Pick(nil, formulas)
				if err != nil {
					b.Fatal(err)
				}
				for _, q := range qs {
					if o := l.Check(context.Background(), q, verify.Options{MaxMemory: 1 << 30}); o.Verdict != verify.Satisfied || o.Failed {
						b.Fatalf("%s: %s %s", q.Text, o.Verdict, o.Reason)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/formula")
		})
	}
}
