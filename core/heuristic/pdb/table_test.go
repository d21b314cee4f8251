// Damaged pattern databases: refused by the checksum, and every field
// checked behind it.

package pdb_test

import (
	"context"
	"testing"

	"beeline/core/heuristic/pdb"
	"beeline/core/internal/reachtest"
	"beeline/core/internal/testmodel"
)

// damageCase is a small database: straddle's, whose zones and dead end
// make every field count.
func damageCase(t testing.TB) reachtest.TableCase {
	p := reachtest.Inline{Name: "straddle.xta", Src: straddle, Query: "E<> P.T"}.Problem(t)
	return reachtest.NewTableCase(t, p, pdb.Format, func(p *reachtest.Problem) *pdb.Heuristic {
		return pdb.New(p.N, p.Target, pdb.Options{Select: pdb.Full})
	})
}

// TestDamagedTable flips every bit of a table and cuts it at every
// length: each is refused as damaged (issue 29: a merge-and-shrink table
// with one bit flipped loaded and changed the verdict). Behind a
// checksum that matches, every flip of the body is refused or loads a
// database that estimates without a panic.
func TestDamagedTable(t *testing.T) { damageCase(t).ExpectIntegrity(t) }

// FuzzLoadTable loads arbitrary bytes as a pattern database
// (reachtest.TableCase.Fuzz), seeded with a real table.
func FuzzLoadTable(f *testing.F) { damageCase(f).Fuzz(f) }

// dropsAClock is the random network of seed 17 of core/internal/difftest:
// dprc drops one of its clocks and keeps another in a later trial.
const dropsAClock = `int[0,1] v0 = 1;
int[0,1] v1 = 1;
int[0,3] v2 = 0;
chan c0;
chan c1;
urgent chan c2;
void bump() { if (v0 < 1) v0++; }
int next(int a) { return (a + 1) % 2; }
process P0() {
clock x, y;
int[0,2] w;
state L0, L1;
init L0;
trans
  L1 -> L1 { select k : int[0,1]; guard w != 2 && x - y < 0; sync c1?; assign w = (w + 1) % 3, w = k; },
  L1 -> L0 { guard x - y < 2; assign x = 0, v2 = next(v2) % 4; },
  L1 -> L0 { guard x >= 4; sync c1?; assign y = 0, v0 = next(v0) % 2; },
  L1 -> L1 { guard y > 4; assign x = 0, v0 = 0; },
  L0 -> L0 { guard x <= 2; sync c0!; assign v2 = next(v2) % 4; };
}
process P1() {
clock x, y;
int[0,2] w;
state L0 { x <= 2 }, L1, L2, L3;
init L0;
trans
  L2 -> L2 { guard v2 == 0; assign v1 = 0; },
  L1 -> L3 { select k : int[0,1]; guard w != 2; assign x = 0, w = k; },
  L0 -> L0 { assign y = 0, v1 = 0; },
  L0 -> L1 { guard w != 1 && x - y < -1; },
  L0 -> L2 { assign y = 0, v0 = next(v0) % 2; },
  L3 -> L0 { guard w != 1; };
}
system P0, P1;
`

// TestDPRCTableLoads saves and loads a database whose clocks dprc
// changed in its trials (issue 29: a trial that failed was undone for
// one clock only, so the table recorded a pattern whose clocks were not
// its zones' and load refused it as damaged).
func TestDPRCTableLoads(t *testing.T) {
	p := reachtest.New(t, testmodel.Source(t, "seed17.xta", dropsAClock), "E<> P1.L1 && v0 == 1")
	h := pdb.New(p.N, p.Target, pdb.Options{Select: pdb.DPRC})
	if err := h.Precompute(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	b, err := h.Table()
	if err != nil {
		t.Fatal(err)
	}
	again := pdb.New(p.N, p.Target, pdb.Options{Select: pdb.DPRC})
	if err := again.Load(b); err != nil {
		t.Fatalf("a table dprc made is refused: %v (pattern %s)", err, h.Pattern())
	}
}
