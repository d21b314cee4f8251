//go:build !(js && wasm)

// Outside the browser there is nothing to serve: say so. `beeline serve`
// runs the same engine natively under /api/.

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "worker: this program runs in a browser Web Worker; build it with GOOS=js GOARCH=wasm (make wasm), or run `beeline serve` for the native engine")
	os.Exit(2)
}
