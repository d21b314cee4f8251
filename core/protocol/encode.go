// The wire format: msgpack messages, frames with a 4-byte length prefix.

package protocol

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"

	"beeline/core/unpack"
)

// MaxFrameSize bounds one frame's msgpack bytes. A longer length prefix is
// refused before anything is allocated, so a corrupt stream cannot make a
// reader allocate gigabytes. 256 MiB holds a trace of millions of steps.
const MaxFrameSize = 256 << 20

// EncodeFrame returns f's msgpack bytes, without the length prefix (the
// form the worker posts to the page, one message per frame).
func EncodeFrame(f *Frame) ([]byte, error) {
	return msgpack.Marshal(f)
}

// DecodeFrame decodes msgpack bytes made by EncodeFrame.
func DecodeFrame(b []byte) (*Frame, error) {
	f := new(Frame)
	if err := unpack.Unmarshal(b, f, 0); err != nil {
		return nil, fmt.Errorf("bad frame: %v", err)
	}
	return f, nil
}

// WriteFrame writes f as a 4-byte big-endian length followed by its
// msgpack bytes, in one Write call so that a streaming response sends a
// frame as one chunk.
func WriteFrame(w io.Writer, f *Frame) error {
	b, err := msgpack.Marshal(f)
	if err != nil {
		return err
	}
	if len(b) > MaxFrameSize {
		return fmt.Errorf("frame of %d bytes exceeds the limit of %d", len(b), MaxFrameSize)
	}
	buf := make([]byte, 4+len(b))
	binary.BigEndian.PutUint32(buf, uint32(len(b)))
	copy(buf[4:], b)
	_, err = w.Write(buf)
	return err
}

// ReadStream reads a whole job's frame stream, which must end with a
// FrameDone.
func ReadStream(r io.Reader) ([]*Frame, error) {
	var out []*Frame
	for {
		f, err := ReadFrame(r)
		if err == io.EOF {
			break
		}
		if err != nil {
			return out, fmt.Errorf("after %d frames: %w", len(out), err)
		}
		out = append(out, f)
	}
	if len(out) == 0 || out[len(out)-1].Kind != FrameDone {
		return out, fmt.Errorf("the stream does not end with a FrameDone (%d frames)", len(out))
	}
	return out, nil
}

// ReadFrame reads one frame written by WriteFrame. At the end of the
// stream, between frames, it returns io.EOF; a stream cut inside a frame
// gives io.ErrUnexpectedEOF.
func ReadFrame(r io.Reader) (*Frame, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > MaxFrameSize {
		return nil, fmt.Errorf("frame of %d bytes exceeds the limit of %d", n, MaxFrameSize)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return DecodeFrame(b)
}

// MaxRequestElements bounds the array elements and map entries of a
// request: a model, its query files and options hold a few thousand; a
// table travels as one byte string.
const MaxRequestElements = 1 << 20

// EncodeRequest returns r's msgpack bytes (the body of POST /check).
func EncodeRequest(r *Request) ([]byte, error) {
	return msgpack.Marshal(r)
}

// DecodeRequest decodes a request body, checks its version, and checks
// its Options against c, the catalog of the engine that will answer it:
// an order, heuristic or trace mode c does not list is refused with the
// list of those it does.
func DecodeRequest(b []byte, c *Catalog) (*Request, error) {
	r := new(Request)
	if err := unpack.Unmarshal(b, r, MaxRequestElements); err != nil {
		return nil, fmt.Errorf("bad request: %v", err)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("request of protocol version %d, this engine speaks version %d", r.Version, Version)
	}
	if _, err := c.Lookup(r.Options); err != nil {
		return nil, err
	}
	return r, nil
}
