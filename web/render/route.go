// Routing: nails for the edges of a laid-out template.

package render

import (
	"math"

	"beeline/core/protocol"
)

// route gives nails to the edges that a straight line would draw badly
// and coordinates to every edge label:
//   - an edge between neighbouring layers, or between neighbours in one
//     layer, stays straight;
//   - an edge within one layer that would cross the locations between its
//     ends bends once to the right of the layer;
//   - any other edge (a back edge, or one that skips layers) leaves its
//     source to the right, runs along a track of its own above or below
//     the drawing and enters its target from the left;
//   - edges that join the same two locations and are still straight get
//     distinct bends (geometry.parallels), and self-loops get two nails in
//     the freest direction around their location (freeAngle).
func (l *layered) route() {
	r := &router{l: l, chanOut: map[[2]int]int{}, chanIn: map[[2]int]int{}}
	r.bounds()
	for i := range l.t.Edges {
		r.edge(i)
	}
	g := newGeometry(l.t)
	for i := range l.t.Edges {
		e := &l.t.Edges[i]
		if n, ok := g.synthetic[i]; ok {
			labelEdge(e, g.shape(i))
			e.Nails = []protocol.Point{n.point()}
		}
		if theta, ok := g.loops[i]; ok {
			r.loop(e, g.center[g.loc[e.Source]], theta)
		}
	}
	g = newGeometry(l.t)
	for i := range l.t.Edges {
		if sh := g.shape(i); sh.ok {
			labelEdge(&l.t.Edges[i], sh)
		}
	}
}

// labelEdge fixes the coordinates of an edge's labels that have none.
func labelEdge(e *protocol.Edge, sh shape) {
	for j, p := range edgeLabelsAt(e, sh, func(string) bool { return true }) {
		if !e.Labels[j].At.Set {
			e.Labels[j].At = p.point()
		}
	}
}

// router keeps the state of track routing: the extent of the drawing, the
// tracks used on each side and the vertical runs used next to each layer.
type router struct {
	l                 *layered
	top, bottom       float64 // first free track above and below
	usedTop, usedBot  float64
	chanOut, chanIn   map[[2]int]int // (layer, side) → runs used
	nameH, invH, midY float64
}

func (r *router) bounds() {
	l := r.l
	r.top, r.bottom = math.Inf(1), math.Inf(-1)
	for v, loc := range l.t.Locations {
		_, nh := textSize(loc.Name)
		_, ih := textSize(loc.Invariant)
		r.top = math.Min(r.top, l.y[v]-radius-nh-trackGap)
		r.bottom = math.Max(r.bottom, l.y[v]+radius+ih+trackGap)
	}
	r.midY = (r.top + r.bottom) / 2
}

func (r *router) edge(i int) {
	l := r.l
	e := &l.t.Edges[i]
	s, ok1 := l.idx[e.Source]
	d, ok2 := l.idx[e.Target]
	if !ok1 || !ok2 || s == d {
		return
	}
	ls, ld := l.layer[s], l.layer[d]
	switch {
	case ls-ld == 1 || ld-ls == 1:
	case ls == ld && abs(l.pos[s]-l.pos[d]) == 1:
	case ls == ld:
		r.sideways(e, s, d)
	default:
		r.track(e, s, d)
	}
}

// sideways bends an edge within one layer to the right of it, farther for
// longer spans so that nested ones do not overlap.
func (r *router) sideways(e *protocol.Edge, s, d int) {
	l := r.l
	span := float64(abs(l.pos[s] - l.pos[d]))
	x := l.x[l.layer[s]] + channelGap + 16*span
	e.Nails = []protocol.Point{vec{x, (l.y[s] + l.y[d]) / 2}.point()}
}

// track routes an edge around the drawing: right out of its source, down
// (or up) a vertical run beside the source's layer, along a track below
// (or above) everything, up (or down) a run left of the target's layer,
// and into the target. Its labels sit on the outer side of the track.
func (r *router) track(e *protocol.Edge, s, d int) {
	l := r.l
	side := 1.0
	if (l.y[s]+l.y[d])/2 < r.midY {
		side = -1
	}
	h := labelBlockHeight(e)
	var ty float64
	if side > 0 {
		ty = r.bottom + r.usedBot
		r.usedBot += h + trackGap
	} else {
		ty = r.top - r.usedTop
		r.usedTop += h + trackGap
	}
	ks, kd := l.layer[s], l.layer[d]
	out := r.chanOut[[2]int{ks, int(side)}]
	in := r.chanIn[[2]int{kd, int(side)}]
	r.chanOut[[2]int{ks, int(side)}]++
	r.chanIn[[2]int{kd, int(side)}]++
	cs := l.x[ks] + r.outOffset(s, side) + 10*float64(out)
	cd := l.x[kd] - channelGap - 10*float64(in)
	e.Nails = []protocol.Point{
		vec{cs, l.y[s] + side*6}.point(), vec{cs, ty}.point(),
		vec{cd, ty}.point(), vec{cd, l.y[d] + side*16}.point(),
	}
	n := vec{0, side}
	labelEdge(e, shape{anchor: vec{(cs + cd) / 2, ty}.add(n.scale(4)), normal: n, ok: true})
}

// outOffset is how far right of its layer an edge leaving s runs
// vertically: clear of the labels of s and of the locations it passes.
func (r *router) outOffset(s int, side float64) float64 {
	l := r.l
	k := l.layer[s]
	off := channelGap
	for _, v := range l.rows[k] {
		past := (l.y[v]-l.y[s])*side >= 0
		if !past {
			continue
		}
		loc := &l.t.Locations[v]
		if v != s || side < 0 {
			off = math.Max(off, textWidth(loc.Name)-radius+8)
		}
		if v != s || side > 0 {
			off = math.Max(off, textWidth(loc.Invariant)-radius+8)
		}
	}
	return off
}

// loop gives a self-loop two nails around direction theta from c, and its
// labels a place beyond them.
func (r *router) loop(e *protocol.Edge, c vec, theta float64) {
	a := c.add(dir(theta - 0.42).scale(loopNail))
	b := c.add(dir(theta + 0.42).scale(loopNail))
	e.Nails = []protocol.Point{a.point(), b.point()}
	n := dir(theta)
	labelEdge(e, shape{anchor: lerp(a, b, 0.5).add(n.scale(6)), normal: n, ok: true})
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
