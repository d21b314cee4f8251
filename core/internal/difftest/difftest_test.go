package difftest

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/job"
	"beeline/core/options"
)

// wide is set by `make fuzz`: every testdata and shared model, and more
// seeds.
var wide = os.Getenv("BEELINE_DIFFTEST_WIDE") != ""

// budget bounds every check: large enough that a configuration that
// explores the whole space of a random network or a small testdata
// model decides. sharedBudget bounds the checks of the shared models in
// the wide run, where most spaces are larger and give unknown: the
// budget is then what each of some 400 configurations explores.
var (
	budget       = Budget{States: 20000, Precompute: 50000, Timeout: 60 * time.Second}
	sharedBudget = Budget{States: 3000, Precompute: 20000, Timeout: 60 * time.Second}
)

// light reports -short mode or js/wasm (make test-wasm), where a few
// models and seeds are compared: the engine there is the same code,
// several times slower.
func light() bool { return testing.Short() || runtime.GOARCH == "wasm" }

// models are the testdata models of the default run, relative to the
// repository's testdata/models; the wide run takes every model there.
// (symmetry/tokens.xta is left to the wide run: its symmetric spaces
// cost as much as all of these together.) The light run takes the
// first lightModels of them.
var models = []string{
	"crossing.xta",
	"fischer-broken.xml",
	"hanoi/hanoi-3.xml",
	"fischer.xml",
	"symmetry/train-gate-sym.xta",
	"symmetry/fischer-sym-broken.xta",
	"arbiter/arbiter-2.xml",
	"haste/haste-2.xml",
	"haste/haste-3.xml",
}

// seeds is the number of random networks of the default run, and
// lightSeeds and wideSeeds of the light and the wide run.
const (
	seeds, lightSeeds, wideSeeds = 20, 3, 100
	lightModels                  = 1
)

const testdata = "../../../testdata/models"

// TestDifferential compares every search order, heuristic (with each
// parameter value that changes its meaning), symmetry reduction on and
// off, and table from prepare or from the process, with breadth-first
// search: on the testdata models and on random networks by default, and
// with BEELINE_DIFFTEST_WIDE set on every testdata model, the shared
// models and many more seeds.
func TestDifferential(t *testing.T) {
	r := Registry(budget.Precompute)
	hs := Variants(r)
	tally := &Tally{}
	t.Run("group", func(t *testing.T) {
		for _, path := range testdataModels(t) {
			t.Run(path, func(t *testing.T) {
				t.Parallel()
				b := budget
				if !slices.Contains(models, path) {
					b = sharedBudget // the larger family instances of the wide run
				}
				for _, p := range fileProblems(t, filepath.Join(testdata, path)) {
					t.Run(p.Query, func(t *testing.T) { Compare(t, r, pick(hs, p), p, b, tally) })
				}
			})
		}
		for _, path := range findings(t) {
			t.Run(path, func(t *testing.T) {
				t.Parallel()
				for _, p := range fileProblems(t, path) {
					t.Run(p.Query, func(t *testing.T) { Compare(t, r, pick(hs, p), p, budget, tally) })
				}
			})
		}
		if wide {
			sharedModels(t, Registry(sharedBudget.Precompute), hs, tally)
		}
		n := seeds
		switch {
		case wide:
			n = wideSeeds
		case light():
			n = lightSeeds
		}
		for seed := range uint64(n) {
			t.Run(Generate(seed).Name(), func(t *testing.T) {
				t.Parallel()
				compareGenerated(t, r, hs, seed, tally)
			})
		}
	})
	t.Log(tally)
	for issue, n := range tally.ExpectedBy() {
		t.Logf("%d expected disagreements: %s", n, issue)
	}
}

// FuzzDifferential compares every configuration with breadth-first
// search on the random network of each seed. Its one seed input runs in
// every `go test` (TestDifferential has the others); `make fuzz` goes on
// from there.
func FuzzDifferential(f *testing.F) {
	f.Add(uint64(0))
	r := Registry(budget.Precompute)
	hs := Variants(r)
	f.Fuzz(func(t *testing.T, seed uint64) {
		compareGenerated(t, r, hs, seed, &Tally{})
	})
}

// compareGenerated compares every configuration on each query of the
// random network of seed.
func compareGenerated(t *testing.T, r *options.Registry, hs []string, seed uint64, tally *Tally) {
	g := Generate(seed)
	for _, p := range Problems(t, g.Name(), g.Src, g.Queries) {
		p.Src = g.Src
		t.Run(p.Query, func(t *testing.T) { Compare(t, r, pick(hs, p), p, budget, tally) })
	}
}

// pick is the heuristics compared on p: all of them in the wide run,
// else one of pa's (see Rotate).
func pick(hs []string, p *Problem) []string {
	if wide {
		return hs
	}
	return Rotate(hs, "pa", p.Path+" "+p.Query)
}

// findings are the package's own models (testdata/*.xta): each the
// reproducer of a disagreement this test found or an issue reported,
// kept in every run.
func findings(t *testing.T) []string {
	paths, err := filepath.Glob("testdata/*.xta")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no models in testdata: %v", err)
	}
	return paths
}

// testdataModels lists the models of the run, relative to testdata.
func testdataModels(t *testing.T) []string {
	switch {
	case light() && !wide:
		return models[:lightModels]
	case !wide:
		return models
	}
	var out []string
	err := filepath.WalkDir(testdata, func(path string, d os.DirEntry, err error) error {
		ext := filepath.Ext(path)
		if err == nil && !d.IsDir() && (ext == ".xml" || ext == ".xta") {
			rel, _ := filepath.Rel(testdata, path)
			out = append(out, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fileProblems loads a model file with the .q file beside it, if any.
func fileProblems(t *testing.T, path string) []*Problem {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var qs []job.File
	q := strings.TrimSuffix(path, filepath.Ext(path)) + ".q"
	if b, err := os.ReadFile(q); err == nil {
		qs = append(qs, job.File{Name: filepath.Base(q), Data: b})
	}
	return Problems(t, path, string(src), nil, qs...)
}

// sharedModels compares on every row of the shared models' EXPECTED.tsv
// and every case of reachtest.Cases, under sharedBudget, with one of
// pa's variants per query (see Rotate).
func sharedModels(t *testing.T, r *options.Registry, hs []string, tally *Tally) {
	dir := filepath.Dir(testmodel.Shared(t, "EXPECTED.tsv"))
	byModel := map[string][]string{}
	var order []string
	add := func(m, q string) {
		if byModel[m] == nil {
			order = append(order, m)
		}
		byModel[m] = append(byModel[m], q)
	}
	for _, e := range testmodel.Expected(t, dir) {
		if e.Disagree == "" {
			add(e.Model, e.Query)
		}
	}
	for _, c := range reachtest.Cases {
		add(c.Model, c.Query)
	}
	for _, m := range order {
		t.Run("shared/"+m, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(dir, m)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range Problems(t, path, string(src), byModel[m]) {
				t.Run(p.Query, func(t *testing.T) { Compare(t, r, Rotate(hs, "pa", p.Query), p, sharedBudget, tally) })
			}
		})
	}
}
