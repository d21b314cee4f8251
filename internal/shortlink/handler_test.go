package shortlink

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"beeline/core/share"
)

const model = `<nta><declaration>clock x;</declaration><template><name>P</name><location id="a"/><init ref="a"/></template><system>system P;</system></nta>`

func envelope(t *testing.T, formula string) string {
	t.Helper()
	l := &share.Link{Name: "m.xml", Model: []byte(model), Hash: share.Hash([]byte(model)), Formula: formula}
	env, err := share.Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	return env
}

func newStore(t *testing.T) *DirStore {
	t.Helper()
	s, err := NewDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func do(h http.Handler, method, path string, body io.Reader, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, body)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func post(t *testing.T, h http.Handler, env string) string {
	t.Helper()
	rec := do(h, "POST", "/share", strings.NewReader(env))
	if rec.Code != 200 {
		t.Fatalf("POST /share: %d %s", rec.Code, rec.Body)
	}
	var got struct{ ID, Path string }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if !share.IsID(got.ID) || got.Path != "s/"+got.ID {
		t.Fatalf("POST /share answered %s", rec.Body)
	}
	return got.ID
}

// A link stored is the canonical envelope under its content's id; the
// same link stored twice, or deflated differently, gets the same id.
func TestCreateFetch(t *testing.T) {
	h := Handler(newStore(t), Limits{})
	env := envelope(t, "E<> true")
	id := post(t, h, env)
	short, err := share.CheckEnvelope(env)
	if err != nil {
		t.Fatal(err)
	}
	if id != short.ID || id != share.ID(short.Envelope) {
		t.Errorf("id %s, want %s", id, short.ID)
	}
	if again := post(t, h, env); again != id {
		t.Errorf("the same link got ids %s and %s", id, again)
	}
	// The same payload deflated at another level is another envelope
	// with the same content.
	l, _ := share.Decode(env)
	l.Version = share.Version
	other := packFast(t, l)
	if other == env {
		t.Fatal("the test needs two different envelopes")
	}
	if again := post(t, h, other); again != id {
		t.Errorf("the same link deflated otherwise got id %s, want %s", again, id)
	}
	if other := post(t, h, envelope(t, "E<> false")); other == id {
		t.Error("two different links got one id")
	}
	rec := do(h, "GET", "/share/"+id, nil)
	if rec.Code != 200 || rec.Body.String() != short.Envelope {
		t.Fatalf("GET: %d %q", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control %q", cc)
	}
	got, err := share.Decode(rec.Body.String())
	if err != nil || got.Formula != "E<> true" || string(got.Model) != model {
		t.Errorf("the stored link decodes to %+v, %v", got, err)
	}
	rec = do(h, "GET", "/share", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"maxEnvelope":65536`) {
		t.Errorf("GET /share: %d %s", rec.Code, rec.Body)
	}
}

// Every refusal has its status and a plain sentence.
func TestRefusals(t *testing.T) {
	h := Handler(newStore(t), Limits{})
	big := envelope(t, strings.Repeat("x", 1))
	big += strings.Repeat("A", share.MaxEnvelope)
	otherVersion := "b" + "999" + envelope(t, "E<> true")[strings.Index(envelope(t, "E<> true"), "."):]
	wrongHash := func() string {
		l := &share.Link{Name: "m.xml", Model: []byte(model), Hash: share.Hash([]byte("other")), Formula: "E<> true"}
		env, _ := share.Encode(l)
		return env
	}()
	offsite := func(u string) string {
		l := &share.Link{Name: "m.xml", ModelURL: u, Hash: share.Hash([]byte(model)), Formula: "E<> true"}
		env, _ := share.Encode(l)
		return env
	}
	bomb, err := share.Pack(make([]byte, 8<<20))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		says                     string
	}{
		{"oversized", "POST", "/share", big, 413, "larger than a short link may be (64 KiB)"},
		{"corrupt", "POST", "/share", "b" + strconv.Itoa(share.Version) + ".!!!", 400, "not valid base64url"},
		{"not a link", "POST", "/share", "hello", 400, "not a Beeline share link"},
		{"empty", "POST", "/share", "", 400, "not a Beeline share link"},
		{"another version", "POST", "/share", otherVersion, 400, "another version of Beeline"},
		{"wrong hash", "POST", "/share", wrongHash, 400, "the model has changed"},
		{"another site's model", "POST", "/share", offsite("https://evil.example/m.xml"), 400, "not a path on this site"},
		{"a host-relative model", "POST", "/share", offsite("//evil.example/m.xml"), 400, "not a path on this site"},
		{"deflate bomb", "POST", "/share", bomb, 400, "more than 4 MiB"},
		{"unknown id", "GET", "/share/AAAAAAAAAAAAAAAA", "", 404, "no such short link"},
		{"malformed id", "GET", "/share/..%2f..%2fetc", "", 404, ""},
		{"short id", "GET", "/share/abc", "", 404, "no such short link"},
		{"DELETE", "DELETE", "/share", "", 405, ""},
		{"PUT an id", "PUT", "/share/AAAAAAAAAAAAAAAA", "", 405, ""},
	} {
		rec := do(h, tc.method, tc.path, strings.NewReader(tc.body))
		if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.says) {
			t.Errorf("%s: %d %q, want %d and %q", tc.name, rec.Code, rec.Body.String(), tc.status, tc.says)
		}
	}
	// A declared length over the cap is refused unread.
	r := httptest.NewRequest("POST", "/share", &endless{})
	r.ContentLength = 1 << 30
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != 413 || rec.Header().Get("Connection") != "close" {
		t.Errorf("declared 1 GiB: %d, Connection %q", rec.Code, rec.Header().Get("Connection"))
	}
	// A chunked body is cut as soon as it passes the cap.
	r = httptest.NewRequest("POST", "/share", io.LimitReader(&endless{}, 1<<30))
	r.ContentLength = -1
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if rec.Code != 413 {
		t.Errorf("chunked 1 GiB: %d", rec.Code)
	}
}

// endless reads 'A's for ever, counting them.
type endless struct{ n int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'A'
	}
	e.n += len(p)
	return len(p), nil
}

// The store keeps links across a reopening, and concurrent writers of the
// same and of different links leave every one whole.
func TestDirStore(t *testing.T) {
	dir := t.TempDir()
	s, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Get(ctx, "AAAAAAAAAAAAAAAA"); err != ErrNotFound {
		t.Errorf("missing id: %v", err)
	}
	if _, err := s.Get(ctx, "../../etc/passwd"); err != ErrNotFound {
		t.Errorf("a path as id: %v", err)
	}
	if err := s.Put(ctx, "../x", "y"); err == nil {
		t.Error("Put accepted a path as id")
	}
	envs := map[string]string{}
	for _, f := range []string{"E<> true", "E<> false", "A[] true", "A[] not deadlock"} {
		sh, err := share.CheckEnvelope(envelope(t, f))
		if err != nil {
			t.Fatal(err)
		}
		envs[sh.ID] = sh.Envelope
	}
	var wg sync.WaitGroup
	for i := range 32 {
		for id, env := range envs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.Put(ctx, id, env); err != nil {
					t.Errorf("writer %d: %v", i, err)
				}
			}()
		}
	}
	wg.Wait()
	s.Close()
	s, err = NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for id, env := range envs {
		got, err := s.Get(ctx, id)
		if err != nil || got != env {
			t.Errorf("%s after reopening: %q, %v", id, got, err)
		}
	}
	// Nothing but the links themselves is left behind.
	n := 0
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	if n != len(envs) {
		t.Errorf("%d files in the store, want %d", n, len(envs))
	}
}

// packFast is share.Pack at deflate's fastest level: the same payload
// as another envelope.
func packFast(t *testing.T, l *share.Link) string {
	t.Helper()
	raw, err := msgpack.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	w.Write(raw)
	w.Close()
	return "b" + strconv.Itoa(share.Version) + "." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}
