// Scopes and symbols: what a name means at a point of the model.

package model

import "beeline/core/source"

// symKind says what a symbol names.
type symKind uint8

const (
	symVar      symKind = iota // a variable, clock or channel: addr
	symConst                   // a constant: val, or an aggregate at addr in the pool
	symType                    // a typedef
	symFunc                    // a function
	symTemplate                // a template or an instantiation (system section)
	symLocation                // a location of the template being compiled
	symProcess                 // a process (queries)
	symProcSet                 // a template with several processes (queries)
	symQuant                   // a quantifier or select variable bound at compile time: val
)

// symbol is a named entity.
type symbol struct {
	name string
	kind symKind
	pos  source.Pos
	t    *typ

	addr  *address // symVar; symConst aggregates (spConst)
	val   int32    // symConst and symQuant scalars
	fn    *function
	def   *tmplDef
	loc   int32 // symLocation
	proc  *Process
	set   *procSet
	param bool // a template parameter bound by value (not assignable)
}

// scope maps names to symbols; lookups fall back to the parent scope.
type scope struct {
	parent *scope
	syms   map[string]*symbol
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, syms: map[string]*symbol{}}
}

func (s *scope) lookup(name string) *symbol {
	for ; s != nil; s = s.parent {
		if sym, ok := s.syms[name]; ok {
			return sym
		}
	}
	return nil
}

// declare adds sym to s, reporting a name already declared in s itself
// (shadowing an outer scope is allowed).
func (c *compiler) declare(s *scope, sym *symbol) {
	if old, ok := s.syms[sym.name]; ok {
		what := "'" + sym.name + "' is already declared"
		if old.kind == symLocation {
			what += " as a location"
		}
		c.errs.Addf(sym.pos, sym.pos+source.Pos(len(sym.name)), "%s", what)
		return
	}
	s.syms[sym.name] = sym
}
