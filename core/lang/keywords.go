// Token names, the keyword table and the context keywords.

package lang

import "strconv"

var tokenNames = [...]string{
	ILLEGAL: "ILLEGAL",
	EOF:     "EOF",
	COMMENT: "COMMENT",

	IDENT:  "IDENT",
	INT:    "INT",
	DOUBLE: "DOUBLE",
	STRING: "STRING",

	ADD:     "+",
	SUB:     "-",
	MUL:     "*",
	QUO:     "/",
	REM:     "%",
	POW:     "**",
	AND:     "&",
	OR:      "|",
	XOR:     "^",
	SHL:     "<<",
	SHR:     ">>",
	MIN:     "<?",
	MAX:     ">?",
	LAND:    "&&",
	LOR:     "||",
	NOT:     "!",
	INC:     "++",
	DEC:     "--",
	EQL:     "==",
	NEQ:     "!=",
	LSS:     "<",
	LEQ:     "<=",
	GTR:     ">",
	GEQ:     ">=",
	ASSIGN:  "=",
	COLONEQ: ":=",
	ADDEQ:   "+=",
	SUBEQ:   "-=",
	MULEQ:   "*=",
	QUOEQ:   "/=",
	REMEQ:   "%=",
	ANDEQ:   "&=",
	OREQ:    "|=",
	XOREQ:   "^=",
	SHLEQ:   "<<=",
	SHREQ:   ">>=",
	ARROW:   "->",
	LEADSTO: "-->",
	PRIME:   "'",
	QUEST:   "?",
	COLON:   ":",
	COMMA:   ",",
	SEMI:    ";",
	DOT:     ".",
	LPAREN:  "(",
	RPAREN:  ")",
	LBRACK:  "[",
	RBRACK:  "]",
	LBRACE:  "{",
	RBRACE:  "}",
	EF:      "E<>",
	EG:      "E[]",
	AF:      "A<>",
	AG:      "A[]",

	keywordBeg: "keywordBeg",

	KwAnd:          "and",
	KwOr:           "or",
	KwNot:          "not",
	KwImply:        "imply",
	KwTrue:         "true",
	KwFalse:        "false",
	KwInt:          "int",
	KwBool:         "bool",
	KwClock:        "clock",
	KwChan:         "chan",
	KwDouble:       "double",
	KwString:       "string",
	KwVoid:         "void",
	KwConst:        "const",
	KwMeta:         "meta",
	KwUrgent:       "urgent",
	KwBroadcast:    "broadcast",
	KwHybrid:       "hybrid",
	KwTypedef:      "typedef",
	KwStruct:       "struct",
	KwScalar:       "scalar",
	KwIf:           "if",
	KwElse:         "else",
	KwFor:          "for",
	KwWhile:        "while",
	KwDo:           "do",
	KwReturn:       "return",
	KwBreak:        "break",
	KwContinue:     "continue",
	KwForall:       "forall",
	KwExists:       "exists",
	KwSum:          "sum",
	KwDeadlock:     "deadlock",
	KwSystem:       "system",
	KwProcess:      "process",
	KwState:        "state",
	KwCommit:       "commit",
	KwInit:         "init",
	KwTrans:        "trans",
	KwSelect:       "select",
	KwGuard:        "guard",
	KwSync:         "sync",
	KwAssign:       "assign",
	KwPriority:     "priority",
	KwDefault:      "default",
	KwProgress:     "progress",
	KwBranchpoint:  "branchpoint",
	KwBeforeUpdate: "before_update",
	KwAfterUpdate:  "after_update",

	keywordEnd: "keywordEnd",
}

// String returns the token's spelling for operators and keywords ("+",
// "while") and its kind for the others ("IDENT", "EOF").
func (t Token) String() string {
	if t >= 0 && int(t) < len(tokenNames) && tokenNames[t] != "" {
		return tokenNames[t]
	}
	return "Token(" + strconv.Itoa(int(t)) + ")"
}

// keywords are the words the scanner always returns as keyword tokens. They
// are the reserved words of UPPAAL's new syntax that can never be names.
var keywords = map[string]Token{}

// contextKeywords are words that matter only in one place: the .xta process
// body (process, state, commit, init, trans, select, guard, sync, assign,
// branchpoint), a declaration (priority, default, progress, hybrid,
// before_update, after_update) or an expression (sum). The scanner returns
// them as IDENT so that models using them as names still parse; the parser
// recognises them by their spelling where they mean something.
var contextKeywords = map[string]Token{}

func init() {
	for t := KwAnd; t < keywordEnd; t++ {
		keywords[tokenNames[t]] = t
	}
	for _, t := range []Token{
		KwHybrid, KwSum, KwProcess, KwState, KwCommit, KwInit, KwTrans,
		KwSelect, KwGuard, KwSync, KwAssign, KwPriority, KwDefault,
		KwProgress, KwBranchpoint, KwBeforeUpdate, KwAfterUpdate,
		KwDeadlock, // a keyword in queries only, as in UPPAAL
	} {
		delete(keywords, tokenNames[t])
		contextKeywords[tokenNames[t]] = t
	}
}

// Lookup maps an identifier to its keyword token, or IDENT when the word is
// not always a keyword. Context keywords (see ContextKeyword) give IDENT.
func Lookup(word string) Token {
	if t, ok := keywords[word]; ok {
		return t
	}
	return IDENT
}

// ContextKeyword maps a word that the scanner returns as IDENT but that is a
// keyword in some context ("process", "state", "init", "sum", "priority",
// "deadlock", ...) to its keyword token; any other word gives IDENT. The
// .xta reader uses it to recognise the parts of a process body.
func ContextKeyword(word string) Token {
	if t, ok := contextKeywords[word]; ok {
		return t
	}
	return IDENT
}
