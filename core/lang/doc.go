// Package lang reads UPPAAL's declaration, expression and query language:
// the text of <declaration>, <parameter>, <system> and label elements, and
// of queries. It turns text into the syntax tree of ast.go, with a position
// on every node, and prints trees back to canonical text. It does not know
// XML or the .xta file structure (core/uppaal cuts documents into texts),
// and it does not know types or names (the checker, driven by core/model,
// resolves them).
//
// # Entry points
//
// Each entry point parses one text whose first byte has position base
// (typically seg.Pos(0) of a source.Segment, so that positions map back to
// the original file through XML unescaping), appends errors to errs, and
// never panics or loops on any input:
//
//	ParseDeclarations  global or template declarations, and system sections
//	ParseSystem        the system section (same language as above)
//	ParseParameters    a template's parameter list, without parentheses
//	ParseExpr          a guard or an invariant
//	ParseUpdate        an update: comma-separated expressions
//	ParseSelect        a select label: i : int[0,3], j : id_t
//	ParseSync          a synchronisation: a[i]! or c?
//	ParseQuery         a requirement: E<>, A[], E[], A<>, -->, sup, inf
//
// Empty text, or text holding only comments, gives nil and no error. The
// lower layer is exported too: Scanner splits a text into tokens, Lookup
// and ContextKeyword classify words. ExprString, FormatExpr, TypeString,
// DeclString, StmtString, ParamString and QueryString print canonical text;
// parsing printed text gives back a tree that prints the same.
//
// # The language
//
// The grammar is UPPAAL 4.1's (UTAP's), as documented in the language
// reference. Operators, from tightest to loosest:
//
//	postfix   () [] . ++ -- '             left
//	prefix    ! not ++ -- - +             right
//	          * / %                       left
//	          + -                         left
//	          << >>                       left
//	          <? >?                       left
//	          < <= >= >                   left
//	          == !=                       left
//	          &                           left
//	          ^                           left
//	          |                           left
//	          && and                      left
//	          || or imply                 left
//	          ?:                          right
//	          = := += -= *= /= %= &= |= ^= <<= >>=   right
//	          forall exists sum           prefix, loosest
//
// Note that imply binds like ||, not looser, and that not binds like !. A
// quantifier may stand wherever an operand may, and its body extends as far
// as possible: a && forall (i : T) b || c is a && (forall (i : T) (b || c)),
// and sum (i : T) x[i] <= 1 sums the comparisons, as in UPPAAL.
//
// Older notations that UPPAAL 4 still reads are accepted: ':=' for '=' in
// updates, initialisers and instantiations (`Kim := P();`), ',' for && at
// the top of a guard or invariant (`x < 5, y > 3`), '=<' and '=>' for '<='
// and '>=', ';' between template parameters, a parameter name that shares
// the previous parameter's type (`int a, b`), and `const n` for a constant
// int parameter. A backslash at the end of a line continues it.
//
// # Words
//
// The scanner returns as keywords only the words that can never be names in
// UPPAAL's new syntax (int, bool, clock, chan, for, forall, system, and,
// imply, ...). Words that matter in one place only are returned as IDENT and
// recognised by the parser where they mean something, so that models using
// them as names still parse: sum before "(name :", hybrid before clock,
// priority after chan, default in a priority list, progress, gantt,
// before_update, after_update, import and dynamic at the start of a
// declaration, and the .xta words process, state, commit, init, trans,
// select, guard, sync, assign and branchpoint (see ContextKeyword). In
// queries (ScanQuery) the scanner also returns E<>, E[], A<>, A[] — with or
// without blanks between the letter and the brackets — and the keyword
// deadlock; elsewhere E and A are names. Identifiers may contain '$' and
// '#' after their first letter, as in UPPAAL.
//
// Integer literals are decimal and must fit in int32; 2147483648 (2^31) is
// let through without error, with that Value, because -2147483648 must be
// writable and UPPAAL 3.x models use it as a range bound (car_radio.xml's
// int[0,2147483648]); the checker decides what it means where it stands.
// Numbers with a fraction or an exponent are DOUBLE, so that the checker can
// refuse them by name.
//
// # Constructs recognised in order to refuse them
//
// Declarations that Beeline does not model are skipped whole (balanced
// brackets) and returned as *UnsupportedDecl naming them in plain words,
// without an error: progress measures, gantt charts, before_update and
// after_update blocks, external function imports, dynamic template
// declarations and utap's IO declarations (IO P { a, b }). The model
// compiler decides: harmless ones get a warning, the others are refused.
// A synchronisation label that is a channel alone, utap's CSP style, is
// refused by the parser by name rather than as a missing '!' or '?'.
// Likewise, queries of kinds that are not checked (bounds, Pr, simulate,
// E[...] estimation, A[ p U q ], control:, strategies, learning queries,
// "under" subjections, scenarios) give a *Query of kind QueryUnsupported
// with What set and no error. Clock rates (x') and doubles parse, for the
// checker to refuse with a position.
//
// # Errors
//
// Messages are lower case without a final period, in go/parser's form:
// "expected ';', found 'x'", "expected expression, found end of text",
// "illegal character U+0040 '@'", "integer literal 99999999999 overflows
// int32". A ';' missing at the end of a line is reported there ("expected
// ';', found newline"), not at the start of the next declaration. The
// parser recovers after an error, as go/parser does: it skips to the end
// of the broken declaration or statement (past the next ';', or up to a
// word that starts a new one, skipping bracketed groups whole) and carries
// on, leaving BadDecl, BadStmt or BadExpr nodes or partial nodes where
// text was missing. A second error on the line of the previous one, or
// before it, is dropped, since it is usually a consequence of the first
// (as in go/parser), and a text is abandoned after 10 errors, keeping what
// was parsed. Nesting deeper than 500 levels is reported and abandoned
// rather than risking the stack, and so are chains longer than 10000
// operators (a + b + ..., a guard's conjuncts, a[0][0]..., else-if
// branches), which the parser builds in a loop but every later pass over
// the tree walks by recursion (height.go).
//
// Every loop in the parser consumes a token or ends, so no input makes it
// hang; the fuzz tests (fuzz_test.go) check this along with the
// print-parse round trip.
package lang
