// The order of the resident parser's requests, which needs no browser.

package main

import (
	"time"

	"beeline/core/protocol"
)

// parseStall is how long a superseded parse may run on before it is given
// up, its worker terminated, so that a parse that never ends (or takes
// seconds) does not hold back the newest: a parse takes tens of
// milliseconds, and a restarted worker answers in a few hundred.
const parseStall = 2 * time.Second

// parseQueue orders the parser's requests: one is answered at a time
// (sent); of those that arrive meanwhile only the newest waits (next),
// replacing any earlier one, which is never sent; and an answer is
// handed on only when its request is the newest of all. Requests are
// numbered from 1 in the order they arrive; seq is the newest's number.
type parseQueue struct {
	seq        int
	sent, next *parseCall
}

// parseCall is one request and what its answer goes to. at is when it
// was sent; oneOff is set once it runs as a job in a fresh worker rather
// than in the resident one.
type parseCall struct {
	id     int
	req    *protocol.Request
	done   func([]protocol.Frame)
	at     time.Time
	oneOff bool
}

// add makes c the newest request, waiting in place of any other.
func (q *parseQueue) add(c *parseCall) {
	q.seq++
	c.id = q.seq
	q.next = c
}

// take returns the request to send now, at now, which is then the one
// being answered; nil when one is being answered already or none waits.
func (q *parseQueue) take(now time.Time) *parseCall {
	if q.sent != nil || q.next == nil {
		return nil
	}
	c := q.next
	q.next, q.sent = nil, c
	c.at = now
	return c
}

// answered ends c and reports whether its answer is to be handed on: c
// was the request being answered and is the newest. An answer to any
// other (an abandoned request's, come late) changes nothing.
func (q *parseQueue) answered(c *parseCall) bool {
	if c == nil || q.sent != c {
		return false
	}
	q.sent = nil
	return c.id == q.seq
}

// newest reports whether c is the newest request.
func (q *parseQueue) newest(c *parseCall) bool { return c.id == q.seq }

// stuck returns the request being answered when a newer one waits behind
// it and it was sent parseStall or more before now; nil otherwise.
func (q *parseQueue) stuck(now time.Time) *parseCall {
	if q.sent == nil || q.next == nil || now.Sub(q.sent.at) < parseStall {
		return nil
	}
	return q.sent
}

// drop gives up the request being answered: its answer, if one comes,
// is not handed on.
func (q *parseQueue) drop() { q.sent = nil }
