// Placing and removing elements with the indentation of their siblings.

package edit

import "strings"

// insert adds e to parent before the first child element that UPPAAL
// writes after it (by rank; children of unknown rank are passed over), or
// after the last child element. depth is the nesting of parent's children
// (1 for the children of <nta>), for the indentation of a parent that has
// no child yet.
func (d *Doc) insert(parent, e *node, depth int, rank func(*node) int) {
	r := rank(e)
	for _, k := range parent.kids {
		if k.kind == elementNode && rank(k) > r {
			insertBefore(parent, e, k, d.indent(parent, depth))
			return
		}
	}
	appendElem(parent, e, d.indent(parent, depth), d.nl+strings.Repeat("\t", depth-1))
}

// indent returns the white space before parent's child elements: what
// stands before one already there, "" in a document written without line
// breaks, or a line end and a tab per level.
func (d *Doc) indent(parent *node, depth int) string {
	hasElem := false
	for i, k := range parent.kids {
		if k.kind != elementNode {
			continue
		}
		hasElem = true
		if i > 0 && isBlank(parent.kids[i-1]) {
			return written(parent.kids[i-1])
		}
	}
	if hasElem {
		return ""
	}
	return d.nl + strings.Repeat("\t", depth)
}

// isBlank reports whether n is a text node of white space only.
func isBlank(n *node) bool {
	return n.kind == textNode && strings.TrimSpace(n.text) == "" && !strings.HasPrefix(n.raw, "<![CDATA[")
}

// written returns the bytes a text node is written as.
func written(n *node) string {
	if n.raw != "" {
		return n.raw
	}
	return n.text
}

func space(s string) *node {
	return &node{kind: textNode, text: normaliseNewlines(s), raw: s}
}

func index(parent, e *node) int {
	for i, k := range parent.kids {
		if k == e {
			return i
		}
	}
	return -1
}

// insertBefore puts e before the child before, with ind between them.
func insertBefore(parent, e, before *node, ind string) {
	i := index(parent, before)
	if i < 0 {
		return
	}
	add := []*node{e}
	if ind != "" {
		add = append(add, space(ind))
	}
	parent.kids = append(parent.kids[:i], append(add, parent.kids[i:]...)...)
}

// appendElem puts e after parent's last child element, indented by ind;
// a parent without child elements gets closing before its end tag.
func appendElem(parent, e *node, ind, closing string) {
	last := -1
	for i, k := range parent.kids {
		if k.kind == elementNode {
			last = i
		}
	}
	add := []*node{e}
	if ind != "" {
		add = []*node{space(ind), e}
	}
	if last < 0 && len(parent.kids) == 0 && ind != "" {
		add = append(add, space(closing))
	}
	i := last + 1
	parent.kids = append(parent.kids[:i], append(add, parent.kids[i:]...)...)
	parent.openClose = false
}

// remove takes e out of parent with the white space before it.
func remove(parent, e *node) {
	if parent == nil {
		return
	}
	i := index(parent, e)
	if i < 0 {
		return
	}
	lo := i
	if i > 0 && isBlank(parent.kids[i-1]) {
		lo = i - 1
	}
	parent.kids = append(parent.kids[:lo], parent.kids[i+1:]...)
}
