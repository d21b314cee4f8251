// Package unpack decodes msgpack within bounds. A walk over the bytes
// refuses, before decoding, what would make the decoder allocate more
// than its input justifies.
//
// The msgpack decoder believes the lengths a payload declares: a few bytes
// saying "a byte string of 4 GiB" or "an array of 2³¹ trace steps" make it
// allocate that much before it finds the data missing, which kills the
// process (a server answering a 15-byte request, a page opening a link).
// CheckShape reads every length first and refuses a payload whose
// strings, byte strings and extensions run past its end, whose arrays and
// maps declare more elements than bytes remain (every element takes at
// least one), which declares more than maxElements elements in all, or
// which nests deeper than MaxNesting (skipping an unknown field recurses
// once per level). What passes costs the decoder memory proportional to
// the payload. Every msgpack decode of Beeline goes through Unmarshal.
package unpack

import (
	"encoding/binary"
	"errors"

	"github.com/vmihailenco/msgpack/v5"
)

// MaxNesting is the deepest nesting of arrays and maps accepted.
const MaxNesting = 32

// ErrShape is CheckShape's refusal.
var ErrShape = errors.New("not well-formed msgpack")

// Unmarshal decodes the msgpack value b into v, after CheckShape(b,
// maxElements); maxElements ≤ 0 bounds the elements by len(b) only.
func Unmarshal(b []byte, v any, maxElements int) error {
	if err := CheckShape(b, maxElements); err != nil {
		return err
	}
	return msgpack.Unmarshal(b, v)
}

// CheckShape reports whether b is one well-formed msgpack value holding
// at most maxElements array elements and map entries (keys and values
// counted both) in all, nested at most MaxNesting deep; maxElements ≤ 0
// means len(b).
func CheckShape(b []byte, maxElements int) error {
	if maxElements <= 0 {
		maxElements = len(b)
	}
	left := []int{1} // values still to read at each open level
	elements, i := 0, 0
	for len(left) > 0 {
		if left[len(left)-1] == 0 {
			left = left[:len(left)-1]
			continue
		}
		left[len(left)-1]--
		if i >= len(b) {
			return ErrShape
		}
		n, size, next, ok := header(b, i)
		if !ok || size > len(b)-next || n > len(b)-next {
			return ErrShape
		}
		i = next + size
		if n == 0 {
			continue
		}
		if elements += n; elements > maxElements || len(left) == MaxNesting {
			return ErrShape
		}
		left = append(left, n)
	}
	if i != len(b) {
		return ErrShape
	}
	return nil
}

// header reads the value header at b[i]: the number n of values a
// container holds (a map's keys and values counted both), the size of the
// data that follows the header, and where that data starts. ok is false
// for a header cut short or the unused code 0xc1.
func header(b []byte, i int) (n, size, next int, ok bool) {
	c := b[i]
	i++
	// length reads a big-endian length of w bytes after the code.
	length := func(w int) (int, bool) {
		if len(b)-i < w {
			return 0, false
		}
		var v uint64
		switch w {
		case 1:
			v = uint64(b[i])
		case 2:
			v = uint64(binary.BigEndian.Uint16(b[i:]))
		case 4:
			v = uint64(binary.BigEndian.Uint32(b[i:]))
		}
		i += w
		return int(min(v, 1<<40)), true
	}
	var l int
	switch {
	case c <= 0x7f, c >= 0xe0, c == 0xc0, c == 0xc2, c == 0xc3: // fixint, nil, booleans
		return 0, 0, i, true
	case c <= 0x8f: // fixmap
		return 2 * int(c&0x0f), 0, i, true
	case c <= 0x9f: // fixarray
		return int(c & 0x0f), 0, i, true
	case c <= 0xbf: // fixstr
		return 0, int(c & 0x1f), i, true
	case c == 0xc4 || c == 0xd9: // bin8, str8
		l, ok = length(1)
	case c == 0xc5 || c == 0xda: // bin16, str16
		l, ok = length(2)
	case c == 0xc6 || c == 0xdb: // bin32, str32
		l, ok = length(4)
	case c >= 0xc7 && c <= 0xc9: // ext8, ext16, ext32: length, then a type byte
		l, ok = length(1 << (c - 0xc7))
		l++
	case c == 0xca || c == 0xcb: // float32, float64
		return 0, 4 << (c - 0xca), i, true
	case c >= 0xcc && c <= 0xd3: // uint8..uint64, int8..int64
		return 0, 1 << ((c - 0xcc) % 4), i, true
	case c >= 0xd4 && c <= 0xd8: // fixext1..fixext16: a type byte and data
		return 0, 1 + 1<<(c-0xd4), i, true
	case c == 0xdc || c == 0xdd: // array16, array32
		l, ok = length(2 << (c - 0xdc))
		return l, 0, i, ok
	case c == 0xde || c == 0xdf: // map16, map32
		l, ok = length(2 << (c - 0xde))
		return 2 * l, 0, i, ok
	default: // 0xc1, never used
		return 0, 0, i, false
	}
	return 0, l, i, ok
}
