package state

import "testing"

func TestParseRat(t *testing.T) {
	for _, c := range []struct {
		in       string
		num, den int64
		bad      bool
	}{
		{"", 0, 1, false}, {"3", 3, 1, false}, {" 2.5 ", 5, 2, false}, {"5/2", 5, 2, false}, {"0.125", 1, 8, false},
		{".5", 1, 2, false}, {"3.", 3, 1, false}, {"10/4", 5, 2, false},
		{"-1", 0, 0, true}, {"x", 0, 0, true}, {"1e30", 0, 0, true}, {"1/3000000", 0, 0, true}, {"1.1234567", 0, 0, true}, {"1/0", 0, 0, true}, {".", 0, 0, true}, {"2.5/2", 0, 0, true},
	} {
		num, den, err := ParseRat(c.in)
		if (err != nil) != c.bad || !c.bad && (num != c.num || den != c.den) {
			t.Errorf("ParseRat(%q) = %d/%d, %v", c.in, num, den, err)
		}
	}
}
