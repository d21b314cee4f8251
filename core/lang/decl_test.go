package lang

import (
	"strings"
	"testing"
)

func TestVariableDecls(t *testing.T) {
	expectDecls(t, "int x;", "int x;")
	expectDecls(t, "int x, y = 2, z[3];", "int x, y = 2, z[3];")
	expectDecls(t, "const int N = 5;", "const int N = 5;")
	expectDecls(t, "int[0,N-1] id = 0;", "int[0,N - 1] id = 0;")
	expectDecls(t, "int[,5] a; int[-3,] b;", "int[,5] a;", "int[-3,] b;")
	expectDecls(t, "bool b[8], c[4];", "bool b[8], c[4];")
	expectDecls(t, "clock x, y;", "clock x, y;")
	expectDecls(t, "chan d; urgent chan e; broadcast chan f; urgent broadcast chan g[2];",
		"chan d;", "urgent chan e;", "broadcast chan f;", "urgent broadcast chan g[2];")
	expectDecls(t, "meta int swap; double d = 1.5; const string s = \"x\";",
		"meta int swap;", "double d = 1.5;", "const string s = \"x\";")
	expectDecls(t, "hybrid clock h;", "hybrid clock h;")
	expectDecls(t, "int a[2][3] = { { 1, 2, 3 }, { 4, 5, 6} };", "int a[2][3] = {{1, 2, 3}, {4, 5, 6}};")
	expectDecls(t, "int a[id_t][int[0,3]][scalar[2]];", "int a[id_t][int[0,3]][scalar[2]];")
	expectDecls(t, "struct { int a; bool b[2], c; } s1 = { 2, {true, false}, false };",
		"struct { int a; bool b[2], c; } s1 = {2, {true, false}, false};")
	expectDecls(t, "S s = { a: 1, b: { x: 2 } };", "S s = {a: 1, b: {x: 2}};")
	expectDecls(t, "id_t id := 0; int[0,2147483648] D:=0, D2:=0;", "id_t id = 0;", "int[0,2147483648] D = 0, D2 = 0;")
	expectDecls(t, "int x = y = 3;", "int x = y = 3;")
	expectDecls(t, "int init, state, select, sum, process, priority, deadlock;",
		"int init, state, select, sum, process, priority, deadlock;")
	expectDecls(t, "chan priority, b;", "chan priority, b;") // channels named priority and b
	expectDecls(t, "chan priority[2];", "chan priority[2];")
	expectDecls(t, "int x;;; int y;", "int x;", "int y;")
}

func TestTypeDecls(t *testing.T) {
	expectDecls(t, "typedef int[0,3] id_t;", "typedef int[0,3] id_t;")
	expectDecls(t, "typedef scalar[3] s_t, t_t[2];", "typedef scalar[3] s_t, t_t[2];")
	expectDecls(t, "typedef struct { int a; bool b; } S;", "typedef struct { int a; bool b; } S;")
	expectDecls(t, "typedef struct { int[0,3] a[2]; S inner; } T;", "typedef struct { int[0,3] a[2]; S inner; } T;")
	expectDecls(t, "meta struct { int x; } m;", "meta struct { int x; } m;")

	decls, _ := parseText("const meta urgent broadcast chan c;", ParseDeclarations)
	typ := decls[0].(*VarDecl).Type
	if typ.Qual != QConst|QMeta|QUrgent|QBroadcast || typ.Kind != TChan {
		t.Errorf("qualifiers = %b, kind %d", typ.Qual, typ.Kind)
	}
	for bit, want := range []int{0, 6, 11, 18} {
		if got := int(typ.QualAt[bit] - typ.Start); got != want {
			t.Errorf("QualAt[%d] at offset %d, want %d", bit, got, want)
		}
	}
	decls, _ = parseText("hybrid clock h;", ParseDeclarations)
	if typ := decls[0].(*VarDecl).Type; typ.Qual != QHybrid || typ.Kind != TClock {
		t.Errorf("hybrid clock: qualifiers %b, kind %d", typ.Qual, typ.Kind)
	}
}

func TestFunctionDecls(t *testing.T) {
	expectDecls(t, "int add(int a, int b) { return a + b; }", "int add(int a, int b) { return a + b; }")
	expectDecls(t, "void swap(int &a, int &b) { int c = a; a = b; b = c; }",
		"void swap(int &a, int &b) { int c = a; a = b; b = c; }")
	expectDecls(t, "void initialize(int& a[10]) { for (i : int[0,9]) { a[i] = i; } }",
		"void initialize(int &a[10]) { for (i : int[0,9]) { a[i] = i; } }")
	expectDecls(t, "bool f(const id_t i, msg_t &m) { return forall (j : id_t) m.x[j] != i; }",
		"bool f(const id_t i, msg_t &m) { return forall (j : id_t) m.x[j] != i; }")
	expectDecls(t, "id_t front() { return list[0]; }", "id_t front() { return list[0]; }")
	expectDecls(t, "void f() { }", "void f() { }")
	expectDecls(t, "void f() { typedef int[0,3] r; r x; const int k = 2; }",
		"void f() { typedef int[0,3] r; r x; const int k = 2; }")
}

func TestStatements(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{";", "{ ; }"},
		{"x = 1; x++; f(x);", "{ x = 1; x++; f(x); }"},
		{"{ x = 1; { } }", "{ { x = 1; { } } }"},
		{"if (x) y = 1;", "{ if (x) y = 1; }"},
		{"if (x) y = 1; else if (z) y = 2; else { y = 3; }", "{ if (x) y = 1; else if (z) y = 2; else { y = 3; } }"},
		{"if (a) if (b) x++; else x--;", "{ if (a) if (b) x++; else x--; }"}, // else binds to the nearest if
		{"for (i = 0; i < N; i++) s += a[i];", "{ for (i = 0; i < N; i++) s += a[i]; }"},
		{"for (;;) break;", "{ for (; ; ) break; }"},
		{"for (i : id_t) continue;", "{ for (i : id_t) continue; }"},
		{"for (i : int[0,3]) { }", "{ for (i : int[0,3]) { } }"},
		{"while (i < 3) i++;", "{ while (i < 3) i++; }"},
		{"do { i++; } while (i < 3);", "{ do { i++; } while (i < 3); }"},
		{"return;", "{ return; }"},
		{"return a ? b : c;", "{ return a ? b : c; }"},
		{"int i = 0, j; bool b; id_t k; struct { int a; } s;", "{ int i = 0, j; bool b; id_t k; struct { int a; } s; }"},
		{"sum = sum + 1; init = 2;", "{ sum = sum + 1; init = 2; }"}, // context keywords as names
	} {
		expectDecls(t, "void f() { "+tt.body+" }", "void f() "+tt.want)
	}
	decls, _ := parseText("void f() { if (a) x++; else x--; }", ParseDeclarations)
	ifs := decls[0].(*FuncDecl).Body.List[0].(*IfStmt)
	if _, ok := ifs.Else.(*ExprStmt); !ok {
		t.Errorf("else branch is %T", ifs.Else)
	}
}

func TestChanPriority(t *testing.T) {
	expectDecls(t, "chan a,b,c,d[2],e[2];\nchan priority a,d[0] < default < b,e;",
		"chan a, b, c, d[2], e[2];", "chan priority a, d[0] < default < b, e;")
	expectDecls(t, "chan priority default < A;", "chan priority default < A;")
	decls, _ := parseText("chan priority a < default, b[i][2];", ParseDeclarations)
	d := decls[0].(*ChanPriorityDecl)
	if len(d.Levels) != 2 || len(d.Levels[0]) != 1 || len(d.Levels[1]) != 2 || d.Levels[1][0] != nil {
		t.Errorf("levels = %v", d.Levels)
	}
}

func TestSystemSection(t *testing.T) {
	decls, errs := parseText(`
		const int N = 2;
		P1 = Q();
		P2() = Q();
		S = R(x, 1);
		Q(int &x, const int i) = P(x, data[i].a, 2 * data[i].c);
		Kim := P();
		int f(int a) { return a; }
		system P1, P2 < S, Q < Kim;
		progress { x; y + z; }
		gantt { T(i : id_t): T(i).a -> 1, for (j : id_t) T(i).b[j] -> 2; }`, ParseSystem)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var got []string
	for _, d := range decls {
		got = append(got, DeclString(d))
	}
	want := []string{
		"const int N = 2;",
		"P1 = Q();",
		"P2() = Q();",
		"S = R(x, 1);",
		"Q(int &x, const int i) = P(x, data[i].a, 2 * data[i].c);",
		"Kim = P();",
		"int f(int a) { return a; }",
		"system P1, P2 < S, Q < Kim;",
		"<progress measure>",
		"<gantt chart>",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("system section:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
	if inst := decls[1].(*InstantiationDecl); inst.HasParams || inst.Params != nil {
		t.Errorf("P1 = Q(): HasParams %v", inst.HasParams)
	}
	if inst := decls[2].(*InstantiationDecl); !inst.HasParams || len(inst.Params) != 0 {
		t.Errorf("P2() = Q(): HasParams %v, params %d", inst.HasParams, len(inst.Params))
	}
	sys := decls[7].(*SystemDecl)
	if len(sys.Levels) != 3 || len(sys.Levels[0]) != 2 || len(sys.Levels[1]) != 2 || len(sys.Levels[2]) != 1 {
		t.Errorf("system levels = %v", sys.Levels)
	}
}

func TestUnsupportedDecls(t *testing.T) {
	expectDecls(t, `
		int a;
		before_update { a = 1 }
		after_update { a = 2 }
		import "/lib/libx.so" { int32_t get(int n); is_safe = bool safe(); };
		dynamic Child(int x);
		progress { a; }
		gantt { G: true -> 1; }
		IO P1 { a, b[1] }
		IO P2 { c };
		int b;`,
		"int a;",
		"<before_update block>",
		"<after_update block>",
		"<external function import>",
		"<dynamic template declaration>",
		"<progress measure>",
		"<gantt chart>",
		"<IO declaration>",
		"<IO declaration>",
		"int b;")
	// The same words are names elsewhere.
	expectDecls(t, "int progress, gantt, dynamic, import; void f() { progress = gantt + dynamic + import; }",
		"int progress, gantt, dynamic, import;", "void f() { progress = gantt + dynamic + import; }")
	expectDecls(t, "typedef int[0,1] IO; IO x; IO y[2];", "typedef int[0,1] IO;", "IO x;", "IO y[2];")
}

func TestParameters(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"const int id, int &x, clock &c[3], urgent chan &a", "const int id|int &x|clock &c[3]|urgent chan &a"},
		{"bool &activated, urgent chan &pushed", "bool &activated|urgent chan &pushed"},
		{"const int[0,N-1] id", "const int[0,N - 1] id"},
		{"int[0, n-1] &x", "int[0,n - 1] &x"},
		{"const r_id id, bool preemptive, policy_t policy", "const r_id id|bool preemptive|policy_t policy"},
		{"int a[id_t][2]", "int a[id_t][2]"},
		// UPPAAL 3.x: ';' separators, shared types, untyped const.
		{"int a; bool b", "int a|bool b"},
		{"int a, b; const c, d", "int a|int b|const int c|const int d"},
	} {
		params, errs := parseText(tt.src, ParseParameters)
		if len(errs) > 0 {
			t.Errorf("ParseParameters(%q): %v", tt.src, errs)
			continue
		}
		var got []string
		for _, p := range params {
			got = append(got, ParamString(p))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("ParseParameters(%q) = %s, want %s", tt.src, strings.Join(got, "|"), tt.want)
		}
	}
	params, _ := parseText("int &x", ParseParameters)
	if !params[0].Ref || params[0].Amp-params[0].Pos() != 4 {
		t.Errorf("int &x: Ref %v, Amp at %d", params[0].Ref, params[0].Amp-params[0].Pos())
	}
}

func TestSelectLabels(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"i : pid_t", "i : pid_t"},
		{"i:int[M,N]", "i : int[M,N]"},
		{"i : int[0,3], j : id_t", "i : int[0,3], j : id_t"},
	} {
		sel, errs := parseText(tt.src, ParseSelect)
		if len(errs) > 0 {
			t.Errorf("ParseSelect(%q): %v", tt.src, errs)
			continue
		}
		var got []string
		for _, b := range sel {
			got = append(got, b.Name.Name+" : "+TypeString(b.Type))
		}
		if strings.Join(got, ", ") != tt.want {
			t.Errorf("ParseSelect(%q) = %s, want %s", tt.src, strings.Join(got, ", "), tt.want)
		}
	}
}

func TestSyncLabels(t *testing.T) {
	for _, tt := range []struct {
		src  string
		send bool
		ch   string
	}{
		{"a!", true, "a"},
		{"c?", false, "c"},
		{" go[id] ? ", false, "go[id]"},
		{"appr[e]!", true, "appr[e]"},
		{"ch[i+1][j]!", true, "ch[i + 1][j]"},
		{"s.c[1]?", false, "s.c[1]"},
	} {
		s, errs := parseText(tt.src, ParseSync)
		if len(errs) > 0 {
			t.Errorf("ParseSync(%q): %v", tt.src, errs)
			continue
		}
		if s.Send != tt.send || ExprString(s.Chan) != tt.ch {
			t.Errorf("ParseSync(%q) = %s send=%v, want %s send=%v", tt.src, ExprString(s.Chan), s.Send, tt.ch, tt.send)
		}
	}
}

func TestUpdateLabels(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"x = 0", "x = 0"},
		{"x:= 0", "x := 0"},
		{"pc:=0,y:=0,z:=0", "pc := 0|y := 0|z := 0"},
		{"obs=i, in[i-M]--", "obs = i|in[i - M]--"},
		{"enqueue(e), x = 0", "enqueue(e)|x = 0"},
		{"x = y ? 1 : 2, b = !b", "x = y ? 1 : 2|b = !b"},
	} {
		list, errs := parseText(tt.src, ParseUpdate)
		if len(errs) > 0 {
			t.Errorf("ParseUpdate(%q): %v", tt.src, errs)
			continue
		}
		var got []string
		for _, e := range list {
			got = append(got, ExprString(e))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("ParseUpdate(%q) = %s, want %s", tt.src, strings.Join(got, "|"), tt.want)
		}
	}
}

func TestQueries(t *testing.T) {
	for _, tt := range []struct {
		src  string
		kind QueryKind
		want string
	}{
		{"E<> P(1).cs", QueryEF, "E<> P(1).cs"},
		{"A[] not deadlock", QueryAG, "A[] not deadlock"},
		{"A[] !deadlock", QueryAG, "A[] !deadlock"},
		{"A[](not deadlock)", QueryAG, "A[] (not deadlock)"},
		{"E[] !Pv_v.err", QueryEG, "E[] !Pv_v.err"},
		{"A<> Process.Goal", QueryAF, "A<> Process.Goal"},
		{"E <> x > 1", QueryEF, "E<> x > 1"},
		{"A [] x", QueryAG, "A[] x"},
		{"Train(0).Appr --> Train(0).Cross", QueryLeadsTo, "Train(0).Appr --> Train(0).Cross"},
		{"p --> q || r", QueryLeadsTo, "p --> q || r"},
		{"E<> E.Escape", QueryEF, "E<> E.Escape"}, // a process named E
		{"A[1] --> A[2]", QueryLeadsTo, "A[1] --> A[2]"},
		{"sup --> inf", QueryLeadsTo, "sup --> inf"},
		{"sup: Task(0).wcrt , Task(1).wcrt", QuerySup, "sup: Task(0).wcrt, Task(1).wcrt"},
		{"sup{Train(1).Crossing}: Train(1).x", QuerySup, "sup{Train(1).Crossing}: Train(1).x"},
		{"inf {Task(3).EndPeriod}: Task(3).wcrt", QueryInf, "inf{Task(3).EndPeriod}: Task(3).wcrt"},
		{"A[] forall (i : id_t) forall (j : id_t) P(i).cs && P(j).cs imply i == j", QueryAG,
			"A[] forall (i : id_t) forall (j : id_t) P(i).cs && P(j).cs imply i == j"},
		{"/* comment */ E<> x // trailing", QueryEF, "E<> x"},
		{"A[] (Door1.opening imply User1.w<=31) and \n (Door2.opening imply User2.w<=31)", QueryAG,
			"A[] (Door1.opening imply User1.w <= 31) and (Door2.opening imply User2.w <= 31)"},
	} {
		q, errs := parseText(tt.src, ParseQuery)
		if len(errs) > 0 {
			t.Errorf("ParseQuery(%q): %v", tt.src, errs)
			continue
		}
		if q.Kind != tt.kind || QueryString(q) != tt.want {
			t.Errorf("ParseQuery(%q) = kind %d %q, want kind %d %q", tt.src, q.Kind, QueryString(q), tt.kind, tt.want)
		}
	}
}

func TestUnsupportedQueries(t *testing.T) {
	for _, tt := range []struct{ src, what string }{
		{"bounds{x}: y", "bounds query (bounds)"},
		{"bounds: x, y", "bounds query (bounds)"},
		{"sup: x under Safe", "query under a strategy (under)"},
		{"simulate 1 [<=1] { x }", "simulation query (simulate)"},
		{"simulate [<=10] { x, y+z } : 2 : goal", "simulation query (simulate)"},
		{"Pr[# <= 20]([] forall (i : id_t) P(i).x) >= 0.98", "probability query (Pr)"},
		{"Pr[ <= 600](<> Train(1).Cross) >=", "probability query (Pr)"},
		{"Pr[<=10](<> best) >= Pr[<=10](<> good)", "probability query (Pr)"},
		{"E[ <= 100; 20000](max: sum(i:id_t) Train(i).Stop)", "expected value estimation (E[...])"},
		{"E[#<=10](min: x)", "expected value estimation (E[...])"},
		{"E[c<=10](min: x)", "expected value estimation (E[...])"},
		{"A[ safe U goal ]", "until query (A[ p U q ])"},
		{"A[ (a[1]) W goal ]", "until query (A[ p U q ])"},
		{"control: A[] safe", "controller synthesis query (control:)"},
		{"E<> control: A<> goal", "cooperative controller synthesis query (E<> control:)"},
		{"{ x, y } control: A[] safe", "partial-observation controller synthesis query ({...} control:)"},
		{"control_t*(5): A<> goal", "time-optimal controller synthesis query (control_t*)"},
		{"strategy Safe = A[] safe", "strategy assignment (strategy)"},
		{`saveStrategy("f.json", Safe)`, "strategy saving (saveStrategy)"},
		{`loadStrategy{i}->{d}("f.json")`, "strategy loading (loadStrategy)"},
		{"minE(cost) [<=10] : <> goal", "learning query (minE)"},
		{"maxE(gain) [<=10] { i } -> { d } : <> goal", "learning query (maxE)"},
		{"A[] good under Safe", "query under a strategy (under)"},
		{"E<> goal under Safe", "query under a strategy (under)"},
		{"sat: Scenario", "scenario query (sat:)"},
		{"refinement: A <= B", "timed I/O refinement query (refinement:)"},
	} {
		q, errs := parseText(tt.src, ParseQuery)
		if len(errs) > 0 {
			t.Errorf("ParseQuery(%q): unexpected errors %v", tt.src, errs)
			continue
		}
		if q.Kind != QueryUnsupported || q.What != tt.what || q.Prop != nil {
			t.Errorf("ParseQuery(%q) = kind %d %q, want unsupported %q", tt.src, q.Kind, q.What, tt.what)
		}
	}
}
