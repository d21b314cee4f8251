//go:build js && wasm

package main

// main builds the page and then parks: the program lives on in its event
// handlers.
func main() {
	a := newApp()
	a.start()
	select {}
}
