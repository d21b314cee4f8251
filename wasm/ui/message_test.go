package main

import (
	"bytes"
	"testing"

	"beeline/core/protocol"
)

func TestDecodeMessageBareAndStream(t *testing.T) {
	a := &protocol.Frame{Kind: protocol.FrameProgress, Progress: &protocol.Progress{Explored: 7}}
	b := &protocol.Frame{Kind: protocol.FrameDone}
	bare, _ := protocol.EncodeFrame(a)
	var pending []byte
	fs, err := decodeMessage(bare, &pending)
	if err != nil || len(fs) != 1 || fs[0].Progress.Explored != 7 {
		t.Fatalf("bare frame: %v %+v", err, fs)
	}
	var stream bytes.Buffer
	protocol.WriteFrame(&stream, a)
	protocol.WriteFrame(&stream, b)
	s := stream.Bytes()
	// Split the stream inside the first frame's length and body.
	var got []protocol.Frame
	for _, piece := range [][]byte{s[:2], s[2:9], s[9:]} {
		fs, err := decodeMessage(piece, &pending)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fs...)
	}
	if len(got) != 2 || got[0].Kind != protocol.FrameProgress || got[1].Kind != protocol.FrameDone || len(pending) != 0 {
		t.Errorf("stream pieces gave %+v, pending %d bytes", got, len(pending))
	}
	if _, err := decodeMessage([]byte{0x81, 0xc1}, &pending); err == nil {
		t.Error("a damaged frame decoded")
	}
}

// A frame of 16 MiB or more has a length prefix whose first byte is not
// 0: it is a piece of the stream all the same (a 64 MiB table frame was
// refused as a damaged bare frame).
func TestDecodeMessageLargeFrame(t *testing.T) {
	big := &protocol.Frame{Kind: protocol.FrameTable, Table: &protocol.Table{Data: make([]byte, 20<<20)}}
	var stream bytes.Buffer
	protocol.WriteFrame(&stream, big)
	protocol.WriteFrame(&stream, &protocol.Frame{Kind: protocol.FrameDone})
	s := stream.Bytes()
	if s[0] == 0 {
		t.Fatalf("the frame's prefix starts with 0: %x", s[:4])
	}
	var pending, got = []byte(nil), []protocol.Frame(nil)
	for i := 0; i < len(s); i += 1 << 16 {
		fs, err := decodeMessage(s[i:min(i+1<<16, len(s))], &pending)
		if err != nil {
			t.Fatalf("piece at %d: %v", i, err)
		}
		got = append(got, fs...)
	}
	if len(got) != 2 || got[0].Kind != protocol.FrameTable || len(got[0].Table.Data) != 20<<20 || got[1].Kind != protocol.FrameDone {
		t.Errorf("got %d frames", len(got))
	}
}
