// A typed verdict keeps the bytes of the word on the wire and in JSON.

package protocol

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// Each verdict encodes, in msgpack and in JSON, as its word did when
// Result.Verdict was a string, and decodes back from those bytes.
func TestVerdictBytes(t *testing.T) {
	type plain struct {
		Verdict string `msgpack:"verdict" json:"verdict"`
	}
	type typed struct {
		Verdict Verdict `msgpack:"verdict" json:"verdict"`
	}
	cases := []struct {
		v       Verdict
		word    string
		decided bool
	}{
		{VerdictSatisfied, "satisfied", true},
		{VerdictNotSatisfied, "not satisfied", true},
		{VerdictUnknown, "unknown", false},
		{VerdictError, "error", false},
	}
	for _, c := range cases {
		if c.v.String() != c.word || c.v.Decided() != c.decided {
			t.Errorf("%q: String %q, Decided %v; want %q, %v", c.word, c.v.String(), c.v.Decided(), c.word, c.decided)
		}
		want, err := msgpack.Marshal(plain{c.word})
		if err != nil {
			t.Fatal(err)
		}
		got, err := msgpack.Marshal(typed{c.v})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%q: msgpack % x, want % x", c.word, got, want)
		}
		wantJSON, _ := json.Marshal(plain{c.word})
		gotJSON, _ := json.Marshal(typed{c.v})
		if !bytes.Equal(gotJSON, wantJSON) {
			t.Errorf("%q: JSON %s, want %s", c.word, gotJSON, wantJSON)
		}
		f, err := DecodeFrame(mustEncode(t, &Frame{Kind: FrameResult, Result: &Result{Verdict: c.v}}))
		if err != nil || f.Result.Verdict != c.v {
			t.Errorf("%q: decoded %+v, %v", c.word, f.Result, err)
		}
		var back typed
		if err := json.Unmarshal(wantJSON, &back); err != nil || back.Verdict != c.v {
			t.Errorf("%q: from JSON %q, %v", c.word, back.Verdict, err)
		}
	}
}

func mustEncode(t *testing.T, f *Frame) []byte {
	t.Helper()
	b, err := EncodeFrame(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
