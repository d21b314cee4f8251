package lang

import (
	"fmt"
	"strings"
	"testing"
)

// scanAll returns "TOK:lit" for every token of src, and the errors as
// "offset: msg".
func scanAll(src string, mode ScanMode) (toks []string, errs []string) {
	var s Scanner
	const base = 100
	s.Init(src, base, func(pos, end Pos, msg string) {
		errs = append(errs, fmt.Sprintf("%d: %s", pos-base, msg))
	}, mode)
	for i := 0; i < len(src)+2; i++ {
		pos, tok, lit := s.Scan()
		if tok == EOF {
			if int(pos-base) != len(src) {
				toks = append(toks, fmt.Sprintf("EOF at %d", pos-base))
			}
			return toks, errs
		}
		if src[pos-base:int(pos-base)+len(lit)] != lit {
			toks = append(toks, "BADPOS")
		}
		toks = append(toks, tok.String()+":"+lit)
	}
	return append(toks, "NO EOF"), errs
}

func TestScanner(t *testing.T) {
	tests := []struct {
		src  string
		mode ScanMode
		want string // tokens joined by spaces
		errs string // errors joined by "; "
	}{
		{src: "", want: ""},
		{src: "  \t\n\r\n ", want: ""},
		{src: "x _y a1$#", want: "IDENT:x IDENT:_y IDENT:a1$#"},
		{src: "0 42 007 2147483648", want: "INT:0 INT:42 INT:007 INT:2147483648"},
		{src: "1.5 2e3 4E-2 1.25e+10", want: "DOUBLE:1.5 DOUBLE:2e3 DOUBLE:4E-2 DOUBLE:1.25e+10"},
		{src: "1. 10N 2e", want: "INT:1 .:. INT:10 IDENT:N INT:2 IDENT:e"},
		{src: `"a\"b" "c"`, want: `STRING:"a\"b" STRING:"c"`},
		{src: "\"abc\ndef", want: "STRING:\"abc IDENT:def", errs: "0: string literal not terminated"},
		{src: "a // comment é\nb", want: "IDENT:a IDENT:b"},
		{src: "a /* x\n * é */ b", want: "IDENT:a IDENT:b"},
		{src: "a /* x", want: "IDENT:a", errs: "2: comment not terminated"},
		{src: "a // c", mode: ScanComments, want: "IDENT:a COMMENT:// c"},
		{src: "/*c*/a", mode: ScanComments, want: "COMMENT:/*c*/ IDENT:a"},
		{src: "+ ++ += - -- -= -> --> * *= / /= % %=", want: "+:+ ++:++ +=:+= -:- --:-- -=:-= ->:-> -->:--> *:* *=:*= /:/ /=:/= %:% %=:%="},
		{src: "& && &= | || |= ^ ^=", want: "&:& &&:&& &=:&= |:| ||:|| |=:|= ^:^ ^=:^="},
		{src: "< << <<= <= <? > >> >>= >= >?", want: "<:< <<:<< <<=:<<= <=:<= <?:<? >:> >>:>> >>=:>>= >=:>= >?:>?"},
		{src: "! != = == := : ' ? , ; . ( ) [ ] { }", want: "!:! !=:!= =:= ==:== :=::= ::: ':' ?:? ,:, ;:; .:. (:( ):) [:[ ]:] {:{ }:}"},
		{src: "x=<1 y=>2", want: "IDENT:x <=:=< INT:1 IDENT:y >=:=> INT:2"}, // UPPAAL 3.x spellings
		{src: "a<?b>?c", want: "IDENT:a <?:<? IDENT:b >?:>? IDENT:c"},
		{src: "i-->0", want: "IDENT:i -->:--> INT:0"},
		{src: "int bool clock chan double string void const meta urgent broadcast typedef struct scalar",
			want: "int:int bool:bool clock:clock chan:chan double:double string:string void:void const:const meta:meta urgent:urgent broadcast:broadcast typedef:typedef struct:struct scalar:scalar"},
		{src: "if else for while do return break continue forall exists system and or not imply true false",
			want: "if:if else:else for:for while:while do:do return:return break:break continue:continue forall:forall exists:exists system:system and:and or:or not:not imply:imply true:true false:false"},
		// Context keywords are names to the scanner.
		{src: "process state commit init trans select guard sync assign sum priority default progress hybrid branchpoint before_update after_update deadlock",
			want: "IDENT:process IDENT:state IDENT:commit IDENT:init IDENT:trans IDENT:select IDENT:guard IDENT:sync IDENT:assign IDENT:sum IDENT:priority IDENT:default IDENT:progress IDENT:hybrid IDENT:branchpoint IDENT:before_update IDENT:after_update IDENT:deadlock"},
		// Query tokens only in query mode.
		{src: "E<> A[] E[] A<>", want: "IDENT:E <:< >:> IDENT:A [:[ ]:] IDENT:E [:[ ]:] IDENT:A <:< >:>"},
		{src: "E<> A[] E[] A<>", mode: ScanQuery, want: "E<>:E<> A[]:A[] E[]:E[] A<>:A<>"},
		{src: "E <> x A\t[] deadlock", mode: ScanQuery, want: "E<>:E <> IDENT:x A[]:A\t[] deadlock:deadlock"},
		{src: "E.x A[i] E[<=", mode: ScanQuery, want: "IDENT:E .:. IDENT:x IDENT:A [:[ IDENT:i ]:] IDENT:E [:[ <=:<="},
		{src: "E", mode: ScanQuery, want: "IDENT:E"},
		{src: "EX<>", mode: ScanQuery, want: "IDENT:EX <:< >:>"},
		// Line continuation.
		{src: "a \\  \nb", want: "IDENT:a IDENT:b"},
		{src: "a \\ b", want: "IDENT:a ILLEGAL:\\ IDENT:b", errs: "2: illegal character U+005C '\\'"},
		// Bad input is an error, never a panic.
		{src: "a @ b", want: "IDENT:a ILLEGAL:@ IDENT:b", errs: "2: illegal character U+0040 '@'"},
		{src: "é", want: "ILLEGAL:é", errs: "0: illegal character U+00E9 'é'"},
		{src: "a\xffb", want: "IDENT:a ILLEGAL:\xff IDENT:b", errs: "1: invalid byte 0xff in text"},
		{src: "\x00", want: "ILLEGAL:\x00", errs: "0: illegal character U+0000"},
		{src: "\xef\xbb\xbfx", want: "IDENT:x"}, // a byte-order mark is skipped
		{src: "#x", want: "ILLEGAL:# IDENT:x", errs: "0: illegal character U+0023 '#'"},
	}
	for _, tt := range tests {
		toks, errs := scanAll(tt.src, tt.mode)
		if got := strings.Join(toks, " "); got != tt.want {
			t.Errorf("scan %q (mode %d):\n got  %s\n want %s", tt.src, tt.mode, got, tt.want)
		}
		if got := strings.Join(errs, "; "); got != tt.errs {
			t.Errorf("scan %q: errors %q, want %q", tt.src, got, tt.errs)
		}
	}
}

func TestScannerEOFRepeats(t *testing.T) {
	var s Scanner
	s.Init("x", 1, nil, 0)
	s.Scan()
	for i := 0; i < 3; i++ {
		if pos, tok, _ := s.Scan(); tok != EOF || pos != 2 {
			t.Fatalf("Scan after end = %v at %d, want EOF at 2", tok, pos)
		}
	}
}

func TestTokenNames(t *testing.T) {
	seen := map[string]Token{}
	for tok := ILLEGAL; tok <= keywordEnd; tok++ {
		name := tok.String()
		if strings.HasPrefix(name, "Token(") {
			t.Errorf("token %d has no name", int(tok))
		}
		if prev, dup := seen[name]; dup {
			t.Errorf("tokens %d and %d are both named %q", int(prev), int(tok), name)
		}
		seen[name] = tok
	}
	if got := Token(9999).String(); got != "Token(9999)" {
		t.Errorf("Token(9999).String() = %q", got)
	}
}

func TestKeywords(t *testing.T) {
	for word, want := range map[string]Token{
		"int": KwInt, "imply": KwImply, "system": KwSystem, "forall": KwForall,
		"sum": IDENT, "init": IDENT, "deadlock": IDENT, "fischer": IDENT,
	} {
		if got := Lookup(word); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", word, got, want)
		}
	}
	for word, want := range map[string]Token{
		"process": KwProcess, "state": KwState, "commit": KwCommit, "init": KwInit,
		"trans": KwTrans, "select": KwSelect, "guard": KwGuard, "sync": KwSync,
		"assign": KwAssign, "sum": KwSum, "priority": KwPriority, "default": KwDefault,
		"progress": KwProgress, "hybrid": KwHybrid, "branchpoint": KwBranchpoint,
		"before_update": KwBeforeUpdate, "after_update": KwAfterUpdate, "deadlock": KwDeadlock,
		"int": IDENT, "x": IDENT,
	} {
		if got := ContextKeyword(word); got != want {
			t.Errorf("ContextKeyword(%q) = %v, want %v", word, got, want)
		}
	}
	for tok := keywordBeg + 1; tok < keywordEnd; tok++ {
		if Lookup(tok.String()) != tok && ContextKeyword(tok.String()) != tok {
			t.Errorf("keyword %q is neither a keyword nor a context keyword", tok)
		}
	}
}
