// Progress on stderr: the status line that `beeline check` rewrites in
// place on a terminal while a query's search or precomputation runs, and
// the lines that `beeline prepare` prints.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"beeline/core/heuristic"
	"beeline/core/job"
	"beeline/core/model"
	"beeline/core/search"
	"beeline/core/verify"
)

const (
	// statusAfter is how long a query runs before its status line
	// appears: a quick query prints its result and nothing else.
	statusAfter = time.Second
	// statusEvery is the least time between two rewrites of the line.
	statusEvery = 250 * time.Millisecond
	// statusWidth bounds the line's length in characters, so that it
	// stays on one row of an 80-column terminal: a line that wraps
	// cannot be rewritten in place.
	statusWidth = 79
	// eraseLine returns the cursor to the start of the row and clears
	// the row (ANSI "erase in line", from the cursor to its end).
	eraseLine = "\r\x1b[K"
)

// statusSetup says where and how `beeline check` shows its status line.
// A nil *statusSetup shows none.
type statusSetup struct {
	w   io.Writer
	now func() time.Time
	// after and every are statusAfter and statusEvery, smaller in tests.
	after, every time.Duration
	// searchEvery is verify.Options.ProgressEvery: how often the search
	// reports (0: the search's default).
	searchEvery time.Duration
}

// terminalStatus returns the setup that shows the status line on stderr
// when stderr is a terminal, and nil otherwise (a file, a pipe, a test's
// buffer).
func terminalStatus(stderr io.Writer) *statusSetup {
	if !isTerminal(stderr) {
		return nil
	}
	return &statusSetup{w: stderr, now: time.Now, after: statusAfter, every: statusEvery}
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// statusLine is the status line of one query. Its methods may be called
// from the search's goroutine and from a precomputation's.
type statusLine struct {
	setup *statusSetup
	query int

	mu          sync.Mutex
	start, last time.Time
	shown       bool // a line is on the screen
}

// line starts the status line of the query numbered query; nil when s is.
func (s *statusSetup) line(query int) *statusLine {
	if s == nil {
		return nil
	}
	return &statusLine{setup: s, query: query, start: s.now()}
}

// watch returns opts with the search's and the heuristic's progress
// reported to l; opts itself when l is nil.
func (l *statusLine) watch(opts verify.Options) verify.Options {
	if l == nil {
		return opts
	}
	opts.Progress, opts.ProgressEvery = l.searched, l.setup.searchEvery
	if opts.Portfolio != nil {
		labels := make([]string, len(opts.Portfolio))
		for i, m := range opts.Portfolio {
			labels[i] = m.Label
		}
		last := make([]*search.Stats, len(labels))
		opts.MemberProgress = func(i int, st search.Stats) {
			l.mu.Lock()
			last[i] = &st
			snapshot := append([]*search.Stats(nil), last...)
			l.mu.Unlock()
			l.show(func(el time.Duration) string { return raceStatus(l.query, el, labels, snapshot) })
		}
	}
	build := opts.Heuristic
	if build == nil {
		return opts
	}
	// A heuristic that reports its Progress says more than its count;
	// verify gives the others' count to PrecomputeProgress.
	var name string
	reports := false
	opts.Heuristic = func(n *model.Network, t *heuristic.Target) (heuristic.Heuristic, error) {
		h, err := build(n, t)
		if err != nil {
			return h, err
		}
		name = h.Info().Name
		if r, ok := h.(heuristic.Reporter); ok {
			reports = true
			r.ReportTo(func(p heuristic.Progress) {
				l.show(func(el time.Duration) string { return precomputeStatus(l.query, el, name, p) })
			})
		}
		return h, nil
	}
	opts.PrecomputeProgress = func(done, total int64) {
		if !reports {
			l.show(func(el time.Duration) string { return countStatus(l.query, el, name, done, total) })
		}
	}
	return opts
}

// progressJSON is one line of --json-progress.
type progressJSON struct {
	Query int `json:"query"`
	// Member and Label name the member of --search auto's race whose
	// progress this is; absent for a single search.
	Member    *int    `json:"member,omitempty"`
	Label     string  `json:"label,omitempty"`
	ElapsedMS int64   `json:"elapsed_ms"`
	Explored  int64   `json:"explored"`
	Stored    int64   `json:"stored"`
	Pruned    int64   `json:"pruned"`
	Rate      float64 `json:"rate"`
	// Estimate is the best estimate of the heuristic so far, when it
	// has one.
	Estimate *int32 `json:"estimate,omitempty"`
}

// jsonProgress returns opts with the search's progress, or each
// member's, written to w as JSON lines about once a second.
func jsonProgress(w io.Writer, query int, opts verify.Options) verify.Options {
	var mu sync.Mutex
	enc := json.NewEncoder(w)
	start := time.Now()
	write := func(member int, st search.Stats) {
		p := progressJSON{Query: query, ElapsedMS: time.Since(start).Milliseconds(), Explored: st.Explored,
			Stored: st.Stored - st.Covered, Pruned: st.Pruned, Rate: st.Rate}
		if member >= 0 {
			p.Member, p.Label = &member, opts.Portfolio[member].Label
		}
		if st.HasEstimate {
			p.Estimate = &st.BestEstimate
		}
		mu.Lock()
		defer mu.Unlock()
		enc.Encode(p)
	}
	opts.ProgressEvery = time.Second
	opts.Progress = func(st search.Stats) { write(-1, st) }
	if opts.Portfolio != nil {
		opts.MemberProgress = write
	}
	return opts
}

// searched shows a snapshot of the search's statistics.
func (l *statusLine) searched(st search.Stats) {
	l.show(func(el time.Duration) string { return searchStatus(l.query, el, st) })
}

// show writes the line that text makes from the time since the query
// started, over the line before: not before setup.after, and not again
// within setup.every.
func (l *statusLine) show(text func(elapsed time.Duration) string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.setup.now()
	el := now.Sub(l.start)
	if el < l.setup.after || l.shown && now.Sub(l.last) < l.setup.every {
		return
	}
	l.last, l.shown = now, true
	fmt.Fprint(l.setup.w, "\r"+fitStatus(text(el))+"\x1b[K")
}

// clear erases the line, if one is shown, so that what is printed next
// starts on a clean row. A nil l does nothing.
func (l *statusLine) clear() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown {
		fmt.Fprint(l.setup.w, eraseLine)
		l.shown = false
	}
}

// searchStatus is the status line of a search: "formula 3, 12.5 s:
// 1.23M explored, 980k stored, 96.1k states/s, 12.0k waiting". Stored
// counts, as the result does, the states not covered by others; the
// waiting states come last, to be cut first from a line too long.
func searchStatus(query int, elapsed time.Duration, st search.Stats) string {
	return fmt.Sprintf("%s %s explored, %s stored, %s states/s, %s waiting", statusHead(query, elapsed),
		shortCount(st.Explored), shortCount(st.Stored-st.Covered), shortCount(int64(st.Rate)), shortCount(st.Waiting))
}

// precomputeStatus is the status line of a precomputation that reports
// its Progress: "formula 3, 4.0 s: precomputing pdb: exploring, 121k
// abstract states, 14 layers, 2.4 MiB, pattern P.l+Q.l". What the report
// leaves at zero is not said.
func precomputeStatus(query int, elapsed time.Duration, name string, p heuristic.Progress) string {
	parts := []string{}
	if p.Step != "" {
		parts = append(parts, p.Step)
	}
	if p.States > 0 {
		parts = append(parts, shortCount(p.States)+" abstract states")
	}
	switch {
	case p.Layers == 1:
		parts = append(parts, "1 layer")
	case p.Layers > 1:
		parts = append(parts, strconv.Itoa(p.Layers)+" layers")
	}
	if p.Bytes > 0 {
		parts = append(parts, job.SizeText(p.Bytes))
	}
	if p.Pattern != "" {
		parts = append(parts, "pattern "+p.Pattern)
	}
	return statusHead(query, elapsed) + " precomputing " + name + ": " + strings.Join(parts, ", ")
}

// countStatus is the status line of a precomputation that reports only
// its count, in its own units: "formula 3, 1.5 s: precomputing hl: 520
// of 4.10k".
func countStatus(query int, elapsed time.Duration, name string, done, total int64) string {
	s := statusHead(query, elapsed) + " precomputing " + name + ": " + shortCount(done)
	if total > 0 {
		s += " of " + shortCount(total)
	}
	return s
}

// statusHead says which query the line is about and for how long it has
// run: "formula 3, 12.5 s:".
func statusHead(query int, elapsed time.Duration) string {
	return fmt.Sprintf("formula %d, %.1f s:", query, elapsed.Seconds())
}

// shortCount writes n with three significant digits and a unit, in at
// most five characters: 950, 1.23k, 45.6k, 789k, 12.3M, 4.00G.
func shortCount(n int64) string {
	if n < 1000 {
		return strconv.FormatInt(n, 10)
	}
	v := float64(n)
	for _, unit := range []string{"k", "M", "G", "T", "P"} {
		v /= 1000
		switch {
		case v < 9.995:
			return strconv.FormatFloat(v, 'f', 2, 64) + unit
		case v < 99.95:
			return strconv.FormatFloat(v, 'f', 1, 64) + unit
		case v < 999.5:
			return strconv.FormatFloat(v, 'f', 0, 64) + unit
		}
	}
	return strconv.FormatFloat(v/1000, 'f', 2, 64) + "E"
}

// fitStatus cuts s to statusWidth characters, ending a cut line with "…".
func fitStatus(s string) string {
	r := []rune(s)
	if len(r) <= statusWidth {
		return s
	}
	return string(r[:statusWidth-1]) + "…"
}

// progressPrinter prints the precomputation's progress of `beeline
// prepare`, one line at most twice a second, or nothing when quiet.
func progressPrinter(w io.Writer, start time.Time, quiet bool) func(done, total int64) {
	if quiet {
		return nil
	}
	last := time.Time{}
	return func(done, _ int64) {
		if now := time.Now(); now.Sub(last) >= 500*time.Millisecond {
			last = now
			fmt.Fprintf(w, "precomputing: %d abstract states, %.1f s\n", done, now.Sub(start).Seconds())
		}
	}
}
