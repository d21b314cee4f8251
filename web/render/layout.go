// Layout: coordinates for templates that come without them.

package render

import (
	"math"
	"sort"

	"beeline/core/protocol"
)

// Layout constants (drawing units).
const (
	minColumnGap = 128.0 // between the centres of neighbouring layers
	minRowGap    = 96.0  // between the centres of neighbours in a layer
	channelGap   = 28.0  // from a location to a routed edge's vertical run
	trackGap     = 28.0  // between routing tracks above or below the drawing
	loopNail     = 50.0  // a self-loop's nails, from the centre
	sweeps       = 4     // barycentre sweep pairs (down, then up)
)

// Layout returns a copy of t with fresh coordinates for every location,
// label and nail, whatever t had: a layered drawing read left to right
// from the initial location. It is deterministic (the same template gives
// the same drawing) and puts no two locations closer than minRowGap. The
// copy has HasLayout set; t is not changed. The algorithm is described in
// the package documentation.
func Layout(t *protocol.Template) *protocol.Template {
	c := cloneBare(t)
	c.HasLayout = true
	if len(c.Locations) == 0 {
		return c
	}
	l := newLayered(c)
	l.assignLayers()
	l.order()
	l.place()
	l.route()
	return c
}

// cloneBare copies t without any coordinates.
func cloneBare(t *protocol.Template) *protocol.Template {
	c := *t
	c.Locations = append([]protocol.Location(nil), t.Locations...)
	for i := range c.Locations {
		l := &c.Locations[i]
		l.At, l.NameAt, l.InvAt = protocol.Point{}, protocol.Point{}, protocol.Point{}
	}
	c.Edges = append([]protocol.Edge(nil), t.Edges...)
	for i := range c.Edges {
		e := &c.Edges[i]
		e.Nails = nil
		e.Labels = append([]protocol.Label(nil), e.Labels...)
		for j := range e.Labels {
			e.Labels[j].At = protocol.Point{}
		}
	}
	return &c
}

// layered is a layered drawing in the making.
type layered struct {
	t     *protocol.Template
	idx   map[string]int
	out   [][]int // successors, in edge order
	adj   [][]int // neighbours either way, self-loops left out
	layer []int
	rows  [][]int // location indices per layer, top to bottom
	pos   []int   // index within its row
	x     []float64
	y     []float64 // per location
}

func newLayered(t *protocol.Template) *layered {
	n := len(t.Locations)
	l := &layered{t: t, idx: map[string]int{}, out: make([][]int, n), adj: make([][]int, n)}
	for i, loc := range t.Locations {
		if _, dup := l.idx[loc.ID]; !dup {
			l.idx[loc.ID] = i
		}
	}
	for _, e := range t.Edges {
		s, ok1 := l.idx[e.Source]
		d, ok2 := l.idx[e.Target]
		if !ok1 || !ok2 || s == d {
			continue
		}
		l.out[s] = append(l.out[s], d)
		l.adj[s] = append(l.adj[s], d)
		l.adj[d] = append(l.adj[d], s)
	}
	return l
}

// assignLayers puts each location in the layer of its breadth-first
// distance from the initial location. Locations it cannot reach start
// searches of their own, in document order, from layer 0.
func (l *layered) assignLayers() {
	n := len(l.t.Locations)
	l.layer = make([]int, n)
	for i := range l.layer {
		l.layer[i] = -1
	}
	if s, ok := l.idx[l.t.Init]; ok {
		l.bfs(s)
	}
	for i := 0; i < n; i++ {
		if l.layer[i] < 0 {
			l.bfs(i)
		}
	}
	l.pos = make([]int, n)
	for k := range l.rows {
		l.renumber(k)
	}
}

func (l *layered) bfs(s int) {
	l.visit(s, 0)
	for q := []int{s}; len(q) > 0; q = q[1:] {
		u := q[0]
		for _, v := range l.out[u] {
			if l.layer[v] < 0 {
				l.visit(v, l.layer[u]+1)
				q = append(q, v)
			}
		}
	}
}

func (l *layered) visit(v, k int) {
	l.layer[v] = k
	for len(l.rows) <= k {
		l.rows = append(l.rows, nil)
	}
	l.rows[k] = append(l.rows[k], v)
}

func (l *layered) renumber(k int) {
	for p, v := range l.rows[k] {
		l.pos[v] = p
	}
}

// order reduces crossings between neighbouring layers with barycentre
// sweeps (Sugiyama, Tagawa and Toda 1981): each location moves to the mean
// position of its neighbours in the layer just swept. The best ordering
// seen wins; ties keep the earlier one, so the result is deterministic.
func (l *layered) order() {
	best, bestC := l.snapshot(), l.crossings()
	for s := 0; s < sweeps && bestC > 0; s++ {
		for k := 1; k < len(l.rows); k++ {
			l.sortBy(k, k-1)
		}
		for k := len(l.rows) - 2; k >= 0; k-- {
			l.sortBy(k, k+1)
		}
		if c := l.crossings(); c < bestC {
			best, bestC = l.snapshot(), c
		}
	}
	l.rows = best
	for k := range l.rows {
		l.renumber(k)
	}
}

func (l *layered) snapshot() [][]int {
	out := make([][]int, len(l.rows))
	for k, r := range l.rows {
		out[k] = append([]int(nil), r...)
	}
	return out
}

func (l *layered) sortBy(k, ref int) {
	bary := map[int]float64{}
	for _, v := range l.rows[k] {
		sum, cnt := 0.0, 0
		for _, u := range l.adj[v] {
			if l.layer[u] == ref {
				sum += float64(l.pos[u])
				cnt++
			}
		}
		bary[v] = float64(l.pos[v])
		if cnt > 0 {
			bary[v] = sum / float64(cnt)
		}
	}
	row := l.rows[k]
	sort.SliceStable(row, func(a, b int) bool { return bary[row[a]] < bary[row[b]] })
	l.renumber(k)
}

// crossings counts pairs of crossing edges between neighbouring layers.
func (l *layered) crossings() int {
	type seg struct{ a, b int }
	by := make([][]seg, len(l.rows))
	for u, vs := range l.out {
		for _, v := range vs {
			lo, hi := u, v
			if l.layer[lo] > l.layer[hi] {
				lo, hi = hi, lo
			}
			if l.layer[hi]-l.layer[lo] == 1 {
				by[l.layer[lo]] = append(by[l.layer[lo]], seg{l.pos[lo], l.pos[hi]})
			}
		}
	}
	n := 0
	for _, ss := range by {
		for i := range ss {
			for j := i + 1; j < len(ss); j++ {
				if (ss[i].a-ss[j].a)*(ss[i].b-ss[j].b) < 0 {
					n++
				}
			}
		}
	}
	return n
}

// place gives locations their coordinates: layers are columns, left to
// right, each centred vertically, with gaps wide enough for the labels
// that sit in them.
func (l *layered) place() {
	rowGap := l.rowGap()
	l.x = make([]float64, len(l.rows))
	for k := 1; k < len(l.rows); k++ {
		l.x[k] = l.x[k-1] + l.columnGap(k-1)
	}
	tallest := 0
	for _, r := range l.rows {
		tallest = max(tallest, len(r))
	}
	l.y = make([]float64, len(l.t.Locations))
	for k, r := range l.rows {
		for p, v := range r {
			l.y[v] = (float64(p) + float64(tallest-len(r))/2) * rowGap
			loc := &l.t.Locations[v]
			loc.At = vec{l.x[k], l.y[v]}.point()
			loc.NameAt = nameAt(loc)
			loc.InvAt = invAt(loc)
		}
	}
}

func (l *layered) rowGap() float64 {
	h := 0.0
	for _, loc := range l.t.Locations {
		_, nh := textSize(loc.Name)
		_, ih := textSize(loc.Invariant)
		h = math.Max(h, nh+ih)
	}
	gap := math.Max(minRowGap, 2*radius+h+40)
	// Edges joining two locations stack their labels between them.
	pair := map[[2]int]float64{}
	for _, e := range l.t.Edges {
		s, ok1 := l.idx[e.Source]
		d, ok2 := l.idx[e.Target]
		if !ok1 || !ok2 || s == d {
			continue
		}
		k := [2]int{min(s, d), max(s, d)}
		pair[k] += labelBlockHeight(&e) + 16
		gap = math.Max(gap, pair[k]+2*radius)
	}
	return gap
}

// columnGap is the distance from layer k to layer k+1: room for the
// labels of the edges between them, for the names and invariants of layer
// k (which extend to the right) and for its self-loops.
func (l *layered) columnGap(k int) float64 {
	gap := minColumnGap
	for _, v := range l.rows[k] {
		loc := &l.t.Locations[v]
		gap = math.Max(gap, textWidth(loc.Name)+channelGap+24)
		gap = math.Max(gap, textWidth(loc.Invariant)+channelGap+24)
	}
	for _, e := range l.t.Edges {
		s, ok1 := l.idx[e.Source]
		d, ok2 := l.idx[e.Target]
		if !ok1 || !ok2 {
			continue
		}
		w := labelBlockWidth(&e)
		switch {
		case s == d && l.layer[s] == k:
			gap = math.Max(gap, loopNail+w+2*radius+24)
		case l.layer[s] == l.layer[d] && l.layer[s] == k:
			gap = math.Max(gap, 2*channelGap+w+2*radius+24)
		case min(l.layer[s], l.layer[d]) == k && max(l.layer[s], l.layer[d]) == k+1:
			gap = math.Max(gap, w+2*radius+56)
		}
	}
	return gap
}

func labelBlockWidth(e *protocol.Edge) float64 {
	w := 0.0
	for _, lb := range e.Labels {
		w = math.Max(w, textWidth(lb.Text))
	}
	return w
}

func labelBlockHeight(e *protocol.Edge) float64 {
	h := 0.0
	for _, lb := range e.Labels {
		_, lh := textSize(lb.Text)
		h += lh
	}
	return h
}
