// The printer: canonical text for expressions, types and queries.

package lang

import "strings"

// PrintMode selects printer behaviour.
type PrintMode uint

const (
	// PrintParens parenthesises every compound expression (unary, binary,
	// conditional, assignment, quantifier) and drops the parentheses of the
	// source, so that the printed text shows the tree's shape: a + b * c
	// prints as (a + (b * c)).
	PrintParens PrintMode = 1 << iota
)

// ExprString returns the canonical text of e: operators spaced, the
// source's parentheses kept, and parentheses added only where the tree
// could not be read back otherwise. Parsing the result gives a tree that
// prints the same. A nil Expr prints as the empty string.
func ExprString(e Expr) string { return FormatExpr(e, 0) }

// FormatExpr prints e in the given mode.
func FormatExpr(e Expr, mode PrintMode) string {
	if e == nil {
		return ""
	}
	pr := &printer{mode: mode}
	pr.expr(e, 0, true)
	return pr.String()
}

// TypeString returns the canonical text of a type: `const int[0,3]`,
// `urgent broadcast chan`, `struct { int a; bool b[2]; }`.
func TypeString(t *TypeSpec) string {
	if t == nil {
		return ""
	}
	pr := &printer{}
	pr.typ(t)
	return pr.String()
}

// QueryString returns the canonical text of a query: `A[] not deadlock`,
// `p --> q`, `sup{p}: x, n`; an unsupported query prints as its What.
func QueryString(q *Query) string {
	if q == nil {
		return ""
	}
	switch q.Kind {
	case QueryUnsupported:
		return q.What
	case QueryLeadsTo:
		return ExprString(q.Prop) + " --> " + ExprString(q.Right)
	case QuerySup, QueryInf:
		var b strings.Builder
		b.WriteString(map[QueryKind]string{QuerySup: "sup", QueryInf: "inf"}[q.Kind])
		if q.Prop != nil {
			b.WriteString("{" + ExprString(q.Prop) + "}")
		}
		b.WriteString(":")
		for i, e := range q.List {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + ExprString(e))
		}
		return b.String()
	}
	prefix := map[QueryKind]string{QueryEF: "E<> ", QueryAG: "A[] ", QueryEG: "E[] ", QueryAF: "A<> "}[q.Kind]
	return prefix + ExprString(q.Prop)
}

// Print levels: a node printed where a tighter level is needed gets
// parentheses. Binary operators sit at levelCond + their precedence.
const (
	levelAny     = 0
	levelComma   = 1
	levelAssign  = 2
	levelCond    = 3
	levelUnary   = levelCond + precPow + 1
	levelPostfix = levelUnary + 1
	levelPrimary = levelPostfix + 1
)

type printer struct {
	strings.Builder
	mode PrintMode
}

func exprLevel(e Expr) int {
	switch e := e.(type) {
	case *CommaExpr:
		return levelComma
	case *AssignExpr:
		return levelAssign
	case *CondExpr:
		return levelCond
	case *BinaryExpr:
		return levelCond + binaryPrec(e.Op)
	case *UnaryExpr:
		return levelUnary
	case *PostfixExpr, *IndexExpr, *CallExpr, *SelectorExpr:
		return levelPostfix
	}
	return levelPrimary
}

// expr prints e where a level of at least need is required. tail says that
// nothing follows e before a closing bracket or the end, which is where a
// quantifier, whose body extends as far as it can, may stand bare.
func (pr *printer) expr(e Expr, need int, tail bool) {
	if pr.mode&PrintParens != 0 {
		pr.full(e)
		return
	}
	wrap := exprLevel(e) < need
	if _, ok := e.(*QuantExpr); ok {
		wrap = !tail
	}
	if wrap {
		pr.WriteByte('(')
		tail = true
	}
	pr.node(e, tail)
	if wrap {
		pr.WriteByte(')')
	}
}

// full prints e in PrintParens mode.
func (pr *printer) full(e Expr) {
	switch e := e.(type) {
	case *ParenExpr:
		pr.full(e.X)
		return
	case *UnaryExpr, *BinaryExpr, *CondExpr, *AssignExpr, *QuantExpr:
		pr.WriteByte('(')
		pr.node(e, true)
		pr.WriteByte(')')
		return
	}
	pr.node(e, true)
}

// node prints e itself, its operands at the levels they need.
func (pr *printer) node(e Expr, tail bool) {
	switch e := e.(type) {
	case *BadExpr:
		pr.WriteString("_")
	case *Ident:
		pr.WriteString(identName(e))
	case *IntLit:
		pr.WriteString(e.Lit)
	case *DoubleLit:
		pr.WriteString(e.Lit)
	case *StringLit:
		pr.WriteString(e.Lit)
	case *BoolLit:
		pr.WriteString(boolText(e.Value))
	case *DeadlockLit:
		pr.WriteString("deadlock")
	case *ParenExpr:
		pr.WriteByte('(')
		pr.expr(e.X, levelAny, true)
		pr.WriteByte(')')
	case *IndexExpr:
		pr.expr(e.X, levelPostfix, false)
		pr.WriteByte('[')
		pr.expr(e.Index, levelAny, true)
		pr.WriteByte(']')
	case *SelectorExpr:
		pr.expr(e.X, levelPostfix, false)
		pr.WriteByte('.')
		pr.WriteString(identName(e.Sel))
	case *CallExpr:
		pr.expr(e.Fun, levelPostfix, false)
		pr.WriteByte('(')
		pr.list(e.Args)
		pr.WriteByte(')')
	case *PostfixExpr:
		pr.expr(e.X, levelPostfix, false)
		pr.WriteString(e.Op.String())
	case *UnaryExpr:
		pr.unary(e, tail)
	case *BinaryExpr:
		level, left, right := exprLevel(e), 0, 1
		if e.Op == POW {
			left, right = 1, 0 // right associative
		}
		pr.expr(e.X, level+left, false)
		pr.WriteString(" " + e.Op.String() + " ")
		pr.expr(e.Y, level+right, tail)
	case *AssignExpr:
		pr.expr(e.X, levelCond, false)
		pr.WriteString(" " + e.Op.String() + " ")
		pr.expr(e.Y, levelAssign, tail)
	case *CommaExpr:
		for i, x := range e.List {
			if i > 0 {
				pr.WriteString(", ")
			}
			pr.expr(x, levelAssign, tail && i == len(e.List)-1)
		}
	case *CondExpr:
		pr.expr(e.Cond, levelCond+precOr, false)
		pr.WriteString(" ? ")
		pr.expr(e.X, levelAny, true)
		pr.WriteString(" : ")
		pr.expr(e.Y, levelAssign, tail)
	case *QuantExpr:
		pr.WriteString(e.Op.String() + " (" + identName(e.Name) + " : ")
		pr.typ(e.Type)
		pr.WriteString(") ")
		pr.expr(e.Body, levelAny, tail)
	case *InitList:
		pr.initList(e)
	}
}

func (pr *printer) unary(e *UnaryExpr, tail bool) {
	pr.WriteString(e.Op.String())
	if e.Op == KwNot {
		pr.WriteByte(' ')
	} else if x, ok := e.X.(*UnaryExpr); ok && pr.mode&PrintParens == 0 {
		// "- -x", not "--x", which would read as a decrement.
		first := x.Op.String()[0]
		if first == e.Op.String()[0] {
			pr.WriteByte(' ')
		}
	}
	pr.expr(e.X, levelUnary, tail)
}

func (pr *printer) list(xs []Expr) {
	for i, x := range xs {
		if i > 0 {
			pr.WriteString(", ")
		}
		pr.expr(x, levelAny, true)
	}
}

func (pr *printer) initList(l *InitList) {
	pr.WriteByte('{')
	for i, x := range l.Elems {
		if i > 0 {
			pr.WriteString(", ")
		}
		if i < len(l.Names) && l.Names[i] != nil {
			pr.WriteString(identName(l.Names[i]) + ": ")
		}
		pr.expr(x, levelAny, true)
	}
	pr.WriteByte('}')
}

var qualifierOrder = []struct {
	q    Qualifiers
	word string
}{{QConst, "const"}, {QMeta, "meta"}, {QUrgent, "urgent"}, {QBroadcast, "broadcast"}, {QHybrid, "hybrid"}}

var typeWords = map[TypeKind]string{
	TBool: "bool", TClock: "clock", TChan: "chan", TDouble: "double",
	TString: "string", TVoid: "void",
}

func (pr *printer) typ(t *TypeSpec) {
	if t == nil {
		pr.WriteString("_")
		return
	}
	for _, q := range qualifierOrder {
		if t.Qual&q.q != 0 {
			pr.WriteString(q.word + " ")
		}
	}
	switch t.Kind {
	case TInt:
		pr.WriteString("int")
		if t.Ranged {
			pr.WriteByte('[')
			pr.optExpr(t.Lo)
			pr.WriteByte(',')
			pr.optExpr(t.Hi)
			pr.WriteByte(']')
		}
	case TScalar:
		pr.WriteString("scalar[")
		pr.optExpr(t.Size)
		pr.WriteByte(']')
	case TStruct:
		pr.WriteString("struct {")
		for _, f := range t.Fields {
			pr.WriteByte(' ')
			pr.typ(f.Type)
			pr.WriteByte(' ')
			pr.varSpecs(f.Vars)
			pr.WriteByte(';')
		}
		pr.WriteString(" }")
	case TNamed:
		pr.WriteString(identName(t.Name))
	default:
		pr.WriteString(typeWords[t.Kind])
	}
}

func (pr *printer) optExpr(e Expr) {
	if e != nil {
		pr.expr(e, levelAny, true)
	}
}

func (pr *printer) varSpecs(vs []*VarSpec) {
	for i, v := range vs {
		if i > 0 {
			pr.WriteString(", ")
		}
		pr.WriteString(identName(v.Name))
		pr.dims(v.Dims)
		if v.Init != nil {
			pr.WriteString(" = ")
			pr.expr(v.Init, levelAssign, true)
		}
	}
}

func (pr *printer) dims(ds []*ArrayDim) {
	for _, d := range ds {
		pr.WriteByte('[')
		if d.Type != nil {
			pr.typ(d.Type)
		} else {
			pr.optExpr(d.Size)
		}
		pr.WriteByte(']')
	}
}

// identName returns the name of id, or "_" for a name missing from broken
// text.
func identName(id *Ident) string {
	if id == nil || id.Name == "" {
		return "_"
	}
	return id.Name
}
