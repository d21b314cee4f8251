package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// sharedModels is where the corpus of real models lives beside the checkout.
const sharedModels = "../../../shared/models"

func runCLI(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, &out, &errb)
	return out.String(), errb.String(), status
}

// expectGolden compares got with testdata/golden/name, or rewrites it.
func expectGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestParseGoldenOwnModels(t *testing.T) {
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"fischer.golden", []string{"../../testdata/models/fischer.xml"}},
		{"crossing.golden", []string{"../../testdata/models/crossing.xta", "../../testdata/models/crossing.q"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			out, errOut, status := runCLI(t, append([]string{"parse"}, tc.args...)...)
			if status != exitOK {
				t.Fatalf("status %d, stderr:\n%s", status, errOut)
			}
			expectGolden(t, tc.golden, out)
		})
	}
}

func TestParseGoldenSharedModels(t *testing.T) {
	if _, err := os.Stat(sharedModels); err != nil {
		t.Skipf("shared models not found at %s: the corpus golden tests need the project's shared/ folder beside the checkout", sharedModels)
	}
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"train-gate.golden", []string{"uppaal-demos/train-gate.xml"}},
		{"car_radio.golden", []string{"ticktac-fork/car_radio.xml", "ticktac-fork/CarRadio.q"}},
		{"leader-election.golden", []string{"dynextrap-icfem23/leader-election/leader-election-3N.xml", "dynextrap-icfem23/leader-election/EFMsg2Hops.q"}},
		{"bocdp.golden", []string{"xtabench/BangOlufsen/bocdp.xta", "xtabench/BangOlufsen/bocdp.q"}},
		{"druzba1.golden", []string{"utot-examples/druzba1.xml"}},
		{"sr-22.golden", []string{"trafficlights-mgr/sr-22-symmetric-max18-rr-hold-lateC.ver/sr-22-symmetric-max18-rr-hold-late.xml", "trafficlights-mgr/sr-22-symmetric-max18-rr-hold-lateC.ver/sr-22.q"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			args := []string{"parse"}
			for _, a := range tc.args {
				args = append(args, filepath.Join(sharedModels, a))
			}
			out, errOut, status := runCLI(t, args...)
			if status != exitOK {
				t.Fatalf("status %d, stderr:\n%s", status, errOut)
			}
			expectGolden(t, tc.golden, strings.ReplaceAll(out, sharedModels+"/", ""))
		})
	}
}

func TestParseErrorsArePositioned(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.xml")
	src, err := os.ReadFile("../../testdata/models/fischer.xml")
	if err != nil {
		t.Fatal(err)
	}
	// Misspell a variable in a guard and an assignment: both are reported, in order.
	text := strings.Replace(string(src), `<label kind="guard" x="-40" y="-130">id == 0</label>`, `<label kind="guard" x="-40" y="-130">idd == 0</label>`, 1)
	text = strings.Replace(text, `<label kind="assignment" x="-160" y="0">id = 0</label>`, `<label kind="assignment" x="-160" y="0">id = nope</label>`, 1)
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := runCLI(t, "parse", bad)
	if status != exitModelError {
		t.Fatalf("status %d, want %d", status, exitModelError)
	}
	want := []string{
		bad + `:33:41: template P, guard of edge id4: undeclared identifier "idd"`,
		bad + `:59:49: template P, update of edge id8: undeclared identifier "nope"`,
	}
	if got := strings.Split(strings.TrimSpace(errOut), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, strings.Join(want, "\n"))
	}
	if !strings.Contains(out, "2 error(s)") {
		t.Errorf("stdout %q does not count the errors", out)
	}
}

func TestParseJSON(t *testing.T) {
	out, _, status := runCLI(t, "parse", "--json", "../../testdata/models/fischer.xml", "../../testdata/models/nonexistent.xml")
	if status != exitModelError {
		t.Errorf("status %d, want %d for a missing file", status, exitModelError)
	}
	var got struct {
		Models []parseSummary `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(got.Models) != 2 {
		t.Fatalf("got %d models, want 2", len(got.Models))
	}
	f := got.Models[0]
	if !f.OK || f.Processes != 4 || f.Locations != 16 || f.Edges != 20 || f.Clocks != 4 || f.Variables != 1 || f.Queries != 3 || f.QueryKinds["A[]"] != 2 || f.QueryKinds["E<>"] != 1 {
		t.Errorf("fischer summary wrong: %+v", f)
	}
	if got.Models[1].OK || len(got.Models[1].Diagnostics) != 1 {
		t.Errorf("missing file summary wrong: %+v", got.Models[1])
	}
}

func TestParseUsage(t *testing.T) {
	if _, _, status := runCLI(t, "parse"); status != exitUsage {
		t.Errorf("no model: status %d, want %d", status, exitUsage)
	}
	if _, _, status := runCLI(t, "parse", "x.q"); status != exitUsage {
		t.Errorf("query file first: status %d, want %d", status, exitUsage)
	}
	if _, _, status := runCLI(t, "frobnicate"); status != exitUsage {
		t.Errorf("unknown command: status %d, want %d", status, exitUsage)
	}
}

// A formula's error names its query in the text, and carries its index
// as data in the JSON.
func TestParseJSONQueryErrors(t *testing.T) {
	q := filepath.Join(t.TempDir(), "bad.q")
	if err := os.WriteFile(q, []byte("E<> Train(0).Cross\nE<> nope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ := runCLI(t, "parse", "../../testdata/models/crossing.xta", q)
	if want := q + `:2:5: query 1: undeclared identifier "nope"`; strings.TrimSpace(errOut) != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	out, _, _ := runCLI(t, "parse", "--json", "../../testdata/models/crossing.xta", q)
	var got struct {
		Models []parseSummary `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	ds := got.Models[0].Diagnostics
	if len(ds) != 1 || ds[0].Query == nil || *ds[0].Query != 1 || ds[0].Context != "" || !strings.Contains(ds[0].Text, "query 1: ") {
		t.Errorf("diagnostics %+v", ds)
	}
}
