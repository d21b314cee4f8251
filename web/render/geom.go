// Geometry: points, text extents and bounding boxes in drawing units.

package render

import (
	"math"
	"strings"
	"unicode/utf8"

	"beeline/core/protocol"
)

// Drawing constants, in UPPAAL's units (pixels at 100%).
const (
	radius     = 10.0 // location circle, as UPPAAL draws it
	initGap    = 3.5  // the initial location's inner ring is this much smaller
	fontSize   = 13.0 // labels
	lineHeight = 16.0 // UPPAAL stacks labels 16 apart
	ascent     = 12.0 // from a label's top to its first baseline
	charWidth  = 7.2  // an estimate of the average glyph advance at fontSize
	headLength = 10.0 // arrowhead
	headHalf   = 4.5
	margin     = 16.0 // around everything drawn
	editMargin = 96.0 // around everything drawn for the editor: room to add
	nailRadius = 4.0  // a nail's handle, drawn for the editor
)

// vec is a point or a direction.
type vec struct{ x, y float64 }

func at(p protocol.Point) vec       { return vec{float64(p.X), float64(p.Y)} }
func (a vec) add(b vec) vec         { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec         { return vec{a.x - b.x, a.y - b.y} }
func (a vec) scale(k float64) vec   { return vec{a.x * k, a.y * k} }
func (a vec) norm() float64         { return math.Hypot(a.x, a.y) }
func (a vec) perp() vec             { return vec{a.y, -a.x} }
func dir(theta float64) vec         { return vec{math.Cos(theta), math.Sin(theta)} }
func (a vec) angle() float64        { return math.Atan2(a.y, a.x) }
func (a vec) point() protocol.Point { return protocol.Point{X: iround(a.x), Y: iround(a.y), Set: true} }
func iround(f float64) int          { return int(math.Round(f)) }
func lerp(a, b vec, t float64) vec  { return a.add(b.sub(a).scale(t)) }
func (a vec) dist(b vec) float64    { return a.sub(b).norm() }
func cubic(p0, p1, p2, p3 vec, t float64) vec {
	u := 1 - t
	return p0.scale(u * u * u).add(p1.scale(3 * u * u * t)).add(p2.scale(3 * u * t * t)).add(p3.scale(t * t * t))
}

// unit returns a scaled to length 1, or (1, 0) when a is (about) zero.
func (a vec) unit() vec {
	n := a.norm()
	if n < 1e-9 {
		return vec{1, 0}
	}
	return a.scale(1 / n)
}

// lines splits a label's text into the lines drawn.
func lines(text string) []string {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	return strings.Split(text, "\n")
}

// textSize estimates the extent of a label's text. The estimate is what
// placement and the view box use; browsers measure text only once it is
// on a page, and the picture must be right without one.
func textSize(text string) (w, h float64) {
	ls := lines(text)
	for _, l := range ls {
		w = math.Max(w, float64(utf8.RuneCountInString(l))*charWidth)
	}
	return w, float64(len(ls)) * lineHeight
}

// box is a bounding box; the zero value is empty.
type box struct {
	minX, minY, maxX, maxY float64
	set                    bool
}

func (b *box) addPoint(p vec) {
	if !b.set {
		*b = box{p.x, p.y, p.x, p.y, true}
		return
	}
	b.minX, b.maxX = math.Min(b.minX, p.x), math.Max(b.maxX, p.x)
	b.minY, b.maxY = math.Min(b.minY, p.y), math.Max(b.maxY, p.y)
}

func (b *box) addRect(topLeft vec, w, h float64) {
	b.addPoint(topLeft)
	b.addPoint(topLeft.add(vec{w, h}))
}

func (b *box) addCircle(c vec, r float64) {
	b.addRect(c.sub(vec{r, r}), 2*r, 2*r)
}

// placeBlock returns the top-left corner of a w×h block put beside
// anchor on the side that n (a unit direction) points to.
func placeBlock(anchor, n vec, w, h float64) vec {
	const lean = 0.38
	x, y := anchor.x-w/2, anchor.y-h/2
	switch {
	case n.x > lean:
		x = anchor.x
	case n.x < -lean:
		x = anchor.x - w
	}
	switch {
	case n.y > lean:
		y = anchor.y
	case n.y < -lean:
		y = anchor.y - h
	}
	return vec{x, y}
}
