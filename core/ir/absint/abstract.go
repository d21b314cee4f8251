// Abstract evaluation: the resolved form run over intervals, for
// abstractions that know only some slots of a state. This file holds the
// domain (intervals, three-valued truth, the abstract state and the
// results), the interval operators and the expressions; statements,
// calls, loops and updates are in abstract_stmt.go.

package absint

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"beeline/core/ir"
	"beeline/core/source"
)

// Interval is the set of integers Lo..Hi, Lo <= Hi: the abstract value of
// a slot or an expression. The zero value is {0}.
type Interval struct{ Lo, Hi int32 }

// Point returns the interval holding v alone.
func Point(v int32) Interval { return Interval{v, v} }

// Top returns the interval of every int32: a value nothing is known
// about.
func Top() Interval { return Interval{math.MinInt32, math.MaxInt32} }

// Single reports whether v holds one value, and returns Lo.
func (v Interval) Single() (int32, bool) { return v.Lo, v.Lo == v.Hi }

// Contains reports whether x is in v.
func (v Interval) Contains(x int32) bool { return v.Lo <= x && x <= v.Hi }

// Within reports whether v is a subset of w.
func (v Interval) Within(w Interval) bool { return w.Lo <= v.Lo && v.Hi <= w.Hi }

// Join returns the least interval holding v and w.
func (v Interval) Join(w Interval) Interval { return Interval{min(v.Lo, w.Lo), max(v.Hi, w.Hi)} }

// Size returns the number of values in v, at most 2^32.
func (v Interval) Size() uint64 { return uint64(v.hi() - v.lo() + 1) }

// Truth returns v read as a condition: False for {0}, True when v
// excludes 0, else Unknown.
func (v Interval) Truth() Tri {
	switch {
	case v.Lo == 0 && v.Hi == 0:
		return False
	case v.Contains(0):
		return Unknown
	}
	return True
}

// String prints v as "5" or "[0,3]".
func (v Interval) String() string {
	if v.Lo == v.Hi {
		return fmt.Sprint(v.Lo)
	}
	return fmt.Sprintf("[%d,%d]", v.Lo, v.Hi)
}

func (v Interval) lo() int64 { return int64(v.Lo) }
func (v Interval) hi() int64 { return int64(v.Hi) }

// span is the interval lo..hi computed in int64, Top when it leaves
// int32. The operators use it for bounds that are coarse anyway (rem,
// bitwise); a result that may overflow goes through clip instead, which
// also says the overflow may fail.
func span(lo, hi int64) Interval {
	if lo < math.MinInt32 || hi > math.MaxInt32 {
		return Top()
	}
	return Interval{int32(lo), int32(hi)}
}

// meet returns the common part of two overlapping intervals.
func meet(v, w Interval) Interval { return Interval{max(v.Lo, w.Lo), min(v.Hi, w.Hi)} }

// Tri is a three-valued truth value: what a condition is over all the
// concrete states an abstract one stands for.
type Tri uint8

// The truth values.
const (
	False   Tri = iota // false in every state
	True               // true in every state
	Unknown            // true in some, false in others, or not known
)

var triNames = [...]string{"false", "true", "unknown"}

// String names the truth value.
func (t Tri) String() string {
	if int(t) < len(triNames) {
		return triNames[t]
	}
	return fmt.Sprintf("Tri(%d)", int(t))
}

// interval returns the values a condition of truth t yields.
func (t Tri) interval() Interval {
	switch t {
	case False:
		return Point(0)
	case True:
		return Point(1)
	}
	return Interval{0, 1}
}

func (t Tri) not() Tri {
	switch t {
	case False:
		return True
	case True:
		return False
	}
	return Unknown
}

// logic computes &&, || and imply on truth values.
func logic(o ir.Op, a, b Tri) Tri {
	switch o {
	case ir.LOr:
		return logic(ir.LAnd, a.not(), b.not()).not()
	case ir.Imply:
		return logic(ir.LOr, a.not(), b)
	}
	switch {
	case a == False || b == False:
		return False
	case a == True && b == True:
		return True
	}
	return Unknown
}

// Fail says whether an abstract evaluation may end in a run-time error.
type Fail uint8

// The failure verdicts.
const (
	NoFail   Fail = iota // no represented state fails
	MayFail              // some may fail, as far as the abstraction can tell
	MustFail             // every represented state fails
)

var failNames = [...]string{"no fail", "may fail", "must fail"}

// String names the verdict.
func (f Fail) String() string {
	if int(f) < len(failNames) {
		return failNames[f]
	}
	return fmt.Sprintf("Fail(%d)", int(f))
}

// Failure is a run-time check that may fail: its position and the
// message the concrete evaluation gives, for one failing value.
type Failure struct {
	Pos source.Pos
	Msg string
}

// Outcome is the failure part of an abstract result.
type Outcome struct {
	Fail Fail
	// Errors lists the checks that may fail, once per position and kind
	// of error, in the order met. It is empty exactly when Fail is
	// NoFail; a concrete run that fails does so at one of its positions,
	// unless GaveUp.
	Errors []Failure
	// GaveUp is set when the evaluation stopped after absCalls rounds
	// of calls, copies and comparisons (it never summarises those):
	// the result is then the coarsest (any value, Fail MayFail), and a
	// concrete run may fail anywhere.
	GaveUp bool
}

// UnknownLoc marks a process whose location an abstraction dropped.
const UnknownLoc int32 = -1

// DefaultRounds is the number of loop rounds unrolled when
// Options.Rounds is 0.
const DefaultRounds = 1000

// Options tunes abstract evaluation; the zero value is usable.
type Options struct {
	// Rounds bounds the rounds of one loop or quantifier that are
	// unrolled exactly before a fixpoint with widening takes over (0:
	// DefaultRounds; at most ir.MaxIterations-1).
	Rounds int
}

// State is an abstract state: a set of concrete Envs, slot by slot.
// The evaluation only reads its slices; results are fresh.
type State struct {
	// Vars holds one interval per state slot: a point for a slot the
	// abstraction keeps, the slot's type range for one it drops (see
	// Project). Meta holds the meta variables likewise.
	Vars, Meta []Interval
	// Locs holds each process's location, or UnknownLoc.
	Locs []int32
	// Sel holds the current edge's select values.
	Sel []Interval
	// Pool is the network's constant pool, concrete.
	Pool []int32
	// Ranges, when not nil, is each state slot's declared range, which
	// every state keeps: a widened bound stops there first. Nil is
	// sound, only coarser after loops.
	Ranges []Interval
	Opts   Options
}

// Project returns the abstract state vector of a concrete one seen
// through known: a kept slot is its value, a dropped one its range.
func Project(vals []int32, known []bool, ranges []Interval) []Interval {
	out := make([]Interval, len(vals))
	for i, v := range vals {
		if i < len(known) && known[i] {
			out[i] = Point(v)
		} else {
			out[i] = ranges[i]
		}
	}
	return out
}

// Check reports the first malformed part of st: an empty interval or
// negative Rounds.
func (st *State) Check() error {
	for _, part := range []struct {
		name string
		s    []Interval
	}{{"vars", st.Vars}, {"meta", st.Meta}, {"sel", st.Sel}, {"ranges", st.Ranges}} {
		for i, v := range part.s {
			if v.Lo > v.Hi {
				return fmt.Errorf("ir: abstract state: %s[%d] = [%d,%d] is empty", part.name, i, v.Lo, v.Hi)
			}
		}
	}
	if st.Opts.Rounds < 0 {
		return errors.New("ir: abstract state: negative Rounds")
	}
	return nil
}

// ExprResult is an expression evaluated abstractly. Value holds the
// value of every error-free concrete evaluation; it is meaningless when
// Fail is MustFail.
type ExprResult struct {
	Value Interval
	Outcome
}

// EvalExpr evaluates e over st in a label frame of frame slots (the
// Frame of its Guard, Update or formula). Its writes are evaluated, for
// their failures and for what later parts of e read, then dropped.
func EvalExpr(e ir.Expr, frame int32, st *State) ExprResult {
	a := newAbsEval(st)
	var r ExprResult
	if a.run(func() {
		s := a.newStore(frame)
		r.Value = a.expr(e, s)
		r.Outcome = a.outcome(s.dead)
	}) {
		return ExprResult{Value: Top(), Outcome: a.gaveUp()}
	}
	return r
}

// EvalGuard evaluates the integer part of g over st: True when it holds
// in every represented state that evaluates it without error, False when
// in none, else Unknown. Clock constraints are not evaluated (see
// EvalConstraint). A nil g or Cond is True; a guard that must fail is
// False.
func EvalGuard(g *ir.Guard, st *State) (Tri, Outcome) {
	if g == nil || g.Cond == nil {
		return True, Outcome{}
	}
	r := EvalExpr(g.Cond, g.Frame, st)
	if r.Fail == MustFail {
		return False, r.Outcome
	}
	return r.Value.Truth(), r.Outcome
}

// ConstraintResult is a clock constraint evaluated abstractly: the
// clocks I and J may denote (clock 0 for a nil side) and its Bound.
type ConstraintResult struct {
	I, J, Bound Interval
	Outcome
}

// EvalConstraint evaluates the clock indices and the bound of c over st,
// each in a label frame of frame slots as the back end does.
func EvalConstraint(c ir.Constraint, frame int32, st *State) ConstraintResult {
	a := newAbsEval(st)
	dead := false
	part := func(f func(*store) Interval) Interval {
		s := a.newStore(frame)
		v := f(s)
		dead = dead || s.dead
		return v
	}
	var r ConstraintResult
	if a.run(func() {
		r.I = part(func(s *store) Interval { return a.clockIndex(c.I, s) })
		r.J = part(func(s *store) Interval { return a.clockIndex(c.J, s) })
		r.Bound = part(func(s *store) Interval { return a.expr(c.Bound, s) })
	}) {
		clocks := Interval{0, math.MaxInt32}
		return ConstraintResult{I: clocks, J: clocks, Bound: Top(), Outcome: a.gaveUp()}
	}
	r.Outcome = a.outcome(dead)
	return r
}

// ApplyInterval is ir.Apply over intervals: the result holds ir.Apply(o, a, b)
// for every a in x and b in y whose evaluation is valid. Fail says
// whether some pair (MayFail) or every pair (MustFail: the interval is
// then meaningless) is invalid: division by zero, a shift count or an
// exponent out of range, a result that does not fit in 32 bits. The
// logical operators read their operands as truth values and do not
// short-circuit: the evaluator does that before it gets here.
func ApplyInterval(o ir.Op, x, y Interval) (Interval, Fail) {
	y, f := validRight(o, y)
	if f == MustFail {
		return Interval{}, MustFail
	}
	if a, ok := x.Single(); ok {
		if b, ok := y.Single(); ok {
			v, msg := ir.Apply(o, a, b)
			if msg != "" {
				return Interval{}, MustFail
			}
			return Point(v), f
		}
	}
	switch {
	case o.IsComparison():
		return CompareInterval(o, x, y).interval(), f
	case o.IsLogical():
		return logic(o, x.Truth(), y.Truth()).interval(), f
	case hard(o) && x.Size() <= enumLimit && y.Size() <= enumLimit && x.Size()*y.Size() <= enumLimit:
		v, g := enumerate(o, x, y)
		return v, worse(f, g)
	}
	lo, hi := arithBounds(o, x, y)
	v, g := clip(lo, hi)
	if (o == ir.Quo || o == ir.Rem) && x.Contains(math.MinInt32) && y.Contains(-1) {
		g = worse(g, MayFail) // -2147483648 % -1 overflows, though 0 fits
	}
	return v, worse(f, g)
}

// worse combines f, the verdict of the right operands validRight
// dropped, with g, that of the pairs left: every pair fails when all
// those left do, and some may when either part says so.
func worse(f, g Fail) Fail {
	switch {
	case g == MustFail:
		return MustFail
	case f == NoFail:
		return g
	}
	return MayFail
}

// clip returns the int32 part of the results lo..hi and whether some
// (MayFail) or all (MustFail) of them overflow.
func clip(lo, hi int64) (Interval, Fail) {
	switch {
	case hi < math.MinInt32 || lo > math.MaxInt32:
		return Interval{}, MustFail
	case lo < math.MinInt32 || hi > math.MaxInt32:
		return Interval{int32(max(lo, math.MinInt32)), int32(min(hi, math.MaxInt32))}, MayFail
	}
	return Interval{int32(lo), int32(hi)}, NoFail
}

// enumLimit is the largest number of operand pairs for which the
// operators without a tight interval rule are computed pair by pair
// through Apply: exact, and cheap at that size.
const enumLimit = 256

// hard reports whether o's interval rule below is coarse.
func hard(o ir.Op) bool {
	switch o {
	case ir.Rem, ir.Pow, ir.And, ir.Or, ir.Xor, ir.Shl, ir.Shr:
		return true
	}
	return false
}

// validRight narrows y to the right operands o accepts: nonnegative
// exponents, shift counts 0..31, nonzero divisors (a zero inside y
// stays: the division splits there).
func validRight(o ir.Op, y Interval) (Interval, Fail) {
	switch o {
	case ir.Quo, ir.Rem:
		switch {
		case y == Point(0):
			return y, MustFail
		case !y.Contains(0):
			return y, NoFail
		case y.Lo == 0:
			y.Lo = 1
		case y.Hi == 0:
			y.Hi = -1
		}
		return y, MayFail
	case ir.Pow, ir.Shl, ir.Shr:
		top := int32(math.MaxInt32)
		if o != ir.Pow {
			top = 31
		}
		switch {
		case y.Hi < 0 || y.Lo > top:
			return y, MustFail
		case y.Lo < 0 || y.Hi > top:
			return Interval{max(y.Lo, 0), min(y.Hi, top)}, MayFail
		}
	}
	return y, NoFail
}

// enumerate joins Apply over every valid pair of x × y, and says whether
// some or all pairs are invalid.
func enumerate(o ir.Op, x, y Interval) (Interval, Fail) {
	var r Interval
	have, bad := false, false
	for a := x.lo(); a <= x.hi(); a++ {
		for b := y.lo(); b <= y.hi(); b++ {
			v, msg := ir.Apply(o, int32(a), int32(b))
			switch {
			case msg != "":
				bad = true
			case have:
				r = r.Join(Point(v))
			default:
				r, have = Point(v), true
			}
		}
	}
	switch {
	case !have:
		return Interval{}, MustFail
	case bad:
		return r, MayFail
	}
	return r, NoFail
}

// arithBounds bounds the exact results (in int64, before any overflow)
// of the arithmetic and bitwise operators over valid pairs.
func arithBounds(o ir.Op, x, y Interval) (lo, hi int64) {
	switch o {
	case ir.Add:
		return x.lo() + y.lo(), x.hi() + y.hi()
	case ir.Sub:
		return x.lo() - y.hi(), x.hi() - y.lo()
	case ir.Mul:
		return corners(x, y, func(a, b int64) int64 { return a * b })
	case ir.Quo:
		return quo(x, y)
	case ir.Pow:
		return pow(x, y)
	case ir.Shl:
		return corners(x, y, func(a, b int64) int64 { return a << b })
	case ir.Shr:
		return corners(x, y, func(a, b int64) int64 { return a >> b })
	}
	v := Top()
	switch o {
	case ir.Rem:
		v = rem(x, y)
	case ir.And, ir.Or, ir.Xor:
		v = bitwise(o, x, y)
	case ir.Min:
		v = Interval{min(x.Lo, y.Lo), min(x.Hi, y.Hi)}
	case ir.Max:
		v = Interval{max(x.Lo, y.Lo), max(x.Hi, y.Hi)}
	}
	return v.lo(), v.hi()
}

// corners bounds f over x × y by its values at the four corners, which
// is exact for a function monotone in each operand (Mul, shifts, and
// division away from a zero divisor); in int64 no corner wraps.
func corners(x, y Interval, f func(a, b int64) int64) (lo, hi int64) {
	c := [4]int64{f(x.lo(), y.lo()), f(x.lo(), y.hi()), f(x.hi(), y.lo()), f(x.hi(), y.hi())}
	return slices.Min(c[:]), slices.Max(c[:])
}

// quo divides over the divisor's negative and positive parts: on each,
// truncated division is monotone in both operands.
func quo(x, y Interval) (lo, hi int64) {
	div := func(a, b int64) int64 { return a / b }
	lo, hi = math.MaxInt64, math.MinInt64
	if y.Lo < 0 {
		l, h := corners(x, Interval{y.Lo, min(y.Hi, -1)}, div)
		lo, hi = min(lo, l), max(hi, h)
	}
	if y.Hi > 0 {
		l, h := corners(x, Interval{max(y.Lo, 1), y.Hi}, div)
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi
}

// rem bounds a % b: the result has the dividend's sign, is smaller than
// the divisor in magnitude and no larger than the dividend.
func rem(x, y Interval) Interval {
	m := max(abs64(y.lo()), abs64(y.hi())) - 1
	var lo, hi int64
	if x.Hi > 0 {
		hi = min(x.hi(), m)
	}
	if x.Lo < 0 {
		lo = max(x.lo(), -m)
	}
	return span(lo, hi)
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// pow bounds a ** b over valid exponents. For bases of at least 1 it
// grows with both operands. Negative bases grow in magnitude and
// alternate in sign; when the smallest magnitude is past 2^31 every
// result overflows. Bases around 0 are bounded by the largest magnitude.
func pow(x, y Interval) (lo, hi int64) {
	switch {
	case x.Lo >= 1:
		return power64(x.lo(), y.lo()), power64(x.hi(), y.hi())
	case x.Hi < 0:
		mlo, mhi := power64(-x.hi(), y.lo()), power64(-x.lo(), y.hi())
		if mlo > 1<<31 {
			return mlo, mhi
		}
		return -mhi, mhi
	}
	m := max(-x.lo(), x.hi())
	if m <= 1 {
		return -1, 1
	}
	v := power64(m, y.hi())
	return -v, v
}

// power64 computes a ** b for a >= 1, b >= 0, stopping once the result
// leaves int32 (at most 31 rounds for a >= 2): a result past MaxInt32
// stands for any such.
func power64(a, b int64) int64 {
	if a == 1 {
		return 1
	}
	v := int64(1)
	for ; b > 0 && v <= math.MaxInt32; b-- {
		v *= a
	}
	return v
}

// bitwise bounds &, | and ^ on nonnegative operands by the bit length of
// the larger. With a negative operand only & keeps a bound: a
// nonnegative side bounds it.
func bitwise(o ir.Op, x, y Interval) Interval {
	if o == ir.And {
		switch {
		case x.Lo >= 0 && y.Lo >= 0:
			return Interval{0, min(x.Hi, y.Hi)}
		case x.Lo >= 0:
			return Interval{0, x.Hi}
		case y.Lo >= 0:
			return Interval{0, y.Hi}
		}
		return Top()
	}
	if x.Lo < 0 || y.Lo < 0 {
		return Top()
	}
	ones := int64(1)<<bits.Len32(uint32(max(x.Hi, y.Hi))) - 1
	if o == ir.Or {
		return span(int64(max(x.Lo, y.Lo)), ones)
	}
	return span(0, ones)
}

// ApplyUnaryInterval is ir.ApplyUnary over an interval: the result holds
// ir.ApplyUnary(o, a) for every a in x whose evaluation is valid, and Fail
// says whether some or every one overflows (-2147483648).
func ApplyUnaryInterval(o ir.Op, x Interval) (Interval, Fail) {
	switch o {
	case ir.Neg:
		return clip(-x.hi(), -x.lo())
	case ir.Not:
		return x.Truth().not().interval(), NoFail
	case ir.Abs:
		switch {
		case x.Lo >= 0:
			return x, NoFail
		case x.Hi <= 0:
			return clip(-x.hi(), -x.lo())
		}
		return clip(0, max(-x.lo(), x.hi()))
	}
	return x, NoFail
}

// CompareInterval is Compare over intervals: True when the comparison
// holds for every pair of x × y, False when for none.
func CompareInterval(o ir.Op, x, y Interval) Tri {
	switch o {
	case ir.Eql:
		switch {
		case x.Hi < y.Lo || y.Hi < x.Lo:
			return False
		case x.Lo == x.Hi && x == y:
			return True
		}
		return Unknown
	case ir.Neq:
		return CompareInterval(ir.Eql, x, y).not()
	case ir.Lss:
		switch {
		case x.Hi < y.Lo:
			return True
		case x.Lo >= y.Hi:
			return False
		}
		return Unknown
	case ir.Leq:
		return CompareInterval(ir.Lss, y, x).not()
	case ir.Gtr:
		return CompareInterval(ir.Lss, y, x)
	case ir.Geq:
		return CompareInterval(ir.Lss, x, y).not()
	}
	return False
}

// failKind is the kind of a run-time check, for reporting each check once.
type failKind uint8

const (
	failIndex failKind = iota
	failRange
	failArith
	failClock
	failArg
	failReturn
	failLoop
	failProcess
	failWork
)

// absEval runs the abstract semantics for one entry point: the inputs no
// evaluation changes, and the failures met so far.
type absEval struct {
	in     *State
	rounds int
	fails  []Failure
	kinds  []failKind

	// The accounting of MaxWork (see enter): the function being run, the
	// loops, fors, quantifiers and calls being run and the outermost of
	// them, the rounds unrolled exactly, the calls made, and the static
	// bounds of functions.
	fn    string
	depth int
	outer absSite
	work  int64
	calls int64
	memo  map[*ir.Func]int64
}

func newAbsEval(st *State) *absEval {
	r := st.Opts.Rounds
	if r <= 0 {
		r = DefaultRounds
	}
	return &absEval{in: st, rounds: min(r, ir.MaxIterations-1)}
}

// newStore returns the store at the start of a label of frame slots:
// fp 0, as the back end's withFrame leaves it over a reset Env.
func (a *absEval) newStore(frame int32) *store {
	s := &store{vars: cow{s: a.in.Vars}, meta: cow{s: a.in.Meta}}
	s.push(frame)
	return s
}

// outcome sums up the failures: MustFail when no run got through.
func (a *absEval) outcome(dead bool) Outcome {
	o := Outcome{Errors: a.fails}
	switch {
	case dead:
		o.Fail = MustFail
	case len(a.fails) > 0:
		o.Fail = MayFail
	}
	return o
}

// fail records a check that may fail on a live store, once per position
// and kind; msg is called only for a new one.
func (a *absEval) fail(s *store, k failKind, pos source.Pos, msg func() string) {
	if s.dead {
		return
	}
	for i, f := range a.fails {
		if f.Pos == pos && a.kinds[i] == k {
			return
		}
	}
	a.fails = append(a.fails, Failure{Pos: pos, Msg: msg()})
	a.kinds = append(a.kinds, k)
}

// check narrows v to lo..hi, the values that pass a run-time check: a
// value outside may fail, reported with msg of one such value, and when
// none passes the store dies.
func (a *absEval) check(s *store, v Interval, lo, hi int32, k failKind, pos source.Pos, msg func(int32) string) Interval {
	if s.dead || (lo <= v.Lo && v.Hi <= hi) {
		return v
	}
	bad := max(v.Lo, hi+1) // the failing value nearest to the range
	if v.Lo < lo {
		bad = min(v.Hi, lo-1)
	}
	a.fail(s, k, pos, func() string { return msg(bad) })
	if v.Hi < lo || v.Lo > hi {
		s.dead = true
		return v
	}
	return meet(v, Interval{lo, hi})
}

// applyAt is ApplyInterval with its failures reported at pos, worded
// for one failing pair.
func (a *absEval) applyAt(s *store, o ir.Op, x, y Interval, pos source.Pos) Interval {
	v, f := ApplyInterval(o, x, y)
	if f != NoFail {
		a.fail(s, failArith, pos, func() string { return failingPair(o, x, y) })
		if f == MustFail {
			s.dead = true
		}
	}
	return v
}

// failingPair returns the message of Apply for one pair of x × y that
// fails, looking among the ends of the operands and the right operands
// that fail whatever the left one (0, negative, 32); it is called only
// when some pair fails.
func failingPair(o ir.Op, x, y Interval) string {
	ys := []int32{y.Lo, y.Hi, 0, -1, 32, max(y.Lo, 0), min(y.Hi, -1), max(y.Lo, 32)}
	xs := []int32{x.Lo, x.Hi, math.MinInt32}
	for _, b := range ys {
		for _, c := range xs {
			if x.Contains(c) && y.Contains(b) {
				if _, m := ir.Apply(o, c, b); m != "" {
					return m
				}
			}
		}
	}
	return fmt.Sprintf("integer overflow: %v %s %v may not fit in 32 bits", x, o, y)
}

// unary evaluates -X, !X and abs(X), an overflow reported at the
// operator.
func (a *absEval) unary(e *ir.Unary, s *store) Interval {
	x := a.expr(e.X, s)
	if s.dead {
		return Interval{}
	}
	v, f := ApplyUnaryInterval(e.Op, x)
	if f != NoFail {
		a.fail(s, failArith, e.P, func() string { return ir.UnaryOverflowError(e.Op, math.MinInt32) })
		if f == MustFail {
			s.dead = true
		}
	}
	return v
}

// rangeMsg words a range error on r.
func rangeMsg(r *ir.Ref) func(int32) string {
	return func(v int32) string { return ir.RangeError(r.Name, v, r.Lo, r.Hi) }
}

// expr evaluates e on s, which it updates; on a store that dies the value
// is meaningless.
func (a *absEval) expr(e ir.Expr, s *store) Interval {
	if s.dead {
		return Interval{}
	}
	switch e := e.(type) {
	case *ir.Const:
		return Point(e.V)
	case *ir.Load:
		return a.load(s, a.address(e.Ref, s))
	case *ir.Unary:
		return a.unary(e, s)
	case *ir.Binary:
		return a.binary(e, s)
	case *ir.Cond:
		return a.cond(e, s)
	case *ir.Offset:
		return a.index(e, s).hull()
	case *ir.Assign:
		if e.Op == ir.Nop {
			return a.assign(e, s)
		}
		return a.update(e, s)
	case *ir.IncDec:
		return a.incDec(e, s)
	case *ir.ClockSet:
		return a.clockSet(e, s)
	case *ir.Copy:
		a.copy(e, s)
		return Point(0)
	case *ir.Equal:
		return a.equal(e, s)
	case *ir.Seq:
		var v Interval
		for _, x := range e.List {
			v = a.expr(x, s)
		}
		return v
	case *ir.Quant:
		return a.quant(e, s)
	case *ir.LocIs:
		return a.locIs(e)
	case *ir.Choose:
		return a.choose(e, s)
	case *ir.Call:
		return a.call(e, s)
	}
	panic("ir: unknown expression")
}

// binary evaluates X op Y: X, then Y, then the interval operator.
func (a *absEval) binary(e *ir.Binary, s *store) Interval {
	if e.Op.IsLogical() {
		return a.logical(e, s)
	}
	x := a.expr(e.X, s)
	y := a.expr(e.Y, s)
	if s.dead {
		return Interval{}
	}
	return a.applyAt(s, e.Op, x, y, e.P)
}

// logical short-circuits &&, || and imply: Y is skipped when X decides,
// evaluated when X does not, and on a copy of the store, joined with the
// skipping run, when X's truth is unknown.
func (a *absEval) logical(e *ir.Binary, s *store) Interval {
	x := a.expr(e.X, s).Truth()
	skip, short := False, Point(1) // imply and ||: skip on a false X, and yield 1
	switch e.Op {
	case ir.LAnd:
		short = Point(0)
	case ir.LOr:
		skip = True
	}
	rest := func(t *store) Interval { return a.expr(e.Y, t).Truth().interval() }
	switch {
	case s.dead:
		return Interval{}
	case x == skip:
		return short
	case x != Unknown:
		return rest(s)
	}
	t := s.clone()
	var p paths
	p.add(s, short)
	p.add(t, rest(t))
	return p.end(s)
}

// cond evaluates C ? X : Y, both arms on copies when C is unknown.
func (a *absEval) cond(e *ir.Cond, s *store) Interval {
	c := a.expr(e.C, s).Truth()
	switch {
	case s.dead:
		return Interval{}
	case c == True:
		return a.expr(e.X, s)
	case c == False:
		return a.expr(e.Y, s)
	}
	t := s.clone()
	var p paths
	p.add(s, a.expr(e.X, s))
	p.add(t, a.expr(e.Y, t))
	return p.end(s)
}

// paths joins the runs of alternatives: the stores they end in and the
// values they yield, leaving out the dead ones.
type paths struct {
	s *store
	v Interval
}

func (p *paths) add(s *store, v Interval) {
	switch {
	case s == nil || s.dead:
	case p.s == nil:
		p.s, p.v = s, v
	default:
		p.s.join(s)
		p.v = p.v.Join(v)
	}
}

// end makes s the joined store and returns the joined value; with no
// live run s dies.
func (p *paths) end(s *store) Interval {
	if p.s == nil {
		s.dead = true
		return Interval{}
	}
	if p.s != s {
		*s = *p.s
	}
	return p.v
}

// offsetIndex evaluates an Offset's subscript and checks it.
func (a *absEval) offsetIndex(e *ir.Offset, s *store) Interval {
	v := a.expr(e.X, s)
	return a.check(s, v, e.Lo, e.Hi, failIndex, e.P, func(v int32) string { return ir.IndexError(v, e.Lo, e.Hi) })
}

// assign is Dst = X: the value first, then the target's address, then
// the range check and the write, as the back end's store does.
func (a *absEval) assign(e *ir.Assign, s *store) Interval {
	v := a.expr(e.X, s)
	r := e.Dst
	if !r.Param && r.Space != ir.Var && r.Space != ir.Meta && r.Space != ir.Local {
		return v // the back end's writer ignores other spaces, unchecked
	}
	d := a.address(r, s)
	v = a.check(s, v, r.Lo, r.Hi, failRange, e.P, rangeMsg(r))
	if !s.dead {
		a.write(s, d, v)
	}
	return v
}

// update is Dst op= X: the address, the old value, then X.
func (a *absEval) update(e *ir.Assign, s *store) Interval {
	r := e.Dst
	d := a.address(r, s)
	old := a.load(s, d)
	x := a.expr(e.X, s)
	if s.dead {
		return Interval{}
	}
	v := a.applyAt(s, e.Op, old, x, e.P)
	v = a.check(s, v, r.Lo, r.Hi, failRange, e.P, rangeMsg(r))
	if !s.dead {
		a.write(s, d, v)
	}
	return v
}

// incDec is ++ and --, yielding the new value or (Post) the old one of
// the runs that pass the range check.
func (a *absEval) incDec(e *ir.IncDec, s *store) Interval {
	r := e.Dst
	d := a.address(r, s)
	old := a.load(s, d)
	if s.dead {
		return Interval{}
	}
	v := a.applyAt(s, ir.Add, old, Point(e.Delta), e.P)
	if s.dead {
		return Interval{}
	}
	v = a.check(s, v, r.Lo, r.Hi, failRange, e.P, rangeMsg(r))
	if s.dead {
		return Interval{}
	}
	a.write(s, d, v)
	if back, _ := ApplyInterval(ir.Sub, v, Point(e.Delta)); e.Post && back.Hi >= old.Lo && back.Lo <= old.Hi {
		return meet(old, back) // the old values that passed
	}
	if e.Post {
		return old
	}
	return v
}

// clockSet records a clock assignment: the value, its check, then the
// clock's index, as the back end's clockSet does.
func (a *absEval) clockSet(e *ir.ClockSet, s *store) Interval {
	v := a.expr(e.X, s)
	v = a.check(s, v, 0, math.MaxInt32, failClock, e.P, ir.ClockError)
	c := a.clockIndex(e.Clock, s)
	if !s.dead {
		s.resets = append(s.resets, ClockReset{Clock: c, Value: v})
	}
	return v
}

// copy assigns an array or struct slot by slot, each checked against
// its destination's range. Like the back end, it counts as a construct
// whose work is its slots (CopyRounds).
func (a *absEval) copy(e *ir.Copy, s *store) {
	a.enter(e, e.P, a.fn)
	defer a.leave()
	a.spend(ir.CopyRounds(int32(len(e.Ranges))))
	d := a.address(e.Dst, s)
	src := a.address(e.Src, s)
	for i, rg := range e.Ranges {
		v := a.load(s, src.plus(int64(i)))
		v = a.check(s, v, rg[0], rg[1], failRange, e.P, func(v int32) string {
			return ir.RangeError(e.Dst.Name, v, rg[0], rg[1])
		})
		if s.dead {
			return
		}
		a.write(s, d.plus(int64(i)), v)
	}
}

// equal compares two aggregates: False as soon as one pair of slots
// differs for sure, True when every pair is the same single value. It is
// a construct whose work is its slots, as copy is.
func (a *absEval) equal(e *ir.Equal, s *store) Interval {
	a.enter(e, e.P, a.fn)
	defer a.leave()
	a.spend(ir.CopyRounds(e.N))
	x := a.address(e.X, s)
	y := a.address(e.Y, s)
	t := True
	for i := int64(0); i < int64(e.N) && t != False; i++ {
		t = logic(ir.LAnd, t, CompareInterval(ir.Eql, a.load(s, x.plus(i)), a.load(s, y.plus(i))))
	}
	if e.Neq {
		t = t.not()
	}
	return t.interval()
}

func (a *absEval) locIs(e *ir.LocIs) Interval {
	if int(e.Proc) < len(a.in.Locs) {
		if l := a.in.Locs[e.Proc]; l != UnknownLoc {
			return Point(ir.B2I(l == e.Loc))
		}
	}
	return Interval{0, 1}
}

// choose evaluates P(i, j).name: each index checked, then every member
// the indices may select, on copies of the store, joined.
func (a *absEval) choose(e *ir.Choose, s *store) Interval {
	ixs := make([]Interval, len(e.Index))
	for i, x := range e.Index {
		lo, hi := e.Dims[i][0], e.Dims[i][1]
		ixs[i] = a.check(s, a.expr(x, s), lo, hi, failProcess, e.P, func(v int32) string {
			return ir.ProcessError(v, lo, hi)
		})
	}
	if s.dead {
		return Interval{}
	}
	var p paths
	var rows func(i int, k int64)
	rows = func(i int, k int64) {
		if i == len(ixs) {
			t := s.clone()
			p.add(t, a.expr(e.List[k], t))
			return
		}
		lo, hi := int64(e.Dims[i][0]), int64(e.Dims[i][1])
		for v := ixs[i].lo(); v <= ixs[i].hi(); v++ {
			rows(i+1, k*(hi-lo+1)+v-lo)
		}
	}
	rows(0, 0)
	return p.end(s)
}
