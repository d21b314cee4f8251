package zone_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"beeline/core/internal/testmodel"
	"beeline/core/job"
	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/verify"
)

// liveBudget bounds each liveness query of the shared models in the
// corpus test; a query it stops is reported with its figures.
var liveBudget = verify.Options{Trace: verify.TraceSome, MaxStates: 300_000, Timeout: 30 * time.Second}

// TestLivenessCorpus checks every E[], A<> and --> query of the shared
// models: those with a stated answer (testdata/liveness-expected.tsv,
// which names each answer's source) must get it or be stopped by the
// budget, the others must be decided or stopped by the budget, and every
// trace must replay (lassos included).
func TestLivenessCorpus(t *testing.T) {
	root := testmodel.Shared(t, "")
	want := map[string]string{} // model + "\t" + query → expected
	data, err := os.ReadFile("testdata/liveness-expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		want[f[0]+"\t"+f[1]] = f[2]
	}
	seen := 0
	decided := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".xml") || strings.HasSuffix(path, ".xta")) {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		l := load(t, path)
		if l.Net == nil {
			return nil
		}
		for _, q := range l.Queries {
			if q.Formula == nil || !isLiveness(q.Formula.Kind) {
				continue
			}
			seen++
			expected := want[rel+"\t"+q.Text]
			t.Run(rel+": "+q.Text, func(t *testing.T) {
				if checkCorpusLiveness(t, l.Net, q.Formula, expected) {
					decided++
				}
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < len(want) {
		t.Errorf("%d liveness queries found in the shared models, fewer than the %d with stated answers", seen, len(want))
	}
	t.Logf("%d liveness queries, %d decided within the budget", seen, decided)
}

// load reads a model with its query file: the .q file of the same name,
// or the only .q file of a folder with only one model.
func load(t *testing.T, path string) *job.Model {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	qpath := strings.TrimSuffix(path, filepath.Ext(path)) + ".q"
	if _, err := os.Stat(qpath); err != nil {
		qs, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.q"))
		xmls, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.xml"))
		xtas, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.xta"))
		qpath = ""
		if len(qs) == 1 && len(xmls)+len(xtas) == 1 {
			qpath = qs[0]
		}
	}
	var qfiles []job.File
	if qpath != "" {
		q, err := os.ReadFile(qpath)
		if err != nil {
			t.Fatal(err)
		}
		qfiles = append(qfiles, job.File{Name: filepath.Base(qpath), Data: q})
	}
	return job.Load(job.File{Name: filepath.Base(path), Data: data}, qfiles...)
}

func isLiveness(k lang.QueryKind) bool {
	return k == lang.QueryEG || k == lang.QueryAF || k == lang.QueryLeadsTo
}

// checkCorpusLiveness checks one query and reports whether it was decided.
func checkCorpusLiveness(t *testing.T, n *model.Network, f *model.Formula, expected string) bool {
	res, err := verify.Check(context.Background(), n, f, liveBudget)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict == verify.Unknown {
		if !job.IsBudgetReason(res.Reason) {
			t.Fatalf("not decided: %s", res.Reason)
		}
		t.Logf("stopped by the budget (%s) after %d states explored, %d stored, %.1f s", res.Reason, res.Stats.Explored, res.Stats.Stored, res.Seconds)
		return false
	}
	if expected != "" && res.Verdict.String() != expected {
		t.Fatalf("%v, want %s", res.Verdict, expected)
	}
	t.Logf("%v: %d states explored, %d stored, %.2f s", res.Verdict, res.Stats.Explored, res.Stats.Stored, res.Seconds)
	if res.Concrete != nil {
		replayLive(t, n, f, res)
	}
	return true
}
