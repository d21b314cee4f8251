// Package shortlink is Beeline's short-link service: it stores a share
// link's envelope under a short id and hands it back, so that a class or
// a bug report gets /s/<id> instead of a fragment of several kilobytes.
//
// The envelope is exactly what a fragment link holds after its '#'
// (core/share: version tag, deflate, base64url, the model's SHA-256
// inside), so a short link points at nothing a fragment link could not
// carry. Routes, relative to where Handler is mounted (/api/ in the app):
//
//	GET  /share       what the service accepts, as JSON: {"maxEnvelope": 65536}.
//	                  The page asks once; no answer (static hosting) hides
//	                  its "Short link" action.
//	POST /share       body: an envelope. 200 and {"id": ID, "path": "s/ID"}.
//	GET  /share/{id}  200 and the envelope as text/plain, cacheable forever
//	                  (an id names its content); 404 for an unknown id.
//
// The app's page at /s/{id} is served by internal/webserver, which asks the
// same Store whether the id exists.
//
// Ids are content-addressed (share.ID: 96 bits of the SHA-256 of the
// canonical envelope, in base64url): the same link always gets the same
// id, and storing it twice is storing it once. Nothing else is recorded:
// no client address, no time, no counter.
//
// Limits (Limits, given to Handler): a link's body must arrive within
// ReadTimeout (408, and the connection closed); a Limiter decides how
// many links one client (ClientIP, the address of the connection) may
// store: RateLimiter is a token bucket per client in memory, Burst at
// once and PerMinute after, answered 429 with a Retry-After in seconds
// past it. The limiter is asked before the body is read. DirStore takes a
// quota of bytes (SetQuota) over every envelope it holds; a link that
// would pass it is refused with 507, and its operator lists and deletes
// links with DirStore.List and Delete (`beeline share list|delete`).
//
// Refusals, each in one plain sentence: a body over share.MaxEnvelope is
// refused with 413 before it is read when its Content-Length says so, or
// as soon as it passes the cap; an envelope of another version, one that
// does not decompress within share.MaxEnvelopePayload, one whose model
// does not hash to its recorded SHA-256, or whose model address is not a
// path of this site, is refused with 400; a malformed or unknown id with
// 404; another method with 405. Nothing stored is ever served as HTML.
//
// Two stores implement Store: DirStore, one file per link under a data
// directory, for `beeline serve`; and Cloudflare KV in the Worker
// (build/), which gives Handler a Limiter of its own, counting each
// client's links a minute in KV (a Worker's Go instance lives for one
// request, so a bucket in memory would forget every client at once), and
// has no quota of its own: KV's is the account's.
package shortlink
