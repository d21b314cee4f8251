// Package share encodes and decodes Beeline's share links.
//
// A share link carries everything needed to reproduce a check on another
// machine: the model (its bytes, or a same-origin URL to fetch it from),
// the SHA-256 of those bytes, the query text, the verifier options, the
// trace found, and the step the sender was looking at. The whole payload
// lives in the URL fragment, so it never reaches a server.
//
// Layout of the fragment (after '#'):
//
//	b<version>.<base64url(deflate-raw(msgpack(Link)))>
//
// The version tag is readable without decoding anything, so a link made
// by a newer Beeline is refused with a plain message rather than decoded
// into garbage. Deflate (RFC 1951, no zlib header) is the format the
// browser's CompressionStream("deflate-raw") speaks too, so either side may
// produce it; base64url without padding keeps the fragment free of
// characters that need escaping.
//
// Decoding is defensive, since a link is a stranger's input: the
// decompressed payload is capped (MaxPayload) while it is inflated, the
// msgpack inside is walked before it is decoded so that no declared length
// makes the decoder allocate more than the payload justifies (core/unpack),
// every failure is one plain sentence, and Verify checks that the model
// bytes still hash to the recorded value before anything is rerun.
package share
