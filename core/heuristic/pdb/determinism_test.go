// The table depends on the network, the target and the options only:
// not on the machine's load, nor on the target it runs on.

package pdb_test

import (
	"testing"

	"beeline/core/heuristic"
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

// shared returns the cases in reachtest's form, each table described
// by its pattern.
func shared() []reachtest.ByteCase {
	out := make([]reachtest.ByteCase, len(byteCases))
	for i, c := range byteCases {
		out[i] = reachtest.ByteCase{
			Name:  c.name,
			Net:   c.net,
			Query: c.query,
			New: func(p *reachtest.Problem) heuristic.Heuristic {
				return pdb.New(p.N, p.Target, c.opts)
			},
			About: func(h heuristic.Heuristic) string { return "pattern " + h.(*pdb.Heuristic).Pattern().String() },
			Sum:   c.sum,
		}
	}
	return out
}

// TestTableBytes checks each case's table against its recorded SHA-256:
// natively and under js/wasm, the same bytes.
func TestTableBytes(t *testing.T) { reachtest.ExpectTableBytes(t, shared()) }

// TestTableIgnoresLoad builds each case's table twice, once while
// goroutines spin on every core, and compares the bytes: dprc's trials
// count work, not time, so a busy machine changes no pattern.
func TestTableIgnoresLoad(t *testing.T) { reachtest.ExpectTableIgnoresLoad(t, shared()) }
