package edit

import (
	"math"
	"testing"
)

// box is a label's extent as the page draws it: from its top-left
// corner, charWidth per character, one line high.
type box struct{ x0, y0, x1, y1 float64 }

const charWidth = 7.2

func labelBox(p Point, text string) box {
	return box{float64(p.X), float64(p.Y), float64(p.X) + charWidth*float64(len(text)), float64(p.Y) + lineHeight}
}

// overlaps reports whether two boxes share more than an edge.
func (b box) overlaps(c box) bool {
	return b.x0 < c.x1 && c.x0 < b.x1 && b.y0 < c.y1 && c.y0 < b.y1
}

// crosses reports whether segment a-b passes through the box (its
// inside or its border), sampled every half unit.
func (b box) crosses(a, c Point) bool {
	l := math.Hypot(float64(c.X-a.X), float64(c.Y-a.Y))
	for i := 0.0; i <= 2*l; i++ {
		f := i / (2 * l)
		x, y := float64(a.X)+f*float64(c.X-a.X), float64(a.Y)+f*float64(c.Y-a.Y)
		if x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 {
			return true
		}
	}
	return false
}

// New edge labels go beside the edge's middle segment, on one side, in
// UPPAAL's order one line apart: never on the edge or each other, and
// their first labelWidth units never on the location circles (radius 10).
func TestEdgeLabelPlacement(t *testing.T) {
	texts := [4]string{"i : id_t", "x > k && id == 0 && y <= 100", "go[i]!", "id = pid, x = 0, y = y + 1"}
	for _, c := range []struct {
		name     string
		src, dst Point
		nails    []Point
	}{
		{name: "horizontal", src: Point{0, 0}, dst: Point{200, 0}},
		{name: "horizontal, leftwards and short", src: Point{40, 0}, dst: Point{0, 0}},
		{name: "vertical, short", src: Point{0, 0}, dst: Point{0, 60}},
		{name: "vertical, upwards", src: Point{0, 150}, dst: Point{0, 0}},
		{name: "diagonal up", src: Point{0, 0}, dst: Point{120, -90}},
		{name: "diagonal down", src: Point{0, 0}, dst: Point{100, 100}},
		{name: "diagonal down, leftwards", src: Point{100, 100}, dst: Point{0, 0}},
		{name: "bent down", src: Point{0, 0}, dst: Point{200, 0}, nails: []Point{{50, 80}, {150, 80}}},
		{name: "bent up", src: Point{0, 0}, dst: Point{200, 0}, nails: []Point{{50, -80}, {150, -80}}},
		{name: "self-loop", src: Point{0, 0}, dst: Point{0, 0}, nails: []Point{{-20, -40}, {20, -40}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := New()
			tp := d.Template(0)
			tp.MoveLocation("id0", c.src)
			dst := tp.AddLocation(c.dst)
			i := tp.AddEdge("id0", dst)
			tp.SetNails(i, c.nails)
			for k := Update; ; k-- { // in any order: assignment first
				tp.SetEdgeLabel(i, k, texts[k])
				if k == Select {
					break
				}
			}
			checkDoc(t, d)
			e := tp.Edges()[i]
			pts := append(append([]Point{c.src}, c.nails...), c.dst)
			a, b := pts[len(pts)/2-1], pts[len(pts)/2]
			var boxes []box
			for k := range 4 {
				if !e.HasLabelAt[k] {
					t.Fatalf("%s has no coordinates", LabelKind(k))
				}
				bx := labelBox(e.LabelAt[k], texts[k])
				for j := 1; j < len(pts); j++ {
					if bx.crosses(pts[j-1], pts[j]) {
						t.Errorf("%s at %v is on the segment %v-%v", LabelKind(k), e.LabelAt[k], pts[j-1], pts[j])
					}
				}
				head := bx // the first labelWidth units are kept off the locations
				head.x1 = math.Min(bx.x1, bx.x0+labelWidth)
				for _, l := range []Point{c.src, c.dst} {
					if head.overlaps(box{float64(l.X) - 10, float64(l.Y) - 10, float64(l.X) + 10, float64(l.Y) + 10}) {
						t.Errorf("%s at %v is on the location at %v", LabelKind(k), e.LabelAt[k], l)
					}
				}
				for j, o := range boxes {
					if bx.overlaps(o) {
						t.Errorf("%s at %v overlaps %s at %v", LabelKind(k), e.LabelAt[k], LabelKind(j), e.LabelAt[j])
					}
				}
				if k > 0 && (e.LabelAt[k].Y != e.LabelAt[k-1].Y+lineHeight || e.LabelAt[k].X != e.LabelAt[k-1].X) {
					t.Errorf("%s at %v is not one line below %s at %v", LabelKind(k), e.LabelAt[k], LabelKind(k-1), e.LabelAt[k-1])
				}
				boxes = append(boxes, bx)
			}
			// Beside the middle: the block's top-left corner is near it.
			mx, my := float64(a.X+b.X)/2, float64(a.Y+b.Y)/2
			if d := math.Hypot(float64(e.LabelAt[0].X)-mx, float64(e.LabelAt[0].Y)-my); d > 90 {
				t.Errorf("the labels start %.0f units from the middle %v,%v: %v", d, mx, my, e.LabelAt)
			}
			t.Logf("%v-%v: %v", a, b, e.LabelAt)
		})
	}
}
