package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"beeline/core/source"
)

// benchDecls is a declaration chunk in the style of the real models.
const benchDecls = `
const int N = 6;
typedef int[0,N-1] id_t;
int[0,N] list[N+1], len;
chan appr[N], stop[N], leave[N];
urgent chan go[N];
void enqueue(id_t element) { list[len++] = element; }
void dequeue() {
	int i = 0;
	len -= 1;
	while (i < len) { list[i] = list[i + 1]; i++; }
	list[i] = 0;
}
bool all(const int v[N]) { return forall (i : id_t) v[i] > 0 && v[i] <= 3 * N - (i << 1); }
`

// BenchmarkParseDeclarations measures the parser on about 1 MB of
// declarations.
func BenchmarkParseDeclarations(b *testing.B) {
	src := strings.Repeat(benchDecls, 1<<20/len(benchDecls))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		var errs source.List
		ParseDeclarations(src, 1, &errs)
		if len(errs) > 0 {
			b.Fatal(errs[0].Msg)
		}
	}
}

// BenchmarkParseModels parses every text of the shared XML models.
func BenchmarkParseModels(b *testing.B) {
	dir := modelsDir(b)
	var texts []modelText
	size := 0
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && filepath.Ext(path) == ".xml" {
			src, _ := os.ReadFile(path)
			ts, _ := xmlTexts(strings.NewReader(string(src)))
			for _, t := range ts {
				size += len(t.text)
			}
			texts = append(texts, ts...)
		}
		return nil
	})
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, t := range texts {
			parseModelText(t, 1, nil)
		}
	}
}
