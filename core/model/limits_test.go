// The bounds of limits.go at their edges: the largest model each allows
// loads, one more is refused with the bound in the message.

package model

import (
	"fmt"
	"testing"
)

func TestLimits(t *testing.T) {
	procs := func(n int, edges string) string {
		return fmt.Sprintf("typedef int[0,%d] id_t;\nprocess P(const id_t i) { state A; init A; trans %s; }\nsystem P;\n", n-1, edges)
	}
	for _, tc := range []struct {
		name, ok, refused, want string
	}{
		{"data", tiny("int a[1048575]; int v;", "", "", ""), tiny("int a[1048575]; int v[2];", "", "", ""),
			"test.xta:1:21: global declarations: too much data: with 'v' the variables, constants and function locals hold 1048577 values, at most 1048576 are supported"},
		{"one array", tiny("int a[1048576];", "", "", ""), tiny("int a[1048577];", "", "", ""),
			"test.xta:1:6: global declarations: array too large: 1048577 elements, at most 1048576 are supported"},
		{"meta and constants", tiny("meta int a[1048574]; const int b[2] = {1, 2};", "", "", ""), tiny("meta int a[1048575]; const int b[2] = {1, 2};", "", "", ""),
			"test.xta:1:32: global declarations: too much data: with 'b'"},
		{"function locals", tiny("void f() { int a[1048576]; a[0] = 1; }", "", "", "f()"), tiny("void f() { int a[1048576]; a[0] = 1; } void g() { int b; b = 1; }", "", "", "f()"),
			"test.xta:1:55: global declarations: too much data: with 'b'"},
		{"clocks", tiny("clock x[4096];", "", "", ""), tiny("clock x[4096], y;", "", "", ""),
			"test.xta:1:16: global declarations: too many clocks: with 'y' the model has 4097, at most 4096 are supported"},
		{"channels", tiny("chan c[262144];", "", "", ""), tiny("chan c[262144]; broadcast chan d;", "", "", ""),
			"too many channels: with 'd' the model has 262145, at most 262144 are supported"},
		{"select", "int v;\nprocess P() { state A; init A; trans A -> A { select i : int[0,255], j : int[0,255]; }; }\nsystem P;\n",
			"int v;\nprocess P() { state A; init A; trans A -> A { select i : int[0,255], j : int[0,256]; }; }\nsystem P;\n",
			"test.xta:2:74: template P, select of edge A -> A: the select bindings take 65792 combinations of values, at most 65536 are supported"},
		{"locations and edges", procs(65536, "A -> A {}"), procs(65536, "A -> A {}, A -> A {}"),
			"test.xta:3:8: system declarations: the system is too large: its processes have more than 131072 locations and edges in all"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mustLoad(t, tc.ok)
			expectError(t, tc.refused, tc.want)
		})
	}
}
