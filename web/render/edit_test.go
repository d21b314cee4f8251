package render

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// editMarks is what an editing drawing adds, read back per element.
type editMarks struct {
	focusable map[string]string // data-loc or "edge N" → aria-label of a focusable group
	labels    map[string]string // data-label → text
	hits      int               // edge-hit paths
	nails     []string          // data-nail of each nail handle, in order
	root      string            // the <svg>'s class
}

func readEditMarks(t *testing.T, svg string) editMarks {
	t.Helper()
	m := editMarks{focusable: map[string]string{}, labels: map[string]string{}}
	dec := xml.NewDecoder(strings.NewReader(svg))
	label := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return m
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			a := map[string]string{}
			for _, at := range tok.Attr {
				a[at.Name.Local] = at.Value
			}
			switch {
			case tok.Name.Local == "svg":
				m.root = a["class"]
			case a["tabindex"] == "0" && a["role"] == "button" && a["data-loc"] != "":
				m.focusable[a["data-loc"]] = a["aria-label"]
			case a["tabindex"] == "0" && a["role"] == "button" && a["data-edge"] != "":
				m.focusable["edge "+a["data-edge"]] = a["aria-label"]
			case a["class"] == "edge-hit":
				m.hits++
			case a["class"] == "nail":
				m.nails = append(m.nails, a["data-nail"])
			}
			if tok.Name.Local == "text" {
				label = a["data-label"]
			}
		case xml.CharData:
			if label != "" {
				m.labels[label] += string(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				label = ""
			}
		}
	}
}

// An editing drawing of the hand-made template: every location and
// drawable edge focusable and named, labels marked by kind, one hit path
// per edge, the nail's handle, a wider margin; the plain drawing has
// none of it.
func TestEditMarks(t *testing.T) {
	tp := small()
	svg := Template(tp, Options{Edit: true})
	checkStructure(t, tp, svg)
	m := readEditMarks(t, svg)
	want := map[string]string{
		"a":      "location A",
		"b":      `location B"q'`,
		"c":      "location c",
		"edge 0": "edge 0 from A to B\"q'",
		"edge 1": "edge 1 from B\"q' to A",
		"edge 2": "edge 2 from B\"q' to c",
		"edge 3": "edge 3 from c to c",
	}
	for k, v := range want {
		if m.focusable[k] != v {
			t.Errorf("%s: focusable with name %q, want %q", k, m.focusable[k], v)
		}
	}
	if len(m.focusable) != len(want) {
		t.Errorf("%d focusable elements, want %d (the edge to a missing location is not drawn)", len(m.focusable), len(want))
	}
	labels := map[string]string{
		"name": "AB\"q'", "invariant": "x < 5 && y > 2", "guard": "x < 5 && y > 2",
		"assignment": "x = 0,y = 1", "synchronisation": "go!", "select": "i : int[0,3]",
	}
	for k, v := range labels {
		if m.labels[k] != v {
			t.Errorf("data-label %q: text %q, want %q", k, m.labels[k], v)
		}
	}
	if m.hits != 4 || strings.Join(m.nails, ",") != "0" {
		t.Errorf("%d hit paths and nails %v, want 4 and [0]", m.hits, m.nails)
	}
	if !strings.Contains(m.root, "editing") {
		t.Errorf("root class %q lacks editing", m.root)
	}
	plain, edit := parseSVG(t, Template(tp, Options{})), parseSVG(t, svg)
	if grow := edit.viewBox[2] - plain.viewBox[2]; grow != 2*(editMargin-margin) {
		t.Errorf("editing view box is %v wider, want %v", grow, 2*(editMargin-margin))
	}
	p := readEditMarks(t, Template(tp, Options{}))
	if len(p.focusable)+len(p.labels)+p.hits+len(p.nails) != 0 || strings.Contains(p.root, "editing") {
		t.Errorf("a plain drawing has editing marks: %+v", p)
	}
}
