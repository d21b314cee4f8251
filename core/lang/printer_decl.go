// The printer for declarations, parameters and statements, on one line.

package lang

import "strings"

// DeclString returns a declaration's canonical text on one line, such as
// `const int[0,3] a[2] = {1, 2}, b;` or `void f(int &x) { x++; }`.
// Unsupported and broken declarations print as <what>.
func DeclString(d Decl) string {
	pr := &printer{}
	pr.decl(d)
	return pr.String()
}

// StmtString returns a statement's canonical text on one line.
func StmtString(s Stmt) string {
	pr := &printer{}
	pr.stmt(s)
	return pr.String()
}

// ParamString returns a parameter's canonical text: `const int &x[3]`.
func ParamString(p *Param) string {
	pr := &printer{}
	pr.param(p)
	return pr.String()
}

func (pr *printer) decl(d Decl) {
	switch d := d.(type) {
	case *BadDecl:
		pr.WriteString("<bad declaration>")
	case *VarDecl:
		pr.typ(d.Type)
		pr.WriteByte(' ')
		pr.varSpecs(d.Vars)
		pr.WriteByte(';')
	case *TypeDecl:
		pr.WriteString("typedef ")
		pr.typ(d.Type)
		pr.WriteByte(' ')
		pr.varSpecs(d.Names)
		pr.WriteByte(';')
	case *FuncDecl:
		pr.typ(d.Result)
		pr.WriteString(" " + identName(d.Name))
		pr.params(d.Params)
		pr.WriteByte(' ')
		pr.stmt(d.Body)
	case *ChanPriorityDecl:
		pr.WriteString("chan priority ")
		for i, level := range d.Levels {
			if i > 0 {
				pr.WriteString(" < ")
			}
			for j, x := range level {
				if j > 0 {
					pr.WriteString(", ")
				}
				if x == nil {
					pr.WriteString("default")
				} else {
					pr.expr(x, levelAny, true)
				}
			}
		}
		pr.WriteByte(';')
	case *InstantiationDecl:
		pr.WriteString(identName(d.Name))
		if d.HasParams {
			pr.params(d.Params)
		}
		pr.WriteString(" = " + identName(d.Template) + "(")
		pr.list(d.Args)
		pr.WriteString(");")
	case *SystemDecl:
		pr.WriteString("system ")
		for i, level := range d.Levels {
			if i > 0 {
				pr.WriteString(" < ")
			}
			names := make([]string, len(level))
			for j, id := range level {
				names[j] = identName(id)
			}
			pr.WriteString(strings.Join(names, ", "))
		}
		pr.WriteByte(';')
	case *UnsupportedDecl:
		pr.WriteString("<" + d.What + ">")
	}
}

func (pr *printer) params(ps []*Param) {
	pr.WriteByte('(')
	for i, p := range ps {
		if i > 0 {
			pr.WriteString(", ")
		}
		pr.param(p)
	}
	pr.WriteByte(')')
}

func (pr *printer) param(p *Param) {
	pr.typ(p.Type)
	pr.WriteByte(' ')
	if p.Ref {
		pr.WriteByte('&')
	}
	pr.WriteString(identName(p.Name))
	pr.dims(p.Dims)
}

func (pr *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *BadStmt:
		pr.WriteString("<bad statement>")
	case *DeclStmt:
		pr.decl(s.Decl)
	case *EmptyStmt:
		pr.WriteByte(';')
	case *ExprStmt:
		pr.expr(s.X, levelAny, true)
		pr.WriteByte(';')
	case *BlockStmt:
		pr.WriteByte('{')
		for _, x := range s.List {
			pr.WriteByte(' ')
			pr.stmt(x)
		}
		pr.WriteString(" }")
	case *IfStmt:
		pr.WriteString("if (")
		pr.expr(s.Cond, levelAny, true)
		pr.WriteString(") ")
		pr.stmt(s.Then)
		if s.Else != nil {
			pr.WriteString(" else ")
			pr.stmt(s.Else)
		}
	case *ForStmt:
		pr.WriteString("for (")
		pr.optExpr(s.Init)
		pr.WriteString("; ")
		pr.optExpr(s.Cond)
		pr.WriteString("; ")
		pr.optExpr(s.Post)
		pr.WriteString(") ")
		pr.stmt(s.Body)
	case *RangeStmt:
		pr.WriteString("for (" + identName(s.Name) + " : ")
		pr.typ(s.Type)
		pr.WriteString(") ")
		pr.stmt(s.Body)
	case *WhileStmt:
		pr.WriteString("while (")
		pr.expr(s.Cond, levelAny, true)
		pr.WriteString(") ")
		pr.stmt(s.Body)
	case *DoWhileStmt:
		pr.WriteString("do ")
		pr.stmt(s.Body)
		pr.WriteString(" while (")
		pr.expr(s.Cond, levelAny, true)
		pr.WriteString(");")
	case *ReturnStmt:
		pr.WriteString("return")
		if s.Result != nil {
			pr.WriteByte(' ')
			pr.expr(s.Result, levelAny, true)
		}
		pr.WriteByte(';')
	case *BranchStmt:
		pr.WriteString(s.Tok.String() + ";")
	}
}
