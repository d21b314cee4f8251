// Cross-checks of the compiled closures (closure.go, closure_stmt.go)
// against the reference interpreter (eval.go): hand-written models that
// reach every node kind and every run-time error, then random reachable
// states of the corpus models.

package model

import (
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"beeline/core/ir"
	"beeline/core/lang"
	"beeline/core/source"
	"beeline/core/uppaal"
)

// maxSelections caps the select combinations tried per edge and state,
// and maxComparisons the comparisons per corpus model (the largest models
// have thousands of edges: a few states are enough there).
const (
	maxSelections  = 16
	maxComparisons = 50000
)

// snapshot is what one evaluation starts from.
type snapshot struct{ locs, vars, meta, sel []int32 }

// crossCheck compares the closures with the interpreter on one network.
// Each comparison starts both from the same snapshot, in Envs of their
// own, and compares the run-time error always, and the values, writes,
// clock resets and stack balance when there is no error: after an error
// they are unspecified (see eval.go), so differences there are only
// counted.
type crossCheck struct {
	t       *testing.T
	n       *Network
	rng     *rand.Rand
	queries []*Formula
	// tinyStack starts every evaluation with an empty stack, so that
	// every frame grows it: a write through a stale stack shows.
	tinyStack bool
	env       [2]*Env // closures, interpreter

	evals, errs, postErr int
	byKind               map[string]int // comparisons by what was compared
	msgs                 []string       // the errors both sides reported
}

func newCrossCheck(t *testing.T, n *Network) *crossCheck {
	return &crossCheck{t: t, n: n, rng: rand.New(rand.NewSource(1)), env: [2]*Env{n.NewEnv(), n.NewEnv()}, byKind: map[string]int{}}
}

// prepare loads s into env.
func (c *crossCheck) prepare(env *Env, s *snapshot) *Env {
	env.Reset()
	env.Locs = s.locs
	env.Vars = append(env.Vars[:0], s.vars...)
	copy(env.Meta, s.meta)
	copy(env.Sel, s.sel)
	if c.tinyStack {
		env.stack = nil
	}
	return env
}

// compare runs one evaluation through the closures (viaC) and the
// interpreter (viaR) and reports a difference.
func (c *crossCheck) compare(kind string, what func() string, s *snapshot, viaC, viaR func(*Env) []int32) {
	ce, re := c.prepare(c.env[0], s), c.prepare(c.env[1], s)
	cv, rv := viaC(ce), viaR(re)
	c.evals++
	c.byKind[kind]++
	if d := c.errDiff(ce.Err, re.Err); d != "" {
		c.t.Errorf("%s in %s:\n%s", what(), c.n.Describe(s.locs, s.vars), d)
		return
	}
	if ce.fp != 0 || ce.sp != 0 || re.fp != 0 || re.sp != 0 {
		c.t.Errorf("%s: frames left on the stack: closures fp=%d sp=%d, interpreter fp=%d sp=%d", what(), ce.fp, ce.sp, re.fp, re.sp)
	}
	d := c.stateDiff(cv, rv, ce, re)
	if ce.Err != nil {
		c.errs++
		c.msgs = append(c.msgs, ce.Err.Msg)
		if d != "" {
			c.postErr++
		}
		return
	}
	if d != "" {
		c.t.Errorf("%s in %s:\n%s", what(), c.n.Describe(s.locs, s.vars), d)
	}
}

// errDiff describes how two run-time errors differ ("" when alike).
func (c *crossCheck) errDiff(ce, re *RuntimeError) string {
	str := func(e *RuntimeError) string {
		if e == nil {
			return "no error"
		}
		return c.n.FS.Position(e.Pos).String() + ": " + e.Msg
	}
	if (ce == nil) == (re == nil) && (ce == nil || *ce == *re) {
		return ""
	}
	return "closures:    " + str(ce) + "\ninterpreter: " + str(re)
}

// stateDiff describes how the values and the Envs after two evaluations
// differ ("" when alike).
func (c *crossCheck) stateDiff(cv, rv []int32, ce, re *Env) string {
	switch {
	case !slices.Equal(cv, rv):
		return fmt.Sprintf("values: closures %v, interpreter %v", cv, rv)
	case !slices.Equal(ce.Resets, re.Resets):
		return fmt.Sprintf("clock resets: closures %v, interpreter %v", ce.Resets, re.Resets)
	case !slices.Equal(ce.Meta, re.Meta):
		return fmt.Sprintf("meta: closures %v, interpreter %v", ce.Meta, re.Meta)
	}
	for i := range ce.Vars {
		if ce.Vars[i] != re.Vars[i] {
			return fmt.Sprintf("%s: closures wrote %d, interpreter %d", c.n.Vars[i].Name, ce.Vars[i], re.Vars[i])
		}
	}
	return ""
}

// state compares every invariant, guard, synchronisation and update of
// the network, under the select values of selections, and every query
// atom, in one discrete state.
func (c *crossCheck) state(locs, vars, meta []int32) {
	s := &snapshot{locs: locs, vars: vars, meta: meta, sel: make([]int32, len(c.env[0].Sel))}
	for _, p := range c.n.Processes {
		for _, l := range p.Locations {
			if l.Invariant != nil {
				c.guard("invariant", func() string { return "invariant of " + p.Name + "." + l.Label() }, s, l.Invariant)
			}
		}
		for _, e := range p.Edges {
			for _, sel := range c.selections(e) {
				copy(s.sel, sel)
				c.edge(p, e, s)
			}
		}
	}
	for _, f := range c.queries {
		c.prop(f.Text, s, f.Prop, f.Frame)
		c.prop(f.Text, s, f.Right, f.Frame)
	}
}

// selections returns the select values to try on e: every combination
// when there are at most maxSelections, else that many random ones.
func (c *crossCheck) selections(e *Edge) [][]int32 {
	total := int64(1)
	for _, s := range e.Select {
		total = min(total*(int64(s.Hi)-int64(s.Lo)+1), maxSelections+1)
	}
	var out [][]int32
	for k := int64(0); k < min(total, maxSelections); k++ {
		sel, rest := make([]int32, len(e.Select)), k
		for i, s := range e.Select {
			size := int64(s.Hi) - int64(s.Lo) + 1
			if total > maxSelections {
				sel[i] = s.Lo + int32(c.rng.Int63n(size))
				continue
			}
			sel[i], rest = s.Lo+int32(rest%size), rest/size
		}
		out = append(out, sel)
	}
	return out
}

// guard compares a guard or invariant: the integer part, then each clock
// constraint's I, J and bound.
func (c *crossCheck) guard(kind string, what func() string, s *snapshot, g *Guard) {
	c.compare(kind, what, s, func(e *Env) []int32 {
		out := []int32{1}
		if g.Int != nil {
			out[0] = g.Int(e)
		}
		for k := range g.Clocks {
			i, j := g.Clocks[k].Index(e)
			out = append(out, i, j, g.Clocks[k].Value(e), ir.B2I(g.Clocks[k].Strict))
		}
		return out
	}, func(e *Env) []int32 {
		v, cs := c.n.EvalGuard(g.Src, e)
		out := []int32{v}
		for _, cc := range cs {
			out = append(out, cc.I, cc.J, cc.Bound, ir.B2I(cc.Strict))
		}
		return out
	})
}

// edge compares the guard, the channel and the update of e.
func (c *crossCheck) edge(p *Process, e *Edge, s *snapshot) {
	what := func(part string) func() string {
		return func() string {
			return fmt.Sprintf("%s of %s edge %d at %s, select %v", part, p.Name, e.Index, c.n.FS.Position(e.Pos), s.sel[:len(e.Select)])
		}
	}
	if e.Guard != nil {
		c.guard("guard", what("guard"), s, e.Guard)
	}
	if e.Sync != nil {
		c.compare("channel", what("channel"), s, func(env *Env) []int32 {
			if e.Sync.ChanFn != nil {
				return []int32{e.Sync.ChanFn(env)}
			}
			return []int32{e.Sync.Chan}
		}, func(env *Env) []int32 { return []int32{c.n.EvalObject(e.Sync.Src, e.Sync.Frame, env)} })
	}
	if (e.Update == nil) != (e.Assign == nil) {
		c.t.Errorf("%s: compiled update and resolved form disagree on being there", what("update")())
	}
	if e.Update != nil {
		c.compare("update", what("update"), s, func(env *Env) []int32 {
			e.Update(env)
			return nil
		}, func(env *Env) []int32 { c.n.EvalUpdate(e.Assign, env); return nil })
	}
}

// prop compares the atoms and clock constraints of a query.
func (c *crossCheck) prop(text string, s *snapshot, p *Prop, frame int32) {
	if p == nil {
		return
	}
	what := func() string { return "query " + text }
	switch p.Op {
	case PropAtom:
		c.compare("query atom", what, s, func(e *Env) []int32 { return []int32{p.Atom(e)} },
			func(e *Env) []int32 { return []int32{c.n.EvalLabel(p.Expr, frame, e)} })
	case PropClock:
		c.compare("query clock constraint", what, s, func(e *Env) []int32 {
			i, j := p.Clock.Index(e)
			return []int32{i, j, p.Clock.Value(e)}
		}, func(e *Env) []int32 {
			i, j, b := c.n.EvalConstraint(p.Constraint, frame, e)
			return []int32{i, j, b}
		})
	}
	for _, a := range p.Args {
		c.prop(text, s, a, frame)
	}
}

// addQuery compiles a query for the comparisons; it reports whether the
// query compiled.
func (c *crossCheck) addQuery(text string, pos source.Pos) bool {
	var errs source.List
	q := lang.ParseQuery(text, pos, &errs)
	if errs.HasErrors() {
		return false
	}
	f := c.n.CompileQuery(q, &errs)
	if f == nil || f.Prop == nil {
		return false
	}
	c.queries = append(c.queries, f)
	return true
}

// randomState returns a state with every variable drawn from its range
// (and now and then just outside it) and random locations: not
// reachable, but it drives indices and divisors to their errors.
func (c *crossCheck) randomState() (locs, vars, meta []int32) {
	draw := func(v Var) int32 {
		if c.rng.Intn(8) == 0 {
			return v.Lo + int32(c.rng.Intn(7)) - 3
		}
		return v.Lo + int32(c.rng.Int63n(int64(v.Hi)-int64(v.Lo)+1))
	}
	for _, p := range c.n.Processes {
		locs = append(locs, int32(c.rng.Intn(len(p.Locations))))
	}
	for _, v := range c.n.Vars {
		vars = append(vars, draw(v))
	}
	for _, v := range c.n.Meta {
		meta = append(meta, draw(v))
	}
	return locs, vars, meta
}

// The hand-written models. evalDecls declares something of every kind
// of storage and a function for every kind of statement and argument.
const evalDecls = `typedef int[0,3] id_t;
typedef struct { int a; int[0,9] b; } S;
const int K[4] = {4, 3, 2, 1};
const S KS = {7, 8};
int x; int y = 5; int[0,10] r; int i = 1; int[-2147483648,2147483647] w = 2147483647;
int a[4] = {1, 2, 3, 4}; int b[4]; int[0,3] small[4]; int m2[2][3];
S s = {1, 2}; S u;
meta int mv;
clock c[2]; clock z;
int add(int p, int q) { return p + q; }
int sum(int v[4]) { int t = 0; for (k : id_t) t += v[k]; return t; }
void inc(int &v) { v++; }
void setAll(int &v[4], int w) { for (k : id_t) v[k] = w; }
void put(int[0,3] &v[4], int k, int w) { v[k] = w; }
int get(const int &v) { return v; }
int field(const S &p) { return p.b; }
int loops() {
  int k = 0; int t = 0;
  while (k < 6) { k++; if (k == 2) continue; if (k == 5) break; t += k; }
  do { t--; } while (t > 100);
  for (k = 0; k < 2; k++) t += k;
  for (k = 0; ; k++) { if (k > 3) break; }
  return t + k;
}
int fill() { int q[3]; int w; w = q[1]; return w + q[2]; }
void reset(clock &cl, int v) { cl = v; }
int ident(int[0,3] p) { return p; }
int[0,3] back(int p) { return p; }
int seqf() { int k, j; for (k = 0, j = 3; k < j; k++, j--) { } while (k++, k < 5) { } return k + j; }
bool same() { return a == b; }
bool differ(S p) { return p != s; }
int nest() { return add(add(1, get(y + 1)), sum(a)) + field(s) + field(KS); }
void noReturn() { inc(x); }
int leak() { add(1, 2); }
int none() { x = 1; }
void stopAfter() { int k; for (k = 0; k < 3; x++) { r = 50; } }
int big() { int q[100]; q[99] = 41; return q[99] + 1; }
`

// evalCases are updates and guards over evalDecls, each with a run-time
// error it gives on the initial state or one of the random states ("" for
// none).
var evalCases = []struct{ guard, update, want string }{
	{"", "x = add(y, 2) + sum(a) + get(3) + get(y * 2) + nest()", ""},
	{"", "inc(x), inc(a[i]), setAll(b, 7), x = loops() + fill(), noReturn()", ""},
	{"", "x = seqf(), y = same() + differ(u) + (a == a) + (s != u)", ""},
	{"", "u = s, b = a, small = small, u = KS", ""},
	{"", "x = -y + !y + abs(y - 9) + (y > 3 ? 1 : 2) + (y < 3 ? 1 : 2)", ""},
	{"", "x = y << 2 | y >> 1 ^ y & 3, x = x <? 5 >? 2, x = y ** 2 % 7 / 2", ""},
	{"", "x = (y > 1) imply (x > 2) || y < 0 && x != 3, x = (y <= 5) + (y >= 6) + (y == 5) - (y != 4)", ""},
	{"", "x = 7, x += 3, x -= 1, x *= 2, x /= 3, x %= 5, x &= 7, x |= 8, x ^= 2, x <<= 1, x >>= 1", ""},
	{"", "x = y++, x = ++y + x, x = y-- + x, x = --y + x, a[i]++, --a[i + 1]", ""},
	{"", "c[i] = y, z = 0, reset(c[0], 3), reset(z, i)", ""},
	{"", "mv = y, x = mv + 1, mv += 2", ""},
	{"", "m2[i][i + 1] = 4, x = m2[1][2] + K[i] + KS.b + s.b + u.a", ""},
	{"", "x = forall (k : id_t) a[k] > 0, x = x + exists (k : id_t) a[k] == 3 + (sum (k : id_t) a[k])", ""},
	{"forall (k : id_t) a[k] > 0 && c[i] - c[0] < K[i] && z >= y && exists (k : id_t) a[k] == y - 2", "", ""},
	{"c[i] <= (sum (k : id_t) a[k]) && c[0] - z > -y && y > 2", "", ""},
	{"", "x = get(big()) + get(big() + y) + add(big(), get(big()))", ""}, // frames that outgrow the stack inside a spill argument
	{"", "y = add(1, 2) + none() + leak()", ""},                          // no return: the last call's result
	{"", "x = 1 / (y - 5)", "division by zero"},
	{"", "x = y % (y - 5)", "division by zero"},
	{"", "x = 1, x /= (y - 5)", "division by zero"},
	{"", "x = 1 << (y - 6)", "shift by a negative count"},
	{"", "x = 2 ** (y - 6)", "negative exponent"},
	{"", "a[y] = 1", "array index 5 out of range [0,3]"},
	{"", "x = a[y] + 1", "array index 5 out of range [0,3]"},
	{"", "m2[1][y] = 1", "array index 5 out of range [0,2]"},
	{"", "r = y * 3", "assignment out of range: r = 15"},
	{"", "r += 20", "assignment out of range: r = 20"},
	{"", "small[1]--", "assignment out of range: small[1] = -1"},
	{"", "u.b = 10", "assignment out of range: u.b = 10"},
	{"", "small = small", "assignment out of range: small = "}, // random states only
	{"", "mv = 70000", "assignment out of range: mv = 70000"},
	{"", "c[0] = -y", "negative clock value: -5"},
	{"", "reset(c[1], -1)", "negative clock value: -1"},
	{"", "x = ident(y)", "argument out of range: p = 5"},
	{"", "x = back(y)", "return value out of range: 5"},
	{"", "x = 2 + add(1, a[y])", "array index 5 out of range [0,3]"},
	// Out of range twice: a global reports the index first, a reference
	// parameter the value first (writer checks it before the address).
	{"", "small[y] = 9", "array index 5 out of range [0,3]"},
	{"", "put(small, y, 9)", "assignment out of range: v[k] = 9"},
	{"", "put(small, y, 2)", "array index 5 out of range [0,3]"},
	{"", "x = 1 / (y - 5), a[y] = 1", "division by zero"},
	// 32-bit overflow is an error, never a wrap (issue 29).
	{"", "w = w + 1", "integer overflow: 2147483647 + 1 does not fit in 32 bits"},
	{"", "w = w + y", "integer overflow: 2147483647 + 5 does not fit in 32 bits"},
	{"", "w = -w - y", "integer overflow: -2147483647 - 5 does not fit in 32 bits"},
	{"", "w = -w - 1, w = w - 1", "integer overflow: -2147483648 - 1 does not fit in 32 bits"},
	{"", "w = w * y", "integer overflow: 2147483647 * 5 does not fit in 32 bits"},
	{"", "w = 65536 * (y + 65531)", "integer overflow: 65536 * 65536 does not fit in 32 bits"},
	{"", "w = -w - 1, w = -w", "integer overflow: -(-2147483648) does not fit in 32 bits"},
	{"", "w = -w - 1, w = abs(w)", "integer overflow: abs(-2147483648) does not fit in 32 bits"},
	{"", "w = -w - 1, w = w / (y - 6)", "integer overflow: -2147483648 / -1 does not fit in 32 bits"},
	{"", "w = -w - 1, w = w % (y - 6)", "integer overflow: -2147483648 % -1 does not fit in 32 bits"},
	{"", "x = 1 << (y + 27)", "shift by 32: the count must be below 32"},
	{"", "x = 1 >> (y + 27)", "shift by 32: the count must be below 32"},
	{"", "w = y << 30", "integer overflow: 5 << 30 does not fit in 32 bits"},
	{"", "w = y ** 14", "integer overflow: 5 ** 14 does not fit in 32 bits"},
	{"", "w = -y ** 15", "integer overflow: -5 ** 15 does not fit in 32 bits"},
	{"", "w++", "integer overflow: 2147483647 + 1 does not fit in 32 bits"},
	{"", "w = -w - 1, --w", "integer overflow: -2147483648 + -1 does not fit in 32 bits"},
	{"", "w += y", "integer overflow: 2147483647 + 5 does not fit in 32 bits"},
	{"", "w *= y", "integer overflow: 2147483647 * 5 does not fit in 32 bits"},
	{"", "w = sum (k : id_t) w", "integer overflow: 2147483647 + 2147483647 does not fit in 32 bits"},
	// Two errors in one expression: the one evaluated first wins.
	{"", "x = a[y] + 1 / (y - 5)", "array index 5 out of range [0,3]"},
	{"", "a[y] += 1 / (y - 5)", "array index 5 out of range [0,3]"},
	{"", "c[y] = -y", "negative clock value: -5"},
	{"", "m2[y] = m2[y - 10]", "array index 5 out of range [0,1]"},
	{"", "x = (m2[y] != m2[y - 10]) + ident(y)", "array index 5 out of range [0,1]"},
	{"", "x = ident(y) + add(1 / (y - 5), a[y])", "argument out of range: p = 5"},
	// After an error only the error is compared: here the closures go on
	// differently (the refused value 9 is the store's value; the loop's
	// one-statement block does not stop it, so x++ runs once more).
	{"", "x = (small[i] = 9) + 1", "assignment out of range: small[i] = 9"},
	{"", "stopAfter()", "assignment out of range: r = 50"},
	{"a[y] > 0", "", "array index 5 out of range [0,3]"},
	{"c[y] < 3", "", "array index 5 out of range [0,1]"},
	{"z < K[y]", "", "array index 5 out of range [0,3]"},
	{"y / (y - 5) > 0 && c[y] < 3", "", "division by zero"},
}

// evalModels are whole models: selects, synchronisations, invariants,
// template parameters and queries.
var evalModels = []struct{ src, query, want string }{
	{`typedef int[0,3] id_t; int y = 5; int x; clock c[2]; chan ch[4]; int D[4] = {1, 2, 3, 4};
process P(const id_t id) { clock w;
  state A { c[id % 2] <= D[id] && w - c[0] <= y }, B { c[y] <= 3 }, C; init A;
  trans A -> B { select j : id_t, k : int[-2,2]; guard j != id && c[j % 2] > k; sync ch[j]!; assign x = j * k, c[j % 2] = j; },
        A -> C { sync ch[y]?; },
        B -> A { select j : int[0, 40]; guard D[j % 4] > 1; assign x = j; }; }
system P;`, "", "array index 5 out of range [0,1]"},
	{queryModel, "E<> exists (i : id_t) P(i).v == g && P(g).v >= 0", ""},
	{queryModel, "A[] P(g + 2).idle || forall (i : id_t) P(i).c - x < g", "process index 3 out of range [0,2]"},
	{`int[-1,3] g = 1; int[-1,3] h = 0;
process Q(const int[0,2] a, const int[0,1] b) { int v = a * 2 + b; state A, B; init A; trans A -> B { }; }
system Q;`, "E<> Q(g, h).v == g * 2 + h && Q(h, g).A", "process index 3 out of range [0,2]"},
	{queryModel, "E<> P(1).c > 3 && x - P(1).c <= g + 1 && Gate.free", ""},
}

// expectAgree loads src and checks closures against the interpreter on
// the initial state and on random states, where an error containing want
// must occur unless want is empty. It returns the checker.
func expectAgree(t *testing.T, src, query, want string) *crossCheck {
	t.Helper()
	n := mustLoad(t, src)
	c := newCrossCheck(t, n)
	if query != "" && !c.addQuery(query, n.FS.AddText("query", query).Pos(0)) {
		t.Fatalf("query %q does not compile", query)
	}
	for _, stackless := range []bool{false, true} {
		c.tinyStack = stackless
		locs, vars := n.InitialState()
		c.msgs = nil
		c.state(locs, vars, initialMeta(n))
		for k := 0; k < 30; k++ {
			c.state(c.randomState())
		}
		if want != "" && !slices.ContainsFunc(c.msgs, func(m string) bool { return strings.Contains(m, want) }) {
			t.Errorf("no run-time error contains %q; got %q", want, slices.Compact(c.msgs))
		}
	}
	return c
}

// TestEvalAgreesWithClosures compares closures and interpreter on the
// hand-written models and checks that together they reach every node
// kind, argument kind and storage space of the resolved form.
func TestEvalAgreesWithClosures(t *testing.T) {
	seen := irKinds{}
	total, postErr := 0, 0
	for _, tc := range evalCases {
		t.Run(tc.guard+tc.update, func(t *testing.T) {
			c := expectAgree(t, tiny(evalDecls, "", tc.guard, tc.update), "", tc.want)
			seen.network(c)
			total, postErr = total+c.evals, postErr+c.postErr
		})
	}
	for k, m := range evalModels {
		t.Run(fmt.Sprintf("model %d %s", k, m.query), func(t *testing.T) {
			c := expectAgree(t, m.src, m.query, m.want)
			seen.network(c)
			total, postErr = total+c.evals, postErr+c.postErr
		})
	}
	var missing []string
	for _, k := range allIRKinds {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the hand-written models never reach %v", missing)
	}
	t.Logf("%d cases, %d comparisons (%d with different values or writes after an error)", len(evalCases)+len(evalModels), total, postErr)
}

// TestEvalCorpus walks random reachable discrete states of every corpus
// model and compares closures and interpreter on every invariant, guard,
// channel, update and query atom in each.
func TestEvalCorpus(t *testing.T) {
	m, qfiles := manifest(t)
	var paths []string
	for path, support := range m {
		if support == "yes" {
			paths = append(paths, path)
		}
	}
	sort.Strings(paths)
	var models, states, queries, errs, postErr int
	byKind := map[string]int{}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			n, fs, _, doc := loadFile(t, filepath.Join(modelsDir, path))
			if n == nil {
				t.Skip("does not load")
			}
			c := newCrossCheck(t, n)
			c.corpusQueries(t, fs, doc.Queries, qfiles[path])
			states += c.walk(4, 40)
			models, queries = models+1, queries+len(c.queries)
			errs, postErr = errs+c.errs, postErr+c.postErr
			for k, v := range c.byKind {
				byKind[k] += v
			}
		})
	}
	t.Logf("%d models, %d queries, %d states; comparisons: %s (%d agreeing on a run-time error, %d of them with different values or writes after it)",
		models, queries, states, kindCounts(byKind), errs, postErr)
}

// corpusQueries adds the queries of a model's document and query files.
func (c *crossCheck) corpusQueries(t *testing.T, fs *source.FileSet, qs []*uppaal.Query, files []string) {
	for _, qf := range files {
		more, _ := uppaal.ReadQueries(fs, qf, mustRead(t, filepath.Join(modelsDir, qf)))
		qs = append(qs, more...)
	}
	for _, q := range qs {
		if q.Formula != nil {
			c.addQuery(q.Formula.Text(), q.Formula.Pos(0))
		}
	}
}

// walk compares in every state of walks random walks of up to length
// steps (step of walk_test.go), until maxComparisons, and returns the
// number of states.
func (c *crossCheck) walk(walks, length int) int {
	states := 0
	for w := 0; w < walks && c.evals < maxComparisons; w++ {
		env := c.n.NewEnv()
		env.Locs, env.Vars = c.n.InitialState()
		for k := 0; k < length && c.evals < maxComparisons; k++ {
			c.state(env.Locs, env.Vars, env.Meta)
			states++
			if !step(c.n, env, c.rng) {
				break
			}
		}
	}
	return states
}

// kindCounts prints comparison counts by kind: "120 guard, 40 update".
func kindCounts(m map[string]int) string {
	var out []string
	total := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fmt.Sprintf("%d %s", m[k], k))
		total += m[k]
	}
	return fmt.Sprintf("%d in all (%s)", total, strings.Join(out, ", "))
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// initialMeta returns the initial values of n's meta variables.
func initialMeta(n *Network) []int32 {
	var m []int32
	for _, v := range n.Meta {
		m = append(m, v.Init)
	}
	return m
}

// irKinds records the node kinds, argument kinds and storage spaces a
// network's resolved forms use, to show that the hand-written models
// reach all of them.
type irKinds map[string]bool

// allIRKinds are the names irKinds records. "meta" is not among them:
// meta variables have state slots (see "Meta variables" in doc.go).
var allIRKinds = []string{
	"*ir.Const", "*ir.Load", "*ir.Unary", "*ir.Binary", "*ir.Cond", "*ir.Offset",
	"*ir.Assign", "*ir.IncDec", "*ir.ClockSet", "*ir.Copy", "*ir.Equal", "*ir.Seq",
	"*ir.Quant", "*ir.LocIs", "*ir.Choose", "*ir.Call",
	"*ir.Block", "*ir.Do", "*ir.If", "*ir.Loop", "*ir.ForRange", "*ir.Return",
	"*ir.Break", "*ir.Continue", "*ir.Fill",
	"arg 0", "arg 1", "arg 2", "arg 3",
	"var", "local", "pool", "sel", "clock", "chan", "param", "index",
}

func (k irKinds) network(c *crossCheck) {
	for _, p := range c.n.Processes {
		for _, l := range p.Locations {
			k.guard(l.Invariant)
		}
		for _, e := range p.Edges {
			k.guard(e.Guard)
			if e.Sync != nil {
				k.ref(e.Sync.Src)
			}
			if e.Assign != nil {
				k.expr(e.Assign.List...)
			}
		}
	}
	for _, f := range c.queries {
		k.prop(f.Prop)
		k.prop(f.Right)
	}
}

func (k irKinds) guard(g *Guard) {
	if g == nil {
		return
	}
	if g.Src.Cond != nil {
		k.expr(g.Src.Cond)
	}
	for _, cc := range g.Src.Clocks {
		k.constraint(cc)
	}
}

func (k irKinds) constraint(c ir.Constraint) {
	k.ref(c.I)
	k.ref(c.J)
	k.expr(c.Bound)
}

func (k irKinds) prop(p *Prop) {
	if p == nil {
		return
	}
	switch p.Op {
	case PropAtom:
		k.expr(p.Expr)
	case PropClock:
		k.constraint(p.Constraint)
	}
	for _, a := range p.Args {
		k.prop(a)
	}
}

func (k irKinds) ref(r *ir.Ref) {
	if r == nil {
		return
	}
	k[r.Space.String()] = true
	k["param"] = k["param"] || r.Param
	if r.Index != nil {
		k["index"] = true
		k.expr(r.Index)
	}
}

func (k irKinds) expr(list ...ir.Expr) {
	for _, e := range list {
		k[fmt.Sprintf("%T", e)] = true
		k.children(e)
	}
}

// children records what e contains.
func (k irKinds) children(e ir.Expr) {
	switch e := e.(type) {
	case *ir.Load:
		k.ref(e.Ref)
	case *ir.Unary:
		k.expr(e.X)
	case *ir.Binary:
		k.expr(e.X, e.Y)
	case *ir.Cond:
		k.expr(e.C, e.X, e.Y)
	case *ir.Offset:
		k.expr(e.X)
	case *ir.Assign:
		k.ref(e.Dst)
		k.expr(e.X)
	case *ir.IncDec:
		k.ref(e.Dst)
	case *ir.ClockSet:
		k.ref(e.Clock)
		k.expr(e.X)
	case *ir.Copy:
		k.ref(e.Dst)
		k.ref(e.Src)
	case *ir.Equal:
		k.ref(e.X)
		k.ref(e.Y)
	case *ir.Seq:
		k.expr(e.List...)
	case *ir.Quant:
		k.expr(e.Body)
	case *ir.Choose:
		k.expr(e.Index...)
		k.expr(e.List...)
	case *ir.Call:
		k.call(e)
	}
}

func (k irKinds) call(c *ir.Call) {
	for _, a := range c.Args {
		k[fmt.Sprintf("arg %d", a.Kind)] = true
		if a.X != nil {
			k.expr(a.X)
		}
		k.ref(a.Src)
	}
	if fn := "func " + c.Fn.Name; !k[fn] {
		k[fn] = true
		k.stmt(c.Fn.Body)
	}
}

func (k irKinds) stmt(s ir.Stmt) {
	if s == nil {
		return
	}
	k[fmt.Sprintf("%T", s)] = true
	switch s := s.(type) {
	case *ir.Block:
		for _, st := range s.List {
			k.stmt(st)
		}
	case *ir.Do:
		k.expr(s.X)
	case *ir.If:
		k.expr(s.C)
		k.stmt(s.Then)
		k.stmt(s.Else)
	case *ir.Loop:
		for _, x := range []ir.Expr{s.Init, s.Cond, s.Post} {
			if x != nil {
				k.expr(x)
			}
		}
		k.stmt(s.Body)
	case *ir.ForRange:
		k.stmt(s.Body)
	case *ir.Return:
		if s.X != nil {
			k.expr(s.X)
		}
	}
}
