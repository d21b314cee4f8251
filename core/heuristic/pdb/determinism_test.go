// The table depends on the network, the target and the options only:
// not on the machine's load, nor on the target it runs on.

package pdb_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"beeline/core/heuristic/pdb"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
)

// byteCase is a pattern database whose dprc runs several trials.
type byteCase struct {
	name  string
	net   func(testing.TB) *model.Network
	query string
	opts  pdb.Options
	// sum is the table's SHA-256, the same natively and under js/wasm
	// (make test-wasm runs this test there too).
	sum string
}

var byteCases = []byteCase{
	{
		// Three of its four clocks are tried apart; it keeps one.
		name:  "seed17",
		net:   func(t testing.TB) *model.Network { return testmodel.Source(t, "seed17.xta", dropsAClock) },
		query: "E<> P1.L1 && v0 == 1",
		sum:   "8d0c923c53597a4ceecf53f1899e14aceddf996c38fce2c5e297ac9e329b005c",
	},
	{
		// With so little trial work, the first trial (the full
		// pattern) stops on its work, and dprc keeps what the relaxed
		// estimates need: two of the four processes.
		name: "fischer-broken little work",
		net: func(t testing.TB) *model.Network {
			return testmodel.File(t, "../../../testdata/models/fischer-broken.xml")
		},
		query: "E<> P(1).cs && P(2).cs",
		opts:  pdb.Options{TrialWork: 20_000},
		sum:   "dafa83824e84a47f658d238f6a0e5a403d455c625fa3dfab38820c7d437992cf",
	},
	{
		// The trials that drop one clock after another all build: the
		// same bytes as before trials counted work.
		name: "fischer-broken",
		net: func(t testing.TB) *model.Network {
			return testmodel.File(t, "../../../testdata/models/fischer-broken.xml")
		},
		query: "E<> P(1).cs && P(2).cs",
		sum:   "8c4dc2306d822f74fa5706b998f51acf9f81d92910b1ed0698ddfa0bb4b43181",
	},
	{
		// dprc's first trial (the full pattern, 120k abstract states)
		// stops on its work; two smaller ones follow. The default
		// trial work stops the first one later, with the same table.
		name: "mutex",
		net: func(t testing.TB) *model.Network {
			return testmodel.File(t, testmodel.Shared(t, "xtabench/mutex/mutex.xta"))
		},
		query: "E<> (S1.I_am_unsafe and S2.I_am_unsafe)",
		opts:  pdb.Options{TrialWork: 500_000},
		sum:   "d055b6737427df745cc1112cfadb50c9e4bc56864d202645c1ec3cc2edc911a4",
	},
}

// tableSum builds c's table and returns its SHA-256 and pattern.
func tableSum(t *testing.T, c byteCase) (string, string) {
	t.Helper()
	p := reachtest.New(t, c.net(t), c.query)
	h := pdb.New(p.N, p.Target, c.opts)
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), h.Pattern().String()
}

// TestTableBytes checks each case's table against its recorded SHA-256:
// natively and under js/wasm, the same bytes.
func TestTableBytes(t *testing.T) {
	for _, c := range byteCases {
		t.Run(c.name, func(t *testing.T) {
			if got, pattern := tableSum(t, c); got != c.sum {
				t.Errorf("table of pattern %s has SHA-256 %s, want %s", pattern, got, c.sum)
			}
		})
	}
}

// TestTableIgnoresLoad builds each case's table twice, once while
// goroutines spin on every core, and compares the bytes: dprc's trials
// count work, not time, so a busy machine changes no pattern.
func TestTableIgnoresLoad(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("js/wasm runs one thread: spinning goroutines would starve the build, not slow it")
	}
	for _, c := range byteCases {
		t.Run(c.name, func(t *testing.T) {
			quiet, pattern := tableSum(t, c)
			stop := spin(2 * runtime.NumCPU())
			busy, busyPattern := tableSum(t, c)
			stop()
			if busy != quiet {
				t.Errorf("beside busy goroutines, pattern %s (SHA-256 %s); alone, %s (%s)", busyPattern, busy, pattern, quiet)
			}
		})
	}
}

// spin starts n goroutines that keep a core busy until stop returns.
func spin(n int) (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := 0; !done.Load(); x++ {
			}
		}()
	}
	return func() {
		done.Store(true)
		wg.Wait()
	}
}
