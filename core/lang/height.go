// The bound on the height of expression trees.

package lang

// maxHeight bounds the height of an expression tree. The parser's own
// recursion is bounded by maxDepth, but a chain of left-associative
// operators (a + a + ... + a, a guard of many conjuncts, a[0][0]...[0]) is
// built by a loop, one level per operator, and every later pass over the
// tree (checking, compiling, evaluating, printing) recurses as deep as the
// tree is high: a chain of millions of operators, a few megabytes of
// text, exhausts Go's stack, which kills the process rather than
// panicking. Ten thousand levels cost those passes a few megabytes of
// stack.
//
// Two checks keep the bound. Each loop that builds a chain counts its
// operators and abandons the text at maxHeight (chain), so that a long
// chain costs no more than its first maxHeight operators. Chains can
// still stack up, one inside the first operand of the next ((a+...+a) +
// ... + a), so the outermost expression of every text is measured once it
// is whole, against twice the bound so that a single chain is always
// stopped, and described, by the first check (bounded).
const maxHeight = 10000

const tooLong = "expression too long: a chain of more than 10000 operators"

// chain is called before the n-th operator (from 0) of a chain, at pos. At
// maxHeight it reports the chain and abandons the text.
func (p *parser) chain(n int, pos Pos) {
	if n < maxHeight {
		return
	}
	p.errorAt(pos, pos+1, tooLong)
	panic(bailout{})
}

// bounded returns x, or a BadExpr in its place, with an error, when x is
// higher than twice maxHeight. It costs a walk of the tree, which is why only the
// outermost expression of a text is checked (see parseExpr).
func (p *parser) bounded(x Expr) Expr {
	if x == nil {
		return nil
	}
	deep := tooHigh(x, 2*maxHeight)
	if deep == nil {
		return x
	}
	from := leftmost(x)
	p.errorAt(leftmost(deep), deep.End(), tooLong)
	return &BadExpr{From: from, To: x.End()}
}

// leftmost is x.Pos() without recursion: the left spine of x may be far
// higher than maxHeight.
func leftmost(x Expr) Pos {
	for {
		switch e := x.(type) {
		case *BinaryExpr:
			x = e.X
		case *AssignExpr:
			x = e.X
		case *IndexExpr:
			x = e.X
		case *SelectorExpr:
			x = e.X
		case *CallExpr:
			x = e.Fun
		case *PostfixExpr:
			x = e.X
		case *CondExpr:
			x = e.Cond
		default:
			return x.Pos()
		}
	}
}

// tooHigh returns a subexpression of x that lies more than limit levels
// below it, or nil. Its recursion goes no deeper than limit.
func tooHigh(x Expr, limit int) Expr {
	if x == nil {
		return nil
	}
	if limit == 0 {
		return x
	}
	limit--
	switch x := x.(type) {
	case *ParenExpr:
		return tooHigh(x.X, limit)
	case *IndexExpr:
		return firstHigh(limit, x.X, x.Index)
	case *SelectorExpr:
		return tooHigh(x.X, limit)
	case *CallExpr:
		if d := tooHigh(x.Fun, limit); d != nil {
			return d
		}
		return firstHigh(limit, x.Args...)
	case *UnaryExpr:
		return tooHigh(x.X, limit)
	case *PostfixExpr:
		return tooHigh(x.X, limit)
	case *BinaryExpr:
		return firstHigh(limit, x.X, x.Y)
	case *AssignExpr:
		return firstHigh(limit, x.X, x.Y)
	case *CommaExpr:
		return firstHigh(limit, x.List...)
	case *CondExpr:
		return firstHigh(limit, x.Cond, x.X, x.Y)
	case *QuantExpr:
		if d := typeTooHigh(x.Type, limit); d != nil {
			return d
		}
		return tooHigh(x.Body, limit)
	case *InitList:
		return firstHigh(limit, x.Elems...)
	}
	return nil
}

// firstHigh returns the first subexpression too high in any of xs.
func firstHigh(limit int, xs ...Expr) Expr {
	for _, x := range xs {
		if d := tooHigh(x, limit); d != nil {
			return d
		}
	}
	return nil
}

// typeTooHigh looks for a subexpression too high in the expressions of a
// type written inside an expression (a quantifier's range).
func typeTooHigh(t *TypeSpec, limit int) Expr {
	if t == nil {
		return nil
	}
	if d := firstHigh(limit, t.Lo, t.Hi, t.Size); d != nil {
		return d
	}
	for _, f := range t.Fields {
		if d := typeTooHigh(f.Type, limit); d != nil {
			return d
		}
		for _, v := range f.Vars {
			for _, dim := range v.Dims {
				if d := firstHigh(limit, dim.Size); d != nil {
					return d
				}
				if d := typeTooHigh(dim.Type, limit); d != nil {
					return d
				}
			}
		}
	}
	return nil
}
