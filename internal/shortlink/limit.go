// What a client may store: the read timeout of a link's body and the
// rate of links per client.

package shortlink

import (
	"context"
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bounds what clients may store through Handler. The zero value
// sets none.
type Limits struct {
	// ReadTimeout bounds the time a link's body takes to arrive, from
	// when the handler starts (0: none); a body not whole by then is
	// answered 408 and its connection closed.
	ReadTimeout time.Duration
	// Limiter, when set, decides whether a client may store one more
	// link (a RateLimiter natively; the Worker keeps its counts in KV).
	Limiter Limiter
	// Client names a request's client for the Limiter; nil: ClientIP.
	Client func(*http.Request) string
}

// Limiter decides whether client may store one more link now. When it
// may not, retry says how long until it may.
type Limiter interface {
	Allow(ctx context.Context, client string) (ok bool, retry time.Duration, err error)
}

// ClientIP is a request's client as the server sees it: the address of
// RemoteAddr, without its port. Behind a proxy every client is the
// proxy; `beeline serve` is meant to be reached directly.
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// RateLimiter is a token bucket per client, in memory: a client may
// store Burst links at once, and one more every minute/PerMinute after.
// Buckets that are full again are forgotten, so it holds at most the
// clients seen within the time a bucket takes to fill.
type RateLimiter struct {
	perMinute float64
	burst     float64
	now       func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewRateLimiter returns a limiter of perMinute links a minute per
// client, burst at once (at least 1).
func NewRateLimiter(perMinute float64, burst int) *RateLimiter {
	return &RateLimiter{perMinute: perMinute, burst: math.Max(1, float64(burst)), now: time.Now, buckets: map[string]*bucket{}}
}

// Allow takes a token from client's bucket, or says how long until one
// is there.
func (l *RateLimiter) Allow(_ context.Context, client string) (bool, time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b, ok := l.buckets[client]
	if !ok {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	b.tokens = l.fill(b, now)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0, nil
	}
	wait := time.Duration((1 - b.tokens) / l.perMinute * float64(time.Minute))
	return false, wait, nil
}

// fill is b's tokens at now.
func (l *RateLimiter) fill(b *bucket, now time.Time) float64 {
	return math.Min(l.burst, b.tokens+now.Sub(b.at).Minutes()*l.perMinute)
}

// sweep forgets, once a minute, the buckets that are full again: a
// client seen again gets a full bucket anyway.
func (l *RateLimiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for c, b := range l.buckets {
		if l.fill(b, now) >= l.burst {
			delete(l.buckets, c)
		}
	}
}
