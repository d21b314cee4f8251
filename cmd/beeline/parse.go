// The parse command: read models, print their summaries or their errors.

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/source"
)

// parseSummary is what `beeline parse` prints for one model.
type parseSummary struct {
	File        string           `json:"file"`
	OK          bool             `json:"ok"`
	Format      string           `json:"format,omitempty"`
	Templates   int              `json:"templates"`
	Processes   int              `json:"processes"`
	Locations   int              `json:"locations"`
	Edges       int              `json:"edges"`
	Clocks      int              `json:"clocks"`
	Variables   int              `json:"variables"`
	Meta        int              `json:"meta"`
	Channels    int              `json:"channels"`
	Queries     int              `json:"queries"`
	QueryKinds  map[string]int   `json:"query_kinds"`
	ProcessList []processSummary `json:"process_list,omitempty"`
	Diagnostics []diagnosticJSON `json:"diagnostics"`
}

type processSummary struct {
	Name      string `json:"name"`
	Template  string `json:"template"`
	Locations int    `json:"locations"`
	Edges     int    `json:"edges"`
}

type diagnosticJSON struct {
	Severity string          `json:"severity"`
	Pos      source.Position `json:"pos"`
	End      source.Position `json:"end"`
	Context  string          `json:"context,omitempty"`
	// Query is the index of the query whose formula the diagnostic is
	// about, absent when it is about none.
	Query   *int   `json:"query,omitempty"`
	Message string `json:"message"`
	Text    string `json:"text"`
}

func runParse(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("parse", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print the summaries as one JSON object")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: beeline parse [--json] MODEL [QUERIES.q]... [MODEL [QUERIES.q]...]...")
		fmt.Fprintln(stderr, "Reads each model (UPPAAL .xml or .xta) with the query files that follow it")
		fmt.Fprintln(stderr, "and prints a summary, or its errors. Exit status 1 if any model has errors.")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return exitUsage
	}
	groups, err := groupArgs(fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "beeline parse: %v\n", err)
		fl.Usage()
		return exitUsage
	}
	status := exitOK
	var all []*parseSummary
	for _, g := range groups {
		l, err := loadModel(g[0], g[1:])
		if err != nil {
			fmt.Fprintf(stderr, "beeline parse: %v\n", err)
			status = exitModelError
			all = append(all, &parseSummary{File: g[0], Diagnostics: []diagnosticJSON{{Severity: "error", Pos: source.Position{Filename: g[0]}, Message: err.Error(), Text: err.Error()}}})
			continue
		}
		s := summarize(l)
		if !s.OK {
			status = exitModelError
		}
		all = append(all, s)
		if !*asJSON {
			printSummary(stdout, stderr, l, s)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]any{"models": all}); err != nil {
			fmt.Fprintf(stderr, "beeline parse: %v\n", err)
			return exitModelError
		}
	}
	return status
}

// groupArgs splits the arguments into models, each followed by its .q files.
func groupArgs(args []string) ([][]string, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("no model given")
	}
	var groups [][]string
	for _, a := range args {
		if isQueryFile(a) {
			if len(groups) == 0 {
				return nil, fmt.Errorf("query file %s given before any model", a)
			}
			groups[len(groups)-1] = append(groups[len(groups)-1], a)
			continue
		}
		groups = append(groups, []string{a})
	}
	return groups, nil
}

func summarize(l *loaded) *parseSummary {
	s := &parseSummary{File: l.Path, QueryKinds: map[string]int{}, Diagnostics: diagnosticsJSON(l.FS, l.Diags)}
	s.OK = !l.Diags.HasErrors() && l.Net != nil
	if l.Doc != nil {
		s.Format = l.Doc.Format.String()
		s.Templates = len(l.Doc.Templates)
	}
	for _, q := range l.Queries {
		s.Queries++
		s.QueryKinds[job.KindName(q.Parsed)]++
	}
	if n := l.Net; n != nil {
		fillNetworkSummary(s, n)
	}
	return s
}

func fillNetworkSummary(s *parseSummary, n *model.Network) {
	s.Processes = len(n.Processes)
	s.Clocks = len(n.Clocks) - 1 // the reference clock is not the model's
	sum := n.Summary()
	s.Variables = sum.Variables
	s.Meta = sum.Meta
	s.Channels = len(n.Channels)
	for _, p := range n.Processes {
		s.Locations += len(p.Locations)
		s.Edges += len(p.Edges)
		s.ProcessList = append(s.ProcessList, processSummary{Name: p.Name, Template: p.Template, Locations: len(p.Locations), Edges: len(p.Edges)})
	}
}

func diagnosticsJSON(fs *source.FileSet, l source.List) []diagnosticJSON {
	out := make([]diagnosticJSON, 0, len(l))
	for _, d := range l {
		dj := diagnosticJSON{
			Severity: d.Severity.String(),
			Pos:      fs.Position(d.Pos),
			End:      fs.Position(d.End),
			Context:  d.Context,
			Message:  d.Msg,
			Text:     fs.Format(d),
		}
		if q, ok := d.Query(); ok {
			dj.Query = &q
		}
		out = append(out, dj)
	}
	return out
}

func printSummary(stdout, stderr io.Writer, l *loaded, s *parseSummary) {
	for _, d := range l.Diags {
		fmt.Fprintln(stderr, l.FS.Format(d))
	}
	if !s.OK {
		fmt.Fprintf(stdout, "%s: %d error(s)\n", s.File, len(l.Diags.Errors()))
		return
	}
	fmt.Fprintf(stdout, "%s: %s, %s (%s), %s, %s, %s, %s, %s, %s\n", s.File, s.Format,
		plural(s.Processes, "process", "processes"), plural(s.Templates, "template", "templates"),
		plural(s.Locations, "location", "locations"), plural(s.Edges, "edge", "edges"),
		plural(s.Clocks, "clock", "clocks"), plural(s.Variables, "variable", "variables"),
		plural(s.Channels, "channel", "channels"), queriesText(s))
	for _, p := range s.ProcessList {
		fmt.Fprintf(stdout, "  %-24s %-16s %s, %s\n", p.Name, "("+p.Template+")",
			plural(p.Locations, "location", "locations"), plural(p.Edges, "edge", "edges"))
	}
}

func queriesText(s *parseSummary) string {
	text := plural(s.Queries, "query", "queries")
	if s.Queries == 0 {
		return text
	}
	kinds := make([]string, 0, len(s.QueryKinds))
	for k, n := range s.QueryKinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	return text + " (" + strings.Join(kinds, ", ") + ")"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
