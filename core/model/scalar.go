// The typing rules of scalar sets: what a scalar value may be used for.

package model

import "beeline/core/lang"

// UPPAAL's scalars admit assignment and identity testing only (Language
// Reference, "Scalars"): a scalar is compared with == and != against a
// scalar of its own set, assigned or passed where a scalar of its set
// goes, and indexes an array indexed by its set. It is no number — no
// arithmetic, no ordering, no condition, no size or range — and no
// integer is a scalar (scalar values have no literals). The rules are
// what makes every permutation of a set's values an automorphism of the
// network, on which symmetry reduction rests (symmetry.go): a model
// that could tell value 0 from value 1 would make the reduction unsound.

// number checks that o is an integer or boolean value: what arithmetic,
// ordering, logical operators, conditions, clock bounds, sizes and ranges
// take. A scalar is not one.
func (x *cx) number(o *operand) bool {
	if !x.integral(o) {
		return false
	}
	if o.t.kind == kScalar {
		x.errorf(o.node, "'%s' is a scalar of %s: a scalar may only be assigned, compared with == or != and used as an array index", exprString(o.node), o.t)
		return false
	}
	return true
}

// fits checks that the integral value o may go where a value of type t
// is stored (an assignment, an initialiser, an argument, a return value):
// a scalar of t's set into a scalar, and no scalar into an integer or a
// boolean. what names the destination in the error ("'x'", "parameter
// 'p'").
func (x *cx) fits(o *operand, t *typ, what string) bool {
	if !x.integral(o) {
		return false
	}
	switch {
	case t.kind == kBad || o.t.kind == kBad:
		return true
	case t.kind == kScalar && o.t.kind != kScalar:
		x.errorf(o.node, "'%s' is not a scalar, and %s is a scalar of %s: scalar values have no literals", exprString(o.node), what, t)
		return false
	case t.kind == kScalar && o.t.set != t.set:
		x.errorf(o.node, "'%s' is a scalar of %s, and %s of %s", exprString(o.node), o.t, what, t)
		return false
	case t.kind != kScalar && o.t.kind == kScalar:
		x.errorf(o.node, "'%s' is a scalar of %s, and %s is not a scalar: a scalar is no number", exprString(o.node), o.t, what)
		return false
	}
	return true
}

// sameKind checks the operands of == and != (compare) or the branches
// of ?: : two scalars of one set, or two numbers.
func (x *cx) sameKind(e lang.Node, l, r *operand, compare bool) bool {
	ls, rs := l.t.kind == kScalar, r.t.kind == kScalar
	if ls && rs && l.t.set != r.t.set {
		if compare {
			x.errorf(e, "cannot compare values of different scalar sets (%s and %s)", l.t, r.t)
		} else {
			x.errorf(e, "the branches of ?: are scalars of different sets (%s and %s)", l.t, r.t)
		}
		return false
	}
	if ls == rs {
		return true
	}
	s, n := l, r
	if rs {
		s, n = r, l
	}
	if compare {
		x.errorf(e, "cannot compare a scalar of %s with '%s', which is not one", s.t, exprString(n.node))
	} else {
		x.errorf(e, "the branches of ?: mix a scalar of %s and '%s', which is not one", s.t, exprString(n.node))
	}
	return false
}
