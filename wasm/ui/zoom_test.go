package main

import (
	"math"
	"math/rand"
	"testing"
)

func near(a, b float64) bool {
	return math.Abs(a-b) < 1e-6*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestParseViewBox(t *testing.T) {
	for _, c := range []struct {
		in   string
		want rect
		ok   bool
	}{
		{"-16 -20 432.5 300", rect{-16, -20, 432.5, 300}, true},
		{"0,0, 10 ,20", rect{0, 0, 10, 20}, true},
		{" 1 2 3 4 ", rect{1, 2, 3, 4}, true},
		{"0 0 0 10", rect{}, false},
		{"0 0 10 -1", rect{}, false},
		{"0 0 10", rect{}, false},
		{"0 0 10 10 10", rect{}, false},
		{"0 0 NaN 10", rect{}, false},
		{"0 0 Inf 10", rect{}, false},
		{"a b c d", rect{}, false},
		{"", rect{}, false},
	} {
		got, ok := parseViewBox(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("parseViewBox(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	r := rect{-16.004, 3.5, 100.126, 7}
	if got := r.viewBox(); got != "-16 3.5 100.13 7" {
		t.Errorf("viewBox() = %q", got)
	}
}

// fit is a drawing of 400×300 units; the element shows it at 2 px a
// unit when it is 800×600 pixels.
var fit = rect{-50, -30, 400, 300}

// At zoom 1 a view of the drawing's own shape is the drawing; of another
// shape it holds the drawing and is centred on it.
func TestViewFitted(t *testing.T) {
	v := newView(fit, 800, 600)
	if b := v.box(); b != fit || v.scale() != 2 {
		t.Errorf("fitted view of the same shape: %v at %v px/unit, want %v at 2", b, v.scale(), fit)
	}
	v = newView(fit, 1000, 600)
	b := v.box()
	if !b.contains(fit) || !near(b.H, fit.H) || !near(b.W/b.H, 1000.0/600) || !near(b.X+b.W/2, fit.X+fit.W/2) {
		t.Errorf("fitted view in a wider element: %v", b)
	}
	// A resize keeps the scale: the labels keep their size.
	v.setZoom(3)
	s := v.scale()
	v.resize(700, 650)
	if v.scale() != s {
		t.Errorf("resized: %v px/unit, want %v as before", v.scale(), s)
	}
	v = newView(fit, 0, 0) // not laid out: the drawing's own shape
	if b := v.box(); b != fit {
		t.Errorf("view of an element without area: %v", b)
	}
}

// Zooming keeps the point under the pointer where it is, within limits.
func TestViewZoomAt(t *testing.T) {
	v := newView(fit, 800, 600)
	ux, uy := v.toUser(300, 200)
	v.zoomAt(2, 300, 200)
	if v.zoom != 2 {
		t.Fatalf("zoom %v, want 2", v.zoom)
	}
	if x, y := v.toUser(300, 200); !near(x, ux) || !near(y, uy) {
		t.Errorf("the point under the pointer moved from (%v,%v) to (%v,%v)", ux, uy, x, y)
	}
	if b := v.box(); !near(b.W, fit.W/2) || !near(b.H, fit.H/2) {
		t.Errorf("box at zoom 2: %v", b)
	}
	v.zoomAt(1000, 300, 200)
	if v.zoom != maxZoom {
		t.Errorf("zoom %v past the largest, want %v", v.zoom, maxZoom)
	}
	v.zoomAt(1e-6, 300, 200)
	if v.zoom != minZoom {
		t.Errorf("zoom %v past the smallest, want %v", v.zoom, minZoom)
	}
	// Zoomed out, the drawing is centred and cannot be panned.
	v.panBy(500, -500)
	if b := v.box(); !near(b.X+b.W/2, fit.X+fit.W/2) || !near(b.Y+b.H/2, fit.Y+fit.H/2) {
		t.Errorf("a zoomed-out view panned to %v", b)
	}
}

// Panning moves the drawing with the pointer and stops at its edges.
func TestViewPan(t *testing.T) {
	v := newView(fit, 800, 600)
	v.setZoom(4)
	before := v.box()
	v.panBy(40, -20) // 20 and -10 units at 8 px a unit
	after := v.box()
	if !near(after.X-before.X, 5) || !near(after.Y-before.Y, -2.5) {
		t.Errorf("pan by (40,-20) px at 8 px/unit moved the view from %v to %v", before, after)
	}
	v.panBy(1e6, 1e6)
	if b := v.box(); !near(b.X+b.W, fit.X+fit.W) || !near(b.Y+b.H, fit.Y+fit.H) {
		t.Errorf("panned past the bottom-right corner: %v", b)
	}
	v.panBy(-1e6, -1e6)
	if b := v.box(); !near(b.X, fit.X) || !near(b.Y, fit.Y) {
		t.Errorf("panned past the top-left corner: %v", b)
	}
	// pinTo: a point taken at one place of the element follows a drag.
	ux, uy := v.toUser(400, 300)
	v.pinTo(ux, uy, 300, 250)
	if x, y := v.toUser(300, 250); !near(x, ux) || !near(y, uy) {
		t.Errorf("dragged point at (%v,%v), want (%v,%v)", x, y, ux, uy)
	}
}

// An enlarged drawing starts with labels of at least readablePx, unless
// that is the fitted view already, and never larger than largestScale.
func TestReadableZoom(t *testing.T) {
	for _, c := range []struct {
		name      string
		fit       rect
		w, h      float64
		wantScale float64
	}{
		{"fits readably", rect{0, 0, 600, 400}, 750, 600, 1.25},
		{"too small to read", rect{0, 0, 2000, 1500}, 750, 600, readablePx / labelUnits},
		{"small drawing, large area", rect{0, 0, 200, 100}, 750, 600, largestScale},
	} {
		v := newView(c.fit, c.w, c.h)
		v.setZoom(v.readableZoom())
		if !near(v.scale(), c.wantScale) {
			t.Errorf("%s: %v px/unit, want %v", c.name, v.scale(), c.wantScale)
		}
		if px := labelUnits * v.scale(); c.wantScale >= readablePx/labelUnits && px < readablePx-1e-9 {
			t.Errorf("%s: labels of %v px", c.name, px)
		}
	}
	// A drawing so large that it is readable only beyond maxZoom can
	// still be made readable, and zoomed in from there.
	v := newView(rect{0, 0, 40000, 30000}, 800, 600)
	r := v.readableZoom()
	v.setZoom(r)
	if r <= maxZoom || v.zoom != r {
		t.Errorf("huge drawing: readable zoom %v, set %v", r, v.zoom)
	}
	if _, hi := v.limits(); hi < 2*r {
		t.Errorf("huge drawing: no room to zoom in from %v (limit %v)", r, hi)
	}
}

// reveal pans as little as it can; follow prefers to show the whole
// highlight, else its location.
func TestViewReveal(t *testing.T) {
	v := newView(fit, 800, 600)
	v.setZoom(4) // a 100×75 window
	v.pinTo(fit.X, fit.Y, 0, 0)
	in := rect{-30, -20, 20, 20}
	if v.reveal(in, 5) {
		t.Errorf("revealing %v, already in %v, moved the view", in, v.box())
	}
	out := rect{200, 150, 20, 20}
	if !v.reveal(out, 5) || !v.box().contains(out) {
		t.Errorf("revealing %v: view %v", out, v.box())
	}
	if b := v.box(); !near(b.X+b.W, out.X+out.W+5) || !near(b.Y+b.H, out.Y+out.H+5) {
		t.Errorf("revealing %v from the top-left moved past it: %v", out, b)
	}
	big := rect{0, 0, 300, 20}
	v.reveal(big, 5)
	if b := v.box(); !near(b.X+b.W/2, big.X+big.W/2) {
		t.Errorf("a target wider than the view is not centred: %v", b)
	}

	loc, edge := rect{100, 100, 20, 20}, rect{110, 110, 40, 30}
	v.pinTo(fit.X, fit.Y, 0, 0)
	v.follow(8, loc, edge)
	if b := v.box(); !b.contains(loc) || !b.contains(edge) {
		t.Errorf("follow: %v does not show %v and %v", b, loc, edge)
	}
	far := rect{300, 250, 40, 10}
	v.follow(8, loc, far)
	if b := v.box(); !b.contains(loc) {
		t.Errorf("follow with an edge too far to show too: %v does not show the location %v", b, loc)
	}
	if v.follow(8) {
		t.Error("follow without targets moved the view")
	}
}

// Whatever happens, the view keeps the element's shape, its zoom within
// limits, and shows part of the drawing.
func TestViewInvariants(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 200 {
		f := rect{rng.Float64()*2000 - 1000, rng.Float64()*2000 - 1000, 20 + rng.Float64()*3000, 20 + rng.Float64()*3000}
		v := newView(f, 100+rng.Float64()*1500, 100+rng.Float64()*900)
		for range 30 {
			x, y := rng.Float64()*v.w, rng.Float64()*v.h
			switch rng.Intn(6) {
			case 0:
				v.zoomAt(math.Exp(rng.NormFloat64()), x, y)
			case 1:
				v.panBy(rng.NormFloat64()*500, rng.NormFloat64()*500)
			case 2:
				ux, uy := v.toUser(x, y)
				v.pinTo(ux+rng.NormFloat64()*100, uy+rng.NormFloat64()*100, rng.Float64()*v.w, rng.Float64()*v.h)
			case 3:
				v.reveal(rect{f.X + rng.Float64()*f.W, f.Y + rng.Float64()*f.H, rng.Float64() * 100, rng.Float64() * 100}, 10)
			case 4:
				v.resize(100+rng.Float64()*1500, 100+rng.Float64()*900)
			case 5:
				v.setZoom(v.readableZoom())
			}
			b := v.box()
			lo, hi := v.limits()
			if v.zoom < lo || v.zoom > hi || !near(b.W/b.H, v.w/v.h) ||
				b.X+b.W < f.X || b.X > f.X+f.W || b.Y+b.H < f.Y || b.Y > f.Y+f.H ||
				(b.W <= f.W && !near(math.Max(b.X, f.X), b.X)) || (b.W > f.W && !near(b.X+b.W/2, f.X+f.W/2)) {
				t.Fatalf("case %d: view %+v shows %v of %v", i, v, b, f)
			}
		}
	}
}

// A zoomed view carried over to a redrawn drawing whose box grew (a
// location moved out) keeps its centre and its scale on screen.
func TestViewRefit(t *testing.T) {
	v := newView(rect{0, 0, 400, 300}, 800, 600)
	v.setZoom(3)
	v.pinTo(120, 80, 400, 300)
	n := v.refit(rect{-100, 0, 600, 300}, 800, 600)
	if !near(n.scale(), v.scale()) || !near(n.cx, v.cx) || !near(n.cy, v.cy) {
		t.Errorf("refit: scale %v centre %v,%v; was %v at %v,%v", n.scale(), n.cx, n.cy, v.scale(), v.cx, v.cy)
	}
	if n.fit != (rect{-100, 0, 600, 300}) {
		t.Errorf("refit keeps the old box %v", n.fit)
	}
}
