// Link, its encoding into a URL fragment, and its verification.

package share

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/vmihailenco/msgpack/v5"

	"beeline/core/protocol"
	"beeline/core/unpack"
)

// Version is the share-link format this package writes. It follows the
// protocol's version: a link records protocol types.
const Version = protocol.Version

// WarnLength is the fragment length above which the page warns that some
// chat tools and browsers may cut the link.
const WarnLength = 8000

// maxLinkElements bounds the array elements and map entries of a link's
// payload (a trace of a few hundred thousand steps fits).
const maxLinkElements = 1 << 20

// MaxPayload caps the decompressed size of a link, so a crafted link (a
// deflate bomb inflates a thousandfold) cannot make the page allocate
// without bound. Browsers cut URLs at about 2 MB, which holds at most a
// dozen MiB of a model once compressed; a larger model is shared by URL.
const MaxPayload = 16 << 20

// Link is what a share link carries.
type Link struct {
	Version protocol.VersionNumber `msgpack:"v"`
	// Name is the model's file name; Model its bytes, or empty when
	// ModelURL (same origin) says where to fetch them.
	Name     string `msgpack:"name"`
	Model    []byte `msgpack:"model,omitempty"`
	ModelURL string `msgpack:"url,omitempty"`
	// QueryFiles are the .q files loaded with an .xta model.
	QueryFiles []protocol.File `msgpack:"qfiles,omitempty"`
	// Hash is the hex SHA-256 of the model bytes.
	Hash    string           `msgpack:"hash"`
	Formula string           `msgpack:"formula"`
	Options protocol.Options `msgpack:"options"`
	// Steps is the trace as found (delays and edges); Step the state the
	// sender was looking at (0 is the initial state).
	Steps []protocol.TraceStep `msgpack:"steps,omitempty"`
	Step  int                  `msgpack:"step"`
	// End and Loop are the trace's (protocol.Trace): how a liveness
	// query's trace goes on after its last step, and a lasso's loop
	// head. Links made before liveness traces decode with End "".
	End  string `msgpack:"end,omitempty"`
	Loop int    `msgpack:"loop,omitempty"`
	// Sim is "symbolic" or "concrete" when Steps are a path taken in the
	// simulator rather than a check's trace: the simulator replays them
	// (with their delays when concrete) and Formula is empty.
	Sim string `msgpack:"sim,omitempty"`
	// Den is the denominator of the steps' delays (a simulation's).
	Den int64 `msgpack:"den,omitempty"`
	// Present opens the page in presentation mode; Hidden names the
	// processes whose drawings the sender had hidden.
	Present bool     `msgpack:"present,omitempty"`
	Hidden  []string `msgpack:"hidden,omitempty"`
	// Winner names the member of the auto order's race whose trace
	// Steps are (portfolio.Member.Name, "astar+pdb"); "" otherwise.
	Winner string `msgpack:"winner,omitempty"`
}

// Hash returns the hex SHA-256 of model bytes, as protocol.Model.Hash does.
func Hash(model []byte) string {
	sum := sha256.Sum256(model)
	return hex.EncodeToString(sum[:])
}

// Encode returns the fragment (without '#') for l. It sets l.Version.
func Encode(l *Link) (string, error) {
	l.Version = Version
	raw, err := msgpack.Marshal(l)
	if err != nil {
		return "", fmt.Errorf("cannot encode the link: %v", err)
	}
	return Pack(raw)
}

// Pack returns the fragment of the current version whose payload is raw:
// deflated, base64url, tagged. Encode packs a link's msgpack; the tests
// pack crafted payloads the same way.
func Pack(raw []byte) (string, error) {
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(raw); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return tag(Version) + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

func tag(v int) string { return "b" + strconv.Itoa(v) + "." }

// IsLink reports whether a fragment (with or without '#') looks like a
// share link, whatever its version.
func IsLink(fragment string) bool {
	_, _, ok := splitTag(strings.TrimPrefix(fragment, "#"))
	return ok
}

func splitTag(s string) (version int, body string, ok bool) {
	head, body, found := strings.Cut(s, ".")
	if !found || len(head) < 2 || head[0] != 'b' {
		return 0, "", false
	}
	v, err := strconv.Atoi(head[1:])
	if err != nil || v <= 0 {
		return 0, "", false
	}
	return v, body, true
}

// Decode reads a fragment (with or without '#') made by Encode. It does
// not check the model's hash: call Verify once the model bytes are known.
func Decode(fragment string) (*Link, error) {
	return decode(fragment, MaxPayload)
}

// decode is Decode with the decompressed payload capped at maxPayload
// bytes.
func decode(fragment string, maxPayload int) (*Link, error) {
	v, body, ok := splitTag(strings.TrimPrefix(fragment, "#"))
	if !ok {
		return nil, errors.New("this is not a Beeline share link")
	}
	if v != Version {
		return nil, fmt.Errorf("this link was made by another version of Beeline (link format %d, this page reads %d)", v, Version)
	}
	packed, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, errors.New("the link is damaged (it is not valid base64url); was it cut short?")
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(packed)), int64(maxPayload)+1))
	if err != nil {
		return nil, errors.New("the link is damaged (its data does not decompress); was it cut short?")
	}
	if len(raw) > maxPayload {
		return nil, fmt.Errorf("the link holds more than %s of data", sizeWords(maxPayload))
	}
	var l Link
	if unpack.Unmarshal(raw, &l, maxLinkElements) != nil {
		return nil, errors.New("the link is damaged (its data is not what a Beeline link holds)")
	}
	if int(l.Version) != v {
		return nil, fmt.Errorf("the link's payload says version %d but its tag says %d", l.Version, v)
	}
	return &l, nil
}

// Verify reports whether model (the bytes embedded in the link or fetched
// from its URL) are the bytes the link was made from.
func (l *Link) Verify(model []byte) error {
	if got := Hash(model); got != l.Hash {
		return fmt.Errorf("the model has changed since the link was made (its SHA-256 is %.12s…, the link expects %.12s…)", got, l.Hash)
	}
	return nil
}

// SameSteps reports whether a trace found again replays the link's trace
// step for step; when it does not, it says where they part.
func (l *Link) SameSteps(steps []protocol.TraceStep) error {
	n := min(len(steps), len(l.Steps))
	for i := range n {
		if !sameStep(l.Steps[i], steps[i]) {
			return fmt.Errorf("the check found a different trace: it parts from the shared one at step %d", i+1)
		}
	}
	if len(steps) != len(l.Steps) {
		return fmt.Errorf("the check found a trace of %d steps, the shared one has %d", len(steps), len(l.Steps))
	}
	return nil
}

// SameTrace is SameSteps, and also reports whether the trace found again
// ends as the link's does: a lasso on the same loop head, or the same
// kind of maximal path.
func (l *Link) SameTrace(tr *protocol.Trace) error {
	if err := l.SameSteps(tr.Steps); err != nil {
		return err
	}
	if tr.End != l.End || (tr.End == "loop" && tr.Loop != l.Loop) {
		return fmt.Errorf("the check found a trace that %s, the shared one %s", endWords(tr.End, tr.Loop), endWords(l.End, l.Loop))
	}
	return nil
}

// endWords says how a trace ends, for SameTrace's message.
func endWords(end string, loop int) string {
	switch end {
	case "":
		return "ends in its last state"
	case "loop":
		return "loops back to state " + strconv.Itoa(loop)
	case "delay":
		return "ends with time passing forever"
	case "deadlock":
		return "ends in a deadlock"
	}
	return "ends as " + strconv.Quote(end)
}

func sameStep(a, b protocol.TraceStep) bool {
	if a.Delay != b.Delay || len(a.Edges) != len(b.Edges) {
		return false
	}
	for i := range a.Edges {
		x, y := a.Edges[i], b.Edges[i]
		if x.Process != y.Process || x.Edge != y.Edge || len(x.Select) != len(y.Select) {
			return false
		}
		for j := range x.Select {
			if x.Select[j] != y.Select[j] {
				return false
			}
		}
	}
	return true
}
