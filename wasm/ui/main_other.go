//go:build !js

package main

import (
	"fmt"
	"os"
)

// main explains itself: the page UI needs a browser's DOM, so the native
// build exists only so that the package's DOM-free files compile and
// test natively.
func main() {
	fmt.Fprintln(os.Stderr, "the page UI runs only in a browser: build it with GOOS=js GOARCH=wasm (make wasm)")
	os.Exit(2)
}
