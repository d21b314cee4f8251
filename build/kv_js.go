//go:build js && wasm

// The short-link store over a Workers KV namespace.

package main

import (
	"context"
	"syscall/js"

	"github.com/syumai/workers/cloudflare/kv"

	"beeline/internal/shortlink"
)

// kvStore is a shortlink.Store in a KV namespace: the id is the key, the
// envelope the value.
type kvStore struct {
	ns *kv.Namespace
}

func newKVStore(binding string) (kvStore, error) {
	ns, err := kv.NewNamespace(binding)
	return kvStore{ns}, err
}

// absent is what kv.Namespace.GetString gives for a missing key: KV's get
// resolves to null, which it converts with js.Value.String. No envelope
// reads so (every one starts with its version tag, "b1.").
var absent = js.Null().String()

// Get returns the envelope stored under id, or shortlink.ErrNotFound.
func (s kvStore) Get(_ context.Context, id string) (string, error) {
	env, err := s.ns.GetString(id, nil)
	if err != nil {
		return "", err
	}
	if env == absent {
		return "", shortlink.ErrNotFound
	}
	return env, nil
}

// Put stores envelope under id unless the id is stored already. The read
// first is cheaper than a write, which KV bills at ten times a read and
// allows once a second per key: a link shared twice in a row would
// otherwise be refused the second time.
func (s kvStore) Put(ctx context.Context, id, envelope string) error {
	if _, err := s.Get(ctx, id); err == nil {
		return nil
	}
	return s.ns.PutString(id, envelope, nil)
}
