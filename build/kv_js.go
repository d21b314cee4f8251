//go:build js && wasm

// The short-link store over a Workers KV namespace.

package main

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"syscall/js"
	"time"

	"github.com/syumai/workers/cloudflare/kv"

	"beeline/internal/shortlink"
)

// kvStore is a shortlink.Store in a KV namespace: the id is the key, the
// envelope the value. It has no quota: the namespace's is the account's.
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

// kvLimiter is a shortlink.Limiter over the same KV namespace: it counts
// each client's links in the current minute under the key
// "rate:CLIENT:MINUTE" (no id has a colon), which expires two minutes
// later. A Worker's Go instance lives for one request, so the native
// token bucket, in memory, would forget every client at once.
//
// KV is eventually consistent between locations and takes one write a
// second per key: a client may get a few more links a minute than
// perMinute by spreading them over locations, and one whose count cannot
// be written (faster than a write a second) is told to wait a second.
type kvLimiter struct {
	ns        *kv.Namespace
	perMinute int
	now       func() time.Time
}

// Allow counts one more link of client in the current minute, or says
// how long until the next one begins.
func (l kvLimiter) Allow(_ context.Context, client string) (bool, time.Duration, error) {
	now := l.now()
	minute := now.Unix() / 60
	key := fmt.Sprintf("rate:%s:%d", client, minute)
	v, err := l.ns.GetString(key, nil)
	if err != nil {
		return false, 0, err
	}
	n := 0
	if v != absent {
		n, _ = strconv.Atoi(v)
	}
	if n >= l.perMinute {
		return false, time.Unix((minute+1)*60, 0).Sub(now), nil
	}
	if err := l.ns.PutString(key, strconv.Itoa(n+1), &kv.PutOptions{ExpirationTTL: 120}); err != nil {
		return false, time.Second, nil
	}
	return true, 0, nil
}

// clientOf is a request's client in the Worker: the address Cloudflare
// saw it come from.
func clientOf(r *http.Request) string {
	if ip := r.Header.Get("CF-Connecting-IP"); ip != "" {
		return ip
	}
	return shortlink.ClientIP(r)
}
