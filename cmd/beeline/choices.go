// The search options on the command line: flag help and reading, both
// from the registry (core/options).

package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"beeline/core/options"
	"beeline/core/protocol"
	"beeline/core/verify"
)

// choiceUsage is the help of a flag that names an entry of the menu cs:
// what it picks, then one line per entry with its name, label, traits
// (when traits says any) and description, and a line per parameter of a
// heuristic.
func choiceUsage(what string, cs []protocol.Choice, traits func(protocol.Choice) string) string {
	var b strings.Builder
	b.WriteString(what + ":")
	for _, c := range cs {
		fmt.Fprintf(&b, "\n  %-9s%s", c.Name, c.Label)
		if t := traits(c); t != "" {
			fmt.Fprintf(&b, " (%s)", t)
		}
		fmt.Fprintf(&b, ": %s", c.Description)
		for _, p := range c.Params {
			fmt.Fprintf(&b, "\n  %9s%s=%s: %s", "", p.Name, paramValues(p), p.Description)
			if p.Default != "" {
				fmt.Fprintf(&b, " (default %s)", p.Default)
			}
		}
	}
	return b.String()
}

// paramValues is "dprc|rd", "1..2048" for a whole number, or "VALUE"
// when any value goes.
func paramValues(p protocol.Param) string {
	switch {
	case p.Values != nil:
		return strings.Join(p.Values, "|")
	case p.Whole():
		return fmt.Sprintf("%d..%d", p.Min, p.Max)
	}
	return "VALUE"
}

// searchOptions reads the names given to --search, --trace, --symmetry
// (in o) and --heuristic into v, through the registry: unknown names are
// refused with the list of valid ones.
func searchOptions(reg *options.Registry, o protocol.Options, heuristic string, v *verify.Options) error {
	h, err := protocol.ParseHeuristic(heuristic)
	if err != nil {
		return err
	}
	o.Heuristic = h
	return reg.Apply(o, v)
}

// orderTraits says which search orders follow a heuristic.
func orderTraits(c protocol.Choice) string {
	if c.Directed {
		return "directed"
	}
	return ""
}

func noTraits(protocol.Choice) string { return "" }

// withBound returns the --heuristic value with --bound N folded in: N is
// the mas heuristic's bound parameter, and mas is the heuristic when
// none is named. 0 leaves the value as it is.
func withBound(heuristic string, bound int) (string, error) {
	if bound == 0 {
		return heuristic, nil
	}
	h, err := protocol.ParseHeuristic(heuristic)
	if err != nil {
		return "", err
	}
	switch h.Name {
	case "":
		h.Name = "mas"
	case "mas":
	default:
		return "", fmt.Errorf("--bound is the bound of the mas heuristic, not of %s", h.Name)
	}
	if h.Params == nil {
		h.Params = map[string]string{}
	}
	h.Params["bound"] = strconv.Itoa(bound)
	return h.String(), nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fl *flag.FlagSet, name string) bool {
	set := false
	fl.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
