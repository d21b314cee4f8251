// Decoding the worker's messages into frames.

package main

import (
	"encoding/binary"
	"fmt"

	"beeline/core/protocol"
)

// decodeMessage decodes one message from the worker. A message is one
// frame's msgpack bytes (protocol.EncodeFrame), or a piece of the
// engine's length-prefixed stream (protocol.WriteFrame) as the HTTP
// response carries it. The two are told apart by the first byte: a frame
// is a msgpack map (0x80–0x8f, 0xde, 0xdf), while a length prefix is at
// most protocol.MaxFrameSize (256 MiB), so its first byte is at most
// 0x10. (The test was "not 0x00" once: a table frame of 64 MiB, whose
// prefix starts 0x03, was taken for a bare frame and refused as damaged.)
// Pieces of a stream may split frames anywhere; pending keeps the rest
// between messages.
func decodeMessage(msg []byte, pending *[]byte) ([]protocol.Frame, error) {
	if len(*pending) == 0 && len(msg) > 0 && msg[0] >= 0x80 {
		f, err := protocol.DecodeFrame(msg)
		if err != nil {
			return nil, err
		}
		return []protocol.Frame{*f}, nil
	}
	buf := append(*pending, msg...)
	var out []protocol.Frame
	for len(buf) >= 4 {
		n := binary.BigEndian.Uint32(buf)
		if n > protocol.MaxFrameSize {
			return out, fmt.Errorf("a frame of %d bytes", n)
		}
		if len(buf) < 4+int(n) {
			break
		}
		f, err := protocol.DecodeFrame(buf[4 : 4+n])
		if err != nil {
			return out, err
		}
		out = append(out, *f)
		buf = buf[4+n:]
	}
	*pending = buf
	return out, nil
}
