// The element tree and its parser: every element, attribute, text, comment
// and processing instruction of the input, in order.

package edit

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"beeline/core/uppaal"
)

type nodeKind uint8

const (
	elementNode   nodeKind = iota
	textNode               // character data, a CDATA section or plain text
	commentNode            // <!--...-->
	procInstNode           // <?target ...?>
	directiveNode          // <!DOCTYPE ...> and other <!...> declarations
)

// node is one node of the tree. An element has a name, attributes and
// children; a text node has its text (unescaped) and, when it was read and
// not changed since, raw, its bytes as written; the other kinds keep their
// markup verbatim in raw.
type node struct {
	kind  nodeKind
	name  string
	attrs []attr
	kids  []*node
	// openClose is set for an element read as <x></x>: empty, it is written
	// that way again rather than as <x/>.
	openClose bool
	text      string
	raw       string
}

type attr struct{ name, value string }

// attr returns the value of the named attribute.
func (n *node) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.name == name {
			return a.value, true
		}
	}
	return "", false
}

// setAttr sets an attribute, appending it when it is new.
func (n *node) setAttr(name, value string) {
	for i := range n.attrs {
		if n.attrs[i].name == name {
			n.attrs[i].value = value
			return
		}
	}
	n.attrs = append(n.attrs, attr{name, value})
}

// delAttr removes an attribute.
func (n *node) delAttr(name string) {
	for i := range n.attrs {
		if n.attrs[i].name == name {
			n.attrs = append(n.attrs[:i], n.attrs[i+1:]...)
			return
		}
	}
}

// child returns the first child element with the given name, or nil.
func (n *node) child(name string) *node {
	for _, k := range n.kids {
		if k.kind == elementNode && k.name == name {
			return k
		}
	}
	return nil
}

// elems returns the child elements with the given name, in order.
func (n *node) elems(name string) []*node {
	var out []*node
	for _, k := range n.kids {
		if k.kind == elementNode && k.name == name {
			out = append(out, k)
		}
	}
	return out
}

// content returns the text of an element: its text children joined,
// comments and nested elements left out.
func (n *node) content() string {
	if n == nil {
		return ""
	}
	if len(n.kids) == 1 && n.kids[0].kind == textNode {
		return n.kids[0].text
	}
	var b strings.Builder
	for _, k := range n.kids {
		if k.kind == textNode {
			b.WriteString(k.text)
		}
	}
	return b.String()
}

// setContent replaces the children of an element by the text s (line ends
// normalised to "\n", as an XML reader would give them).
func (n *node) setContent(s string) {
	s = normaliseNewlines(s)
	n.openClose = false
	if s == "" {
		n.kids = nil
		return
	}
	n.kids = []*node{{kind: textNode, text: s}}
}

// normaliseNewlines turns "\r\n" and "\r" into "\n", as XML reading
// does, and characters XML cannot hold (or invalid UTF-8) into U+FFFD.
func normaliseNewlines(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(xmlChar, strings.ToValidUTF8(s, "\uFFFD"))
}

// clone copies the subtree.
func (n *node) clone() *node {
	c := *n
	c.attrs = append([]attr(nil), n.attrs...)
	if n.kids != nil {
		c.kids = make([]*node, len(n.kids))
		for i, k := range n.kids {
			c.kids[i] = k.clone()
		}
	}
	return &c
}

func elem(name string, attrs ...attr) *node {
	return &node{kind: elementNode, name: name, attrs: attrs}
}

func textElem(name, text string, attrs ...attr) *node {
	e := elem(name, attrs...)
	e.setContent(text)
	return e
}

// maxDepth bounds the nesting of elements, as core/uppaal does: UPPAAL
// documents nest six deep.
const maxDepth = 64

// parser builds the tree from the decoded text with encoding/xml's raw
// tokens; the decoder's input offsets give every token's bytes.
type parser struct {
	src   []byte
	dec   *xml.Decoder
	stack []*node
	start int  // offset of the token being read
	nta   bool // the root element was read
}

// parseTree reads src (UTF-8) into a document node whose children are the
// prolog, the root element and what follows it.
func parseTree(src []byte) (*node, error) {
	p := &parser{src: src, dec: xml.NewDecoder(bytes.NewReader(src))}
	p.dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	root := &node{kind: elementNode}
	p.stack = []*node{root}
	for {
		p.start = int(p.dec.InputOffset())
		tok, err := p.dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, p.syntaxError(err)
		}
		if err := p.add(tok); err != nil {
			return nil, err
		}
	}
	if n := len(p.stack); n > 1 {
		return nil, p.errorAt(len(src), "unexpected end of file, expected </%s>", p.stack[n-1].name)
	}
	if !p.nta {
		return nil, p.errorAt(len(src), "no <nta> element: this is not an UPPAAL document")
	}
	return root, nil
}

func (p *parser) top() *node { return p.stack[len(p.stack)-1] }

func (p *parser) add(tok xml.Token) error {
	end := int(p.dec.InputOffset())
	raw := string(p.src[p.start:end])
	parent := p.top()
	if len(p.stack) == 1 {
		if err := p.checkTop(tok, raw); err != nil {
			return err
		}
	}
	switch t := tok.(type) {
	case xml.StartElement:
		if len(p.stack) > maxDepth {
			return p.errorAt(p.start, "elements nested too deeply")
		}
		e := elem(qualified(t.Name))
		for _, a := range t.Attr {
			e.attrs = append(e.attrs, attr{qualified(a.Name), a.Value})
		}
		parent.kids = append(parent.kids, e)
		p.stack = append(p.stack, e)
	case xml.EndElement:
		return p.end(qualified(t.Name), end)
	case xml.CharData:
		if !utf8.ValidString(raw) {
			return p.errorAt(p.start, "invalid UTF-8 text")
		}
		parent.kids = append(parent.kids, &node{kind: textNode, text: string(t), raw: raw})
	case xml.Comment:
		parent.kids = append(parent.kids, &node{kind: commentNode, raw: raw})
	case xml.ProcInst:
		parent.kids = append(parent.kids, &node{kind: procInstNode, name: t.Target, raw: raw})
	case xml.Directive:
		parent.kids = append(parent.kids, &node{kind: directiveNode, raw: raw})
	}
	return nil
}

// end closes the element on top of the stack. A start tag that closes
// itself (<x/>) gives an end token that reads no input.
func (p *parser) end(name string, end int) error {
	if len(p.stack) == 1 {
		return p.errorAt(p.start, "unexpected </%s>", name)
	}
	e := p.top()
	if e.name != name {
		return p.errorAt(p.start, "expected </%s>, found </%s>", e.name, name)
	}
	if end > p.start && len(e.kids) == 0 {
		e.openClose = true
	}
	p.stack = p.stack[:len(p.stack)-1]
	return nil
}

// checkTop allows one <nta> element at the top, with nothing but white
// space, comments and declarations around it.
func (p *parser) checkTop(tok xml.Token, raw string) error {
	switch t := tok.(type) {
	case xml.StartElement:
		name := qualified(t.Name)
		if p.nta {
			return p.errorAt(p.start, "unexpected <%s> after the root element", name)
		}
		if name != "nta" {
			return p.errorAt(p.start, "expected <nta>, found <%s>: this is not an UPPAAL document", name)
		}
		p.nta = true
	case xml.CharData:
		if i := strings.IndexFunc(raw, func(r rune) bool { return !isSpace(r) }); i >= 0 {
			return p.errorAt(p.start+i, "unexpected text outside <nta>")
		}
	}
	return nil
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// syntaxError words a decoder error with the line and column where the
// decoder stopped.
func (p *parser) syntaxError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "xml: ")
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg = se.Msg
	}
	off := min(int(p.dec.InputOffset()), len(p.src))
	if strings.HasPrefix(msg, "unexpected EOF") {
		off = p.start
		msg = "unexpected end of file"
		if n := len(p.stack); n > 1 {
			msg += fmt.Sprintf(", expected </%s>", p.stack[n-1].name)
		}
	} else if i := strings.LastIndexByte(string(p.src[p.start:off]), '&'); strings.Contains(msg, "entity") && i >= 0 {
		off = p.start + i
	} else if off > p.start {
		off-- // the byte that stopped the decoder
	}
	return p.errorAt(off, "%s", msg)
}

// errorAt returns an error at a byte offset of the text, as
// "line L, column C: ..." (column in bytes, both from 1).
func (p *parser) errorAt(off int, format string, args ...any) error {
	off = max(0, min(off, len(p.src)))
	line := 1 + bytes.Count(p.src[:off], []byte("\n"))
	col := off - (bytes.LastIndexByte(p.src[:off], '\n') + 1) + 1
	return fmt.Errorf("line %d, column %d: %s", line, col, fmt.Sprintf(format, args...))
}

// decode turns the input into UTF-8 as core/uppaal reads it.
func decode(data []byte) []byte { return uppaal.DecodeText(data) }
