// Zoom and pan of a drawing as viewBox arithmetic: which part of the
// drawing its <svg> shows, in the renderer's user units.

package main

import (
	"math"
	"strconv"
	"strings"
)

// rect is a box in a drawing's user units (UPPAAL's pixels, y growing
// downward), written as an SVG viewBox is: top-left corner and size.
type rect struct{ X, Y, W, H float64 }

// parseViewBox reads a viewBox attribute ("x y w h", separated by spaces
// or commas); a box without area is refused.
func parseViewBox(s string) (rect, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(f) != 4 {
		return rect{}, false
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return rect{}, false
		}
		v[i] = n
	}
	if v[2] <= 0 || v[3] <= 0 {
		return rect{}, false
	}
	return rect{v[0], v[1], v[2], v[3]}, true
}

// viewBox writes r as a viewBox attribute, to a hundredth of a unit.
func (r rect) viewBox() string {
	n := func(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }
	return n(r.X) + " " + n(r.Y) + " " + n(r.W) + " " + n(r.H)
}

// union is the smallest box holding r and o.
func (r rect) union(o rect) rect {
	x0, y0 := math.Min(r.X, o.X), math.Min(r.Y, o.Y)
	x1, y1 := math.Max(r.X+r.W, o.X+o.W), math.Max(r.Y+r.H, o.Y+o.H)
	return rect{x0, y0, x1 - x0, y1 - y0}
}

// contains reports whether o lies inside r.
func (r rect) contains(o rect) bool {
	const eps = 1e-6
	return o.X >= r.X-eps && o.Y >= r.Y-eps && o.X+o.W <= r.X+r.W+eps && o.Y+o.H <= r.Y+r.H+eps
}

// Zoom limits and the readable size of labels.
const (
	// minZoom and maxZoom bound the zoom, relative to the fitted view
	// (the whole drawing as large as its element allows).
	minZoom, maxZoom = 0.25, 8
	// labelUnits is the renderer's label font size in user units
	// (web/render's style), and readablePx the smallest size on screen
	// an enlarged drawing shows it at when the area is too small for
	// the whole drawing at that size: it shows part of it instead, and
	// the rest is a pan away.
	labelUnits, readablePx = 13.0, 12.0
	// largestScale is the most screen pixels per user unit an enlarged
	// drawing starts at, the renderer's own cap on embedded drawings
	// (1.6 times their size), so that a small automaton in a large area
	// does not start with giant letters.
	largestScale = 1.6
)

// view is what a drawing's <svg> shows. The drawing is fit, the
// renderer's viewBox; the element is w×h CSS pixels on screen. At zoom 1
// the view is the box of the element's shape that just holds fit,
// centred on it; at zoom z it is that box's size divided by z, centred
// on (cx, cy). Because the viewBox has the element's shape, a user unit
// is scale() CSS pixels both ways and nothing is letterboxed, so the
// page maps a pointer to the drawing with toUser alone.
//
// Every method leaves the view clamped: the zoom within limits(), and
// along each axis the view either inside fit or, when it is wider than
// fit, centred on it, so a drawing cannot be panned out of sight.
type view struct {
	fit    rect
	w, h   float64
	zoom   float64
	cx, cy float64
}

// newView shows all of fit in an element of w×h CSS pixels.
func newView(fit rect, w, h float64) view {
	v := view{fit: fit, zoom: 1, cx: fit.X + fit.W/2, cy: fit.Y + fit.H/2}
	v.resize(w, h)
	return v
}

// resize records the element's size, keeping the centre and the scale
// (so labels keep their size on screen when a scroll bar comes or the
// window narrows), as far as the limits allow. An element without area
// (hidden, not laid out) takes fit's own shape.
func (v *view) resize(w, h float64) {
	if !(w > 0 && h > 0) {
		w, h = v.fit.W, v.fit.H
	}
	s := 0.0
	if v.w > 0 {
		s = v.scale()
	}
	v.w, v.h = w, h
	if s > 0 {
		v.zoom = s / v.fitScale()
	}
	v.clamp()
}

// fitScale is the CSS pixels per user unit of the fitted view.
func (v *view) fitScale() float64 { return math.Min(v.w/v.fit.W, v.h/v.fit.H) }

// scale is the CSS pixels per user unit on screen.
func (v *view) scale() float64 { return v.fitScale() * v.zoom }

// box is the viewBox.
func (v *view) box() rect {
	s := v.scale()
	w, h := v.w/s, v.h/s
	return rect{v.cx - w/2, v.cy - h/2, w, h}
}

// readableZoom is the zoom an enlarged drawing starts at: the fitted
// view, unless labels would be smaller than readablePx (then larger) or
// the drawing larger than largestScale (then smaller).
func (v *view) readableZoom() float64 {
	s := v.fitScale()
	return math.Min(math.Max(s, readablePx/labelUnits), largestScale) / s
}

// limits is the range of zoom: minZoom to maxZoom, widened to take in a
// readable view and four times it, for a drawing so large that its
// labels are readable only beyond maxZoom.
func (v *view) limits() (lo, hi float64) {
	r := v.readableZoom()
	return math.Min(minZoom, r), math.Max(maxZoom, 4*r)
}

// toUser maps a point of the element (CSS pixels from its top-left
// corner) to user units.
func (v *view) toUser(x, y float64) (ux, uy float64) {
	b, s := v.box(), v.scale()
	return b.X + x/s, b.Y + y/s
}

// pinTo moves the view so that user point (ux, uy) is at the element's
// point (x, y), as far as the clamp allows.
func (v *view) pinTo(ux, uy, x, y float64) {
	s := v.scale()
	v.cx, v.cy = ux-(x-v.w/2)/s, uy-(y-v.h/2)/s
	v.clamp()
}

// zoomAt multiplies the zoom by f, keeping the drawing's point under the
// element's point (x, y) where it is.
func (v *view) zoomAt(f, x, y float64) {
	ux, uy := v.toUser(x, y)
	v.setZoom(v.zoom * f)
	v.pinTo(ux, uy, x, y)
}

// setZoom sets the zoom within limits, keeping the centre.
func (v *view) setZoom(z float64) {
	lo, hi := v.limits()
	v.zoom = math.Min(math.Max(z, lo), hi)
	v.clamp()
}

// panBy moves the view by (dx, dy) CSS pixels: the drawing moves the
// other way.
func (v *view) panBy(dx, dy float64) {
	s := v.scale()
	v.cx, v.cy = v.cx+dx/s, v.cy+dy/s
	v.clamp()
}

// reveal pans the view, as little as it can, so that it shows target
// with a margin of pad user units (at most a tenth of the view) around
// it; a target larger than the view is centred. It reports whether the
// view moved.
func (v *view) reveal(target rect, pad float64) bool {
	b := v.box()
	pad = math.Min(pad, math.Min(b.W, b.H)/10)
	cx, cy := v.cx, v.cy
	v.cx = v.cx + shift(b.X, b.W, target.X-pad, target.W+2*pad)
	v.cy = v.cy + shift(b.Y, b.H, target.Y-pad, target.H+2*pad)
	v.clamp()
	return v.cx != cx || v.cy != cy
}

// shift is how far a window [at, at+size) moves along one axis to show
// [t, t+tsize): not at all if it does, to the nearer end if it fits, to
// its middle if it does not.
func shift(at, size, t, tsize float64) float64 {
	switch {
	case tsize > size:
		return (t + tsize/2) - (at + size/2)
	case t < at:
		return t - at
	case t+tsize > at+size:
		return t + tsize - (at + size)
	}
	return 0
}

// follow keeps the highlight in view: all of the targets when they fit
// in the view together, else the first (the active location), which is
// revealed as it can be. It reports whether the view moved.
func (v *view) follow(pad float64, targets ...rect) bool {
	if len(targets) == 0 {
		return false
	}
	all := targets[0]
	for _, t := range targets[1:] {
		all = all.union(t)
	}
	b := v.box()
	pad = math.Min(pad, math.Min(b.W, b.H)/10)
	if all.W+2*pad <= b.W && all.H+2*pad <= b.H {
		return v.reveal(all, pad)
	}
	return v.reveal(targets[0], pad)
}

// clamp keeps the zoom within limits and the view on the drawing.
func (v *view) clamp() {
	lo, hi := v.limits()
	v.zoom = math.Min(math.Max(v.zoom, lo), hi)
	s := v.scale()
	v.cx = clampAxis(v.cx, v.w/s, v.fit.X, v.fit.W)
	v.cy = clampAxis(v.cy, v.h/s, v.fit.Y, v.fit.H)
}

// clampAxis keeps a window of the given size centred at c on [at,
// at+size) along one axis, or centres it there when it is wider.
func clampAxis(c, window, at, size float64) float64 {
	if window >= size {
		return at + size/2
	}
	return math.Min(math.Max(c, at+window/2), at+size-window/2)
}

// refit is v carried over to a drawing drawn again with the box fit, in
// an element of w×h CSS pixels: the same centre and the same scale on
// screen (labels keep their size), as far as the new limits allow. An
// edit redraws the drawing, and its view must not jump.
func (v view) refit(fit rect, w, h float64) view {
	n := newView(fit, w, h)
	n.zoom = v.scale() / n.fitScale()
	n.cx, n.cy = v.cx, v.cy
	n.setZoom(n.zoom)
	return n
}
