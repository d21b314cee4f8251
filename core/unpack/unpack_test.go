package unpack

import (
	"errors"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

type record struct {
	Name  string  `msgpack:"name"`
	Steps []int32 `msgpack:"steps"`
	Data  []byte  `msgpack:"data"`
	Next  *record `msgpack:"next,omitempty"`
}

// TestRefused checks that payloads declaring more than they hold are
// refused before the decoder sees them: each would make msgpack allocate
// gigabytes (a slice of 2³¹ elements, a byte string of 4 GiB).
func TestRefused(t *testing.T) {
	nested := strings.Repeat("\x91", MaxNesting+1) + "\xc0"
	cases := map[string]string{
		"array32 of 2^31":       "\x81\xa5steps\xdd\x80\x00\x00\x00",
		"map32 of 2^31":         "\xdf\x80\x00\x00\x00",
		"bin32 of 4 GiB":        "\x81\xa4data\xc6\xff\xff\xff\xff",
		"str32 of 4 GiB":        "\x81\xa4name\xdb\xff\xff\xff\xff",
		"ext32 past the end":    "\xc9\x00\x00\x10\x00\x01",
		"array cut short":       "\x93\x01\x02",
		"string cut short":      "\xa5abc",
		"nested past the bound": nested,
		"two values":            "\xc0\xc0",
		"empty":                 "",
		"the unused code 0xc1":  "\xc1",
		"length header cut":     "\xdd\x00\x00",
		"uint64 cut":            "\xcf\x00\x00",
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			var r record
			err := Unmarshal([]byte(b), &r, 0)
			if !errors.Is(err, ErrShape) {
				t.Fatalf("Unmarshal = %v, want ErrShape", err)
			}
		})
	}
}

// TestElementBound checks the bound on elements in all.
func TestElementBound(t *testing.T) {
	b, err := msgpack.Marshal(&record{Steps: make([]int32, 100)})
	if err != nil {
		t.Fatal(err)
	}
	var r record
	if err := Unmarshal(b, &r, 50); !errors.Is(err, ErrShape) {
		t.Errorf("100 steps under a bound of 50: %v, want ErrShape", err)
	}
	if err := Unmarshal(b, &r, 1000); err != nil || len(r.Steps) != 100 {
		t.Errorf("100 steps under a bound of 1000: %v, %d steps", err, len(r.Steps))
	}
}

// TestRoundTrip checks that what msgpack writes passes and decodes
// unchanged, nested records and long slices included.
func TestRoundTrip(t *testing.T) {
	in := &record{Name: "a", Steps: make([]int32, 70000), Data: []byte(strings.Repeat("x", 70000))}
	for i := range in.Steps {
		in.Steps[i] = int32(i * 7919)
	}
	cur := in
	for range MaxNesting / 2 {
		cur.Next = &record{Name: "n"}
		cur = cur.Next
	}
	b, err := msgpack.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out record
	if err := Unmarshal(b, &out, 0); err != nil {
		t.Fatal(err)
	}
	if out.Name != "a" || len(out.Steps) != 70000 || out.Steps[69999] != in.Steps[69999] || len(out.Data) != 70000 || out.Next == nil {
		t.Errorf("decoded differently")
	}
}
