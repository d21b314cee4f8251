// Security headers: the content security policy and its companions, set
// on every response of the server.

package webserver

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"beeline/web/render"
)

// ContentSecurityPolicy is the policy every response carries. The
// package documentation says why each directive is what it is.
var ContentSecurityPolicy = strings.Join([]string{
	"default-src 'self'",
	"script-src 'self' 'wasm-unsafe-eval'",
	"worker-src 'self'",
	"connect-src 'self'",
	"img-src 'self' data:",
	"style-src 'self' " + styleHash(render.Style()) + " " + styleHash(render.SequenceChartStyle()),
	"style-src-attr 'unsafe-inline'",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'none'",
	"frame-ancestors 'none'",
}, "; ")

// styleHash is the CSP source expression allowing one inline <style>
// element whose text is css.
func styleHash(css string) string {
	sum := sha256.Sum256([]byte(css))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// securityHeaders are set on every response, before the handler runs, so
// that errors (404, 405, 413, 503) carry them as much as files do.
var securityHeaders = [...][2]string{
	{"Content-Security-Policy", ContentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"X-Frame-Options", "DENY"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
}

// SecurityHeaders returns the headers Secure sets, as name and value
// pairs, for platforms that serve the app's files without this package
// (the Worker's static assets take them from a _headers file).
func SecurityHeaders() [][2]string {
	return securityHeaders[:]
}

// Secure returns h with the security headers on every response.
func Secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		for _, kv := range securityHeaders {
			hdr.Set(kv[0], kv[1])
		}
		h.ServeHTTP(w, r)
	})
}
