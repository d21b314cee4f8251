// Tests that hostile input costs linear memory and a bounded number of
// diagnostics, and benchmarks of the readers.

package uppaal

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"beeline/core/source"
)

// allocated returns the bytes allocated while reading src.
func allocated(src string, queries bool) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	fs := source.NewFileSet()
	if queries {
		ReadQueries(fs, "q", []byte(src))
	} else {
		Read(fs, "m", []byte(src))
	}
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestMemoryLinear checks that four times the input costs about four times
// the memory, for inputs made of the smallest elements each format has.
func TestMemoryLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	gens := map[string]func(n int) string{
		"xta states": func(n int) string { return "process P { state " + strings.Repeat("a,", n) + "b; init b; }" },
		"xta edges": func(n int) string {
			return "process P { state a; init a; trans a -> a {}" + strings.Repeat(",->a{}", n) + "; }"
		},
		"xml locations": func(n int) string {
			return "<nta><template><name>x</name>" + strings.Repeat(`<location id="a"/>`, n) + "</template></nta>"
		},
		"xml entities": func(n int) string { return "<nta><declaration>" + strings.Repeat("&amp;", n) + "</declaration></nta>" },
		"xml nesting":  func(n int) string { return "<nta>" + strings.Repeat("<a>", n) },
		"queries":      func(n int) string { return strings.Repeat("A[] x\n", n) },
	}
	for name, gen := range gens {
		small, large := gen(20000), gen(80000)
		q := name == "queries"
		a, b := allocated(small, q), allocated(large, q)
		perByte := float64(b) / float64(len(large))
		t.Logf("%-14s %8d bytes: %.0f bytes allocated per input byte", name, len(large), perByte)
		if ratio := float64(b) / float64(a); ratio > 5.5 {
			t.Errorf("%s: 4x the input costs %.1fx the memory", name, ratio)
		}
		if perByte > 250 {
			t.Errorf("%s: %.0f bytes allocated per input byte", name, perByte)
		}
	}
}

// TestRealModelMemory bounds the memory a large real model costs.
func TestRealModelMemory(t *testing.T) {
	modelFiles(t)
	src, err := os.ReadFile(filepath.Join(modelsDir, "rra-fmics21/CSMA-CD/csma-50N.xml"))
	if err != nil {
		t.Fatal(err)
	}
	perByte := float64(allocated(string(src), false)) / float64(len(src))
	t.Logf("csma-50N.xml: %.1f bytes allocated per input byte", perByte)
	if perByte > 30 {
		t.Errorf("%.1f bytes allocated per input byte", perByte)
	}
}

func TestDiagnosticsCap(t *testing.T) {
	src := "process P { state " + strings.Repeat("a, ", 500) + "a; init a; }"
	fs, _, diags := readString(t, "cap.xta", src)
	if len(diags) != maxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d", len(diags), maxDiagnostics+1)
	}
	if last := fs.Format(diags[maxDiagnostics]); !strings.HasSuffix(last, "too many errors, the rest are not reported") {
		t.Errorf("last diagnostic %s", last)
	}
}

func TestNestingCap(t *testing.T) {
	src := "<nta>" + strings.Repeat("<a>", 100) + strings.Repeat("</a>", 100) + "</nta>"
	fs, _, diags := readString(t, "deep.xml", src)
	expectDiags(t, fs, diags, "deep.xml:1:195: elements nested too deeply")
}

func benchmarkRead(b *testing.B, rel string) {
	src, err := os.ReadFile(filepath.Join(modelsDir, rel))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Read(source.NewFileSet(), rel, src)
	}
}

func BenchmarkReadXML(b *testing.B) { benchmarkRead(b, "rra-fmics21/CSMA-CD/csma-50N.xml") }
func BenchmarkReadXTA(b *testing.B) { benchmarkRead(b, "xtabench/BangOlufsen/bocdp.xta") }
