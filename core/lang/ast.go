// The syntax tree: expressions, types, declarations, statements, labels,
// system definitions and queries.

package lang

import "beeline/core/source"

type Pos = source.Pos

// Node is implemented by every syntax node. Pos is the first byte of the node
// and End the byte just past it.
type Node interface {
	Pos() Pos
	End() Pos
}

// ---------------------------------------------------------------------------
// Expressions

// Expr is a sealed interface implemented by the expression nodes below.
type Expr interface {
	Node
	exprNode()
}

type (
	// BadExpr stands for an expression that could not be parsed.
	BadExpr struct{ From, To Pos }

	// Ident is a name: a variable, constant, function, type, template,
	// process, location or struct field.
	Ident struct {
		NamePos Pos
		Name    string
	}

	// IntLit is an integer literal. Value is 0 and an error reported when the
	// literal overflows int32.
	IntLit struct {
		ValuePos Pos
		Lit      string
		Value    int64
	}

	// DoubleLit is a floating-point literal; it exists so that it can be
	// refused by name.
	DoubleLit struct {
		ValuePos Pos
		Lit      string
	}

	// StringLit is a string literal (for `const string`, refused).
	StringLit struct {
		ValuePos Pos
		Lit      string
	}

	// BoolLit is true or false.
	BoolLit struct {
		ValuePos Pos
		Value    bool
	}

	// DeadlockLit is the query keyword deadlock.
	DeadlockLit struct{ KwPos Pos }

	// ParenExpr is (X).
	ParenExpr struct {
		Lparen Pos
		X      Expr
		Rparen Pos
	}

	// IndexExpr is X[Index].
	IndexExpr struct {
		X      Expr
		Lbrack Pos
		Index  Expr
		Rbrack Pos
	}

	// SelectorExpr is X.Sel: a struct field, or a process's location or
	// variable in a query (P.cs, P(1).x).
	SelectorExpr struct {
		X   Expr
		Sel *Ident
	}

	// CallExpr is Fun(Args): a function call, or a process reference such as
	// P(1) in a query or a system definition.
	CallExpr struct {
		Fun    Expr
		Lparen Pos
		Args   []Expr
		Rparen Pos
	}

	// UnaryExpr is a prefix operation: + - ! not ++ --.
	UnaryExpr struct {
		OpPos Pos
		Op    Token // ADD, SUB, NOT, KwNot, INC, DEC
		X     Expr
	}

	// PostfixExpr is X++, X-- or X' (a clock rate, refused).
	PostfixExpr struct {
		X     Expr
		OpPos Pos
		Op    Token // INC, DEC, PRIME
	}

	// BinaryExpr is X Op Y for arithmetic, bitwise, comparison and logical
	// operators (including MIN/MAX, KwAnd, KwOr, KwImply).
	BinaryExpr struct {
		X     Expr
		OpPos Pos
		Op    Token
		Y     Expr
	}

	// AssignExpr is X Op Y with Op an assignment operator (Token.IsAssign).
	AssignExpr struct {
		X     Expr
		OpPos Pos
		Op    Token
		Y     Expr
	}

	// CommaExpr is X1, X2, ..., Xn (n >= 2), evaluated left to right for
	// the value of Xn. It appears only as a for-loop clause or the
	// condition of if, while and do-while, where UPPAAL accepts expression
	// lists (for (i = 0, j = 0; ...; i++, j++)).
	CommaExpr struct {
		List []Expr
	}

	// CondExpr is Cond ? X : Y.
	CondExpr struct {
		Cond  Expr
		Quest Pos
		X     Expr
		Colon Pos
		Y     Expr
	}

	// QuantExpr is forall/exists/sum (Name : Type) Body.
	QuantExpr struct {
		OpPos Pos
		Op    Token // KwForall, KwExists, KwSum
		Name  *Ident
		Type  *TypeSpec
		Body  Expr
	}

	// InitList is { e1, e2, ... } in an initialiser; elements may be nested
	// InitLists. Field names in struct initialisers ({ a: 1 }) are kept in
	// Names (nil entries where absent).
	InitList struct {
		Lbrace Pos
		Elems  []Expr
		Names  []*Ident
		Rbrace Pos
	}
)

func (x *BadExpr) Pos() Pos      { return x.From }
func (x *Ident) Pos() Pos        { return x.NamePos }
func (x *IntLit) Pos() Pos       { return x.ValuePos }
func (x *DoubleLit) Pos() Pos    { return x.ValuePos }
func (x *StringLit) Pos() Pos    { return x.ValuePos }
func (x *BoolLit) Pos() Pos      { return x.ValuePos }
func (x *DeadlockLit) Pos() Pos  { return x.KwPos }
func (x *ParenExpr) Pos() Pos    { return x.Lparen }
func (x *IndexExpr) Pos() Pos    { return x.X.Pos() }
func (x *SelectorExpr) Pos() Pos { return x.X.Pos() }
func (x *CallExpr) Pos() Pos     { return x.Fun.Pos() }
func (x *UnaryExpr) Pos() Pos    { return x.OpPos }
func (x *PostfixExpr) Pos() Pos  { return x.X.Pos() }
func (x *BinaryExpr) Pos() Pos   { return x.X.Pos() }
func (x *AssignExpr) Pos() Pos   { return x.X.Pos() }
func (x *CondExpr) Pos() Pos     { return x.Cond.Pos() }
func (x *CommaExpr) Pos() Pos    { return x.List[0].Pos() }
func (x *QuantExpr) Pos() Pos    { return x.OpPos }
func (x *InitList) Pos() Pos     { return x.Lbrace }

func (x *BadExpr) End() Pos      { return x.To }
func (x *Ident) End() Pos        { return x.NamePos + Pos(len(x.Name)) }
func (x *IntLit) End() Pos       { return x.ValuePos + Pos(len(x.Lit)) }
func (x *DoubleLit) End() Pos    { return x.ValuePos + Pos(len(x.Lit)) }
func (x *StringLit) End() Pos    { return x.ValuePos + Pos(len(x.Lit)) }
func (x *BoolLit) End() Pos      { return x.ValuePos + Pos(len(boolText(x.Value))) }
func (x *DeadlockLit) End() Pos  { return x.KwPos + Pos(len("deadlock")) }
func (x *ParenExpr) End() Pos    { return x.Rparen + 1 }
func (x *IndexExpr) End() Pos    { return x.Rbrack + 1 }
func (x *SelectorExpr) End() Pos { return x.Sel.End() }
func (x *CallExpr) End() Pos     { return x.Rparen + 1 }
func (x *UnaryExpr) End() Pos    { return x.X.End() }
func (x *PostfixExpr) End() Pos {
	if x.Op == PRIME {
		return x.OpPos + 1
	}
	return x.OpPos + 2
}
func (x *BinaryExpr) End() Pos { return x.Y.End() }
func (x *AssignExpr) End() Pos { return x.Y.End() }
func (x *CondExpr) End() Pos   { return x.Y.End() }
func (x *CommaExpr) End() Pos  { return x.List[len(x.List)-1].End() }
func (x *QuantExpr) End() Pos  { return x.Body.End() }
func (x *InitList) End() Pos   { return x.Rbrace + 1 }

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func (*BadExpr) exprNode()      {}
func (*Ident) exprNode()        {}
func (*IntLit) exprNode()       {}
func (*DoubleLit) exprNode()    {}
func (*StringLit) exprNode()    {}
func (*BoolLit) exprNode()      {}
func (*DeadlockLit) exprNode()  {}
func (*ParenExpr) exprNode()    {}
func (*IndexExpr) exprNode()    {}
func (*SelectorExpr) exprNode() {}
func (*CallExpr) exprNode()     {}
func (*UnaryExpr) exprNode()    {}
func (*PostfixExpr) exprNode()  {}
func (*BinaryExpr) exprNode()   {}
func (*AssignExpr) exprNode()   {}
func (*CondExpr) exprNode()     {}
func (*CommaExpr) exprNode()    {}
func (*QuantExpr) exprNode()    {}
func (*InitList) exprNode()     {}

// ---------------------------------------------------------------------------
// Types

// Qualifiers is a set of type prefixes.
type Qualifiers uint8

const (
	QConst Qualifiers = 1 << iota
	QMeta
	QUrgent
	QBroadcast
	QHybrid // hybrid clock: refused
)

// TypeKind says which kind of type a TypeSpec spells.
type TypeKind uint8

const (
	TInt    TypeKind = iota // int, or int[Lo,Hi] when Lo/Hi are set
	TBool                   // bool
	TClock                  // clock
	TChan                   // chan
	TDouble                 // double (refused)
	TString                 // string (refused outside const)
	TVoid                   // void (function results)
	TScalar                 // scalar[Size]
	TStruct                 // struct { Fields }
	TNamed                  // a typedef name: Name
)

// TypeSpec is a type as written: qualifiers, then a base type.
type TypeSpec struct {
	Start  Pos // first byte (of the first qualifier, if any)
	Qual   Qualifiers
	QualAt [5]Pos // position of each qualifier keyword, indexed by bit number
	Kind   TypeKind
	Name   *Ident     // TNamed
	Lo, Hi Expr       // TInt with a range: int[Lo,Hi]; either may be nil ("int[,5]")
	Ranged bool       // TInt written with brackets
	Size   Expr       // TScalar
	Fields []*VarDecl // TStruct: field declarations (no initialisers)
	Stop   Pos        // just past the type
}

func (t *TypeSpec) Pos() Pos { return t.Start }
func (t *TypeSpec) End() Pos { return t.Stop }

// ArrayDim is one [..] of an array declaration: either a size expression
// ([N], or [id_t] where id_t may turn out to be a type name: the checker
// decides) or an explicit type ([int[0,3]], [scalar[4]]).
type ArrayDim struct {
	Lbrack Pos
	Size   Expr
	Type   *TypeSpec
	Rbrack Pos
}

func (d *ArrayDim) Pos() Pos { return d.Lbrack }
func (d *ArrayDim) End() Pos { return d.Rbrack + 1 }

// ---------------------------------------------------------------------------
// Declarations

// Decl is a sealed interface for declarations.
type Decl interface {
	Node
	declNode()
}

type (
	// BadDecl stands for a declaration that could not be parsed.
	BadDecl struct{ From, To Pos }

	// VarDecl declares one or more variables (or struct fields) of one type:
	// `const int a = 1, b[2] = {1, 2};`.
	VarDecl struct {
		Type *TypeSpec
		Vars []*VarSpec
		Semi Pos
	}

	// TypeDecl is `typedef Type Name[dims], ...;`.
	TypeDecl struct {
		Typedef Pos
		Type    *TypeSpec
		Names   []*VarSpec // Init is always nil
		Semi    Pos
	}

	// FuncDecl is a function definition.
	FuncDecl struct {
		Result *TypeSpec
		Name   *Ident
		Params []*Param
		Body   *BlockStmt
	}

	// ChanPriorityDecl is `chan priority a, b[0] < default < c;`. Levels go
	// from lowest to highest priority; a nil Expr in a level is `default`.
	ChanPriorityDecl struct {
		Chan   Pos
		Levels [][]Expr
		Semi   Pos
	}

	// InstantiationDecl is `Name(Params) = Template(Args);` (Params is nil and
	// HasParams false for `Name = Template(Args);`).
	InstantiationDecl struct {
		Name      *Ident
		HasParams bool
		Params    []*Param
		Template  *Ident
		Args      []Expr
		Semi      Pos
	}

	// SystemDecl is `system A, B < C;`. Levels go from lowest to highest
	// priority ('<' starts a new level, ',' adds to the current one).
	SystemDecl struct {
		System Pos
		Levels [][]*Ident
		Semi   Pos
	}

	// UnsupportedDecl is a construct recognised so that it can be refused or
	// skipped by name: progress measures, gantt charts, before_update and
	// after_update, branchpoints, ... What names it in plain words.
	UnsupportedDecl struct {
		From, To Pos
		What     string
	}
)

// VarSpec is one declared name with its array dimensions and initialiser.
type VarSpec struct {
	Name *Ident
	Dims []*ArrayDim
	Init Expr // nil, an expression, or an *InitList
}

func (v *VarSpec) Pos() Pos { return v.Name.Pos() }
func (v *VarSpec) End() Pos {
	switch {
	case v.Init != nil:
		return v.Init.End()
	case len(v.Dims) > 0:
		return v.Dims[len(v.Dims)-1].End()
	}
	return v.Name.End()
}

// Param is a template or function parameter: `const int n`, `int &x`,
// `clock &c[3]`, `int[0,3] id`.
type Param struct {
	Type *TypeSpec
	Ref  bool
	Amp  Pos // position of '&' when Ref
	Name *Ident
	Dims []*ArrayDim
}

func (p *Param) Pos() Pos { return p.Type.Pos() }
func (p *Param) End() Pos {
	if len(p.Dims) > 0 {
		return p.Dims[len(p.Dims)-1].End()
	}
	return p.Name.End()
}

func (d *BadDecl) Pos() Pos           { return d.From }
func (d *VarDecl) Pos() Pos           { return d.Type.Pos() }
func (d *TypeDecl) Pos() Pos          { return d.Typedef }
func (d *FuncDecl) Pos() Pos          { return d.Result.Pos() }
func (d *ChanPriorityDecl) Pos() Pos  { return d.Chan }
func (d *InstantiationDecl) Pos() Pos { return d.Name.Pos() }
func (d *SystemDecl) Pos() Pos        { return d.System }
func (d *UnsupportedDecl) Pos() Pos   { return d.From }

func (d *BadDecl) End() Pos           { return d.To }
func (d *VarDecl) End() Pos           { return d.Semi + 1 }
func (d *TypeDecl) End() Pos          { return d.Semi + 1 }
func (d *FuncDecl) End() Pos          { return d.Body.End() }
func (d *ChanPriorityDecl) End() Pos  { return d.Semi + 1 }
func (d *InstantiationDecl) End() Pos { return d.Semi + 1 }
func (d *SystemDecl) End() Pos        { return d.Semi + 1 }
func (d *UnsupportedDecl) End() Pos   { return d.To }

func (*BadDecl) declNode()           {}
func (*VarDecl) declNode()           {}
func (*TypeDecl) declNode()          {}
func (*FuncDecl) declNode()          {}
func (*ChanPriorityDecl) declNode()  {}
func (*InstantiationDecl) declNode() {}
func (*SystemDecl) declNode()        {}
func (*UnsupportedDecl) declNode()   {}

// ---------------------------------------------------------------------------
// Statements

// Stmt is a sealed interface for statements in function bodies.
type Stmt interface {
	Node
	stmtNode()
}

type (
	// BadStmt stands for a statement that could not be parsed.
	BadStmt struct{ From, To Pos }

	// DeclStmt is a local variable or type declaration.
	DeclStmt struct{ Decl Decl }

	// EmptyStmt is a lone ';'.
	EmptyStmt struct{ Semi Pos }

	// ExprStmt is an expression followed by ';'.
	ExprStmt struct {
		X    Expr
		Semi Pos
	}

	// BlockStmt is { List }.
	BlockStmt struct {
		Lbrace Pos
		List   []Stmt
		Rbrace Pos
	}

	// IfStmt is if (Cond) Then [else Else].
	IfStmt struct {
		If   Pos
		Cond Expr
		Then Stmt
		Else Stmt // nil when absent
	}

	// ForStmt is for (Init; Cond; Post) Body; any of the three may be nil.
	ForStmt struct {
		For  Pos
		Init Expr
		Cond Expr
		Post Expr
		Body Stmt
	}

	// RangeStmt is for (Name : Type) Body.
	RangeStmt struct {
		For  Pos
		Name *Ident
		Type *TypeSpec
		Body Stmt
	}

	// WhileStmt is while (Cond) Body.
	WhileStmt struct {
		While Pos
		Cond  Expr
		Body  Stmt
	}

	// DoWhileStmt is do Body while (Cond);.
	DoWhileStmt struct {
		Do   Pos
		Body Stmt
		Cond Expr
		Semi Pos
	}

	// ReturnStmt is return [Result];.
	ReturnStmt struct {
		Return Pos
		Result Expr // nil for a bare return
		Semi   Pos
	}

	// BranchStmt is break; or continue;.
	BranchStmt struct {
		TokPos Pos
		Tok    Token // KwBreak, KwContinue
		Semi   Pos
	}
)

func (s *BadStmt) Pos() Pos     { return s.From }
func (s *DeclStmt) Pos() Pos    { return s.Decl.Pos() }
func (s *EmptyStmt) Pos() Pos   { return s.Semi }
func (s *ExprStmt) Pos() Pos    { return s.X.Pos() }
func (s *BlockStmt) Pos() Pos   { return s.Lbrace }
func (s *IfStmt) Pos() Pos      { return s.If }
func (s *ForStmt) Pos() Pos     { return s.For }
func (s *RangeStmt) Pos() Pos   { return s.For }
func (s *WhileStmt) Pos() Pos   { return s.While }
func (s *DoWhileStmt) Pos() Pos { return s.Do }
func (s *ReturnStmt) Pos() Pos  { return s.Return }
func (s *BranchStmt) Pos() Pos  { return s.TokPos }

func (s *BadStmt) End() Pos   { return s.To }
func (s *DeclStmt) End() Pos  { return s.Decl.End() }
func (s *EmptyStmt) End() Pos { return s.Semi + 1 }
func (s *ExprStmt) End() Pos  { return s.Semi + 1 }
func (s *BlockStmt) End() Pos { return s.Rbrace + 1 }
func (s *IfStmt) End() Pos {
	if s.Else != nil {
		return s.Else.End()
	}
	return s.Then.End()
}
func (s *ForStmt) End() Pos     { return s.Body.End() }
func (s *RangeStmt) End() Pos   { return s.Body.End() }
func (s *WhileStmt) End() Pos   { return s.Body.End() }
func (s *DoWhileStmt) End() Pos { return s.Semi + 1 }
func (s *ReturnStmt) End() Pos  { return s.Semi + 1 }
func (s *BranchStmt) End() Pos  { return s.Semi + 1 }

func (*BadStmt) stmtNode()     {}
func (*DeclStmt) stmtNode()    {}
func (*EmptyStmt) stmtNode()   {}
func (*ExprStmt) stmtNode()    {}
func (*BlockStmt) stmtNode()   {}
func (*IfStmt) stmtNode()      {}
func (*ForStmt) stmtNode()     {}
func (*RangeStmt) stmtNode()   {}
func (*WhileStmt) stmtNode()   {}
func (*DoWhileStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()  {}
func (*BranchStmt) stmtNode()  {}

// ---------------------------------------------------------------------------
// Edge and location labels

// SelectBinding is one `name : Type` of a select label.
type SelectBinding struct {
	Name *Ident
	Type *TypeSpec
}

// Sync is a synchronisation label `Chan!` or `Chan?`.
type Sync struct {
	Chan   Expr
	DirPos Pos
	Send   bool // '!' when true, '?' otherwise
}

func (s *Sync) Pos() Pos { return s.Chan.Pos() }
func (s *Sync) End() Pos { return s.DirPos + 1 }

// ---------------------------------------------------------------------------
// Queries

// QueryKind classifies a query.
type QueryKind uint8

const (
	QueryEF          QueryKind = iota // E<> φ
	QueryAG                           // A[] φ
	QueryEG                           // E[] φ
	QueryAF                           // A<> φ
	QueryLeadsTo                      // φ --> ψ
	QueryUnsupported                  // bounds, Pr, simulate, control, strategies, ...
	QuerySup                          // sup: e1, e2 and sup{φ}: e1, e2
	QueryInf                          // inf: e1, e2 and inf{φ}: e1, e2
)

// Query is a parsed requirement. For QueryUnsupported, What names the kind in
// plain words ("probability estimation Pr[...]") and Prop/Right are nil.
// For QuerySup and QueryInf, Prop is the condition in braces (nil when
// there is none: every reachable state counts) and List the expressions
// after the colon, each with its own position.
type Query struct {
	KindPos Pos
	Kind    QueryKind
	Prop    Expr // φ
	Right   Expr // ψ of φ --> ψ
	List    []Expr
	What    string
	Stop    Pos
}

func (q *Query) Pos() Pos { return q.KindPos }
func (q *Query) End() Pos { return q.Stop }
