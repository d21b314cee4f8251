package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"beeline/core/heuristic"
	"beeline/core/search"
)

func TestProgressShortCount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {999, "999"}, {1000, "1.00k"}, {1234, "1.23k"}, {9994, "9.99k"}, {9995, "10.0k"},
		{45_649, "45.6k"}, {99_949, "99.9k"}, {99_950, "100k"}, {789_400, "789k"}, {999_499, "999k"},
		{999_500, "1.00M"}, {12_345_678, "12.3M"}, {4_000_000_000, "4.00G"}, {1 << 62, "4.61E"},
	} {
		if got := shortCount(tc.n); got != tc.want {
			t.Errorf("shortCount(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestProgressLines(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{searchStatus(3, 12500*time.Millisecond, search.Stats{Explored: 1_234_567, Stored: 1_000_000, Covered: 19_600, Waiting: 12_000, Rate: 96_100}),
			"formula 3, 12.5 s: 1.23M explored, 980k stored, 96.1k states/s, 12.0k waiting"},
		{searchStatus(0, time.Second, search.Stats{}),
			"formula 0, 1.0 s: 0 explored, 0 stored, 0 states/s, 0 waiting"},
		{precomputeStatus(3, 4*time.Second, "pdb", heuristic.Progress{Step: "exploring", Pattern: "P.l+Q.l", States: 120_600, Layers: 14, Bytes: 5 << 19}),
			"formula 3, 4.0 s: precomputing pdb: exploring, 121k abstract states, 14 layers, 2.5 MiB, pattern P.l+Q.l"},
		{precomputeStatus(1, 1200*time.Millisecond, "mas", heuristic.Progress{Step: "composing: 3 of 20"}),
			"formula 1, 1.2 s: precomputing mas: composing: 3 of 20"},
		{precomputeStatus(1, 20*time.Second, "pdb", heuristic.Progress{Step: "distances", States: 975_954, Layers: 1}),
			"formula 1, 20.0 s: precomputing pdb: distances, 976k abstract states, 1 layer"},
		{countStatus(3, 1500*time.Millisecond, "hl", 520, 4100), "formula 3, 1.5 s: precomputing hl: 520 of 4.10k"},
		{countStatus(3, 1500*time.Millisecond, "hl", 520, 0), "formula 3, 1.5 s: precomputing hl: 520"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}

// A line longer than a terminal's row is cut, so that it never wraps.
func TestProgressFit(t *testing.T) {
	long := precomputeStatus(12, 1234*time.Second, "pdb", heuristic.Progress{Step: "exploring", Pattern: strings.Repeat("Process.location+", 10), States: 1e6})
	got := fitStatus(long)
	if n := len([]rune(got)); n != statusWidth || !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("fitStatus(%q) = %q (%d characters)", long, got, n)
	}
	if short := "formula 0, 1.0 s: 0 explored"; fitStatus(short) != short {
		t.Errorf("fitStatus cut %q", short)
	}
}

// fakeClock is a clock that the test moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// The line appears after a second, is rewritten at most every 250 ms,
// and is erased by clear; a quick query leaves nothing.
func TestProgressThrottle(t *testing.T) {
	var w bytes.Buffer
	clock := &fakeClock{t: time.Unix(1000, 0)}
	setup := &statusSetup{w: &w, now: clock.now, after: statusAfter, every: statusEvery}
	l := setup.line(7)
	at := func(ms int, explored int64) {
		clock.t = time.Unix(1000, 0).Add(time.Duration(ms) * time.Millisecond)
		l.searched(search.Stats{Explored: explored})
	}
	line := func(s string) string { return "\r" + s + " 0 stored, 0 states/s, 0 waiting\x1b[K" }
	at(250, 1)
	at(999, 2)
	if w.Len() != 0 {
		t.Fatalf("a line before a second: %q", w.String())
	}
	at(1000, 3)
	at(1100, 4)
	at(1249, 5)
	at(1250, 6)
	at(1400, 7)
	at(2000, 8)
	want := line("formula 7, 1.0 s: 3 explored,") + line("formula 7, 1.2 s: 6 explored,") + line("formula 7, 2.0 s: 8 explored,")
	if w.String() != want {
		t.Errorf("wrote\n%q\nwant\n%q", w.String(), want)
	}
	w.Reset()
	l.clear()
	l.clear()
	if w.String() != eraseLine {
		t.Errorf("clear wrote %q, want one %q", w.String(), eraseLine)
	}

	w.Reset()
	quick := setup.line(8)
	clock.t = clock.t.Add(900 * time.Millisecond)
	quick.searched(search.Stats{})
	quick.clear()
	if w.Len() != 0 {
		t.Errorf("a query of 0.9 s wrote %q", w.String())
	}
	var none *statusSetup
	none.line(1).clear() // no setup: no line, and nothing to erase
}

// steppingStatus shows the status line on stderr as if it were a
// terminal, with a clock that moves a second at every reading, so that
// every report the search makes is shown; the search reports at every
// checkpoint.
func steppingStatus(stderr io.Writer) *statusSetup {
	clock := &fakeClock{t: time.Unix(1000, 0)}
	return &statusSetup{w: stderr, after: statusAfter, every: statusEvery, searchEvery: time.Nanosecond,
		now: func() time.Time { clock.t = clock.t.Add(time.Second); return clock.t }}
}

// seconds matches the times of the text output, which differ run to run.
var seconds = regexp.MustCompile(`\d+\.\d{3} s\b`)

// On a terminal, check rewrites a status line on stderr while a query
// runs, for reachability, liveness and sup queries and for a heuristic's
// precomputation, and erases it; what it prints on stdout is what it
// prints elsewhere.
func TestCheckProgressOnTerminal(t *testing.T) {
	hanoi := "../../testdata/models/hanoi/hanoi-4.xml"
	cycle := "../../testdata/models/live/cycle.xta"
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"reachability", []string{hanoi, "--jobs", "1"}, []string{"\rformula 0, 1.0 s: 0 explored, 0 stored, ", " states/s, "}},
		{"pdb", []string{hanoi, "--search", "astar", "--heuristic", "pdb", "--trace", "some"}, []string{"\rformula 0, 1.0 s: precomputing pdb: ", "abstract states", " explored, "}},
		{"liveness", []string{cycle, "--formula", "P.b --> P.c", "--formula", "A<> P.d"}, []string{"\rformula 0, ", "\rformula 1, ", " explored, "}},
		{"sup", []string{crossing, "--formula", "sup{Train(0).Stop}: Train(0).x, q.len"}, []string{"\rformula 0, ", " explored, "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--query", "0"}, tc.args...)
			if tc.name == "liveness" || tc.name == "sup" {
				args = tc.args
			}
			var out, errb bytes.Buffer
			status := checkWith(args, &out, &errb, steppingStatus)
			plain, plainErr, plainStatus := runCLI(t, append([]string{"check"}, args...)...)
			if status != plainStatus || seconds.ReplaceAllString(out.String(), "T s") != seconds.ReplaceAllString(plain, "T s") {
				t.Errorf("stdout differs with the status line (status %d, %d):\n%s\nwithout:\n%s", status, plainStatus, out.String(), plain)
			}
			if plainErr != "" {
				t.Errorf("without a terminal, stderr has %q", plainErr)
			}
			got := errb.String()
			for _, want := range append(tc.want, "\x1b[K") {
				if !strings.Contains(got, want) {
					t.Errorf("stderr lacks %q:\n%.2000q", want, got)
				}
			}
			if !strings.HasSuffix(got, eraseLine) {
				t.Errorf("the status line is not erased at the end:\n%.2000q", got[max(0, len(got)-2000):])
			}
		})
	}
}

// With --quiet or --json, check shows no status line, even on a terminal.
func TestCheckProgressQuiet(t *testing.T) {
	for _, flag := range []string{"--quiet", "--json"} {
		var out, errb bytes.Buffer
		if status := checkWith([]string{"../../testdata/models/hanoi/hanoi-3.xml", flag}, &out, &errb, steppingStatus); status != exitOK || errb.Len() != 0 {
			t.Errorf("%s: status %d, stderr %q", flag, status, errb.String())
		}
	}
}

// A file is not a terminal: check writes no progress to it.
func TestCheckProgressNotTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) || isTerminal(&bytes.Buffer{}) {
		t.Fatal("a file or a buffer is taken for a terminal")
	}
	var out bytes.Buffer
	if status := runCheck([]string{"../../testdata/models/hanoi/hanoi-3.xml"}, &out, f); status != exitOK {
		t.Fatalf("status %d", status)
	}
	if b, err := os.ReadFile(f.Name()); err != nil || len(b) != 0 {
		t.Errorf("stderr file has %q (%v)", b, err)
	}
}
