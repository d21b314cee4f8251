// The version number a message carries, decoded without wrapping.

package protocol

import (
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"
)

// VersionNumber is the version a request or share link says it has. It
// decodes any msgpack integer exactly and refuses one that no int holds:
// decoded into a plain int, 2⁶⁴−1 became −1 and a message then spoke of
// "version -1".
type VersionNumber int

// DecodeMsgpack implements msgpack.CustomDecoder.
func (v *VersionNumber) DecodeMsgpack(d *msgpack.Decoder) error {
	x, err := d.DecodeInterfaceLoose()
	if err != nil {
		return err
	}
	switch x := x.(type) {
	case int64:
		if x >= math.MinInt && x <= math.MaxInt {
			*v = VersionNumber(x)
			return nil
		}
	case uint64:
		if x <= math.MaxInt {
			*v = VersionNumber(x)
			return nil
		}
	}
	return fmt.Errorf("version %v is not a version number", x)
}
