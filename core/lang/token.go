// Tokens of UPPAAL's declaration, expression and query language.

package lang

// Token is a lexical token kind.
type Token int

// The tokens. Keyword tokens spelled as words (and, or, not, imply) are
// distinct from their symbolic twins so that printing keeps the user's
// spelling; the parser treats the twins alike.
const (
	ILLEGAL Token = iota
	EOF
	COMMENT

	IDENT  // fischer
	INT    // 123
	DOUBLE // 1.5 (lexed so that it can be refused by name)
	STRING // "text"

	// Operators and delimiters.
	ADD     // +
	SUB     // -
	MUL     // *
	QUO     // /
	REM     // %
	POW     // ** (UPPAAL 5 power)
	AND     // &
	OR      // |
	XOR     // ^
	SHL     // <<
	SHR     // >>
	MIN     // <?
	MAX     // >?
	LAND    // &&
	LOR     // ||
	NOT     // !
	INC     // ++
	DEC     // --
	EQL     // ==
	NEQ     // !=
	LSS     // <
	LEQ     // <=
	GTR     // >
	GEQ     // >=
	ASSIGN  // =
	COLONEQ // := (old assignment)
	ADDEQ   // +=
	SUBEQ   // -=
	MULEQ   // *=
	QUOEQ   // /=
	REMEQ   // %=
	ANDEQ   // &=
	OREQ    // |=
	XOREQ   // ^=
	SHLEQ   // <<=
	SHREQ   // >>=
	ARROW   // -> (xta transitions)
	LEADSTO // --> (queries)
	PRIME   // ' (clock rate, refused)
	QUEST   // ?
	COLON   // :
	COMMA   // ,
	SEMI    // ;
	DOT     // .
	LPAREN  // (
	RPAREN  // )
	LBRACK  // [
	RBRACK  // ]
	LBRACE  // {
	RBRACE  // }
	EF      // E<>
	EG      // E[]
	AF      // A<>
	AG      // A[]

	keywordBeg
	// Keywords.
	KwAnd       // and
	KwOr        // or
	KwNot       // not
	KwImply     // imply
	KwTrue      // true
	KwFalse     // false
	KwInt       // int
	KwBool      // bool
	KwClock     // clock
	KwChan      // chan
	KwDouble    // double
	KwString    // string
	KwVoid      // void
	KwConst     // const
	KwMeta      // meta
	KwUrgent    // urgent
	KwBroadcast // broadcast
	KwHybrid    // hybrid
	KwTypedef   // typedef
	KwStruct    // struct
	KwScalar    // scalar
	KwIf        // if
	KwElse      // else
	KwFor       // for
	KwWhile     // while
	KwDo        // do
	KwReturn    // return
	KwBreak     // break
	KwContinue  // continue
	KwForall    // forall
	KwExists    // exists
	KwSum       // sum
	KwDeadlock  // deadlock
	KwSystem    // system
	KwProcess   // process
	KwState     // state
	KwCommit    // commit
	KwInit      // init
	KwTrans     // trans
	KwSelect    // select
	KwGuard     // guard
	KwSync      // sync
	KwAssign    // assign
	KwPriority  // priority
	KwDefault   // default
	KwProgress  // progress
	KwBranchpoint
	KwBeforeUpdate // before_update
	KwAfterUpdate  // after_update
	keywordEnd
)

// IsKeyword reports whether t is a keyword token.
func (t Token) IsKeyword() bool { return t > keywordBeg && t < keywordEnd }

// IsAssign reports whether t is an assignment operator.
func (t Token) IsAssign() bool {
	switch t {
	case ASSIGN, COLONEQ, ADDEQ, SUBEQ, MULEQ, QUOEQ, REMEQ, ANDEQ, OREQ, XOREQ, SHLEQ, SHREQ:
		return true
	}
	return false
}
