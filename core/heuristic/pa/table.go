// The abstractions as bytes: msgpack, deterministic, with what they were
// made for, in heuristic's envelope; loading checks every field.

package pa

import (
	"fmt"
	"slices"
	"strconv"

	"beeline/core/dbm"
	"beeline/core/heuristic"
	"beeline/core/ir"
)

// Format is the predicate abstraction's table format (version 3: the
// table in heuristic's envelope, with a checksum). Tables of other
// versions are refused.
var Format = heuristic.TableFormat{Kind: "pa", What: "the predicate abstraction table", Version: 3}

// Table is the encoded form of the abstractions.
type Table struct {
	heuristic.TableHeader
	// Options names the options the table was made with.
	Options string     `msgpack:"options"`
	Cuts    bool       `msgpack:"cuts"`
	Rounds  int        `msgpack:"rounds"`
	Abs     []AbsTable `msgpack:"abs"`
	// Groups are the abstractions each target disjunct combines; nil
	// for one group of all.
	Groups [][]int32 `msgpack:"groups"`
}

// AbsTable is one abstraction: its predicates, each a condition in
// prefix form (Expr) or a clock constraint (Expr empty), and its
// abstract states as literal lists with their distances, in tree order.
type AbsTable struct {
	Exprs  [][]int32  `msgpack:"exprs"`
	Clocks [][3]int32 `msgpack:"clocks"`
	Sets   [][]int32  `msgpack:"sets"`
	Dist   []int32    `msgpack:"dist"`
	Floor  int32      `msgpack:"floor"`
	States int        `msgpack:"states"`
	Layers int32      `msgpack:"layers"`
}

// key names the options that shape the table.
func (o Options) key() string {
	return fmt.Sprintf("preds=%s,combine=%s,split=%d,states=%d,layers=%d", o.Mode, o.Combine, o.Split, o.States, o.Layers)
}

// Table returns the abstractions encoded with msgpack.
func (h *Heuristic) Table() ([]byte, error) {
	if !h.done {
		return nil, fmt.Errorf("the predicate abstraction is not computed")
	}
	t := Table{TableHeader: Format.Header(h.net, h.target), Options: h.opts.key(), Cuts: h.cuts, Rounds: h.rounds,
		Groups: h.groups}
	for _, a := range h.abs {
		at := AbsTable{Floor: a.floor, States: a.states, Layers: a.layers}
		for i := range a.preds {
			p := &a.preds[i]
			if p.IsClock() {
				at.Exprs = append(at.Exprs, nil)
				at.Clocks = append(at.Clocks, [3]int32{p.I, p.J, int32(p.Bound)})
				continue
			}
			at.Exprs = append(at.Exprs, encodeExpr(p.Expr, nil))
			at.Clocks = append(at.Clocks, [3]int32{})
		}
		at.Sets, at.Dist = a.tree.sets()
		t.Abs = append(t.Abs, at)
	}
	return Format.Encode(&t)
}

// Load reads a table made by Table for the same network, target and
// options. A table damaged, cut short or not consistent in itself is
// refused and nothing of it is kept.
func (h *Heuristic) Load(b []byte) error {
	var t Table
	if err := Format.DecodeFor(b, &t, &t.TableHeader, h.net, h.target); err != nil {
		return err
	}
	if t.Options != h.opts.key() {
		return fmt.Errorf("the predicate abstraction table was made with %s, not %s", t.Options, h.opts.key())
	}
	if t.Rounds < 0 {
		return Format.Damaged("%d rounds", t.Rounds)
	}
	var abs []*abstraction
	for k, at := range t.Abs {
		a, err := h.decode(&at)
		if err != nil {
			return Format.Damaged("abstraction %d: %v", k+1, err)
		}
		abs = append(abs, a)
	}
	for _, g := range t.Groups {
		// A group is empty only as the one group of no abstraction.
		if len(g) == 0 && len(abs) > 0 || slices.ContainsFunc(g, func(i int32) bool { return i < 0 || int(i) >= len(abs) }) {
			return Format.Damaged("a disjunct's abstractions")
		}
	}
	h.abs, h.groups, h.cuts, h.rounds, h.done = abs, allGroups(t.Groups, len(abs)), t.Cuts, t.Rounds, true
	return nil
}

// decode rebuilds one abstraction, checking every index a lookup uses.
func (h *Heuristic) decode(at *AbsTable) (*abstraction, error) {
	n := h.net
	switch {
	case len(at.Clocks) != len(at.Exprs) || len(at.Sets) != len(at.Dist):
		return nil, fmt.Errorf("%d predicates with %d clock constraints, %d states with %d distances",
			len(at.Exprs), len(at.Clocks), len(at.Sets), len(at.Dist))
	case at.Floor < 0 || at.States < 0 || at.Layers < 0:
		return nil, fmt.Errorf("floor %d, %d states, %d layers", at.Floor, at.States, at.Layers)
	}
	a := &abstraction{floor: at.Floor, states: at.States, layers: at.Layers, tree: newUBTree()}
	for i, code := range at.Exprs {
		if len(code) == 0 {
			c := at.Clocks[i]
			if c[0] < 0 || c[1] < 0 || int(c[0]) >= len(n.Clocks) || int(c[1]) >= len(n.Clocks) || c[0] == c[1] || !validBound(dbm.Bound(c[2])) {
				return nil, fmt.Errorf("clock predicate %d", i)
			}
			a.preds = append(a.preds, Pred{I: c[0], J: c[1], Bound: dbm.Bound(c[2])})
			a.clocks = true
			continue
		}
		e, rest, err := h.decodeExpr(code, 0)
		if err != nil || len(rest) != 0 || at.Clocks[i] != [3]int32{} {
			return nil, fmt.Errorf("predicate %d", i)
		}
		a.preds = append(a.preds, Pred{Expr: e})
	}
	for k, set := range at.Sets {
		last := int32(-1)
		for _, l := range set {
			if l <= last || int(l) >= 2*len(a.preds) {
				return nil, fmt.Errorf("state %d", k)
			}
			last = l
		}
		if at.Dist[k] < 0 || at.Dist[k] == inf {
			return nil, fmt.Errorf("distance of state %d", k)
		}
		a.tree.insert(set, at.Dist[k])
	}
	return a, nil
}

// validBound reports whether b is a bound a clock predicate may hold:
// "< ∞" or finite within dbm.MaxConstant.
func validBound(b dbm.Bound) bool {
	return b == dbm.LTInfinity || b <= dbm.LE(dbm.MaxConstant) && b >= dbm.LT(-dbm.MaxConstant)
}

// encodeExpr appends e in prefix form: op, lo, hi, proc, fn, arguments,
// then the arguments.
func encodeExpr(e *heuristic.Expr, dst []int32) []int32 {
	dst = append(dst, int32(e.Op), e.Lo, e.Hi, e.Proc, int32(e.Fn), int32(len(e.Args)))
	for _, x := range e.Args {
		dst = encodeExpr(x, dst)
	}
	return dst
}

// maxDepth bounds the nesting of a decoded expression.
const maxDepth = 256

// decodeExpr reads one expression of encodeExpr's form, refusing what a
// lookup could not evaluate safely.
func (h *Heuristic) decodeExpr(code []int32, depth int) (*heuristic.Expr, []int32, error) {
	bad := fmt.Errorf("bad expression")
	if len(code) < 6 || depth > maxDepth {
		return nil, nil, bad
	}
	e := &heuristic.Expr{Op: heuristic.Op(code[0]), Lo: code[1], Hi: code[2], Proc: code[3], Fn: ir.Op(code[4])}
	nargs := code[5]
	code = code[6:]
	want := map[heuristic.Op]int32{heuristic.OpConst: 0, heuristic.OpVar: 0, heuristic.OpLoc: 0,
		heuristic.OpUnary: 1, heuristic.OpBinary: 2, heuristic.OpCond: 3}
	k, ok := want[e.Op]
	if !ok || k != nargs || code == nil && nargs > 0 {
		return nil, nil, bad
	}
	switch e.Op {
	case heuristic.OpVar:
		if e.Lo < 0 || int(e.Lo) >= len(h.net.Vars) {
			return nil, nil, bad
		}
	case heuristic.OpLoc:
		if e.Proc < 0 || int(e.Proc) >= len(h.net.Processes) || e.Lo < 0 || int(e.Lo) >= len(h.net.Processes[e.Proc].Locations) {
			return nil, nil, bad
		}
	case heuristic.OpUnary, heuristic.OpBinary:
		if s := e.Fn.String(); len(s) > 3 && s[:3] == "Op(" {
			return nil, nil, fmt.Errorf("operator %s", strconv.Itoa(int(e.Fn)))
		}
	}
	for range nargs {
		var x *heuristic.Expr
		var err error
		if x, code, err = h.decodeExpr(code, depth+1); err != nil {
			return nil, nil, err
		}
		e.Args = append(e.Args, x)
	}
	return e, code, nil
}
