package main

import "testing"

func TestSaveName(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"fischer.xml", "fischer.xml"},
		{"Fischer.XML", "Fischer.XML"},
		{"train-gate.xta", "train-gate.xml"},
		{"pasted.xta", "pasted.xml"},
		{"cr.TA", "cr.xml"},
		{"model.v2.xta", "model.v2.xml"},
		{"model.txt", "model.txt.xml"},
		{"untitled", "untitled.xml"},
		{"", "untitled.xml"},
		{".xta", "untitled.xml"},
		{".xml", "untitled.xml"},
	} {
		if got := saveName(c.name); got != c.want {
			t.Errorf("saveName(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
