// A walk over expression trees (core/lang keeps the syntax only).

package model

import "beeline/core/lang"

// inspect calls f on e and, while f returns true, on its subexpressions.
func inspect(e lang.Expr, f func(lang.Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	switch e := e.(type) {
	case *lang.ParenExpr:
		inspect(e.X, f)
	case *lang.IndexExpr:
		inspect(e.X, f)
		inspect(e.Index, f)
	case *lang.SelectorExpr:
		inspect(e.X, f)
	case *lang.CallExpr:
		inspect(e.Fun, f)
		for _, a := range e.Args {
			inspect(a, f)
		}
	case *lang.UnaryExpr:
		inspect(e.X, f)
	case *lang.PostfixExpr:
		inspect(e.X, f)
	case *lang.BinaryExpr:
		inspect(e.X, f)
		inspect(e.Y, f)
	case *lang.AssignExpr:
		inspect(e.X, f)
		inspect(e.Y, f)
	case *lang.CommaExpr:
		for _, x := range e.List {
			inspect(x, f)
		}
	case *lang.CondExpr:
		inspect(e.Cond, f)
		inspect(e.X, f)
		inspect(e.Y, f)
	case *lang.QuantExpr:
		inspect(e.Body, f)
	case *lang.InitList:
		for _, x := range e.Elems {
			inspect(x, f)
		}
	}
}
