// The envelope of every table: a header naming the heuristic and its
// format version, the body, and a SHA-256 checksum over both.

package heuristic

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/vmihailenco/msgpack/v5"

	"beeline/core/unpack"
)

// TableFormat is one heuristic's table format. Every table is written by
// Encode and read by Decode, which put the body in an envelope:
//
//	"beeline table\n"           14 bytes, the magic
//	len(Kind), Kind             1 byte, then the name of the format ("pdb")
//	Version                     uint32, little-endian
//	len(body)                   uint64, little-endian
//	body                        msgpack, integers in their shortest form
//	SHA-256                     32 bytes, of everything before it
//
// The checksum is verified before anything else is read, so that a table
// with a bit flipped or cut short is refused ("the table is damaged: …")
// rather than decoded into wrong estimates: a pattern database whose
// distance grew by one bit prunes states that reach the target, and the
// verdict is wrong. SHA-256 rather than a CRC because it costs little
// against the decoding (about 1.5 GiB/s natively, tens of MiB/s under
// js/wasm) and leaves no practical chance of a corruption passing. It is
// no signature: whoever can write a table can write its checksum, and
// each format checks every field it decodes as well.
type TableFormat struct {
	// Kind names the format in the envelope: "pdb", "mas", "pa",
	// "graphdist".
	Kind string
	// What names the table in messages: "the pattern database".
	What string
	// Version is the version of the body's encoding; a table of another
	// version is refused.
	Version int
}

// tableMagic opens every table.
const tableMagic = "beeline table\n"

// tableSum is the size of the checksum that ends a table.
const tableSum = sha256.Size

// Encode encodes v with msgpack, integers in their shortest form, and
// puts it in f's envelope.
func (f TableFormat) Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return f.Seal(buf.Bytes()), nil
}

// Seal returns body in f's envelope.
func (f TableFormat) Seal(body []byte) []byte {
	out := make([]byte, 0, len(tableMagic)+1+len(f.Kind)+12+len(body)+tableSum)
	out = append(out, tableMagic...)
	out = append(out, byte(len(f.Kind)))
	out = append(out, f.Kind...)
	out = binary.LittleEndian.AppendUint32(out, uint32(f.Version))
	out = binary.LittleEndian.AppendUint64(out, uint64(len(body)))
	out = append(out, body...)
	sum := sha256.Sum256(out)
	return append(out, sum[:]...)
}

// Decode checks b's envelope (Open) and decodes its body into v.
func (f TableFormat) Decode(b []byte, v any) error {
	body, err := f.Open(b)
	if err != nil {
		return err
	}
	if err := unpack.Unmarshal(body, v, 0); err != nil {
		return f.Damaged("its body does not decode (%v)", err)
	}
	return nil
}

// Open checks b's envelope, its length and checksum first, then that it
// holds a table of f's kind and version, and returns the body.
func (f TableFormat) Open(b []byte) ([]byte, error) {
	kind, version, body, err := openTable(b)
	switch {
	case err != nil:
		return nil, err
	case kind != f.Kind:
		return nil, fmt.Errorf("the table was made by heuristic %s, not %s", kind, f.Kind)
	case version != uint32(f.Version):
		return nil, fmt.Errorf("%s has format version %d, this Beeline reads version %d: compute it again", f.What, version, f.Version)
	}
	return body, nil
}

// Damaged returns the error of a table whose contents f refuses:
// "the table is damaged: " what's name, then the detail.
func (f TableFormat) Damaged(format string, args ...any) error {
	return fmt.Errorf("the table is damaged: %s: %s", f.What, fmt.Sprintf(format, args...))
}

// errDamaged starts the errors of openTable.
var errDamaged = errors.New("the table is damaged")

// openTable splits a table into its kind, version and body, checking
// the magic, the lengths and the checksum.
func openTable(b []byte) (kind string, version uint32, body []byte, err error) {
	damaged := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", errDamaged, fmt.Sprintf(format, args...))
	}
	switch {
	case len(b) == 0:
		return "", 0, nil, damaged("it is empty")
	case !bytes.HasPrefix(b, []byte(tableMagic)) && oldTable(b):
		return "", 0, nil, errors.New("the table was made by an older Beeline, whose tables carry no checksum: compute it again")
	case !bytes.HasPrefix(b, []byte(tableMagic)):
		return "", 0, nil, damaged("it does not begin with %q, as a table written by beeline prepare does", tableMagic[:len(tableMagic)-1])
	}
	rest := b[len(tableMagic):]
	if len(rest) < 1 || len(rest) < 1+int(rest[0])+12 {
		return "", 0, nil, damaged("it is cut short in its header (%d bytes)", len(b))
	}
	kind, rest = string(rest[1:1+int(rest[0])]), rest[1+int(rest[0]):]
	version = binary.LittleEndian.Uint32(rest)
	n := binary.LittleEndian.Uint64(rest[4:])
	rest = rest[12:]
	want := uint64(len(b)-len(rest)) + n + tableSum
	switch {
	case n > uint64(len(rest)) || uint64(len(rest))-n < tableSum:
		return "", 0, nil, damaged("it is cut short (%d bytes of %d)", len(b), want)
	case uint64(len(rest))-n > tableSum:
		return "", 0, nil, damaged("%d bytes follow its end", uint64(len(rest))-n-tableSum)
	}
	end := len(b) - tableSum
	if sum := sha256.Sum256(b[:end]); !bytes.Equal(sum[:], b[end:]) {
		return "", 0, nil, damaged("its checksum does not match its contents")
	}
	return kind, version, b[end-int(n) : end], nil
}

// oldTable reports whether b looks like a table of the formats before
// the envelope: a bare msgpack map.
func oldTable(b []byte) bool {
	return b[0]&0xf0 == 0x80 || b[0] == 0xde || b[0] == 0xdf
}
