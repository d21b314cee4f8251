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
