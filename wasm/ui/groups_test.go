package main

import (
	"reflect"
	"testing"

	"beeline/core/protocol"
)

func TestGroupProcesses(t *testing.T) {
	procs := func(ts ...string) []protocol.Process {
		var ps []protocol.Process
		for _, t := range ts {
			ps = append(ps, protocol.Process{Name: t + "?", Template: t})
		}
		return ps
	}
	six := procs("Train", "Train", "Train", "Train", "Train", "Train", "Gate")
	four := procs("P", "P", "Gate", "P", "P")
	for _, c := range []struct {
		name string
		ps   []protocol.Process
		mode drawMode
		want [][]int
	}{
		{"six trains auto", six, drawAuto, [][]int{{0, 1, 2, 3, 4, 5}, {6}}},
		{"six trains per process", six, drawProcesses, [][]int{{0}, {1}, {2}, {3}, {4}, {5}, {6}}},
		{"four auto", four, drawAuto, [][]int{{0}, {1}, {2}, {3}, {4}}},
		{"four per template", four, drawTemplates, [][]int{{0, 1, 3, 4}, {2}}},
		{"unknown mode is auto", six, drawMode("x"), [][]int{{0, 1, 2, 3, 4, 5}, {6}}},
		{"none", nil, drawAuto, nil},
	} {
		if got := groupProcesses(c.ps, c.mode); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestInstanceLabel(t *testing.T) {
	for in, want := range map[string]string{
		"Train(0)":    "0",
		"P(1, 2)":     "1, 2",
		"Gate":        "Gate",
		"Odd()":       "Odd()",
		"Q(f(1))":     "f(1)",
		"broken(":     "broken(",
		"Station(19)": "19",
	} {
		if got := instanceLabel(in); got != want {
			t.Errorf("instanceLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
