// The hostile-input sweep over the loader (issue 14): every file of
// testdata/hostile read, compiled and its queries compiled as a job does,
// each under a deadline and a stated bound on memory, ending with the
// outcome that testdata/hostile/WANT.tsv states; and every prefix of real
// models.

package uppaal_test

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"text/template"
	"time"

	"beeline/core/lang"
	"beeline/core/model"
	"beeline/core/source"
	"beeline/core/uppaal"
)

const hostileDir = "../../testdata/hostile"

// hostileCase is one row of WANT.tsv.
type hostileCase struct {
	file  string
	route string // how the engine's test sends it: check, or parse when a search would not end
	mib   uint64 // bound on the memory the loader allocates
	want  string // the first error, formatted, or "ok"
}

func hostileCases(t *testing.T) []hostileCase {
	t.Helper()
	f, err := os.Open(filepath.Join(hostileDir, "WANT.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []hostileCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.SplitN(sc.Text(), "\t", 4)
		if len(cols) < 4 || strings.HasPrefix(cols[0], "#") {
			continue
		}
		mib, err := strconv.ParseUint(cols[2], 10, 64)
		if err != nil {
			t.Fatalf("WANT.tsv: %s: %v", cols[0], err)
		}
		cases = append(cases, hostileCase{cols[0], cols[1], mib, cols[3]})
	}
	return cases
}

// hostileFile reads a file of testdata/hostile, expanding what the file
// spells as a template ({% repeat "(" 100000 %}, {% range $i := upto 10 %},
// {% add $i 1 %}, {% .URL %}), so that megabytes of input are a line each.
func hostileFile(t *testing.T, name, url string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(hostileDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("{%")) {
		return src
	}
	funcs := template.FuncMap{"repeat": strings.Repeat, "add": func(a, b int) int { return a + b },
		"upto": func(n int) []int {
			s := make([]int, n)
			for i := range s {
				s[i] = i
			}
			return s
		}}
	tm, err := template.New(name).Delims("{%", "%}").Funcs(funcs).Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := tm.Execute(&b, map[string]string{"URL": url}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// outcome is what loading gave: every diagnostic formatted, and whether
// the network and all its queries compiled.
type outcome struct {
	diags   []string
	ok      bool
	queries int
}

// first is the first error, or "ok" when everything compiled.
func (o outcome) first() string {
	if o.ok {
		return "ok"
	}
	for _, d := range o.diags {
		if !strings.Contains(d, ": warning: ") {
			return d
		}
	}
	return "no error, yet not compiled"
}

// load reads, compiles, and parses and compiles the queries as job.Load
// does (without its dependency on the verifier), numbering them as it
// does.
func load(name string, src []byte, queryFiles ...[]byte) outcome {
	fs := source.NewFileSet()
	doc, diags := uppaal.Read(fs, name, src)
	all := append(source.List(nil), diags...)
	qs := doc.Queries
	for i, q := range queryFiles {
		more, qd := uppaal.ReadQueries(fs, fmt.Sprintf("%s.%d.q", name, i), q)
		all.Append(qd)
		qs = append(qs, more...)
	}
	var net *model.Network
	if !diags.HasErrors() {
		var ld source.List
		net, ld = model.Load(doc)
		all.Append(ld)
	}
	o := outcome{ok: net != nil && !all.HasErrors()}
	index := 0
	for _, q := range qs {
		n := len(all)
		pq := lang.ParseQuery(q.Formula.Text(), q.Formula.Pos(0), &all)
		if pq == nil {
			continue
		}
		if net != nil && !all[n:].HasErrors() && net.CompileQuery(pq, &all) != nil {
			o.queries++
		}
		all.SetQuery(n, index)
		index++
	}
	o.ok = o.ok && !all.HasErrors()
	for _, d := range fs.Sort(all) {
		o.diags = append(o.diags, fs.Format(d))
	}
	return o
}

// measured runs f with a deadline and returns how long it took and how
// many bytes it allocated; nothing else allocates meanwhile.
func measured(t *testing.T, deadline time.Duration, f func()) (time.Duration, uint64) {
	t.Helper()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	start := time.Now()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(deadline):
		t.Fatalf("still running after %v", deadline)
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&m1)
	return elapsed, m1.TotalAlloc - m0.TotalAlloc
}

// TestHostileInputs loads every hostile file and checks its outcome, its
// time (a 5 s deadline catches hangs) and its memory (the bound stated in
// WANT.tsv). The external entities name a listener that must never be
// called, and no output may show the content of /etc/passwd.
func TestHostileInputs(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener here:", err)
	}
	defer ln.Close()
	var calls atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			calls.Add(1)
			c.Close()
		}
	}()
	url := "http://" + ln.Addr().String() + "/evil.dtd"
	for _, c := range hostileCases(t) {
		t.Run(c.file, func(t *testing.T) {
			src := hostileFile(t, c.file, url)
			var qfiles [][]byte
			if q := strings.TrimSuffix(c.file, filepath.Ext(c.file)) + ".q"; fileExists(q) {
				qfiles = append(qfiles, hostileFile(t, q, url))
			}
			var o outcome
			elapsed, alloc := measured(t, 5*time.Second, func() { o = load(c.file, src, qfiles...) })
			t.Logf("%-24s %9d bytes %8v %6.1f MiB  %s", c.file, len(src), elapsed.Round(time.Millisecond), float64(alloc)/(1<<20), o.first())
			if got := o.first(); got != c.want {
				t.Errorf("outcome\n got  %s\n want %s", got, c.want)
			}
			if alloc > c.mib<<20 {
				t.Errorf("allocated %.1f MiB, bound %d MiB", float64(alloc)/(1<<20), c.mib)
			}
			for _, d := range o.diags {
				if !strings.HasPrefix(d, c.file+":") && !strings.HasPrefix(d, c.file+".0.q:") {
					t.Errorf("diagnostic without a position: %s", d)
				}
				if strings.Contains(d, "root:") {
					t.Errorf("a diagnostic shows a file's content: %s", d)
				}
			}
			if len(o.diags) > 2*100+2 {
				t.Errorf("%d diagnostics", len(o.diags))
			}
		})
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the loader connected %d times to the URL of an external entity", n)
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(filepath.Join(hostileDir, name))
	return err == nil
}

// TestTruncatedModels loads every prefix of a real XML model and of an xta
// model with its query file: each gives a model or errors with positions,
// never a panic, and all of them together take well under the deadline.
func TestTruncatedModels(t *testing.T) {
	crossing := mustRead(t, "crossing.xta")
	for _, name := range []string{"fischer-broken.xml", "crossing.xta", "crossing.q"} {
		src := mustRead(t, name)
		compiled := 0
		elapsed, _ := measured(t, 20*time.Second, func() {
			for n := 0; n <= len(src); n++ {
				var o outcome
				if strings.HasSuffix(name, ".q") {
					o = load("crossing.xta", crossing, src[:n])
				} else {
					o = load(name, src[:n])
				}
				if o.ok {
					compiled++
				}
				for _, d := range o.diags {
					if !strings.HasPrefix(d, name+":") && !strings.HasPrefix(d, "crossing.xta.0.q:") {
						t.Errorf("prefix %d: diagnostic without a position: %s", n, d)
						return
					}
				}
			}
		})
		t.Logf("%s: %d prefixes in %v, %d of them compile", name, len(src)+1, elapsed.Round(time.Millisecond), compiled)
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("../../testdata/models", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}
