// The compiled network: processes, state layout, and the closures that
// evaluate guards, invariants, synchronisations and updates.

package model

import (
	"fmt"
	"strings"

	"beeline/core/ir"
	"beeline/core/source"
)

// Network is a fully instantiated and compiled UPPAAL system. It is
// immutable after Load; evaluation state lives in an Env, so several
// goroutines may share one Network, each with its own Env.
type Network struct {
	FS        *source.FileSet
	Processes []*Process
	// Vars are the discrete state slots (ints, bools and scalars; arrays and
	// structs flattened), in declaration order: globals (the global
	// declarations, then the system declarations), then each process's
	// locals in process order.
	Vars []Var
	// Meta is empty: meta variables have state slots in Vars (see "Meta
	// variables" in doc.go).
	// TODO(issue 32): remove the meta storage space (Meta, Env.Meta,
	// ir.Meta and what reads them), which nothing fills any more.
	Meta []Var
	// Clocks[0] is the reference clock "0"; then global clocks, then
	// process-local clocks.
	Clocks []Clock
	// Channels are the flattened channel arrays.
	Channels []Channel
	// HasPriorities is set when any process or channel priority differs
	// from the default level.
	HasPriorities bool
	// Templates is the number of templates in the document.
	Templates int
	// Deps says what each label may read and write.
	Deps *Deps
	// ClockMap is nil for the network of a document. A projection that
	// drops clocks numbers its own clocks densely: its resolved form,
	// dependency table and the resets its closures record still use the
	// original numbers, and ClockMap maps them to its own (−1: dropped;
	// a reset of a dropped clock is ignored). Its compiled clock
	// constraints use its own numbers.
	ClockMap []int32

	consts    []int32                     // pool of constant aggregates (const arrays and structs)
	bodies    map[*ir.Func]func(*Env) ctl // compiled function bodies
	maxSelect int                         // most select bindings on one edge
	maxStack  int                         // estimated evaluation stack size, in slots
	global    *scope                      // global declarations and system declarations, for queries
	sets      map[string]*procSet
	compiling string // the function whose body is being compiled, for its loops' sites
}

// Var is one discrete state slot.
type Var struct {
	Name string // "x", "a[2]", "s.f", "P(1).v"
	// Lo and Hi are the range of the slot's type (bool is [0,1], a scalar
	// set of size n is [0,n-1]).
	Lo, Hi, Init int32
	Pos          source.Pos
	// Meta is set for a slot of a variable declared meta, which is part
	// of the state all the same (see "Meta variables" in doc.go).
	Meta bool
}

// Clock is a clock.
type Clock struct {
	Name string // "0" for the reference clock, "x", "c[1]", "P(1).x"
	Pos  source.Pos
}

// Channel is one channel (an element of a channel array counts as one).
type Channel struct {
	Name      string
	Broadcast bool
	Urgent    bool
	// Priority is the channel's priority level: 0 is the default level
	// (that of internal transitions), higher numbers win. Compare only.
	Priority int32
	Pos      source.Pos
}

// Process is one instance of a template.
type Process struct {
	Index    int
	Name     string // "Train(1)", "Gate", "P1"
	Template string // the template the automaton comes from
	// Priority is the process priority level from the system line: 0 for
	// the lowest level, higher numbers win.
	Priority  int32
	Locations []*Location
	Edges     []*Edge
	Initial   int32 // index into Locations
	Pos       source.Pos

	scope *scope    // template scope bound for this process (parameters, locals, locations)
	tmpl  *template // the parsed template
}

// Location is a location of a process.
type Location struct {
	Index     int32
	ID, Name  string // Name is "" for an unnamed location
	Urgent    bool
	Committed bool
	// Invariant is nil when the location has none. Its clock constraints are
	// upper bounds (I is never the reference clock unless J is also
	// non-zero: differences are allowed); its Int part must hold too.
	Invariant *Guard
	Out       []int32 // indices into Process.Edges of the outgoing edges
	Pos       source.Pos
}

// Edge is an edge of a process.
type Edge struct {
	Index, Process, Src, Dst int32
	// Origin is, in a projection (Network.Project), the index of the
	// edge of the projected network this one stands for, and −1 for the
	// no-op twin of a broadcast receiver; Index elsewhere.
	Origin int32
	ID     string // "" when the document gives none
	Pos    source.Pos
	// Select holds the bindings in order; their values are put in
	// Env.Sel[0:len(Select)] before this edge's guard, sync or update is
	// evaluated.
	Select []Select
	Guard  *Guard // nil = true
	Sync   *Sync  // nil for internal edges
	// Update assigns Env.Vars and Env.Meta (with range checks) and records
	// clock assignments in Env.Resets, in order. Nil when the edge has no
	// update.
	Update func(*Env)
	// Assign is the resolved form Update was compiled from (nil when the
	// edge has no update): what analyses read.
	Assign *ir.Update
}

// Select is one select binding `Name : int[Lo,Hi]` (a scalar set of size n
// binds [0,n-1]).
type Select struct {
	Name   string
	Lo, Hi int32
	set    *scalarSet // the scalar set it ranges over; nil for an integer range
}

// NextSelect advances sel, values of the bindings s, to the next
// combination, the last binding fastest; it reports false after the
// last one.
func NextSelect(sel []int32, s []Select) bool {
	for k := len(sel) - 1; k >= 0; k-- {
		if sel[k] < s[k].Hi {
			sel[k]++
			return true
		}
		sel[k] = s[k].Lo
	}
	return false
}

// Sync is a synchronisation label.
type Sync struct {
	Send bool
	// Chan is the channel index when it is constant, else -1 and ChanFn
	// computes it from the state (it sets Env.Err on an index out of range).
	Chan   int32
	ChanFn func(*Env) int32
	// Urgent and Broadcast give the kind of the channel expression's type:
	// they hold for every channel ChanFn can return.
	Urgent, Broadcast bool
	Pos               source.Pos
	// Src is the resolved channel reference, evaluated in a label frame of
	// Frame slots.
	Src   *ir.Ref
	Frame int32
}

// Guard is a conjunction of clock constraints and an integer condition.
type Guard struct {
	// Int is the integer part: nil means true; otherwise nonzero means true.
	Int    func(*Env) int32
	Clocks []ClockConstraint
	// Src is the resolved form the closures were compiled from; Clocks[i]
	// is Src.Clocks[i].
	Src *ir.Guard
}

// ClockConstraint is x_I − x_J ≺ Bound with ≺ = '<' when Strict, '<='
// otherwise (x_0 is the reference clock). I, J and Bound are constant when
// the matching *Fn field is nil; otherwise the function computes them from
// the state (clock arrays indexed by variables, bounds like `x <= D[id]`).
type ClockConstraint struct {
	I, J     int32
	IFn, JFn func(*Env) int32
	Strict   bool
	Bound    int32
	BoundFn  func(*Env) int32
}

// Index returns I and J, calling IFn and JFn when they are set.
func (c *ClockConstraint) Index(e *Env) (i, j int32) {
	i, j = c.I, c.J
	if c.IFn != nil {
		i = c.IFn(e)
	}
	if c.JFn != nil {
		j = c.JFn(e)
	}
	return i, j
}

// Value returns the bound, calling BoundFn when it is set.
func (c *ClockConstraint) Value(e *Env) int32 {
	if c.BoundFn != nil {
		return c.BoundFn(e)
	}
	return c.Bound
}

// ClockReset records the assignment x_Clock := Value made by an update.
type ClockReset struct {
	Clock int32
	Value int32
}

// RuntimeError is an invalid evaluation: it makes the path that caused it
// an error path (UPPAAL aborts verification on it).
type RuntimeError struct {
	Pos source.Pos
	Msg string // "assignment out of range: x = 5 is outside [0,3]", "division by zero", ...
}

// Error returns the message (without position; format Pos with the
// network's FileSet).
func (e *RuntimeError) Error() string { return e.Msg }

// Env is the evaluation context of the compiled closures. The caller sets
// Locs and Vars (and Sel for edges with select bindings) before calling a
// closure, and checks Err afterwards: closures set Err on the first
// invalid evaluation (the first error wins) and then return 0. Closures
// never allocate, except when they report an error.
type Env struct {
	Locs   []int32 // current location of each process
	Vars   []int32 // discrete state, laid out as Network.Vars
	Meta   []int32 // meta variables, laid out as Network.Meta
	Sel    []int32 // values of the current edge's select bindings
	Resets []ClockReset
	Err    *RuntimeError
	// Rounds, when positive, bounds the loop rounds and calls the
	// reference interpreter runs in all (each loop is bounded anyway): it
	// is how a computation when loading (a constant computed by
	// functions) stops.
	Rounds int64
	// Interrupt, when set, is asked every ir.PollRounds loop rounds and
	// calls of a computation whether to stop; when it says so, the
	// computation fails at its outermost loop or call with
	// ir.InterruptError. This is how a
	// search's time budget and cancellation reach into a long guard or
	// update. It must find out by itself (read the clock or a context):
	// under js/wasm no other goroutine runs while a computation does, so
	// a flag that a timer sets would never be seen.
	Interrupt func() bool
	// MaxWork, when positive, lowers ir.MaxWork for this Env (tests use
	// it to reach the bound quickly).
	MaxWork int64

	consts []int32 // the network's constant pool (read only)
	stack  []int32 // function frames, quantifier and loop variables
	fp, sp int32   // frame pointer and stack top into stack
	ret    int32   // return value of the last function call

	// The work of computations (ir.MaxWork): rounds counts every round of
	// a loop, for (i : T) or quantifier and every call run with this Env;
	// the outermost one running (depth of them) began at rounds from. stopped is the
	// error poll recorded, which the outermost one completes with its
	// site when it ends.
	rounds  int64
	from    int64
	depth   int32
	stopped *RuntimeError
}

// loopSite is where a loop, for (i : T), quantifier or call stands: its
// position and the function it is in (for a call, the function called),
// for the error of a computation that does not end.
type loopSite struct {
	pos source.Pos
	fn  string
}

// enter records that a loop, for (i : T), quantifier or call starts; the
// outermost one starts the count of ir.MaxWork. Every enter is paired
// with a leave, given the construct's site.
func (e *Env) enter() {
	if e.depth == 0 {
		e.from = e.rounds
	}
	e.depth++
}

// leave records that the innermost running construct, at s, ended. The
// outermost one puts its site into the error poll recorded, if any:
// that is where a computation that does not end is reported. Recording
// the site at enter instead would cost every loop a pointer store.
func (e *Env) leave(s *loopSite) {
	if e.depth--; e.depth == 0 && e.stopped != nil {
		e.stopped.Pos = s.pos
		if e.stopped.Msg == "" {
			e.stopped.Msg = ir.WorkError(s.fn, e.workLimit())
		}
		e.stopped = nil
	}
}

// round counts one round of the running loop, or one call, and reports
// whether the computation may go on. Every ir.PollRounds rounds it polls; otherwise
// it is an increment and a test, which the compiler inlines.
func (e *Env) round() bool {
	e.rounds++
	return e.rounds&(ir.PollRounds-1) != 0 || e.poll()
}

// spend counts k rounds at once (the slots of an array or struct copied
// or compared, ir.CopyRounds) and reports whether the computation may go
// on; it polls when the count passes a multiple of ir.PollRounds, as k
// calls of round would have.
func (e *Env) spend(k int64) bool {
	old := e.rounds
	e.rounds += k
	return old/ir.PollRounds == e.rounds/ir.PollRounds || e.poll()
}

// poll fails the computation when its outermost construct has run
// ir.MaxWork rounds and calls or when Interrupt says to stop, and reports whether the
// computation may go on. The error's position (and, for MaxWork, its
// message) is the outermost construct's, which leave fills in.
func (e *Env) poll() bool {
	switch {
	case e.Err != nil: // an error the loop has not seen yet: stop
	case e.depth > 0 && e.rounds-e.from >= e.workLimit():
		e.Err = &RuntimeError{}
		e.stopped = e.Err
	case e.depth > 0 && e.Interrupt != nil && e.Interrupt():
		e.Err = &RuntimeError{Msg: ir.InterruptError}
		e.stopped = e.Err
	default:
		return true
	}
	return false
}

// workLimit is ir.MaxWork, or Env.MaxWork when that is lower.
func (e *Env) workLimit() int64 {
	if e.MaxWork > 0 {
		return min(e.MaxWork, ir.MaxWork)
	}
	return ir.MaxWork
}

// NewEnv returns an Env sized for n: Meta holds the initial meta values,
// Sel has room for the largest select, and the evaluation stack is
// preallocated. Locs and Vars are left for the caller.
func (n *Network) NewEnv() *Env {
	e := &Env{
		Meta:   make([]int32, len(n.Meta)),
		Sel:    make([]int32, n.maxSelect),
		Resets: make([]ClockReset, 0, 8),
		consts: n.consts,
		stack:  make([]int32, n.maxStack+64),
	}
	for i, m := range n.Meta {
		e.Meta[i] = m.Init
	}
	return e
}

// Reset clears Err and Resets so that the Env can be reused.
func (e *Env) Reset() {
	e.Err = nil
	e.Resets = e.Resets[:0]
	e.fp, e.sp = 0, 0
	e.depth, e.stopped = 0, nil
}

// fail records a runtime error unless one is already recorded.
func (e *Env) fail(pos source.Pos, format string, args ...any) {
	if e.Err == nil {
		e.Err = &RuntimeError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
}

// InitialState returns the initial location of each process and the
// initial values of the state variables.
func (n *Network) InitialState() (locs, vars []int32) {
	locs = make([]int32, len(n.Processes))
	for i, p := range n.Processes {
		locs[i] = p.Initial
	}
	vars = make([]int32, len(n.Vars))
	for i, v := range n.Vars {
		vars[i] = v.Init
	}
	return locs, vars
}

// Describe prints a discrete state for debugging: "Train(0).Safe Gate.Free
// len=0 list[0]=1".
func (n *Network) Describe(locs, vars []int32) string {
	var b strings.Builder
	for i, p := range n.Processes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.Name)
		b.WriteByte('.')
		if i < len(locs) && locs[i] >= 0 && int(locs[i]) < len(p.Locations) {
			b.WriteString(p.Locations[locs[i]].Label())
		} else {
			b.WriteString("?")
		}
	}
	for i, v := range n.Vars {
		if i < len(vars) {
			fmt.Fprintf(&b, " %s=%d", v.Name, vars[i])
		}
	}
	return b.String()
}

// maxBrief bounds Brief's text: a run-time error on a model with 800,000
// variables printed its state in megabytes on one line.
const maxBrief = 1000

// Brief is Describe cut after about maxBrief bytes, ending then with how
// many values it left out: the state in a message.
func (n *Network) Brief(locs, vars []int32) string {
	s := n.Describe(locs, vars)
	if len(s) <= maxBrief {
		return s
	}
	cut := strings.LastIndexByte(s[:maxBrief], ' ')
	if cut <= 0 {
		cut = maxBrief
	}
	left := strings.Count(s[cut:], " ")
	return fmt.Sprintf("%s … (%d more)", s[:cut], left)
}

// Label returns the location's name, or its ID when it has none.
func (l *Location) Label() string {
	if l.Name != "" {
		return l.Name
	}
	return l.ID
}
