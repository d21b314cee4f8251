// The Registry, its wire form, and reading options by name.

package options

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"beeline/core/heuristic"
	"beeline/core/model"
	"beeline/core/portfolio"
	"beeline/core/protocol"
	"beeline/core/search"
	"beeline/core/verify"
)

// Registry is what a front end may offer: the search orders, heuristics
// and diagnostic-trace modes, each menu in the order it is shown.
type Registry struct {
	Orders     []Order
	Heuristics []Heuristic
	Traces     []Trace
	Symmetries []Symmetry
}

// Order is a search order: its catalog entry and the engine's value.
type Order struct {
	protocol.Choice
	Order search.Order
}

// Heuristic is a heuristic: its catalog entry and its constructor.
type Heuristic struct {
	protocol.Choice
	New NewFunc
}

// NewFunc builds a heuristic for target t of n. params holds every
// parameter the request gave and the defaults of those it did not; New
// does not precompute.
type NewFunc func(n *model.Network, t *heuristic.Target, params map[string]string) (heuristic.Heuristic, error)

// Trace is a diagnostic-trace mode: its catalog entry and the engine's
// value.
type Trace struct {
	protocol.Choice
	Mode verify.TraceMode
}

// Symmetry is a symmetry-reduction mode: its catalog entry and whether it
// turns reduction off.
type Symmetry struct {
	protocol.Choice
	Off bool
}

// Catalog returns r's wire form: every entry's protocol.Choice, in order.
func (r *Registry) Catalog() *protocol.Catalog {
	return &protocol.Catalog{
		Orders:     choices(r.Orders, func(o Order) protocol.Choice { return o.Choice }),
		Heuristics: choices(r.Heuristics, func(h Heuristic) protocol.Choice { return h.Choice }),
		Traces:     choices(r.Traces, func(t Trace) protocol.Choice { return t.Choice }),
		Symmetries: choices(r.Symmetries, func(s Symmetry) protocol.Choice { return s.Choice }),
	}
}

func choices[E any](es []E, choice func(E) protocol.Choice) []protocol.Choice {
	out := make([]protocol.Choice, len(es))
	for i, e := range es {
		out[i] = choice(e)
	}
	return out
}

// Apply sets v's Order, Heuristic, Trace and NoSymmetry to the entries o
// names, and leaves each of them as it is where o names none. An unknown name, or a
// heuristic parameter its entry does not have or allow, is an error that
// lists the valid ones (protocol.Catalog.Lookup's, so the command line and
// the engine refuse alike).
func (r *Registry) Apply(o protocol.Options, v *verify.Options) error {
	p, err := r.Catalog().Lookup(o)
	if err != nil {
		return err
	}
	if p.Order >= 0 {
		v.Order = r.Orders[p.Order].Order
	}
	if p.Trace >= 0 {
		v.Trace = r.Traces[p.Trace].Mode
	}
	if p.Symmetry >= 0 {
		v.NoSymmetry = r.Symmetries[p.Symmetry].Off
	}
	if p.Heuristic >= 0 {
		v.Heuristic = r.Heuristics[p.Heuristic].bind(o.Heuristic.Params)
	}
	if p.Order >= 0 && r.Orders[p.Order].Portfolio {
		v.Heuristic = nil
		members, err := r.Portfolio(portfolio.Members(v.Trace == verify.TraceShortest))
		if err != nil {
			return err
		}
		v.Portfolio = members
	} else if p.Order >= 0 {
		v.Portfolio = nil
	}
	return nil
}

// Portfolio resolves the names of members into the engine's values.
func (r *Registry) Portfolio(members []portfolio.Member) ([]verify.Member, error) {
	out := make([]verify.Member, len(members))
	for i, m := range members {
		var v verify.Options
		h, err := protocol.ParseHeuristic(m.Heuristic)
		if err == nil {
			err = r.Apply(protocol.Options{Order: protocol.Order(m.Order), Heuristic: h}, &v)
		}
		if err != nil {
			return nil, fmt.Errorf("portfolio member %s: %w", m.Label, err)
		}
		if v.Portfolio != nil {
			return nil, fmt.Errorf("portfolio member %s: a portfolio in a portfolio", m.Label)
		}
		out[i] = verify.Member{Member: m, Order: v.Order, Heuristic: v.Heuristic}
	}
	return out, nil
}

// NewHeuristic returns the builder of the heuristic spec names in its
// wire form ("hl", "pdb:select=rd"; see protocol.Heuristic), checked as
// Apply checks it; nil for "" and "none".
func (r *Registry) NewHeuristic(spec string) (verify.NewHeuristic, error) {
	h, err := protocol.ParseHeuristic(spec)
	if err != nil {
		return nil, err
	}
	var v verify.Options
	err = r.Apply(protocol.Options{Heuristic: h}, &v)
	return v.Heuristic, err
}

// bind returns h's builder for the parameters given, with h's defaults
// for the others.
func (h Heuristic) bind(given map[string]string) verify.NewHeuristic {
	params := map[string]string{}
	for _, p := range h.Params {
		if p.Default != "" {
			params[p.Name] = p.Default
		}
	}
	maps.Copy(params, given)
	return func(n *model.Network, t *heuristic.Target) (heuristic.Heuristic, error) {
		return h.New(n, t, params)
	}
}

// Check verifies r's invariants (see the package documentation) and
// returns every violation found.
func (r *Registry) Check() error {
	c := r.Catalog()
	errs := checkMenu("search order", c.Orders)
	errs = append(errs, checkMenu("heuristic", c.Heuristics)...)
	errs = append(errs, checkMenu("diagnostic trace", c.Traces)...)
	errs = append(errs, checkMenu("symmetry reduction", c.Symmetries)...)
	for _, h := range r.Heuristics {
		if h.New == nil {
			errs = append(errs, fmt.Errorf("heuristic %q has no constructor", h.Name))
		}
		errs = append(errs, checkParams(h.Choice)...)
	}
	return errors.Join(errs...)
}

// checkMenu checks the entries of one menu: each has its words, names
// are unique words, and one entry is suggested.
func checkMenu(kind string, cs []protocol.Choice) []error {
	var errs []error
	seen := map[string]bool{}
	suggested := 0
	for _, c := range cs {
		if c.Label == "" || c.Description == "" {
			errs = append(errs, fmt.Errorf("%s %q needs a label and a description", kind, c.Name))
		}
		for _, name := range append([]string{c.Name}, c.Aliases...) {
			if !isWord(name) || seen[name] {
				errs = append(errs, fmt.Errorf("%s name %q is empty, not a word, or taken", kind, name))
			}
			seen[name] = true
		}
		if c.Suggested {
			suggested++
		}
	}
	if suggested != 1 {
		errs = append(errs, fmt.Errorf("%d %ss are suggested, want one", suggested, kind))
	}
	return errs
}

// checkParams checks a heuristic's parameters: unique words, and defaults
// among the allowed values.
func checkParams(h protocol.Choice) []error {
	var errs []error
	seen := map[string]bool{}
	for _, p := range h.Params {
		if !isWord(p.Name) || seen[p.Name] || p.Label == "" {
			errs = append(errs, fmt.Errorf("heuristic %s: parameter %q is unnamed, unlabelled or given twice", h.Name, p.Name))
		}
		seen[p.Name] = true
		if p.Default != "" && p.Values != nil && !slices.Contains(p.Values, p.Default) {
			errs = append(errs, fmt.Errorf("heuristic %s: the default %s=%s is not an allowed value", h.Name, p.Name, p.Default))
		}
		if p.Whole() && (p.Values != nil || p.Min > p.Max) {
			errs = append(errs, fmt.Errorf("heuristic %s: parameter %s has both values and a range, or an empty range", h.Name, p.Name))
		}
		if p.Default != "" && !p.InRange(p.Default) {
			errs = append(errs, fmt.Errorf("heuristic %s: the default %s=%s is not %s", h.Name, p.Name, p.Default, p.Range()))
		}
	}
	return errs
}

// isWord reports whether s is a non-empty run of lower-case letters,
// digits, '-' and '*': safe inside the heuristic's wire form and a flag.
func isWord(s string) bool {
	for _, c := range s {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '*') {
			return false
		}
	}
	return s != ""
}
