// Toy state spaces for the tests, and a naive reference search.

package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"beeline/core/dbm"
)

// The DBM operations the toy spaces use, in one place.

func zoneZero(z *dbm.DBM)                       { z.Zero() }
func zoneUp(z *dbm.DBM)                         { z.Up() }
func zoneReset(z *dbm.DBM, x int)               { z.Reset(x, 0) }
func zoneUpper(z *dbm.DBM, x int, c int32) bool { return z.Constrain(x, 0, dbm.LE(c)) }
func zoneLower(z *dbm.DBM, x int, c int32) bool { return z.Constrain(0, x, dbm.LE(-c)) }

// zoneMaxAtLeast reports whether clock x can reach c in z: the zone
// intersects x >= c. It is monotone under inclusion.
func zoneMaxAtLeast(z *dbm.DBM, x int, c int32) bool {
	return z.Raw()[x*z.Dim()] >= dbm.LE(c)
}

// edge is an edge of a clockGraph.
type edge struct {
	to    int32
	clock int   // guarded clock, 0 for no guard
	lower bool  // guard clock >= c, else clock <= c
	c     int32 // guard constant
	reset []int // clocks reset to 0
}

// clockGraph is a toy timed automaton: locations 0..n-1 (the discrete part
// is the location), clocks 1..dim-1 starting at 0, an optional invariant
// "every clock <= bound" in every location (bound 0: none), and guarded
// edges. The label of an edge is its global index. Without extrapolation
// its zone graph is finite when there is an invariant or one clock.
type clockGraph struct {
	dim   int
	bound int32
	out   [][]edge
	ids   [][]int32 // global edge index per edge
	tmp   *dbm.DBM
	label [1]int32
	d2    [1]int32

	failAt int32 // location whose expansion fails, or -1
}

func newClockGraph(n, dim int, bound int32) *clockGraph {
	return &clockGraph{dim: dim, bound: bound, out: make([][]edge, n), ids: make([][]int32, n), tmp: dbm.New(dim), failAt: -1}
}

func (g *clockGraph) addEdge(from int32, e edge) {
	g.out[from] = append(g.out[from], e)
	id := int32(0)
	for _, es := range g.ids {
		id += int32(len(es))
	}
	g.ids[from] = append(g.ids[from], id)
}

func (g *clockGraph) DiscreteLen() int { return 1 }
func (g *clockGraph) Dim() int         { return g.dim }

func (g *clockGraph) Initial(d []int32, z *dbm.DBM) (bool, error) {
	d[0] = 0
	zoneZero(z)
	zoneUp(z)
	return g.invariant(z), nil
}

func (g *clockGraph) invariant(z *dbm.DBM) bool {
	if g.bound == 0 {
		return true
	}
	for x := 1; x < g.dim; x++ {
		if !zoneUpper(z, x, g.bound) {
			return false
		}
	}
	return true
}

var errToy = errors.New("toy failure")

func (g *clockGraph) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	if d[0] == g.failAt {
		return errToy
	}
	for i, e := range g.out[d[0]] {
		if !g.post(z, e) {
			continue
		}
		g.label[0], g.d2[0] = g.ids[d[0]][i], e.to
		if !yield(g.label[:], g.d2[:], g.tmp) {
			return nil
		}
	}
	return nil
}

// post computes the successor zone of z along e into g.tmp.
func (g *clockGraph) post(z *dbm.DBM, e edge) bool {
	g.tmp.CopyFrom(z)
	if e.clock > 0 {
		ok := false
		if e.lower {
			ok = zoneLower(g.tmp, e.clock, e.c)
		} else {
			ok = zoneUpper(g.tmp, e.clock, e.c)
		}
		if !ok {
			return false
		}
	}
	for _, x := range e.reset {
		zoneReset(g.tmp, x)
	}
	zoneUp(g.tmp)
	return g.invariant(g.tmp)
}

// randomClockGraph builds a random clockGraph with n locations, about
// fanout edges per location, constants up to maxC. lowerOnly restricts
// guards to clock >= c, which every path can satisfy by waiting.
func randomClockGraph(seed uint64, n, dim int, bound, maxC int32, fanout int, lowerOnly bool) *clockGraph {
	r := rand.New(rand.NewPCG(seed, 7))
	g := newClockGraph(n, dim, bound)
	for from := range int32(n) {
		for range 1 + r.IntN(2*fanout) {
			e := edge{to: r.Int32N(int32(n))}
			if r.IntN(3) > 0 {
				e.clock = 1 + r.IntN(dim-1)
				e.lower = lowerOnly || r.IntN(2) == 0
				e.c = r.Int32N(maxC + 1)
			}
			for x := 1; x < dim; x++ {
				if r.IntN(2) == 0 {
					e.reset = append(e.reset, x)
				}
			}
			g.addEdge(from, e)
		}
	}
	return g
}

// discreteDistances is a plain BFS over the locations of g, ignoring
// clocks: the distance from location 0 to each location, -1 if none.
func discreteDistances(g *clockGraph) []int {
	dist := make([]int, len(g.out))
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	q := []int32{0}
	for len(q) > 0 {
		v := q[0]
		q = q[1:]
		for _, e := range g.out[v] {
			if dist[e.to] < 0 {
				dist[e.to] = dist[v] + 1
				q = append(q, e.to)
			}
		}
	}
	return dist
}

// grid is a grid world without clocks (dimension 1): the discrete part is
// (x, y); moves go to the four neighbours that are inside and not walls.
type grid struct {
	w, h  int32
	wall  []bool
	label [1]int32
	d2    [2]int32
}

var moves = [4][2]int32{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

func randomGrid(seed uint64, w, h int32, density float64) *grid {
	r := rand.New(rand.NewPCG(seed, 11))
	g := &grid{w: w, h: h, wall: make([]bool, w*h)}
	for i := range g.wall {
		g.wall[i] = i > 0 && r.Float64() < density
	}
	return g
}

func (g *grid) DiscreteLen() int { return 2 }
func (g *grid) Dim() int         { return 1 }

func (g *grid) Initial(d []int32, z *dbm.DBM) (bool, error) {
	d[0], d[1] = 0, 0
	zoneZero(z)
	return true, nil
}

func (g *grid) free(x, y int32) bool {
	return x >= 0 && y >= 0 && x < g.w && y < g.h && !g.wall[y*g.w+x]
}

func (g *grid) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	for i, m := range moves {
		x, y := d[0]+m[0], d[1]+m[1]
		if !g.free(x, y) {
			continue
		}
		g.label[0], g.d2[0], g.d2[1] = int32(i), x, y
		if !yield(g.label[:], g.d2[:], z) {
			return nil
		}
	}
	return nil
}

// distances is a plain BFS over the grid from (0, 0).
func (g *grid) distances() []int {
	dist := make([]int, g.w*g.h)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	q := [][2]int32{{0, 0}}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		for _, m := range moves {
			x, y := c[0]+m[0], c[1]+m[1]
			if g.free(x, y) && dist[y*g.w+x] < 0 {
				dist[y*g.w+x] = dist[c[1]*g.w+c[0]] + 1
				q = append(q, [2]int32{x, y})
			}
		}
	}
	return dist
}

func cellGoal(x, y int32) Goal {
	return func(d []int32, _ *dbm.DBM) bool { return d[0] == x && d[1] == y }
}

func locGoal(l int32) Goal {
	return func(d []int32, _ *dbm.DBM) bool { return d[0] == l }
}

// counter is an infinite space: the discrete part is a counter that goes
// up by one or two. It never reaches a goal that is not a counter value.
type counter struct{ d2 [1]int32 }

func (c *counter) DiscreteLen() int { return 1 }
func (c *counter) Dim() int         { return 1 }
func (c *counter) Initial(d []int32, z *dbm.DBM) (bool, error) {
	d[0] = 0
	zoneZero(z)
	return true, nil
}
func (c *counter) Successors(d []int32, z *dbm.DBM, yield func([]int32, []int32, *dbm.DBM) bool) error {
	for _, inc := range []int32{1, 2} {
		c.d2[0] = d[0] + inc
		if !yield(nil, c.d2[:], z) {
			return nil
		}
	}
	return nil
}

// naiveResult is the outcome of naiveBFS.
type naiveResult struct {
	reached bool
	depth   int // of the first goal state generated
	states  int // distinct symbolic states seen
}

// naiveBFS is the obviously correct reference search: breadth-first over
// exact symbolic states (discrete part and zone, compared for equality in a
// Go map), no inclusion. Its depth is the true shortest distance to a goal
// state in the zone graph. It gives up after limit states.
func naiveBFS(t testing.TB, sp Space, goal Goal, limit int) naiveResult {
	t.Helper()
	type state struct {
		d []int32
		z *dbm.DBM
		g int
	}
	key := func(d []int32, z *dbm.DBM) string { return fmt.Sprint(d, z.Raw()) }
	d := make([]int32, sp.DiscreteLen())
	z := dbm.New(sp.Dim())
	ok, err := sp.Initial(d, z)
	if err != nil || !ok {
		return naiveResult{}
	}
	if goal(d, z) {
		return naiveResult{reached: true, states: 1}
	}
	seen := map[string]bool{key(d, z): true}
	q := []state{{d, z, 0}}
	for len(q) > 0 {
		s := q[0]
		q = q[1:]
		res := naiveResult{depth: -1}
		err := sp.Successors(s.d, s.z, func(_, d2 []int32, z2 *dbm.DBM) bool {
			k := key(d2, z2)
			if seen[k] {
				return true
			}
			seen[k] = true
			if goal(d2, z2) {
				res = naiveResult{reached: true, depth: s.g + 1}
				return false
			}
			zc := dbm.New(sp.Dim())
			zc.CopyFrom(z2)
			q = append(q, state{slices.Clone(d2), zc, s.g + 1})
			return true
		})
		if err != nil {
			t.Fatalf("naive search: %v", err)
		}
		if res.reached {
			res.states = len(seen)
			return res
		}
		if len(seen) > limit {
			t.Fatalf("naive search: more than %d states", limit)
		}
	}
	return naiveResult{states: len(seen)}
}

// checkTrace replays a trace through the space: each step must be the
// successor of the previous one along its label, with equal discrete part
// and zone, and the last step must satisfy the goal.
func checkTrace(t *testing.T, sp Space, goal Goal, trace []Step) {
	t.Helper()
	if len(trace) == 0 {
		t.Fatal("empty trace")
	}
	d := make([]int32, sp.DiscreteLen())
	z := dbm.New(sp.Dim())
	if ok, err := sp.Initial(d, z); !ok || err != nil {
		t.Fatalf("initial state: ok=%v err=%v", ok, err)
	}
	if !slices.Equal(trace[0].Discrete, d) || !trace[0].Zone.Equal(z) || trace[0].Label != nil {
		t.Fatalf("trace starts at %v %v label %v, want the initial state %v %v", trace[0].Discrete, trace[0].Zone.Raw(), trace[0].Label, d, z.Raw())
	}
	for i := 1; i < len(trace); i++ {
		prev, want := trace[i-1], trace[i]
		found := false
		err := sp.Successors(prev.Discrete, prev.Zone, func(label, d2 []int32, z2 *dbm.DBM) bool {
			found = slices.Equal(label, want.Label) && slices.Equal(d2, want.Discrete) && z2.Equal(want.Zone)
			return !found
		})
		if err != nil || !found {
			t.Fatalf("trace step %d (label %v to %v %v) is not a successor of step %d (err %v)", i, want.Label, want.Discrete, want.Zone.Raw(), i-1, err)
		}
	}
	last := trace[len(trace)-1]
	if !goal(last.Discrete, last.Zone) {
		t.Fatalf("trace ends in %v %v, which is not a goal state", last.Discrete, last.Zone.Raw())
	}
}

// run runs a search with a background context and fails the test on error.
func run(t *testing.T, sp Space, goal Goal, opts Options) *Result {
	t.Helper()
	r, err := Run(context.Background(), sp, goal, opts)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}
