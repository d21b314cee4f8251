package share

import (
	"strings"
	"testing"
)

func TestSameOriginPath(t *testing.T) {
	for u, want := range map[string]bool{
		"/web/examples/fischer.xml": true,
		"web/examples/fischer.xml":  true,
		"/m.xml?v=2":                true,
		"":                          false,
		"//evil.example/m.xml":      false,
		"/\\evil.example/m.xml":     false,
		"https://evil.example/m":    false,
		"javascript:alert(1)":       false,
		"/web/\nx":                  false,
	} {
		if got := SameOriginPath(u); got != want {
			t.Errorf("SameOriginPath(%q) = %v", u, got)
		}
	}
}

func TestIsID(t *testing.T) {
	for s, want := range map[string]bool{
		"AAAAAAAAAAAAAAAA": true,
		"aZ09-_aZ09-_aZ09": true,
		"AAAAAAAAAAAAAAA":  false,
		"AAAAAAAAAAAAAAA=": false,
		"AAAAAAAA/AAAAAAA": false,
		"AAAAAAAA.AAAAAAA": false,
	} {
		if IsID(s) != want {
			t.Errorf("IsID(%q) = %v", s, !want)
		}
	}
	if id := ID("b1.x"); !IsID(id) {
		t.Errorf("ID gave %q", id)
	}
}

// CheckEnvelope refuses links that name no model, both kinds of model, or
// a step off their trace.
func TestCheckEnvelope(t *testing.T) {
	model := []byte("<nta/>")
	for name, tc := range map[string]struct {
		l    Link
		says string
	}{
		"no model":   {Link{Hash: Hash(model)}, "carries no model"},
		"both":       {Link{Model: model, ModelURL: "/m.xml", Hash: Hash(model)}, "both a model and the address"},
		"bad hash":   {Link{ModelURL: "/m.xml", Hash: "xyz"}, "not a SHA-256"},
		"step after": {Link{Model: model, Hash: Hash(model), Step: 3}, "step 3 is not a state of its 0-step trace"},
		"negative":   {Link{Model: model, Hash: Hash(model), Step: -1}, "step -1"},
	} {
		env, err := Encode(&tc.l)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CheckEnvelope(env); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want %q", name, err, tc.says)
		}
	}
	env, err := Encode(&Link{ModelURL: "/web/examples/fischer.xml", Hash: Hash(model), Formula: "E<> true"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := CheckEnvelope(env)
	if err != nil || s.ID != ID(s.Envelope) || s.Link.ModelURL != "/web/examples/fischer.xml" {
		t.Errorf("a gallery link: %+v, %v", s, err)
	}
}
