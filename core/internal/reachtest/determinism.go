// Recorded table bytes, for the tests that check a precompute depends
// on the network, the target and the options only: not on the machine's
// load, nor on the target it runs on.

package reachtest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"beeline/core/heuristic"
	"beeline/core/internal/testmodel"
	"beeline/core/model"
)

// ByteModel is a model and a reachability query whose tables the
// heuristics' table-bytes checks record.
type ByteModel struct {
	Net   func(testing.TB) *model.Network
	Query string
}

// ByteModels are the repository's families (testdata/models, read from
// a package directory of core/heuristic) and the shared deep families
// (skipped when ../shared/models is absent), by name.
var ByteModels = map[string]ByteModel{
	"hanoi-5":        {own("hanoi/hanoi-5.xml"), "E<> Disk(0).on2 && Disk(1).on2 && Disk(2).on2 && Disk(3).on2 && Disk(4).on2"},
	"hanoi-7":        {own("hanoi/hanoi-7.xml"), "E<> Disk(0).on2 && Disk(1).on2 && Disk(2).on2 && Disk(3).on2 && Disk(4).on2 && Disk(5).on2 && Disk(6).on2"},
	"arbiter-3":      {own("arbiter/arbiter-3.xml"), "E<> Client(1).cs && Client(7).cs"},
	"arbiter-4":      {own("arbiter/arbiter-4.xml"), "E<> Client(1).cs && Client(15).cs"},
	"haste-6":        {own("haste/haste-6.xml"), "E<> Worker(0).done && Worker(1).done && Worker(2).done && Worker(3).done && Worker(4).done && Worker(5).done"},
	"fischer-broken": {own("fischer-broken.xml"), "E<> P(1).cs && P(2).cs"},
	"fischer-20N":    {shared("rra-fmics21/Fischer/fischer-20N.xml"), "E<> P(1).A && P(2).wait && P(3).cs && P(4).wait && P(5).wait && P(6).A && P(7).A"},
	"csma-20N": {shared("rra-fmics21/CSMA-CD/csma-20N.xml"),
		"E<> P1.sender_retry && P2.sender_retry && P3.sender_transm && P3.x >=52 && P4.sender_retry && P5.sender_retry && P6.sender_retry && P7.sender_retry"},
	"mutex": {shared("xtabench/mutex/mutex.xta"), "E<> (S1.I_am_unsafe and S2.I_am_unsafe)"},
	"stls":  {shared("xtabench/stls/STLS.xta"), "E<> (AKT1.Driving and AKT2.Driving)"},
}

// own reads a model of the repository's testdata/models.
func own(path string) func(testing.TB) *model.Network {
	return func(t testing.TB) *model.Network { return testmodel.File(t, "../../../testdata/models/"+path) }
}

// shared reads a shared model, or skips when it is absent.
func shared(rel string) func(testing.TB) *model.Network {
	return func(t testing.TB) *model.Network { return testmodel.File(t, testmodel.Shared(t, rel)) }
}

// NewByteCase is a case on the model named m of ByteModels, the
// heuristic made by mk, described by about (nil: not at all).
func NewByteCase(name, m string, mk func(p *Problem) heuristic.Heuristic, about func(heuristic.Heuristic) string, sum string) ByteCase {
	bm, ok := ByteModels[m]
	if !ok {
		panic("reachtest: no byte model " + m)
	}
	return ByteCase{Name: name, Net: bm.Net, Query: bm.Query, New: mk, About: about, Sum: sum}
}

// ByteCase is a precompute whose table's SHA-256 is recorded.
type ByteCase struct {
	Name  string
	Net   func(testing.TB) *model.Network
	Query string
	// New makes the heuristic for the problem, with the case's options.
	New func(p *Problem) heuristic.Heuristic
	// About, when set, describes the precomputed heuristic for failure
	// messages (a pattern, a size).
	About func(h heuristic.Heuristic) string
	// Sum is the table's SHA-256 in hex, the same natively and under
	// js/wasm (make test-wasm runs the tests there too).
	Sum string
}

// TableSum precomputes c's heuristic and returns its table's SHA-256
// in hex, with what About says of it.
func (c ByteCase) TableSum(t testing.TB) (sum, about string) {
	t.Helper()
	p := New(t, c.Net(t), c.Query)
	h := c.New(p)
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	if c.About != nil {
		about = c.About(h)
	}
	return hex.EncodeToString(s[:]), about
}

// ExpectTableBytes checks each case's table against its recorded
// SHA-256: natively and under js/wasm, the same bytes.
func ExpectTableBytes(t *testing.T, cases []ByteCase) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if got, about := c.TableSum(t); got != c.Sum {
				t.Errorf("table (%s) has SHA-256 %s, want %s", about, got, c.Sum)
			}
		})
	}
}

// ExpectTableIgnoresLoad builds each case's table twice, once while
// goroutines spin on every core, and compares the bytes: a precompute
// whose budgets count work, not time, builds the same table on a busy
// machine. Under js/wasm, which runs one thread, it skips: spinning
// goroutines would starve the build, not slow it.
func ExpectTableIgnoresLoad(t *testing.T, cases []ByteCase) {
	if runtime.GOOS == "js" {
		t.Skip("js/wasm runs one thread: spinning goroutines would starve the build, not slow it")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			quiet, about := c.TableSum(t)
			stop := Spin(2 * runtime.NumCPU())
			busy, busyAbout := c.TableSum(t)
			stop()
			if busy != quiet {
				t.Errorf("beside busy goroutines, table (%s) has SHA-256 %s; alone (%s), %s", busyAbout, busy, about, quiet)
			}
		})
	}
}

// Spin starts n goroutines that keep a core busy until stop returns.
func Spin(n int) (stop func()) {
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
