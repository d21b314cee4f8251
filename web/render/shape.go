// Shapes: where locations, edges, arrowheads and default labels go.

package render

import (
	"math"
	"sort"

	"beeline/core/protocol"
)

// shape is the drawn geometry of one edge. A straight or nailed edge is a
// polyline (pts, from the source circle's boundary to the target's); a
// self-loop without nails is one cubic Bézier curve (pts holds its four
// control points and curved is set).
type shape struct {
	pts    []vec
	curved bool
	head   [3]vec // arrowhead: tip, then the two back corners
	// anchor and normal say where the edge's labels go when the document
	// gives them no coordinates: beside anchor, on the side normal points to.
	anchor, normal vec
	ok             bool // false when an end location is missing
}

// geometry computes every edge's shape for a template.
type geometry struct {
	t      *protocol.Template
	loc    map[string]int // location id → index
	center []vec
	// synthetic holds nails made up for parallel edges without nails of
	// their own, and their bend direction.
	synthetic map[int]vec
	bend      map[int]vec
	loops     map[int]float64 // self-loop without nails → direction
}

func newGeometry(t *protocol.Template) *geometry {
	g := &geometry{t: t, loc: map[string]int{}, synthetic: map[int]vec{}, bend: map[int]vec{}, loops: map[int]float64{}}
	for i, l := range t.Locations {
		g.loc[l.ID] = i
		g.center = append(g.center, at(l.At))
	}
	g.parallels()
	g.selfLoops()
	return g
}

// ends returns the centres of an edge's source and target.
func (g *geometry) ends(e *protocol.Edge) (s, d vec, ok bool) {
	si, ok1 := g.loc[e.Source]
	di, ok2 := g.loc[e.Target]
	if !ok1 || !ok2 {
		return vec{}, vec{}, false
	}
	return g.center[si], g.center[di], true
}

// parallels gives distinct bent routes to edges without nails that join
// the same two locations (in either direction), which would otherwise be
// drawn on top of each other: the k-th of n gets one nail at the middle,
// moved sideways by (k-(n-1)/2)·spread, and an odd group keeps one edge
// straight.
func (g *geometry) parallels() {
	groups := map[[2]string][]int{}
	var keys [][2]string
	for i, e := range g.t.Edges {
		if len(e.Nails) > 0 || e.Source == e.Target {
			continue
		}
		k := [2]string{e.Source, e.Target}
		if k[1] < k[0] {
			k[0], k[1] = k[1], k[0]
		}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		es := groups[k]
		if len(es) < 2 {
			continue
		}
		spread := g.spread(es)
		a, aok := g.loc[k[0]]
		b, bok := g.loc[k[1]]
		if !aok || !bok {
			continue
		}
		side := g.center[b].sub(g.center[a]).unit().perp()
		mid := lerp(g.center[a], g.center[b], 0.5)
		for j, i := range es {
			off := (float64(j) - float64(len(es)-1)/2) * spread
			if off == 0 {
				continue
			}
			g.synthetic[i] = mid.add(side.scale(off))
			g.bend[i] = side.scale(math.Copysign(1, off))
		}
	}
}

// spread is the distance between neighbouring routes of a parallel
// group. Two edges bend apart with their labels outside; in a larger group
// some labels sit between two routes, which must clear them (the routes
// close in towards the ends, hence the factor).
func (g *geometry) spread(es []int) float64 {
	const least = 32.0
	if len(es) == 2 {
		return least
	}
	h := 0.0
	for _, i := range es {
		h = math.Max(h, labelBlockHeight(&g.t.Edges[i]))
	}
	return math.Max(least, (h+12)*1.4)
}

// selfLoops picks a direction for every self-loop without nails: the
// free direction farthest from the location's other edges, its labels
// and its loops already placed.
func (g *geometry) selfLoops() {
	for i, e := range g.t.Edges {
		if e.Source != e.Target || len(e.Nails) > 0 {
			continue
		}
		li, ok := g.loc[e.Source]
		if !ok {
			continue
		}
		g.loops[i] = freeAngle(g.taken(li))
	}
}

// taken lists the directions already used around location li.
func (g *geometry) taken(li int) []float64 {
	l := &g.t.Locations[li]
	c := g.center[li]
	var as []float64
	add := func(p vec) {
		if p.dist(c) > 1 {
			as = append(as, p.sub(c).angle())
		}
	}
	for i, e := range g.t.Edges {
		if theta, ok := g.loops[i]; ok && e.Source == l.ID {
			as = append(as, theta)
			continue
		}
		if e.Source == e.Target {
			for _, n := range e.Nails {
				add(at(n))
			}
			continue
		}
		if e.Source != l.ID && e.Target != l.ID {
			continue
		}
		add(g.neighbour(i, l.ID))
	}
	if l.Name != "" {
		add(labelCenter(nameAt(l), l.Name))
	}
	if l.Invariant != "" {
		add(labelCenter(invAt(l), l.Invariant))
	}
	return as
}

// neighbour is the first point after location id on edge i's route.
func (g *geometry) neighbour(i int, id string) vec {
	e := &g.t.Edges[i]
	route := g.route(i)
	if e.Source == id {
		return route[1]
	}
	return route[len(route)-2]
}

// route is an edge's polyline from centre to centre through its nails.
func (g *geometry) route(i int) []vec {
	e := &g.t.Edges[i]
	s, d, _ := g.ends(e)
	pts := []vec{s}
	for _, n := range e.Nails {
		pts = append(pts, at(n))
	}
	if n, ok := g.synthetic[i]; ok {
		pts = append(pts, n)
	}
	return append(pts, d)
}

func labelCenter(topLeft protocol.Point, text string) vec {
	w, h := textSize(text)
	return at(topLeft).add(vec{w / 2, h / 2})
}

// freeAngle returns, of 16 evenly spread directions starting up-right, the
// one farthest from every angle in taken.
func freeAngle(taken []float64) float64 {
	best, bestGap := -math.Pi/4, -1.0
	for k := 0; k < 16; k++ {
		theta := -math.Pi/4 + float64(k)*math.Pi/8
		gap := math.Pi
		for _, a := range taken {
			gap = math.Min(gap, angleDist(theta, a))
		}
		if gap > bestGap+1e-9 {
			best, bestGap = theta, gap
		}
	}
	return best
}

func angleDist(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	return math.Min(d, 2*math.Pi-d)
}

// shape computes edge i's drawn geometry.
func (g *geometry) shape(i int) shape {
	e := &g.t.Edges[i]
	c, _, ok := g.ends(e)
	if !ok {
		return shape{}
	}
	if theta, loop := g.loops[i]; loop {
		return loopShape(c, theta)
	}
	route := g.route(i)
	pts := clip(route)
	sh := shape{pts: pts, ok: true}
	last := pts[len(pts)-1]
	sh.head = arrowHead(last, last.sub(pts[len(pts)-2]).unit())
	sh.anchor, sh.normal = midpoint(pts)
	if b, bent := g.bend[i]; bent {
		sh.normal = b
	}
	sh.anchor = sh.anchor.add(sh.normal.scale(4))
	return sh
}

// clip moves a centre-to-centre route's ends onto the circles' boundaries.
// A nail inside a circle is dropped from that end's direction.
func clip(route []vec) []vec {
	pts := append([]vec(nil), route...)
	n := len(pts)
	first, last := 1, n-2
	for first < n-1 && pts[first].dist(pts[0]) <= radius {
		first++
	}
	for last > 0 && pts[last].dist(pts[n-1]) <= radius {
		last--
	}
	s := pts[0].add(pts[first].sub(pts[0]).unit().scale(radius))
	d := pts[n-1].add(pts[last].sub(pts[n-1]).unit().scale(radius))
	if first > last {
		return []vec{s, d}
	}
	out := []vec{s}
	out = append(out, pts[first:last+1]...)
	return append(out, d)
}

// arrowHead is the triangle whose tip is at tip, pointing along d.
func arrowHead(tip, d vec) [3]vec {
	base := tip.sub(d.scale(headLength))
	side := d.perp().scale(headHalf)
	return [3]vec{tip, base.add(side), base.sub(side)}
}

// midpoint returns the point halfway along a polyline and the normal of
// its segment there that points up (or right, for a vertical segment).
func midpoint(pts []vec) (vec, vec) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += pts[i].dist(pts[i-1])
	}
	half := total / 2
	for i := 1; i < len(pts); i++ {
		l := pts[i].dist(pts[i-1])
		if l >= half || i == len(pts)-1 {
			t := 0.0
			if l > 0 {
				t = math.Min(1, half/l)
			}
			return lerp(pts[i-1], pts[i], t), upNormal(pts[i].sub(pts[i-1]))
		}
		half -= l
	}
	return pts[0], vec{0, -1}
}

func upNormal(d vec) vec {
	n := d.unit().perp()
	if n.y > 1e-9 || (math.Abs(n.y) <= 1e-9 && n.x < 0) {
		n = n.scale(-1)
	}
	return n
}

// Self-loop curve: it leaves and enters the circle loopSpread radians to
// either side of its direction and reaches out about loopReach.
const (
	loopSpread = 0.45
	loopCtrl   = 0.65
	loopReach  = 56.0
)

func loopShape(c vec, theta float64) shape {
	p0 := c.add(dir(theta - loopSpread).scale(radius))
	p1 := c.add(dir(theta - loopCtrl).scale(loopReach))
	p2 := c.add(dir(theta + loopCtrl).scale(loopReach))
	p3 := c.add(dir(theta + loopSpread).scale(radius))
	n := dir(theta)
	apex := cubic(p0, p1, p2, p3, 0.5)
	return shape{
		pts: []vec{p0, p1, p2, p3}, curved: true, ok: true,
		head:   arrowHead(p3, p3.sub(p2).unit()),
		anchor: apex.add(n.scale(6)), normal: n,
	}
}

// Default label places, used when the document gives none: a location's
// name above it and its invariant below, both starting at the circle's
// left edge.
func nameAt(l *protocol.Location) protocol.Point {
	if l.NameAt.Set {
		return l.NameAt
	}
	_, h := textSize(l.Name)
	return vec{float64(l.At.X) - radius, float64(l.At.Y) - radius - 2 - h}.point()
}

func invAt(l *protocol.Location) protocol.Point {
	if l.InvAt.Set {
		return l.InvAt
	}
	return vec{float64(l.At.X) - radius, float64(l.At.Y) + radius + 2}.point()
}

// labelOrder is the order in which an edge's labels are stacked.
var labelOrder = map[string]int{"select": 0, "guard": 1, "synchronisation": 2, "assignment": 3}

// edgeLabelsAt returns the top-left corner of each of an edge's labels
// (index-aligned with e.Labels): a label's own coordinates when set, and
// otherwise a place in one block beside the edge's middle, stacked in
// UPPAAL's order (select, guard, synchronisation, assignment). Labels that
// shown reports false for take no room.
func edgeLabelsAt(e *protocol.Edge, sh shape, shown func(kind string) bool) []vec {
	out := make([]vec, len(e.Labels))
	var free []int
	w, h := 0.0, 0.0
	for i, lb := range e.Labels {
		if lb.At.Set {
			out[i] = at(lb.At)
			continue
		}
		if !shown(lb.Kind) {
			continue
		}
		free = append(free, i)
		lw, lh := textSize(lb.Text)
		w, h = math.Max(w, lw), h+lh
	}
	sort.SliceStable(free, func(a, b int) bool {
		return kindRank(e.Labels[free[a]].Kind) < kindRank(e.Labels[free[b]].Kind)
	})
	top := placeBlock(sh.anchor, sh.normal, w, h)
	for _, i := range free {
		out[i] = top
		_, lh := textSize(e.Labels[i].Text)
		top.y += lh
	}
	return out
}

func kindRank(kind string) int {
	if r, ok := labelOrder[kind]; ok {
		return r
	}
	return len(labelOrder)
}
