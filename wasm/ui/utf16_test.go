package main

import "testing"

func TestUTF16Offsets(t *testing.T) {
	const mixed = "a\u00e9\u20ac\U0001F600b" // 1, 2, 3, 4 and 1 bytes; 1, 1, 1, 2 and 1 units
	for _, c := range []struct {
		name  string
		s     string
		bytes int // a byte offset
		units int // its UTF-16 offset
		back  int // that offset's byte offset
	}{
		{"empty", "", 0, 0, 0},
		{"ascii", "int x;", 4, 4, 4},
		{"ascii end", "int x;", 6, 6, 6},
		{"past the end", "int x;", 99, 6, 6},
		{"negative", "int x;", -3, 0, 0},
		{"after e acute", mixed, 3, 2, 3},
		{"inside e acute", mixed, 2, 1, 1},
		{"after euro", mixed, 6, 3, 6},
		{"inside euro", mixed, 5, 2, 3},
		{"after emoji", mixed, 10, 5, 10},
		{"inside emoji", mixed, 8, 3, 6},
		{"end of mixed", mixed, 11, 6, 11},
		{"invalid byte", "a\xffb", 2, 2, 2},
		{"replacement char", "\ufffdx", 3, 1, 3},
	} {
		if got := utf16Offset(c.s, c.bytes); got != c.units {
			t.Errorf("%s: utf16Offset(%q, %d) = %d, want %d", c.name, c.s, c.bytes, got, c.units)
		}
		if got := byteOffset(c.s, c.units); got != c.back {
			t.Errorf("%s: byteOffset(%q, %d) = %d, want %d", c.name, c.s, c.units, got, c.back)
		}
	}
	// Between the halves of the emoji's surrogate pair: its start.
	if got := byteOffset(mixed, 4); got != 6 {
		t.Errorf("byteOffset inside a surrogate pair = %d, want 6", got)
	}
	if got := byteOffset(mixed, -1); got != 0 {
		t.Errorf("byteOffset(-1) = %d, want 0", got)
	}
}

// Every character boundary goes to UTF-16 and back unchanged.
func TestUTF16RoundTrip(t *testing.T) {
	for _, s := range []string{"", "plain", "x\u00e9y\u20acz\U0001F600\U0001F600w", "clock x; // \u65f6\u949f\n"} {
		for i := range s + "\x00" {
			if i > len(s) {
				break
			}
			if got := byteOffset(s, utf16Offset(s, i)); got != i {
				t.Errorf("%q: byte offset %d comes back as %d", s, i, got)
			}
		}
		if got := utf16Offset(s, len(s)); got != len([]rune(s))+countAstral(s) {
			t.Errorf("%q: its end is %d in UTF-16, want %d", s, got, len([]rune(s))+countAstral(s))
		}
	}
}

func countAstral(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
