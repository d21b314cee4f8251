//go:build !(js && wasm)

// Outside workerd there is no KV and no static assets binding: say so.
// `beeline serve` serves the same routes natively, with links in files.

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "build: this program is Beeline's Cloudflare Worker; build it with `make worker` and run it with wrangler (build/node_modules/.bin/wrangler dev), or run `beeline serve` for the native server")
	os.Exit(2)
}
